"""Worlds for La Pocha's search, drawn in numba from what one seat's view reveals.

:func:`constraints` reads the view (the cards played, trick by trick) and infers, as
pocha.md §2.6 allows, which unseen cards each other seat may still hold: a seat that did not
follow suit holds none of it; one that followed without beating the best card of the suit
(when it had to overtake) holds none that beats it; one void in the suit led that did not
trump (when it had to) holds no trump, and one that did not overtrump no trump above the best.
:func:`sample_worlds` then deals the unseen cards to the other seats within those limits.

>>> import random, tapete
>>> from tapete.engine import play_chance
>>> from tapete.solvers.pocha import PochaTables
>>> game = tapete.load_game('pocha', n_players=4)
>>> state = play_chance(game.new_initial_state(), random.Random(0))
>>> tables = PochaTables.from_params(dict(game.params))
>>> limits = constraints(tables, state.view(0))
>>> worlds = np.zeros((5, 5), dtype=np.uint64)  # four seats and the stock
>>> rng = np.array([3], dtype=np.uint64)
>>> int(sample_worlds(*limits, worlds, rng))
5
>>> [bin(int(h)).count('1') for h in worlds[0]]
[10, 10, 10, 10, 0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import lowest_index, next_below, popcount
from tapete.solvers.jit import jit
from tapete.solvers.pocha import PochaTables


def _held_counts(hand: Any) -> tuple[int, ...]:
    counts = getattr(hand, "cards_held", None)
    if counts is None:
        counts = hand.hand_counts
    return tuple(counts)


def constraints(tables: PochaTables, hand: Any) -> tuple[Any, Any, Any, Any]:
    """``(unknown, allowed, need, fixed)`` for the hand view ``hand`` (of the seat to move).

    ``unknown``: the kernel mask of the cards to deal; ``allowed[q]``: the cards seat ``q``
    may hold; ``need[q]``: how many of them it gets; ``fixed[q]``: the cards known to be
    its (the seat's own hand, the dealer's trump card while unplayed). Each array has one
    entry more than there are seats: the undealt stock, which may hold any unknown card.
    """
    n, k = tables.n_players, tables.cards_per_suit
    me = hand.seat
    full = (1 << len(tables.deck)) - 1
    own = tables.kernel_mask(int(hand.hand.mask))
    played = 0
    tricks = [*hand.finished_tricks]
    if hand.current_trick is not None:
        tricks.append(hand.current_trick)
    for trick in tricks:
        for card in trick.cards:
            played |= 1 << tables.kernel_of[int(card)]
    fixed = [0] * n
    fixed[me] = own
    gone = own | played
    for seat, _, took in hand.swaps:  # a swapped-in card is known to be its taker's
        took_k = tables.kernel_of[int(took)]
        for q in range(n):
            if q != me:
                fixed[q] &= ~(1 << took_k)
        if not played >> took_k & 1 and seat != me:
            fixed[seat] |= 1 << took_k
    for q in range(n):
        gone |= fixed[q]
    if hand.trump_card is not None:
        trump_k = tables.kernel_of[int(hand.trump_card)]
        holder = hand.trump_card_holder
        if holder is None:
            gone |= 1 << trump_k  # turned up: in nobody's hand
        elif not played >> trump_k & 1 and holder != me:
            fixed[holder] |= 1 << trump_k
            gone |= 1 << trump_k
    unknown = full & ~gone
    allowed = [unknown] * n
    allowed[me] = 0
    trump = -1 if hand.trump_suit is None else int(hand.trump_suit)
    rp = tables.rp
    follow_only = bool(rp[pk.RP_FOLLOW_ONLY])
    undertrump_must = bool(rp[pk.RP_UNDERTRUMP_MUST])
    suit = [((1 << k) - 1) << (s * k) for s in range(4)]

    def above(c: int) -> int:
        return suit[c // k] & ~((1 << (c + 1)) - 1)

    for trick in tricks:
        seat = trick.leader
        led = best_led = best_trump = -1
        for position, card in enumerate(trick.cards):
            c = tables.kernel_of[int(card)]
            s = c // k
            if position == 0:
                led, best_led = s, c
                best_trump = c if s == trump else -1
            else:
                forbid = 0
                if s != led:
                    forbid |= suit[led]
                    if not follow_only and trump >= 0 and led != trump:
                        if s != trump:
                            forbid |= suit[trump] if best_trump < 0 else above(best_trump)
                            if best_trump >= 0 and undertrump_must:
                                forbid |= suit[trump]
                        elif best_trump >= 0 and c < best_trump:
                            forbid |= above(best_trump)
                elif not follow_only and (led == trump or best_trump < 0) and c < best_led:
                    forbid |= above(best_led)
                allowed[seat] &= ~forbid
                if s == trump and (best_trump < 0 or c > best_trump):
                    best_trump = c
                if s == led and c > best_led:
                    best_led = c
            seat = (seat + 1) % n
    counts = _held_counts(hand)
    need = [0 if q == me else counts[q] - bin(fixed[q]).count("1") for q in range(n)]
    # the undealt stock is one more "seat" (a short hand leaves cards out)
    allowed.append(unknown)
    need.append(bin(unknown).count("1") - sum(need))
    fixed.append(0)
    return (
        np.uint64(unknown),
        np.array(allowed, dtype=np.uint64),
        np.array(need, dtype=np.int64),
        np.array(fixed, dtype=np.uint64),
    )


def played_by(tables: PochaTables, hand: Any) -> Any:
    """``uint64[n]``: the kernel mask of the cards each seat has played in the hand so far."""
    n = tables.n_players
    out = [0] * n
    tricks = [*hand.finished_tricks]
    if hand.current_trick is not None:
        tricks.append(hand.current_trick)
    for trick in tricks:
        for i, card in enumerate(trick.cards):
            out[(trick.leader + i) % n] |= 1 << tables.kernel_of[int(card)]
    return np.array(out, dtype=np.uint64)


@jit(cache=True)
def sample_worlds(
    unknown: Any, allowed: Any, need: Any, fixed: Any, out: Any, rng: Any, attempts: Any = 64
) -> Any:
    """Fill ``out[w, seat]`` with worlds: each unknown card dealt to a seat that may hold it,
    each seat getting ``need`` cards (cards with the fewest possible seats first, each to a
    seat drawn in proportion to the room it has left). Returns the worlds made (fewer than
    asked only if ``attempts`` tries of one world all ran into a dead end)."""
    n = allowed.shape[0]
    cards = np.zeros(64, dtype=np.int64)
    options = np.zeros(64, dtype=np.int64)
    count = 0
    m = unknown
    while m:
        c = lowest_index(m)
        m &= m - np.uint64(1)
        cards[count] = c
        o = 0
        for q in range(n):
            if need[q] > 0 and (allowed[q] >> np.uint64(c)) & np.uint64(1):
                o += 1
        options[count] = o
        count += 1
    order = np.zeros(count, dtype=np.int64)
    room = np.zeros(n, dtype=np.int64)
    for w in range(out.shape[0]):
        made = False
        for _ in range(attempts):
            # shuffle, then stable-sort by the number of seats each card may go to
            for i in range(count):
                order[i] = i
            for i in range(count - 1, 0, -1):
                j = next_below(rng, i + 1)
                t = order[i]
                order[i] = order[j]
                order[j] = t
            for i in range(1, count):
                x = order[i]
                j = i - 1
                while j >= 0 and options[order[j]] > options[x]:
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = x
            for q in range(n):
                out[w, q] = fixed[q]
                room[q] = need[q]
            ok = True
            for i in range(count):
                c = cards[order[i]]
                b = np.uint64(1) << np.uint64(c)
                total = 0
                for q in range(n):
                    if room[q] > 0 and allowed[q] & b:
                        total += room[q]
                if total == 0:
                    ok = False
                    break
                r = next_below(rng, total)
                for q in range(n):
                    if room[q] > 0 and allowed[q] & b:
                        if r < room[q]:
                            out[w, q] |= b
                            room[q] -= 1
                            break
                        r -= room[q]
            if ok:
                made = True
                break
        if not made:
            return w
    return out.shape[0]


def world_ok(world: Any, unknown: Any, allowed: Any, need: Any, fixed: Any) -> bool:
    """Whether ``world`` deals exactly the unknown cards within the limits (for tests)."""
    seen = 0
    for q in range(len(need)):
        extra = int(world[q]) & ~int(fixed[q])
        if extra & ~int(allowed[q]) or int(popcount(np.uint64(extra))) != int(need[q]):
            return False
        if seen & int(world[q]):
            return False
        seen |= int(world[q])
    return seen == int(unknown) | int(np.bitwise_or.reduce(fixed))
