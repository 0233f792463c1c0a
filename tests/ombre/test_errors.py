"""Bad input: every refusal raises with a reason a player understands and changes nothing."""

from __future__ import annotations

import pytest

from tapete.errors import IllegalActionError, NotationError
from tapete.games.ombre import OmbreState

from .helpers import EAST, NORTH, WEST, dealt, play_position


def _refused(state: OmbreState, text: str, reason: str, message: str) -> None:
    key, history = state._key(), state.history()
    with pytest.raises(IllegalActionError) as info:
        state.apply_string(text)
    assert info.value.reason == reason
    assert message in str(info.value), str(info.value)
    assert state._key() == key and state.history() == history


def _exchange_start() -> OmbreState:
    state = dealt({WEST: "♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J"})
    for text in ("ombre", "pass", "pass"):
        state.apply_string(text)
    return state


def test_discard_not_held() -> None:
    _refused(_exchange_start(), "discard ♦7", "not_held", "♦7 is not in your hand")


def test_discard_more_than_the_stock() -> None:
    state = _exchange_start()
    for card in list(state.view(WEST).hand):
        state.apply_string(f"discard {card}")
    _refused(state, "discard ♦7", "not_held", "not in your hand")
    state.apply_string("draw")
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    hand = list(state.view(EAST).hand)
    state.apply_string(f"discard {hand[0]}")
    state.apply_string(f"discard {hand[1]}")
    state.apply_string("draw")
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == NORTH and state.stock_left == 2
    hand = list(state.view(NORTH).hand)
    state.apply_string(f"discard {hand[0]}")
    state.apply_string(f"discard {hand[1]}")
    _refused(state, f"discard {hand[2]}", "stock_empty", "the stock has 2 cards left")


def test_naming_trumps_out_of_turn() -> None:
    state = dealt({})
    _refused(state, "trumps ♣", "auction_now", "the auction is on")
    state = _exchange_start()
    _refused(state, "trumps ♣", "out_of_turn", "after the exchange")
    state.apply_string("draw")
    _refused(state, "trumps ♥", "out_of_turn", "now seat 1 is exchanging")


def test_revoke() -> None:
    state = play_position(
        {WEST: "♣K ♥3 ♥4 ♥5 ♥6 ♥7 ♥2 ♥J ♥Q", EAST: "♣7 ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K"},
        ombre=WEST,
        trumps="♥",
        plays=("♣K",),
    )
    _refused(state, "play ♦2", "must_follow", "must follow clubs: holds ♣7")
    trumps = play_position(
        {WEST: "♣K ♣4 ♥4 ♥5 ♥6 ♥7 ♥2 ♥J ♥Q", EAST: "♥3 ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K"},
        ombre=WEST,
        trumps="♥",
        plays=("♥2",),
    )
    _refused(trumps, "play ♦2", "must_follow", "must play a trump: holds ♥3")
    _refused(trumps, "play ♣7", "not_held", "♣7 is not in your hand")


def test_bid_after_the_auction_closed() -> None:
    state = _exchange_start()
    _refused(state, "ombre", "auction_closed", "the auction is over: seat 0 is ombre")
    _refused(state, "pass", "auction_closed", "the auction is over")
    _refused(state, "play ♣K", "wrong_phase", "now is the time to discard, not to play")


def test_auction_refusals() -> None:
    state = dealt({})
    state.apply_string("ombre")
    _refused(state, "ombre", "already_ombre", "seat 0 already plays: you may only pass")
    _refused(state, "sans-prendre", "no_sans_prendre", "no sans-prendre bid")


def test_notation_errors() -> None:
    state = dealt({})
    for text in ("bid 3", "discard", "trumps X", "play ♣9", "ombre now", ""):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    assert state.string_to_action("I play") == state.string_to_action("ombre")
    assert state.string_to_action("trumps C") == state.string_to_action("trumps ♣")
    assert state.string_to_action("trumps clubs") == state.string_to_action("trumps ♣")


def test_chance_refusals() -> None:
    new = dealt({}).game.new_initial_state()
    assert isinstance(new, OmbreState)
    new.apply_string("deal ♠A")
    _refused(new, "deal ♠A", "already_out", "♠A is already out")
    _refused(new, "pass", "chance_only", "only a chance card")
    _refused(new, "stock ♠K", "wrong_phase", "now is the time to deal, not to stock")
