"""The ``rule`` bot's Ombre card play in numba, on kernel masks (a model of its defence).

:func:`rule_playout` plays the tricks left of a deal with every seat following the ``rule``
bot's card play (:mod:`tapete.players.rule.ombre`: cash sure winners, win cheaply, let a
partner's safe trick be, throw the least useful card), each seat seeing only its own hand, the
cards played and its own discards (``known``), as the bot does. Kernel indices are those of
:mod:`tapete.solvers.ombre_kernel` (block 0 the trumps, weakest lowest; blocks 1-3 the plain
suits), so the bot's order of cards (trumps above plain cards, then strength within the suit)
is (block 0 first, the index within the block); ties between plain suits go, as in the bot, to
the card of the lowest card id (``card_id``, the kernel index's card id). It is deterministic
and not recursive (numba caches it): a few microseconds a deal.

>>> import numpy as np
>>> from tapete.solvers.ombre import OmbreTables
>>> from tapete.cards import Suit
>>> t = OmbreTables.for_trumps(Suit.CLUBS)
>>> ids = np.array(t.card_id, dtype=np.int64)
>>> hands = np.array([0b111, 0b111 << 12, 0b111 << 24], dtype=np.uint64)  # seat 0: 3 trumps
>>> won = np.zeros(3, dtype=np.int64)
>>> known = np.zeros(3, dtype=np.uint64)
>>> deck = np.uint64(t.kernel_mask((1 << 128) - 1 & sum(1 << c for c in t.card_id if c >= 0)))
>>> trace = np.zeros(9, dtype=np.int64)
>>> int(rule_playout(hands, won, known, deck, 0, 0, t.n_trumps, 1, ids, trace)), won.tolist()
(2, [3, 0, 0])
>>> trace[:3].tolist()  # the ombre cashes its top trump first; the others throw their lowest
[2, 12, 24]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers.bits import lowest_index, popcount
from tapete.solvers.jit import jit
from tapete.solvers.ombre_kernel import BLOCK, _beats, _block, legal_plays, outcome


@jit(cache=True, inline="always")
def _block_of(c: Any) -> Any:
    """The mask of the block (suit) of kernel card ``c``."""
    return _block(c // BLOCK)


@jit(cache=True, inline="always")
def _key(c: Any) -> Any:
    """The bot's order of a card: trumps above plain cards, then strength within its suit."""
    b = c // BLOCK
    return (1 if b == 0 else 0) * 100 + c % BLOCK


@jit(cache=True)
def _pick(cards: Any, highest: Any, card_id: Any) -> Any:
    """The card of ``cards`` (a mask) of the lowest (``highest``: the highest) key, ties to the
    lowest card id."""
    best = -1
    best_key = 0
    m = cards
    while m:
        c = lowest_index(m)
        m &= m - np.uint64(1)
        k = _key(c)
        if best < 0:
            better = True
        elif k == best_key:
            better = card_id[c] < card_id[best]
        elif highest:
            better = k > best_key
        else:
            better = k < best_key
        if better:
            best = c
            best_key = k
    return best


@jit(cache=True, inline="always")
def _top(c: Any, unseen: Any) -> Any:
    """No unseen card of its block beats it."""
    above = _block_of(c) & ~((np.uint64(2) << np.uint64(c)) - np.uint64(1))
    return (unseen & above) == 0


@jit(cache=True)
def _tops(cards: Any, unseen: Any) -> Any:
    out = np.uint64(0)
    m = cards
    while m:
        c = lowest_index(m)
        m &= m - np.uint64(1)
        if _top(c, unseen):
            out |= np.uint64(1) << np.uint64(c)
    return out


@jit(cache=True)
def _winners(cards: Any, best: Any) -> Any:
    """The cards of ``cards`` that beat ``best``."""
    out = np.uint64(0)
    m = cards
    while m:
        c = lowest_index(m)
        m &= m - np.uint64(1)
        if _beats(c, best):
            out |= np.uint64(1) << np.uint64(c)
    return out


