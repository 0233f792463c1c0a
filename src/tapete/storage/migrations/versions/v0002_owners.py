"""Table owners: which server process serves a table now (several processes on PostgreSQL).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``table_owners``."""
    op.create_table(
        "table_owners",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``table_owners``."""
    op.drop_table("table_owners")
