"""The engine makes every seat's events in one place (``State.events``): the same values
whatever order and starting move they are asked in, one value for the seats that see an
event alike, and nothing carried into a clone."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine import State, sample_chance

GAMES = ["pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match", "tresillo",
         "lhombre"]  # fmt: skip


def _played(name: str, seed: int, moves: int) -> State:
    rng = random.Random(seed)
    state = tapete.load_game(name).new_initial_state()
    while not state.is_terminal() and state.move_number() < moves:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_events_are_the_same_whatever_was_asked_before(name: str) -> None:
    state = _played(name, seed=3, moves=60)
    seats: list[int | None] = [None, *range(state.game.num_players())]
    fresh = {seat: state.clone().events(seat) for seat in seats}
    rng = random.Random(5)
    for _ in range(40):  # ask from late and early moves in a random order
        seat = rng.choice(seats)
        since = rng.randrange(state.move_number() + 2)
        assert state.events(seat, since) == tuple(e for e in fresh[seat] if e.move >= since)
    for seat in seats:
        assert state.events(seat) == fresh[seat]


@pytest.mark.parametrize("name", GAMES)
def test_an_event_seen_alike_is_one_value(name: str) -> None:
    state = _played(name, seed=4, moves=40)
    spectator = state.events(None)
    for seat in range(state.game.num_players()):
        for mine, public in zip(state.events(seat), spectator, strict=True):
            assert (mine is public) == (mine == public)  # equal values are the same object


def test_a_clone_makes_its_own_events() -> None:
    state = _played("pocha", seed=6, moves=12)
    before = state.events(0)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.events(0)[: len(before)] == before
    assert len(clone.events(0)) > len(before)
    assert state.events(0) == before  # the original's log did not grow with the clone's
