"""The Python client (``tapete.client.play_seat``, behind ``tapete connect``) connects again
with its token when the server restarts, and plays the seat on to the end; a first
connection that fails, a bad token or a closed seat are not tried again."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tapete.client import ClientError, create_table, play_seat
from tapete.engine import replay
from tapete.players import load
from tapete.storage import Store
from tapete.storage import store as st

from .conftest import Server, free_port


def test_play_seat_reconnects_after_a_restart(tmp_path: Path, sqlite_url: str) -> None:
    server = Server(sqlite_url, tmp_path).start()
    restarted: list[Server] = []
    try:
        made = create_table(
            server.url,
            game="pocha",
            params={"n_players": 3, "hand_size": 8},
            seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            bot_delay=0.2,  # slow enough that the deal is mid-play at the kill
            name="Ana",
            seat=0,
        )
        tid = made["table"]["id"]
        messages: list[dict[str, Any]] = []
        acted = asyncio.Event()

        def seen(message: dict[str, Any]) -> None:
            messages.append(message)
            if sum(1 for m in messages if m["type"] == "state" and m["legal"]) >= 2:
                acted.set()

        async def go() -> list[float]:
            playing = asyncio.create_task(
                play_seat(
                    server.url,
                    tid,
                    made["token"],
                    load("rule"),
                    rng=random.Random(3),
                    on_message=seen,
                    reconnect=300,
                )
            )
            await asyncio.wait_for(acted.wait(), 300)
            await asyncio.to_thread(server.kill)  # SIGKILL, in the middle of the deal
            # the deal is not over, and seat 0 is the client's alone (no clock): it goes on
            # only if the client connects again and plays
            store = Store(sqlite_url)
            try:
                stored = store.read(lambda s: st.get_table(s, tid)).result()
            finally:
                store.close()
            assert stored is not None and stored.status == "playing"
            again = Server(sqlite_url, tmp_path, port=server.port)
            restarted.append(again)
            await asyncio.to_thread(again.start)
            return await asyncio.wait_for(playing, 300)

        returns = asyncio.run(go())
        with urllib.request.urlopen(f"{server.url}/api/tables/{tid}/record", timeout=30) as r:
            record = json.loads(r.read())
        final = replay(json.dumps(record))
        assert final.is_terminal() and list(final.returns()) == returns
    finally:
        server.stop()
        for again in restarted:
            again.stop()


def test_no_reconnect_for_a_wrong_address_a_bad_token_or_a_left_seat(
    tmp_path: Path, sqlite_url: str
) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(OSError):
        asyncio.run(play_seat(nowhere, "t", "token", load("rule"), reconnect=300))
    server = Server(sqlite_url, tmp_path).start()
    try:
        made = create_table(server.url, game="pocha", name="Ana", seat=0)
        tid = made["table"]["id"]
        with pytest.raises(ClientError) as bad:
            asyncio.run(play_seat(server.url, tid, "not-a-token", load("rule"), reconnect=300))
        assert bad.value.code == "bad_token"

        async def leave_while_playing() -> None:
            connected = asyncio.Event()
            playing = asyncio.create_task(
                play_seat(
                    server.url,
                    tid,
                    made["token"],
                    load("rule"),
                    on_message=lambda m: connected.set(),
                    reconnect=300,
                )
            )
            await asyncio.wait_for(connected.wait(), 300)
            request = urllib.request.Request(
                f"{server.url}/api/tables/{tid}/leave",
                json.dumps({"token": made["token"]}).encode(),
                {"Content-Type": "application/json"},
                method="POST",
            )
            await asyncio.to_thread(urllib.request.urlopen, request, timeout=30)
            await asyncio.wait_for(playing, 300)  # closed with 4001: not tried again

        with pytest.raises(ClientError) as closed:
            asyncio.run(leave_while_playing())
        assert closed.value.code == "closed" and "4001" in str(closed.value)
    finally:
        server.stop()
