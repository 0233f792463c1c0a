"""Load benchmark of the online tables: N tables at once over loopback WebSockets.

Run: ``.venv/bin/python benchmarks/load_tables.py --tables 500 --seconds 30 [--postgres]``.

It starts ``tapete serve`` on 127.0.0.1 (a fresh SQLite file; ``--postgres`` starts a
throw-away PostgreSQL cluster from Debian's binaries in a temporary folder and stops it at
the end; ``--db URL`` names another database; ``--url`` a running server), creates N tables
of ``pocha-match`` (4 seats: one scripted WebSocket client, three ``rule`` bots without
delay), and lets every client act as fast as it can for ``--seconds`` (after a warm-up).

It prints one JSON object: the tables held at once; the actions per second (every action the
server applied: the client's, the bots' and the cards dealt), the clients' and the bots'
alone; the latency from an action sent to the ``state`` that acknowledges it (``ack``: p50,
p90, p99, max); the time from that acknowledgement to the client's next turn (the bots'
moves in between); and the CPU seconds the server process and this client process used in
the measured window, also per client action; and what the server's garbage collector did
in the window (``/healthz/gc``: collections and pauses by generation, every full
collection's pause). The clients run in this process (plain
asyncio), the server in its own, so on a small machine the two share the CPU; the machine
load (``os.getloadavg``) is reported too. Loopback only, bounded in time and tables.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets

try:  # the clients share the machine with the server: parse as cheaply as possible
    from orjson import loads
except ImportError:
    from json import loads

SEAT = 0  # the scripted client's seat; seats 1..3 are rule bots

#: The server: ``tapete serve``'s app on uvicorn with its settings (one process), started
#: without the command line so that the other commands' imports play no part.
SERVE = """
import sys, uvicorn
from tapete.web.app import create_app
from tapete.web.gcpolicy import CollectorPolicy
port, db = int(sys.argv[1]), sys.argv[2]
refreeze, audit = float(sys.argv[3]), float(sys.argv[4])
policy = CollectorPolicy(refreeze, audit) if refreeze > 0 else CollectorPolicy(1e9, 0)
app = create_app(db, address=f"http://127.0.0.1:{port}", collector=policy)
uvicorn.run(app, host="127.0.0.1", port=port, ws_max_size=64 * 1024, log_level="warning",
            access_log=False)
"""


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


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system, every thread) of process ``pid`` and of its children
    that are running (``tapete serve --workers``' workers; Linux ``/proc``)."""
    fields = _stat(pid)
    if fields is None:
        return None
    ticks = int(fields[11]) + int(fields[12])
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            child = _stat(int(entry))
            if child is not None and child[1] == str(pid):
                ticks += int(child[11]) + int(child[12])
    return ticks / os.sysconf("SC_CLK_TCK")


