"""``tapete serve --workers N``: several processes on one port and one PostgreSQL.

The kernel spreads the connections of the shared port among the workers; a table is served
by the worker that holds its advisory lock, and a client connected to another worker is
relayed to it through that worker's private loopback port. Clients of one La Pocha match on
different workers play it to the end together; workers killed in the middle of a table are
started again and the table plays on, no action lost or doubled. With
SQLite more than one worker is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import websockets

from tapete.cli.main import main
from tapete.client import join, ws_url
from tapete.engine import replay
from tapete.engine.api import PlayerView
from tapete.players import load
from tapete.players.base import Player

from .conftest import PostgresCluster, Server, free_port

#: Connections tried before giving up on reaching a given worker (the kernel picks by a hash
#: of the client's port, so each try has an even chance on two workers).
TRIES = 200


def get(url: str) -> tuple[str | None, Any]:
    """GET JSON: the answering worker and the answer."""
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.headers.get("X-Tapete-Worker"), json.loads(answer.read())


def post(url: str, body: dict[str, Any]) -> tuple[str | None, Any]:
    """POST JSON: the answering worker and the answer."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.headers.get("X-Tapete-Worker"), json.loads(answer.read())


def wait_for(
    url: str, tid: str, condition: Callable[[dict[str, Any]], bool], timeout: float = 300.0
) -> dict[str, Any]:
    """The TableInfo of ``tid`` once ``condition`` holds for it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            _, info = get(f"{url}/api/tables/{tid}")
        except OSError:  # a worker just killed: ask again
            info = None
        if info is not None and condition(info):
            return dict(info)
        time.sleep(0.05)
    raise AssertionError(f"table {tid}: timed out waiting")


def workers_answering(url: str, count: int, timeout: float = 120.0) -> set[str | None]:
    """The workers seen answering ``/healthz`` until ``count`` different ones have (or the
    time is up: a worker just started may not listen yet)."""
    seen: set[str | None] = set()
    deadline = time.monotonic() + timeout
    while len(seen) < count and time.monotonic() < deadline:
        try:
            worker, body = get(f"{url}/healthz")
        except OSError:  # no worker listens yet
            time.sleep(0.1)
            continue
        assert body["ok"] is True
        seen.add(worker)
        time.sleep(0.02)
    return seen


async def connect_on(
    url: str, tid: str, *, worker: str | None, avoid: str | None, cookie: str | None = None
) -> Any:
    """A WebSocket to table ``tid`` through the shared port that landed on ``worker`` (or on
    any but ``avoid``), signed in with the session ``cookie`` if given."""
    headers = {"Cookie": f"tapete_session={cookie}"} if cookie else None
    for _ in range(TRIES):
        socket = await websockets.connect(
            ws_url(url, tid), max_size=2**24, additional_headers=headers
        )
        assert socket.response is not None
        landed = socket.response.headers.get("X-Tapete-Worker")
        if (worker is None or landed == worker) and landed != avoid:
            return socket
        await socket.close()
    raise AssertionError(f"no connection reached worker {worker} (avoiding {avoid})")


async def play(socket: Any, token: str, player: Player, seed: int) -> tuple[list[float], list[Any]]:
    """Play a seat over ``socket`` to the end of the match: its returns and every message."""
    rng = random.Random(seed)
    messages: list[dict[str, Any]] = []
    acted = -1
    await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    async with socket:
        while True:
            message = json.loads(await socket.recv())
            messages.append(message)
            assert message["type"] != "error", message
            # the same state may come twice (someone connected): the second answer is stale
            assert message["type"] != "refused" or message["code"] == "stale_state", message
            if message["type"] != "state":
                continue
            if message["to_move"] == -4:
                return [float(x) for x in message["returns"]], messages
            if message["legal"] and message["state"] != acted:
                acted = message["state"]
                legal = [entry["action"] for entry in message["legal"]]
                action = player.choose(PlayerView.from_dict(message["view"]), legal, rng)
                await socket.send(
                    json.dumps({"type": "action", "state": message["state"], "action": action})
                )


def worker_pids(parent: int) -> list[int]:
    """The worker processes of the ``tapete serve`` process ``parent``."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        ppid = next(int(line.split()[1]) for line in status.splitlines() if line[:5] == "PPid:")
        if ppid == parent and b"spawn_main" in command:
            pids.append(int(entry))
    return pids


def test_workers_refused_on_sqlite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    assert main(["serve", "--workers", "2", "--db", db]) == 2
    error = capsys.readouterr().err
    assert "--workers 2 needs PostgreSQL" in error and "advisory locks" in error
    assert not (tmp_path / "tapete.sqlite3").exists()  # refused before touching anything


