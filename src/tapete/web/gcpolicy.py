"""The garbage collector's settings in a server process.

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

>>> import gc
>>> before = gc.get_threshold()
>>> settle_collector()
>>> gc.get_threshold()[0] == YOUNG and gc.get_freeze_count() > 0
True
>>> settle_collector()  # once per process
>>> gc.unfreeze(); gc.set_threshold(*before)
"""

from __future__ import annotations

import gc

__all__ = ["OLDER", "YOUNG", "settle_collector"]

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
