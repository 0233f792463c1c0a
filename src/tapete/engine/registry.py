"""The registry of games: ``load_game(name, **params)``.

>>> import tapete
>>> 'pocha' in tapete.registered_games()
True
>>> tapete.load_game('pocha(n_players=5)').num_players()
5
"""

from __future__ import annotations

import importlib
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
    try:
        return _GAMES[name]
    except KeyError:
        raise ConfigError(
            f"unknown game {name!r}; registered games: {', '.join(sorted(_GAMES))}"
        ) from None


def _parse_game_string(text: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = text.partition("(")
    params: dict[str, Any] = {}
    if rest:
        if not rest.endswith(")"):
            raise ConfigError(f"cannot read game string {text!r}: expected name(key=value,...)")
        for item in filter(None, (p.strip() for p in rest[:-1].split(","))):
            key, eq, value = item.partition("=")
            if not eq:
                raise ConfigError(f"cannot read parameter {item!r} in {text!r}: expected key=value")
            params[key.strip()] = value.strip()
    return name.strip(), params


def load_game(name: str, **params: Any) -> Game:
    """A game by name with validated parameters.

    ``name`` may carry parameters, OpenSpiel style: ``'pocha(n_players=5,deck=48)'``.
    Unknown games and bad parameters raise :class:`ConfigError`.
    """
    base, inline = _parse_game_string(name)
    return game_class(base)(**{**inline, **params})
