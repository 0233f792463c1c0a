"""Views of the seat to act at every decision of random games: what benchmarks and encoder
tests feed to a tensor encoder, in playing order.

>>> import random, tapete
>>> views = decision_views(tapete.load_game('pocha', n_players=3, hand_size=2), random.Random(1))
>>> len(views) == 3 * (1 + 2), views[0].phase  # 3 seats: a bid and 2 cards each
(True, 'bidding')
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tapete.engine import sample_chance
from tapete.engine.api import Game, PlayerView, State


def decision_views(game: Game, rng: random.Random, games: int = 1) -> list[PlayerView]:
    """The view of the seat to act at every decision of ``games`` games played at random
    (chance by :func:`tapete.engine.sample_chance`, moves uniformly among the legal ones),
    game after game."""
    return [state.view(state.current_player()) for state in _decisions(game, rng, games)]


def decision_states(game: Game, rng: random.Random, games: int = 1) -> list[State]:
    """A copy of the state at every decision of ``games`` games played at random, as
    :func:`decision_views` plays them.

    >>> import random, tapete
    >>> states = decision_states(tapete.load_game('pocha', n_players=3, hand_size=1),
    ...                          random.Random(1))
    >>> [s.move_number() for s in states][:2], states[0].current_player() >= 0
    ([4, 5], True)
    """
    return [state.clone() for state in _decisions(game, rng, games)]


def _decisions(game: Game, rng: random.Random, games: int) -> Iterator[State]:
    """The live state at each decision (moved on once the caller has looked)."""
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                yield state
                state.apply_action(rng.choice(state.legal_actions()))
