"""A real nginx (Debian's package) on loopback in front of a real ``tapete serve
--forwarded-allow-ips 127.0.0.1``, with the site of ``docs/hosting.md`` (read from it): a whole La
Pocha hand is played in chromium through it (pages, lobby API and the WebSocket), the share
link is the public URL, the lobby's rate limit counts the forwarded client address, and the
loopback-only pages are closed to requests that came through the proxy.

Every client here is on loopback, so the test's nginx sets ``X-Forwarded-For`` to a fixed
documentation address (two server blocks, two addresses) where the real site passes on
``$remote_addr``.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, _free_port, no_js_errors, seat_page, wait_turn_or_end
from .test_play import _click_something

NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
)
if NGINX is None:
    pytest.skip("Debian's nginx is not installed (apt-get install nginx)", allow_module_level=True)

#: The client address each of the test's two server blocks forwards.
ANA, BEA = "203.0.113.7", "198.51.100.23"

ROOT = Path(__file__).resolve().parents[2]
HOSTING = ROOT / "docs" / "hosting.md"

#: nginx in a process of its own (no daemon, no master, every file in the test's folder),
#: around the site of docs/hosting.md.
CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 128; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
{site}
}}
"""


def _site(upstream: int, listen: dict[int, str]) -> str:
    """docs/hosting.md's nginx site with its server block once per port of ``listen``, on
    loopback, forwarding the client address given for the port, to ``upstream``."""
    text = HOSTING.read_text(encoding="utf-8")
    fence = text.index("```nginx\n", text.index("<!-- the site:")) + len("```nginx\n")
    block = text[fence : text.index("```", fence)]
    head, server = block[: block.index("server {")], block[block.index("server {") :]
    out = [head]
    for port, client in listen.items():
        changed = server
        for old, new in (
            ("    listen 80;\n", f"    listen 127.0.0.1:{port};\n"),
            ("    listen [::]:80;\n", ""),
            ("proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{upstream};"),
            ("X-Forwarded-For $remote_addr;", f"X-Forwarded-For {client};"),
        ):
            assert changed.count(old) == 1, f"docs/hosting.md's nginx site has no {old!r}"
            changed = changed.replace(old, new)
        out.append(changed)
    return "\n".join(out)


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def _post(url: str, body: Any) -> tuple[int, dict[str, str]]:
    """The status and the headers (names in lower case) of a POST."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status), {k.lower(): v for k, v in answer.headers.items()}
    except urllib.error.HTTPError as e:
        return int(e.code), {k.lower(): v for k, v in e.headers.items()}


def _wait(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 90  # a guard against a hang, not a measure
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url}: the process stopped:\n{log.read_text()}")
        with contextlib.suppress(OSError):
            if _get(url) == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer:\n{log.read_text()}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


class Site:
    """nginx in front of tapete serve: ``ana`` and ``bea`` are the proxy's two addresses
    (forwarding ANA's and BEA's client address), ``direct`` tapete serve itself."""

    def __init__(self, ana: str, bea: str, direct: str, folder: Path) -> None:
        self.ana, self.bea, self.direct, self.folder = ana, bea, direct, folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("nginx")
    upstream, ana, bea = _free_port(), _free_port(), _free_port()
    while len({upstream, ana, bea}) < 3:
        bea = _free_port()
    public = f"http://127.0.0.1:{ana}"
    serve_log = folder / "serve.log"
    with serve_log.open("wb") as out:
        serve = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tapete.cli.main",
                "serve",
                "--port",
                str(upstream),
                "--db",
                f"sqlite:///{folder / 'tapete.sqlite3'}",
                "--forwarded-allow-ips",
                "127.0.0.1",
                "--public-url",
                public,
                "--create-rate",
                "3",
                "--lang",
                "en",
            ],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    nginx: subprocess.Popen[bytes] | None = None
    try:
        direct = f"http://127.0.0.1:{upstream}"
        _wait(direct + "/healthz", serve, serve_log)
        conf = folder / "nginx.conf"
        site = _site(upstream, {ana: ANA, bea: BEA})
        conf.write_text(CONFIG.format(tmp=folder, site=site))
        nginx_log = folder / "nginx.out"
        assert NGINX is not None
        with nginx_log.open("wb") as out:
            nginx = subprocess.Popen(
                [NGINX, "-p", str(folder), "-c", str(conf), "-e", str(folder / "error.log")],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        _wait(public + "/healthz", nginx, folder / "error.log")
        _wait(f"http://127.0.0.1:{bea}/healthz", nginx, folder / "error.log")
        yield Site(public, f"http://127.0.0.1:{bea}", direct, folder)
    finally:
        if nginx is not None:
            _stop(nginx)
        _stop(serve)


TABLE = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1}, "bot_delay": 0}


def test_the_rate_limit_counts_the_forwarded_address(site: Site) -> None:
    codes = [_post(site.ana + "/api/tables", TABLE) for _ in range(10)]
    statuses = [c for c, _ in codes]
    assert 429 in statuses, statuses  # 3 a minute: a proxied client is not a local program
    first = statuses.index(429)
    assert 1 <= first <= 4 and all(s == 201 for s in statuses[:first]), statuses
    assert int(codes[first][1]["retry-after"]) >= 1
    # another client behind the same proxy has a bucket of its own
    assert _post(site.bea + "/api/tables", TABLE)[0] == 201
    # and a program on the server's machine, asking directly, is not limited
    assert [_post(site.direct + "/api/tables", TABLE)[0] for _ in range(4)] == [201] * 4


@pytest.mark.parametrize("path", ["/healthz/gc", "/healthz/server"])
def test_loopback_pages_are_closed_through_the_proxy(site: Site, path: str) -> None:
    assert _get(site.ana + path) == 404
    assert _get(site.direct + path) == 200
    assert _get(site.ana + "/healthz") == 200  # the public health check stays open


def test_a_whole_pocha_hand_in_chromium_through_nginx(site: Site, context_factory: Any) -> None:
    proxied = Server(site.ana)
    # the tables are made directly (the rate limit test may have used the proxy's bucket up)
    direct = Server(site.direct)
    people = [{"kind": "human"}] * 3
    waiting = direct.create("pocha", people, params={"n_players": 3}, name="Ana", seat=0)
    page = seat_page(context_factory, proxied, waiting)
    share = page.locator(".share-box input")
    share.wait_for()
    # the invite box shows the public URL (--public-url), the proxy's address here
    page.wait_for_function(
        "want => document.querySelector('.share-box input').value === want",
        arg=f"{site.ana}/t/{waiting['table']['id']}",
    )
    page.close()

    bots = {"kind": "bot", "player": "rule"}
    created = direct.create(
        "pocha",
        [{"kind": "human"}, bots, bots],
        params={"n_players": 3, "hand_size": 2, "dealer": 0},
        name="Ana",
        seat=0,
    )
    page = seat_page(context_factory, proxied, created)
    page.wait_for_selector("#hand button.card")
    for _ in range(40):
        if wait_turn_or_end(page) == "over":
            break
        _click_something(page)
    else:
        raise AssertionError("the hand did not end")
    banner = page.locator("[data-testid=game-over]")
    assert banner.is_visible()
    assert "Points this hand" in banner.inner_text()
    no_js_errors(page)
    page.close()
    # the page and its WebSocket went through nginx: nginx logs the upgrade (101) once the
    # connection is closed
    table_id = created["table"]["id"]
    log = _logged(site.folder / "access.log", f'"GET /ws/{table_id} HTTP/1.1" 101')
    assert f'"GET /t/{table_id} HTTP/1.1" 200' in log


def _logged(path: Path, line: str) -> str:
    """nginx's access log once it holds ``line``."""
    deadline = time.monotonic() + 60  # a guard against a hang, not a measure
    while True:
        text = path.read_text()
        if line in text:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{line} not in nginx's access log:\n{text[-2000:]}")
        time.sleep(0.1)
