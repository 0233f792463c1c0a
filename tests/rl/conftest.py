"""Shared helpers of the research adapters' tests: games and seeded states."""

from __future__ import annotations

import random
from typing import Any

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
    "tresillo": {},
    "tresillo-match": {"num_deals": 2},
    "lhombre": {},
    "lhombre-match": {"num_deals": 2},
}


def load_ready(name: str, **params: Any) -> Game:
    """The game ``name`` in its small test configuration (``params`` on top)."""
    return tapete.load_game(name, **(CONFIGS.get(name, {}) | params))


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
