"""The ``rule`` bot's Ombre card play in numba (:mod:`tapete.solvers.ombre_rule`) against the
bot itself: the same cards, card by card, over seeded deals bid and exchanged by ``rule`` bots."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the solvers need numba")

import tapete
from tapete.cards import Card, Suit
from tapete.games.ombre_family.tables import FULL_MASK
from tapete.players import load
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_rule import rule_playout


@pytest.mark.parametrize("params", [{}, {"matador_privilege": False}])
def test_the_kernel_plays_the_rule_bots_cards(params: dict[str, Any]) -> None:
    game: Any = tapete.load_game("ombre", **params)
    privilege = int(bool(game.params["matador_privilege"]))
    bot = load("rule")
    played = 0
    for seed in range(150):
        rng = random.Random(seed)
        state: Any = game.new_initial_state()
        while not state.is_terminal() and state.phase() != "play":
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
        if state.is_terminal():
            continue
        views = [state.view(q) for q in range(3)]
        tables = OmbreTables.for_trumps(Suit(views[0].trumps))
        hands = np.array([tables.kernel_mask(v.hand.mask) for v in views], dtype=np.uint64)
        known = np.array([tables.kernel_mask(v.discards.mask) for v in views], dtype=np.uint64)
        deck = np.uint64(tables.kernel_mask(FULL_MASK))
        ids = np.array(tables.card_id, dtype=np.int64)
        won = np.zeros(3, dtype=np.int64)
        trace = np.zeros(27, dtype=np.int64)
        ombre = views[0].ombre
        result = rule_playout(hands, won, known, deck, state.current_player(), ombre,
                              tables.n_trumps, privilege, ids, trace)  # fmt: skip
        expected = []
        while not state.is_terminal():
            seat = state.current_player()
            action = bot.choose(state.view(seat), state.legal_actions(), rng)
            expected.append(state.action_to_string(action))
            state.apply_action(action)
        assert [f"play {Card(tables.card_id[c])}" for c in trace] == expected, seed
        assert won.tolist() == list(state.tricks_won), seed
        assert result == {"codille": ok.CODILLE, "sacardo": ok.SACARDO}.get(
            state.outcome, ok.PUESTA
        ), (seed, state.outcome)
        played += 1
    assert played > 100


@pytest.mark.parametrize(
    ("game", "player"),
    [
        ("ombre", "search:worlds=4:declare_sim=rule"),
        ("tresillo", "search:worlds=4:contract_sim=rule"),
    ],
)
def test_warm_up_loads_the_playout_the_searches_call(game: str, player: str) -> None:
    """The searches' warm-up loads the playout for the very argument types their simulations
    pass: a game played after it compiles no other version (a fresh install's first
    decision would otherwise compile it inside the decision's time budget)."""
    from tapete.arena import ArenaConfig, run_arena
    from tapete.solvers.ombre_rule import rule_playout, warm_up

    warm_up()
    loaded = set(rule_playout.signatures)
    others = ",".join(["rule"] * (tapete.load_game(game).num_players() - 1))
    run_arena(ArenaConfig.build(game, f"{player},{others}", deals=2, seed=5))
    assert set(rule_playout.signatures) == loaded
