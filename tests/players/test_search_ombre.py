"""The search player at Ombre: legal card play in deals and a session, every side."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba", reason="the search players need numba (the solvers extra)")

import tapete
from tapete.players import load
from tapete.players.search.ombre import OmbreSearch


@pytest.mark.parametrize("name", ["ombre", "ombre-match"])
def test_search_plays_legal_cards(name: str) -> None:
    params = {"num_deals": 2} if name == "ombre-match" else {}
    game = tapete.load_game(name, **params)
    searched = 0
    for seed in range(3):
        bots = [load("search", worlds=2), load("rule"), load("search", worlds=2)]
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            if seat != 1 and state.phase() == "play" and len(legal) > 1:
                searched += 1
            state.apply_action(action)
    assert searched > 0


def test_searched_ombre_cards_are_legal_over_many_deals() -> None:
    """As the ombre in 30 seeded deals (auction and exchange by the rule bot), every card the
    search picks is legal."""
    game = tapete.load_game("ombre")
    search = OmbreSearch(worlds=4)
    rule = load("rule")
    positions = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            if state.phase() == "play" and seat == view.ombre and len(legal) > 1:
                action = search.choose(view, legal, rng, game)
                positions += 1
            else:
                action = rule.choose(view, legal, rng)
            assert action in legal
            state.apply_action(action)
    assert positions > 0


def test_after_a_vole_a_defender_plays_to_take_a_trick() -> None:
    """Ombre announces a vole that is not sure (four diamonds and a heart after five trump
    tricks) and leads the ♦4: the defender holding ♦5 and ♦K takes the trick with the ♦K (the
    game is won whatever is played, so the search leaves the rest to the rule bot; its values
    were all alike, and it played the ♦5)."""
    from tests.ombre.helpers import play_position

    from .helpers import five_trump_leads

    hands = {0: "♠A ♣2 ♣A ♣K ♣Q ♦4 ♦6 ♦7 ♥K", 1: "♦K ♦5 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♠7"}
    state = play_position(hands, 0, "♣", vole=True)
    five_trump_leads(state)  # the defenders keep their diamonds
    state.apply_string("vole")
    state.apply_string("play ♦4")
    assert state.current_player() == 1
    view, legal = state.view(1), state.legal_actions()
    assert OmbreSearch(worlds=4).action_values(view, legal, random.Random(1), state.game) is None
    player = load("search-normal", clock="cpu")
    player.start(state.game, 1)
    assert state.action_to_string(player.choose(view, legal, random.Random(1))) == "play ♦K"
