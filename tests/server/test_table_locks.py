"""Table locks on PostgreSQL: a table that leaves a process's memory (closed, finished and
dropped) gives its advisory lock up, so that the process does not keep a lock for every table
it ever served and another process can take the table; a table whose owner cannot be
reached answers ``503 table_away`` until its lock is free, then another process takes it."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from tapete.storage import Store
from tapete.table import TableSpec
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
