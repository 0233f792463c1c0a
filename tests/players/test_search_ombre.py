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
