"""Tournaments (``docs/tournaments.md``): ``tournaments`` (a name unique case-insensitively,
the game and its rules, rounds, deals per round, the move clock, Swiss or round-robin
seating, duplicate or not, its status and round, its director and its secret seed),
``tournament_entrants`` (an account or a bot entered, under a key of the tournament),
``tournament_tables`` (the live table of each round's table, with the entrants in its seats:
the account-to-seat link, kept apart from ``seats`` as ``club_seats``) and
``tables.deal_seed`` (a table dealt from :class:`tapete.engine.chance.DeckChance`; null for
every table stored before, which keeps drawing from the system's randomness) and
``tables.tournament`` (the tournament whose round the table is: it plays to its end even
when nobody watches it).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tournament tables and add ``tables.deal_seed``."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("deals_per_round", sa.Integer(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("clock", sa.Float(), nullable=False),
        sa.Column("bot_delay", sa.Float(), nullable=False, server_default="0.5"),
        sa.Column("method", sa.String(16), nullable=False),
        sa.Column("duplicate", sa.Boolean(), nullable=False, server_default="0"),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("current_round", sa.Integer(), nullable=False, server_default="0"),
        sa.Column(
            "director",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_entrants_account_id", "tournament_entrants", ["account_id"])
    op.create_index(  # an account enters a tournament once (bots: null, any number)
        "uq_tournament_entrants_account",
        "tournament_entrants",
        ["tournament_id", "account_id"],
        unique=True,
    )
    op.create_table(
        "tournament_tables",
        sa.Column(
            "tournament_id",
            sa.Integer(),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("table_index", sa.Integer(), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
            unique=True,
        ),
        sa.Column("seats", sa.JSON(), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("deal_seed", sa.String(64), nullable=True))
        batch.add_column(sa.Column("tournament", sa.Integer(), nullable=True))
        batch.create_index("ix_tables_tournament", ["tournament"])


def downgrade() -> None:
    """Drop them (the tournaments are lost; their tables stay, dealt at random if resumed)."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_tournament")
        batch.drop_column("tournament")
        batch.drop_column("deal_seed")
    op.drop_table("tournament_tables")
    op.drop_index("uq_tournament_entrants_account", "tournament_entrants")
    op.drop_index("ix_tournament_entrants_account_id", "tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_status", "tournaments")
    op.drop_table("tournaments")
