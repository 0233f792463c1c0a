"""Players (bots): they choose an action from a :class:`~tapete.engine.PlayerView` and the
legal actions, never from a State, so no bot can see hidden cards.

>>> import random, tapete
>>> from tapete.players import load
>>> bot = load('random')
>>> state = tapete.engine.play_chance(tapete.load_game('pocha').new_initial_state(),
...                                   random.Random(1))
>>> seat = state.current_player()
>>> bot.choose(state.view(seat), state.legal_actions(), random.Random(2)) in state.legal_actions()
True
"""

from tapete.players.base import (
    Player,
    PlayerUnavailable,
    RandomPlayer,
    available,
    load,
    register_player,
    unavailable,
)

__all__ = [
    "Player",
    "PlayerUnavailable",
    "RandomPlayer",
    "available",
    "load",
    "register_player",
    "unavailable",
]
