"""Ombre's card play in numba: legal plays, tricks, the outcome, playouts and an exact solver.

Kernel indices depend on the trump suit: block 0 (bits 0-11) holds the trumps, weakest
lowest, so Spadille is bit ``n_trumps - 1``, Manille the next and Basto the next; blocks 1-3
(bits 12-23, 24-35, 36-47) hold the three plain suits, weakest lowest. A higher bit beats a
lower one of the same block; any trump beats any plain card.
:class:`tapete.solvers.ombre.OmbreTables` converts card ids.

:func:`solve` is an exact perfect-information solver of the card play, ombre against the
coalition: zero-window searches ("can ombre reach at least this outcome?") with a
transposition table at trick boundaries, early bounds on the tricks left, equivalent-rank
pruning (of cards with no outstanding card between them only one is searched) and move
ordering (cheap winners first, then low cards).

>>> import numpy as np
>>> hands = np.array([0b111, 0b111 << 12, 0b111 << 24], dtype=np.uint64)  # 3 tricks each
>>> won = np.zeros(3, dtype=np.int64)
>>> tt = new_table(10)
>>> int(solve(hands, won, 0, 0, 12, 1, tt))  # seat 0 (ombre) holds all the trumps: sacardo
2
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers.bits import highest_index, lowest_index, next_below, popcount
from tapete.solvers.jit import jit

#: Outcomes for the ombre, worst first (codille_split counts with puesta: the ombre pays).
CODILLE, PUESTA, SACARDO = 0, 1, 2
BLOCK = 12


@jit(cache=True, inline="always")
def _block(b: Any) -> Any:
    return np.uint64(0xFFF) << np.uint64(BLOCK * b)


@jit(cache=True)
def legal_plays(hand: Any, led: Any, n_trumps: Any, privilege: Any) -> Any:
    """The cards of ``hand`` that may be played on the led card ``led`` (-1: leading):
    follow the suit led; a trump led obliges only the ordinary trumps and the matadors
    below a led matador (the matador privilege, ombre.md §2.9)."""
    if led < 0:
        return hand
    b = led // BLOCK
    follow = hand & _block(b)
    if not follow:
        return hand
    if b != 0 or not privilege:
        return follow
    spadille = n_trumps - 1
    obliged = (np.uint64(1) << np.uint64(n_trumps - 3)) - np.uint64(1)  # ordinary trumps
    if led == spadille:
        obliged |= np.uint64(3) << np.uint64(n_trumps - 3)  # manille and basto
    elif led == spadille - 1:
        obliged |= np.uint64(1) << np.uint64(n_trumps - 3)  # basto
    return follow if follow & obliged else hand


@jit(cache=True, inline="always")
def _beats(c: Any, best: Any) -> Any:
    """Whether ``c`` beats the best card so far ``best``."""
    cb = c // BLOCK
    bb = best // BLOCK
    if cb == bb:
        return c > best
    return cb == 0


@jit(cache=True)
def outcome(won: Any, ombre: Any) -> Any:
    """CODILLE, PUESTA or SACARDO for the tricks ``won`` (ombre.md §2.10)."""
    t_o = won[ombre]
    t1 = won[(ombre + 1) % 3]
    t2 = won[(ombre + 2) % 3]
    if (t1 > t_o and t1 > t2) or (t2 > t_o and t2 > t1):
        return CODILLE
    if t_o > t1 and t_o > t2:
        return SACARDO
    return PUESTA


@jit(cache=True)
def random_playout(
    hands: Any, won: Any, leader: Any, n_trumps: Any, privilege: Any, rng: Any, trace: Any
) -> Any:
    """Play the tricks left at random (``hands`` and ``won`` are updated); the cards played
    go to ``trace`` (if not empty) in order. Returns the number of cards played."""
    played = 0
    tracing = trace.shape[0] > 0
    while hands[0] | hands[1] | hands[2]:
        seat = leader
        best = -1
        winner = leader
        led = -1
        for _ in range(3):
            legal = legal_plays(hands[seat], led, n_trumps, privilege)
            k = next_below(rng, popcount(legal))
            m = legal
            for _ in range(k):
                m &= m - np.uint64(1)
            c = lowest_index(m)
            hands[seat] ^= np.uint64(1) << np.uint64(c)
            if tracing:
                trace[played] = c
            played += 1
            if led < 0:
                led = c
                best = c
            elif _beats(c, best):
                best = c
                winner = seat
            seat = seat + 1 if seat < 2 else 0
        won[winner] += 1
        leader = winner
    return played


def new_table(bits: int = 20) -> tuple[Any, Any, Any]:
    """A transposition table of ``2**bits`` entries: (key hands, key meta, value)."""
    size = 1 << bits
    return (
        np.zeros((size, 3), dtype=np.uint64),
        np.full(size, -1, dtype=np.int64),
        np.zeros(size, dtype=np.int8),
    )


@jit(cache=True, inline="always")
def _hash(h0: Any, h1: Any, h2: Any, meta: Any) -> Any:
    x = h0 * np.uint64(0x9E3779B97F4A7C15)
    x ^= h1 * np.uint64(0xC2B2AE3D27D4EB4F) + (x >> np.uint64(29))
    x ^= h2 * np.uint64(0x165667B19E3779F9) + (x >> np.uint64(31))
    x ^= np.uint64(meta) * np.uint64(0xD6E8FEB86659FD93)
    x ^= x >> np.uint64(32)
    return x


@jit(cache=True)
def _compress(h: Any, n_trumps: Any, out: Any) -> None:
    """The hands with the gaps of played cards removed (relative ranks), into ``out``: two
    positions that differ only in which cards were played share a transposition entry.
    The matadors keep their bits (their privilege belongs to the card, not the rank)."""
    out[0] = np.uint64(0)
    out[1] = np.uint64(0)
    out[2] = np.uint64(0)
    for b in range(4):
        base = BLOCK * b
        live = (h[0] | h[1] | h[2]) & _block(b)
        if b == 0:
            matadors = live & (np.uint64(7) << np.uint64(n_trumps - 3))
            for q in range(3):
                out[q] |= h[q] & matadors
            live &= ~matadors
        j = 0
        while live:
            c = lowest_index(live)
            live &= live - np.uint64(1)
            bit_c = np.uint64(1) << np.uint64(c)
            to = np.uint64(1) << np.uint64(base + j)
            for q in range(3):
                if h[q] & bit_c:
                    out[q] |= to
            j += 1


@jit(cache=True)
def _order(
    legal: Any,
    others: Any,
    led: Any,
    best: Any,
    n_trumps: Any,
    privilege: Any,
    out: Any,
    low_first: Any,
) -> Any:
    """Candidate cards of ``legal`` into ``out`` (returns how many): one per run of
    equivalent cards (no card of ``others`` between them; with the matador privilege each
    matador is a run of its own), winners cheapest first, then the other cards lowest first
    (``low_first``: the other cards first, for a defender whose partner holds the trick);
    when leading, the top card of each run, the blocks' tops in turn (trumps last)."""
    reps = np.uint64(0)
    for b in range(4):
        m = legal & _block(b)
        prev = -1
        while m:
            c = highest_index(m)
            m ^= np.uint64(1) << np.uint64(c)
            if prev < 0 or (b == 0 and privilege and prev >= n_trumps - 3):
                reps |= np.uint64(1) << np.uint64(c)
            else:
                between = others & ((np.uint64(1) << np.uint64(prev)) - np.uint64(1))
                between &= ~((np.uint64(1) << np.uint64(c + 1)) - np.uint64(1))
                if between:
                    reps |= np.uint64(1) << np.uint64(c)
            prev = c
    n = 0
    if led < 0:
        m = reps
        while m:
            for i in range(4):
                b = (i + 1) % 4  # the plain suits, then trumps (measured: fewer nodes)
                x = m & _block(b)
                if x:
                    c = highest_index(x)
                    out[n] = c
                    n += 1
                    m ^= np.uint64(1) << np.uint64(c)
        return n
    winners = np.uint64(0)
    x = reps
    while x:
        c = lowest_index(x)
        x &= x - np.uint64(1)
        if _beats(c, best):
            winners |= np.uint64(1) << np.uint64(c)
    first = reps & ~winners if low_first else winners
    x = first
    while x:
        c = lowest_index(x)
        x &= x - np.uint64(1)
        out[n] = c
        n += 1
    x = reps & ~first
    while x:
        c = lowest_index(x)
        x &= x - np.uint64(1)
        out[n] = c
        n += 1
    return n


