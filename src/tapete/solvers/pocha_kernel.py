"""La Pocha in numba: legal plays, tricks, bids and scores on ``uint64`` masks, playouts.

Cards inside the kernel are *kernel indices*: suit ``s`` holds the bits ``s*K … s*K+K-1``
(``K`` cards per suit), weakest card lowest, so "the cards above ``c``" is a shift and the
strongest card of a suit is its highest bit. :class:`tapete.solvers.pocha.PochaTables`
converts between kernel indices, deck-local indices and card ids.

State arrays (all preallocated by the caller, so that playouts allocate nothing):

* ``hands``: ``uint64[n]``, each seat's cards;
* ``bids``: ``int64[n]`` (-1 while unbid), ``won``: ``int64[n]`` tricks won;
* ``trick``: ``int64[n]``, the cards of the current trick in playing order;
* ``st``: ``int64[ST_SIZE]``, the scalars named by the ``ST_*`` offsets below.

``rp`` (``int64[RP_SIZE]``) holds the rule options, see the ``RP_*`` offsets.

>>> import numpy as np
>>> from tapete.solvers.pocha import PochaTables
>>> tables = PochaTables.from_params({'n_players': 4})
>>> scores = np.zeros(4, dtype=np.int64)
>>> rng = np.array([12345], dtype=np.uint64)
>>> int(random_deal(tables.rp, rng, scores, ROLLOUT_RANDOM, 0.0)) == 10
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers.bits import highest_index, lowest_index, next_below, next_unit, popcount
from tapete.solvers.jit import jit

# -- layout of the rule options ---------------------------------------------------------------
RP_N, RP_HAND, RP_DEALER, RP_K, RP_DECK = 0, 1, 2, 3, 4
RP_FOLLOW_ONLY, RP_UNDERTRUMP_MUST, RP_DEALER_RESTRICTION, RP_DEALER_LAST = 5, 6, 7, 8
RP_EXACT_BASE, RP_PER_TRICK_EXACT, RP_PER_TRICK_MISS = 9, 10, 11
#: Which seats' rule-like policy sees which seat holds which card (safe winners by each later
#: seat's hand), a bit per seat (-1: every seat; 0: none); the others count only the cards
#: they cannot see (as the rule bot does).
RP_POLICY_SEES = 12
RP_SIZE = 13

# -- layout of the state scalars --------------------------------------------------------------
ST_TRUMP, ST_LEADER, ST_TO_MOVE, ST_COUNT, ST_LED = 0, 1, 2, 3, 4
ST_BEST_LED, ST_BEST_TRUMP, ST_WINNER, ST_TRICKS, ST_PHASE = 5, 6, 7, 8, 9
#: What the tricks showed, as a counting player reads them (the ``rule`` bot's inference):
#: ``ST_VOIDS`` bit ``4 * seat + suit`` once ``seat`` did not follow ``suit``; ``ST_TRUMPLESS``
#: bit ``seat`` once ``seat`` showed it holds no trump (a discard where it had to trump).
ST_VOIDS, ST_TRUMPLESS = 10, 11
#: One more than the kernel index of the dealer's turned-up trump card (0: none): the
#: ``rule`` bot counts it among the trumps still out even after the dealer has played it.
ST_SHOWN = 12
ST_SIZE = 13
PHASE_BIDDING, PHASE_PLAY, PHASE_DONE = 0, 1, 2

#: Playout policies: uniformly random legal moves, or the rule-like policy below.
ROLLOUT_RANDOM, ROLLOUT_RULE = 0, 1

#: Trace kinds, one per step of :func:`random_deal_traced`.
TRACE_DEAL, TRACE_TURN, TRACE_BID, TRACE_PLAY = 0, 1, 2, 3


@jit(cache=True, inline="always")
def _bit(i: Any) -> Any:
    return np.uint64(1) << np.uint64(i)


@jit(cache=True, inline="always")
def suit_mask(s: Any, k: Any) -> Any:
    """The kernel mask of every card of suit ``s`` (``k`` cards per suit)."""
    return ((np.uint64(1) << np.uint64(k)) - np.uint64(1)) << np.uint64(s * k)


@jit(cache=True, inline="always")
def above(c: Any, k: Any) -> Any:
    """The kernel mask of the cards of ``c``'s suit that beat ``c``."""
    s = c // k
    return suit_mask(s, k) & ~((np.uint64(1) << np.uint64(c + 1)) - np.uint64(1))


