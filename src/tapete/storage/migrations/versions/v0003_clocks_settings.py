"""Move clocks kept across restarts, and settings shared by every server process.

``tables.clock_move`` / ``tables.clock_deadline``: the state number a running move clock
belongs to and the moment (Unix seconds) it runs out; ``server_settings``: values every
process on one database shares (the secret that marks lobby requests one process forwards
to another).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the clock columns and ``server_settings``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_move", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.Float(), nullable=True))
    op.create_table(
        "server_settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("server_settings")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_deadline")
        batch.drop_column("clock_move")