@jit(cache=True)
def _boundary(
    h: Any, won: Any, leader: Any, ombre: Any, target: Any, n_trumps: Any, privilege: Any,
    tt_keys: Any, tt_meta: Any, tt_val: Any, counter: Any, key: Any,
) -> Any:  # fmt: skip
    """A trick boundary (``leader`` leads) before its trick is searched: ``(answer, slot,
    meta, lo, hi)``, ``answer`` 1 or 0 when the bounds on the tricks left, the sure tricks,
    a forced last trick or the transposition table tell whether ombre reaches ``target``,
    else 2: the trick is to be searched (its table slot, its key in ``key``, and what is
    known of its outcome returned)."""
    counter[0] += 1
    left = popcount(h[0])
    d1 = ombre + 1 if ombre < 2 else 0
    d2 = d1 + 1 if d1 < 2 else 0
    t_o, t1, t2 = won[ombre], won[d1], won[d2]
    if left == 0:
        return (1 if outcome(won, ombre) >= target else 0), 0, 0, 0, 0
    if target == SACARDO:
        if t_o + left <= t1 or t_o + left <= t2:
            return 0, 0, 0, 0, 0
        if t_o > t1 + left and t_o > t2 + left:
            return 1, 0, 0, 0, 0
    else:  # at least puesta: no codille
        if t_o >= t1 + left and t_o >= t2 + left:
            return 1, 0, 0, 0, 0
        if (t1 > t_o + left and t1 > t2 + left) or (t2 > t_o + left and t2 > t1 + left):
            return 0, 0, 0, 0, 0
    # sure tricks: whoever holds the top trumps wins a trick with each of them (played at
    # any time, no one can beat it); when the others hold no trump, every trump of the
    # leader and its top cards of each plain suit are sure tricks too
    all_cards = h[0] | h[1] | h[2]
    mine = h[leader]
    trumps = all_cards & _block(0)
    sure = 0
    holder = leader
    if not (all_cards ^ mine) & _block(0):
        sure = popcount(mine & _block(0))
        for b in range(1, 4):
            suit = all_cards & _block(b)
            while suit:
                top = np.uint64(1) << np.uint64(highest_index(suit))
                if not mine & top:
                    break
                sure += 1
                suit ^= top
    else:
        top = np.uint64(1) << np.uint64(highest_index(trumps))
        holder = 0 if h[0] & top else (1 if h[1] & top else 2)
        while trumps:
            top = np.uint64(1) << np.uint64(highest_index(trumps))
            if not h[holder] & top:
                break
            sure += 1
            trumps ^= top
    if sure:
        rest = left - sure
        if holder == ombre:
            if target == SACARDO:
                if t_o + sure > t1 + rest and t_o + sure > t2 + rest:
                    return 1, 0, 0, 0, 0
            elif t_o + sure >= t1 + rest and t_o + sure >= t2 + rest:
                return 1, 0, 0, 0, 0
        else:
            t_d = t1 if holder == d1 else t2
            t_other = t2 if holder == d1 else t1
            if target == SACARDO:
                if t_o + rest <= t_d + sure:
                    return 0, 0, 0, 0, 0
            elif t_d + sure > t_o + rest and t_d + sure > t_other + rest:
                return 0, 0, 0, 0, 0
    if left == 1:  # the last trick is forced: play it out
        s1 = leader + 1 if leader < 2 else 0
        s2 = s1 + 1 if s1 < 2 else 0
        c0 = lowest_index(h[leader])
        best, winner = c0, leader
        c1 = lowest_index(h[s1])
        if _beats(c1, best):
            best, winner = c1, s1
        if _beats(lowest_index(h[s2]), best):
            winner = s2
        won[winner] += 1
        value = outcome(won, ombre) >= target
        won[winner] -= 1
        return (1 if value else 0), 0, 0, 0, 0
    meta = leader | (t_o << 2) | (t1 << 6) | (t2 << 10) | (ombre << 16)
    meta |= (n_trumps << 18) | (np.int64(privilege) << 22)
    _compress(h, n_trumps, key)
    k0, k1, k2 = key[0], key[1], key[2]
    mask = np.uint64(tt_meta.shape[0] - 1)
    slot = np.int64(_hash(k0, k1, k2, meta) & mask)
    lo, hi = CODILLE, SACARDO  # what is known of the outcome ombre forces here
    if (
        tt_meta[slot] == meta
        and tt_keys[slot, 0] == k0
        and tt_keys[slot, 1] == k1
        and tt_keys[slot, 2] == k2
    ):
        lo = tt_val[slot] & 3
        hi = tt_val[slot] >> 2
        if lo >= target:
            return 1, 0, 0, 0, 0
        if hi < target:
            return 0, 0, 0, 0, 0
    return 2, slot, meta, lo, hi


