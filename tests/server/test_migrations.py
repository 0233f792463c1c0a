"""Upgrading a database made by an older tapete: the tables stored before migration 0003
(stored move clocks, shared settings) are still there after it, unchanged, and play on."""

from __future__ import annotations

import asyncio
import datetime as dt
from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from tapete.storage import Store
from tapete.storage import store as st

from .harness import new_manager


def upgrade_to(store: Store, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(resources.files("tapete.storage") / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def test_a_table_stored_before_0003_survives_the_upgrade_and_plays(db_url: str) -> None:
    old = Store(db_url)
    try:
        upgrade_to(old, "0002")
        moment = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "('old1', 'pocha', '{\"n_players\": 3, \"hand_size\": 2}', 60.0, 0.0, "
                    "'open', 'h', 0, :m, :m)"
                ),
                {"m": moment},
            )
            for seat in range(3):
                connection.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, player, player_params) "
                        "VALUES ('old1', :seat, 'bot', 'rule', '{}')"
                    ),
                    {"seat": seat},
                )
    finally:
        old.close()

    store, manager = new_manager(db_url)  # migrates to the newest revision

    async def go() -> None:
        try:
            data = await store.aread(lambda s: st.get_table(s, "old1"))
            assert data is not None
            assert (data.game, data.params, data.clock, data.status) == (
                "pocha",
                {"n_players": 3, "hand_size": 2},
                60.0,
                "open",
            )
            assert (data.clock_move, data.clock_deadline) == (None, None)
            assert [s.player for s in data.seats] == ["rule"] * 3
            assert await manager.resume() == 1
            table = manager.tables["old1"]
            await table.call(table.start)
            assert table.data.status == "finished"  # three bots, no delay: played at once
            assert len(store.shared_secret()) >= 32
            assert store.shared_secret() == store.shared_secret()
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_seats_stored_before_0006_are_not_away(db_url: str) -> None:
    old = Store(db_url)
    try:
        upgrade_to(old, "0005")
        moment = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "('old6', 'pocha', '{\"n_players\": 3, \"hand_size\": 1}', NULL, 0.0, "
                    "'open', 'h', 0, :m, :m)"
                ),
                {"m": moment},
            )
            for seat in range(3):
                connection.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, player, player_params, name) "
                        "VALUES ('old6', :seat, 'human', NULL, '{}', :name)"
                    ),
                    {"seat": seat, "name": f"p{seat}"},
                )
    finally:
        old.close()
    store, _manager = new_manager(db_url)  # migrates to the newest revision
    try:
        data = store.call(lambda s: st.get_table(s, "old6"))
        assert data is not None
        assert [(s.name, s.away) for s in data.seats] == [
            ("p0", False),
            ("p1", False),
            ("p2", False),
        ]
        store.call(st.set_away("old6", 1, True))
        data = store.call(lambda s: st.get_table(s, "old6"))
        assert data is not None and [s.away for s in data.seats] == [False, True, False]
    finally:
        store.close()
