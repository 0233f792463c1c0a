"""Information-set search of Ombre's card play over a sample of worlds, in numba.

The exact solver (:mod:`tapete.solvers.ombre_kernel`) values a card in each world on its
own, letting the seat choose its later cards knowing where every card lies: a card that
keeps two lines open looks as good as the better line in every world (*strategy fusion*).
Here the worlds are searched together. The other two seats play a model of a plain
player's cards (the card play of :mod:`tapete.solvers.ombre_rule`: cash sure winners, win
cheaply, let a partner's safe trick be, throw the least useful card; each seeing its own
hand and the cards played), deterministic in a world, so after the seat's card the worlds
differ only by what the others then play; the worlds in which they play the same cards are
those the seat cannot tell apart at its next turn, and there it must play one card in all
of them. The value of a set of worlds at the seat's turn is the best over its cards of the
summed values of the sets its card splits them into; at the end of the deal, the summed
values of the outcomes (``values``: one per outcome, CODILLE, PUESTA, SACARDO, and
``values[3]`` added where the seat takes strictly the most tricks: a defender's own
codille).

>>> import numpy as np
>>> from tapete.solvers.ombre import OmbreTables
>>> from tapete.cards import Suit
>>> t = OmbreTables.for_trumps(Suit.CLUBS)
>>> deck = np.uint64(t.kernel_mask(sum(1 << c for c in t.card_id if c >= 0)))
>>> ids = np.array(t.card_id, dtype=np.int64)
>>> worlds = np.array([[0b111, 0b111 << 12, 0b111 << 24]], dtype=np.uint64)
>>> st = new_state(0, 0, 9)
>>> won = np.zeros(3, dtype=np.int64)
>>> values = np.array([-1.0, -0.9, 1.0, 0.0])  # the ombre's, seat 0
>>> known = np.zeros(3, dtype=np.uint64)
>>> search_plays_iset(worlds, np.ones(1), won, st, known, deck, 0, t.n_trumps, True, ids,
...                   values, np.array([2, 1, 0]), 0)[0].tolist()
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers.bits import highest_index, lowest_index
from tapete.solvers.jit import jit
from tapete.solvers.ombre_kernel import BLOCK, _beats, _block, legal_plays, outcome
from tapete.solvers.ombre_rule import _follow, _lead

#: The fields of a deal's state (an int64 array shared by the worlds of one node): the seat
#: to move, cards in the trick so far, the card led (-1: none yet), the best card of the
#: trick and its seat, the kernel mask of the cards played in the deal, of those in the
#: trick, and the cards left to play.
ST_TO_MOVE, ST_N, ST_LED, ST_BEST, ST_BEST_SEAT, ST_PLAYED, ST_TRICK, ST_LEFT = range(8)
ST_SIZE = 8


def new_state(
    to_move: int, n_trick: int, left: int, led: int = -1, best: int = -1, best_seat: int = -1,
    played: int = 0, trick: int = 0,
) -> Any:  # fmt: skip
    """A state array: ``to_move`` the seat to play, ``n_trick`` cards already in the trick
    (``led``, ``best`` and ``best_seat`` theirs), ``left`` cards still to play in the deal,
    ``played`` and ``trick`` kernel masks of the cards played and of the trick's."""
    st = np.zeros(ST_SIZE, dtype=np.int64)
    st[ST_TO_MOVE], st[ST_N], st[ST_LED] = to_move, n_trick, led
    st[ST_BEST], st[ST_BEST_SEAT] = best, best_seat
    st[ST_PLAYED], st[ST_TRICK], st[ST_LEFT] = played, trick, left
    return st


@jit(cache=True)
def apply_card(hands: Any, won: Any, st: Any, c: Any) -> None:
    """The seat to move plays kernel card ``c``: ``hands``, ``won`` and ``st`` updated."""
    seat = st[ST_TO_MOVE]
    bit = np.uint64(1) << np.uint64(c)
    hands[seat] ^= bit
    st[ST_PLAYED] = np.int64(np.uint64(st[ST_PLAYED]) | bit)
    st[ST_TRICK] = np.int64(np.uint64(st[ST_TRICK]) | bit)
    if st[ST_N] == 0:
        st[ST_LED] = c
        st[ST_BEST] = c
        st[ST_BEST_SEAT] = seat
    elif _beats(c, st[ST_BEST]):
        st[ST_BEST] = c
        st[ST_BEST_SEAT] = seat
    st[ST_N] += 1
    st[ST_LEFT] -= 1
    if st[ST_N] == 3:
        winner = st[ST_BEST_SEAT]
        won[winner] += 1
        st[ST_TO_MOVE] = winner
        st[ST_N] = 0
        st[ST_LED] = -1
        st[ST_TRICK] = 0
    else:
        st[ST_TO_MOVE] = seat + 1 if seat < 2 else 0


