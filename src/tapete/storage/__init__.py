"""Persistence of the online tables: SQLAlchemy 2 models, Alembic migrations, the store.

A table is its configuration plus its action log (event sourcing): :class:`Store` writes
each accepted action in the transaction that accepts it, and a restart replays the log.
SQLite by default (a file in the current folder), PostgreSQL by URL.

>>> from tapete.storage import default_url
>>> default_url("/tmp")
'sqlite:////tmp/tapete.sqlite3'
"""

from __future__ import annotations

from tapete.storage.store import (
    ActionData,
    SeatData,
    Store,
    StoreError,
    TableData,
    default_url,
    hash_token,
)

__all__ = [
    "ActionData",
    "SeatData",
    "Store",
    "StoreError",
    "TableData",
    "default_url",
    "hash_token",
]
