"""The registry of games: ``load_game(name, **params)``.

>>> import tapete
>>> 'pocha' in tapete.registered_games()
True
>>> tapete.load_game('pocha(n_players=5)').num_players()
5
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tapete.engine.api import Game
from tapete.errors import ConfigError

_GAMES: dict[str, type[Game]] = {}
_BUILTIN_PACKAGE = "tapete.games"


def register(game_class: type[Game]) -> type[Game]:
    """Register a :class:`Game` subclass under its ``name`` (usable as a class decorator)."""
    _GAMES[game_class.name] = game_class
    return game_class


def _load_builtins() -> None:
    importlib.import_module(_BUILTIN_PACKAGE)


def registered_games() -> list[str]:
    """Names of every registered game, sorted."""
    _load_builtins()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; :class:`ConfigError` listing the names otherwise."""
    _load_builtins()
    if not isinstance(name, str):
        raise ConfigError(f"a game name must be a string, got {type(name).__name__}")
    try:
        return _GAMES[name]
    except KeyError:
        raise ConfigError(
            f"unknown game {name!r}; registered games: {', '.join(sorted(_GAMES))}"
        ) from None


def upgrade_params(name: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with the values an older rules version spelled otherwise given their
    current names (the game's ``renamed_values``): for stored tables and records.

    >>> upgrade_params('pocha-match', {'ronda_subastada': 'last_hands', 'n_players': 4})
    {'ronda_subastada': 'closing_hands', 'n_players': 4}
    >>> upgrade_params('pocha', {'hand_size': 2})
    {'hand_size': 2}
    """
    renamed = game_class(name).renamed_values
    upgraded = dict(params)
    for key, value in params.items():
        if isinstance(value, str) and value in renamed.get(key, {}):
            upgraded[key] = renamed[key][value]
    return upgraded


def _parse_game_string(text: str) -> tuple[str, dict[str, Any]]:
    """``'pocha(n_players=5)'`` → ``('pocha', {'n_players': '5'})``; junk is refused.

    >>> _parse_game_string('pocha(n_players=5,n_players=6)')
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter n_players is given twice in 'pocha(n_players=5,n_pl...
    """
    if not isinstance(text, str):
        raise ConfigError(f"a game name must be a string, got {type(text).__name__}")
    name, paren, rest = text.partition("(")
    params: dict[str, Any] = {}
    if paren:
        inner = rest[:-1]
        if not rest.endswith(")") or "(" in inner or ")" in inner:
            raise ConfigError(f"cannot read game string {text!r}: expected name(key=value,...)")
        for item in filter(None, (p.strip() for p in inner.split(","))):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key.isidentifier():
                raise ConfigError(f"cannot read parameter {item!r} in {text!r}: expected key=value")
            if key in params:
                raise ConfigError(f"parameter {key} is given twice in {text!r}")
            params[key] = value.strip()
    name = name.strip()
    if not name:
        raise ConfigError(f"cannot read game string {text!r}: no game name")
    return name, params


def load_game(name: str, **params: Any) -> Game:
    """A game by name with validated parameters.

    ``name`` may carry parameters, OpenSpiel style: ``'pocha(n_players=5,deck=48)'``; a
    parameter given both there and as a keyword must have the same value. Unknown games,
    names that are not strings, game strings that do not parse and bad parameters raise
    :class:`ConfigError`.

    >>> load_game(None)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: a game name must be a string, got NoneType
    """
    base, inline = _parse_game_string(name)
    for key in inline.keys() & params.keys():
        if str(params[key]) != inline[key]:
            raise ConfigError(
                f"parameter {key} is given twice: {inline[key]!r} in {name!r} and {params[key]!r}"
            )
    return game_class(base)(**{**inline, **params})
