"""Clubs (``docs/clubs.md``): ``clubs`` (a name unique case-insensitively, its season and
how its standings are made), ``club_members`` (an account's role in a club: ``admin`` or
``member``), ``club_seats`` (the account that took a seat of a club's table, with the
seat's token hash then) and ``tables.club`` (the club whose members alone see the table;
null for every table stored before). As ``account_games``, the account tables stay apart
from ``seats``: no game record or view holds account data.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the club tables and add ``tables.club``."""
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("season_start", sa.Date(), nullable=True),
        sa.Column("season_end", sa.Date(), nullable=True),
        sa.Column("standings", sa.String(8), nullable=False, server_default="scores"),
    )
    op.create_table(
        "club_members",
        sa.Column(
            "club_id",
            sa.Integer(),
            sa.ForeignKey("clubs.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_club_members_account_id", "club_members", ["account_id"])
    op.create_table(
        "club_seats",
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
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("club", sa.Integer(), nullable=True))
        batch.create_index("ix_tables_club", ["club"])


def downgrade() -> None:
    """Drop them (the clubs are lost; their tables stay, public)."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_club")
        batch.drop_column("club")
    op.drop_table("club_seats")
    op.drop_index("ix_club_members_account_id", "club_members")
    op.drop_table("club_members")
    op.drop_table("clubs")
