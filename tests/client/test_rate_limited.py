"""``tapete.client`` and the rate limits, against a real server on a loopback port: an
action the WebSocket's limit dropped (``rate_limited``) is sent again, and the lobby's
``429 rate_limited`` is waited out (its ``Retry-After``) and tried again."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tapete.client import TableConnection, create_table, join, play_connection
from tapete.players import load
from tapete.web.app import create_app
from tapete.web.limits import LobbyLimits
from tests.server.conftest import Server, free_port


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tapete.sqlite3'}"


def test_an_action_dropped_by_the_rate_limit_is_sent_again(tmp_path: Path, sqlite_url: str) -> None:
    server = Server(sqlite_url, tmp_path).start()
    try:
        made = create_table(
            server.url,
            game="pocha",
            params={"n_players": 3, "hand_size": 2},
            seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            bot_delay=0.0,
            name="Ana",
            seat=0,
        )
        seen: list[dict[str, Any]] = []
        sent: list[dict[str, Any]] = []

        async def go() -> list[float]:
            async with TableConnection(server.url, made["table"]["id"], made["token"]) as c:
                send = c.send

                async def record(message: dict[str, Any]) -> None:
                    if message["type"] == "action":
                        if not sent:  # empty the bucket (bursts of 40): this one is dropped
                            for i in range(60):
                                await send({"type": "ping", "id": i})
                        sent.append(message)
                    await send(message)

                c.send = record  # type: ignore[method-assign]
                return await play_connection(c, load("rule"), random.Random(1), seen.append)

        returns = asyncio.run(asyncio.wait_for(go(), 120))
        assert len(returns) == 3
        codes = [m.get("code") for m in seen if m["type"] == "error"]
        assert "rate_limited" in codes
        # the first action was sent again (the same message) after it was dropped
        assert sent.count(sent[0]) >= 2
        with urllib.request.urlopen(
            f"{server.url}/api/tables/{made['table']['id']}", timeout=30
        ) as answer:
            assert json.loads(answer.read())["status"] == "finished"
    finally:
        server.stop()


@pytest.fixture
def limited_server(sqlite_url: str) -> Iterator[str]:
    """A real uvicorn (in a thread) whose lobby limits loopback clients: one seat at once,
    one more a second."""
    app = create_app(sqlite_url, limits=LobbyLimits(join=(1.0, 1.0), loopback=True))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def test_join_waits_out_the_lobby_rate_limit(limited_server: str) -> None:
    url = limited_server
    made = create_table(url, game="pocha", params={"n_players": 3})
    tid = made["table"]["id"]
    assert join(url, tid, "Ana", 0)[0] == 0
    request = urllib.request.Request(
        f"{url}/api/tables/{tid}/join",
        data=json.dumps({"name": "Bea", "seat": 1}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 429 and float(refused.value.headers["Retry-After"]) >= 1
    # the bucket is empty again: the client's join is answered 429 first, then waits
    seat, token = join(url, tid, "Bea", 1)
    assert seat == 1 and token
    with urllib.request.urlopen(f"{url}/api/tables/{tid}", timeout=30) as answer:
        seats = json.loads(answer.read())["seats"]
    assert [s["name"] for s in seats[:2]] == ["Ana", "Bea"]
