"""The search's inference and world sampler: sound against the true hands, exact in counts."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tapete
from tapete.engine import play_chance
from tapete.players import load
from tapete.solvers.pocha import PochaTables
from tapete.solvers.pocha_worlds import constraints, sample_worlds, world_ok

VARIANTS = [
    {"n_players": 4},
    {"n_players": 3, "undertrump": "must"},
    {"n_players": 5, "rank_order": "natural", "trump_when_no_stock": "none"},
    {"n_players": 4, "deck": "48", "play_rules": "follow_only"},
    {"n_players": 6, "hand_size": 4},
    {"n_players": 4, "hand_size": 6, "seven_swap": True},
    {"n_players": 3, "seven_swap": True, "deck": "40"},
]


@pytest.mark.parametrize("params", VARIANTS)
def test_true_hands_are_always_possible(params: dict[str, object]) -> None:
    """At every decision of seeded games, every seat's real hand fits the inferred limits,
    and the sampled worlds deal exactly the unseen cards within them."""
    game = tapete.load_game("pocha", **params)
    tables = PochaTables.from_params(params, after_swaps=True)
    bots = [load("rule"), load("random")]
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = play_chance(game.new_initial_state(), rng)
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            unknown, allowed, need, fixed = constraints(tables, view)
            truth = [tables.kernel_mask(state.view(q).hand.mask) for q in range(tables.n_players)]
            truth.append(int(unknown) & ~sum(truth))  # the stock
            assert world_ok(np.array(truth, dtype=np.uint64), unknown, allowed, need, fixed)
            worlds = np.zeros((4, tables.n_players + 1), dtype=np.uint64)
            made = sample_worlds(unknown, allowed, need, fixed, worlds, np.array([seed + 1],
                                 dtype=np.uint64))  # fmt: skip
            assert made == 4
            for world in worlds:
                assert world_ok(world, unknown, allowed, need, fixed)
                assert world[seat] == truth[seat]
            checked += 1
            bot = bots[seed % 2]
            state.apply_action(bot.choose(view, state.legal_actions(), rng))
    assert checked > 100


def test_a_void_is_inferred() -> None:
    """A seat that discarded on a led suit is never dealt that suit again."""
    params = {"n_players": 4, "play_rules": "follow_only"}
    game = tapete.load_game("pocha", **params)
    tables = PochaTables.from_params(params)
    k = tables.cards_per_suit
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = play_chance(game.new_initial_state(), rng)
        rule = load("rule")
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            for trick in view.finished_tricks:
                led = trick.cards[0].suit
                for i, card in enumerate(trick.cards[1:], 1):
                    other = (trick.leader + i) % 4
                    if card.suit != led and other != seat:
                        _, allowed, _, _ = constraints(tables, view)
                        suit = ((1 << k) - 1) << (k * int(led))
                        assert int(allowed[other]) & suit == 0
                        found += 1
            state.apply_action(rule.choose(view, state.legal_actions(), rng))
    assert found > 0


def test_play_weights_favour_the_true_hands() -> None:
    """Weighing worlds by how likely they make the cards played (policy-based inference):
    against rule bots, the true hands are on average far likelier than sampled ones."""
    from tapete.players.search.pocha import play_sequence, root_arrays
    from tapete.solvers.pocha_search import play_weights
    from tapete.solvers.pocha_worlds import played_by

    params = {"n_players": 4}
    game = tapete.load_game("pocha", **params)
    tables = PochaTables.from_params(params)
    rule = load("rule")
    true_logs: list[float] = []
    sampled_logs: list[float] = []
    for seed in range(10):
        rng = random.Random(seed)
        state = play_chance(game.new_initial_state(), rng)
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            if view.phase == "play" and len(view.finished_tricks) >= 3 and seat == 0:
                limits = constraints(tables, view)
                worlds = np.zeros((20, 5), dtype=np.uint64)
                sample_worlds(*limits, worlds, np.array([seed + 7], dtype=np.uint64))
                truth = [tables.kernel_mask(state.view(q).hand.mask) for q in range(4)]
                hands = np.vstack([np.array([truth], dtype=np.uint64), worlds[:, :4]])
                hands = np.ascontiguousarray(hands)
                sequence = play_sequence(tables, view)
                assert sequence is not None
                bids, _, _, st = root_arrays(tables, view)
                weights = np.ones(len(hands))
                play_weights(hands, played_by(tables, view), sequence[0], len(sequence[0]),
                             sequence[1], bids, st[0], tables.rp, seat, 0.8, weights)  # fmt: skip
                assert np.all(weights > 0) and np.all(weights <= 1)
                true_logs.append(float(np.log(weights[0])))
                sampled_logs.append(float(np.mean(np.log(weights[1:]))))
            state.apply_action(rule.choose(view, state.legal_actions(), rng))
    assert len(true_logs) >= 10
    assert np.mean(true_logs) > np.mean(sampled_logs) + 1.0
