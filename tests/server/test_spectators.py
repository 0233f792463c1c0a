"""Spectators (protocol.md, *Spectators*): one coming or going costs the others nothing (a
newcomer gets its own ``state``, nobody else a thing; a seat's first connection and its last
send the others a small ``presence``), and one client address may watch a table with at most
``MAX_WATCHING`` connections (``too_many_watchers``, then closed with 4029)."""

from __future__ import annotations

import asyncio
import functools
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tapete.table import TableSpec  # noqa: E402
from tapete.table.live import MAX_WATCHING, TableError  # noqa: E402
from tapete.table.manager import SeatSpec  # noqa: E402
from tapete.web.app import create_app  # noqa: E402
from tapete.web.play import WATCHERS_CLOSE  # noqa: E402

from .harness import Collector, new_manager  # noqa: E402
from .test_api import check_schema, receive_state  # noqa: E402


def _kinds(messages: list[dict[str, Any]]) -> list[str]:
    return [m["type"] for m in messages]


def test_spectators_coming_and_going_send_the_seats_nothing(sqlite_url: str) -> None:
    """20 spectators join and leave (from 20 addresses and from one): each gets welcome and
    its own state; the seats get no state and no presence. A second seat connecting and
    leaving sends the others one presence each time, and no state."""

    async def main() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            spec = TableSpec(
                game="pocha",
                params={"n_players": 3, "hand_size": 2},
                seats=(SeatSpec("human"), SeatSpec("human"), SeatSpec("bot", "rule")),
                name="Ana",
                seat=0,
            )
            table, _admin, _seat, ana = await manager.create(spec)
            bea = (await table.call(lambda: table.join("Bea", 1)))[1]
            seat0 = Collector()
            w0 = await table.call(lambda: table.attach(seat0, ana))
            assert _kinds(seat0.messages) == ["welcome", "state"]
            before = len(seat0.messages)
            for round_ in range(2):
                watchers = []
                for i in range(20):
                    spectator = Collector()
                    address = f"203.0.113.{i}" if round_ == 0 else "198.51.100.7"
                    watcher = await table.call(
                        functools.partial(table.attach, spectator, None, 2, address)
                    )
                    assert _kinds(spectator.messages) == ["welcome", "state"]
                    assert spectator.messages[1]["seat"] is None
                    watchers.append(watcher)
                for watcher in watchers:
                    await table.call(functools.partial(table.detach, watcher))
            assert seat0.messages[before:] == []  # not one state, not one presence

            seat1 = Collector()
            w1 = await table.call(lambda: table.attach(seat1, bea))
            assert _kinds(seat1.messages) == ["welcome", "state"]
            assert _kinds(seat0.messages[before:]) == ["presence"]
            presence = seat0.messages[-1]
            assert presence["seats"][1]["connected"] is True
            assert presence["seats"] == seat1.messages[1]["seats"]
            second = Collector()  # a second tab of the same seat: nothing changes
            w1b = await table.call(lambda: table.attach(second, bea))
            await table.call(lambda: table.detach(w1b))
            assert _kinds(seat0.messages[before:]) == ["presence"]
            await table.call(lambda: table.detach(w1))
            assert _kinds(seat0.messages[before:]) == ["presence", "presence"]
            assert seat0.messages[-1]["seats"][1]["connected"] is False
            for message in seat0.messages + seat1.messages:
                check_schema(message)
            await table.call(lambda: table.detach(w0))
        finally:
            await manager.stop()
            store.close()

    asyncio.run(main())


