"""The sampler respects what the play revealed (voids, the matador privilege, forced ♠A)."""

from __future__ import annotations

import random

from tapete.cards import CardSet
from tapete.games.ombre import OmbreState

from .helpers import EAST, NORTH, WEST, dealt, play_position


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
