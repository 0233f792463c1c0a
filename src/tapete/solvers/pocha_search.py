"""Determinised evaluation of La Pocha decisions in numba: many worlds, playouts from each.

A *world* is one full placement of the hidden cards (``worlds[w, seat]``: kernel masks). For a
play, :func:`evaluate_plays` tries every candidate card in every world and plays the hand out
with the rule-like policy of :mod:`tapete.solvers.pocha_kernel`; for a bid,
:func:`evaluate_bids` does the same with every candidate bid (the seats still to bid bid by the
policy's count). Each returns the sum, over worlds and playouts, of the points the seat to move
scores with each candidate.

>>> import numpy as np
>>> from tapete.solvers.pocha import PochaTables
>>> from tapete.solvers import pocha_kernel as pk
>>> tables = PochaTables.from_params({'n_players': 3, 'hand_size': 1, 'deck': '36'})
>>> k = tables.cards_per_suit
>>> world = np.array([[1 << (k - 1), 1 << 0, 1 << k]], dtype=np.uint64)  # ace, low, other suit
>>> bids = np.array([-1, -1, -1], dtype=np.int64); won = np.zeros(3, dtype=np.int64)
>>> st = np.zeros(pk.ST_SIZE, dtype=np.int64); st[pk.ST_TRUMP] = 0; st[pk.ST_BEST_TRUMP] = -1
>>> trick = np.zeros(3, dtype=np.int64)
>>> rng = np.array([7], dtype=np.uint64)
>>> weights = bid_weights(world, np.zeros(3, dtype=np.uint64), bids, st, tables.rp, 1.0)
>>> totals = evaluate_bids(world, weights, bids, won, trick, st, tables.rp, np.array([0, 1]),
...                        1, 0.0, rng, np.zeros((0, 3)))
>>> [int(t) for t in totals]  # the ace of trumps: bid 1 scores 15, bid 0 loses 5
[-5, 15]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import lowest_index, popcount
from tapete.solvers.jit import jit
from tapete.solvers.pocha_endgame import finish_tricks


@jit(cache=True)
def _load(
    world: Any, bids: Any, won: Any, trick: Any, st: Any, hands: Any, bids2: Any, won2: Any,
    trick2: Any, st2: Any,
) -> None:  # fmt: skip
    hands[:] = world
    bids2[:] = bids
    won2[:] = won
    trick2[:] = trick
    st2[:] = st


@jit(cache=True)
def bid_weights(worlds: Any, played: Any, bids: Any, st: Any, rp: Any, sigma: Any) -> Any:
    """``float64[len(worlds)]``: how likely each world makes the bids already made.

    A seat that bid ``b`` holding (in this world) the hand it started with counts as bidding
    near the policy's counted tricks ``e`` for that hand: ``exp(-(b - e)² / (2 sigma²))`` per
    seat (``played[q]``: the cards seat ``q`` has played, back in its starting hand).
    The seat to move is not weighed: its hand is known.
    """
    n = rp[pk.RP_N]
    me = st[pk.ST_TO_MOVE]
    out = np.ones(worlds.shape[0], dtype=np.float64)
    if sigma <= 0.0:
        return out
    for w in range(worlds.shape[0]):
        log_weight = 0.0
        for q in range(n):
            if q == me or bids[q] < 0:
                continue
            e = pk.estimate_tricks(worlds[w, q] | played[q], st[pk.ST_TRUMP], rp)
            d = (bids[q] - e) / sigma
            log_weight -= 0.5 * d * d
        out[w] = np.exp(log_weight)
    return out


@jit(cache=True)
def counted_tricks(hand: Any, out: Any, trump: Any, mano: Any, rp: Any, count: Any) -> Any:
    """A counting bidder's tricks for ``hand``: ``count`` (``float64[11]``: a scale, then
    one weight per feature) times the features trumps held; trumps with no, one, two
    higher cards ``out`` (the cards the bidder cannot see); side cards with no, one higher
    out; void and singleton plain suits; being mano (``mano``: 1 or 0); a constant."""
    k = rp[pk.RP_K]
    tmask = pk.suit_mask(trump, k) if trump >= 0 else np.uint64(0)
    f = np.zeros(10, dtype=np.float64)
    x = hand
    while x:
        c = lowest_index(x)
        x &= x - np.uint64(1)
        higher = popcount(out & pk.above(c, k))
        if tmask & (np.uint64(1) << np.uint64(c)):
            f[0] += 1.0
            if higher <= 2:
                f[1 + higher] += 1.0
        elif higher <= 1:
            f[4 + higher] += 1.0
    for s in range(4):
        if s == trump:
            continue
        length = popcount(hand & pk.suit_mask(s, k))
        if length == 0:
            f[6] += 1.0
        elif length == 1:
            f[7] += 1.0
    f[8] = float(mano)
    f[9] = 1.0
    total = 0.0
    for i in range(10):
        total += count[1 + i] * f[i]
    return max(0.0, total) * count[0]


@jit(cache=True)
def nearest_bid(target: Any, bids: Any, st: Any, rp: Any) -> Any:
    """The legal bid nearest ``target`` for the seat to move (the lower one on a tie)."""
    forbidden = pk.forbidden_bid(bids, st, rp)
    best = 0
    best_d = 1e9
    for b in range(rp[pk.RP_HAND] + 1):
        if b == forbidden:
            continue
        d = abs(b - target)
        if d < best_d:
            best_d = d
            best = b
    return best


@jit(cache=True)
def counted_targets(worlds: Any, played: Any, hidden: Any, trump: Any, rp: Any, count: Any) -> Any:
    """``float64[len(worlds), n]``: each seat's :func:`counted_tricks` for the hand it was
    dealt in each world (``played[q]``: the cards seat ``q`` has played; ``hidden``: the
    cards of the stock column ``worlds[:, n]`` no seat sees, so every seat counts them out)."""
    n = rp[pk.RP_N]
    mano = rp[pk.RP_DEALER] + 1 if rp[pk.RP_DEALER] + 1 < n else 0
    out = np.zeros((worlds.shape[0], n), dtype=np.float64)
    for w in range(worlds.shape[0]):
        every = worlds[w, n] & hidden
        for q in range(n):
            every |= worlds[w, q] | played[q]
        for q in range(n):
            start = worlds[w, q] | played[q]
            out[w, q] = counted_tricks(start, every & ~start, trump, 1 if q == mano else 0, rp,
                                       count)  # fmt: skip
    return out


@jit(cache=True)
def counted_bid_weights(targets: Any, bids: Any, me: Any, rp: Any, sigma: Any) -> Any:
    """``float64[len(targets)]``: how likely each world makes the bids already made, each
    seat bidding near its counted tricks ``targets[w, q]`` (``exp(-(b - e)² / 2σ²)``; the
    seat ``me`` is not weighed)."""
    n = rp[pk.RP_N]
    out = np.ones(targets.shape[0], dtype=np.float64)
    if sigma <= 0.0:
        return out
    for w in range(targets.shape[0]):
        log_weight = 0.0
        for q in range(n):
            if q == me or bids[q] < 0:
                continue
            d = (bids[q] - targets[w, q]) / sigma
            log_weight -= 0.5 * d * d
        out[w] = np.exp(log_weight)
    return out


@jit(cache=True)
def matched_bid_weights(targets: Any, bids: Any, me: Any, rp: Any, match: Any, scales: Any) -> Any:
    """``float64[len(targets)]``: how likely each world makes the bids already made, each seat
    bidding the legal number nearest its counted tricks ``targets[w, q]`` times one of
    ``scales`` (each as likely: counting bidders of other aggressions) with probability
    ``match``, any other legal bid with an equal share of the rest (the seat ``me`` is not
    weighed). Seats bid in turn from mano, so the dealer's restriction is known."""
    n = rp[pk.RP_N]
    size = rp[pk.RP_HAND]
    dealer = rp[pk.RP_DEALER]
    forbidden = -1
    if rp[pk.RP_DEALER_RESTRICTION] and bids[dealer] >= 0:
        total = 0
        for q in range(n):
            if q != dealer:
                total += bids[q]
        forbidden = size - total
    out = np.ones(targets.shape[0], dtype=np.float64)
    for w in range(targets.shape[0]):
        p = 1.0
        for q in range(n):
            if q == me or bids[q] < 0:
                continue
            banned = forbidden if q == dealer else -1
            options = size + 1 - (1 if 0 <= banned <= size else 0)
            miss = (1.0 - match) / max(options - 1, 1)
            chance = 0.0
            for i in range(scales.shape[0]):
                target = targets[w, q] * scales[i]
                best = 0
                best_d = 1e9
                for b in range(size + 1):
                    if b == banned:
                        continue
                    d = abs(b - target)
                    if d < best_d:
                        best_d = d
                        best = b
                chance += match if best == bids[q] else miss
            p *= chance / scales.shape[0]
        out[w] = p
    return out


