"""The La Pocha kernel against the reference engine: same legal moves at every step, same
seat to move (so the same trick winners), same scores, over seeded hands with variants."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tapete
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import seed_state
from tapete.solvers.pocha import PochaTables, trace_hand

#: (n_players, deck) pairs the rules allow, and every other option's values.
_SEATS_DECKS = [(3, "36"), (4, "40"), (4, "48"), (5, "40"), (6, "36"), (4, "36"), (3, "40"),
                (8, "48"), (7, "40")]  # fmt: skip
_OPTIONS: dict[str, list[Any]] = {
    "rank_order": ["tute", "natural"],
    "play_rules": ["seed", "follow_only"],
    "undertrump": ["free", "must"],
    "trump_when_no_stock": ["dealer_last_card", "none"],
    "dealer_restriction": [True, False],
}


def variant(index: int) -> dict[str, Any]:
    """A seeded mix of rule options (hand size and dealer included)."""
    rng = random.Random(index)
    n, deck = _SEATS_DECKS[index % len(_SEATS_DECKS)]
    params: dict[str, Any] = {"n_players": n, "deck": deck}
    for name, values in _OPTIONS.items():
        params[name] = values[0] if index % 3 == 0 else rng.choice(values)
    max_size = int(deck) // n
    params["hand_size"] = max_size if rng.random() < 0.6 else rng.randint(1, max_size)
    params["dealer"] = rng.randrange(n)
    if rng.random() < 0.3:
        params["exact_base"] = rng.randint(0, 20)
        params["per_trick_exact"] = rng.randint(0, 10)
        params["per_trick_miss"] = rng.randint(0, 10)
    return params


_GAMES: dict[str, Any] = {}


def replay_against_engine(index: int) -> int:
    """Play hand ``index`` in the kernel, replay it in the engine, check every step."""
    params = variant(index)
    key = repr(sorted(params.items()))
    if key not in _GAMES:
        _GAMES[key] = (tapete.load_game("pocha", **params), PochaTables.from_params(params))
    game, tables = _GAMES[key]
    policy = pk.ROLLOUT_RULE if index % 2 else pk.ROLLOUT_RANDOM
    steps, scores = trace_hand(tables, index, policy, 0.2 if index % 4 == 1 else 0.0)
    state = game.new_initial_state()
    for number, step in enumerate(steps):
        where = f"hand {index} {params} step {number} ({step.text})"
        if step.seat < 0:
            assert state.is_chance_node(), where
        else:
            assert state.current_player() == step.seat, where
            engine_legal = {state.action_to_string(a) for a in state.legal_actions()}
            assert engine_legal == step.legal, where
        state.apply_action(state.string_to_action(step.text))
    assert state.is_terminal(), f"hand {index}: the engine's hand is not over"
    assert [int(r) for r in state.returns()] == scores, f"hand {index} {params}"
    return len(steps)


@pytest.mark.parametrize("block", range(10))
def test_kernel_matches_engine_sample(block: int) -> None:
    for index in range(block * 50, block * 50 + 50):
        replay_against_engine(index)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_kernel_matches_engine_10000(block: int) -> None:
    for index in range(1000 + block * 500, 1000 + block * 500 + 500):
        replay_against_engine(index)


def test_a_broken_rule_is_caught() -> None:
    """The check can fail: the kernel with the overtake duty switched off disagrees."""
    params = {"n_players": 4}
    broken = PochaTables.from_params({**params, "play_rules": "follow_only"})  # the kernel...
    game = tapete.load_game("pocha", **params)  # ...and the engine play different rules
    mismatches = 0
    for seed in range(20):
        steps, _ = trace_hand(broken, seed)
        state = game.new_initial_state()
        for step in steps:
            if step.seat >= 0:
                legal = {state.action_to_string(a) for a in state.legal_actions()}
                if legal != step.legal:
                    mismatches += 1
                    break
            state.apply_action(state.string_to_action(step.text))
    assert mismatches > 0


def test_random_deals_score_like_the_rules() -> None:
    """Mean points of many kernel hands lie within the scores a hand can give."""
    tables = PochaTables.from_params({"n_players": 4})
    means = pk.random_deals(tables.rp, np.uint64(seed_state(3)), 2000, pk.ROLLOUT_RULE, 0.0)
    assert means.shape == (4,)
    assert all(-50 <= m <= 60 for m in means)
    # the rule-like policy bids and plays much better than random
    rand = pk.random_deals(tables.rp, np.uint64(seed_state(3)), 2000, pk.ROLLOUT_RANDOM, 0.0)
    assert means.mean() > rand.mean() + 5


def test_tables_round_trip_every_pack() -> None:
    for n, deck in _SEATS_DECKS:
        tables = PochaTables.from_params({"n_players": n, "deck": deck})
        full = tables.deck.mask
        assert tables.card_mask(tables.kernel_mask(full)) == full
        assert tables.kernel_mask(full) == (1 << len(tables.deck)) - 1


def test_seven_swap_is_refused() -> None:
    with pytest.raises(tapete.errors.ConfigError):
        PochaTables.from_params({"seven_swap": True})