def test_one_address_watches_with_at_most_max_watching_connections(sqlite_url: str) -> None:
    async def main() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, *_ = await manager.create(TableSpec(game="ombre"))
            watchers = []
            for _ in range(MAX_WATCHING):
                watchers.append(
                    await table.call(lambda: table.attach(Collector(), None, 2, "203.0.113.5"))
                )
            with pytest.raises(TableError) as refused:
                await table.call(lambda: table.attach(Collector(), None, 2, "203.0.113.5"))
            assert (refused.value.code, refused.value.status) == ("too_many_watchers", 429)
            # another address, and a client not counted (None: this machine), still watch
            await table.call(lambda: table.attach(Collector(), None, 2, "203.0.113.6"))
            await table.call(lambda: table.attach(Collector(), None, 2, None))
            await table.call(lambda: table.detach(watchers[0]))  # one goes: one may come
            await table.call(lambda: table.attach(Collector(), None, 2, "203.0.113.5"))
        finally:
            await manager.stop()
            store.close()

    asyncio.run(main())


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def test_over_sockets_spectators_send_a_seat_nothing_and_the_limit_closes(
    client: TestClient,
) -> None:
    """Over WebSockets (the test client's address is not this machine's): while the seat's
    connection is open, MAX_WATCHING spectators connect; the seat receives no message for
    them (a ping's pong is the next thing it gets), and the next spectator gets ``error``
    ``too_many_watchers`` and is closed with 4029."""
    made = client.post(
        "/api/tables", json={"game": "ombre", "name": "Ana", "seat": 0, "bot_delay": 5}
    ).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as seat:
        seat.send_json({"type": "hello", "protocol": 2, "token": made["token"]})
        assert seat.receive_json()["type"] == "welcome"
        receive_state(seat)
        spectators = [client.websocket_connect(f"/ws/{tid}") for _ in range(MAX_WATCHING)]
        try:
            for ws in spectators:
                ws.__enter__()
                ws.send_json({"type": "hello", "protocol": 2, "token": None})
                assert ws.receive_json()["type"] == "welcome"
                assert receive_state(ws)["seat"] is None
            seat.send_json({"type": "ping", "id": "after"})
            assert seat.receive_json() == {"type": "pong", "id": "after"}
            with client.websocket_connect(f"/ws/{tid}") as extra:
                extra.send_json({"type": "hello", "protocol": 2, "token": None})
                error = extra.receive_json()
                check_schema(error)
                assert (error["type"], error["code"]) == ("error", "too_many_watchers")
                with pytest.raises(WebSocketDisconnect) as closed:
                    extra.receive_json()
                assert closed.value.code == WATCHERS_CLOSE == 4029
        finally:
            for ws in spectators:
                ws.__exit__(None, None, None)


def test_spectators_through_a_proxy_on_this_machine_are_counted(sqlite_url: str) -> None:
    """Behind a trusted reverse proxy on the same machine the spectators are counted (under
    the address it forwards, or its own when it names none); the machine's own clients (no
    forwarded header) are not."""
    app = create_app(sqlite_url, trusted_proxies="127.0.0.1")
    with TestClient(app, client=("127.0.0.1", 40000)) as local:
        tid = local.post("/api/tables", json={"game": "ombre"}).json()["table"]["id"]
        _fill_through_proxy(local, tid, {"X-Forwarded-For": "203.0.113.9"})
        _fill_through_proxy(local, tid, {"X-Forwarded-Proto": "https"})  # no client named


def _fill_through_proxy(local: TestClient, tid: str, forwarded: dict[str, str]) -> None:
    """MAX_WATCHING spectators through the proxy watch, the next is refused; one of the
    machine's own still watches."""
    spectators = [
        local.websocket_connect(f"/ws/{tid}", headers=forwarded) for _ in range(MAX_WATCHING)
    ]
    try:
        for ws in spectators:
            ws.__enter__()
            ws.send_json({"type": "hello", "protocol": 2, "token": None})
            assert ws.receive_json()["type"] == "welcome"
        with local.websocket_connect(f"/ws/{tid}", headers=forwarded) as extra:
            extra.send_json({"type": "hello", "protocol": 2, "token": None})
            assert extra.receive_json()["code"] == "too_many_watchers"
        with local.websocket_connect(f"/ws/{tid}") as own:  # this machine: not counted
            own.send_json({"type": "hello", "protocol": 2, "token": None})
            assert own.receive_json()["type"] == "welcome"
    finally:
        for ws in spectators:
            ws.__exit__(None, None, None)