@jit(cache=True)
def play_weights(
    worlds: Any, played: Any, sequence: Any, count: Any, first_leader: Any, bids: Any,
    trump: Any, rp: Any, me: Any, match: Any, weights: Any, shown: Any = 0,
) -> None:  # fmt: skip
    """Multiply ``weights[w]`` by how likely world ``w`` makes the other seats' cards played
    so far (``sequence[:count]``, in playing order from ``first_leader``): each card that is
    the rule-like policy's choice in that world counts ``match``, any other legal card
    ``(1 - match) / (choices - 1)`` (policy-based inference from the play). ``shown``: the
    state's ``ST_SHOWN`` (the dealer's turned-up card, for the counting policy)."""
    n = rp[pk.RP_N]
    hands = np.zeros(n, dtype=np.uint64)
    won = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    st = np.zeros(pk.ST_SIZE, dtype=np.int64)
    miss = np.log(1.0 - match) if match < 1.0 else -1e9
    hit = np.log(match)
    for w in range(worlds.shape[0]):
        for q in range(n):
            hands[q] = worlds[w, q] | played[q]
            won[q] = 0
        st[:] = 0
        st[pk.ST_TRUMP] = trump
        st[pk.ST_LEADER] = first_leader
        st[pk.ST_TO_MOVE] = first_leader
        st[pk.ST_BEST_TRUMP] = -1
        st[pk.ST_PHASE] = pk.PHASE_PLAY
        st[pk.ST_SHOWN] = shown
        log_weight = 0.0
        for i in range(count):
            c = sequence[i]
            p = st[pk.ST_TO_MOVE]
            if p != me:
                legal = pk.legal_plays(hands, st, rp)
                k = popcount(legal)
                if k > 1:
                    if pk.policy_play(hands, bids, won, st, rp, legal) == c:
                        log_weight += hit
                    else:
                        log_weight += miss - np.log(k - 1.0)
            pk.apply_play(hands, won, trick, st, rp, c)
        weights[w] *= np.exp(log_weight)


