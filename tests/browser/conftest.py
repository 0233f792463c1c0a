"""Browser tests: Debian's chromium driven by Playwright against a real ``tapete serve`` on a
loopback port with a temporary SQLite file.

Screenshots go to ``tests/browser/artifacts/`` (ignored by git).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ARTIFACTS = HERE / "artifacts"
AXE = HERE / "vendor" / "axe.min.js"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}

if CHROMIUM is None:
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running ``tapete serve`` and small helpers for its lobby API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(req, timeout=10) as response:
            return json.loads(response.read())

    def create(self, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        """Create a table; ``extra`` may hold params, name, seat, clock, bot_delay."""
        body = {"game": game, "seats": seats, "bot_delay": 0.05, **extra}
        return dict(self.call("POST", "/api/tables", body))

    def finished(
        self, game: str, seats: int, params: dict[str, Any], bot_delay: float = 0.05,
        limit: float = 300.0,
    ) -> str:  # fmt: skip
        """A table of rule bots played to its end; its id (``limit`` seconds at most: a
        server that has just started may be busy loading its search bots)."""
        bot = {"kind": "bot", "player": "rule"}
        created = self.create(game, [bot] * seats, params=params, bot_delay=bot_delay)
        table_id = str(created["table"]["id"])
        deadline = time.monotonic() + limit
        while self.call("GET", f"/api/tables/{table_id}")["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        return table_id

    def wait_kernels(self, limit: float = 900.0) -> None:
        """Wait until the server has loaded the search kernels it loads as it starts (a
        hint asked before gets the ``rule`` bot's answer after a few seconds)."""
        deadline = time.monotonic() + limit
        while self.call("GET", "/api/bots")["loading"]:
            assert time.monotonic() < deadline, "the search kernels did not load"
            time.sleep(0.5)

    def table_url(self, table_id: str) -> str:
        return f"{self.base}/t/{table_id}"

    def replay_url(self, table_id: str) -> str:
        return f"{self.base}/replay/{table_id}"


def start_serve(folder: Path, port: int, db: Path) -> tuple[subprocess.Popen[bytes], Any]:
    """``tapete serve`` on ``127.0.0.1:port`` with the SQLite file ``db``, its output
    appended to ``folder/serve.log``, once it answers ``/healthz`` (its process and log)."""
    log = (folder / "serve.log").open("ab")
    cmd = [
        sys.executable,
        "-c",
        "import sys; from tapete.cli.main import main; sys.exit(main(sys.argv[1:]))",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
    ]
    proc = subprocess.Popen(cmd, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return proc, log
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            raise RuntimeError("tapete serve did not start:\n" + (folder / "serve.log").read_text())
        time.sleep(0.2)


def stop_serve(proc: subprocess.Popen[bytes], log: Any) -> None:
    """Stop a server :func:`start_serve` started (terminate, then kill after 10 s)."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    proc, log = start_serve(folder, port, folder / "tapete.sqlite3")
    base = f"http://127.0.0.1:{port}"
    try:
        # every browser test needs the pages: if the server does not serve them, say so once
        try:
            with urllib.request.urlopen(base + "/", timeout=10) as r:
                served = r.status == 200
        except urllib.error.HTTPError as e:
            raise RuntimeError(
                f"tapete serve does not serve the lobby page: GET / -> {e.code}"
            ) from e
        assert served
        yield Server(base)
    finally:
        stop_serve(proc, log)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Module scope, not session: while Playwright's sync API is open its event loop counts as
    # running in this thread, so a later test of the same pytest process that calls
    # asyncio.run() (the server tests do) would fail; each browser module closes it after.
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def context_factory(browser: Any) -> Iterator[Any]:
    made: list[Any] = []

    def make(viewport: dict[str, int] | None = None, locale: str = "en-US", **tokens: str) -> Any:
        ctx = browser.new_context(viewport=viewport or DESKTOP, locale=locale)
        for table_id, token in tokens.items():
            key = json.dumps("tapete.token." + table_id)
            ctx.add_init_script(f"localStorage.setItem({key}, {json.dumps(token)})")
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        with contextlib.suppress(Exception):
            ctx.close()


def seat_page(context_factory: Any, server: Server, created: dict[str, Any], **kw: Any) -> Any:
    """A page at a table created through the API, holding the creator's seat."""
    table_id = created["table"]["id"]
    ctx = context_factory(**kw)
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', {json.dumps(created['token'])});"
        f"localStorage.setItem('tapete.admin.{table_id}', {json.dumps(created['admin_token'])});"
    )
    page = ctx.new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id))
    return page


def lobby_page(context_factory: Any, server: Server, game: str | None = None, **kw: Any) -> Any:
    """The lobby, ready (its seat rows drawn), with ``game`` (a label's text) chosen."""
    page = context_factory(**kw).new_page()
    watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-kind-0")
    if game is not None:
        page.locator("#game-choice label", has_text=game).click()
    return page


def watch_errors(page: Any) -> None:
    """Fail on JavaScript errors in the page."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page._tapete_errors = errors


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as a test artifact and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def axe_serious(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page (the vendored axe.min.js)."""
    # the page's pacing and its finite animations and transitions settled first: a trick
    # swept off the felt fades out, and axe measures the contrast of text half faded (CI
    # runs saw a color-contrast violation of the "takes the trick" label at a Tresillo
    # deal's end, 4.48 mid-fade: the sweep starts after the trick is held, so waiting for
    # the animations alone could catch the label before its fade began)
    with contextlib.suppress(sync_api.TimeoutError):
        page.wait_for_function(
            """() => { const t = window.__tapete;
                return !t || (!t.holding && !t.sweeping && !t.pending); }""",
            timeout=8000,
        )
    with contextlib.suppress(sync_api.TimeoutError):
        page.wait_for_function(
            """() => document.getAnimations().every((a) => a.playState !== 'running'
                || a.effect?.getTiming().iterations === Infinity)""",
            timeout=5000,
        )
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    found = [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]
    for violation in found:  # printed whole: a failing test shows it (its repr is cut short)
        print(f"axe: {violation['id']} ({violation['impact']}) on {page.url}")
        for node in violation.get("nodes", []):
            print("  ", node.get("target"), (node.get("html") or "")[:300])
            print("    ", " ".join((node.get("failureSummary") or "").split())[:600])
    return found


def turn_state(page: Any) -> str:
    """At a table page now: "turn" (this seat is to act), "over" (the game is) or "wait"."""
    return str(
        page.evaluate(
            """() => {
              if (document.querySelector('[data-testid=game-over]')) return 'over';
              const mine = document.querySelector('#turn.mine');
              const acts = document.querySelectorAll(
                '#hand button.card.legal, #actions button[data-action]:not([disabled]),'
                + ' #actions button[data-verb]');
              return mine && acts.length ? 'turn' : 'wait';
            }"""
        )
    )


def wait_turn_or_end(page: Any, timeout: float = 30.0) -> str:
    """Wait until it is this seat's turn ("turn") or the game is over ("over")."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = turn_state(page)
        if state != "wait":
            return state
        page.wait_for_timeout(100)
    raise AssertionError("neither my turn nor the end came: " + page.locator("#turn").inner_text())


def no_js_errors(page: Any) -> None:
    errors = getattr(page, "_tapete_errors", [])
    assert not errors, errors