def test_a_pocha_match_with_clients_on_two_workers(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    db = postgres.new_database()
    server = Server(db, tmp_path, args=["--workers", "2"]).start()
    try:
        assert workers_answering(server.url, 2) == {"0", "1"}
        owner, made = post(
            f"{server.url}/api/tables",
            {
                "game": "pocha-match",
                "params": {"n_players": 3, "hand_sequence": "1,2"},
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}],
                "bot_delay": 0,
                "name": "Ana",
                "seat": 0,
            },
        )
        tid = made["table"]["id"]
        assert owner in ("0", "1")
        other = "1" if owner == "0" else "0"
        # joins and reads answered by either worker (the other forwards them to the owner)
        seat, token = join(server.url, tid, "Bea")
        assert seat == 1
        for _ in range(20):
            _, info = get(f"{server.url}/api/tables/{tid}")
            assert info["status"] == "playing" and info["seats"][1]["name"] == "Bea"

        async def both() -> list[tuple[list[float], list[Any]]]:
            on_owner = await connect_on(server.url, tid, worker=owner, avoid=None)
            on_other = await connect_on(server.url, tid, worker=other, avoid=owner)
            return list(
                await asyncio.wait_for(
                    asyncio.gather(
                        play(on_owner, made["token"], load("rule"), 1),
                        play(on_other, token, load("random"), 2),
                    ),
                    600,
                )
            )

        (a, seen_a), (b, seen_b) = asyncio.run(both())
        assert a == b
        _, record = get(f"{server.url}/api/tables/{tid}/record")
        final = replay(json.dumps(record))
        assert final.is_terminal() and list(final.returns()) == a
        assert record["players"] == ["Ana", "Bea", "bot:rule"]
        for seat_number, seen in ((0, seen_a), (1, seen_b)):
            states = [m for m in seen if m["type"] == "state"]
            assert states and all(m["seat"] == seat_number for m in states)
            assert any(m["legal"] for m in states)  # it played, through its worker

        # the table's link opens on any worker
        for _ in range(10):
            with urllib.request.urlopen(f"{server.url}/t/{tid}", timeout=30) as page:
                assert page.status == 200

        # workers killed in the middle of a table are started again, and it plays on
        _, made = post(
            f"{server.url}/api/tables",
            {
                "game": "pocha-match",
                "params": {"n_players": 3, "hand_sequence": "1,2,3"},
                "seats": [{"kind": "bot"}] * 3,
                "bot_delay": 0.15,
            },
        )
        bots = made["table"]["id"]
        playing = wait_for(server.url, bots, lambda info: info["move_number"] > 0)
        assert playing["status"] == "playing"
        before = playing["move_number"]
        assert server.process is not None
        pids = worker_pids(server.process.pid)
        assert len(pids) == 2
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            now = worker_pids(server.process.pid)
            if len(now) == 2 and not set(now) & set(pids):
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the killed workers were not started again")
        assert workers_answering(server.url, 2) == {"0", "1"}
        info = wait_for(server.url, bots, lambda info: info["status"] == "finished")
        _, record = get(f"{server.url}/api/tables/{bots}/record")
        final = replay(json.dumps(record))  # every action once, in order: it replays
        assert final.is_terminal() and list(final.returns()) == info["result"]
        assert len(record["actions"]) == info["move_number"] > before
    finally:
        server.stop()
    assert server.process is not None and server.process.returncode == 0


