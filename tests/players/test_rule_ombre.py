"""Ombre rule bot: legal actions over many deals and variants; sound declarations."""

from __future__ import annotations

import pytest

from tapete.cards import CardSet, Suit
from tapete.players import load
from tapete.players.rule.ombre import DECLARE_AT, best_suit, hand_value

from .helpers import play


def test_rule_bot_plays_legal_actions() -> None:
    for seed in range(60):
        bots = [load("rule"), load("random"), load("rule")]
        state, _ = play("ombre", bots, seed)
        assert state.is_terminal()


@pytest.mark.parametrize(
    "params",
    [
        {"auction": "sans_prendre"},
        {"all_pass": "forced_spadille"},
        {"trump_timing": "before_exchange", "first_lead": "eldest"},
        {"min_discard_ombre": 1, "matador_privilege": False},
        {"vole": True},
    ],
)
def test_rule_bot_with_variants(params: dict[str, object]) -> None:
    for seed in range(15):
        state, _ = play("ombre", [load("rule", aggression=0.9)] * 3, seed, **params)
        assert state.is_terminal()


def test_rule_bot_plays_a_session() -> None:
    state, checked = play("ombre-match", [load("rule")] * 3, 2, num_deals=4)
    assert state.is_terminal()
    assert all(c.calls > 0 for c in checked)


def test_declares_with_trump_strength_only() -> None:
    strong = CardSet.parse("♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K").mask
    weak = CardSet.parse("♠3 ♠4 ♥5 ♥6 ♦2 ♦3 ♣5 ♦J ♥J").mask
    assert best_suit(strong)[0] == Suit.CLUBS
    assert best_suit(strong)[1] > DECLARE_AT > best_suit(weak)[1]
    assert hand_value(strong, Suit.CLUBS) > hand_value(strong, Suit.HEARTS)
