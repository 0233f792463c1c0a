"""Load benchmark of a tournament (docs/tournaments.md): N entrants playing through the protocol.

Run: ``.venv/bin/python benchmarks/tournament_load.py --entrants 200 --rounds 3 --postgres``.

It starts the server on 127.0.0.1 (a fresh SQLite file, or with ``--postgres`` a throw-away
PostgreSQL cluster from Debian's binaries in a temporary folder, stopped at the end), with
the account rate limits off (every entrant signs up from the same loopback address) and the
fast password hashing of the tests. It registers N accounts, and one more as the director,
who creates a duplicate Swiss tournament of La Pocha (four a table, ``--hand-size`` cards)
and starts it. Every entrant is an outside bot in this process: it asks the server for its
seat (``GET /api/tournaments/{name}/seat``), plays it over the table's WebSocket (the first
legal action of every decision, as fast as it can), and asks again when its table is over,
until the tournament is finished. The server creates, starts and scores every round itself.

It prints one JSON object: per round, the seconds from the previous round's last result to
this round's tables all dealt (``created_s``), the seconds its tables played
(``played_s``), and the seconds until the server had scored it (``scored_s``); the latency
of every action, from sending it to the ``state`` that acknowledges it (p50, p99, max); the
server's CPU seconds; the machine's load; the errors. Loopback only, bounded: it stops
after ``--limit`` seconds whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_tables import Postgres, _pct, free_port, process_cpu

SAME = {"X-Tapete-CSRF": "1"}
PASSWORD = "a long password"

#: The server, with the account limits off and the tests' fast password hashing.
SERVE = """
import sys, uvicorn
from tapete.accounts import Passwords
from tapete.web.access import AccountLimits, AccountSettings
from tapete.web.app import create_app
port, db = int(sys.argv[1]), sys.argv[2]
accounts = AccountSettings(Passwords.for_tests(), AccountLimits(None, None, None))
app = create_app(db, address=f"http://127.0.0.1:{port}", accounts=accounts)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
"""


class Stats:
    """What the entrants measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.tables_played = 0
        self.errors: list[str] = []


async def play_table(base: str, table_id: str, token: str, stats: Stats) -> None:
    """Play one seat of a table until its game is over."""
    url = base.replace("http://", "ws://") + f"/ws/{table_id}"
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 2, "token": token}))
        sent_at: dict[int, float] = {}
        counter = 0
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            arrived = time.perf_counter()
            if message["type"] == "error":
                stats.errors.append(str(message.get("code")))
                continue
            if message["type"] != "state":
                continue
            ack = message.get("ack")
            if ack is not None and ack in sent_at:
                stats.latencies.append(arrived - sent_at.pop(ack))
            if message["to_move"] == -4:
                stats.tables_played += 1
                return
            if message["legal"]:
                counter += 1
                sent_at[counter] = time.perf_counter()
                action = message["legal"][0]["action"]
                await ws.send(
                    json.dumps(
                        {"type": "action", "state": message["state"], "action": action}
                        | {"id": counter}
                    )
                )
                stats.actions += 1


async def entrant(
    base: str, client: httpx.AsyncClient, name: str, stats: Stats, done: asyncio.Event
) -> None:
    """An outside bot: its seat of every round, played, until the tournament is over."""
    played: set[str] = set()
    while not done.is_set():
        try:
            answer = await client.get(f"/api/tournaments/{name}/seat")
        except httpx.HTTPError as e:
            stats.errors.append(f"seat: {type(e).__name__}: {e}")
            await asyncio.sleep(0.5)
            continue
        if answer.status_code == 200:
            seat = answer.json()
            if seat.get("table_id") and seat["table_id"] not in played:
                played.add(seat["table_id"])
                try:
                    await play_table(base, seat["table_id"], seat["token"], stats)
                except Exception as e:
                    stats.errors.append(f"{type(e).__name__}: {e}")
                continue
        elif answer.status_code != 404:
            stats.errors.append(f"seat: {answer.status_code} {answer.text[:80]}")
        await asyncio.sleep(0.5)


async def sign_up(base: str, name: str) -> httpx.AsyncClient:
    """A client signed in as a new account."""
    client = httpx.AsyncClient(base_url=base, timeout=120, headers=SAME)
    answer = await client.post("/api/account/register", json={"name": name, "password": PASSWORD})
    answer.raise_for_status()
    return client


