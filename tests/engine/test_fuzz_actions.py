"""Fuzz: any text or number given as an action to any game is either accepted or refused
with a :class:`TapeteError` (never another exception), and a refusal changes nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine import sample_chance
from tapete.errors import IllegalActionError, TapeteError

VERBS = [
    "deal", "turn", "bid", "play", "swap", "pass", "dealer", "draw", "ombre", "sans-prendre",
    "discard", "stock", "trumps", "show", "rest", "blind", "overblind", "decline", "bet", "fold",
    "reveal", "claim-tens", "propose-svara", "accept", "refuse", "join", "flash", "no-flash",
    "keep", "replace", "темню", "упал", "вскрываюсь",
]  # fmt: skip
GAMES = sorted(tapete.registered_games())


def _state_at(name: str, seed: int, steps: int) -> tapete.State:
    state = tapete.load_game(name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return state


words = st.one_of(
    st.sampled_from(VERBS).flatmap(
        lambda verb: st.text(alphabet="AKQJSCR0123456789oceb♣♦♥♠HDTВДК- ", max_size=5).map(
            lambda rest: f"{verb} {rest}"
        )
    ),
    st.text(max_size=12),
)


@settings(max_examples=150)
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 150), words)
def test_any_text_is_accepted_or_refused_cleanly(
    name: str, seed: int, steps: int, text: str
) -> None:
    state = _state_at(name, seed, steps)
    try:
        action = state.string_to_action(text)
    except TapeteError:
        return
    before = state.clone()
    try:
        state.apply_action(action)
    except IllegalActionError as e:
        assert e.reason and state == before


@settings(max_examples=150)
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 150), st.integers(-5, 5000))
def test_any_number_is_accepted_or_refused_cleanly(
    name: str, seed: int, steps: int, action: int
) -> None:
    state = _state_at(name, seed, steps)
    before = state.clone()
    if state.is_legal(action):
        state.apply_action(action)
        assert state.history()[-1] == action
    else:
        try:
            state.apply_action(action)
        except IllegalActionError as e:
            assert e.reason and state == before
        else:
            raise AssertionError(f"{name}: is_legal({action}) is False but it was applied")
