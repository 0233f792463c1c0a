"""The garbage collector's settings in a server process, and the pauses it makes.

A server holds hundreds of live tables, each a game state with its history: hundreds of
thousands of objects that live as long as the table. CPython's cyclic collector, with its
default thresholds, runs a full collection over all of them every few seconds under load,
and each one stops every table of the process (measured at 500 tables on 2 shared cores:
full collections of 2-3 s, 8 s of them in 45 s). :func:`settle_collector` runs once when the
server is up: one full collection, then :func:`gc.freeze` puts what survived (modules,
classes, the resumed tables) out of the collector's sight, and young collections wait for
:data:`YOUNG` new objects instead of 700, so that the older generations fill, and are
collected, far less often. Objects are still freed by reference counting as always; cycles
are still collected, just less often. It acts once per process (an app made again in the
same process, as tests do, leaves the settings as they are).

:class:`CollectorWatch` (``gc.callbacks``) measures every collection's pause by generation;
the server shows the figures at ``/healthz/gc`` (loopback clients only).

>>> import gc
>>> before = gc.get_threshold()
>>> settle_collector()
>>> gc.get_threshold()[0] == YOUNG and gc.get_freeze_count() > 0
True
>>> settle_collector()  # once per process
>>> gc.unfreeze(); gc.set_threshold(*before)
"""

from __future__ import annotations

import asyncio
import collections
import gc
import threading
import time
from typing import Any

__all__ = [
    "AUDIT",
    "OLDER",
    "REFREEZE",
    "YOUNG",
    "CollectorPolicy",
    "CollectorWatch",
    "settle_collector",
    "watch",
]

#: New (tracked) objects between young collections (CPython's default: 700).
YOUNG = 10_000
#: Young collections between collections of the middle generation, and those between
#: considering a full one (CPython's defaults: 10 and 10).
OLDER = (20, 20)


_settled = False


def settle_collector() -> None:
    """Collect once, freeze what survived, and make collections rarer (see the module);
    only the first call in a process acts."""
    global _settled
    if _settled:
        return
    _settled = True
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *OLDER)