@jit(cache=True)
def _lead(hand: Any, unseen: Any, seat: Any, ombre: Any, card_id: Any) -> Any:
    trump_block = np.uint64(0xFFF)
    trumps = hand & trump_block
    plain = hand & ~trump_block
    trumps_out = (unseen & trump_block) != 0
    if seat == ombre:
        top_trumps = _tops(trumps, unseen)
        if top_trumps and trumps_out:
            return _pick(top_trumps, True, card_id)
        tops = _tops(plain, unseen)
        if tops and not trumps_out:
            return _pick(tops, True, card_id)
        if trumps and trumps_out and popcount(trumps) >= 3:
            return _pick(trumps, True, card_id)
        if tops:
            return _pick(tops, True, card_id)
        if plain:
            return _pick(plain, False, card_id)
        return _pick(trumps, False, card_id)
    tops = _tops(plain, unseen)
    ombre_next = (seat + 1) % 3 == ombre
    if tops and not ombre_next:
        return _pick(tops, True, card_id)
    if plain:
        if ombre_next:
            # a low card of the longest plain suit (ties: the lowest card id)
            best = -1
            best_len = -1
            best_pos = 0
            m = plain
            while m:
                c = lowest_index(m)
                m &= m - np.uint64(1)
                length = popcount(hand & _block_of(c))
                pos = c % BLOCK
                if (
                    best < 0
                    or length > best_len
                    or (length == best_len and pos < best_pos)
                    or (length == best_len and pos == best_pos and card_id[c] < card_id[best])
                ):
                    best, best_len, best_pos = c, length, pos
            return best
        if tops:
            return _pick(tops, True, card_id)
        return _pick(plain, False, card_id)
    return _pick(trumps, False, card_id)


@jit(cache=True)
def _follow(
    legal: Any, unseen: Any, seat: Any, ombre: Any, best: Any, best_seat: Any, last: Any,
    card_id: Any,
) -> Any:  # fmt: skip
    winners = _winners(legal, best)
    trumps_out = (unseen & np.uint64(0xFFF)) != 0
    if seat != ombre and best_seat != ombre:
        partner_safe = last or _top(best, unseen)
        if partner_safe or not winners:
            return _pick(legal, False, card_id)
        safe = _tops(winners, unseen)
        return _pick(safe, False, card_id) if safe else _pick(legal, False, card_id)
    if winners:
        if last:
            return _pick(winners, False, card_id)
        safe = np.uint64(0)
        m = winners
        while m:
            c = lowest_index(m)
            m &= m - np.uint64(1)
            if _top(c, unseen) and (c < BLOCK or not trumps_out):
                safe |= np.uint64(1) << np.uint64(c)
        if safe:
            return _pick(safe, False, card_id)
        return _pick(winners, True, card_id)
    return _pick(legal, False, card_id)


@jit(cache=True)
def rule_playout(
    hands: Any, won: Any, known: Any, deck: Any, leader: Any, ombre: Any, n_trumps: Any,
    privilege: Any, card_id: Any, trace: Any,
) -> Any:  # fmt: skip
    """Play the tricks left from a trick boundary with every seat on the ``rule`` bot's card
    play (``hands`` and ``won`` are updated); ``known[seat]``: the cards out of play that seat
    knows of (its own discards); ``deck``: the kernel mask of every card. Returns the outcome
    for the ombre (CODILLE, PUESTA, SACARDO). The cards played go to ``trace`` (if not
    empty) in order."""
    played = np.uint64(0)
    tracing = trace.shape[0] > 0
    number = 0
    while hands[0] | hands[1] | hands[2]:
        seat = leader
        best = -1
        best_seat = leader
        led = -1
        for i in range(3):
            hand = hands[seat]
            unseen = deck & ~hand & ~played & ~known[seat]
            if led < 0:
                c = _lead(hand, unseen, seat, ombre, card_id)
            else:
                legal = legal_plays(hand, led, n_trumps, privilege)
                c = _follow(legal, unseen, seat, ombre, best, best_seat, i == 2, card_id)
            bit = np.uint64(1) << np.uint64(c)
            hands[seat] ^= bit
            played |= bit
            if tracing:
                trace[number] = c
            number += 1
            if led < 0:
                led = c
                best = c
                best_seat = seat
            elif _beats(c, best):
                best = c
                best_seat = seat
            seat = seat + 1 if seat < 2 else 0
        won[best_seat] += 1
        leader = best_seat
    return outcome(won, ombre)


def warm_up() -> None:
    """Load :func:`rule_playout` (numba's disk cache; compiled on a fresh install) for the
    argument types the searches pass, so that their first simulated deal does not pay it.

    >>> warm_up()
    """
    empty = np.zeros(3, dtype=np.uint64)
    ids = np.full(48, -1, dtype=np.int64)
    rule_playout(empty, np.zeros(3, dtype=np.int64), empty.copy(), np.uint64(0), 0, 0, 12, True,
                 ids, np.zeros(0, dtype=np.int64))  # fmt: skip
