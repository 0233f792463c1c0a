"""A newcomer's first evening, timed: the README's start command on a fresh copy of the tree.

Run: ``.venv/bin/python benchmarks/first_evening.py [--keep DIR]``.

1. Copies the tree as a clone has it into a new folder and runs ``python3 dev.py --port P``
   there (first start: the virtual environment is created and the base install made).
2. Times the start command until the server answers, then the first table with *Strong*
   bots (``search-strong``; Trynka ``trynka-cfr``) created through the lobby API at once, and
   the time until that table's first search-bot move is made (the kernels the server loads
   in the background as it starts).
3. Asks a hint at the first decision of each game and times its answer; once the kernels
   are loaded (``GET /api/bots``), again for the games with search bots.
4. Stops the server, starts it again (second start: nothing to install) and times the same.

Prints the install's size and every time measured, with the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("pocha", "ombre", "trynka", "tresillo", "lhombre")
STRONG = {"pocha": "search-strong", "ombre": "search-strong", "trynka": "trynka-cfr"}


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def copy_tree(target: Path) -> None:
    """The files a clone has (tracked and new, not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    for raw in filter(None, listed):
        source = ROOT / raw.decode()
        if source.is_file():
            dest = target / raw.decode()
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest)


def call(base: str, method: str, path: str, body: Any = None) -> Any:
    """One lobby request; its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=300) as answer:
        return json.loads(answer.read())


def folder_size(path: Path) -> int:
    """Bytes under ``path``."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


async def first_decision_and_hint(base: str, table: dict[str, Any]) -> tuple[float, float]:
    """Seconds until the seat's first decision comes (the bots before it have moved), and
    the hint's answer time there."""
    import websockets

    url = base.replace("http://", "ws://") + f"/ws/{table['table']['id']}"
    began = time.monotonic()
    async with websockets.connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": table["token"], "protocol": 2}))
        asked_at = -1.0
        decision = float("nan")
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 600))
            if message["type"] == "state" and message.get("legal") and asked_at < 0:
                asked_at = time.monotonic()
                decision = asked_at - began
                await ws.send(json.dumps({"type": "hint", "state": message["state"]}))
            elif message["type"] in ("hint", "refused") and asked_at >= 0:
                if message["type"] == "refused":
                    print(f"    hint refused: {message.get('code')}")
                return decision, time.monotonic() - asked_at


def one_start(folder: Path, label: str) -> None:
    """Start the start command in ``folder``, time it and the first tables, stop it."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    python = getattr(sys, "_base_executable", None) or "python3"
    began = time.monotonic()
    log = (folder / f"start-{label}.log").open("wb")
    proc = subprocess.Popen(
        [python, "dev.py", "--port", str(port)],
        cwd=folder,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )
    try:
        while True:
            with contextlib.suppress(OSError), urllib.request.urlopen(base + "/healthz", timeout=2):
                break
            if proc.poll() is not None:
                raise SystemExit((folder / f"start-{label}.log").read_text())
            time.sleep(0.2)
        ready = time.monotonic() - began
        print(f"{label} start: server answers {ready:.1f} s after `python3 dev.py`")
        if label == "first":
            venv = folder / ".venv"
            print(f"  install: {folder_size(venv) / 2**20:.0f} MiB in .venv")
        seats_of = {}
        for spec in call(base, "GET", "/api/games"):
            default = {p["name"]: p["default"] for p in spec["params"]}.get("n_players")
            seats_of[spec["name"]] = default or (spec.get("players") or [3])[0]
        for game in GAMES:
            strong = STRONG.get(game, "rule")
            n = int(seats_of[game])
            seats = [{"kind": "human"}] + [{"kind": "bot", "player": strong}] * (n - 1)
            asked = time.monotonic()
            table = call(
                base,
                "POST",
                "/api/tables",
                {"game": game, "seats": seats, "bot_delay": 0, "name": "Ana", "seat": 0},
            )
            created = time.monotonic() - asked
            since_start = time.monotonic() - began
            decision, hint = asyncio.run(first_decision_and_hint(base, table))
            print(
                f"  {game:<9} {strong:<13} table created in {created:5.2f} s "
                f"({since_start:5.1f} s after the start command); the seat's first decision "
                f"{decision:5.1f} s later; hint answered in {hint:5.2f} s"
            )
        while call(base, "GET", "/api/bots")["loading"]:
            time.sleep(0.5)
        print(f"  search kernels ready {time.monotonic() - began:5.1f} s after the start command")
        for game in ("pocha", "ombre", "trynka"):
            seats = [{"kind": "human"}] + [{"kind": "bot", "player": STRONG[game]}] * (
                int(seats_of[game]) - 1
            )
            table = call(
                base,
                "POST",
                "/api/tables",
                {"game": game, "seats": seats, "bot_delay": 0, "name": "Ana", "seat": 0},
            )
            decision, hint = asyncio.run(first_decision_and_hint(base, table))
            print(f"  {game:<9} once ready: hint answered in {hint:5.2f} s")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
        proc.wait(30)
        log.close()


def main() -> None:
    """Time the first and the second start."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=Path, help="folder for the copy (default: a temp one)")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="tapete-first-evening-"))
    folder.mkdir(parents=True, exist_ok=True)
    copy_tree(folder)
    print(f"load average before: {os.getloadavg()[0]:.1f} (2-core machine: {os.cpu_count()})")
    one_start(folder, "first")
    one_start(folder, "second")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    if args.keep is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
