"""What the server's routes share about a request: the error answer, and who asks (a program
on this machine, another server process, a spectator's address)."""

from __future__ import annotations

import ipaddress
import secrets
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocket

from tapete.web.proxy import via_proxy


def error_response(status: int, code: str, detail: str, **fields: Any) -> JSONResponse:
    """The error answer every route gives: ``{"error": {"code", "detail", ...}}``."""
    return JSONResponse({"error": {**fields, "code": code, "detail": detail}}, status_code=status)


def is_loopback(address: str) -> bool:
    """True for 127.0.0.0/8 and ::1.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("testclient")
    (True, True, False)
    """
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def on_this_machine(request: Request) -> bool:
    """True if ``request`` comes from a program on the server's own machine: a loopback
    address, and not through a reverse proxy (``--forwarded-allow-ips``; a proxy on the same
    machine forwards other machines' requests)."""
    address = request.client.host if request.client is not None else ""
    return is_loopback(address) and not via_proxy(request)


def forwarded(request: Request) -> bool:
    """True if another server process on this database forwarded ``request`` (it carries
    the processes' shared secret)."""
    mark = request.headers.get("x-tapete-forwarded")
    secret: str | None = getattr(request.app.state, "forward_secret", None)
    return mark is not None and secret is not None and secrets.compare_digest(mark, secret)


def watch_address(websocket: WebSocket) -> str | None:
    """The client address a spectator connection is counted under (protocol.md,
    *Spectators*): the client's, or for a WebSocket another server process relays (with
    the processes' shared secret) the client's it names; ``None`` (not counted) for a
    client on this machine (not through a reverse proxy), as the lobby's rate limit does."""
    mark = websocket.headers.get("x-tapete-forwarded")
    secret: str | None = getattr(websocket.app.state, "forward_secret", None)
    if mark is not None and secret is not None and secrets.compare_digest(mark, secret):
        return websocket.headers.get("x-tapete-client") or None
    host = websocket.client.host if websocket.client is not None else None
    if host is None or (is_loopback(host) and not via_proxy(websocket)):
        return None
    return host[:64]
