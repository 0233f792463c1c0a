"""One link of an account to its seat: ``account_seats`` (the table, the seat, the account
and the seat's token hash then) takes the place of ``rated_seats`` (0011) and
``club_seats`` (0012), which held the same link twice for a rated club table. The ratings
and the clubs' standings read it alike (``tapete.accounts.seats``): a seat counts for the
account while it holds that token. Every row of ``rated_seats`` is kept, then the rows of
``club_seats`` of a seat not there already (a rated club table's seat: the two agree, both
written at the same moment).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

COPIED = "table_id, seat, account_id, token_hash"


def _create(name: str, index: bool) -> None:
    """Create the link table ``name`` (with the index on ``account_id`` if ``index``)."""
    op.create_table(
        name,
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
    if index:
        op.create_index(f"ix_{name}_account_id", name, ["account_id"])


def upgrade() -> None:
    """Create ``account_seats``, copy both old tables into it, drop them."""
    _create("account_seats", index=True)
    op.execute(f"INSERT INTO account_seats ({COPIED}) SELECT {COPIED} FROM rated_seats")
    op.execute(
        f"INSERT INTO account_seats ({COPIED}) SELECT {COPIED} FROM club_seats c"
        " WHERE NOT EXISTS (SELECT 1 FROM account_seats a"
        " WHERE a.table_id = c.table_id AND a.seat = c.seat)"
    )
    op.drop_index("ix_rated_seats_account_id", "rated_seats")
    op.drop_table("rated_seats")
    op.drop_table("club_seats")


def downgrade() -> None:
    """Recreate ``rated_seats`` (the links of rated tables) and ``club_seats`` (those of
    club tables; a rated club table's seat goes to both), drop ``account_seats``."""
    _create("rated_seats", index=True)
    _create("club_seats", index=False)
    columns = ", ".join(f"a.{c}" for c in COPIED.split(", "))
    op.execute(
        f"INSERT INTO rated_seats ({COPIED}) SELECT {columns} FROM account_seats a"
        " JOIN tables t ON t.id = a.table_id WHERE t.rated"
    )
    op.execute(
        f"INSERT INTO club_seats ({COPIED}) SELECT {columns} FROM account_seats a"
        " JOIN tables t ON t.id = a.table_id WHERE t.club IS NOT NULL"
    )
    op.drop_index("ix_account_seats_account_id", "account_seats")
    op.drop_table("account_seats")
