"""Scoring tournament rounds: duplicate scores and standings, by hand and as properties."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.tournaments import Standing, duplicate_scores, standings


def test_duplicate_scores_by_hand() -> None:
    # seat 0 held the same cards at the three tables: 10, 4, -2 (sum 12); at table 0 it
    # scored 10 against the others' mean (4 - 2) / 2 = 1: +9
    results = [[10, -5, -5], [4, 1, -5], [-2, 2, 0]]
    assert duplicate_scores(results) == [[9.0, -6.5, -2.5], [0.0, 2.5, -2.5], [-9.0, 4.0, 5.0]]


def test_one_table_has_nobody_to_compare_with() -> None:
    assert duplicate_scores([[7, -3, -4]]) == [[0.0, 0.0, 0.0]]
    assert duplicate_scores([]) == []


def test_duplicate_tables_must_agree_on_their_seats() -> None:
    with pytest.raises(ValueError, match="same number of seats"):
        duplicate_scores([[1, 2, 3], [1, 2]])


def test_standings_by_hand_with_each_tie_break() -> None:
    # round 1: a beats b, c beats d, e ties f; round 2: a-c, b-e, d-f
    rounds = [
        [(["a", "b"], [3.0, -3.0]), (["c", "d"], [3.0, -3.0]), (["e", "f"], [0.0, 0.0])],
        [(["a", "c"], [1.0, -1.0]), (["b", "e"], [2.0, -2.0]), (["d", "f"], [-1.0, 1.0])],
    ]
    # totals a 4, b -1, c 2, d -4, e -2, f 1
    # opponents: a: b + c = 1; c: d + a = 0; f: e + d = -6; b: a + e = 2; e: f + b = 0;
    # d: c + f = 3
    table = [
        (s.rank, s.entrant, s.total, s.opponents_total, s.firsts, s.rounds)
        for s in standings(rounds)
    ]
    assert table == [
        (1, "a", 4.0, 1.0, 2, 2),
        (2, "c", 2.0, 0.0, 1, 2),
        (3, "f", 1.0, -6.0, 2, 2),
        (4, "b", -1.0, 2.0, 1, 2),
        (5, "e", -2.0, 0.0, 1, 2),
        (6, "d", -4.0, 3.0, 0, 2),
    ]


def test_opponents_then_firsts_break_ties_and_full_ties_share_the_rank() -> None:
    rounds = [
        [(["a", "b", "c"], [2.0, 0.0, 0.0]), (["d", "e", "f"], [1.0, 1.0, 0.0])],
        [
            (["a", "d", "x"], [0.0, 1.0, 1.0]),
            (["b", "e", "y"], [0.0, 0.0, 2.0]),
            (["c", "f", "z"], [0.0, 0.0, 0.0]),
        ],
    ]
    lines = {s.entrant: s for s in standings(rounds)}
    # a, d, y total 2; a met b, c, d, x (0 + 0 + 2 + 1 = 3), d met e, f, a, x (1 + 0 + 2 +
    # 1 = 4), y met b, e (0 + 1 = 1): d, a, y
    assert [lines[k].rank for k in "day"] == [1, 2, 3]
    # e and x total 1; e met d, f, b, y: 2 + 0 + 0 + 2 = 4; x met a, d: 4; firsts e 1
    # (round 1, shared) + 0, x 1 (round 2, shared): full tie
    assert (lines["e"].rank, lines["x"].rank) == (4, 4)
    assert lines["x"].rounds == 1
    assert [s.entrant for s in standings(rounds)][3:5] == ["e", "x"]
    # thirds that are equal on paper compare equal
    thirds = standings([[(["p", "q"], [0.1 + 0.2, 0.3])]])
    assert thirds[0].rank == thirds[1].rank == 1


def test_a_table_whose_scores_do_not_fit_is_refused() -> None:
    with pytest.raises(ValueError, match="has scores"):
        standings([[(["a", "b"], [1.0])]])


SCORES = st.integers(min_value=-30, max_value=30)


@settings(max_examples=60, deadline=None)
@given(
    results=st.integers(1, 6).flatmap(
        lambda seats: st.lists(
            st.lists(SCORES, min_size=seats, max_size=seats), min_size=1, max_size=8
        )
    ),
    shift=SCORES,
)
def test_duplicate_scores_of_a_seat_group_sum_to_zero(results: list[list[int]], shift: int) -> None:
    scores = duplicate_scores(results)
    assert [len(t) for t in scores] == [len(t) for t in results]
    for s in range(len(results[0])):
        assert math.isclose(sum(t[s] for t in scores), 0.0, abs_tol=1e-9)
    # the cards count for nothing: the same shift at every table of a seat changes nothing
    shifted = duplicate_scores([[x + shift * (s == 0) for s, x in enumerate(t)] for t in results])
    for a, b in zip(scores, shifted, strict=True):
        assert all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b, strict=True))


@st.composite
def tournaments(draw: st.DrawFn) -> list[list[tuple[list[str], list[float]]]]:
    entrants = [f"e{i}" for i in range(draw(st.integers(2, 12)))]
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(entrants))
        size = draw(st.integers(2, len(entrants)))
        tables = [order[i : i + size] for i in range(0, len(order) - size + 1, size)]
        rounds.append([(t, [float(draw(st.integers(-3, 3))) for _ in t]) for t in tables])
    return rounds


def _merit(s: Standing) -> tuple[float, float, int]:
    return (-s.total, -s.opponents_total, -s.firsts)


@settings(max_examples=60, deadline=None)
@given(rounds=tournaments())
def test_standings_ranks_agree_with_their_keys(
    rounds: list[list[tuple[list[str], list[float]]]],
) -> None:
    lines = standings(rounds)
    seated = {k for tables in rounds for keys, _ in tables for k in keys}
    assert sorted(s.entrant for s in lines) == sorted(seated)
    assert [s.rank for s in lines] == sorted(s.rank for s in lines)
    for s in lines:
        assert s.rank == 1 + sum(_merit(o) < _merit(s) for o in lines)
        scores = [
            x
            for tables in rounds
            for keys, xs in tables
            for k, x in zip(keys, xs, strict=True)
            if k == s.entrant
        ]
        assert s.total == sum(scores)
        assert s.rounds == len(scores)
    for a, b in itertools.pairwise(lines):
        assert _merit(a) <= _merit(b)
        assert (a.rank == b.rank) == (_merit(a) == _merit(b))
        if a.rank == b.rank:
            assert a.entrant < b.entrant
