"""The player protocol and the registry of named players."""

from __future__ import annotations

import importlib
import importlib.util
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from tapete.engine.api import Game, Param, PlayerView
from tapete.errors import ConfigError, TapeteError
from tapete.players.explain import explain
from tapete.players.options import validate


class PlayerUnavailable(ConfigError):
    """A registered player that cannot run here: a module it needs is not installed
    (``missing``: their names), as on a platform without numba for the search players."""

    def __init__(self, name: str, missing: Sequence[str]) -> None:
        self.player = name
        self.missing = tuple(missing)
        super().__init__(
            f"player {name} cannot run here: it needs {', '.join(self.missing)}, which "
            f"{'is' if len(self.missing) == 1 else 'are'} not installed"
        )


class Player(ABC):
    """A bot: ``choose(view, legal_actions, rng)`` returns one of ``legal_actions``.

    ``name`` is the registered name; ``params`` the parameters it was built with.
    """

    name: str = "player"
    #: Whether the player needs the search kernels (:mod:`tapete.players.kernels`): a server
    #: still loading them makes it wait for its game's, and no other player.
    uses_kernels: bool = False
    #: Whether :meth:`choose` reads its view: a player that does not (``random``) may be
    #: given the bare :class:`PlayerView` (seat and seat to act) where making the game's
    #: view would cost more than its choice (a training environment's opponents).
    reads_view: bool = True

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

    def explain(
        self,
        view: PlayerView,
        action: int,
        legal_actions: Sequence[int],
        text_of: Callable[[int], str],
    ) -> list[dict[str, Any]]:
        """Why ``action`` is played in ``view``: reasons as codes with values (the hints'
        ``why``, :mod:`tapete.players.explain`), from what the seat sees. A bot with reasons
        of its own overrides it; ``text_of`` gives an action's text."""
        return explain(view, action, legal_actions, text_of)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"load({self.name!r}{args})"


class RandomPlayer(Player):
    """Uniform over the legal actions."""

    name = "random"
    reads_view = False

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """A uniformly random legal action."""
        return legal_actions[int(rng.random() * len(legal_actions))]


_PLAYERS: dict[str, Callable[..., Player]] = {"random": RandomPlayer}
#: The parameters of the players that declared them (any other is refused by :func:`load`).
_PARAMETERS: dict[str, tuple[str, ...]] = {"random": ("time_budget",)}
#: The parameters declared as :class:`Param` (checked by :func:`load`, listed by ``tapete bots``).
_OPTIONS: dict[str, tuple[Param, ...]] = {}
#: The modules each player needs beyond the standard library (numba for the searches).
_REQUIRES: dict[str, tuple[str, ...]] = {}
#: Modules imported on first use so that their players register themselves.
PLAYER_MODULES: list[str] = ["tapete.players.rule", "tapete.players.search"]


def register_player(
    name: str,
    factory: Callable[..., Player],
    parameters: Sequence[str | Param] | None = None,
    *,
    requires: Sequence[str] = (),
) -> None:
    """Register a player factory under ``name``.

    ``parameters`` names the parameters the player accepts, or declares them as
    :class:`~tapete.engine.api.Param` (as a game declares its options: :func:`load` then
    checks each value given and passes it on read, and ``tapete bots`` lists them);
    :func:`load` refuses any other, naming the allowed ones. Without it the factory checks
    its own parameters (and should raise :class:`ConfigError` for a bad one). ``requires``
    names the modules the player needs (``("numba", "numpy")``): where one is not installed
    the player is not
    :func:`available` and :func:`load` raises :class:`PlayerUnavailable`.
    """
    _PLAYERS[name] = factory
    if parameters is None:
        _PARAMETERS.pop(name, None)
        _OPTIONS.pop(name, None)
    else:
        _PARAMETERS[name] = tuple(p if isinstance(p, str) else p.name for p in parameters)
        _OPTIONS[name] = tuple(p for p in parameters if isinstance(p, Param))
    if requires:
        _REQUIRES[name] = tuple(requires)
    else:
        _REQUIRES.pop(name, None)


#: Whether each module asked about is installed (found once, then remembered).
_INSTALLED: dict[str, bool] = {}


def _installed(module: str) -> bool:
    found = _INSTALLED.get(module)
    if found is None:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        _INSTALLED[module] = found
    return found


def missing_modules(name: str) -> tuple[str, ...]:
    """The modules player ``name`` needs that are not installed (``()``: it can run).

    >>> missing_modules("random")
    ()
    """
    _load_modules()
    return tuple(m for m in _REQUIRES.get(name, ()) if not _installed(m))


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


def options(name: str) -> tuple[Param, ...]:
    """The parameters player ``name`` declares as :class:`~tapete.engine.api.Param` (``()``
    for one that declares none); :class:`ConfigError` for an unknown name.

    >>> [p.name for p in options("search")][:3]
    ['level', 'time_budget', 'worlds']
    """
    _load_modules()
    if name not in _PLAYERS:
        raise ConfigError(f"unknown player {name!r}; available: {', '.join(available())}")
    return _OPTIONS.get(name, ())


def available() -> list[str]:
    """Names of the registered players that can run here (every module they need is
    installed); :func:`unavailable` says why the others cannot.

    >>> {"random", "rule"} <= set(available())
    True
    """
    _load_modules()
    return sorted(name for name in _PLAYERS if not missing_modules(name))


def unavailable() -> dict[str, tuple[str, ...]]:
    """The registered players that cannot run here, each with the modules it misses.

    >>> "rule" in unavailable()
    False
    """
    _load_modules()
    missing = {name: missing_modules(name) for name in sorted(_PLAYERS)}
    return {name: modules for name, modules in missing.items() if modules}


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
        raise ConfigError(f"unknown player {name!r}; available: {', '.join(available())}") from None
    missing = missing_modules(name)
    if missing:
        raise PlayerUnavailable(name, missing)
    allowed = _PARAMETERS.get(name)
    unknown = sorted(set(params) - set(allowed)) if allowed is not None else []
    if unknown:
        raise ConfigError(
            f"player {name} has no parameter {', '.join(unknown)}; its parameters are: "
            f"{', '.join(allowed) if allowed else 'none'}"
        )
    declared = {p.name: p for p in _OPTIONS.get(name, ())}
    try:
        params = {k: validate(declared[k], v) if k in declared else v for k, v in params.items()}
    except ConfigError as e:
        raise ConfigError(f"player {name}: {e}") from None
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