@jit(cache=True)
def legal_plays(hands: Any, st: Any, rp: Any) -> Any:
    """The mask of the cards the seat to move may play (pocha.md §2.6, s1-s5)."""
    k = rp[RP_K]
    hand = hands[st[ST_TO_MOVE]]
    if st[ST_COUNT] == 0:
        return hand
    led = st[ST_LED]
    follow = hand & suit_mask(led, k)
    if rp[RP_FOLLOW_ONLY]:
        return follow if follow else hand
    trump = st[ST_TRUMP]
    if follow:
        if led != trump and st[ST_BEST_TRUMP] >= 0:
            return follow
        over = follow & above(st[ST_BEST_LED], k)
        return over if over else follow
    if trump < 0 or led == trump:
        return hand
    trumps = hand & suit_mask(trump, k)
    if st[ST_BEST_TRUMP] >= 0:
        over = trumps & above(st[ST_BEST_TRUMP], k)
        if over:
            return over
        if rp[RP_UNDERTRUMP_MUST] and trumps:
            return trumps
        return hand
    return trumps if trumps else hand


@jit(cache=True)
def score(rp: Any, bid: Any, won: Any) -> Any:
    """A seat's points: ``exact_base + per_trick_exact * won`` if exact, else the penalty."""
    if bid == won:
        return rp[RP_EXACT_BASE] + rp[RP_PER_TRICK_EXACT] * won
    return -rp[RP_PER_TRICK_MISS] * abs(won - bid)


@jit(cache=True)
def apply_play(hands: Any, won: Any, trick: Any, st: Any, rp: Any, c: Any) -> None:
    """Play card ``c`` for the seat to move (no legality check) and settle a full trick."""
    n, k = rp[RP_N], rp[RP_K]
    seat = st[ST_TO_MOVE]
    hands[seat] ^= _bit(c)
    suit = c // k
    trump = st[ST_TRUMP]
    count = st[ST_COUNT]
    if count == 0:
        st[ST_LED] = suit
        st[ST_BEST_LED] = c
        st[ST_WINNER] = seat
        st[ST_BEST_TRUMP] = c if suit == trump else -1
    else:
        best_trump = st[ST_BEST_TRUMP]
        led = st[ST_LED]
        if suit != led:
            st[ST_VOIDS] |= np.int64(1) << np.int64(4 * seat + led)
            if (
                not rp[RP_FOLLOW_ONLY] and trump >= 0 and led != trump and suit != trump
                and (best_trump < 0 or rp[RP_UNDERTRUMP_MUST])
            ):  # fmt: skip
                st[ST_TRUMPLESS] |= np.int64(1) << np.int64(seat)
        if suit == trump and (best_trump < 0 or c > best_trump):
            st[ST_BEST_TRUMP] = c
            st[ST_WINNER] = seat
        if suit == st[ST_LED] and c > st[ST_BEST_LED]:
            st[ST_BEST_LED] = c
            if best_trump < 0:
                st[ST_WINNER] = seat
    trick[count] = c
    count += 1
    if count < n:
        st[ST_COUNT] = count
        st[ST_TO_MOVE] = seat + 1 if seat + 1 < n else 0
        return
    winner = st[ST_WINNER]
    won[winner] += 1
    st[ST_COUNT] = 0
    st[ST_LEADER] = winner
    st[ST_TO_MOVE] = winner
    st[ST_TRICKS] += 1
    if st[ST_TRICKS] == rp[RP_HAND]:
        st[ST_PHASE] = PHASE_DONE


@jit(cache=True)
def forbidden_bid(bids: Any, st: Any, rp: Any) -> Any:
    """The bid the seat to move may not make (the dealer's restriction), or -1."""
    if st[ST_TO_MOVE] != rp[RP_DEALER] or not rp[RP_DEALER_RESTRICTION]:
        return -1
    total = 0
    for b in bids:
        if b >= 0:
            total += b
    f = rp[RP_HAND] - total
    return f if f >= 0 else -1


