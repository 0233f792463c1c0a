"""numba kernels of the Trynka solver: vectorised two-player CFR+ passes over a flat tree.

Every array describes the tree of :mod:`tapete.solvers.trynka_tree` (nodes in depth-first
order); values are vectors over the strength classes of the player whose value is computed.
``P[a, b]`` is the chance of classes ``(a, b)`` for the two players, ``W[a, b]`` the share of
the bank a hand of class ``a`` takes against one of class ``b`` (1, 1/2 or 0).

``mode`` 0: a CFR+ pass for ``player`` (current strategies, regrets and averages updated);
1: best response of ``player`` to the others' average strategies; 2: value of the average
strategies. Each pass returns the player's expected payoff at the root.
"""

from __future__ import annotations

import numpy as np

from tapete.solvers.jit import jit

DECISION = 0
FIXED = 1
SHOWDOWN = 2


@jit(cache=True)
def strategy_rows(
    table: np.ndarray, row: int, nrows: int, na: int, out: np.ndarray, plus: bool
) -> None:
    """Normalise ``nrows`` rows of ``table`` from ``row`` into ``out`` (``plus``: positive
    parts of regrets; uniform where they sum to 0)."""
    for r in range(nrows):
        total = 0.0
        for a in range(na):
            x = table[row + r, a]
            if x > 0.0 or not plus:
                total += x
        if total > 0.0:
            for a in range(na):
                x = table[row + r, a]
                out[r, a] = x / total if (x > 0.0 or not plus) else 0.0
        else:
            for a in range(na):
                out[r, a] = 1.0 / na


@jit(cache=True)
def cfr_pass(
    kind: np.ndarray,
    actor: np.ndarray,
    blind: np.ndarray,
    first: np.ndarray,
    count: np.ndarray,
    child: np.ndarray,
    bank: np.ndarray,
    paid: np.ndarray,
    active: np.ndarray,
    row_of: np.ndarray,
    regret: np.ndarray,
    average: np.ndarray,
    P: np.ndarray,
    W: np.ndarray,
    player: int,
    mode: int,
    weight: float,
    reach: np.ndarray,
    value: np.ndarray,
) -> float:
    """One pass over the tree for ``player`` (see the module); ``reach`` (N, 2, K) and
    ``value`` (N, K) are work arrays."""
    n_nodes = kind.shape[0]
    k = P.shape[0]
    other = 1 - player
    max_a = regret.shape[1]
    sigma = np.empty((k, max_a))
    for b in range(k):
        reach[0, 0, b] = 1.0
        reach[0, 1, b] = 1.0
    # forward: reach probabilities of both players
    for node in range(n_nodes):
        if kind[node] != DECISION:
            continue
        p = actor[node]
        na = count[node]
        f = first[node]
        nrows = 1 if blind[node] else k
        use_average = mode != 0 and (p != player or mode == 2)
        if use_average:
            strategy_rows(average, row_of[node], nrows, na, sigma, False)
        else:
            strategy_rows(regret, row_of[node], nrows, na, sigma, True)
        for a in range(na):
            c = child[f + a]
            for b in range(k):
                reach[c, 1 - p, b] = reach[node, 1 - p, b]
                reach[c, p, b] = reach[node, p, b] * sigma[0 if nrows == 1 else b, a]
    # backward: the player's values
    for node in range(n_nodes - 1, -1, -1):
        kd = kind[node]
        if kd == FIXED:
            mask = active[node]
            winners = 0
            for s in range(2):
                if mask >> s & 1:
                    winners += 1
            won = bank[node] / winners if mask >> player & 1 else 0.0
            payoff = won - paid[node, player]
            for b in range(k):
                acc = 0.0
                for b2 in range(k):
                    acc += P[b, b2] * reach[node, other, b2]
                value[node, b] = payoff * acc
        elif kd == SHOWDOWN:
            pot = bank[node]
            own = paid[node, player]
            for b in range(k):
                acc_w = 0.0
                acc = 0.0
                for b2 in range(k):
                    x = P[b, b2] * reach[node, other, b2]
                    acc += x
                    acc_w += x * W[b, b2]
                value[node, b] = pot * acc_w - own * acc
        else:
            na = count[node]
            f = first[node]
            p = actor[node]
            if p != player:
                for b in range(k):
                    acc = 0.0
                    for a in range(na):
                        acc += value[child[f + a], b]
                    value[node, b] = acc
                continue
            nrows = 1 if blind[node] else k
            row = row_of[node]
            if mode == 1:
                if nrows == 1:
                    best = -1e300
                    best_a = 0
                    for a in range(na):
                        total = 0.0
                        for b in range(k):
                            total += value[child[f + a], b]
                        if total > best:
                            best = total
                            best_a = a
                    for b in range(k):
                        value[node, b] = value[child[f + best_a], b]
                else:
                    for b in range(k):
                        best = -1e300
                        for a in range(na):
                            x = value[child[f + a], b]
                            if x > best:
                                best = x
                        value[node, b] = best
                continue
            if mode == 2:
                strategy_rows(average, row, nrows, na, sigma, False)
            else:
                strategy_rows(regret, row, nrows, na, sigma, True)
            for b in range(k):
                r = 0 if nrows == 1 else b
                acc = 0.0
                for a in range(na):
                    acc += sigma[r, a] * value[child[f + a], b]
                value[node, b] = acc
            if mode != 0:
                continue
            for r in range(nrows):
                own_reach = 0.0
                for a in range(na):
                    delta = 0.0
                    if nrows == 1:
                        for b in range(k):
                            delta += value[child[f + a], b] - value[node, b]
                    else:
                        delta = value[child[f + a], r] - value[node, r]
                    x = regret[row + r, a] + delta
                    regret[row + r, a] = x if x > 0.0 else 0.0
                if nrows == 1:
                    for b in range(k):
                        own_reach += reach[node, player, b]
                    own_reach /= k
                else:
                    own_reach = reach[node, player, r]
                for a in range(na):
                    average[row + r, a] += weight * own_reach * sigma[r, a]
    total = 0.0
    for b in range(k):
        total += value[0, b]
    return total