class Postgres:
    """A throw-away PostgreSQL cluster in a temporary folder (Debian's binaries), run as the
    ``postgres`` user when this runs as root; fsync off (a benchmark, not a store)."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        initdb = found[-1] if found else shutil.which("initdb")
        if initdb is None:
            raise SystemExit("--postgres: no initdb found (apt-get install postgresql)")
        self.bin = os.path.dirname(initdb)
        self.folder = tempfile.mkdtemp(prefix="tapete-load-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            os.chmod(self.folder, 0o777)
            self.prefix = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        subprocess.run([*self.prefix, *args], check=True, capture_output=True, timeout=120)

    def start(self) -> str:
        """Start the cluster; returns the SQLAlchemy URL of its ``postgres`` database."""
        self._run(f"{self.bin}/initdb", "-D", self.data, "-A", "trust", "-U", "tapete")
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} "
            "-c fsync=off -c max_connections=100"
        )
        log = os.path.join(self.folder, "log")
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-o", options, "-l", log, "-w", "start")
        return f"postgresql+psycopg://tapete@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        """Stop the cluster and remove its folder."""
        with contextlib.suppress(Exception):
            self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


class Stats:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        self.turn_waits: list[float] = []
        self.client_actions = 0
        self.bot_actions = 0
        self.connected = 0
        self.finished = 0
        self.errors = 0
        self.refused = 0
        self.rate_limited = 0
        self.last_state: dict[str, int] = {}


async def client(
    base: str, tid: str, token: str, stats: Stats, stop: asyncio.Event, deflate: bool = True
) -> None:
    """One seat acting as fast as it can until ``stop`` (offering permessage-deflate, as
    browsers do, unless ``deflate`` is false)."""
    url = base.replace("http://", "ws://") + f"/ws/{tid}"
    compression = "deflate" if deflate else None
    try:
        async with websockets.connect(url, max_size=2**24, compression=compression) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "token": token}))
            stats.connected += 1
            sent_at: dict[int, float] = {}
            acked_at: float | None = None
            counter = 0
            last_sent = ""
            try:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except TimeoutError:
                        continue
                    arrived = time.perf_counter()
                    message = loads(raw)
                    if message["type"] == "refused":
                        stats.refused += 1
                        continue
                    if message["type"] == "error" and message["code"] == "rate_limited":
                        # the server dropped the action (per-connection rate limit): send it
                        # again in a moment; its latency counts from the first sending
                        stats.rate_limited += 1
                        await asyncio.sleep(0.1)
                        await ws.send(last_sent)
                        continue
                    if message["type"] != "state":
                        continue
                    stats.last_state[tid] = message["state"]
                    stats.bot_actions += sum(
                        1 for e in message["events"] if e["actor"] >= 0 and e["actor"] != SEAT
                    )
                    ack = message.get("ack")
                    if ack is not None and ack in sent_at:
                        stats.latencies.append(arrived - sent_at.pop(ack))
                        stats.acked_at.append(arrived)
                        acked_at = arrived
                    if message["to_move"] == -4:
                        stats.finished += 1
                        return
                    if message["legal"] and not stop.is_set():
                        if acked_at is not None:
                            stats.turn_waits.append(arrived - acked_at)
                            acked_at = None
                        counter += 1
                        action = message["legal"][counter % len(message["legal"])]["action"]
                        sent_at[counter] = time.perf_counter()
                        last_sent = json.dumps(
                            {"type": "action", "state": message["state"], "action": action}
                            | {"id": counter}
                        )
                        await ws.send(last_sent)
                        stats.client_actions += 1
            finally:
                stats.connected -= 1
    except Exception:
        stats.errors += 1


def collector(base: str, since: float | None = None) -> dict[str, Any] | None:
    """The server's garbage-collector figures (``/healthz/gc``), or ``None``."""
    url = f"{base}/healthz/gc" + (f"?since={since}" if since is not None else "")
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            data: dict[str, Any] = json.loads(answer.read())
            return data
    except OSError:
        return None


def server_processes(base: str, tries: int = 30) -> list[dict[str, Any]]:
    """``/healthz/server`` of each server process reached (``--workers``: the kernel picks
    one per connection, so it is asked a few times): tables, relays, hand-overs."""
    seen: dict[Any, dict[str, Any]] = {}
    for _ in range(tries):
        try:
            with urllib.request.urlopen(f"{base}/healthz/server", timeout=30) as answer:
                data: dict[str, Any] = json.loads(answer.read())
        except OSError:
            continue
        seen[data.get("address")] = data
    return sorted(seen.values(), key=lambda d: str(d.get("worker")))


