"""``lhombre-match``: a session of deals, the deal passing to the dealer's right [STL], the
scores carried from deal to deal."""

from __future__ import annotations

import random

import tapete
from tapete.engine import random_playout
from tapete.games.lhombre import LhombreMatchState


def test_the_deal_passes_to_the_right_and_the_scores_add_up() -> None:
    game = tapete.load_game("lhombre-match", num_deals=5, first_dealer=1, balances="4/0/-4")
    state = random_playout(game.new_initial_state(), random.Random(7))
    assert isinstance(state, LhombreMatchState) and state.is_terminal()
    assert [r.dealer for r in state.results] == [1, 2, 0, 1, 2]
    totals = [4, 0, -4]
    for result in state.results:
        totals = [t + c for t, c in zip(totals, result.changes, strict=True)]
    assert state.returns() == [float(t) for t in totals]
    assert sum(state.returns()) == 0.0  # each defender pays what the player wins


def test_each_deal_is_a_real_lhombre_game_with_the_sessions_rules() -> None:
    game = tapete.load_game("lhombre-match", settlement="player", tout=False)
    state = game.new_initial_state()
    assert isinstance(state, LhombreMatchState) and state.deal is not None
    deal_game = state.deal.game
    assert deal_game.name == "lhombre" and deal_game.dealer == 2
    assert deal_game.params["settlement"] == "player" and deal_game.params["tout"] is False
