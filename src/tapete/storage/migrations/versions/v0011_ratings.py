"""Ratings (``docs/ratings.md``): ``tables.rated`` (false for every table stored before),
``rated_seats`` (the account that took a seat of a rated table, with the seat's token hash
then), ``ratings`` (an account's OpenSkill mean and deviation per game), ``rating_history``
(one row per account per rated game: before, after, the seat's result and the game's own
counts) and ``rated_games`` (the rated tables whose ratings were updated: once each). As
``account_games``, the account tables stay apart from ``tables`` and ``seats``: no game
record or view holds account data.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.rated`` and create the rating tables."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default="0"))
    op.create_table(
        "rated_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("token_hash", sa.String(64), nullable=False),
    )
    op.create_index("ix_rated_seats_account_id", "rated_seats", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("stats", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_account_id", "rating_history", ["account_id"])
    op.create_index("ix_rating_history_table_id", "rating_history", ["table_id"])
    op.create_index(
        "uq_rating_history_account_table",
        "rating_history",
        ["account_id", "table_id"],
        unique=True,
    )
    op.create_table(
        "rated_games",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them (the ratings are lost; the tables stay, unrated)."""
    op.drop_table("rated_games")
    op.drop_index("uq_rating_history_account_table", "rating_history")
    op.drop_index("ix_rating_history_table_id", "rating_history")
    op.drop_index("ix_rating_history_account_id", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_rated_seats_account_id", "rated_seats")
    op.drop_table("rated_seats")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
