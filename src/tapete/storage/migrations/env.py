"""Alembic environment: runs the migrations on the connection given by the store.

Alembic executes this file; imported any other way (a doctest collector) it does nothing.
"""

from __future__ import annotations

from alembic import context

from tapete.storage.models import Base


def run_migrations() -> None:
    """Run the migrations on ``config.attributes["connection"]``."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


try:
    _running = context.config is not None
except AttributeError:  # not run by Alembic
    _running = False
if _running:
    run_migrations()
