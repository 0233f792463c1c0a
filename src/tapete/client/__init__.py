"""A small Python client of the tapete online protocol (``docs/protocol.md``).

:func:`join` takes a seat over HTTP; :class:`TableConnection` is one WebSocket at a table;
:func:`play_seat` plays a seat with any registered player until the game is over
(:func:`play_connection` on a connection already open). A bot in
another language does the same with the messages of ``docs/protocol.md``.
"""

from __future__ import annotations

from tapete.client.core import (
    ClientError,
    TableConnection,
    create_table,
    join,
    play_connection,
    play_seat,
    ws_url,
)

__all__ = [
    "ClientError",
    "TableConnection",
    "create_table",
    "join",
    "play_connection",
    "play_seat",
    "ws_url",
]
