"""What a server's routes share, kept on the app (``app.state.settings``): its limits, its
worker number, the addresses it offers friends, and its counts of relays and hand-overs."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import Request
from starlette.websockets import WebSocket

from tapete.table import TableManager
from tapete.web.gcpolicy import CollectorPolicy
from tapete.web.limits import LobbyLimiter


@dataclasses.dataclass
class ServerSettings:
    """One server process's settings, made by :func:`tapete.web.app.create_app`.

    ``worker`` is its number under ``tapete serve --workers`` (``None`` alone);
    ``server_info`` what ``GET /api/server`` answers; ``counts`` the WebSockets relayed to
    another process and the tables handed over (``GET /healthz/server``)."""

    limiter: LobbyLimiter
    policy: CollectorPolicy
    worker: str | None
    server_info: dict[str, Any]
    counts: dict[str, int] = dataclasses.field(default_factory=dict)


def settings_of(request: Request | WebSocket) -> ServerSettings:
    """The settings of the app serving ``request``."""
    settings: ServerSettings = request.app.state.settings
    return settings


def manager_of(request: Request | WebSocket) -> TableManager:
    """The table manager of the app serving ``request`` (set as the app starts)."""
    manager: TableManager = request.app.state.manager
    return manager
