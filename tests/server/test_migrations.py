"""Upgrading a database made by an older tapete: the tables stored before migration 0003
(stored move clocks, shared settings) are still there after it, unchanged, and play on."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from importlib import resources
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text

from tapete.engine import load_game
from tapete.storage import Store
from tapete.storage import store as st
from tapete.table.live import TableError

from .harness import new_manager, wait_finished


def upgrade_to(store: Store, revision: str) -> None:
    """Migrate ``store``'s database up to ``revision``."""
    _alembic(store, command.upgrade, revision)


def downgrade_to(store: Store, revision: str) -> None:
    """Migrate ``store``'s database down to ``revision``."""
    _alembic(store, command.downgrade, revision)


def store_old_table(url: str, revision: str, table_id: str, status: str = "open") -> None:
    """The database at ``url`` migrated up to ``revision``, with one La Pocha table
    ``table_id`` (30 s clock, ``status``) stored as that revision stores it."""
    old = Store(url)
    try:
        upgrade_to(old, revision)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "(:id, 'pocha', '{\"n_players\": 3}', 30.0, 0.0, :status, 'h', 0, :m, :m)"
                ),
                {"id": table_id, "status": status, "m": dt.datetime(2026, 1, 1, tzinfo=dt.UTC)},
            )
    finally:
        old.close()


def _alembic(store: Store, step: Any, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(resources.files("tapete.storage") / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        step(config, revision)


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


def _store_old_table(db_url: str, revision: str, table_id: str, game: str, params: str) -> None:
    """A table of ``game`` with ``params`` (JSON text) and rule bots, written by the
    tapete of ``revision``."""
    old = Store(db_url)
    try:
        upgrade_to(old, revision)
        moment = dt.datetime(2026, 12, 5, 18, 0, tzinfo=dt.UTC)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "(:id, :game, :params, NULL, 0.0, 'open', 'h', 0, :m, :m)"
                ),
                {"id": table_id, "game": game, "params": params, "m": moment},
            )
            for seat in range(json.loads(params)["n_players"]):
                connection.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, player, player_params) "
                        "VALUES (:id, :seat, 'bot', 'rule', '{}')"
                    ),
                    {"id": table_id, "seat": seat},
                )
    finally:
        old.close()


def test_a_value_renamed_since_the_table_was_stored_is_upgraded_and_the_table_plays(
    db_url: str,
) -> None:
    """pocha-2's ``ronda_subastada=last_hands`` is pocha-3's ``closing_hands`` (0009)."""
    params = '{"n_players": 6, "ronda_subastada": "last_hands"}'
    _store_old_table(db_url, "0008", "old9", "pocha-match", params)
    store, manager = new_manager(db_url)

    async def go() -> None:
        try:
            data = await store.aread(lambda s: st.get_table(s, "old9"))
            assert data is not None
            assert data.params == {
                "n_players": 6,
                "ronda_subastada": "closing_hands",
            }
            assert await manager.resume() == 1
            table = manager.tables["old9"]
            assert table.game.params["ronda_subastada"] == "closing_hands"
            await table.call(table.start)
            await wait_finished(table, timeout=600)
            assert table.data.status == "finished" and table.data.result is not None
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_a_table_whose_log_no_longer_replays_is_refused_as_old_rules(db_url: str) -> None:
    """A ronda india played under pocha-2 where the holder of the 7 of trumps swapped: under
    pocha-3 there is no swap in a blind hand, so the table cannot go on; it is answered
    ``409 old_rules`` (not a 500), and the store keeps it."""
    params = '{"n_players": 3, "hand_size": 1, "ronda_india": true, "seven_swap": true}'
    _store_old_table(db_url, "0008", "india", "pocha", params)
    game = load_game("pocha", n_players=3, hand_size=1, ronda_india=True, seven_swap=True)
    state = game.new_initial_state()
    logged = []
    for text_ in ("deal 7o", "deal 3c", "deal Re", "turn 4o"):
        action = state.string_to_action(text_)
        logged.append((-1, action, text_))
        state.apply_action(action)
    assert "swap" not in [state.action_to_string(a) for a in state.legal_actions()]
    logged.append((state.current_player(), game.rules.swap, "swap"))  # what pocha-2 offered
    store, manager = new_manager(db_url)

    async def go() -> None:
        try:
            await store.awrite(st.append_actions("india", 0, logged))
            assert await manager.resume() == 0  # logged, not served
            with pytest.raises(TableError) as refused:
                await manager.require("india")
            assert (refused.value.code, refused.value.status) == ("old_rules", 409)
            data = await store.aread(lambda s: st.get_table(s, "india"))
            assert data is not None and data.status == "open"
            assert len(await store.aread(lambda s: st.load_actions(s, "india"))) == len(logged)
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())
