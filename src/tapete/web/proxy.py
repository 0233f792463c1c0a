"""The client's address behind a reverse proxy (``tapete serve --forwarded-allow-ips``).

A request whose peer (the address that opened the TCP connection) is one of the trusted
proxies takes its client address from ``X-Forwarded-For`` and its scheme from
``X-Forwarded-Proto``; from any other peer those headers are ignored, so that a client
cannot pass itself off as another address. By default nobody is trusted.

``X-Forwarded-For`` lists the addresses a request went through, the client first, each proxy
appending the peer it saw. The client is the rightmost address that is not a trusted proxy
(those to its left were written by the client itself or by proxies nobody vouches for). A
request that came through a trusted proxy is marked (:func:`via_proxy`): it is never taken
for a client on the server's own machine, whatever its address, so the loopback-only pages
stay closed to it and the lobby's rate limit applies to it.

>>> trusted = TrustedProxies("127.0.0.1, 10.0.0.0/8")
>>> "127.0.0.1" in trusted, "10.1.2.3" in trusted, "203.0.113.7" in trusted
(True, True, False)
>>> trusted.client("198.51.100.1, 203.0.113.7, 10.0.0.2")
'203.0.113.7'
>>> trusted.client("10.0.0.9, 127.0.0.1")
'10.0.0.9'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

#: The key of the ASGI scope where :class:`ProxyHeaders` notes the trusted proxy's address.
SCOPE_KEY = "tapete.proxy"

#: Headers that only a proxy sends: a request from a trusted peer that carries one of them
#: came through it (its client is somebody else).
PROXY_HEADERS = (b"x-forwarded-for", b"x-forwarded-proto", b"x-real-ip", b"forwarded")

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The addresses whose forwarded headers are believed: ``"*"`` (every peer), addresses
    and networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``), separated by commas.

    >>> TrustedProxies("").networks, bool(TrustedProxies("")), bool(TrustedProxies("*"))
    ([], False, True)
    >>> TrustedProxies("nginx")
    Traceback (most recent call last):
    ...
    ValueError: --forwarded-allow-ips: 'nginx' is not an IP address or network
    """

    def __init__(self, spec: str | Iterable[str] | None = None) -> None:
        items = spec.split(",") if isinstance(spec, str) else list(spec or ())
        items = [item.strip() for item in items if item.strip()]
        self.everyone = "*" in items
        self.networks: list[_Network] = []
        for item in items:
            if item == "*":
                continue
            try:
                self.networks.append(ipaddress.ip_network(item.strip("[]"), strict=False))
            except ValueError:
                raise ValueError(
                    f"--forwarded-allow-ips: {item!r} is not an IP address or network"
                ) from None

    def __bool__(self) -> bool:
        return self.everyone or bool(self.networks)

    def __contains__(self, host: object) -> bool:
        if self.everyone:
            return True
        if not isinstance(host, str):
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)

    def __repr__(self) -> str:
        shown = ["*"] if self.everyone else [str(n) for n in self.networks]
        return f"TrustedProxies({','.join(shown)!r})"

    def client(self, forwarded_for: str) -> str:
        """The client named by an ``X-Forwarded-For`` value: its rightmost untrusted hop,
        else (every hop trusted) the leftmost; ``""`` when it names nobody.

        >>> TrustedProxies("127.0.0.1, ::1").client("203.0.113.7:5120, [::1]:80, 127.0.0.1")
        '203.0.113.7'
        >>> TrustedProxies("*").client("203.0.113.7, 198.51.100.1")
        '203.0.113.7'
        >>> TrustedProxies("192.0.2.1").client(" , ")
        ''

        """
        hops = [_host(hop) for hop in forwarded_for.split(",")]
        hops = [hop for hop in hops if hop]
        for hop in reversed(hops):
            if hop not in self:
                return hop
        return hops[0] if hops else ""


def _host(hop: str) -> str:
    """An ``X-Forwarded-For`` entry without its port (at most 64 characters).

    >>> _host(" 203.0.113.7:80"), _host("[2001:db8::1]:443"), _host("2001:db8::1"), _host("x")
    ('203.0.113.7', '2001:db8::1', '2001:db8::1', 'x')
    """
    hop = hop.strip()
    if hop.startswith("["):
        hop = hop[1:].partition("]")[0]
    elif hop.count(":") == 1:
        hop = hop.partition(":")[0]
    return hop[:64]


class ProxyHeaders:
    """ASGI middleware: for a peer in ``trusted``, the client address and scheme from the
    forwarded headers, and the proxy's address under :data:`SCOPE_KEY` in the scope."""

    def __init__(self, app: Any, trusted: TrustedProxies) -> None:
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Rewrite ``scope`` for a request that came through a trusted proxy, then go on."""
        if scope["type"] in ("http", "websocket") and self.trusted:
            peer = scope.get("client")
            if peer is not None and peer[0] in self.trusted:
                self._rewrite(scope, peer[0])
        await self.app(scope, receive, send)

    def _rewrite(self, scope: Any, proxy: str) -> None:
        headers: list[tuple[bytes, bytes]] = scope.get("headers") or []
        if not any(name in PROXY_HEADERS for name, _ in headers):
            return  # the trusted machine's own request, not one it forwards
        scope[SCOPE_KEY] = proxy
        chain = ", ".join(v.decode("latin-1") for n, v in headers if n == b"x-forwarded-for")
        client = self.trusted.client(chain)
        if client:
            scope["client"] = (client, 0)
        protos = [v.decode("latin-1") for n, v in headers if n == b"x-forwarded-proto"]
        proto = protos[-1].split(",")[-1].strip().lower() if protos else ""
        if proto in ("http", "https", "ws", "wss"):
            secure = proto in ("https", "wss")
            if scope["type"] == "websocket":
                scope["scheme"] = "wss" if secure else "ws"
            else:
                scope["scheme"] = "https" if secure else "http"


def via_proxy(scope: Any) -> bool:
    """True if the request (its ASGI scope, or a Starlette request or WebSocket) came
    through a trusted proxy."""
    scope = getattr(scope, "scope", scope)
    return scope.get(SCOPE_KEY) is not None
