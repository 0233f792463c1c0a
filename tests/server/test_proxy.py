"""Behind a reverse proxy the real client address counts (``--forwarded-allow-ips``):
forwarded headers are believed from the trusted proxies only, the lobby's rate limit is kept
per forwarded address, and a request that came through a proxy is never taken for one from
the server's own machine (the loopback-only pages answer it ``404``). ``GET /api/server``
tells the pages where friends open the server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from tapete.web.addresses import listen_urls
from tapete.web.app import create_app
from tapete.web.limits import LobbyLimits
from tapete.web.proxy import SCOPE_KEY, ProxyHeaders, TrustedProxies

#: Buckets that do not refill during a test: three tables.
TIGHT = LobbyLimits(create=(1e-6, 3.0), join=None)
TABLE = {"game": "pocha", "params": {"n_players": 3, "hand_size": 2}, "bot_delay": 0}
LOOPBACK_ONLY = ("/healthz/gc", "/healthz/server")


def through(client_address: str, **more: str) -> dict[str, str]:
    """The headers a proxy adds for a client at ``client_address``."""
    return {"X-Forwarded-For": client_address, "X-Forwarded-Proto": "https", **more}


@pytest.fixture
def behind_nginx(sqlite_url: str) -> Iterator[TestClient]:
    """The app behind a proxy on its own machine: the peer is 127.0.0.1, and trusted."""
    app = create_app(sqlite_url, limits=TIGHT, trusted_proxies="127.0.0.1")
    with TestClient(app, client=("127.0.0.1", 50000)) as c:
        yield c


def creations(client: TestClient, count: int, headers: dict[str, str]) -> list[int]:
    return [
        client.post("/api/tables", json=TABLE, headers=headers).status_code for _ in range(count)
    ]


def test_the_rate_limit_counts_the_forwarded_address(behind_nginx: TestClient) -> None:
    ana = through("203.0.113.7")
    assert creations(behind_nginx, 4, ana) == [201, 201, 201, 429]
    # another client behind the same proxy has its own bucket
    assert creations(behind_nginx, 1, through("198.51.100.9")) == [201]
    # the proxy's own request (no forwarded header) is a program on this machine: not limited
    assert creations(behind_nginx, 3, {}) == [201, 201, 201]
    # the port a proxy may add to the address does not make a new bucket
    assert creations(behind_nginx, 1, through("203.0.113.7:61000")) == [429]


def test_a_client_of_the_proxy_cannot_pick_its_address(behind_nginx: TestClient) -> None:
    # nginx's $proxy_add_x_forwarded_for appends the real peer to what the client sent:
    # the rightmost address that is not a trusted proxy counts
    spoofed = [f"198.51.100.{i}, 203.0.113.7" for i in range(4)]
    codes = [
        behind_nginx.post("/api/tables", json=TABLE, headers=through(s)).status_code
        for s in spoofed
    ]
    assert codes == [201, 201, 201, 429]


def test_proxied_requests_are_limited_even_from_a_loopback_address(
    behind_nginx: TestClient,
) -> None:
    # a client that claims to be ::1 to the proxy, or the proxy's only hop
    assert creations(behind_nginx, 4, through("::1")) == [201, 201, 201, 429]
    # a proxied request without X-Forwarded-For (only the scheme) is not exempt either: it
    # is counted under the proxy's address
    proto = {"X-Forwarded-Proto": "https"}
    assert creations(behind_nginx, 4, proto) == [201, 201, 201, 429]


@pytest.mark.parametrize("path", LOOPBACK_ONLY)
def test_loopback_pages_are_closed_through_the_proxy(behind_nginx: TestClient, path: str) -> None:
    for client_address in ("203.0.113.7", "127.0.0.1", "::1"):
        answer = behind_nginx.get(path, headers=through(client_address))
        assert answer.status_code == 404, (client_address, answer.text)
        assert answer.json()["error"]["code"] == "not_found"
    assert behind_nginx.get(path, headers={"X-Real-IP": "203.0.113.7"}).status_code == 404
    # the proxy's machine itself, asking directly, still sees them
    assert behind_nginx.get(path).status_code == 200


def test_an_untrusted_peer_cannot_spoof_its_address(sqlite_url: str) -> None:
    app = create_app(sqlite_url, limits=TIGHT, trusted_proxies="127.0.0.1")
    with TestClient(app, client=("203.0.113.50", 40000)) as c:
        codes = [
            c.post("/api/tables", json=TABLE, headers=through(f"198.51.100.{i}")).status_code
            for i in range(4)
        ]
        assert codes == [201, 201, 201, 429]  # one bucket: the peer's, whatever it claims
        for path in LOOPBACK_ONLY:
            assert c.get(path, headers=through("127.0.0.1")).status_code == 404


def test_by_default_nobody_is_trusted(sqlite_url: str) -> None:
    """Without --forwarded-allow-ips a loopback client stays a program on this machine
    whatever headers it sends (as before), and a remote one stays itself."""
    app = create_app(sqlite_url, limits=TIGHT)
    with TestClient(app, client=("127.0.0.1", 40000)) as local:
        assert creations(local, 5, through("203.0.113.7")) == [201] * 5
        for path in LOOPBACK_ONLY:
            assert local.get(path, headers=through("203.0.113.7")).status_code == 200
    with TestClient(app, client=("203.0.113.60", 40000)) as remote:
        assert creations(remote, 4, through("127.0.0.1")) == [201, 201, 201, 429]


def test_a_network_of_proxies_and_every_hop(sqlite_url: str) -> None:
    """Two proxies (10.0.0.2 in front of 10.0.0.3) trusted as a network."""
    app = create_app(sqlite_url, limits=TIGHT, trusted_proxies="10.0.0.0/24")
    with TestClient(app, client=("10.0.0.3", 40000)) as c:
        chain = "198.51.100.1, 203.0.113.7, 10.0.0.2"
        assert creations(c, 4, through(chain)) == [201, 201, 201, 429]
        assert creations(c, 1, through("203.0.113.8, 10.0.0.2")) == [201]


# -- the middleware on its own ---------------------------------------------------------------
def _scope(kind: str, peer: str, headers: dict[str, str]) -> dict[str, Any]:
    return {
        "type": kind,
        "scheme": "ws" if kind == "websocket" else "http",
        "client": (peer, 1234),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }


def _seen(trusted: str, scope: dict[str, Any]) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    async def app(scope: Any, _receive: Any, _send: Any) -> None:
        seen.update(scope)

    import asyncio

    asyncio.run(ProxyHeaders(app, TrustedProxies(trusted))(scope, None, None))
    return seen


@pytest.mark.parametrize(("kind", "secure"), [("http", "https"), ("websocket", "wss")])
def test_scheme_and_client_from_a_trusted_proxy(kind: str, secure: str) -> None:
    seen = _seen("127.0.0.1", _scope(kind, "127.0.0.1", through("203.0.113.7")))
    assert seen["client"] == ("203.0.113.7", 0)
    assert seen["scheme"] == secure
    assert seen[SCOPE_KEY] == "127.0.0.1"


def test_headers_from_an_untrusted_peer_change_nothing() -> None:
    scope = _scope("http", "203.0.113.50", through("127.0.0.1"))
    seen = _seen("127.0.0.1", scope)
    assert seen["client"] == ("203.0.113.50", 1234)
    assert seen["scheme"] == "http"
    assert SCOPE_KEY not in seen


def test_an_unknown_scheme_is_ignored() -> None:
    seen = _seen("*", _scope("http", "192.0.2.9", {"X-Forwarded-Proto": "gopher"}))
    assert seen["scheme"] == "http" and seen[SCOPE_KEY] == "192.0.2.9"


def test_bad_proxy_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="not an IP address"):
        TrustedProxies("127.0.0.1, proxy.example.org")
    assert "::ffff:127.0.0.1" in TrustedProxies("127.0.0.1")
    assert "127.0.0.2" not in TrustedProxies("127.0.0.1")


# -- where friends open the server -----------------------------------------------------------
def test_the_server_tells_pages_its_public_address(sqlite_url: str) -> None:
    app = create_app(
        sqlite_url, public_url="https://cards.example.org/", listen=("127.0.0.1", 8000)
    )
    with TestClient(app) as c:
        assert c.get("/api/server").json() == {
            "public_url": "https://cards.example.org",
            "lan": [],
            "local_only": True,
        }


def test_the_server_offers_its_network_addresses_when_it_listens_everywhere(
    sqlite_url: str,
) -> None:
    with TestClient(create_app(sqlite_url, listen=("0.0.0.0", 8123))) as c:
        answer = c.get("/api/server").json()
    lan = [u.rstrip("/") for u in listen_urls("0.0.0.0", 8123)[1]]
    assert answer == {"public_url": None, "lan": lan, "local_only": False}
    assert all(u.startswith("http://") and u.endswith(":8123") for u in lan)
    assert not any(u.startswith(("http://127.", "http://[::1]")) for u in lan)


def test_workers_pass_the_trusted_proxies_on(postgres: Any, tmp_path: Path) -> None:
    """``--workers`` (each worker a process of its own) trusts the same proxies."""
    import urllib.error
    import urllib.request

    from .conftest import Server

    db = postgres.new_database()
    server = Server(db, tmp_path, args=["--workers", "2", "--forwarded-allow-ips", "127.0.0.1"])
    server.start()
    try:

        def status(path: str, headers: dict[str, str]) -> int:
            request = urllib.request.Request(server.url + path, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    return int(answer.status)
            except urllib.error.HTTPError as e:
                return int(e.code)

        # each request may reach either worker: ask several times
        for _ in range(6):
            assert status("/healthz/server", through("203.0.113.7")) == 404
            assert status("/healthz/server", {}) == 200
    finally:
        server.stop()
