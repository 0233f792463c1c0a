"""Alembic environment: runs the migrations on the connection given by the store."""

from __future__ import annotations

from alembic import context

from tapete.storage.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
