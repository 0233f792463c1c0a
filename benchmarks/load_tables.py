"""Load benchmark of the online tables: N tables at once over loopback WebSockets.

Run: ``.venv/bin/python benchmarks/load_tables.py --tables 500 --seconds 30 [--db URL]``.

It starts ``tapete serve`` on 127.0.0.1 (a fresh SQLite file unless ``--db`` names a
database, e.g. a PostgreSQL URL; or ``--url`` of a running server), creates N tables of
``pocha-match`` (4 seats: one scripted WebSocket client, three ``rule`` bots without delay),
and lets every client act as fast as it can for ``--seconds``. It reports the tables held at
once, the actions per second (all actions the server applied: clients', bots' and the cards
dealt; and the clients' alone) and the latency from an action sent to the state that
acknowledges it (p50, p99). Loopback only, bounded in time; the client runs in this one
process, so on a small machine it shares the CPU with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON, return JSON."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


class Stats:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.client_actions = 0
        self.connected = 0
        self.max_connected = 0
        self.finished = 0
        self.errors = 0
        self.last_state: dict[str, int] = {}


async def client(base: str, tid: str, token: str, stats: Stats, stop: asyncio.Event) -> None:
    """One seat acting as fast as it can until ``stop``."""
    url = base.replace("http://", "ws://") + f"/ws/{tid}"
    try:
        async with websockets.connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            stats.connected += 1
            stats.max_connected = max(stats.max_connected, stats.connected)
            sent_at: dict[int, float] = {}
            counter = 0
            try:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message["type"] != "state":
                        continue
                    stats.last_state[tid] = message["state"]
                    ack = message.get("ack")
                    if ack is not None and ack in sent_at:
                        stats.latencies.append(time.perf_counter() - sent_at.pop(ack))
                    if message["to_move"] == -4:
                        stats.finished += 1
                        return
                    if message["legal"] and not stop.is_set():
                        counter += 1
                        sent_at[counter] = time.perf_counter()
                        action = message["legal"][counter % len(message["legal"])]["action"]
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "action",
                                    "state": message["state"],
                                    "action": action,
                                    "id": counter,
                                }
                            )
                        )
                        stats.client_actions += 1
            finally:
                stats.connected -= 1
    except Exception:
        stats.errors += 1


async def run(base: str, tables: int, seconds: float) -> dict[str, Any]:
    """Create the tables, play for ``seconds``, return the figures."""
    loop = asyncio.get_running_loop()
    body = {
        "game": "pocha-match",
        "params": {"n_players": 4},
        "seats": [{"kind": "human"}, *[{"kind": "bot", "player": "rule"}] * 3],
        "bot_delay": 0,
        "name": "load",
        "seat": 0,
    }
    made = []
    for start in range(0, tables, 50):
        batch = [
            loop.run_in_executor(None, post, f"{base}/api/tables", body)
            for _ in range(start, min(tables, start + 50))
        ]
        made += await asyncio.gather(*batch)
    stats = Stats()
    stop = asyncio.Event()
    first = {m["table"]["id"]: m["table"]["move_number"] for m in made}
    tasks = [
        asyncio.create_task(client(base, m["table"]["id"], m["token"], stats, stop)) for m in made
    ]
    await asyncio.sleep(min(5.0, seconds / 4))  # everyone connected and playing
    warm_actions = stats.client_actions
    warm_states = dict(stats.last_state)
    stats.latencies.clear()
    began = time.perf_counter()
    held = []
    while time.perf_counter() - began < seconds:
        await asyncio.sleep(1.0)
        held.append(stats.connected)
    elapsed = time.perf_counter() - began
    latencies = sorted(stats.latencies)
    client_actions = stats.client_actions - warm_actions
    all_actions = sum(stats.last_state.get(t, 0) - warm_states.get(t, first[t]) for t in first)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)

    def pct(p: float) -> float | None:
        if not latencies:
            return None
        return round(1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))], 2)

    return {
        "tables": tables,
        "tables_held_min": min(held) if held else 0,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(all_actions / elapsed, 1),
        "client_actions_per_s": round(client_actions / elapsed, 1),
        "latency_ms_p50": pct(0.50),
        "latency_ms_p99": pct(0.99),
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "samples": len(latencies),
        "finished_matches": stats.finished,
        "client_errors": stats.errors,
    }


def main() -> int:
    """Parse the options, start the server (unless ``--url``), run, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite)")
    parser.add_argument("--url", default=None, help="a running server (loopback only)")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 300:
        parser.error("--tables 1..2000, --seconds 1..300 (bounded on purpose)")
    server = None
    folder = tempfile.mkdtemp(prefix="tapete-load-")
    if args.url:
        host = args.url.split("//", 1)[-1].split(":")[0].split("/")[0]
        if host not in ("127.0.0.1", "localhost"):
            parser.error("loopback servers only")
        base = args.url.rstrip("/")
    else:
        port = free_port()
        db = args.db or f"sqlite:///{os.path.join(folder, 'tapete.sqlite3')}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tapete.cli.main",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--log-level",
                "warning",
            ],
            cwd=folder,
        )
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            time.sleep(0.1)
    try:
        result = asyncio.run(run(base, args.tables, args.seconds))
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
    result["db"] = (args.db or "sqlite").split(":", 1)[0] if not args.url else "external"
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
