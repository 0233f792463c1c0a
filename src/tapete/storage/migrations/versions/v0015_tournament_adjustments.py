"""Corrections and penalties of a tournament (``docs/tournaments.md``):
``tournament_adjustments`` holds the points its director added to (or took from) an
entrant's score of a round, with the reason, who made it (null once that account is
deleted) and when. The standings add them to the entrant's round score.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``tournament_adjustments``."""
    op.create_table(
        "tournament_adjustments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("entrant", sa.String(32), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column(
            "made_by",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_tournament_adjustments_tournament_id", "tournament_adjustments", ["tournament_id"]
    )


def downgrade() -> None:
    """Drop it (the adjustments are lost; the standings are the tables' scores again)."""
    op.drop_index("ix_tournament_adjustments_tournament_id", "tournament_adjustments")
    op.drop_table("tournament_adjustments")