#: The most nodes on the search's stack: a trick boundary and three cards for each of the
#: nine tricks, and the boundary after the last.
_MAX_FRAMES = 48


@jit(cache=True)
def _search(
    h: Any, won: Any, ombre: Any, target: Any, n_trumps: Any, privilege: Any, tt_keys: Any,
    tt_meta: Any, tt_val: Any, counter: Any, moves: Any, seat: Any, pos: Any, led: Any,
    best: Any, winner: Any, played: Any,
) -> Any:  # fmt: skip
    """Whether ombre reaches at least ``target``: a zero-window search, written as a loop
    over its own stack of nodes (numba caches no recursive function: each process compiled
    the recursive search anew, half a minute). ``pos`` -1: from a trick boundary where
    ``seat`` leads; 0-2: from inside a trick, ``pos`` cards played (``played``: their mask,
    ``led`` the first, ``best`` the best so far, played by ``winner``), ``seat`` to play.

    A node is a trick boundary (:func:`_boundary`, then its trick searched and the outcome
    stored in the transposition table) or a card to play: each of its cards in
    :func:`_order`'s order until one gives the player what he wants (ombre: reaching the
    target; a defender: not)."""
    is_ply = np.zeros(_MAX_FRAMES, dtype=np.bool_)
    f_seat = np.zeros(_MAX_FRAMES, dtype=np.int64)  # a ply's player; a boundary's leader
    f_pos = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_depth = np.zeros(_MAX_FRAMES, dtype=np.int64)  # the trick's number: its move lists
    f_n = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_i = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_card = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_led = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_best = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_winner = np.zeros(_MAX_FRAMES, dtype=np.int64)
    f_took = np.zeros(_MAX_FRAMES, dtype=np.int64)  # who took the trick a third card ended
    f_mid = np.zeros(_MAX_FRAMES, dtype=np.bool_)  # a ply of the trick the search began in
    f_played = np.zeros(_MAX_FRAMES, dtype=np.uint64)
    b_slot = np.zeros(_MAX_FRAMES, dtype=np.int64)
    b_meta = np.zeros(_MAX_FRAMES, dtype=np.int64)
    b_lo = np.zeros(_MAX_FRAMES, dtype=np.int64)
    b_hi = np.zeros(_MAX_FRAMES, dtype=np.int64)
    b_key = np.zeros((_MAX_FRAMES, 3), dtype=np.uint64)
    top = 0
    f_seat[0] = seat
    if pos >= 0:
        is_ply[0] = True
        f_pos[0] = pos
        f_depth[0] = 9 - popcount(h[seat])
        f_led[0] = led
        f_best[0] = best
        f_winner[0] = winner
        f_played[0] = played
        f_mid[0] = True
    entering = True
    value = False
    while True:
        if entering:
            s = f_seat[top]
            if not is_ply[top]:
                answer, slot, meta, lo, hi = _boundary(
                    h, won, s, ombre, target, n_trumps, privilege, tt_keys, tt_meta, tt_val,
                    counter, b_key[top],
                )  # fmt: skip
                if answer != 2:
                    value = answer == 1
                    entering = False
                    continue
                b_slot[top] = slot
                b_meta[top] = meta
                b_lo[top] = lo
                b_hi[top] = hi
                top += 1  # its trick: the leader's card
                is_ply[top] = True
                f_seat[top] = s
                f_pos[top] = 0
                f_depth[top] = 9 - popcount(h[s])
                f_led[top] = -1
                f_best[top] = -1
                f_winner[top] = s
                f_played[top] = np.uint64(0)
                f_mid[top] = False
                continue
            # a card to play: its cards ordered, then the first played
            p = f_pos[top]
            out = moves[f_depth[top], p]
            others = (h[0] | h[1] | h[2]) & ~h[s] | f_played[top]
            if f_mid[top]:
                legal = legal_plays(h[s], f_led[top], n_trumps, privilege)
                low = s != ombre and (p == 0 or f_winner[top] != ombre)
            elif p == 0:
                legal = h[s]
                low = False
            else:
                legal = legal_plays(h[s], f_led[top], n_trumps, privilege)
                low = f_winner[top] != ombre and s != ombre
            f_n[top] = _order(legal, others, f_led[top], f_best[top], n_trumps, privilege,
                              out, low)  # fmt: skip
            f_i[top] = 0
            if f_n[top] == 0:
                value = s != ombre
                entering = False
                continue
        else:
            # the node on top ended with ``value``: its parent takes it
            top -= 1
            if top < 0:
                return value
            if not is_ply[top]:  # a boundary: its outcome into the table, then it ends
                lo = b_lo[top]
                hi = b_hi[top]
                if value:
                    lo = max(lo, target)
                else:
                    hi = min(hi, target - 1)
                slot = b_slot[top]
                tt_keys[slot, 0] = b_key[top, 0]
                tt_keys[slot, 1] = b_key[top, 1]
                tt_keys[slot, 2] = b_key[top, 2]
                tt_meta[slot] = b_meta[top]
                tt_val[slot] = lo | (hi << 2)
                continue
            s = f_seat[top]
            h[s] ^= np.uint64(1) << np.uint64(f_card[top])
            if f_pos[top] == 2:
                won[f_took[top]] -= 1
            maximise = s == ombre
            if value == maximise:
                continue  # the player has what he wants: the node ends with it
            f_i[top] += 1
            if f_i[top] >= f_n[top]:
                value = not maximise
                continue
            entering = True
        # play the player's next card and enter what follows it
        s = f_seat[top]
        p = f_pos[top]
        c = moves[f_depth[top], p, f_i[top]]
        f_card[top] = c
        bit = np.uint64(1) << np.uint64(c)
        h[s] ^= bit
        if p == 0:
            led_now, best_now, winner_now = c, c, s
        else:
            led_now = f_led[top]
            if _beats(c, f_best[top]):
                best_now, winner_now = c, s
            else:
                best_now, winner_now = f_best[top], f_winner[top]
        if p == 2:  # the trick's third card: who takes it leads at the next boundary
            won[winner_now] += 1
            f_took[top] = winner_now
            top += 1
            is_ply[top] = False
            f_seat[top] = winner_now
        else:
            nxt = s + 1 if s < 2 else 0
            depth = f_depth[top]
            mid = f_mid[top]
            played_now = f_played[top] | bit
            top += 1
            is_ply[top] = True
            f_seat[top] = nxt
            f_pos[top] = p + 1
            f_depth[top] = depth
            f_led[top] = led_now
            f_best[top] = best_now
            f_winner[top] = winner_now
            f_played[top] = played_now
            f_mid[top] = mid


