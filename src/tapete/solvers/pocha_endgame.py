"""Exact perfect-information solving of the end of a La Pocha hand, in numba on card masks.

In one world (every hand known) the other seats are taken to play the rule-like policy of
:mod:`tapete.solvers.pocha_kernel` (deterministic in a world), and the seat to move ``me``
chooses every one of its own cards: :func:`achievable_tricks` is the mask of the trick
totals ``me`` can end the hand with (bit ``t``: it can finish with exactly ``t`` tricks), by
an iterative depth-first search over its own cards only (no recursion, so numba caches it).
Cards of one suit with no outstanding card between them (in a hand or in the trick) are
equivalent; only the lowest of each run is tried (``prune``). :func:`evaluate_plays_exact`
scores every candidate card in every world by the best points ``me`` can reach from there:
the search's evaluation near the end of a hand, where it replaces the playouts of the seat's
own later cards by their best choice in each world.

>>> import numpy as np
>>> from tapete.solvers.pocha import PochaTables
>>> from tapete.solvers import pocha_kernel as pk
>>> tables = PochaTables.from_params({'n_players': 3, 'hand_size': 2, 'deck': '36'})
>>> k = tables.cards_per_suit
>>> # seat 0 holds the ace and the lowest card of suit 1; the others one card of suit 1 and
>>> # one of suit 2 each; suit 0 is trumps: after the ace, the low card wins too
>>> hands = np.array([1 << (2 * k - 1) | 1 << k, 1 << (k + 3) | 1 << (2 * k),
...                   1 << (k + 4) | 1 << (2 * k + 1)], dtype=np.uint64)
>>> bids = np.array([1, 0, 0]); won = np.zeros(3, dtype=np.int64)
>>> trick = np.zeros(3, dtype=np.int64); st = np.zeros(pk.ST_SIZE, dtype=np.int64)
>>> st[pk.ST_TRUMP] = 0; st[pk.ST_BEST_TRUMP] = -1; st[pk.ST_PHASE] = pk.PHASE_PLAY
>>> mask = achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, True, -1)
>>> sorted(t for t in range(3) if int(mask) >> t & 1)  # low card first: 0; the ace first: 2
[0, 2]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import lowest_index
from tapete.solvers.jit import jit


@jit(cache=True)
def advance(hands: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, me: Any) -> None:
    """Play the other seats' cards by the rule-like policy until ``me`` is to move or the
    hand is over."""
    while st[pk.ST_PHASE] == pk.PHASE_PLAY and st[pk.ST_TO_MOVE] != me:
        legal = pk.legal_plays(hands, st, rp)
        pk.apply_play(hands, won, trick, st, rp, pk.policy_play(hands, bids, won, st, rp, legal))


@jit(cache=True)
def distinct_plays(legal: Any, hands: Any, trick: Any, st: Any, rp: Any) -> Any:
    """``legal`` without equivalent cards: of the cards of a suit with no outstanding card
    (in any hand or in the trick in progress) between them, only the lowest is kept."""
    n, k = rp[pk.RP_N], rp[pk.RP_K]
    outstanding = np.uint64(0)
    for q in range(n):
        outstanding |= hands[q]
    for i in range(st[pk.ST_COUNT]):
        outstanding |= np.uint64(1) << np.uint64(trick[i])
    out = np.uint64(0)
    x = legal
    prev = -1
    while x:
        c = lowest_index(x)
        x &= x - np.uint64(1)
        if prev >= 0 and prev // k == c // k:
            between = ((np.uint64(1) << np.uint64(c)) - np.uint64(1)) & ~(
                (np.uint64(1) << np.uint64(prev + 1)) - np.uint64(1)
            )
            if (between & outstanding) == 0:
                prev = c
                continue
        out |= np.uint64(1) << np.uint64(c)
        prev = c
    return out


@jit(cache=True)
def achievable_tricks(
    hands: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, first: Any, prune: Any,
    target: Any,
) -> Any:  # fmt: skip
    """``uint64``: bit ``t`` set when the seat to move can end the hand with exactly ``t``
    tricks, choosing each of its cards, every other seat playing the rule-like policy.

    ``first``: a card the seat plays now (-1: the search starts at its choice); ``prune``:
    try one card of each run of equivalent cards; ``target``: stop as soon as this total is
    found reachable (-1: find them all). The arrays are not changed.
    """
    n = rp[pk.RP_N]
    me = st[pk.ST_TO_MOVE]
    depth = rp[pk.RP_HAND] - st[pk.ST_TRICKS] + 2
    hs = np.empty((depth, n), dtype=np.uint64)
    ws = np.empty((depth, n), dtype=np.int64)
    ts = np.empty((depth, n), dtype=np.int64)
    ss = np.empty((depth, st.shape[0]), dtype=np.int64)
    left = np.zeros(depth, dtype=np.uint64)
    hs[0] = hands
    ws[0] = won
    ts[0] = trick
    ss[0] = st
    if first >= 0:
        pk.apply_play(hs[0], ws[0], ts[0], ss[0], rp, first)
        advance(hs[0], bids, ws[0], ts[0], ss[0], rp, me)
    if ss[0, pk.ST_PHASE] != pk.PHASE_PLAY:
        return np.uint64(1) << np.uint64(ws[0, me])
    found = np.uint64(0)
    goal = np.uint64(1) << np.uint64(target) if target >= 0 else np.uint64(0)
    legal = pk.legal_plays(hs[0], ss[0], rp)
    left[0] = distinct_plays(legal, hs[0], ts[0], ss[0], rp) if prune else legal
    d = 0
    while d >= 0:
        if left[d] == 0:
            d -= 1
            continue
        c = lowest_index(left[d])
        left[d] &= left[d] - np.uint64(1)
        e = d + 1
        hs[e] = hs[d]
        ws[e] = ws[d]
        ts[e] = ts[d]
        ss[e] = ss[d]
        pk.apply_play(hs[e], ws[e], ts[e], ss[e], rp, c)
        advance(hs[e], bids, ws[e], ts[e], ss[e], rp, me)
        if ss[e, pk.ST_PHASE] != pk.PHASE_PLAY:
            found |= np.uint64(1) << np.uint64(ws[e, me])
            if found & goal:
                return found
            continue
        legal = pk.legal_plays(hs[e], ss[e], rp)
        left[e] = distinct_plays(legal, hs[e], ts[e], ss[e], rp) if prune else legal
        d = e
    return found


@jit(cache=True)
def best_score(rp: Any, bid: Any, reachable: Any) -> Any:
    """The best points a seat that bid ``bid`` can score with a trick total in the mask
    ``reachable`` (bit ``t``: ``t`` tricks)."""
    best = -(10**9)
    x = reachable
    while x:
        t = lowest_index(x)
        x &= x - np.uint64(1)
        points = pk.score(rp, bid, t)
        if points > best:
            best = points
    return best


@jit(cache=True)
def evaluate_plays_exact(
    worlds: Any, weights: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, cards: Any,
) -> Any:  # fmt: skip
    """``float64[len(cards)]``: the summed best points (each world's times its ``weights``)
    the seat to move can reach after playing each card (kernel index) in each world, by
    :func:`achievable_tricks` (its later cards chosen, the others' by the policy)."""
    me = st[pk.ST_TO_MOVE]
    bid = bids[me]
    totals = np.zeros(cards.shape[0], dtype=np.float64)
    for w in range(worlds.shape[0]):
        for a in range(cards.shape[0]):
            reachable = achievable_tricks(worlds[w], bids, won, trick, st, rp, cards[a], True,
                                          bid)  # fmt: skip
            totals[a] += weights[w] * best_score(rp, bid, reachable)
    return totals


@jit(cache=True)
def finish_tricks(
    hands: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, me: Any, depth: Any,
) -> Any:  # fmt: skip
    """Finish the hand (from the play or the bidding) and return ``me``'s tricks: the
    rule-like policy plays every seat until ``me`` is to move with ``depth`` tricks left or
    fewer, then ``me``'s cards are chosen by :func:`achievable_tricks` — the total nearest
    its bid (the lower one on a tie), the others still playing the policy. The arrays are
    left at the point where the solving started (or at the end of the hand)."""
    while st[pk.ST_PHASE] == pk.PHASE_BIDDING:
        pk.apply_bid(bids, st, rp, pk.policy_bid(hands, bids, st, rp))
    while st[pk.ST_PHASE] == pk.PHASE_PLAY:
        p = st[pk.ST_TO_MOVE]
        if p == me and rp[pk.RP_HAND] - st[pk.ST_TRICKS] <= depth:
            reachable = achievable_tricks(hands, bids, won, trick, st, rp, -1, True, bids[me])
            best = -1
            best_d = 1 << 30
            x = reachable
            while x:
                t = lowest_index(x)
                x &= x - np.uint64(1)
                d = abs(t - bids[me])
                if d < best_d:
                    best_d = d
                    best = t
            return best
        legal = pk.legal_plays(hands, st, rp)
        pk.apply_play(hands, won, trick, st, rp, pk.policy_play(hands, bids, won, st, rp, legal))
    return won[me]
