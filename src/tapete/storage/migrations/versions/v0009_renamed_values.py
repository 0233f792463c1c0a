"""Game parameters stored under an older spelling get their current one (the games'
``renamed_values``, e.g. pocha-match's ``ronda_subastada=last_hands``, called
``closing_hands`` since rules pocha-3), so that the stored tables load.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from tapete.engine.registry import game_class, registered_games, upgrade_params

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _renaming_games() -> list[str]:
    return [name for name in registered_games() if game_class(name).renamed_values]


def upgrade() -> None:
    """Rewrite the ``params`` of the tables of games that renamed a value (read and written
    as JSON text, the same on SQLite and PostgreSQL)."""
    tables = sa.table(
        "tables", sa.column("id", sa.String), sa.column("game", sa.String), sa.column("params")
    )
    connection = op.get_bind()
    games = _renaming_games()
    if not games:
        return
    rows = connection.execute(
        sa.select(tables.c.id, tables.c.game, tables.c.params).where(tables.c.game.in_(games))
    ).all()
    for table_id, game, stored in rows:
        params: Any = json.loads(stored) if isinstance(stored, str) else stored
        if not isinstance(params, dict):
            continue
        upgraded = upgrade_params(game, params)
        if upgraded != params:
            connection.execute(
                sa.update(tables)
                .where(tables.c.id == table_id)
                .values(params=sa.type_coerce(upgraded, sa.JSON))
            )


def downgrade() -> None:
    """Nothing to undo: an older tapete reads the new spelling as an unknown value, as it
    would any table made after the upgrade."""
