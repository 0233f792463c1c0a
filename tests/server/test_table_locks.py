"""Table locks on PostgreSQL: a table that leaves a process's memory (closed, finished and
dropped) gives its advisory lock up, so that the process does not keep a lock for every table
it ever served and another process can take the table; a table whose owner cannot be
reached answers ``503 table_away`` until its lock is free, then another process takes it; an
owner row left by an earlier holder is not taken for the owner."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from tapete.storage import Store
from tapete.table import TableSpec
from tapete.table import manager as manager_module
from tapete.table.manager import Elsewhere, SeatSpec, TableManager
from tapete.web.app import create_app

from .conftest import PostgresCluster
from .harness import new_manager


async def until(condition: object, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_a_table_leaving_memory_gives_its_lock_up(postgres: PostgresCluster) -> None:
    url = postgres.new_database()

    async def go() -> None:
        store, manager = new_manager(url, idle_close=0.3)
        other = Store(url)
        try:
            table, _, _, _ = await manager.create(
                TableSpec(
                    game="pocha",
                    params={"n_players": 3, "hand_size": 2},
                    seats=(SeatSpec("bot"), SeatSpec("bot"), SeatSpec("bot")),
                    bot_delay=0.0,
                )
            )
            tid = table.data.id
            assert table.data.status == "finished"
            assert not other.claim(tid, "http://127.0.0.1:1")  # served here
            # nobody watches: after idle_close the table leaves memory and its lock goes
            await until(lambda: tid not in manager.tables and not manager._releases)
            assert tid not in store._claimed
            assert other.claim(tid, "http://127.0.0.1:1")
            assert other.owner(tid) == "http://127.0.0.1:1"
            # now the first process does not serve it: asked again, it says who does
            with pytest.raises(Elsewhere) as elsewhere:
                await manager.get(tid)
            assert elsewhere.value.address == "http://127.0.0.1:1"
        finally:
            await manager.stop()
            store.close()
            other.close()

    asyncio.run(go())


def test_a_table_whose_server_is_unreachable_answers_503_then_is_taken_over(
    postgres: PostgresCluster,
) -> None:
    url = postgres.new_database()
    owner = Store(url)
    owner.migrate()
    gone = "http://127.0.0.1:1"  # nothing listens there

    async def make() -> str:
        manager = TableManager(owner, address=gone)
        table, _, _, _ = await manager.create(
            TableSpec(game="pocha", params={"n_players": 3, "hand_size": 2}, bot_delay=0.0)
        )
        await manager.stop()  # its lock stays with the owner's store
        return table.data.id

    tid = asyncio.run(make())
    try:
        with TestClient(create_app(url)) as client:
            answer = client.get(f"/api/tables/{tid}")
            assert answer.status_code == 503
            assert answer.json()["error"]["code"] == "table_away"
            joined = client.post(f"/api/tables/{tid}/join", json={"name": "Ana"})
            assert joined.status_code == 503  # and nothing half done
            owner.close()  # the owner's process ends: its locks go
            info = client.get(f"/api/tables/{tid}").json()
            assert info["id"] == tid and all(not s["taken"] for s in info["seats"])
            assert client.post(f"/api/tables/{tid}/join", json={"name": "Ana"}).status_code == 200
    finally:
        owner.close()


def test_a_stale_owner_row_is_not_taken_for_the_owner(
    postgres: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres.new_database()
    first, second = Store(url), Store(url)
    first.migrate()
    monkeypatch.setattr(manager_module, "OWNER_WAIT", 1.0)

    def write_owner(address: str, pid: int | None) -> None:
        with first.engine.begin() as connection:
            connection.execute(
                text("UPDATE table_owners SET address = :a, backend_pid = :p"),
                {"a": address, "p": pid},
            )

    async def make() -> str:
        manager = TableManager(first, address="http://first")
        table, _, _, _ = await manager.create(
            TableSpec(game="pocha", params={"n_players": 3, "hand_size": 2}, bot_delay=0.0)
        )
        await manager.stop()  # the lock stays with the first store
        return table.data.id

    try:
        tid = asyncio.run(make())
        assert second.owner(tid) == "http://first"
        # the row of an earlier holder (another backend): the holder is not known yet
        write_owner("http://stale", 1)
        assert second.owner(tid) is None

        async def ask() -> None:
            manager = TableManager(second, address="http://second")
            # resuming skips a table another process holds, without waiting for its address
            monkeypatch.setattr(manager_module, "OWNER_WAIT", 600.0)
            assert await asyncio.wait_for(manager.resume(), 300) == 0
            monkeypatch.setattr(manager_module, "OWNER_WAIT", 1.0)
            with pytest.raises(Elsewhere) as away:  # nobody says: 503 table_away
                await manager.get(tid)
            assert (away.value.code, away.value.address) == ("table_away", None)

            async def holder_writes_later() -> None:
                await asyncio.sleep(0.2)
                await asyncio.to_thread(write_owner, "http://first", first._lock_pid)

            later = asyncio.create_task(holder_writes_later())
            with pytest.raises(Elsewhere) as elsewhere:  # waits for the holder's address
                await manager.get(tid)
            await later
            assert elsewhere.value.address == "http://first"

        asyncio.run(ask())
        write_owner("http://stale", 1)
        with (
            TestClient(create_app(url)) as client,
            client.websocket_connect(f"/ws/{tid}") as ws,
        ):
            assert ws.receive_json()["code"] == "internal"  # not unknown_table: try again
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1011
    finally:
        first.close()
        second.close()