@jit(cache=True)
def evaluate_plays(
    worlds: Any, weights: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any, cards: Any,
    playouts: Any, epsilon: Any, rng: Any, tail: Any = 0,
) -> Any:  # fmt: skip
    """``float64[len(cards)]``: the summed points (each world's times its ``weights``) of the
    seat to move after playing each card (kernel index) in each world, ``playouts`` playouts
    per world and card. With ``tail`` > 0 the seat's cards of the last ``tail`` tricks are
    chosen exactly in each world (:func:`tapete.solvers.pocha_endgame.finish_tricks`)."""
    n = rp[pk.RP_N]
    me = st[pk.ST_TO_MOVE]
    totals = np.zeros(cards.shape[0], dtype=np.float64)
    hands = np.zeros(n, dtype=np.uint64)
    bids2 = np.zeros(n, dtype=np.int64)
    won2 = np.zeros(n, dtype=np.int64)
    trick2 = np.zeros(n, dtype=np.int64)
    st2 = np.zeros(pk.ST_SIZE, dtype=np.int64)
    for w in range(worlds.shape[0]):
        for a in range(cards.shape[0]):
            for _ in range(playouts):
                _load(worlds[w], bids, won, trick, st, hands, bids2, won2, trick2, st2)
                pk.apply_play(hands, won2, trick2, st2, rp, cards[a])
                if tail > 0:
                    t = finish_tricks(hands, bids2, won2, trick2, st2, rp, me, tail)
                else:
                    pk.play_out(hands, bids2, won2, trick2, st2, rp, rng, pk.ROLLOUT_RULE, epsilon)
                    t = won2[me]
                totals[a] += weights[w] * pk.score(rp, bids2[me], t)
    return totals


