"""Views of the seat to act at every decision of random games: what benchmarks and encoder
tests feed to a tensor encoder, in playing order.

>>> import random, tapete
>>> views = decision_views(tapete.load_game('pocha', n_players=3, hand_size=2), random.Random(1))
>>> len(views) == 3 * (1 + 2), views[0].phase  # 3 seats: a bid and 2 cards each
(True, 'bidding')
"""

from __future__ import annotations

import random

from tapete.engine import sample_chance
from tapete.engine.api import Game, PlayerView


def decision_views(game: Game, rng: random.Random, games: int = 1) -> list[PlayerView]:
    """The view of the seat to act at every decision of ``games`` games played at random
    (chance by :func:`tapete.engine.sample_chance`, moves uniformly among the legal ones),
    game after game."""
    views = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                views.append(state.view(state.current_player()))
                state.apply_action(rng.choice(state.legal_actions()))
    return views