@jit(cache=True)
def model_card(
    hands: Any, st: Any, known: Any, deck: Any, ombre: Any, n_trumps: Any, privilege: Any,
    card_id: Any,
) -> Any:  # fmt: skip
    """The card the model (the ``rule`` bot's card play) has the seat to move play."""
    q = st[ST_TO_MOVE]
    hand = hands[q]
    unseen = deck & ~hand & ~np.uint64(st[ST_PLAYED]) & ~known[q]
    if st[ST_N] == 0:
        return _lead(hand, unseen, q, ombre, card_id)
    legal = legal_plays(hand, st[ST_LED], n_trumps, privilege)
    return _follow(legal, unseen, q, ombre, st[ST_BEST], st[ST_BEST_SEAT], st[ST_N] == 2,
                   card_id)  # fmt: skip


@jit(cache=True)
def distinct_cards(legal: Any, outstanding: Any, n_trumps: Any, privilege: Any) -> Any:
    """One card of each run of ``legal`` with no ``outstanding`` card between them (with
    the matador privilege each matador is a run of its own): the cards worth trying. (The
    exact solver's move ordering, ``ombre_kernel._order``, finds the same runs inline: a call
    there made its solve 10-25% slower, measured 2026-12-03.)"""
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
                between = outstanding & ((np.uint64(1) << np.uint64(prev)) - np.uint64(1))
                between &= ~((np.uint64(1) << np.uint64(c + 1)) - np.uint64(1))
                if between:
                    reps |= np.uint64(1) << np.uint64(c)
            prev = c
    return reps


@jit(cache=True)
def _end_value(won: Any, me: Any, ombre: Any, values: Any) -> Any:
    v = values[outcome(won, ombre)]
    t = won[me]
    if t > won[(me + 1) % 3] and t > won[(me + 2) % 3]:
        v += values[3]
    return v


@jit(cache=True)
def _expand(
    d: Any, c: Any, bh: Any, cnt: Any, sw: Any, ss: Any, ph: Any, pw: Any, ps: Any,
    keys: Any, order: Any, known: Any, deck: Any, ombre: Any, n_trumps: Any, privilege: Any,
    card_id: Any, me: Any,
) -> None:  # fmt: skip
    """Play card ``c`` in each world of the node at level ``d`` (``bh[d, :cnt[d]]``, their
    shared tricks and state ``sw[d]``, ``ss[d]``), the others by the model until ``me``'s
    next turn or the end, into ``ph[d]``, ``pw[d]``, ``ps[d]``; each world's key (the cards
    the others played, in order) into ``keys[d]`` and the worlds sorted by it into
    ``order[d]``."""
    size = cnt[d]
    for r in range(size):
        ph[d, r] = bh[d, r]
        pw[d, r] = sw[d]
        ps[d, r] = ss[d]
        hands, won, st = ph[d, r], pw[d, r], ps[d, r]
        apply_card(hands, won, st, c)
        key = 0  # the cards the others play, in order (base 49: exact up to 11 cards)
        while st[ST_LEFT] > 0 and st[ST_TO_MOVE] != me:
            played = model_card(hands, st, known, deck, ombre, n_trumps, privilege, card_id)
            key = key * 49 + played + 1
            apply_card(hands, won, st, played)
        keys[d, r] = key
    order[d, :size] = np.argsort(keys[d, :size], kind="mergesort")


@jit(cache=True)
def _next_card(
    d: Any, moves: Any, at: Any, total: Any, bh: Any, cnt: Any, sw: Any, ss: Any, ph: Any,
    pw: Any, ps: Any, keys: Any, order: Any, known: Any, deck: Any, ombre: Any, n_trumps: Any,
    privilege: Any, card_id: Any, me: Any,
) -> None:  # fmt: skip
    """Take the next card of the node at level ``d`` out of ``moves[d]`` and play it in its
    worlds (:func:`_expand`); its groups are then valued from the first, its total from 0."""
    c = lowest_index(moves[d])
    moves[d] &= moves[d] - np.uint64(1)
    _expand(d, c, bh, cnt, sw, ss, ph, pw, ps, keys, order, known, deck, ombre, n_trumps,
            privilege, card_id, me)  # fmt: skip
    at[d] = 0
    total[d] = 0.0


@jit(cache=True)
def _weight(bw: Any, d: Any, count: Any) -> Any:
    total = 0.0
    for j in range(count):
        total += bw[d, j]
    return total


@jit(cache=True)
def _moves(bh: Any, cnt: Any, ss: Any, e: Any, me: Any, n_trumps: Any, privilege: Any) -> Any:
    """The seat's cards worth trying at the node of level ``e`` (its hand is alike in all
    its worlds; the cards others hold in some world, and the trick's, are outstanding)."""
    legal = legal_plays(bh[e, 0, me], ss[e, ST_LED], n_trumps, privilege)
    outstanding = np.uint64(ss[e, ST_TRICK])
    for j in range(cnt[e]):
        for q in range(3):
            if q != me:
                outstanding |= bh[e, j, q]
    return distinct_cards(legal, outstanding, n_trumps, privilege)


