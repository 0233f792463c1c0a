"""The engine's seams: actions that are not ints, error pickling, specs, events, deck indices."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.cards.decks import DECKS
from tapete.engine.api import GameSpec, State, as_action
from tapete.engine.events import EVERYONE, Event, can_see, seats_mask
from tapete.errors import (
    ConfigError,
    IllegalActionError,
    InconsistentViewError,
    NotationError,
    RecordError,
    TapeteError,
)

GAMES = ["pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match"]

#: Values a JSON client or a careless caller may send instead of an action number.
NOT_ACTIONS: list[Any] = [None, 1.5, 0.0, 1.0, 64.0, 88.0, "1", "play Ao", True, False, [1], {}]


def _positions(name: str, count: int, seed: int) -> list[State]:
    """``count`` states along one seeded random game (its start included)."""
    state = tapete.load_game(name).new_initial_state()
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_terminal() and len(out) < count:
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        out.append(state.clone())
    return out


def _snapshot(state: State) -> tuple[Any, ...]:
    return (state._key(), state.history(), state.view(None), state.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_values_that_are_not_ints_are_refused_and_change_nothing(name: str) -> None:
    for state in _positions(name, 8, seed=3):
        before = _snapshot(state)
        for value in NOT_ACTIONS:
            with pytest.raises(TapeteError):
                state.apply_action(value)
            assert state.is_legal(value) is False
            error = state.why_illegal(value)
            assert isinstance(error, IllegalActionError) and error.reason == "not_an_action"
            with pytest.raises(NotationError):
                state.action_to_string(value)
            assert _snapshot(state) == before, (name, value)
        if not state.is_terminal():  # the state still plays on
            state.clone().apply_action(state.legal_actions()[0])


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    value=st.one_of(
        st.floats(allow_nan=True),
        st.booleans(),
        st.none(),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=2),
    ),
)
def test_any_non_int_value_is_refused(name: str, seed: int, value: Any) -> None:
    state = _positions(name, 3, seed)[-1]
    before = _snapshot(state)
    with pytest.raises(TapeteError):
        state.apply_action(value)
    assert _snapshot(state) == before


def test_a_float_equal_to_a_legal_action_is_refused_in_every_game() -> None:
    for name in GAMES:
        state = tapete.load_game(name).new_initial_state()
        legal = state.legal_actions()[0]
        with pytest.raises(IllegalActionError, match="not an action number"):
            state.apply_action(float(legal))  # type: ignore[arg-type]
        assert state.move_number() == 0


def test_numpy_integers_are_actions() -> None:
    numpy = pytest.importorskip("numpy")
    state = tapete.load_game("pocha").new_initial_state()
    action = state.legal_actions()[3]
    assert as_action(numpy.int64(action)) == action
    state.apply_action(numpy.int16(action))
    assert state.history() == [action] and type(state.history()[0]) is int


def test_apply_string_refuses_what_is_not_text() -> None:
    state = tapete.load_game("ombre").new_initial_state()
    for value in (None, 5, b"deal"):
        with pytest.raises(NotationError):
            state.apply_string(value)  # type: ignore[arg-type]
    assert state.move_number() == 0


def test_illegal_action_errors_say_the_move_and_pickle_intact() -> None:
    state = tapete.load_game("pocha", hand_size=3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    try:
        state.apply_string("bid 9")
    except IllegalActionError as error:
        assert error.move == state.move_number()
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is IllegalActionError and str(again) == str(error)
        fields = ("detail", "seat", "phase", "action", "reason", "move")
        assert all(getattr(again, f) == getattr(error, f) for f in fields)
    else:
        pytest.fail("bid 9 with three cards was accepted")


@pytest.mark.parametrize("cls", [NotationError, ConfigError, RecordError, InconsistentViewError])
def test_other_errors_pickle_with_their_message(cls: type[TapeteError]) -> None:
    error = cls("something precise went wrong")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls and str(again) == str(error)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_loadable_spec(name: str) -> None:
    game = tapete.load_game(name)
    spec = game.spec
    assert spec.name == name and spec.load() == game
    assert GameSpec.from_dict(spec.to_dict()) == spec
    assert dict(spec.params) == dict(game.params)
    assert game.new_initial_state().view(None).spec == spec


def test_a_spec_from_bad_data_is_a_config_error() -> None:
    for data in ({}, {"game": 5}, {"game": "pocha", "params": []}, {"game": "nope"}):
        with pytest.raises(ConfigError):
            GameSpec.from_dict(data)  # type: ignore[arg-type]


def test_event_visibility_and_json() -> None:
    assert can_see(EVERYONE, None) and can_see(EVERYONE, 3)
    assert can_see(seats_mask(0, 2), 2) and not can_see(seats_mask(0, 2), 1)
    assert not can_see(seats_mask(0), None)
    event = Event(7, 2, "play", 5, (("card", tapete.Card.parse("Rc")),))
    assert Event.from_dict(event.to_dict()) == event
    hidden = Event(3, -1, "deal", None, (("to", 1),), hidden=True)
    assert Event.from_dict(hidden.to_dict()) == hidden
    assert hidden.arg("card") is None and hidden.arg("to") == 1


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_deck_local_indices_fit_64_bits_and_round_trip(deck: str) -> None:
    pack = DECKS[deck]
    assert pack.local_mask(pack.mask) == (1 << len(pack)) - 1 < 1 << 64
    assert [pack.index_of[c] for c in pack.card_ids] == list(range(len(pack)))
    assert sum(1 for i in pack.index_of if i >= 0) == len(pack)
    rng = random.Random(deck)
    for _ in range(50):
        cards = rng.sample(pack.card_ids, rng.randrange(len(pack)))
        mask = sum(1 << c for c in cards)
        assert pack.global_mask(pack.local_mask(mask)) == mask


@pytest.mark.parametrize("name", GAMES)
def test_one_event_per_action_and_views_json(name: str) -> None:
    state = tapete.load_game(name).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal() and state.move_number() < 400:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
        assert len(state.events(None)) == state.move_number()
    for seat in [None, *range(state.game.num_players())]:
        view = state.view(seat)
        assert tapete.PlayerView.from_dict(view.to_dict()) == view
        events = state.events(seat)
        assert [e.move for e in events] == list(range(state.move_number()))
        assert all((e.action is None) == e.hidden for e in events)
