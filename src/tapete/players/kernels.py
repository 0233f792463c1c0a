"""Loading the search players' kernels once, in the background, before anybody waits.

A search player's first decision needs its numba kernels: loaded from numba's disk cache
(a few seconds), or compiled on the first run of a fresh install (a minute on two cores).
A server
calls :meth:`KernelLoader.start` as it starts: the kernels load in a thread while the
lobby already answers, so that the first table with search bots is created at once.
While they load (:meth:`KernelLoader.loading`), a search player's ``start`` only checks the
rules and leaves the loading to that thread; a table waits for it (:meth:`KernelLoader.wait`,
in a thread) before a search bot's first move, and a hint before asking a search bot.

Elsewhere (the terminal, the arena, a researcher's script) nothing is started and the
players load their kernels in their own ``start``, as before.

>>> loader = KernelLoader()
>>> loader.loading(), loader.loading("pocha"), loader.wait(0)
(False, False, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable

from tapete.players.base import available

log = logging.getLogger("tapete.players")

#: How much nicer (lower CPU priority) the loading thread is than the rest of the server;
#: the environment's ``TAPETE_KERNEL_NICENESS`` (0 to 19) overrides it, e.g. 0 on a machine
#: whose other processes would starve a nicer loader (a test run on every core).
LOADER_NICENESS = 10


def loader_niceness() -> int:
    """The loading thread's niceness: ``TAPETE_KERNEL_NICENESS`` if it is a number from 0 to
    19, :data:`LOADER_NICENESS` otherwise.

    >>> import os
    >>> os.environ["TAPETE_KERNEL_NICENESS"] = "0"; loader_niceness()
    0
    >>> os.environ["TAPETE_KERNEL_NICENESS"] = "fast"; loader_niceness()
    10
    >>> del os.environ["TAPETE_KERNEL_NICENESS"]
    """
    given = os.environ.get("TAPETE_KERNEL_NICENESS", "")
    return int(given) if given.isdigit() and int(given) <= 19 else LOADER_NICENESS


#: The players whose kernels the loader loads, and the games it loads them for, in this
#: order: the quickest first (Trynka's strategy table, seconds), then La Pocha (the lobby's
#: first game), then Ombre, whose solver takes longest.
WARMED: tuple[tuple[str, str], ...] = (
    ("trynka-cfr", "trynka"),
    ("search-strong", "pocha"),
    ("search-strong", "ombre"),
)


#: The games that use another game's kernels: Tresillo and Danish l'hombre play with Ombre's
#: (:mod:`tapete.players.search.family`).
SHARED: dict[str, str] = {"tresillo": "ombre", "lhombre": "ombre"}


def family(game_name: str) -> str:
    """The game family whose kernels a game uses: ``pocha-match`` -> ``pocha``; Tresillo and
    Danish l'hombre use Ombre's.

    >>> family("ombre-match"), family("trynka"), family("tresillo-match"), family("lhombre")
    ('ombre', 'trynka', 'ombre', 'ombre')
    """
    base = game_name.split("-")[0]
    return SHARED.get(base, base)


def load_one(player: str, game_name: str) -> bool:
    """Load (or compile) ``player``'s kernels for ``game_name`` by starting one; False if
    the player cannot run here (no numba)."""
    from tapete.engine import load_game
    from tapete.players.base import load

    if player not in available():
        return False
    load(player).start(load_game(game_name), 1)
    return True


@dataclasses.dataclass
class KernelLoader:
    """The background loading of the kernels (one per process: :data:`KERNELS`): each
    family's are ready as soon as they are loaded, the others' still loading."""

    #: What is loaded: (player, game) pairs, in order.
    steps: tuple[tuple[str, str], ...] = WARMED
    #: How one step is loaded (True if it loaded something).
    load: Callable[[str, str], bool] = load_one
    #: Set once the loading ended, well or not.
    finished: threading.Event = dataclasses.field(default_factory=threading.Event)
    #: The exception that ended it, if one did.
    error: BaseException | None = None
    #: Seconds the loading took (``None`` until it ended), and each family's.
    seconds: float | None = None
    family_seconds: dict[str, float] = dataclasses.field(default_factory=dict)
    _ready: dict[str, threading.Event] = dataclasses.field(default_factory=dict)
    _thread: threading.Thread | None = None

    def __post_init__(self) -> None:
        for _player, game_name in self.steps:
            self._ready.setdefault(family(game_name), threading.Event())

    def start(self) -> bool:
        """Start loading in a daemon thread (once); False if it was started before."""
        if self._thread is not None:
            return False
        self._thread = threading.Thread(target=self._run, name="tapete-kernels", daemon=True)
        self._thread.start()
        return True

    def _run(self) -> None:
        with contextlib.suppress(AttributeError, OSError):  # Linux: a nicer thread than the
            # event loop's, so that the tables stay quick while the kernels compile
            niceness = loader_niceness()
            if niceness:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)
        began = time.monotonic()
        loaded = False
        try:
            for player, game_name in self.steps:
                loaded = self.load(player, game_name) or loaded
                self.family_seconds[family(game_name)] = time.monotonic() - began
                self._ready[family(game_name)].set()
        except BaseException as e:  # the search bots then load their own at their start
            self.error = e
            log.exception("the search bots' kernels could not be loaded")
        else:
            if loaded:
                log.info("search bots ready: kernels loaded in %.1f s", time.monotonic() - began)
        finally:
            self.seconds = time.monotonic() - began
            for event in self._ready.values():
                event.set()
            self.finished.set()

    def loading(self, game_name: str | None = None) -> bool:
        """True while the loading is under way (started and not ended); with
        ``game_name``, while that game's kernels are still to come."""
        if self._thread is None or self.finished.is_set():
            return False
        if game_name is None:
            return True
        event = self._ready.get(family(game_name))
        return event is not None and not event.is_set()

    def in_loader(self) -> bool:
        """True in the loading thread itself."""
        return threading.current_thread() is self._thread

    def wait(self, timeout: float | None = None, game_name: str | None = None) -> bool:
        """Wait until the loading ended, or with ``game_name`` until that game's kernels are
        loaded (at most ``timeout`` s); True if nothing is left to wait for.

        Call it from a thread, never on an event loop."""
        if not self.loading(game_name):
            return True
        if game_name is None:
            return self.finished.wait(timeout)
        return self._ready[family(game_name)].wait(timeout)


#: This process's kernel loading (started by ``tapete serve``).
KERNELS = KernelLoader()
