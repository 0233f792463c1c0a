"""Tournaments, the pure part: seating the rounds and scoring them (standard library only).

A tournament's rounds are seated by `seat_round` (Swiss or round-robin, tables of 2 to 8
seats), a duplicate round's table results become `duplicate_scores` (each seat against the
others who held the same cards), and `standings` ranks the entrants with tie-breaks. The
server (``tapete.web``) stores tournaments and runs their tables; these functions only
compute, deterministically, from what they are given.

>>> from tapete.tournaments import seat_round, duplicate_scores, standings
>>> seating = seat_round(["a", "b", "c", "d"], 2, 0, "round_robin", {}, {}, "seed")
>>> seating
[['a', 'b'], ['d', 'c']]
>>> scores = duplicate_scores([[5, -5], [1, -1]])
>>> scores
[[4.0, -4.0], [-4.0, 4.0]]
>>> [(s.rank, s.entrant, s.total) for s in standings([list(zip(seating, scores))])]
[(1, 'a', 4.0), (1, 'c', 4.0), (3, 'b', -4.0), (3, 'd', -4.0)]
"""

from tapete.tournaments.pairing import MAX_TABLE_SIZE, MIN_TABLE_SIZE, Method, seat_round
from tapete.tournaments.scoring import Standing, duplicate_scores, standings

__all__ = [
    "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE",
    "Method",
    "Standing",
    "duplicate_scores",
    "seat_round",
    "standings",
]
