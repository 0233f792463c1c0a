"""Shared helpers of the research adapters' tests: games, seeded states, skips."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tapete
from tapete.engine import Game, State, sample_chance

#: One small configuration per registered game (kept small so that a full game is quick).
CONFIGS: dict[str, dict[str, Any]] = {
    "pocha": {"n_players": 3, "hand_size": 3},
    "pocha-match": {"n_players": 3, "hand_sequence": "1,2,3"},
    "ombre": {},
    "ombre-match": {"num_deals": 2},
    "trynka": {},
    "trynka-match": {"n_players": 3, "banks": 3},
}

CONTRACT = (
    "num_distinct_actions",
    "max_chance_outcomes",
    "max_game_length",
    "min_utility",
    "max_utility",
    "utility_sum",
)


def missing_contract(game: Game) -> list[str]:
    """The research-contract methods ``game`` does not implement yet."""
    missing = []
    for name in CONTRACT:
        try:
            getattr(game, name)()
        except NotImplementedError:
            missing.append(name)
    return missing


def load_ready(name: str, **params: Any) -> Game:
    """The game, or a skip naming what its refactor (issue 8) has not landed yet."""
    try:
        game = tapete.load_game(name, **(CONFIGS.get(name, {}) | params))
    except tapete.errors.ConfigError as error:  # a parameter of the new rules not there yet
        pytest.skip(f"{name}: its issue-8 parameters are not there yet ({error})")
    missing = missing_contract(game)
    if missing:
        pytest.skip(f"{name} does not declare its research contract yet: {', '.join(missing)}")
    return game


def sample_states(game: Game, seed: int, limit: int = 400, games: int = 2) -> list[State]:
    """Copies of the states of seeded random games of ``game`` (at most ``limit`` each)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.new_initial_state()
        for _ in range(limit):
            out.append(state.clone())
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return out


GAMES = sorted(CONFIGS)
