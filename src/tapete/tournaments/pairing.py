"""Seating a tournament round: Swiss or round-robin, tables of 2 to 8 seats.

`seat_round` returns a round's tables, each a list of entrant keys in seat order. It is a
pure function of its arguments (the seed draws the lot with SHA-256, no random state), so a
server that restarts seats the same round the same way.

* ``round_robin`` spreads the meetings as evenly as it can, whatever the scores: each round is
  a partition of the entrants whose repeat meetings (two entrants sharing a table again, a
  pair that met ``m`` times before costing ``m * m``) are fewest. Where a perfect schedule is
  known it is followed round by round: Berger's circle for tables of two (``n - 1`` rounds in
  which everybody meets everybody once) and the parallel classes of the affine plane for ``p * p``
  entrants in tables of a prime ``p`` (``p + 1`` rounds: 9 entrants in tables of 3 meet
  each other exactly once in 4 rounds). Otherwise a bounded branch-and-bound search, then
  swaps between tables, finds the partition (exactly, for up to a dozen entrants).
* ``swiss`` sorts the entrants by their totals (ties by the seeded lot), seats neighbours
  together, then swaps entrants between neighbouring tables while that lowers the repeat
  meetings.

Inside each table the seats rotate with the round: the table's entrants in the order of the
lot, turned by the round number, so players who share a table again do not sit as before.

>>> totals = {"a": 1, "b": 3, "c": 2, "d": 0}
>>> [sorted(table) for table in seat_round("abcd", 2, 0, "swiss", totals, {}, "s")]
[['b', 'c'], ['a', 'd']]
>>> met = {frozenset("bc"): 1}
>>> [sorted(table) for table in seat_round("abcd", 2, 1, "swiss", totals, met, "s")]
[['a', 'b'], ['c', 'd']]
>>> rounds = [seat_round("abcdef", 2, r, "round_robin", {}, {}, "s") for r in range(5)]
>>> pairs = [frozenset(t) for tables in rounds for t in tables]
>>> len(pairs), len(set(pairs))
(15, 15)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Literal

__all__ = ["MAX_TABLE_SIZE", "MIN_TABLE_SIZE", "Method", "repeat_cost", "seat_round"]

#: How a round is seated.
Method = Literal["swiss", "round_robin"]

MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 8

#: The fields searched exactly (branch and bound, within a node budget); a larger field is
#: seated greedily, then improved by swaps.
_EXACT_UP_TO = 12
_SEARCH_NODES = 50_000
#: Swaps weighed at most over all the passes (tables squared times seats squared per pass).
_SWAP_WORK = 400_000
#: Passes of improving swaps between tables.
_SWAP_PASSES = 50


def seat_round(
    entrants: Sequence[str],
    table_size: int,
    round_index: int,
    method: Method,
    totals: Mapping[str, float],
    met: Mapping[frozenset[str], int],
    seed: str,
) -> list[list[str]]:
    """Tables of a round (each a list of `table_size` entrant keys in seat order).

    ``len(entrants)`` must be a multiple of ``table_size`` (2 to 8), the keys distinct, else
    ``ValueError``. ``swiss``: sort by total (a missing total counts 0; ties by the seeded
    lot), group neighbours, then swap to reduce repeat meetings (``met`` counts how often two
    entrants shared a table). ``round_robin``: a schedule that spreads meetings as evenly as
    possible (fewest repeats) independent of totals. Seats inside a table rotate across rounds
    (the lot's order turned by the round number: the same players meeting again change
    seats). Deterministic given its arguments.

    >>> for r in range(3):
    ...     print(seat_round(["ann", "bob", "cy"], 3, r, "round_robin", {}, {}, "x"))
    [['cy', 'bob', 'ann']]
    [['bob', 'ann', 'cy']]
    [['ann', 'cy', 'bob']]
    >>> seat_round(["ann", "bob", "cy"], 2, 0, "swiss", {}, {}, "x")
    Traceback (most recent call last):
    ...
    ValueError: 3 entrants cannot fill tables of 2
    """
    keys = list(entrants)
    _check(keys, table_size, round_index, method)
    lot = sorted(keys, key=lambda key: (_draw(seed, key), key))
    position = {key: i for i, key in enumerate(lot)}
    if method == "swiss":
        order = sorted(lot, key=lambda key: (-float(totals.get(key, 0.0)), position[key]))
        tables = _swiss(order, table_size, met)
    else:
        tables = _round_robin(lot, table_size, round_index, met)
    return [_rotate(sorted(table, key=position.__getitem__), round_index) for table in tables]


def repeat_cost(tables: Sequence[Sequence[str]], met: Mapping[frozenset[str], int]) -> int:
    """The repeat meetings a seating makes: each pair at a table that met ``m`` times before
    costs ``m * m`` (so two pairs meeting a second time cost less than one pair a third time).

    >>> repeat_cost([["a", "b", "c"]], {frozenset("ab"): 1, frozenset("bc"): 2})
    5
    """
    return sum(_pair_cost(met, a, b) for table in tables for a, b in combinations(table, 2))


def _check(keys: list[str], table_size: int, round_index: int, method: str) -> None:
    if method not in ("swiss", "round_robin"):
        raise ValueError(f"unknown seating method {method!r} (swiss or round_robin)")
    if not MIN_TABLE_SIZE <= table_size <= MAX_TABLE_SIZE:
        raise ValueError(
            f"table size {table_size} is not between {MIN_TABLE_SIZE} and {MAX_TABLE_SIZE}"
        )
    if round_index < 0:
        raise ValueError(f"round index {round_index} is negative")
    if len(set(keys)) != len(keys):
        raise ValueError("an entrant is listed twice")
    if not keys or len(keys) % table_size:
        raise ValueError(f"{len(keys)} entrants cannot fill tables of {table_size}")


def _draw(seed: str, key: str) -> str:
    return hashlib.sha256(f"{seed}\x00{key}".encode()).hexdigest()


def _pair_cost(met: Mapping[frozenset[str], int], a: str, b: str) -> int:
    times = met.get(frozenset((a, b)), 0)
    return times * times


def _rotate(table: list[str], round_index: int) -> list[str]:
    shift = round_index % len(table)
    return table[shift:] + table[:shift]


def _swiss(order: list[str], size: int, met: Mapping[frozenset[str], int]) -> list[list[str]]:
    tables = [order[i : i + size] for i in range(0, len(order), size)]
    for _ in range(_SWAP_PASSES):
        if not _improve(tables, met, neighbours_only=True):
            break
    return tables


def _round_robin(
    lot: list[str], size: int, round_index: int, met: Mapping[frozenset[str], int]
) -> list[list[str]]:
    found = _search(lot, size, met)
    known = _known_schedule(lot, size, round_index)
    if known is not None and repeat_cost(known, met) <= repeat_cost(found, met):
        return known
    return found


def _known_schedule(lot: list[str], size: int, round_index: int) -> list[list[str]] | None:
    """A round of a perfect schedule, where one is known for these numbers."""
    n = len(lot)
    if n == size:
        return [list(lot)]
    if size == 2:
        return _circle(lot, round_index % (n - 1))
    if n == size * size and _is_prime(size):
        return _affine(lot, size, round_index % (size + 1))
    return None


def _circle(lot: list[str], r: int) -> list[list[str]]:
    """Berger's circle: the first entrant stays, the others turn one place a round."""
    n = len(lot)
    ring = lot[1:]
    ring = ring[r:] + ring[:r]
    circle = [lot[0], *ring]
    return [[circle[i], circle[n - 1 - i]] for i in range(n // 2)]


def _affine(lot: list[str], p: int, r: int) -> list[list[str]]:
    """Parallel class ``r`` of the affine plane over Z_p: entrant ``x * p + y`` is the point
    (x, y); class ``m < p`` holds the lines y = m x + b, class ``p`` the lines x = c."""
    if r == p:
        return [[lot[x * p + y] for y in range(p)] for x in range(p)]
    return [[lot[x * p + (r * x + b) % p] for x in range(p)] for b in range(p)]


def _is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def _search(lot: list[str], size: int, met: Mapping[frozenset[str], int]) -> list[list[str]]:
    """The partition of fewest repeat meetings. A small field (up to `_EXACT_UP_TO`): depth
    first (cheapest companion first, so the first leaf is the greedy seating), bounded by the
    best found and by a node budget; a larger one: the greedy seating. Then improving swaps
    between any two tables (fewer passes the more tables there are)."""
    n = len(lot)
    cost = [[_pair_cost(met, a, b) for b in lot] for a in lot]
    chosen = _exact(cost, size) if n <= _EXACT_UP_TO else _greedy(cost, size)
    seating = [[lot[i] for i in table] for table in chosen]
    count = len(seating)
    passes = max(1, min(_SWAP_PASSES, _SWAP_WORK // (count * count * size * size)))
    for _ in range(passes):
        if not _improve(seating, met, neighbours_only=False):
            break
    return seating


def _greedy(cost: list[list[int]], size: int) -> list[list[int]]:
    """Tables filled one after the other: the first entrant not seated, then whoever adds the
    fewest repeats to the table (the first in the lot on a tie)."""
    free = list(range(len(cost)))
    tables = []
    while free:
        table = [free.pop(0)]
        while len(table) < size:
            pick = min(free, key=lambda i: (sum(cost[i][j] for j in table), i))
            free.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def _exact(cost: list[list[int]], size: int) -> list[list[int]]:
    """The partition of fewest repeats of a small field (branch and bound, a node budget)."""
    n = len(cost)
    taken = [False] * n
    best: list[list[int]] = []
    best_cost = [-1]
    budget = [_SEARCH_NODES]
    tables: list[list[int]] = []

    def descend(spent: int) -> bool:
        """True to stop (a seating without any repeat, or the budget spent)."""
        if best_cost[0] >= 0 and spent >= best_cost[0]:
            return False
        budget[0] -= 1
        if tables and len(tables[-1]) < size:
            table = tables[-1]
            start = table[-1] + 1
            candidates = [i for i in range(start, n) if not taken[i]]
            need = size - len(table)
            if len(candidates) < need:
                return False
            added = sorted((sum(cost[i][j] for j in table), i) for i in candidates)
            for extra, i in added:
                if best_cost[0] >= 0 and budget[0] <= 0:
                    return True
                taken[i] = True
                table.append(i)
                stop = descend(spent + extra)
                table.pop()
                taken[i] = False
                if stop:
                    return True
            return False
        first = next((i for i in range(n) if not taken[i]), None)
        if first is None:
            best[:] = [list(t) for t in tables]
            best_cost[0] = spent
            return spent == 0
        taken[first] = True
        tables.append([first])
        stop = descend(spent)
        tables.pop()
        taken[first] = False
        return stop

    descend(0)
    return best


def _improve(
    tables: list[list[str]], met: Mapping[frozenset[str], int], *, neighbours_only: bool
) -> bool:
    """Make the one swap of two entrants between two tables that lowers the repeat meetings
    most (between neighbouring tables only for Swiss, the nearest first on a tie); False
    when no swap helps."""
    best: tuple[tuple[int, int, int, int], int, int, int, int] | None = None
    for t in range(len(tables)):
        last = t + 2 if neighbours_only else len(tables)
        for u in range(t + 1, min(last, len(tables))):
            for i, a in enumerate(tables[t]):
                rest_t = [x for x in tables[t] if x != a]
                before_a = sum(_pair_cost(met, a, x) for x in rest_t)
                for j, b in enumerate(tables[u]):
                    rest_u = [x for x in tables[u] if x != b]
                    before = before_a + sum(_pair_cost(met, b, x) for x in rest_u)
                    after = sum(_pair_cost(met, b, x) for x in rest_t) + sum(
                        _pair_cost(met, a, x) for x in rest_u
                    )
                    gain = before - after
                    if gain <= 0:
                        continue
                    # in Swiss order the last of table t and the first of table u are the
                    # nearest in score
                    distance = (len(tables[t]) - 1 - i) + j
                    key = (gain, t - u, -distance, -t)
                    if best is None or key > best[0]:
                        best = (key, t, u, i, j)
    if best is None:
        return False
    _, t, u, i, j = best
    tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
    return True
