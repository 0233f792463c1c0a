"""Screenshots of each game's table in mid-play and at its end, at desktop (1280x860) and
phone (390x844) sizes, in English, Spanish and Russian, for people to look at (not a test).

    .venv/bin/python tests/browser/table_shots.py [game ...]

Starts ``tapete serve`` on a free loopback port with a throw-away SQLite file, plays bots'
matches (one seat left to a bot at the start, so the page sees the game from its first
card) and writes ``tests/browser/artifacts/table-{game}-{moment}-{size}-{lang}.png``.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
OUT = HERE / "artifacts"
BOT = {"kind": "bot", "player": "rule"}
GAMES = {
    "pocha-match": (4, {"hand_sequence": "3,2"}),
    "ombre-match": (3, {"num_deals": 2}),
    "tresillo-match": (4, {"num_deals": 2}),
    "lhombre-match": (3, {"num_deals": 2}),
    "trynka-match": (3, {"n_players": 3, "banks": 2}),
}
SIZES: dict[str, Any] = {
    "desktop": {"width": 1280, "height": 860},
    "phone": {"width": 390, "height": 844},
}
LANGS = ("en", "es", "ru")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def main(games: list[str]) -> None:
    folder = Path(tempfile.mkdtemp())
    port = _port()
    log = (folder / "serve.log").open("wb")
    cmd = [sys.executable, "-c", "import sys; from tapete.cli.main import main; "
           "sys.exit(main(sys.argv[1:]))", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", f"sqlite:///{folder / 't.sqlite3'}"]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=2)
            break
        except OSError:
            time.sleep(0.2)
    OUT.mkdir(exist_ok=True)
    chromium = shutil.which("chromium") or "chromium"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for game in games:
                n, params = GAMES[game]
                for size, viewport in SIZES.items():
                    for lang in LANGS:
                        body = {"game": game, "params": params, "bot_delay": 0.2,
                                "seats": [{"kind": "human"}] + [BOT] * (n - 1)}  # fmt: skip
                        created = _call(base, "POST", "/api/tables", body)
                        table_id = created["table"]["id"]
                        page = browser.new_page(viewport=viewport)
                        page.goto(f"{base}/t/{table_id}?watch=1&lang={lang}")
                        page.wait_for_selector("#felt .banner")
                        _call(base, "POST", f"/api/tables/{table_id}/start",
                              {"admin_token": created["admin_token"]})  # fmt: skip
                        # mid-play: a finished trick held (trick games), else a few states in
                        page.wait_for_function(
                            "() => window.__tapete && (window.__tapete.holding"
                            " || (window.__tapete.state > 40 && !document.querySelector("
                            "'.trick-card')))",
                            timeout=120_000,
                        )
                        name = f"table-{game}-mid-{size}-{lang}.png"
                        page.screenshot(path=str(OUT / name), full_page=True)
                        page.wait_for_selector("[data-testid=game-over]", timeout=300_000)
                        name = f"table-{game}-end-{size}-{lang}.png"
                        page.screenshot(path=str(OUT / name), full_page=True)
                        page.locator("[data-key=hide-result]").click()
                        name = f"table-{game}-table-{size}-{lang}.png"
                        page.screenshot(path=str(OUT / name), full_page=True)
                        page.close()
                        print(game, size, lang, flush=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
