"""The ``search`` player does not play Tresillo: it refuses it with a clear error naming the
games it plays, instead of silently playing the rule bot's moves."""

from __future__ import annotations

import random

import pytest

from tapete.engine import load_game, registered_games
from tapete.errors import ConfigError
from tapete.players import load
from tapete.players.search import GAMES


@pytest.mark.parametrize("bot", ["search", "search-easy", "search-strong"])
@pytest.mark.parametrize("name", ["tresillo", "tresillo-match"])
def test_search_refuses_tresillo_at_start(bot: str, name: str) -> None:
    player = load(bot)
    with pytest.raises(ConfigError) as caught:
        player.start(load_game(name), 0)
    message = str(caught.value)
    assert f"does not play {name}" in message
    for supported in ("pocha", "ombre-match", "trynka"):
        assert supported in message


def test_search_refuses_a_tresillo_view_it_was_not_started_with() -> None:
    state = load_game("tresillo").new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    with pytest.raises(ConfigError, match="does not play tresillo"):
        load("search").choose(state.view(seat), state.legal_actions(), rng)


def test_the_games_it_names_are_registered_and_tresillo_is_not_among_them() -> None:
    assert set(GAMES) <= set(registered_games())
    assert not {"tresillo", "tresillo-match"} & set(GAMES)
