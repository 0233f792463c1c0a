"""Trynka rule bot: legal actions over many banks and variants; it folds weak hands."""

from __future__ import annotations

import pytest

from tapete.cards import CardSet
from tapete.players import load
from tapete.players.rule.trynka import percentile

from .helpers import play


@pytest.mark.parametrize("n_players", [2, 3, 4, 6, 8])
def test_rule_bot_plays_legal_actions(n_players: int) -> None:
    for seed in range(30):
        bots = [load("rule"), load("random")] * 4
        state, checked = play("trynka", bots[:n_players], seed, n_players=n_players)
        assert state.is_terminal() and sum(state.returns()) == 0
        assert checked[0].calls > 0


@pytest.mark.parametrize(
    "params",
    [
        {"accidental_exposure_rate": 0.2},
        {"deck": 36},
        {"closing": "showdown"},
        {"flash_limit": 0},
    ],
)
def test_rule_bot_with_variants(params: dict[str, object]) -> None:
    for seed in range(15):
        state, _ = play("trynka", [load("rule", aggression=0.9)] * 4, seed, **params)
        assert state.is_terminal()


def test_rule_bot_plays_a_session() -> None:
    state, checked = play("trynka-match", [load("rule"), load("random")] * 2, 4, banks=6)
    assert state.is_terminal()
    assert all(c.calls > 0 for c in checked)


def test_percentiles_order_hands() -> None:
    best = percentile(CardSet.parse("A♠ 10♠ 9♠"))
    weak = percentile(CardSet.parse("6♠ 7♥ 8♦"))
    aces = percentile(CardSet.parse("A♠ A♥ A♦"))
    assert weak < 0.1 < 0.9 < best < aces <= 1.0