@jit(cache=True)
def apply_bid(bids: Any, st: Any, rp: Any, b: Any) -> None:
    """The seat to move bids ``b``; after the dealer's bid, play starts with mano."""
    n = rp[RP_N]
    seat = st[ST_TO_MOVE]
    bids[seat] = b
    if seat == rp[RP_DEALER]:
        st[ST_PHASE] = PHASE_PLAY
        mano = rp[RP_DEALER] + 1 if rp[RP_DEALER] + 1 < n else 0
        st[ST_TO_MOVE] = mano
        st[ST_LEADER] = mano
    else:
        st[ST_TO_MOVE] = seat + 1 if seat + 1 < n else 0


# -- the rule-like rollout policy -------------------------------------------------------------
@jit(cache=True, inline="always")
def _weakest(mask: Any, trump_mask: Any, k: Any) -> Any:
    """The card of ``mask`` least worth keeping: the weakest plain card, else weakest trump."""
    plain = mask & ~trump_mask
    if plain:
        best = -1
        best_rank = 99
        for s in range(4):
            m = plain & suit_mask(s, k)
            if m:
                c = lowest_index(m)
                if c - s * k < best_rank:
                    best_rank = c - s * k
                    best = c
        return best
    return lowest_index(mask)


@jit(cache=True, inline="always")
def _strongest(mask: Any, trump_mask: Any, k: Any) -> Any:
    """The card of ``mask`` worth most: the strongest trump, else the strongest plain card."""
    trumps = mask & trump_mask
    if trumps:
        return highest_index(trumps)
    best = -1
    best_rank = -1
    for s in range(4):
        m = mask & suit_mask(s, k)
        if m:
            c = highest_index(m)
            if c - s * k > best_rank:
                best_rank = c - s * k
                best = c
    return best


@jit(cache=True)
def _can_beat(hand: Any, c: Any, led: Any, trump: Any, k: Any) -> Any:
    """Whether a seat holding ``hand`` could beat card ``c`` (the best so far) in a trick."""
    suit = c // k
    follow = hand & suit_mask(led, k)
    if trump >= 0 and suit == trump:
        if led != trump and follow:
            return False
        return (hand & above(c, k)) != 0
    # c is of the suit led
    if follow:
        return (follow & above(c, k)) != 0
    return trump >= 0 and (hand & suit_mask(trump, k)) != 0