# slow: six worker starts one after the other (about 30 s on a loaded machine) for a corner
# of the supervisor; it runs with -m slow.
@pytest.mark.slow
def test_workers_that_cannot_start_stop_the_command(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    db = postgres.new_database()
    port = free_port()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tapete.cli.main",
            "serve",
            "--workers",
            "2",
            "--db",
            db,
            "--port",
            str(port),
            "--internal-host",
            "192.0.2.1",  # TEST-NET-1: not an address of this machine, no worker can listen
            "--log-level",
            "warning",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stderr
    assert "stopped 3 times as soon as it started" in done.stderr
    assert "cannot listen on 192.0.2.1" in done.stderr


def test_a_club_table_relayed_between_workers_keeps_the_account(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    """A member of a club whose request or WebSocket reaches the worker that does not serve
    the club's table is forwarded or relayed to its owner with its session: it joins and
    plays (docs/clubs.md); a stranger is told there is no such table, on either worker."""
    import httpx

    db = postgres.new_database()
    server = Server(db, tmp_path, args=["--workers", "2"]).start()
    try:
        assert workers_answering(server.url, 2) == {"0", "1"}
        same = {"X-Tapete-CSRF": "1"}
        clients = {}
        for name in ("ana_w", "bea_w", "cid_w"):
            client = httpx.Client(base_url=server.url, timeout=30, headers=same)
            made = client.post(
                "/api/account/register", json={"name": name, "password": "a long password"}
            )
            assert made.status_code == 201, made.text
            clients[name] = client
        ana, bea, cid = clients["ana_w"], clients["bea_w"], clients["cid_w"]
        assert ana.post("/api/clubs", json={"name": "Relay Club"}).status_code == 201
        added = ana.post("/api/clubs/Relay Club/members", json={"name": "bea_w"})
        assert added.status_code == 200, added.text
        body = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1},
                "seats": [{}, {}, {"kind": "bot", "player": "rule"}], "seat": 0,
                "club": "Relay Club", "bot_delay": 0}  # fmt: skip
        created = ana.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        owner = created.headers.get("X-Tapete-Worker")
        tid, ana_token = created.json()["table"]["id"], created.json()["token"]

        def on_other(client: httpx.Client) -> httpx.Client:
            """A client with ``client``'s session whose connection reached the other worker
            (a request there for the table is forwarded to its owner)."""
            for _ in range(TRIES):
                fresh = httpx.Client(
                    base_url=server.url, timeout=30, headers=same, cookies=client.cookies
                )
                if fresh.get("/healthz").headers.get("X-Tapete-Worker") != owner:
                    return fresh
                fresh.close()
            raise AssertionError("no connection reached the other worker")

        stranger_there = on_other(cid)
        refused = stranger_there.get(f"/api/tables/{tid}")
        assert refused.status_code == 404, refused.text
        bea_there = on_other(bea)
        assert bea_there.get(f"/api/tables/{tid}").json()["club"] == "Relay Club"
        joined = bea_there.post(f"/api/tables/{tid}/join", json={"name": "b", "seat": 1})
        assert joined.status_code == 200, joined.text
        assert joined.headers.get("X-Tapete-Worker") != owner  # answered there, by the owner
        bea_token = joined.json()["token"]

        async def first(socket: Any, token: str | None) -> dict[str, Any]:
            hello: dict[str, Any] = {"type": "hello", "protocol": 2}
            # a refused socket may be closed already: its message is still read
            with contextlib.suppress(websockets.ConnectionClosed):
                await socket.send(json.dumps(hello | ({"token": token} if token else {})))
            return dict(json.loads(await asyncio.wait_for(socket.recv(), 30)))

        async def go() -> tuple[dict[str, Any], ...]:
            cookie = str(ana.cookies["tapete_session"])
            on_owner = await connect_on(server.url, tid, worker=owner, avoid=None, cookie=cookie)
            ana_seen = await first(on_owner, ana_token)  # the owner keeps the table now
            relayed = await connect_on(
                server.url, tid, worker=None, avoid=owner, cookie=str(bea.cookies["tapete_session"])
            )
            bea_seen = await first(relayed, bea_token)
            stranger = await connect_on(
                server.url, tid, worker=None, avoid=owner, cookie=str(cid.cookies["tapete_session"])
            )
            cid_seen = await first(stranger, None)
            for socket in (on_owner, relayed, stranger):
                await socket.close()
            return ana_seen, bea_seen, cid_seen

        ana_seen, bea_seen, cid_seen = asyncio.run(go())
        assert ana_seen["type"] == "welcome" and ana_seen["seat"] == 0
        assert bea_seen["type"] == "welcome" and bea_seen["seat"] == 1, bea_seen
        assert cid_seen.get("code") == "unknown_table", cid_seen
    finally:
        server.stop()


def test_a_tournament_of_bots_runs_to_its_end_on_two_workers(
    postgres: PostgresCluster, tmp_path: Path
) -> None:
    """A duplicate tournament of six rule bots (two rounds of two tables) on two workers:
    its rounds are seated, played and scored once, whichever worker each request reaches, and
    both workers show the same final standings (docs/tournaments.md, *Not done yet*, said this
    was not tried)."""
    import httpx

    db = postgres.new_database()
    server = Server(db, tmp_path, args=["--workers", "2"]).start()
    try:
        assert workers_answering(server.url, 2) == {"0", "1"}
        director = httpx.Client(base_url=server.url, timeout=30, headers={"X-Tapete-CSRF": "1"})
        made = director.post(
            "/api/account/register", json={"name": "td_workers", "password": "a long password"}
        )
        assert made.status_code == 201, made.text
        settings = {
            "name": "Two Workers Cup", "game": "pocha", "params": {"hand_size": 2},
            "table_size": 3, "rounds": 2, "deals_per_round": 1, "clock": 5.0,
            "method": "swiss", "duplicate": True, "bot_delay": 0.0,
        }  # fmt: skip
        assert director.post("/api/tournaments", json=settings).status_code == 201
        base = "/api/tournaments/Two Workers Cup"
        added = director.post(base + "/bots", json={"bot": "rule", "count": 6})
        assert added.status_code == 200, added.text
        started = director.post(base + "/start", json={})
        assert started.status_code == 200, started.text
        final: dict[str | None, dict[str, Any]] = {}
        deadline = time.monotonic() + 240
        while len(final) < 2 and time.monotonic() < deadline:
            worker, shown = get(f"{server.url}/api/tournaments/Two%20Workers%20Cup")
            if shown["status"] == "finished":
                final[worker] = shown
            time.sleep(0.05)
        assert set(final) == {"0", "1"}, (set(final), shown["status"], shown["current_round"])
        first, second = final["0"], final["1"]
        assert first["standings"] == second["standings"]
        assert len(first["rounds_played"]) == 2
        for number, played in enumerate(first["rounds_played"], 1):
            assert played["round"] == number and played["scored"]
            tables = played["tables"]
            assert len(tables) == 2 and all(t["status"] == "finished" for t in tables), tables
        # each round scored once: every entrant played two tables, one a round
        assert len(first["standings"]) == 6
        assert all(row["rounds"] == 2 for row in first["standings"]), first["standings"]
    finally:
        server.stop()
