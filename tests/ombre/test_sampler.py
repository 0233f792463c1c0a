"""The sampler respects what the play revealed (voids, the matador privilege, forced ♠A)."""

from __future__ import annotations

import random

import tapete
from tapete.cards import CardSet
from tapete.games.ombre import OmbreState

from .helpers import EAST, NORTH, WEST, dealt, fill_hands, game, play_position


def test_void_and_privilege_inferences() -> None:
    west = "♣K ♥3 ♥4 ♥5 ♥6 ♥7 ♥2 ♥J ♥Q"
    east = "♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K"  # no clubs; Spadille is his only trump
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♥", plays=("♣K", "♦2"))
    state.apply_action(state.legal_actions()[0])  # North
    assert state.current_player() in (WEST, EAST, NORTH)
    clubs = CardSet.parse("♣2 ♣3 ♣4 ♣5 ♣6 ♣7 ♣J ♣Q ♣K").mask
    rng = random.Random(0)
    for seat in (WEST, NORTH):
        view = state.view(seat)
        for _ in range(50):
            sample = state.game.sample_consistent_state(view, rng)
            assert isinstance(sample, OmbreState)
            assert sample.view(seat) == view
            assert sample.hands[EAST] & clubs == 0


def test_matador_privilege_inference() -> None:
    west = "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥J ♥Q ♣K"
    east = "♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K"
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♥", plays=("♥2", "♦2"))
    ordinary = CardSet.parse("♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6").mask
    view = state.view(NORTH)
    rng = random.Random(1)
    spadille_seen = False
    for _ in range(100):
        sample = state.game.sample_consistent_state(view, rng)
        assert isinstance(sample, OmbreState)
        assert sample.hands[EAST] & ordinary == 0  # he would have had to play it
        spadille_seen |= bool(sample.hands[EAST] & CardSet.parse("♠A").mask)
    assert spadille_seen  # a privileged matador may still be there


def test_forced_spadille_inference() -> None:
    state = dealt({EAST: "♠A"}, all_pass="forced_spadille")
    for text in ("pass", "pass", "pass", "ombre"):
        state.apply_string(text)
    view = state.view(WEST)
    rng = random.Random(2)
    spadille = CardSet.parse("♠A").mask
    for _ in range(30):
        sample = state.game.sample_consistent_state(view, rng)
        assert isinstance(sample, OmbreState)
        assert sample.hands[EAST] & spadille


def _forced_deal_in_play(discards: str) -> OmbreState:
    """Forced spadille: East holds ♠A, everybody passes, East discards ``discards`` and
    draws, the others take nothing, trumps ♣; East leads ♠A to the first trick."""
    state = dealt({EAST: "♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♥2 ♥3"}, all_pass="forced_spadille")
    for text in ("pass", "pass", "pass", "ombre"):
        state.apply_string(text)
    for card in discards.split():
        state.apply_string(f"discard {card}")
    state.apply_string("draw")
    rng = random.Random(0)
    while state.phase() != "play":
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        elif state.phase() == "trumps":
            state.apply_string("trumps ♣")
        else:
            state.apply_string("draw")
    return state


def test_forced_spadille_was_dealt_not_drawn() -> None:
    """The forced ombre held ♠A when the auction ended, so in every sample it was dealt to
    him, never drawn from the stock (else the sample would not replay: the deal would be
    thrown in). Checked with ♠A still hidden in his hand and once he has played it."""
    rng = random.Random(3)
    for discards in ("♦2 ♦3 ♦4", "♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♥2 ♥3"):
        state = _forced_deal_in_play(discards)
        hidden = state.view(WEST)
        state.apply_string("play ♠A")
        played = state.view(WEST)
        for view in (hidden, played):
            for _ in range(40):
                sample = state.game.sample_consistent_state(view, rng)
                assert isinstance(sample, OmbreState)
                assert sample.view(WEST) == view
                assert sample.forced and sample.ombre == EAST


def test_forced_spadille_pending_and_thrown_in() -> None:
    """All passed with forced spadille: while the holder of ♠A is to declare, every sample
    gives him ♠A; when the deal was thrown in, ♠A was in the stock in every sample."""
    rng = random.Random(4)
    pending = dealt({EAST: "♠A"}, all_pass="forced_spadille")
    thrown = dealt({}, all_pass="forced_spadille")
    for state in (pending, thrown):
        for _ in range(3):
            state.apply_string("pass")
    assert pending.current_player() == EAST and thrown.outcome == "all_pass"
    for state in (pending, thrown):
        for seat in (WEST, NORTH):
            view = state.view(seat)
            for _ in range(30):
                sample = state.game.sample_consistent_state(view, rng)
                assert isinstance(sample, OmbreState)
                assert sample.view(seat) == view
    match = tapete.load_game("ombre-match", all_pass="forced_spadille")
    session = match.new_initial_state()
    session.apply_string("show ♣A")  # seat 1 deals, seat 2 is eldest
    hands = fill_hands({0: "♠A"})
    deal_game = game(dealer=1)
    for action in deal_game.deal_actions(hands):
        session.apply_action(action)
    for _ in range(3):
        session.apply_string("pass")
    assert session.current_player() == 0
    for seat in (1, 2):
        view = session.view(seat)
        for _ in range(20):
            assert match.sample_consistent_state(view, rng).view(seat) == view
