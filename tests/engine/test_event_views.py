"""The engine makes every seat's events in one place (``State.events``): the same values
whatever order and starting move they are asked in, one value for the seats that see an
event alike, and nothing carried into a clone."""

from __future__ import annotations

import json
import random

import pytest

import tapete
from tapete.engine import State, sample_chance
from tapete.testing import decision_states

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


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_shares_the_events_of_the_moves_it_shares(name: str) -> None:
    """A clone's events of the moves it shares with its original are the original's values
    (so its views cost only its own moves); its later ones are its own, whichever moves on
    first, also through a clone of an unused clone; the original never sees them."""
    rng = random.Random(8)
    state = _played(name, seed=7, moves=30)
    seats: list[int | None] = [*range(state.game.num_players()), None]
    before = {seat: state.events(seat) for seat in seats}
    texts = {seat: state.information_text(seat) for seat in seats}
    clone = state.clone().clone()  # a clone of a clone nobody asked
    for moved in (state, clone):  # the original moves on first, then the clone
        if not moved.is_terminal():
            moved.apply_action(
                sample_chance(moved, rng)
                if moved.is_chance_node()
                else rng.choice(moved.legal_actions())
            )
    for seat in seats:  # the original asks first: its new values must not reach the clone
        assert state.events(seat) == _replayed(state).events(seat)
        assert state.information_text(seat).startswith(texts[seat])
        mine = clone.events(seat)
        assert all(a is b for a, b in zip(mine, before[seat], strict=False))
        assert len(mine) >= len(before[seat])
        assert mine == _replayed(clone).events(seat)  # what a fresh state makes
        assert clone.information_text(seat) == _replayed(clone).information_text(seat)


def _replayed(state: State) -> State:
    fresh = state.game.new_initial_state()
    for action in state.history():
        fresh.apply_action(action)
    return fresh


DEAL_GAMES = {
    "pocha": {"n_players": 3, "hand_size": 1},
    "trynka": {"n_players": 2},
    "ombre": {},
    "tresillo": {},
    "lhombre": {},
}


@pytest.mark.parametrize("name", DEAL_GAMES)
def test_the_information_text_parts_states_as_the_views_do(name: str) -> None:
    """Two states give a seat the same ``information_text`` exactly when they give it the
    same view (with its events): over random games (small ones, whose states meet often)
    and over worlds sampled from a seat's view, which share its information."""
    params = DEAL_GAMES[name]
    game = tapete.load_game(name, **params)
    states = decision_states(game, random.Random(5), 60 if name in ("pocha", "trynka") else 4)
    by_text: dict[tuple[int, str], str] = {}
    by_view: dict[tuple[int, str], str] = {}
    met = 0
    rng = random.Random(6)
    for state in states:
        worlds = [state]
        seat = state.current_player()
        if name not in ("pocha", "trynka") or rng.random() < 0.1:
            for _ in range(2):
                sampled = game.sample_consistent_state(state.view(seat), rng)
                world = game.new_initial_state()
                for action in sampled.history():
                    world.apply_action(action)
                worlds.append(world)
        for world in worlds:
            for who in (seat, None):
                text = world.information_text(who)
                view = json.dumps(world.view(who).to_dict(), sort_keys=True, default=str)
                met += (who, text) in by_text
                assert by_text.setdefault((who, text), view) == view, (who, text)
                assert by_view.setdefault((who, view), text) == text, (who, view[:200])
    assert met > 50  # states did share information: the check had something to compare