REVEAL = 3


@jit(cache=True)
def sampled_pass(
    kind: np.ndarray,
    actor: np.ndarray,
    blind: np.ndarray,
    first: np.ndarray,
    count: np.ndarray,
    child: np.ndarray,
    bank: np.ndarray,
    paid: np.ndarray,
    active: np.ndarray,
    target: np.ndarray,
    row_of: np.ndarray,
    regret: np.ndarray,
    average: np.ndarray,
    deals: np.ndarray,
    first_iteration: int,
    reach: np.ndarray,
    value: np.ndarray,
    reached: np.ndarray,
) -> None:
    """Chance-sampled CFR+ for any number of players: one full pass per dealt row of
    ``deals`` (the players' strength classes), regrets of every player updated at once,
    averages weighted by the iteration number (``first_iteration`` for the first row).
    Subtrees that two players never reach are skipped (no regret there depends on them)."""
    n_nodes = kind.shape[0]
    n = deals.shape[1]
    max_a = regret.shape[1]
    sigma = np.empty((n_nodes, max_a))
    for d in range(deals.shape[0]):
        weight = float(first_iteration + d)
        cls = deals[d]
        for node in range(n_nodes):
            reached[node] = False
        reached[0] = True
        for s in range(n):
            reach[0, s] = 1.0
        for node in range(n_nodes):
            if not reached[node]:
                continue
            kd = kind[node]
            if kd == DECISION:
                p = actor[node]
                na = count[node]
                f = first[node]
                row = row_of[node] + (0 if blind[node] else cls[p])
                total = 0.0
                for a in range(na):
                    x = regret[row, a]
                    if x > 0.0:
                        total += x
                for a in range(na):
                    x = regret[row, a]
                    if total > 0.0:
                        sigma[node, a] = x / total if x > 0.0 else 0.0
                    else:
                        sigma[node, a] = 1.0 / na
                for a in range(na):
                    c = child[f + a]
                    zeros = 0
                    for s in range(n):
                        x = reach[node, s] * (sigma[node, a] if s == p else 1.0)
                        reach[c, s] = x
                        if x == 0.0:
                            zeros += 1
                    if zeros < 2:
                        reached[c] = True
                    else:  # two players never get here: no regret below depends on it
                        for s in range(n):
                            value[c, s] = 0.0
            elif kd == REVEAL:
                win = cls[actor[node]] > cls[target[node]]
                c = child[first[node] + (0 if win else 1)]
                reached[c] = True
                for s in range(n):
                    reach[c, s] = reach[node, s]
        for node in range(n_nodes - 1, -1, -1):
            if not reached[node]:
                continue
            kd = kind[node]
            mask = active[node]
            if kd == FIXED:
                winners = 0
                for s in range(n):
                    if mask >> s & 1:
                        winners += 1
                for s in range(n):
                    won = bank[node] / winners if mask >> s & 1 else 0.0
                    value[node, s] = won - paid[node, s]
            elif kd == SHOWDOWN:
                best = -1
                for s in range(n):
                    if mask >> s & 1 and cls[s] > best:
                        best = cls[s]
                winners = 0
                for s in range(n):
                    if mask >> s & 1 and cls[s] == best:
                        winners += 1
                for s in range(n):
                    won = bank[node] / winners if (mask >> s & 1 and cls[s] == best) else 0.0
                    value[node, s] = won - paid[node, s]
            elif kd == REVEAL:
                win = cls[actor[node]] > cls[target[node]]
                c = child[first[node] + (0 if win else 1)]
                for s in range(n):
                    value[node, s] = value[c, s]
            else:
                p = actor[node]
                na = count[node]
                f = first[node]
                for s in range(n):
                    acc = 0.0
                    for a in range(na):
                        acc += sigma[node, a] * value[child[f + a], s]
                    value[node, s] = acc
                row = row_of[node] + (0 if blind[node] else cls[p])
                others = 1.0
                for s in range(n):
                    if s != p:
                        others *= reach[node, s]
                for a in range(na):
                    x = regret[row, a] + others * (value[child[f + a], p] - value[node, p])
                    regret[row, a] = x if x > 0.0 else 0.0
                    average[row, a] += weight * reach[node, p] * sigma[node, a]