@jit(cache=True)
def _reach(
    h: Any, won: Any, leader: Any, ombre: Any, target: Any, n_trumps: Any, privilege: Any,
    tt_keys: Any, tt_meta: Any, tt_val: Any, counter: Any, moves: Any,
) -> Any:  # fmt: skip
    """Whether ombre reaches at least ``target`` from a trick boundary (``leader`` leads)."""
    return _search(h, won, ombre, target, n_trumps, privilege, tt_keys, tt_meta, tt_val,
                   counter, moves, leader, -1, -1, -1, leader, np.uint64(0))  # fmt: skip


@jit(cache=True)
def solve(
    hands: Any, won: Any, leader: Any, ombre: Any, n_trumps: Any, privilege: Any, table: Any
) -> Any:
    """The outcome (CODILLE, PUESTA or SACARDO) ombre forces at a trick boundary against the
    best defence, every card seen. ``table``: from :func:`new_table` (reusable)."""
    tt_keys, tt_meta, tt_val = table
    counter = np.zeros(1, dtype=np.int64)
    moves = np.zeros((10, 4, 12), dtype=np.int64)
    h = hands.copy()
    w = won.copy()
    if _reach(h, w, leader, ombre, SACARDO, n_trumps, privilege, tt_keys, tt_meta, tt_val,
              counter, moves):  # fmt: skip
        return SACARDO
    if _reach(h, w, leader, ombre, PUESTA, n_trumps, privilege, tt_keys, tt_meta, tt_val,
              counter, moves):  # fmt: skip
        return PUESTA
    return CODILLE