def collector_window(before: dict[str, Any] | None, after: dict[str, Any] | None) -> Any:
    """What the collector did between two ``/healthz/gc`` figures: collections and pause
    seconds by generation, and the full collections' pauses (ms)."""
    if before is None or after is None:
        return None
    pauses = sorted(after["full_pauses_ms"])
    counts = zip(after["collections"], before["collections"], strict=True)
    totals = zip(after["pause_total_ms"], before["pause_total_ms"], strict=True)
    cpu = zip(after["cpu_total_ms"], before["cpu_total_ms"], strict=True)
    return {
        "collections": [a - b for a, b in counts],
        "pause_total_ms": [round(a - b, 1) for a, b in totals],
        "cpu_total_ms": [round(a - b, 1) for a, b in cpu],
        "full_pauses_ms": after["full_pauses_ms"],
        "full_cpu_ms": after["full_cpu_ms"],
        "full_pause_ms_max": pauses[-1] if pauses else None,
        "full_pause_ms_p50": pauses[len(pauses) // 2] if pauses else None,
        "full_collected": sum(after["full_collected"]),
        "collected": [a - b for a, b in zip(after["collected"], before["collected"], strict=True)],
        "cpu_max_ms_since_start": after["cpu_max_ms"],
        "collections_since_start": after["collections"],
        "frozen": after["frozen"],
        "refreezes": after["policy"]["refreezes"] - before["policy"]["refreezes"],
        "audits": after["policy"]["audits"],
    }


def _pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)


