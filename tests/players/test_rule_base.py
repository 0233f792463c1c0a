"""The rule dispatcher: registry, parameters, refusal of unknown games."""

from __future__ import annotations

import random

import pytest

from tapete.engine import PlayerView
from tapete.errors import ConfigError
from tapete.players import available, load
from tapete.players.rule import RuleParams, RulePlayer


def test_rule_is_registered() -> None:
    assert "rule" in available()
    assert "random" in available()
    bot = load("rule")
    assert isinstance(bot, RulePlayer)
    assert bot.settings == RuleParams()


def test_parameters_are_validated() -> None:
    bot = load("rule", aggression=0.8, time_budget=0.05)
    assert bot.settings.aggression == 0.8
    assert bot.settings.time_budget == 0.05
    assert repr(bot) == "load('rule', aggression=0.8, time_budget=0.05)"
    with pytest.raises(ConfigError, match="no parameter depth"):
        load("rule", depth=3)
    with pytest.raises(ConfigError, match="aggression"):
        load("rule", aggression=1.5)
    with pytest.raises(ConfigError, match="unknown player"):
        load("nobody")


def test_unknown_game_is_refused() -> None:
    view = PlayerView(game="chess", seat=0, current_player=0)
    with pytest.raises(ConfigError, match="does not play 'chess'"):
        load("rule").choose(view, [1, 2], random.Random(0))


def test_single_legal_action_is_taken() -> None:
    view = PlayerView(game="chess", seat=0, current_player=0)
    assert load("rule").choose(view, [7], random.Random(0)) == 7
