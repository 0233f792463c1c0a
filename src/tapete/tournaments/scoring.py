"""Scoring a tournament: duplicate scores of a round and the standings with tie-breaks.

In a duplicate round every table plays the same deals and seat ``s`` holds the same cards at
every table, so a seat is measured against the others who held its cards: its score minus
their mean. The duplicate scores of one seat across the tables sum to zero.

>>> duplicate_scores([[10, -5, -5], [4, 1, -5], [-2, 2, 0]])
[[9.0, -6.5, -2.5], [0.0, 2.5, -2.5], [-9.0, 4.0, 5.0]]

The standings order the entrants by total, then by the sum of the totals of everybody they
met (Buchholz's tie-break), then by the number of tables they topped; entrants equal on all
three share a rank (1, 1, 3).

>>> for s in standings([[(["a", "b"], [2.0, 0.0]), (["c", "d"], [1.0, 1.0])]]):
...     print(s.rank, s.entrant, s.total, s.opponents_total, s.firsts)
1 a 2.0 0.0 1
2 c 1.0 1.0 1
2 d 1.0 1.0 1
4 b 0.0 2.0 0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["PLACES", "Standing", "duplicate_scores", "standings"]

#: Decimal places kept in totals, so that sums equal on paper (of thirds, say) compare equal.
PLACES = 9


def duplicate_scores(results: Sequence[Sequence[float]]) -> list[list[float]]:
    """results[t][s]: score of seat s at table t of a duplicate round (all tables played the
    same deals, seat s held the same cards everywhere). Each seat's duplicate score = its
    score minus the mean of the others who held the same cards (same s, other tables); 0.0
    with one table. Every table must have the same number of seats (``ValueError``).

    >>> duplicate_scores([[3, -3]])
    [[0.0, 0.0]]
    >>> duplicate_scores([[3, -3], [1, -1]])
    [[2.0, -2.0], [-2.0, 2.0]]
    """
    tables = [[float(x) for x in table] for table in results]
    if not tables:
        return []
    seats = len(tables[0])
    if any(len(table) != seats for table in tables):
        raise ValueError("the tables of a duplicate round must have the same number of seats")
    count = len(tables)
    if count == 1:
        return [[0.0] * seats]
    sums = [sum(table[s] for table in tables) for s in range(seats)]
    return [
        [table[s] - (sums[s] - table[s]) / (count - 1) for s in range(seats)] for table in tables
    ]


@dataclass(frozen=True)
class Standing:
    """An entrant's line in the standings.

    ``total``: the sum of its round scores; ``opponents_total``: the sum of the totals of
    everybody it shared a table with (once per meeting); ``firsts``: the tables where its
    score was the highest (shared or not); ``rounds``: the rounds it played. Totals are
    rounded to `PLACES` decimal places, and scores compared at a table to as many.
    """

    entrant: str
    rank: int
    total: float
    opponents_total: float
    firsts: int
    rounds: int


def standings(rounds: Sequence[Sequence[tuple[list[str], list[float]]]]) -> list[Standing]:
    """rounds[r] = the round's tables, each (entrant keys in seat order, their round scores —
    duplicate scores when the tournament is duplicate). Order: total desc, then tie-breaks:
    opponents_total (sum of the totals of everyone met, Buchholz-like) desc, then firsts
    (times top of a table) desc; equal on all three share the rank. Entrants with the same
    rank are listed by key. A table whose scores do not match its entrants is a ``ValueError``.

    >>> [(s.rank, s.entrant) for s in standings([[(["x", "y"], [1, 1])]])]
    [(1, 'x'), (1, 'y')]
    >>> standings([])
    []
    """
    totals: dict[str, float] = {}
    met: dict[str, list[str]] = {}
    firsts: dict[str, int] = {}
    played: dict[str, int] = {}
    for tables in rounds:
        for keys, scores in tables:
            if len(keys) != len(scores) or not keys:
                raise ValueError(f"table {keys!r} has scores {scores!r}")
            exact = [round(float(x), PLACES) for x in scores]
            top = max(exact)
            for key, score, kept in zip(keys, scores, exact, strict=True):
                totals[key] = totals.get(key, 0.0) + float(score)
                played[key] = played.get(key, 0) + 1
                firsts[key] = firsts.get(key, 0) + (kept == top)
                met.setdefault(key, []).extend(other for other in keys if other != key)
    total = {key: round(value, PLACES) for key, value in totals.items()}
    opponents = {key: round(sum(total[o] for o in met[key]), PLACES) for key in total}

    def merit(key: str) -> tuple[float, float, int]:
        return (-total[key], -opponents[key], -firsts[key])

    order = sorted(total, key=lambda key: (merit(key), key))
    lines = []
    rank = 0
    for place, key in enumerate(order, start=1):
        if place == 1 or merit(key) != merit(order[place - 2]):
            rank = place
        lines.append(Standing(key, rank, total[key], opponents[key], firsts[key], played[key]))
    return lines