@jit(cache=True)
def reaches(
    hands: Any, won: Any, leader: Any, ombre: Any, target: Any, n_trumps: Any, privilege: Any,
    table: Any,
) -> Any:  # fmt: skip
    """Whether ombre forces at least ``target`` (PUESTA or SACARDO) from a trick boundary
    against the best defence, every card seen: one zero-window search of :func:`solve`."""
    tt_keys, tt_meta, tt_val = table
    counter = np.zeros(1, dtype=np.int64)
    moves = np.zeros((10, 4, 12), dtype=np.int64)
    return _reach(hands.copy(), won.copy(), leader, ombre, target, n_trumps, privilege, tt_keys,
                  tt_meta, tt_val, counter, moves)  # fmt: skip


@jit(cache=True)
def solve_counted(
    hands: Any, won: Any, leader: Any, ombre: Any, n_trumps: Any, privilege: Any, table: Any
) -> Any:
    """:func:`solve` returning ``(outcome, nodes searched)``."""
    tt_keys, tt_meta, tt_val = table
    counter = np.zeros(1, dtype=np.int64)
    moves = np.zeros((10, 4, 12), dtype=np.int64)
    h = hands.copy()
    w = won.copy()
    result = CODILLE
    if _reach(h, w, leader, ombre, SACARDO, n_trumps, privilege, tt_keys, tt_meta, tt_val,
              counter, moves):  # fmt: skip
        result = SACARDO
    elif _reach(h, w, leader, ombre, PUESTA, n_trumps, privilege, tt_keys, tt_meta, tt_val,
                counter, moves):  # fmt: skip
        result = PUESTA
    return result, counter[0]


