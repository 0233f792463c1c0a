"""Live tables: seats, bots in seats, clocks, and one asyncio writer per table.

:class:`TableManager` holds the live tables of a server process; each :class:`LiveTable`
changes only on its own writer task, writes every accepted action to the
:class:`~tapete.storage.Store` before telling anyone, and sends each watcher its own seat's
view (a spectator ``view(None)``).
"""

from __future__ import annotations

from tapete.table.base import (
    OLDEST_PROTOCOL,
    PROTOCOL_VERSION,
    Subscriber,
    TableError,
    Watcher,
    new_token,
)
from tapete.table.bots import STAND_IN
from tapete.table.live import LiveTable
from tapete.table.manager import Elsewhere, SeatSpec, TableManager, TableSpec
from tapete.table.names import BadNameError, clean_name

__all__ = [
    "OLDEST_PROTOCOL",
    "PROTOCOL_VERSION",
    "STAND_IN",
    "BadNameError",
    "Elsewhere",
    "LiveTable",
    "SeatSpec",
    "Subscriber",
    "TableError",
    "TableManager",
    "TableSpec",
    "Watcher",
    "clean_name",
    "new_token",
]
