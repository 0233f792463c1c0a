"""The Tresillo rule bot: legal in every position it meets, and its main rules."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine import sample_chance
from tapete.games.tresillo import TresilloState
from tapete.players import load

from .helpers import apply, dealt, texts

BOT = load("rule")


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("tresillo", {}),
        ("tresillo", {"palo_de_favor": "spades", "plate_payout": "all"}),
        ("tresillo-match", {"num_deals": 4}),
    ],
)
def test_the_bot_plays_legally_to_the_end(name: str, params: dict[str, object]) -> None:
    outcomes = set()
    for seed in range(12 if name == "tresillo" else 2):
        state = tapete.load_game(name, **params).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            action = BOT.choose(state.view(state.current_player()), legal, rng)
            assert action in legal
            state.apply_action(action)
        outcomes.add(getattr(state, "outcome", "match"))
    assert outcomes and None not in outcomes


def _choice(state: tapete.State) -> str:
    action = BOT.choose(state.view(state.current_player()), state.legal_actions(), random.Random(0))
    return state.action_to_string(action)


def test_the_bot_bids_with_a_strong_hand_and_passes_with_a_weak_one() -> None:
    strong = dealt({0: "♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K"})
    assert _choice(strong) == "entrada"
    weak = dealt({0: "♠3 ♠4 ♥5 ♥6 ♦2 ♦3 ♣5 ♦J ♥J"})
    assert _choice(weak) == "pass"


def test_the_bot_names_its_strongest_suit_and_bids_the_favour_suit_it_holds() -> None:
    hand = "♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K"  # strong only in clubs
    state = apply(dealt({0: hand}), "entrada", "pass", "pass")
    assert _choice(state) == "trumps ♣"
    favoured = dealt({0: hand}, palo_de_favor="clubs")
    assert _choice(favoured) == "entrada-favor"  # a plain entrada could not name clubs
    apply(favoured, "entrada-favor", "pass", "pass")
    assert texts(favoured) == ["trumps ♣"]


def test_the_player_surrenders_a_lost_entrada_before_the_fourth_trick() -> None:
    from tapete.games.tresillo.actions import SURRENDER

    for seed in range(60):
        state = tapete.load_game("tresillo").new_initial_state()
        assert isinstance(state, TresilloState)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            action = BOT.choose(state.view(state.current_player()), legal, rng)
            if action == SURRENDER:
                won = state.tricks_won
                assert len(state.finished) == 3 and won[state.player] == 0
                assert max(won) >= 2
                return
            state.apply_action(action)
    pytest.fail("no surrender in 60 deals")
