"""Table owners with the PostgreSQL backend that holds the lock: a row written by a process
that no longer holds the table's lock is known to be stale.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``table_owners.backend_pid``."""
    with op.batch_alter_table("table_owners") as batch:
        batch.add_column(sa.Column("backend_pid", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("table_owners") as batch:
        batch.drop_column("backend_pid")
