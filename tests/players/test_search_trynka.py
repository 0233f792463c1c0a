"""The search players at Trynka: the CFR strategy player (trynka-cfr) plays for them."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba", reason="the strategy tables need the solvers extra")

import tapete
from tapete.players import available, load


@pytest.mark.parametrize("name", ["trynka", "trynka-match"])
def test_search_plays_trynka_with_the_cfr_strategy(name: str) -> None:
    assert "trynka-cfr" in available()
    game = tapete.load_game(name)
    n = game.num_players()
    bots = [load("search") if seat % 2 == 0 else load("rule") for seat in range(n)]
    for seat, bot in enumerate(bots):
        bot.start(game, seat)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        seat = state.current_player()
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply_action(action)
    assert type(bots[0]._trynka).__name__ == "TrynkaCFRPlayer"
