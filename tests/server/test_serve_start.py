"""A quiet, clear start: ``tapete serve`` prints one short banner once it listens (every
address to open, the database, how to stop), the addresses work, the migrations take one
line when they apply something and none when not, and Alembic's and uvicorn's start lines
are not shown. Ctrl+C stops it with one line."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .conftest import SERVE_ENV

#: How long a start may take before the test gives up (a guard against a hang, not a limit).
START_GUARD = 120.0
ALONE = "(nobody else can reach it; for your network: --host 0.0.0.0, docs/hosting.md)"


class Started:
    """A ``tapete serve`` child whose output is read line by line."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tapete.cli.main", "serve", "--lang", "en", *args],
            cwd=folder,
            env=SERVE_ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, last: str) -> list[str]:
        """The lines printed up to the one containing ``last`` (included)."""
        out: list[str] = []
        while True:
            line = self.lines.get(timeout=START_GUARD)
            if line is None:
                raise AssertionError("tapete serve stopped:\n" + "\n".join(out))
            out.append(line)
            if last in line:
                return out

    def stop(self) -> list[str]:
        """Ctrl+C; the lines printed after it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        rest: list[str] = []
        while (line := self.lines.get(timeout=10)) is not None:
            rest.append(line)
        return rest


Serve = Callable[..., Started]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    started: list[Started] = []

    def start(*args: str) -> Started:
        s = Started(tmp_path, *args)
        started.append(s)
        return s

    yield start
    for s in started:
        if s.process.poll() is None:
            s.process.kill()
            s.process.wait(10)


def _port(lines: list[str]) -> int:
    opened = [line for line in lines if "open http://127.0.0.1:" in line]
    assert opened, lines
    return int(opened[0].split("http://127.0.0.1:")[1].split("/")[0])


def _split(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines before the banner (each one of the server's own log lines), the banner."""
    at = lines.index("tapete: the online tables are ready")
    before = lines[:at]
    assert all(line.startswith("tapete: ") for line in before), before
    text = "\n".join(before)
    for noise in ("alembic", "Running upgrade", "INFO", "Uvicorn running", "Started server"):
        assert noise not in text, text
    return before, lines[at:]


def _healthy(url: str) -> bool:
    with urllib.request.urlopen(url + "healthz", timeout=10) as answer:
        return bool(answer.status == 200)


def test_the_default_start_is_one_banner_with_the_readme_address(
    serve: Serve, tmp_path: Path
) -> None:
    db = tmp_path / "tapete.sqlite3"
    first = serve("--port", "0", "--db", f"sqlite:///{db}")
    lines = first.until("Ctrl+C to stop")
    port = _port(lines)
    before, banner = _split(lines)
    assert banner == [
        "tapete: the online tables are ready",
        f"  open http://127.0.0.1:{port}/ on this computer",
        f"  {ALONE}",
        f"  database: {db}",
        "  Ctrl+C to stop",
    ]
    # one line for the migrations, with their count
    migrated = [line for line in before if "migration" in line]
    assert len(migrated) == 1 and migrated[0].startswith("tapete: database created at revision")
    assert migrated[0].endswith(" migrations)")
    assert _healthy(f"http://127.0.0.1:{port}/")  # the printed address answers
    assert first.stop() == ["tapete: stopped"]
    assert first.process.returncode == 0
    # again on the same file: nothing to migrate, so no line about it
    again = serve("--port", "0", "--db", f"sqlite:///{db}")
    before, banner = _split(again.until("Ctrl+C to stop"))
    assert not any("migration" in line for line in before) and len(banner) == 5
    again.stop()


def test_every_interface_lists_loopback_and_the_network(serve: Serve, tmp_path: Path) -> None:
    from tapete.web.addresses import listen_urls

    started = serve("--host", "0.0.0.0", "--port", "0", "--db", f"sqlite:///{tmp_path / 'x.db'}")
    lines = started.until("Ctrl+C to stop")
    port = _port(lines)
    banner = _split(lines)[1]
    lan = listen_urls("0.0.0.0", port)[1]
    assert banner == [
        "tapete: the online tables are ready",
        f"  open http://127.0.0.1:{port}/ on this computer",
        *(f"  open {url} on your network" for url in lan),
        *([] if lan else [f"  {ALONE}"]),
        f"  database: {tmp_path / 'x.db'}",
        "  Ctrl+C to stop",
    ]
    assert _healthy(f"http://127.0.0.1:{port}/")  # only the loopback address is opened here
    started.stop()


def test_a_public_url_is_printed_and_a_bad_proxy_list_refused(serve: Serve, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'p.db'}"
    started = serve("--port", "0", "--db", db, "--public-url", "https://cards.example.org")
    lines = started.until("Ctrl+C to stop")
    assert "  open https://cards.example.org/ (the public address)" in lines
    assert not any("nobody else can reach it" in line for line in lines)
    started.stop()
    refused = serve("--port", "0", "--db", db, "--forwarded-allow-ips", "nginx.local")
    assert refused.process.wait(60) == 2
    out = refused.until("forwarded-allow-ips")
    assert "'nginx.local' is not an IP address or network" in out[-1]


def test_an_upgrade_is_one_line(serve: Serve, tmp_path: Path) -> None:
    from importlib import resources

    from alembic import command
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy import create_engine

    url = f"sqlite:///{tmp_path / 'old.db'}"
    config = Config()
    config.set_main_option("script_location", str(resources.files("tapete.storage") / "migrations"))
    head = ScriptDirectory.from_config(config).get_revision("head")
    assert head is not None and isinstance(head.down_revision, str)
    engine = create_engine(url)
    with engine.begin() as connection:  # the database as the version before the last made it
        config.attributes["connection"] = connection
        command.upgrade(config, head.down_revision)
    engine.dispose()
    before, _ = _split(serve("--port", "0", "--db", url).until("Ctrl+C to stop"))
    assert [line for line in before if "migration" in line] == [
        f"tapete: database upgraded from revision {head.down_revision} to revision "
        f"{head.revision} (1 migration)"
    ]
