"""Information-set search of the end of a La Pocha hand over a sample of worlds, in numba.

The exact endgame (:mod:`tapete.solvers.pocha_endgame`) solves each world on its own: in
each it lets the seat choose its later cards knowing where every card is, so a card that
keeps two lines open looks as good as the better line in every world (*strategy fusion*).
Here the worlds are searched together. The other seats play as in the exact endgame (the
rule-like policy of :mod:`tapete.solvers.pocha_kernel`, deterministic in a world), so after
the seat's card the worlds differ only by the cards the others then play; the worlds in
which they play the same cards (the same card by the same seat) are the ones the seat
cannot tell apart at its next turn, and there it must play one card in all of them. The
value of a set of worlds at the seat's turn is the best over its cards of the summed values
of the sets its card splits them into; at the end of the hand, the summed points. This is
the seat's best play against these opponents when the sample is the truth, with no card
chosen on knowledge it will not have.

>>> import numpy as np
>>> from tapete.solvers.pocha import PochaTables
>>> from tapete.solvers import pocha_kernel as pk
>>> tables = PochaTables.from_params({'n_players': 3, 'hand_size': 1, 'deck': '36'})
>>> k = tables.cards_per_suit
>>> # seat 0 leads the ace of suit 1 (trumps are suit 0) and wants no trick: it takes it
>>> worlds = np.array([[1 << (2 * k - 1), 1 << k, 1 << (k + 1)]], dtype=np.uint64)
>>> bids = np.array([0, 0, 0]); won = np.zeros(3, dtype=np.int64)
>>> trick = np.zeros(3, dtype=np.int64); st = np.zeros(pk.ST_SIZE, dtype=np.int64)
>>> st[pk.ST_TRUMP] = 0; st[pk.ST_BEST_TRUMP] = -1; st[pk.ST_PHASE] = pk.PHASE_PLAY
>>> cards = np.array([2 * k - 1], dtype=np.int64)
>>> evaluate_plays_iset(worlds, np.ones(1), bids, won, trick, st, tables.rp, cards)
array([-5.])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import lowest_index
from tapete.solvers.jit import jit
from tapete.solvers.pocha_endgame import distinct_plays

#: The most seats for which the worlds are told apart exactly: between two turns of the
#: seat the others play at most ``2 (n - 1)`` cards, packed in base 65 into an int64 (with
#: more seats the key wraps around: a hash of the cards, which may, very rarely, take two
#: lines of play for one).
EXACT_SEATS = 6


@jit(cache=True)
def _expand(
    d: Any, c: Any, bh: Any, cnt: Any, sw: Any, sr: Any, ss: Any, ph: Any, pw: Any, pr: Any,
    ps: Any, keys: Any, order: Any, bids: Any, rp: Any, me: Any,
) -> None:  # fmt: skip
    """Play card ``c`` in each world of the node at level ``d`` (``bh[d, :cnt[d]]``, their
    shared tricks won, trick and state ``sw[d]``, ``sr[d]``, ``ss[d]``), the others until
    ``me``'s next turn, into ``ph[d]``, ``pw[d]``, ``pr[d]``, ``ps[d]``; each world's key
    (the cards the others played, in order) into ``keys[d]`` and the worlds sorted by it
    into ``order[d]``."""
    size = cnt[d]
    for r in range(size):
        ph[d, r] = bh[d, r]
        pw[d, r] = sw[d]
        pr[d, r] = sr[d]
        ps[d, r] = ss[d]
        hands, won, trick, st = ph[d, r], pw[d, r], pr[d, r], ps[d, r]
        pk.apply_play(hands, won, trick, st, rp, c)
        key = 0  # the cards the others play, in order (base 65: exact up to 10 cards)
        while st[pk.ST_PHASE] == pk.PHASE_PLAY and st[pk.ST_TO_MOVE] != me:
            legal = pk.legal_plays(hands, st, rp)
            played = pk.policy_play(hands, bids, won, st, rp, legal)
            key = key * 65 + played + 1
            pk.apply_play(hands, won, trick, st, rp, played)
        keys[d, r] = key
    order[d, :size] = np.argsort(keys[d, :size], kind="mergesort")


@jit(cache=True)
def _next_card(
    d: Any, moves: Any, at: Any, total: Any, bh: Any, cnt: Any, sw: Any, sr: Any, ss: Any,
    ph: Any, pw: Any, pr: Any, ps: Any, keys: Any, order: Any, bids: Any, rp: Any, me: Any,
) -> None:  # fmt: skip
    """Take the next card of the node at level ``d`` out of ``moves[d]`` and play it in its
    worlds (:func:`_expand`); its groups are then valued from the first, its total from 0."""
    c = lowest_index(moves[d])
    moves[d] &= moves[d] - np.uint64(1)
    _expand(d, c, bh, cnt, sw, sr, ss, ph, pw, pr, ps, keys, order, bids, rp, me)
    at[d] = 0
    total[d] = 0.0


@jit(cache=True)
def _weight(bw: Any, d: Any, count: Any) -> Any:
    """The summed weight of the first ``count`` worlds of level ``d``."""
    total = 0.0
    for j in range(count):
        total += bw[d, j]
    return total


@jit(cache=True)
def evaluate_plays_iset(
    worlds: Any, weights: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, cards: Any,
) -> Any:  # fmt: skip
    """``float64[len(cards)]``: :func:`search_plays_iset`'s values, with no limit."""
    return search_plays_iset(worlds, weights, bids, won, trick, st, rp, cards, 0)[0]


