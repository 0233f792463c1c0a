"""Game-agnostic machinery: the Game/State protocol, chance helpers, views, records, registry.

Standard library only.
"""

from tapete.engine.api import (
    CHANCE,
    TERMINAL,
    Game,
    Param,
    PlayerView,
    State,
    Trick,
    cards_in,
    seat_name,
)
from tapete.engine.chance import (
    apply_strings,
    deal_cards,
    play_chance,
    random_playout,
    random_step,
    sample_chance,
)
from tapete.engine.record import GameRecord, replay, replay_states, transcript
from tapete.engine.registry import game_class, load_game, register, registered_games

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameRecord",
    "Param",
    "PlayerView",
    "State",
    "Trick",
    "apply_strings",
    "cards_in",
    "deal_cards",
    "game_class",
    "load_game",
    "play_chance",
    "random_playout",
    "random_step",
    "register",
    "registered_games",
    "replay",
    "replay_states",
    "sample_chance",
    "seat_name",
    "transcript",
]