class CollectorWatch:
    """The cyclic collector's pauses, by generation, from ``gc.callbacks``.

    Each collection's pause is the time between its ``start`` and ``stop`` callbacks (the
    whole process stands still meanwhile: the collector holds the interpreter lock); the
    collections' CPU time (``time.thread_time``) is kept too, a figure that a machine shared
    with other work disturbs less than the wall-clock pause.

    >>> w = CollectorWatch()
    >>> w.install()
    >>> _ = gc.collect()
    >>> figures = w.figures()
    >>> figures["collections"][2] >= 1 and figures["pause_max_ms"][2] >= 0
    True
    >>> w.uninstall()
    """

    #: Full collections remembered one by one (the latest ones).
    KEEP = 2000

    def __init__(self) -> None:
        self.collections = [0, 0, 0]
        self.pause_s = [0.0, 0.0, 0.0]
        self.pause_max_s = [0.0, 0.0, 0.0]
        self.cpu_s = [0.0, 0.0, 0.0]
        self.cpu_max_s = [0.0, 0.0, 0.0]
        self.collected = [0, 0, 0]
        #: The latest full collections: (time.time() at the end, pause seconds, CPU
        #: seconds, objects collected).
        self.full: collections.deque[tuple[float, float, float, int]] = collections.deque(
            maxlen=self.KEEP
        )
        self._started: dict[int, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        """The ``gc.callbacks`` hook: time one collection."""
        thread = threading.get_ident()
        if phase == "start":
            self._started[thread] = (time.perf_counter(), time.thread_time())
            return
        began = self._started.pop(thread, None)
        if began is None:
            return
        pause = time.perf_counter() - began[0]
        cpu = time.thread_time() - began[1]
        generation = min(2, max(0, int(info.get("generation", 0))))
        found = int(info.get("collected", 0))
        with self._lock:
            self.collections[generation] += 1
            self.pause_s[generation] += pause
            self.pause_max_s[generation] = max(self.pause_max_s[generation], pause)
            self.cpu_s[generation] += cpu
            self.cpu_max_s[generation] = max(self.cpu_max_s[generation], cpu)
            self.collected[generation] += found
            if generation == 2:
                self.full.append((time.time(), pause, cpu, found))

    def install(self) -> None:
        """Start watching (once)."""
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def uninstall(self) -> None:
        """Stop watching."""
        if self in gc.callbacks:
            gc.callbacks.remove(self)

    def figures(self, since: float | None = None) -> dict[str, Any]:
        """The counts and pauses so far (``full_pauses_ms``: the full collections that ended
        after ``since``, a ``time.time()``, else the latest ones), and the collector's state:
        objects frozen, thresholds, objects waiting in each generation."""
        with self._lock:
            full = [f for f in self.full if since is None or f[0] > since]
            return {
                "collections": list(self.collections),
                "pause_total_ms": [round(1000 * s, 2) for s in self.pause_s],
                "pause_max_ms": [round(1000 * s, 2) for s in self.pause_max_s],
                "cpu_total_ms": [round(1000 * s, 2) for s in self.cpu_s],
                "cpu_max_ms": [round(1000 * s, 2) for s in self.cpu_max_s],
                "collected": list(self.collected),
                "full_pauses_ms": [round(1000 * f[1], 2) for f in full],
                "full_cpu_ms": [round(1000 * f[2], 2) for f in full],
                "full_collected": [f[3] for f in full],
                "frozen": gc.get_freeze_count(),
                "threshold": list(gc.get_threshold()),
                "count": list(gc.get_count()),
            }


#: The process's watch (installed by :func:`settle_collector`'s caller, the server).
watch = CollectorWatch()

#: Seconds between two freezes of what the collector tracks (:class:`CollectorPolicy`).
REFREEZE = 1.0
#: Seconds between two audits (a full collection of everything, frozen objects included).
AUDIT = 600.0


class CollectorPolicy:
    """Keeps the live tables' objects out of the full collections, and still frees cycles.

    Tables are made while the server runs, after :func:`settle_collector`'s freeze: their
    states (hundreds of thousands of objects at hundreds of tables) reach the oldest
    generation, and every full collection went through all of them, a pause of 0.1-0.5 s
    at 500 tables, and the middle generation's collections grew to 70-100 ms of CPU.
    Every ``refreeze`` seconds the young generations are collected (what they hold is at
    most a second old: 6 ms of CPU on average at 200 tables, 26 ms at most) and
    :func:`gc.freeze` moves what the collector tracks out of its sight (a constant-time
    list splice), so no collection goes through more than the objects of the last second
    or so, and full collections no longer come.

    Frozen objects are freed by reference counting as always (a table that leaves memory
    is: it holds no cycle); what freezing holds back is cyclic garbage, a cycle that
    becomes garbage after it was frozen (about 10 objects a second at 200 tables: asyncio's
    futures and exceptions). So every ``audit`` seconds one full collection of everything
    runs (:func:`gc.unfreeze`, :func:`gc.collect`, :func:`gc.freeze`): such garbage lives
    at most that long. That one is a long pause (0.25-0.3 s of CPU at 200 tables), kept
    rare; its figures (pause, CPU, objects collected) are kept in :attr:`audits`.
    ``audit=0``: never.

    >>> policy = CollectorPolicy(refreeze=5, audit=60)
    >>> policy.refreeze_now(); gc.get_freeze_count() > 0
    True
    >>> found = policy.audit_now(); len(policy.audits), gc.get_freeze_count() > 0
    (1, True)
    >>> gc.unfreeze()
    """

    #: Audits remembered (the latest ones).
    KEEP = 100

    def __init__(self, refreeze: float = REFREEZE, audit: float = AUDIT) -> None:
        self.refreeze = refreeze
        self.audit = audit
        self.refreezes = 0
        #: The latest audits: (time.time(), pause seconds, CPU seconds, objects collected).
        self.audits: collections.deque[tuple[float, float, float, int]] = collections.deque(
            maxlen=self.KEEP
        )

    def refreeze_now(self) -> None:
        """Collect the young generations (their garbage is not to be frozen), then freeze
        what the collector tracks."""
        gc.collect(1)
        gc.freeze()
        self.refreezes += 1

    def audit_now(self) -> int:
        """One full collection of everything, frozen objects included, then freeze again;
        returns the objects collected."""
        began, cpu = time.perf_counter(), time.thread_time()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        pause, cpu = time.perf_counter() - began, time.thread_time() - cpu
        self.audits.append((time.time(), pause, cpu, found))
        return found

    async def run(self) -> None:
        """Refreeze and audit at their intervals, for ever (a server's background task)."""
        last_audit = time.monotonic()
        while True:
            await asyncio.sleep(self.refreeze)
            if self.audit > 0 and time.monotonic() - last_audit >= self.audit:
                self.audit_now()
                last_audit = time.monotonic()
            else:
                self.refreeze_now()

    def figures(self) -> dict[str, Any]:
        """Refreezes so far and the latest audits (pause, CPU, objects collected)."""
        return {
            "refreeze_s": self.refreeze,
            "audit_s": self.audit,
            "refreezes": self.refreezes,
            "audits": [
                {"at": round(t, 1), "pause_ms": round(1000 * p, 2), "cpu_ms": round(1000 * c, 2),
                 "collected": n}
                for t, p, c, n in self.audits
            ],
        }  # fmt: skip
