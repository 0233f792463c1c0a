"""The Ombre rule bot plays by the rules in force (read from the view's spec)."""

from __future__ import annotations

import random

import tapete
from tapete.cards import CardSet
from tapete.games.ombre import OMBRE, PASS
from tapete.games.ombre.actions import CARD_ID
from tapete.players import load
from tapete.players.rule.ombre import DECLARE_AT, auction_value, rules_in_force

from .helpers import WEST, dealt, fill_hands

#: Three matadors in clubs and nothing else: just short of "I play" by tricks alone.
MATADORS = "♠A ♣A ♣2 ♦3 ♦4 ♥4 ♥5 ♠3 ♠4"


def test_matadors_paid_for_make_the_bot_declare() -> None:
    plain = tapete.load_game("ombre").rules
    paid = tapete.load_game("ombre", matador_payments=True).rules
    hand = CardSet.parse(MATADORS).mask
    assert auction_value(hand, plain) < DECLARE_AT <= auction_value(hand, paid)
    bot, rng = load("rule"), random.Random(0)
    choices = {}
    for payments in (False, True):
        state = dealt({WEST: MATADORS}, matador_payments=payments)
        assert state.current_player() == WEST and state.legal_actions() == [PASS, OMBRE]
        choices[payments] = bot.choose(state.view(WEST), state.legal_actions(), rng)
    assert choices == {False: PASS, True: OMBRE}


def test_the_bot_reads_the_rules_of_a_session_s_deal() -> None:
    bot, rng = load("rule"), random.Random(0)
    for payments, expected in ((False, PASS), (True, OMBRE)):
        session = tapete.load_game("ombre-match", matador_payments=payments).new_initial_state()
        session.apply_string("show ♣A")  # seat 1 deals: seat 2 is eldest
        deal_game = tapete.load_game("ombre", dealer=1)
        for action in deal_game.deal_actions(fill_hands({2: MATADORS})):
            session.apply_action(action)
        view = session.view(2)
        assert rules_in_force(view.deal).matador_payments == payments  # type: ignore[arg-type]
        bot.start(session.game, 2)
        assert bot.choose(view, session.legal_actions(), rng) == expected


def test_trumps_named_before_the_exchange_are_kept() -> None:
    """With trump_timing = before_exchange, ombre exchanges for the trumps it named (here
    diamonds, not the clubs its hand would prefer)."""
    state = dealt({WEST: "♠A ♣A ♣2 ♣K ♣Q ♣J ♦3 ♦4 ♦5"}, trump_timing="before_exchange")
    for text in ("ombre", "pass", "pass", "trumps ♦"):
        state.apply_string(text)
    assert state.phase() == "exchange" and state.current_player() == WEST
    bot, rng = load("rule"), random.Random(0)
    action = bot.choose(state.view(WEST), state.legal_actions(), rng)
    discard = CardSet(1 << CARD_ID[action])
    assert str(discard) in ("♣2", "♣J")  # neither a trump (diamonds, black aces) nor ♣K