@jit(cache=True)
def counting_play(hands: Any, bids: Any, won: Any, st: Any, rp: Any, legal: Any) -> Any:
    """The ``rule`` bot's card (:mod:`tapete.players.rule.pocha`) for the seat to move, which
    counts only the cards it cannot see and reads the tricks (``ST_VOIDS``, ``ST_TRUMPLESS``).

    Wanting tricks: lead its strongest side top card no seat shown void may ruff, else its
    top trump, else a side top, else low from its longest plain suit; follow with the
    cheapest safe winner (no unseen card above it, no trump still out behind it), else the
    strongest winner. Having enough: lead the plain card with most unseen cards above it;
    follow with the strongest loser.
    """
    n, k = rp[RP_N], rp[RP_K]
    p = st[ST_TO_MOVE]
    if popcount(legal) == 1:
        return lowest_index(legal)
    trump = st[ST_TRUMP]
    tmask = suit_mask(trump, k) if trump >= 0 else np.uint64(0)
    others = np.uint64(0)
    for q in range(n):
        if q != p:
            others |= hands[q]
    # the rule bot counts the dealer's turned-up trump card among the cards out even once
    # the dealer has played it
    trumps_out = (others & tmask) != 0 or (st[ST_SHOWN] > 0 and p != rp[RP_DEALER])
    voids = st[ST_VOIDS]
    trumpless = st[ST_TRUMPLESS]
    need = bids[p] - won[p]
    count = st[ST_COUNT]
    if count == 0:
        if need > 0:
            safe = -1
            safe_rank = -1
            top_card = -1
            top_rank = -1
            for s in range(4):
                if s == trump:
                    continue
                m = legal & suit_mask(s, k)
                if m == 0:
                    continue
                top = highest_index(m)
                if (others & above(top, k)) != 0:
                    continue
                rank = top - s * k
                if rank > top_rank:
                    top_rank = rank
                    top_card = top
                risk = False
                if trumps_out:
                    for q in range(n):
                        if q != p and (voids >> (4 * q + s)) & 1 and not (trumpless >> q) & 1:
                            risk = True
                if not risk and rank > safe_rank:
                    safe_rank = rank
                    safe = top
            if safe >= 0:
                return safe
            tr = legal & tmask
            if tr:
                top = highest_index(tr)
                if (others & above(top, k)) == 0:
                    return top
            if top_card >= 0:
                return top_card
            best = -1
            best_len = -1
            best_rank = 1 << 30
            for s in range(4):
                if s == trump:
                    continue
                m = legal & suit_mask(s, k)
                if m:
                    length = popcount(hands[p] & suit_mask(s, k))
                    low = lowest_index(m)
                    rank = low - s * k
                    if length > best_len or (length == best_len and rank < best_rank):
                        best_len = length
                        best_rank = rank
                        best = low
            if best >= 0:
                return best
            return highest_index(legal)
        best = -1
        best_out = -1
        best_rank = 1 << 30
        for s in range(4):
            if s == trump:
                continue
            m = legal & suit_mask(s, k)
            if m:
                low = lowest_index(m)
                out = popcount(others & above(low, k))
                rank = low - s * k
                if out > best_out or (out == best_out and rank < best_rank):
                    best_out = out
                    best_rank = rank
                    best = low
        if best >= 0:
            return best
        return lowest_index(legal)
    led = st[ST_LED]
    best_trump = st[ST_BEST_TRUMP]
    if best_trump >= 0:
        winners = legal & tmask & above(best_trump, k)
    else:
        winners = legal & suit_mask(led, k) & above(st[ST_BEST_LED], k)
        if led != trump:
            winners |= legal & tmask
    last = count == n - 1
    if need > 0:
        if winners:
            if last:
                return _weakest(winners, tmask, k)
            trump_behind = False
            if trumps_out:
                q = p + 1 if p + 1 < n else 0
                for _ in range(n - 1 - count):
                    if not (trumpless >> q) & 1:
                        trump_behind = True
                    q = q + 1 if q + 1 < n else 0
            m = winners
            safe = -1
            safe_rank = 1 << 30
            while m:
                c = lowest_index(m)
                m &= m - np.uint64(1)
                if (others & above(c, k)) == 0 and (c // k == trump or not trump_behind):
                    rank = (c - (c // k) * k) + (100 if c // k == trump else 0)
                    if rank < safe_rank:
                        safe_rank = rank
                        safe = c
            if safe >= 0:
                return safe
            return _strongest(winners, tmask, k)
        return _weakest(legal, tmask, k)
    losers = legal & ~winners
    if losers:
        return _strongest(losers, tmask, k)
    if last:
        return _strongest(winners, tmask, k)
    return _weakest(winners, tmask, k)


@jit(cache=True)
def policy_play(hands: Any, bids: Any, won: Any, st: Any, rp: Any, legal: Any) -> Any:
    """A rule-like card for the seat to move, seeing every hand (a determinised world).

    Wanting tricks: win with the cheapest card no later seat can beat, else the strongest
    winner; lead a boss card. Having enough: play the strongest card that loses, else lead
    the card most likely to be beaten.
    """
    n, k = rp[RP_N], rp[RP_K]
    p = st[ST_TO_MOVE]
    if popcount(legal) == 1:
        return lowest_index(legal)
    if not (rp[RP_POLICY_SEES] >> p) & 1:
        return counting_play(hands, bids, won, st, rp, legal)
    trump = st[ST_TRUMP]
    tmask = suit_mask(trump, k) if trump >= 0 else np.uint64(0)
    others = np.uint64(0)
    for q in range(n):
        if q != p:
            others |= hands[q]
    need = bids[p] - won[p]
    count = st[ST_COUNT]
    if count == 0:
        if need > 0:
            for s in range(4):
                if s == trump:
                    continue
                m = legal & suit_mask(s, k)
                if m:
                    top = highest_index(m)
                    if (others & above(top, k)) == 0 and (others & suit_mask(s, k)) != 0:
                        return top
            tr = legal & tmask
            if tr:
                top = highest_index(tr)
                if (others & above(top, k)) == 0:
                    return top
            best = -1
            best_len = -1
            for s in range(4):
                if s == trump:
                    continue
                m = legal & suit_mask(s, k)
                if m and popcount(m) > best_len:
                    best_len = popcount(m)
                    best = lowest_index(m)
            if best >= 0:
                return best
            return highest_index(legal)
        best = -1
        best_out = -1
        for s in range(4):
            if s == trump:
                continue
            m = legal & suit_mask(s, k)
            if m:
                low = lowest_index(m)
                out = popcount(others & above(low, k))
                if out > best_out:
                    best_out = out
                    best = low
        if best >= 0:
            return best
        return lowest_index(legal)
    led = st[ST_LED]
    best_trump = st[ST_BEST_TRUMP]
    if best_trump >= 0:
        best_card = best_trump
        winners = legal & tmask & above(best_trump, k)
    else:
        best_card = st[ST_BEST_LED]
        winners = legal & suit_mask(led, k) & above(best_card, k)
        if led != trump:
            winners |= legal & tmask
    last = count == n - 1
    if need > 0:
        if winners:
            if last:
                return _weakest(winners, tmask, k)
            # the cheapest winner that no seat still to play can beat
            m = winners
            safe = -1
            safe_rank = 999
            while m:
                c = lowest_index(m)
                m &= m - np.uint64(1)
                ok = True
                if (rp[RP_POLICY_SEES] >> p) & 1:
                    q = p + 1 if p + 1 < n else 0
                    for _ in range(n - 1 - count):
                        if _can_beat(hands[q], c, led, trump, k):
                            ok = False
                            break
                        q = q + 1 if q + 1 < n else 0
                else:
                    ok = (others & above(c, k)) == 0 and (c // k == trump or (others & tmask) == 0)
                if ok:
                    rank = (c - (c // k) * k) + (100 if c // k == trump else 0)
                    if rank < safe_rank:
                        safe_rank = rank
                        safe = c
            if safe >= 0:
                return safe
            return _strongest(winners, tmask, k)
        return _weakest(legal, tmask, k)
    losers = legal & ~winners
    if losers:
        return _strongest(losers, tmask, k)
    if last:
        return _strongest(winners, tmask, k)
    return _weakest(winners, tmask, k)


@jit(cache=True)
def estimate_tricks(hand: Any, trump: Any, rp: Any) -> Any:
    """A counted estimate of the tricks a hand takes (high trumps, side tops, ruffs)."""
    k = rp[RP_K]
    est = 0.0
    n_trumps = popcount(hand & suit_mask(trump, k)) if trump >= 0 else 0
    for s in range(4):
        m = hand & suit_mask(s, k)
        length = popcount(m)
        if s == trump:
            pos = 0
            x = m
            while x:
                c = highest_index(x)
                x ^= np.uint64(1) << np.uint64(c)
                from_top = (s + 1) * k - 1 - c
                if from_top == 0:
                    est += 1.0
                elif from_top == 1:
                    est += 0.8 if length >= 2 else 0.4
                elif from_top <= 3:
                    est += 0.55 if length >= 3 else 0.3
                else:
                    est += 0.3 if length >= 3 else 0.12
                pos += 1
        else:
            if length == 0:
                if n_trumps >= 2:
                    est += 0.45
                continue
            top = highest_index(m)
            from_top = (s + 1) * k - 1 - top
            if from_top == 0:
                est += 0.8
                if length >= 2:
                    second = highest_index(m ^ (np.uint64(1) << np.uint64(top)))
                    if (s + 1) * k - 1 - second == 1:
                        est += 0.45
            elif from_top == 1 and length >= 2:
                est += 0.4
            if length == 1 and from_top != 0 and n_trumps >= 2:
                est += 0.2
    return est


@jit(cache=True)
def policy_bid(hands: Any, bids: Any, st: Any, rp: Any) -> Any:
    """The rule-like bid of the seat to move: the nearest legal bid to the counted tricks."""
    p = st[ST_TO_MOVE]
    target = estimate_tricks(hands[p], st[ST_TRUMP], rp)
    forbidden = forbidden_bid(bids, st, rp)
    best = 0
    best_d = 1e9
    for b in range(rp[RP_HAND] + 1):
        if b == forbidden:
            continue
        d = abs(b - target)
        if d < best_d:
            best_d = d
            best = b
    return best


@jit(cache=True)
def random_bid(bids: Any, st: Any, rp: Any, rng: Any) -> Any:
    """A uniformly random legal bid for the seat to move."""
    forbidden = forbidden_bid(bids, st, rp)
    options = rp[RP_HAND] + 1 - (1 if 0 <= forbidden <= rp[RP_HAND] else 0)
    b = next_below(rng, options)
    if 0 <= forbidden <= b:
        b += 1
    return b


@jit(cache=True)
def _random_card(legal: Any, rng: Any) -> Any:
    k = next_below(rng, popcount(legal))
    m = legal
    for _ in range(k):
        m &= m - np.uint64(1)
    return lowest_index(m)


@jit(cache=True)
def play_out(
    hands: Any,
    bids: Any,
    won: Any,
    trick: Any,
    st: Any,
    rp: Any,
    rng: Any,
    policy: Any,
    epsilon: Any,
) -> None:
    """Finish the hand from ``st`` (bidding or play) with ``policy``, taking a random legal
    move instead with probability ``epsilon`` (rule policy only)."""  # fmt: skip
    while st[ST_PHASE] == PHASE_BIDDING:
        if policy == ROLLOUT_RULE and (epsilon <= 0.0 or next_unit(rng) >= epsilon):
            b = policy_bid(hands, bids, st, rp)
        else:
            b = random_bid(bids, st, rp, rng)
        apply_bid(bids, st, rp, b)
    while st[ST_PHASE] == PHASE_PLAY:
        legal = legal_plays(hands, st, rp)
        if policy == ROLLOUT_RULE and (epsilon <= 0.0 or next_unit(rng) >= epsilon):
            c = policy_play(hands, bids, won, st, rp, legal)
        else:
            c = _random_card(legal, rng)
        apply_play(hands, won, trick, st, rp, c)


@jit(cache=True)
def start_hand(
    hands: Any,
    bids: Any,
    won: Any,
    st: Any,
    rp: Any,
    rng: Any,
    perm: Any,
    trace_kind: Any,
    trace_value: Any,
) -> Any:
    """Shuffle and deal a hand (``perm``: ``int64[deck]`` scratch), fix the trump suit and
    reset the state for bidding; the deal is written to the trace arrays when they are not
    empty. Returns the number of trace steps written."""  # fmt: skip
    n, size, k, d = rp[RP_N], rp[RP_HAND], rp[RP_K], rp[RP_DECK]
    for i in range(d):
        perm[i] = i
    dealt = n * size
    need = dealt + 1 if dealt < d else dealt
    for i in range(need):
        j = i + next_below(rng, d - i)
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
    for q in range(n):
        hands[q] = np.uint64(0)
        bids[q] = -1
        won[q] = 0
    mano = rp[RP_DEALER] + 1 if rp[RP_DEALER] + 1 < n else 0
    tracing = trace_kind.shape[0] > 0
    step = 0
    seat = mano
    for i in range(dealt):
        hands[seat] |= np.uint64(1) << np.uint64(perm[i])
        if tracing:
            trace_kind[step] = TRACE_DEAL
            trace_value[step] = perm[i]
            step += 1
        seat = seat + 1 if seat + 1 < n else 0
    trump = -1
    if dealt < d:
        trump = perm[dealt] // k
        if tracing:
            trace_kind[step] = TRACE_TURN
            trace_value[step] = perm[dealt]
            step += 1
    elif rp[RP_DEALER_LAST]:
        trump = perm[dealt - 1] // k
    st[:] = 0
    st[ST_TRUMP] = trump
    st[ST_LEADER] = mano
    st[ST_TO_MOVE] = mano
    st[ST_BEST_TRUMP] = -1
    st[ST_PHASE] = PHASE_BIDDING
    return step


@jit(cache=True)
def random_deal(rp: Any, rng: Any, scores: Any, policy: Any, epsilon: Any) -> Any:
    """Deal and play one whole hand with ``policy``; ``scores`` gets each seat's points.
    Returns the number of tricks played."""  # fmt: skip
    n = rp[RP_N]
    hands = np.zeros(n, dtype=np.uint64)
    bids = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    perm = np.zeros(rp[RP_DECK], dtype=np.int64)
    empty = np.zeros(0, dtype=np.int64)
    start_hand(hands, bids, won, st, rp, rng, perm, empty, empty)
    play_out(hands, bids, won, trick, st, rp, rng, policy, epsilon)
    for q in range(n):
        scores[q] = score(rp, bids[q], won[q])
    return st[ST_TRICKS]


@jit(cache=True)
def random_deals(rp: Any, seed_state: Any, count: Any, policy: Any, epsilon: Any) -> Any:
    """Play ``count`` whole hands; returns ``float64[n]``: the mean points per seat.

    The scratch arrays are allocated once, so this measures the rules, not the allocator.
    """
    n = rp[RP_N]
    rng = np.zeros(1, dtype=np.uint64)
    rng[0] = seed_state
    hands = np.zeros(n, dtype=np.uint64)
    bids = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    perm = np.zeros(rp[RP_DECK], dtype=np.int64)
    empty = np.zeros(0, dtype=np.int64)
    total = np.zeros(n, dtype=np.float64)
    for _ in range(count):
        start_hand(hands, bids, won, st, rp, rng, perm, empty, empty)
        play_out(hands, bids, won, trick, st, rp, rng, policy, epsilon)
        for q in range(n):
            total[q] += score(rp, bids[q], won[q])
    return total / max(count, 1)


@jit(cache=True)
def random_deal_traced(
    rp: Any,
    rng: Any,
    trace_kind: Any,
    trace_value: Any,
    trace_legal: Any,
    trace_seat: Any,
    scores: Any,
    policy: Any,
    epsilon: Any,
) -> Any:
    """:func:`random_deal` writing every step: its kind, the card or bid chosen, the legal
    choices (a card mask, or a bid mask with bit ``b`` for ``bid b``) and the seat to move
    (-1 for chance). Returns the number of steps."""  # fmt: skip
    n = rp[RP_N]
    hands = np.zeros(n, dtype=np.uint64)
    bids = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    perm = np.zeros(rp[RP_DECK], dtype=np.int64)
    step = start_hand(hands, bids, won, st, rp, rng, perm, trace_kind, trace_value)
    trace_seat[:step] = -1
    while st[ST_PHASE] == PHASE_BIDDING:
        forbidden = forbidden_bid(bids, st, rp)
        mask = np.uint64(0)
        for b in range(rp[RP_HAND] + 1):
            if b != forbidden:
                mask |= np.uint64(1) << np.uint64(b)
        if policy == ROLLOUT_RULE and (epsilon <= 0.0 or next_unit(rng) >= epsilon):
            b = policy_bid(hands, bids, st, rp)
        else:
            b = random_bid(bids, st, rp, rng)
        trace_kind[step] = TRACE_BID
        trace_value[step] = b
        trace_legal[step] = mask
        trace_seat[step] = st[ST_TO_MOVE]
        step += 1
        apply_bid(bids, st, rp, b)
    while st[ST_PHASE] == PHASE_PLAY:
        legal = legal_plays(hands, st, rp)
        if policy == ROLLOUT_RULE and (epsilon <= 0.0 or next_unit(rng) >= epsilon):
            c = policy_play(hands, bids, won, st, rp, legal)
        else:
            c = _random_card(legal, rng)
        trace_kind[step] = TRACE_PLAY
        trace_value[step] = c
        trace_legal[step] = legal
        trace_seat[step] = st[ST_TO_MOVE]
        step += 1
        apply_play(hands, won, trick, st, rp, c)
    for q in range(n):
        scores[q] = score(rp, bids[q], won[q])
    return step
