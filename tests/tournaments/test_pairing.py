"""Seating tournament rounds: examples worked by hand and bounded properties."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.tournaments import seat_round
from tapete.tournaments.pairing import Method, repeat_cost


def _names(n: int) -> list[str]:
    return [f"e{i:02d}" for i in range(n)]


def _play(
    entrants: list[str], size: int, rounds: int, method: Method, seed: str = "s"
) -> tuple[list[list[list[str]]], Counter[frozenset[str]]]:
    """Seat ``rounds`` rounds one after the other, counting the meetings as a server would."""
    met: Counter[frozenset[str]] = Counter()
    totals: dict[str, float] = dict.fromkeys(entrants, 0.0)
    schedule = []
    for r in range(rounds):
        tables = seat_round(entrants, size, r, method, totals, met, seed)
        schedule.append(tables)
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
            for place, key in enumerate(table):
                totals[key] += place  # any scores will do
    return schedule, met


def _partitions(items: list[str], size: int) -> list[list[list[str]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for companions in combinations(rest, size - 1):
        left = [x for x in rest if x not in companions]
        for tail in _partitions(left, size):
            out.append([[first, *companions], *tail])
    return out


@pytest.mark.parametrize(
    ("entrants", "size", "message"),
    [
        (_names(5), 2, "5 entrants cannot fill tables of 2"),
        ([], 2, "0 entrants cannot fill tables of 2"),
        (_names(2), 1, "table size 1 is not between 2 and 8"),
        (_names(9), 9, "table size 9 is not between 2 and 8"),
        (["a", "a"], 2, "an entrant is listed twice"),
    ],
)
def test_refuses_what_cannot_be_seated(entrants: list[str], size: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        seat_round(entrants, size, 0, "swiss", {}, {}, "s")


def test_refuses_an_unknown_method_and_a_negative_round() -> None:
    with pytest.raises(ValueError, match="unknown seating method 'knockout'"):
        seat_round(_names(4), 2, 0, "knockout", {}, {}, "s")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="round index -1 is negative"):
        seat_round(_names(4), 2, -1, "swiss", {}, {}, "s")


def test_swiss_seats_neighbours_in_the_standings() -> None:
    totals = {"a": 5, "b": 9, "c": 1, "d": 7, "e": 3, "f": 0}
    tables = seat_round(list(totals), 3, 2, "swiss", totals, {}, "s")
    assert [sorted(t) for t in tables] == [["a", "b", "d"], ["c", "e", "f"]]


def test_swiss_swaps_across_the_boundary_to_avoid_a_rematch() -> None:
    # by totals: b d | a e; b and d met already: the nearest swap is d <-> a
    totals = {"a": 5, "b": 9, "d": 7, "e": 3}
    tables = seat_round(list(totals), 2, 1, "swiss", totals, {frozenset("bd"): 1}, "s")
    assert [sorted(t) for t in tables] == [["a", "b"], ["d", "e"]]


def test_swiss_keeps_a_rematch_no_swap_can_avoid() -> None:
    # two entrants: they meet again
    assert sorted(seat_round(["x", "y"], 2, 3, "swiss", {}, {frozenset("xy"): 3}, "s")[0]) == [
        "x",
        "y",
    ]


@pytest.mark.parametrize(
    ("count", "size", "rounds"),
    [(9, 3, 4), (4, 2, 3), (6, 2, 5), (8, 2, 7), (10, 2, 9), (25, 5, 6), (4, 4, 3)],
)
def test_round_robin_meets_everybody_once_where_a_schedule_exists(
    count: int, size: int, rounds: int
) -> None:
    entrants = _names(count)
    _, met = _play(entrants, size, rounds, "round_robin")
    if count == size:
        assert set(met.values()) == {rounds}
    else:
        assert met == Counter({frozenset(p): 1 for p in combinations(entrants, 2)})


def test_round_robin_of_six_in_tables_of_three_repeats_as_little_as_it_can() -> None:
    # round 1 splits 6 into two triples; in round 2 each table holds two of one triple at
    # least: one repeat a table is the fewest
    schedule, met = _play(_names(6), 3, 2, "round_robin")
    first = {frozenset(t) for t in schedule[0]}
    assert [
        sum(frozenset(p) <= t for t in first for p in combinations(tb, 2)) for tb in schedule[1]
    ] == [1, 1]
    assert max(met.values()) == 2


def test_round_robin_ignores_the_totals_and_is_deterministic() -> None:
    entrants = _names(12)
    met = {frozenset(("e00", "e01")): 1}
    one = seat_round(entrants, 4, 1, "round_robin", {}, met, "seed")
    two = seat_round(entrants, 4, 1, "round_robin", {"e05": 30.0, "e07": -2.0}, met, "seed")
    assert one == two
    assert seat_round(entrants, 4, 1, "round_robin", {}, met, "seed") == one
    assert seat_round(entrants, 4, 1, "round_robin", {}, met, "other seed") != one


def test_seats_rotate_at_a_table_that_keeps_its_players() -> None:
    # four players at one table for four rounds: each holds each seat once
    schedule, _ = _play(["n", "e", "s", "w"], 4, 4, "round_robin")
    for key in "nesw":
        assert sorted(tables[0].index(key) for tables in schedule) == [0, 1, 2, 3]


SIZES = st.integers(min_value=2, max_value=8)


@st.composite
def fields(draw: st.DrawFn, most: int = 40) -> tuple[list[str], int]:
    size = draw(SIZES)
    tables = draw(st.integers(min_value=1, max_value=max(1, most // size)))
    return _names(size * tables), size


@settings(max_examples=40, deadline=None)
@given(
    field=fields(),
    method=st.sampled_from(["swiss", "round_robin"]),
    round_index=st.integers(min_value=0, max_value=20),
    seed=st.text(max_size=8),
    data=st.data(),
)
def test_every_entrant_is_seated_once_at_a_full_table(
    field: tuple[list[str], int], method: Method, round_index: int, seed: str, data: st.DataObject
) -> None:
    entrants, size = field
    totals = {e: data.draw(st.integers(-50, 50)) for e in entrants}
    pairs = list(combinations(entrants, 2))[:60]
    met = {frozenset(p): data.draw(st.integers(0, 3)) for p in pairs}
    tables = seat_round(entrants, size, round_index, method, totals, met, seed)
    assert all(len(t) == size for t in tables)
    assert sorted(e for t in tables for e in t) == sorted(entrants)
    assert seat_round(entrants, size, round_index, method, totals, met, seed) == tables


@settings(max_examples=40, deadline=None)
@given(
    field=st.sampled_from([(4, 2), (6, 2), (8, 2), (6, 3), (9, 3), (8, 4), (6, 6)]),
    round_index=st.integers(min_value=0, max_value=9),
    seed=st.text(max_size=4),
    data=st.data(),
)
def test_round_robin_seats_the_fewest_repeats_that_can_be(
    field: tuple[int, int], round_index: int, seed: str, data: st.DataObject
) -> None:
    """Whatever the meetings so far, no seating of the round repeats fewer (brute force)."""
    count, size = field
    entrants = _names(count)
    met = {
        frozenset(p): data.draw(st.integers(0, 3), label=str(p))
        for p in combinations(entrants, 2)
        if data.draw(st.booleans())
    }
    tables = seat_round(entrants, size, round_index, "round_robin", {}, met, seed)
    fewest = min(repeat_cost(p, met) for p in _partitions(entrants, size))
    assert repeat_cost(tables, met) == fewest


@settings(max_examples=20, deadline=None)
@given(seed=st.text(max_size=8), field=st.sampled_from([(9, 3, 4), (8, 2, 7), (16, 4, 2)]))
def test_round_robin_repeats_nobody_while_a_schedule_allows(
    seed: str, field: tuple[int, int, int]
) -> None:
    count, size, rounds = field
    _, met = _play(_names(count), size, rounds, "round_robin", seed)
    assert set(met.values()) == {1}


@settings(max_examples=30, deadline=None)
@given(field=fields(24), seed=st.text(max_size=4), data=st.data())
def test_swiss_never_repeats_more_than_plain_neighbours(
    field: tuple[list[str], int], seed: str, data: st.DataObject
) -> None:
    entrants, size = field
    totals = {e: float(data.draw(st.integers(0, 5))) for e in entrants}
    met = {
        frozenset(p): data.draw(st.integers(1, 2))
        for p in combinations(entrants, 2)
        if data.draw(st.integers(0, 3)) == 0
    }
    tables = seat_round(entrants, size, 1, "swiss", totals, met, seed)
    plain = seat_round(entrants, size, 1, "swiss", totals, {}, seed)
    assert repeat_cost(tables, met) <= repeat_cost(plain, met)
    # with no meetings, the first table holds the leaders
    leaders = sorted(totals.values(), reverse=True)[:size]
    assert sorted((totals[e] for e in plain[0]), reverse=True) == leaders
