"""Away marks kept across restarts: ``seats.away`` (the person's clock ran out and the
``rule`` bot plays the seat until the person is back).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``seats.away`` (no seat of an existing table is away).

    A plain ``ALTER TABLE … ADD COLUMN`` with a constant default, as in 0005 (copying
    ``seats`` into a new table on SQLite is not needed for it). The text ``'0'`` is false
    for PostgreSQL and SQLite alike.
    """
    op.add_column("seats", sa.Column("away", sa.Boolean(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drop it (``ALTER TABLE … DROP COLUMN``: SQLite 3.35 or later)."""
    op.drop_column("seats", "away")