@jit(cache=True)
def search_plays_iset(
    worlds: Any, weights: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, cards: Any,
    limit: Any,
) -> Any:  # fmt: skip
    """``(float64[len(cards)], work)``: the summed points (each world's times its ``weights``) the
    seat to move gets after each card (kernel index), its later cards chosen by the
    information-set search over all the ``worlds`` together (see the module). A value is
    never above :func:`tapete.solvers.pocha_endgame.evaluate_plays_exact`'s for the same
    worlds (which chooses them in each world apart), and equal to it for one world; and the
    work done, the seat's cards played in all (one in one world: one unit). With ``limit``
    > 0 the search gives up (every value ``nan``) once its work is over ``limit``, so that a
    caller can bound its time.

    A node stops trying cards once one makes the bid in every world. The search is
    depth-first without recursion (numba caches no recursive function): level ``d`` holds a
    node (a set of worlds at the seat's ``d``-th turn from now, with their
    shared tricks and state), the card being tried there, the worlds after it and the part
    of them (the next group of one key) being valued at level ``d + 1``."""
    me = st[pk.ST_TO_MOVE]
    n = rp[pk.RP_N]
    size = worlds.shape[0]
    width = st.shape[0]
    levels = rp[pk.RP_HAND] - st[pk.ST_TRICKS] + 2
    bh = np.empty((levels, size, n), dtype=np.uint64)
    bw = np.empty((levels, size), dtype=np.float64)
    cnt = np.zeros(levels, dtype=np.int64)
    sw = np.empty((levels, n), dtype=np.int64)
    sr = np.empty((levels, n), dtype=np.int64)
    ss = np.empty((levels, width), dtype=np.int64)
    ph = np.empty((levels, size, n), dtype=np.uint64)
    pw = np.empty((levels, size, n), dtype=np.int64)
    pr = np.empty((levels, size, n), dtype=np.int64)
    ps = np.empty((levels, size, width), dtype=np.int64)
    keys = np.empty((levels, size), dtype=np.int64)
    order = np.empty((levels, size), dtype=np.int64)
    moves = np.zeros(levels, dtype=np.uint64)
    at = np.zeros(levels, dtype=np.int64)  # the next group of the worlds after the card
    total = np.zeros(levels, dtype=np.float64)
    best = np.zeros(levels, dtype=np.float64)
    seen = np.zeros(n, dtype=np.uint64)
    bid = bids[me]
    top = pk.score(rp, bid, bid)  # a world's most points
    work = 0
    totals = np.zeros(cards.shape[0], dtype=np.float64)
    for a in range(cards.shape[0]):
        for w in range(size):
            bh[0, w] = worlds[w, :n]
            bw[0, w] = weights[w]
        cnt[0] = size
        sw[0] = won
        sr[0] = trick
        ss[0] = st
        best[0] = -np.inf
        total[0] = 0.0
        moves[0] = 0
        _expand(0, cards[a], bh, cnt, sw, sr, ss, ph, pw, pr, ps, keys, order, bids, rp, me)
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
                sr[e] = pr[d, first]
                ss[e] = ps[d, first]
                if ss[e, pk.ST_PHASE] != pk.PHASE_PLAY:  # the hand is over: its points
                    total[d] += _weight(bw, e, cnt[e]) * pk.score(rp, bid, sw[e, me])
                    continue
                legal = pk.legal_plays(bh[e, 0], ss[e], rp)  # the seat's own hand: alike
                seen[0] = 0  # every card still held in some world (for the pruning)
                for j in range(cnt[e]):
                    for q in range(n):
                        seen[0] |= bh[e, j, q]
                moves[e] = distinct_plays(legal, seen, sr[e], ss[e], rp)
                best[e] = -np.inf
                _next_card(e, moves, at, total, bh, cnt, sw, sr, ss, ph, pw, pr, ps, keys,
                           order, bids, rp, me)  # fmt: skip
                work += cnt[e]
                d = e
                continue
            if total[d] > best[d]:  # every group after this card valued
                best[d] = total[d]
            if limit > 0 and work > limit:
                totals[:] = np.nan
                return totals, work
            if moves[d] and best[d] < _weight(bw, d, cnt[d]) * top:  # the node's next card
                _next_card(d, moves, at, total, bh, cnt, sw, sr, ss, ph, pw, pr, ps, keys,
                           order, bids, rp, me)  # fmt: skip
                work += cnt[d]
                continue
            if d == 0:
                break
            d -= 1  # the node is valued: its best card's total adds to its parent's card
            total[d] += best[d + 1]
        totals[a] = best[0]
    return totals, work
