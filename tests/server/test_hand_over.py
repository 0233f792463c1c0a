"""A table goes to the process its client reached (two processes on one PostgreSQL): when
a WebSocket reaches a process that does not serve the table and nobody watches it where it
is served, the owner gives it up and the reached process serves it, with no relay; a client
that reaches another process while the table is watched is relayed as before."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tapete.client import TableConnection, create_table, join, play_connection
from tapete.engine import replay
from tapete.players import load

from .conftest import PostgresCluster, Server


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def test_the_table_goes_to_the_process_its_client_reached(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    db = postgres.new_database()
    first = Server(db, tmp_path).start()
    second = Server(db, tmp_path).start()
    try:
        made = create_table(  # served by the first, where it was made
            first.url,
            game="pocha-match",
            params={"n_players": 3, "hand_sequence": "1,2"},
            seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "player": "rule"}],
            bot_delay=0,
            name="Ana",
            seat=0,
        )
        tid = made["table"]["id"]
        _seat, token = join(first.url, tid, "Bea")
        assert get(f"{first.url}/healthz/server")["tables"] == 1

        async def play() -> list[list[float]]:
            # Ana reaches the second process: nobody watches the table on the first, which
            # gives it up; Bea then reaches the first, and is relayed to the second
            async with TableConnection(second.url, tid, made["token"]) as ana:
                moved = get(f"{second.url}/healthz/server")
                assert (moved["tables"], moved["handovers_in"], moved["relays"]) == (1, 1, 0)
                given = get(f"{first.url}/healthz/server")
                assert (given["tables"], given["handovers_out"]) == (0, 1)
                async with TableConnection(first.url, tid, token) as bea:
                    assert get(f"{first.url}/healthz/server")["relays"] == 1
                    return list(
                        await asyncio.wait_for(
                            asyncio.gather(
                                play_connection(ana, load("rule"), random.Random(1)),
                                play_connection(bea, load("random"), random.Random(2)),
                            ),
                            300,
                        )
                    )

        a, b = asyncio.run(play())
        assert a == b
        # the lobby of either process answers for the table (the first forwards)
        assert get(f"{first.url}/api/tables/{tid}")["status"] == "finished"
        record = get(f"{first.url}/api/tables/{tid}/record")
        final = replay(json.dumps(record))
        assert final.is_terminal() and list(final.returns()) == a
        assert get(f"{second.url}/healthz/server")["handovers_in"] == 1
        assert get(f"{first.url}/healthz/server")["handovers_in"] == 0
    finally:
        first.stop()
        second.stop()


def test_hand_over_needs_the_shared_secret(sqlite_url: str, tmp_path: Path) -> None:
    server = Server(sqlite_url, tmp_path).start()
    try:
        made = create_table(server.url, game="ombre", name="Ana", seat=0)
        request = urllib.request.Request(
            f"{server.url}/internal/tables/{made['table']['id']}/hand-over",
            data=b"{}",
            method="POST",
            headers={"Content-Type": "application/json", "X-Tapete-Forwarded": "guess"},
        )
        try:
            urllib.request.urlopen(request, timeout=30)
            raise AssertionError("a hand-over without the secret was answered")
        except urllib.error.HTTPError as e:
            assert e.code == 404
        assert get(f"{server.url}/healthz/server")["tables"] == 1  # still served
    finally:
        server.stop()
