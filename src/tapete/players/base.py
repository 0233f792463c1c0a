"""The player protocol and the registry of named players."""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from tapete.engine.api import PlayerView
from tapete.errors import ConfigError


class Player(ABC):
    """A bot: ``choose(view, legal_actions, rng)`` returns one of ``legal_actions``.

    ``name`` is the registered name; ``params`` the parameters it was built with.
    """

    name: str = "player"

    def __init__(self, **params: Any) -> None:
        self.params = dict(params)

    @abstractmethod
    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """Pick an action from ``legal_actions`` knowing only ``view``."""

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"load({self.name!r}{args})"


class RandomPlayer(Player):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """A uniformly random legal action."""
        return legal_actions[int(rng.random() * len(legal_actions))]


_PLAYERS: dict[str, Callable[..., Player]] = {"random": RandomPlayer}
#: Modules imported on first use so that their players register themselves.
PLAYER_MODULES: list[str] = ["tapete.players.rule"]


def register_player(name: str, factory: Callable[..., Player]) -> None:
    """Register a player factory under ``name``."""
    _PLAYERS[name] = factory


def _load_modules() -> None:
    for module in PLAYER_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise


def available() -> list[str]:
    """Names of the registered players."""
    _load_modules()
    return sorted(_PLAYERS)


def load(name: str, **params: Any) -> Player:
    """A player by name, e.g. ``load('rule')``; :class:`ConfigError` for unknown names."""
    _load_modules()
    try:
        factory = _PLAYERS[name]
    except KeyError:
        raise ConfigError(
            f"unknown player {name!r}; available: {', '.join(sorted(_PLAYERS))}"
        ) from None
    return factory(**params)
