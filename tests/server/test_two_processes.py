"""Two server processes on one PostgreSQL: a table is served by the process that holds its
advisory lock; the other forwards lobby requests and relays WebSockets to it. Clients of
one La Pocha match connected to different processes play it to the end together."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from pathlib import Path
from typing import Any

from tapete.client import create_table, join, play_seat
from tapete.engine import replay
from tapete.players import load

from .conftest import PostgresCluster, Server


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return json.loads(answer.read())


def test_clients_on_two_processes_play_one_match(postgres: PostgresCluster, tmp_path: Path) -> None:
    db = postgres.new_database()
    first = Server(db, tmp_path).start()
    second = Server(db, tmp_path).start()
    try:
        made = create_table(
            first.url,
            game="pocha-match",
            params={"n_players": 3, "hand_sequence": "1,2,3"},
            seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "player": "rule"}],
            bot_delay=0,
            name="on first",
            seat=0,
        )
        tid = made["table"]["id"]
        # the second process forwards the lobby request to the table's owner
        seat, token = join(second.url, tid, "on second")
        assert seat == 1
        assert get(f"{second.url}/api/tables/{tid}")["seats"][1]["name"] == "on second"
        seen: dict[str, list[dict[str, Any]]] = {"first": [], "second": []}

        async def both() -> list[list[float]]:
            return list(
                await asyncio.wait_for(
                    asyncio.gather(
                        play_seat(
                            first.url,
                            tid,
                            made["token"],
                            load("rule"),
                            rng=random.Random(1),
                            on_message=seen["first"].append,
                        ),
                        play_seat(
                            second.url,
                            tid,
                            token,
                            load("random"),
                            rng=random.Random(2),
                            on_message=seen["second"].append,
                        ),
                    ),
                    600,
                )
            )

        a, b = asyncio.run(both())
        assert a == b
        record = get(f"{second.url}/api/tables/{tid}/record")
        final = replay(json.dumps(record))
        assert final.is_terminal() and list(final.returns()) == a
        assert record["game"] == "pocha-match"
        assert record["players"] == ["on first", "on second", "bot:rule"]
        states_second = [m for m in seen["second"] if m["type"] == "state"]
        assert states_second and all(m["seat"] == 1 for m in states_second)
        assert states_second[-1]["to_move"] == -4
    finally:
        first.stop()
        second.stop()
