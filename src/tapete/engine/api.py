"""The game-agnostic contracts: :class:`Game`, :class:`State`, :class:`PlayerView`, parameters.

The State protocol uses OpenSpiel's method names. Every random event is a *chance action*
whose number is the card it brings (so a physical deal can be reproduced exactly), and a
state is mutated only through :meth:`State.apply_action`, which checks legality first and
leaves the state unchanged when it refuses.

They are written by job in three modules: the parameters (:mod:`tapete.engine.params`:
:class:`Param`, :class:`GameSpec`), the protocol (:mod:`tapete.engine.protocol`:
:class:`Game`, :class:`State`, the seats of chance and of a finished game, the notation
helpers) and the view base (:mod:`tapete.engine.player_view`: :class:`PlayerView`,
:class:`Trick`, :func:`cards_in`); this module gives each of their names.
"""

from __future__ import annotations

from tapete.engine.compiling import mypyc_attr
from tapete.engine.params import GameSpec, Param
from tapete.engine.player_view import PlayerView, Trick, cards_in, tricks_mask
from tapete.engine.protocol import (
    CHANCE,
    CONSTANT_SUM,
    GENERAL_SUM,
    TERMINAL,
    ZERO_SUM,
    Game,
    State,
    as_action,
    parse_int,
    seat_name,
    split_action,
)

__all__ = [
    "CHANCE",
    "CONSTANT_SUM",
    "GENERAL_SUM",
    "TERMINAL",
    "ZERO_SUM",
    "Game",
    "GameSpec",
    "Param",
    "PlayerView",
    "State",
    "Trick",
    "as_action",
    "cards_in",
    "mypyc_attr",
    "parse_int",
    "seat_name",
    "split_action",
    "tricks_mask",
]
