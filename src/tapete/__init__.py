"""tapete: exact rules, bots and research environments for Ombre, La Pocha and Trynka.

>>> import random, tapete
>>> game = tapete.load_game('pocha', n_players=4, hand_size=3)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(state.legal_actions()[0])
(True, 'deal Ao')
"""

from tapete.cards import Card, CardSet, Rank, Suit
from tapete.engine import (
    CHANCE,
    TERMINAL,
    Game,
    GameRecord,
    PlayerView,
    State,
    load_game,
    registered_games,
    replay,
    transcript,
)
from tapete.errors import ConfigError, IllegalActionError, NotationError, RecordError, TapeteError

__version__ = "0.1.0"


def is_compiled() -> bool:
    """True when the rules core was compiled by mypyc (the optional fast build, see setup.py;
    ``tests/engine/test_engine.py`` checks it against where the modules were loaded from)."""
    from tapete.games.pocha import game

    return not game.__file__.endswith(".py") if game.__file__ else False


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Card",
    "CardSet",
    "ConfigError",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "NotationError",
    "PlayerView",
    "Rank",
    "RecordError",
    "State",
    "Suit",
    "TapeteError",
    "__version__",
    "is_compiled",
    "load_game",
    "registered_games",
    "replay",
    "transcript",
]
