"""Chat at the table: ``tables.chat`` (who may chat: ``all``, ``seats`` or ``off``) and the
messages said, ``chat``.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.chat`` (existing tables: everyone may chat) and create ``chat``.

    A plain ``ALTER TABLE … ADD COLUMN`` with a constant default, as in 0005: on SQLite a
    copied table would empty ``seats`` through their ``ON DELETE CASCADE``."""
    op.add_column("tables", sa.Column("chat", sa.String(8), nullable=False, server_default="all"))
    op.create_table(
        "chat",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("move", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("spectator", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("phrase", sa.String(16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them (``ALTER TABLE … DROP COLUMN``: SQLite 3.35 or later)."""
    op.drop_table("chat")
    op.drop_column("tables", "chat")
