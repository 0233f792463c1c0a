"""The player protocol and the registry of named players."""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError, TapeteError


class Player(ABC):
    """A bot: ``choose(view, legal_actions, rng)`` returns one of ``legal_actions``.

    ``name`` is the registered name; ``params`` the parameters it was built with.
    """

    name: str = "player"

    def __init__(self, **params: Any) -> None:
        self.params = dict(params)
        #: The game being played and this player's seat, set by :meth:`start`.
        self.game: Game | None = None
        self.seat: int | None = None

    def start(self, game: Game, seat: int) -> None:
        """Called once before play: the rules in force (``game``) and the seat this player
        takes. Subclasses that precompute per-game tables override it (and call ``super``)."""
        self.game = game
        self.seat = seat

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
#: The parameters of the players that declared them (any other is refused by :func:`load`).
_PARAMETERS: dict[str, tuple[str, ...]] = {"random": ("time_budget",)}
#: Modules imported on first use so that their players register themselves.
PLAYER_MODULES: list[str] = ["tapete.players.rule", "tapete.players.search"]


def register_player(
    name: str, factory: Callable[..., Player], parameters: Sequence[str] | None = None
) -> None:
    """Register a player factory under ``name``.

    ``parameters`` names the parameters the player accepts: :func:`load` then refuses any
    other, naming the allowed ones. Without it the factory checks its own parameters (and
    should raise :class:`ConfigError` for a bad one).
    """
    _PLAYERS[name] = factory
    if parameters is None:
        _PARAMETERS.pop(name, None)
    else:
        _PARAMETERS[name] = tuple(parameters)


def _load_modules() -> None:
    for module in PLAYER_MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise


def import_player_module(module: str) -> None:
    """Import ``module`` (``mypkg.bots``), whose import registers players with
    :func:`register_player`; :class:`ConfigError` naming the module if it cannot be imported.

    >>> import_player_module('no_such_module_of_bots')
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: cannot import player module 'no_such_module_of_bots': ModuleNotFoundError: No module named 'no_such_module_of_bots'
    """  # noqa: E501
    try:
        importlib.import_module(module)
    except Exception as e:  # a user's module: any failure is reported as bad input
        raise ConfigError(
            f"cannot import player module {module!r}: {type(e).__name__}: {e}"
        ) from None


def available() -> list[str]:
    """Names of the registered players."""
    _load_modules()
    return sorted(_PLAYERS)


def load(name: str, **params: Any) -> Player:
    """A player by name, e.g. ``load('rule')``; :class:`ConfigError` for unknown names,
    unknown parameters (naming the allowed ones) or a factory that fails.

    >>> load('random', x=1)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: player random has no parameter x; its parameters are: time_budget
    """
    _load_modules()
    if not isinstance(name, str):
        raise ConfigError(f"a player name must be a string, got {type(name).__name__}")
    try:
        factory = _PLAYERS[name]
    except KeyError:
        raise ConfigError(
            f"unknown player {name!r}; available: {', '.join(sorted(_PLAYERS))}"
        ) from None
    allowed = _PARAMETERS.get(name)
    unknown = sorted(set(params) - set(allowed)) if allowed is not None else []
    if unknown:
        raise ConfigError(
            f"player {name} has no parameter {', '.join(unknown)}; its parameters are: "
            f"{', '.join(allowed) if allowed else 'none'}"
        )
    try:
        player = factory(**params)
    except TapeteError:
        raise
    except Exception as e:  # a user's factory: its failure is a bad configuration
        raise ConfigError(
            f"player {name} cannot be built with {params}: {type(e).__name__}: {e}"
        ) from None
    if not isinstance(player, Player):
        raise ConfigError(f"player {name}'s factory returned a {type(player).__name__}")
    return player