async def run(
    base: str,
    tables: int,
    seconds: float,
    warmup: float,
    server_pid: int | None,
    deflate: bool = True,
) -> dict[str, Any]:
    """Create the tables, play for ``seconds``, return the figures."""
    loop = asyncio.get_running_loop()
    body = {
        "game": "pocha-match",
        "params": {"n_players": 4},
        "seats": [{"kind": "human"}, *[{"kind": "bot", "player": "rule"}] * 3],
        "bot_delay": 0,
        "name": "load",
        "seat": SEAT,
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
        asyncio.create_task(client(base, m["table"]["id"], m["token"], stats, stop, deflate))
        for m in made
    ]
    await asyncio.sleep(warmup)  # everyone connected and playing
    warm_actions, warm_bots = stats.client_actions, stats.bot_actions
    warm_states = dict(stats.last_state)
    stats.latencies.clear()
    stats.acked_at.clear()
    stats.turn_waits.clear()
    gc_since = time.time()
    gc_before = await loop.run_in_executor(None, collector, base)
    server_cpu = process_cpu(server_pid) if server_pid else None
    client_cpu = time.process_time()
    load_before = os.getloadavg()
    began = time.perf_counter()
    held = []
    while time.perf_counter() - began < seconds:
        await asyncio.sleep(1.0)
        held.append(stats.connected)
    elapsed = time.perf_counter() - began
    latencies = list(stats.latencies)
    windows: dict[int, list[float]] = {}
    for moment, latency in zip(stats.acked_at, latencies, strict=False):
        windows.setdefault(int((moment - began) // 5), []).append(latency)
    waits = list(stats.turn_waits)
    client_actions = stats.client_actions - warm_actions
    bot_actions = stats.bot_actions - warm_bots
    all_actions = sum(stats.last_state.get(t, 0) - warm_states.get(t, first[t]) for t in first)
    client_cpu = time.process_time() - client_cpu
    if server_cpu is not None and server_pid:
        end_cpu = process_cpu(server_pid)
        server_cpu = None if end_cpu is None else end_cpu - server_cpu
    load_after = os.getloadavg()
    gc_after = await loop.run_in_executor(None, collector, base, gc_since)
    processes = await loop.run_in_executor(None, server_processes, base)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)

    def per_action(cpu: float | None) -> float | None:
        return None if cpu is None or not client_actions else round(1000 * cpu / client_actions, 2)

    return {
        "tables": tables,
        "tables_held_min": min(held) if held else 0,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(all_actions / elapsed, 1),
        "client_actions_per_s": round(client_actions / elapsed, 1),
        "bot_actions_per_s": round(bot_actions / elapsed, 1),
        "latency_ms_p50": _pct(latencies, 0.50),
        "latency_ms_p90": _pct(latencies, 0.90),
        "latency_ms_p99": _pct(latencies, 0.99),
        "latency_ms_max": round(1000 * max(latencies), 2) if latencies else None,
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "latency_ms_p99_each_5s": [_pct(windows[k], 0.99) for k in sorted(windows)],
        "samples": len(latencies),
        "turn_wait_ms_p50": _pct(waits, 0.50),
        "turn_wait_ms_p99": _pct(waits, 0.99),
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "client_cpu_s": round(client_cpu, 2),
        "server_cpu_ms_per_client_action": per_action(server_cpu),
        "client_cpu_ms_per_client_action": per_action(client_cpu),
        "load_1min": [round(load_before[0], 2), round(load_after[0], 2)],
        "server_gc": collector_window(gc_before, gc_after),
        "server_processes": processes,
        "finished_matches": stats.finished,
        "refused": stats.refused,
        "rate_limited": stats.rate_limited,
        "client_errors": stats.errors,
    }


def main() -> int:
    """Parse the options, start the server (unless ``--url``), run, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds of play before measuring (5)"
    )
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite)")
    parser.add_argument(
        "--postgres", action="store_true", help="start a throw-away PostgreSQL cluster and use it"
    )
    parser.add_argument("--url", default=None, help="a running server (loopback only)")
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="clients do not offer permessage-deflate (browsers do; the default offers it)",
    )
    parser.add_argument(
        "--pid", type=int, default=None, help="with --url: the server's process id (its CPU)"
    )
    parser.add_argument(
        "--gc-refreeze",
        type=float,
        default=1.0,
        help="seconds between the server's freezes of the collector's objects (0: none; 1)",
    )
    parser.add_argument(
        "--gc-audit",
        type=float,
        default=600.0,
        help="seconds between the server's full collections of everything (0: none; 600)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="run `tapete serve --workers N` instead (PostgreSQL: with --postgres or --db)",
    )
    args = parser.parse_args()
    if args.workers > 1 and not (args.postgres or args.db):
        parser.error("--workers needs PostgreSQL (--postgres or --db)")
    if not 1 <= args.tables <= 2000 or not 1 <= args.seconds <= 300 or not 0 <= args.warmup <= 60:
        parser.error("--tables 1..2000, --seconds 1..300, --warmup 0..60 (bounded on purpose)")
    if sum(map(bool, (args.db, args.postgres, args.url))) > 1:
        parser.error("at most one of --db, --postgres, --url")
    server = None
    cluster = None
    folder = tempfile.mkdtemp(prefix="tapete-load-")
    db = args.db
    try:
        if args.postgres:
            cluster = Postgres()
            db = cluster.start()
        if args.url:
            host = args.url.split("//", 1)[-1].split(":")[0].split("/")[0]
            if host not in ("127.0.0.1", "localhost"):
                parser.error("loopback servers only")
            base = args.url.rstrip("/")
        else:
            port = free_port()
            db = db or f"sqlite:///{os.path.join(folder, 'tapete.sqlite3')}"
            command = [
                *(sys.executable, "-c", SERVE, str(port), db),
                *(str(args.gc_refreeze), str(args.gc_audit)),
            ]
            if args.workers > 1:  # the command itself: N workers on one port
                command = [
                    *(sys.executable, "-m", "tapete.cli.main", "serve", "--port", str(port)),
                    *("--db", db, "--workers", str(args.workers), "--log-level", "warning"),
                ]
            server = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL)
            base = f"http://127.0.0.1:{port}"
            for _ in range(600):
                if server.poll() is not None:
                    raise SystemExit(f"the server exited with {server.returncode}")
                with (
                    contextlib.suppress(OSError),
                    socket.create_connection(("127.0.0.1", port), 0.5),
                ):
                    break
                time.sleep(0.1)
        pid = server.pid if server is not None else args.pid
        result = asyncio.run(
            run(base, args.tables, args.seconds, args.warmup, pid, not args.no_deflate)
        )
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    result["deflate"] = not args.no_deflate
    result["workers"] = args.workers
    result["db"] = "external" if args.url else (db or "sqlite").split(":", 1)[0].split("+")[0]
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
