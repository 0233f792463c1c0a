"""The lobby's rate-limit buckets shared by every server process on one database.

``rate_buckets``: per kind of request (``create``, ``join``) and client address, the tokens
left and when they were counted (Unix seconds). With several processes (``--workers``,
several hosts) each request takes its token here, so a client gets the limit once, not once
per process.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``rate_buckets``."""
    op.create_table(
        "rate_buckets",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("granted", sa.Boolean(), nullable=False, server_default="0"),
    )
    op.create_index("ix_rate_buckets_at", "rate_buckets", ["at"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_rate_buckets_at", "rate_buckets")
    op.drop_table("rate_buckets")