async def run(base: str, args: argparse.Namespace, server_pid: int) -> dict[str, Any]:
    """The tournament, played; the figures."""
    director = await sign_up(base, "director")
    body = {
        "name": "Load",
        "game": "pocha",
        "params": {"n_players": 4, "hand_size": args.hand_size},
        "rounds": args.rounds,
        "deals_per_round": 1,
        "clock": 30.0,
        "method": "swiss",
        "duplicate": True,
    }
    made = await director.post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    clients: list[httpx.AsyncClient] = []
    for start in range(0, args.entrants, 25):
        clients += await asyncio.gather(
            *(
                sign_up(base, f"entrant{i:04d}")
                for i in range(start, min(args.entrants, start + 25))
            )
        )
    for client in clients:
        answer = await client.post("/api/tournaments/Load/register")
        assert answer.status_code == 200, answer.text
    stats = Stats()
    done = asyncio.Event()
    players = [asyncio.create_task(entrant(base, c, "Load", stats, done)) for c in clients]
    cpu_before = process_cpu(server_pid)
    load_before = os.getloadavg()
    began = time.perf_counter()
    started = await director.post("/api/tournaments/Load/start", json={})
    assert started.status_code == 200, started.text
    start_s = time.perf_counter() - began
    rounds: dict[int, dict[str, float]] = {}
    last_result = began
    while time.perf_counter() - began < args.limit:
        shown = (await director.get("/api/tournaments/Load")).json()
        now = time.perf_counter()
        for played in shown.get("rounds_played", []):
            r = int(played["round"])
            tables = played["tables"]
            entry = rounds.setdefault(r, {})
            if "created" not in entry and tables and all(t.get("table_id") for t in tables):
                entry["created"] = now
            if (
                "played" not in entry
                and tables
                and all(t.get("status") == "finished" for t in tables)
            ):
                entry["played"] = now
            if (
                "scored" not in entry
                and tables
                and all(t.get("scores") is not None for t in tables)
            ):
                entry["scored"] = now
        if shown.get("status") == "finished":
            break
        await asyncio.sleep(0.2)
    finished = time.perf_counter()
    done.set()
    await asyncio.gather(*players, return_exceptions=True)
    cpu_after = process_cpu(server_pid)
    shown = (await director.get("/api/tournaments/Load")).json()
    for client in [director, *clients]:
        await client.aclose()

    def span(end: float | None, begin: float | None) -> float | None:
        return None if end is None or begin is None else round(end - begin, 2)

    tables_of = {int(p["round"]): len(p["tables"]) for p in shown.get("rounds_played", [])}
    report = []
    for r in sorted(rounds):
        created, played, scored = (rounds[r].get(k) for k in ("created", "played", "scored"))
        report.append(
            {
                "round": r,
                "tables": tables_of.get(r),
                "created_s": span(created, last_result),
                "played_s": span(played, created),
                "scored_s": span(scored, played),
            }
        )
        if scored is not None:
            last_result = scored
    lat = stats.latencies
    return {
        "entrants": args.entrants,
        "database": "postgresql" if args.postgres else "sqlite",
        "status": shown.get("status"),
        "rounds": report,
        "start_answered_s": round(start_s, 2),
        "seconds": round(finished - began, 1),
        "actions": stats.actions,
        "tables_played": stats.tables_played,
        "latency_ms_p50": _pct(lat, 0.50),
        "latency_ms_p99": _pct(lat, 0.99),
        "latency_ms_max": round(1000 * max(lat), 2) if lat else None,
        "server_cpu_s": (
            None if cpu_before is None or cpu_after is None else round(cpu_after - cpu_before, 2)
        ),
        "load_1min": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
        "standings_shown": len(shown.get("standings", [])),
        "errors": stats.errors[:20],
        "error_count": len(stats.errors),
    }


def server_rounds(db: str) -> list[dict[str, Any]]:
    """Each round's times as the server stored them: ``created_s`` from the previous round's
    last table over (the start, for round 1: its first table made) to this round's last
    table made (the scoring, the seating and the tables in between), ``played_s`` from its
    first table made to its last table over."""
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    query = sa.text(
        "SELECT tt.round, MIN(t.created_at), MAX(t.created_at), MAX(t.finished_at), COUNT(*) "
        "FROM tournament_tables tt JOIN tables t ON t.id = tt.table_id GROUP BY tt.round "
        "ORDER BY tt.round"
    )
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    engine.dispose()

    def moment(value: Any) -> float:
        if isinstance(value, str):  # SQLite gives text
            import datetime as dt

            value = dt.datetime.fromisoformat(value)
        return float(value.timestamp())

    out, last_over = [], None
    for number, first, last, over, count in rows:
        first_t, last_t = moment(first), moment(last)
        over_t = None if over is None else moment(over)
        since = first_t if last_over is None else last_over
        out.append(
            {
                "round": int(number),
                "tables": int(count),
                "created_s": round(last_t - since, 2),
                "played_s": None if over_t is None else round(over_t - first_t, 2),
            }
        )
        last_over = over_t
    return out


def main() -> int:
    """Parse the options, start the database and the server, run, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=200, help="a multiple of 4 (200)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hand-size", type=int, default=2, help="cards a hand (2)")
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL")
    parser.add_argument("--limit", type=float, default=900.0, help="stop after this (900 s)")
    args = parser.parse_args()
    if args.entrants % 4:
        parser.error("--entrants must be a multiple of 4 (four a table)")
    cluster = Postgres() if args.postgres else None
    folder = tempfile.mkdtemp(prefix="tapete-tournament-load-")
    db = cluster.start() if cluster else f"sqlite:///{folder}/tapete.sqlite3"
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVE, str(port), db])
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(f"{base}/healthz", timeout=2).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.3)
        result = asyncio.run(run(base, args, server.pid))
        result["rounds_as_stored"] = server_rounds(db)
    finally:
        server.terminate()
        server.wait(30)
        if cluster:
            cluster.stop()
    print(json.dumps(result, indent=1))
    played_all = result["tables_played"] == args.entrants * args.rounds
    return 0 if result["status"] == "finished" and played_all else 1


if __name__ == "__main__":
    raise SystemExit(main())
