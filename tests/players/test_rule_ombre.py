"""Ombre rule bot: legal actions over many deals and variants; sound declarations."""

from __future__ import annotations

import random

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


def _hand_value_by_ranks(hand: int, trumps: Suit) -> float:
    """:func:`hand_value` written out card by card (its first form), to check the tables."""
    from tapete.cards import Card, Rank, iter_bits
    from tapete.games.ombre_family.tables import SUIT_MASK, SUITS, trump_order

    worth = (1.0, 1.0, 1.0, 0.8, 0.65, 0.5)
    order = trump_order(trumps)
    held = [c for c in order if hand >> c & 1]
    value = sum((worth[order.index(c)] if order.index(c) < 6 else 0.4) for c in held)
    value += 0.3 * max(0, len(held) - 4)
    for suit in SUITS:
        if suit == trumps:
            continue
        cards = hand & SUIT_MASK[trumps][suit]
        length = cards.bit_count()
        ranks = {Card(c).rank for c in iter_bits(cards)}
        if Rank.KING in ranks:
            value += 0.85 if length <= 4 else 0.6
            if Rank.QUEEN in ranks:
                value += 0.45
        elif Rank.QUEEN in ranks and length >= 2:
            value += 0.2
        if len(held) >= 3:
            value += 0.5 if length == 0 else 0.2 if length == 1 else 0.0
    return value


def test_hand_value_is_the_card_by_card_count() -> None:
    """The tables built at import give the card-by-card count, for hands of 8 to 13 cards."""
    from tapete.games.ombre_family.tables import SUITS

    rng = random.Random(11)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(40), rng.randint(8, 13)))
        for trumps in SUITS:
            assert hand_value(hand, trumps) == pytest.approx(_hand_value_by_ranks(hand, trumps))