@jit(cache=True)
def search_plays_iset(
    worlds: Any, weights: Any, won: Any, st: Any, known: Any, deck: Any, ombre: Any,
    n_trumps: Any, privilege: Any, card_id: Any, values: Any, cards: Any, limit: Any,
) -> Any:  # fmt: skip
    """``(float64[len(cards)], work)``: the summed value (each world's times its
    ``weights``; ``values`` as in the module) the seat to move (``st[ST_TO_MOVE]``) gets
    after each card (kernel index) of ``cards``, its later cards chosen by the
    information-set search over all the ``worlds`` (rows: the three kernel hands) together,
    the other seats playing the model (``known[q]``: the cards out of play seat ``q``
    knows of; ``deck``: every card's kernel mask); and the work done, the seat's cards
    played in all (one in one world: one unit). With ``limit`` > 0 the search gives up
    (every value ``nan``) once its work is over ``limit``.

    A node stops trying cards once one reaches the best value in every world. The search
    is depth-first without recursion (numba caches no recursive function): level ``d``
    holds a node (a set of worlds at the seat's ``d``-th turn from now, their shared tricks
    and state), the card tried there, the worlds after it and the part of them (the next
    group of one key) valued at level ``d + 1``."""
    me = st[ST_TO_MOVE]
    size = worlds.shape[0]
    levels = (st[ST_LEFT] + 2) // 3 + 2
    bh = np.empty((levels, size, 3), dtype=np.uint64)
    bw = np.empty((levels, size), dtype=np.float64)
    cnt = np.zeros(levels, dtype=np.int64)
    sw = np.empty((levels, 3), dtype=np.int64)
    ss = np.empty((levels, ST_SIZE), dtype=np.int64)
    ph = np.empty((levels, size, 3), dtype=np.uint64)
    pw = np.empty((levels, size, 3), dtype=np.int64)
    ps = np.empty((levels, size, ST_SIZE), dtype=np.int64)
    keys = np.empty((levels, size), dtype=np.int64)
    order = np.empty((levels, size), dtype=np.int64)
    moves = np.zeros(levels, dtype=np.uint64)
    at = np.zeros(levels, dtype=np.int64)
    total = np.zeros(levels, dtype=np.float64)
    best = np.zeros(levels, dtype=np.float64)
    top = max(values[0], values[1], values[2]) + max(values[3], 0.0)
    work = 0
    totals = np.zeros(cards.shape[0], dtype=np.float64)
    for a in range(cards.shape[0]):
        for w in range(size):
            bh[0, w] = worlds[w]
            bw[0, w] = weights[w]
        cnt[0] = size
        sw[0] = won
        ss[0] = st
        best[0] = -np.inf
        total[0] = 0.0
        moves[0] = 0
        _expand(0, cards[a], bh, cnt, sw, ss, ph, pw, ps, keys, order, known, deck, ombre,
                n_trumps, privilege, card_id, me)  # fmt: skip
        work += size
        at[0] = 0
        d = 0
        while True:
            if at[d] < cnt[d]:  # the next group after the card: a node one level down
                begin = at[d]
                end = begin + 1
                key = keys[d, order[d, begin]]
                while end < cnt[d] and keys[d, order[d, end]] == key:
                    end += 1
                at[d] = end
                e = d + 1
                for j in range(end - begin):
                    r = order[d, begin + j]
                    bh[e, j] = ph[d, r]
                    bw[e, j] = bw[d, r]
                cnt[e] = end - begin
                first = order[d, begin]
                sw[e] = pw[d, first]
                ss[e] = ps[d, first]
                if ss[e, ST_LEFT] == 0:  # the deal is over: its value
                    total[d] += _weight(bw, e, cnt[e]) * _end_value(sw[e], me, ombre, values)
                    continue
                moves[e] = _moves(bh, cnt, ss, e, me, n_trumps, privilege)
                best[e] = -np.inf
                _next_card(e, moves, at, total, bh, cnt, sw, ss, ph, pw, ps, keys, order, known,
                           deck, ombre, n_trumps, privilege, card_id, me)  # fmt: skip
                work += cnt[e]
                d = e
                continue
            if total[d] > best[d]:  # every group after this card valued
                best[d] = total[d]
            if limit > 0 and work > limit:
                totals[:] = np.nan
                return totals, work
            if moves[d] and best[d] < _weight(bw, d, cnt[d]) * top - 1e-9:
                _next_card(d, moves, at, total, bh, cnt, sw, ss, ph, pw, ps, keys, order, known,
                           deck, ombre, n_trumps, privilege, card_id, me)  # fmt: skip
                work += cnt[d]
                continue
            if d == 0:
                break
            d -= 1  # the node is valued: its best card's total adds to its parent's card
            total[d] += best[d + 1]
        totals[a] = best[0]
    return totals, work


__all__ = ["BLOCK", "ST_SIZE", "apply_card", "distinct_cards", "model_card", "new_state",
           "search_plays_iset"]  # fmt: skip
