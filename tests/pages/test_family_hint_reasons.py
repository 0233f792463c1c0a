"""Tresillo's and Danish l'hombre's hints give reasons (the rule bot's hint said only "The
rule bot would choose: Pass."): the hand's count before the play, the player's side and
what the card does in the trick during it."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine import play_chance
from tapete.web.hints import hint


@pytest.mark.parametrize("game_name", ["tresillo", "lhombre"])
@pytest.mark.parametrize("seed", range(6))
def test_every_decision_of_a_deal_has_a_reason(game_name: str, seed: int) -> None:
    game = tapete.load_game(game_name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    codes: set[str] = set()
    decisions = 0
    played = False
    while not state.is_terminal():
        if state.is_chance_node():
            state = play_chance(state, rng)
            continue
        seat = state.current_player()
        played = played or state.phase() == "play"
        legal = state.legal_actions()
        answer = hint(game, seat, state.view(seat), legal, state.action_to_string,
                      rng=random.Random(seed), players=(("rule", {}),))  # fmt: skip
        assert answer["action"] in legal
        assert answer["why"], (state.phase(), answer)
        codes.update(r["code"] for r in answer["why"])
        decisions += 1
        state.apply_action(answer["action"])
    assert decisions >= 3  # every seat spoke in the auction at least
    assert "ombre_hand" in codes
    assert ("player_side" in codes) is played