@jit(cache=True)
def evaluate_bids(
    worlds: Any, weights: Any, bids: Any, won: Any, trick: Any, st: Any, rp: Any,
    candidates: Any, playouts: Any, epsilon: Any, rng: Any, targets: Any, shade: Any = 0.0,
    tail: Any = 0, lift: Any = 0.0,
) -> Any:  # fmt: skip
    """``float64[len(candidates)]``: the summed points (times each world's ``weights``) of
    the seat to move bidding each candidate in each world (later seats bid the legal bid
    nearest ``targets[w, seat]`` from :func:`counted_targets`, or by the policy's count when
    ``targets`` is empty), then playing out. With ``shade`` > 0 each playout counts with
    weight ``shade`` as if the seat had taken one trick fewer (the playouts see every card,
    so they make the seat's tricks look surer than they are); with ``lift`` > 0, with weight
    ``lift`` as if it had taken one trick more (while one is left to take: the seeing
    playouts also duck surer than a player who does not see, as a bid of 0 shows).
    ``tail``: as in :func:`evaluate_plays`."""
    n = rp[pk.RP_N]
    me = st[pk.ST_TO_MOVE]
    totals = np.zeros(candidates.shape[0], dtype=np.float64)
    hands = np.zeros(n, dtype=np.uint64)
    bids2 = np.zeros(n, dtype=np.int64)
    won2 = np.zeros(n, dtype=np.int64)
    trick2 = np.zeros(n, dtype=np.int64)
    st2 = np.zeros(pk.ST_SIZE, dtype=np.int64)
    counted = targets.shape[0] > 0
    for w in range(worlds.shape[0]):
        for a in range(candidates.shape[0]):
            for _ in range(playouts):
                _load(worlds[w], bids, won, trick, st, hands, bids2, won2, trick2, st2)
                pk.apply_bid(bids2, st2, rp, candidates[a])
                while counted and st2[pk.ST_PHASE] == pk.PHASE_BIDDING:
                    q = st2[pk.ST_TO_MOVE]
                    pk.apply_bid(bids2, st2, rp, nearest_bid(targets[w, q], bids2, st2, rp))
                if tail > 0:
                    t = finish_tricks(hands, bids2, won2, trick2, st2, rp, me, tail)
                else:
                    pk.play_out(hands, bids2, won2, trick2, st2, rp, rng, pk.ROLLOUT_RULE, epsilon)
                    t = won2[me]
                value = pk.score(rp, candidates[a], t)
                base = value
                if shade > 0.0 and t > 0:  # the playouts see every card: take a trick less
                    value += shade * (pk.score(rp, candidates[a], t - 1) - base)
                if lift > 0.0 and t < rp[pk.RP_HAND]:  # ... or one more
                    value += lift * (pk.score(rp, candidates[a], t + 1) - base)
                totals[a] += weights[w] * value
    return totals
