"""Whether a table gives hints: ``tables.hints`` (true unless the creator turned them off).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.hints`` (existing tables keep giving hints).

    A plain ``ALTER TABLE … ADD COLUMN`` with a constant default: on SQLite, copying the table
    into a new one (a batch with an expression default) would empty ``seats`` through their
    ``ON DELETE CASCADE``. The text ``'1'`` is true for PostgreSQL and SQLite alike.
    """
    op.add_column("tables", sa.Column("hints", sa.Boolean(), nullable=False, server_default="1"))


def downgrade() -> None:
    """Drop it (``ALTER TABLE … DROP COLUMN``: SQLite 3.35 or later)."""
    op.drop_column("tables", "hints")
