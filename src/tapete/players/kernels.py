"""Loading the search players' kernels once, in the background, before anybody waits.

A search player's first decision needs its numba kernels: loaded from numba's disk cache
(a few seconds), or compiled on the first run of a fresh install (a minute on two cores),
and Ombre's recursive solver is compiled at every start (numba cannot cache it). A server
calls :meth:`KernelLoader.start` as it starts: the kernels load in a thread while the
lobby already answers, so that the first table with search bots is created at once.
While they load (:meth:`KernelLoader.loading`), a search player's ``start`` only checks the
rules and leaves the loading to that thread; a table waits for it (:meth:`KernelLoader.wait`,
in a thread) before a search bot's first move, and a hint before asking a search bot.

Elsewhere (the terminal, the arena, a researcher's script) nothing is started and the
players load their kernels in their own ``start``, as before.

>>> loader = KernelLoader()
>>> loader.loading(), loader.wait(0)
(False, True)
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable

from tapete.players.base import available

log = logging.getLogger("tapete.players")

#: The players whose kernels :func:`load_kernels` loads, and the games it loads them for.
WARMED: tuple[tuple[str, str], ...] = (
    ("search-strong", "pocha"),
    ("search-strong", "ombre"),
    ("trynka-cfr", "trynka"),
)


def load_kernels() -> list[str]:
    """Load (or compile) the kernels of every search player that can run here, by starting
    one of each on its games; returns the players started (``[]`` without numba)."""
    from tapete.engine import load_game
    from tapete.players.base import load

    here = set(available())
    started = []
    for name, game_name in WARMED:
        if name not in here:
            continue
        load(name).start(load_game(game_name), 1)
        started.append(f"{name}/{game_name}")
    return started


@dataclasses.dataclass
class KernelLoader:
    """The background loading of the kernels (one per process: :data:`KERNELS`)."""

    #: What is loaded (a function returning what it loaded, for the log).
    job: Callable[[], list[str]] = load_kernels
    #: Set once the loading ended, well or not.
    finished: threading.Event = dataclasses.field(default_factory=threading.Event)
    #: The exception that ended it, if one did.
    error: BaseException | None = None
    #: Seconds the loading took (``None`` until it ended).
    seconds: float | None = None
    _thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start loading in a daemon thread (once); False if it was started before."""
        if self._thread is not None:
            return False
        self._thread = threading.Thread(target=self._run, name="tapete-kernels", daemon=True)
        self._thread.start()
        return True

    def _run(self) -> None:
        began = time.monotonic()
        try:
            loaded = self.job()
        except BaseException as e:  # the search bots then load their own at their start
            self.error = e
            log.exception("the search bots' kernels could not be loaded")
        else:
            if loaded:
                log.info("search bots ready: kernels loaded in %.1f s", time.monotonic() - began)
        finally:
            self.seconds = time.monotonic() - began
            self.finished.set()

    def loading(self) -> bool:
        """True while the loading is under way (started and not ended)."""
        return self._thread is not None and not self.finished.is_set()

    def in_loader(self) -> bool:
        """True in the loading thread itself."""
        return threading.current_thread() is self._thread

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the loading ended (at most ``timeout`` s); True if nothing is loading.

        Call it from a thread, never on an event loop."""
        if self._thread is None:
            return True
        return self.finished.wait(timeout)


#: This process's kernel loading (started by ``tapete serve``).
KERNELS = KernelLoader()
