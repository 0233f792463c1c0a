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


@pytest.mark.parametrize(
    ("game_name", "scale"),
    [("ombre", "sacardo_codille"), ("tresillo", "won_lost"), ("lhombre-match", "won_lost")],
)
def test_a_searched_card_says_what_its_value_counts(game_name: str, scale: str) -> None:
    """Ombre's card values count sacardo +1 ... codille -1; Tresillo's and Danish l'hombre's
    the game won +1, lost -1: the page words the value by the reason's ``scale``."""
    from tapete.web.hints import _searched, _with_contract

    texts = {0: "play 1o", 1: "play 2o", 41: "pass"}.__getitem__
    card = _searched([0.25, -0.5], [0, 1], 0, texts, game_name)
    assert (card["unit"], card["scale"]) == ("outcome", scale)
    bid = _searched([0.25, -0.5], [41, 0], 41, texts, game_name)
    assert bid["unit"] == "points" and "scale" not in bid
    trumps = _with_contract(
        [],
        {"values": {"trumps oros": 1.5, "trumps copas": 0.5}, "worlds": 30},
        41,
        texts,
        game_name,
    )
    expected = "sacardo_codille" if game_name == "ombre" else "payment"
    assert trumps[-1]["code"] == "trumps_searched" and trumps[-1]["scale"] == expected