@jit(cache=True)
def _rest_of_trick(
    h: Any, won: Any, seat: Any, pos: Any, led: Any, best: Any, winner: Any, played: Any,
    ombre: Any, target: Any, n_trumps: Any, privilege: Any, tt_keys: Any, tt_meta: Any,
    tt_val: Any, counter: Any, moves: Any,
) -> Any:  # fmt: skip
    """Whether ombre reaches ``target`` from inside a trick: ``pos`` cards played (``played``:
    their mask), ``seat`` to play, ``best`` the best card so far, played by ``winner``."""
    if pos == 3:
        won[winner] += 1
        v = _reach(h, won, winner, ombre, target, n_trumps, privilege, tt_keys, tt_meta,
                   tt_val, counter, moves)  # fmt: skip
        won[winner] -= 1
        return v
    return _search(h, won, ombre, target, n_trumps, privilege, tt_keys, tt_meta, tt_val,
                   counter, moves, seat, pos, led, best, winner, played)  # fmt: skip


@jit(cache=True)
def card_values(
    hands: Any, won: Any, leader: Any, trick: Any, count: Any, candidates: Any, ombre: Any,
    n_trumps: Any, privilege: Any, table: Any,
) -> Any:  # fmt: skip
    """``int64[len(candidates)]``: the outcome ombre forces after the seat to move (the
    ``count``-th of the trick led by ``leader``, ``trick``: the cards so far) plays each
    candidate card, every card seen."""
    tt_keys, tt_meta, tt_val = table
    counter = np.zeros(1, dtype=np.int64)
    moves = np.zeros((10, 4, 12), dtype=np.int64)
    h = hands.copy()
    w = won.copy()
    seat = leader
    led = -1
    best = -1
    winner = leader
    played = np.uint64(0)
    for i in range(count):
        c = trick[i]
        if i == 0:
            led = c
            best = c
        elif _beats(c, best):
            best = c
            winner = seat
        played |= np.uint64(1) << np.uint64(c)
        seat = seat + 1 if seat < 2 else 0
    out = np.zeros(candidates.shape[0], dtype=np.int64)
    for a in range(candidates.shape[0]):
        c = candidates[a]
        bit_c = np.uint64(1) << np.uint64(c)
        h[seat] ^= bit_c
        if count == 0:
            b2, w2, led2 = c, seat, c
        elif _beats(c, best):
            b2, w2, led2 = c, seat, led
        else:
            b2, w2, led2 = best, winner, led
        nxt = seat + 1 if seat < 2 else 0
        value = CODILLE
        now = played | bit_c
        if _rest_of_trick(h, w, nxt, count + 1, led2, b2, w2, now, ombre, PUESTA, n_trumps,
                          privilege, tt_keys, tt_meta, tt_val, counter, moves):  # fmt: skip
            value = PUESTA
            if _rest_of_trick(h, w, nxt, count + 1, led2, b2, w2, now, ombre, SACARDO,
                              n_trumps, privilege, tt_keys, tt_meta, tt_val, counter,
                              moves):  # fmt: skip
                value = SACARDO
        h[seat] ^= bit_c
        out[a] = value
    return out
