"""The protocol client: HTTP lobby calls (standard library) and one WebSocket per table."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from types import TracebackType
from typing import Any

import websockets

from tapete.engine.api import GameSpec, PlayerView
from tapete.errors import TapeteError
from tapete.players.base import Player

PROTOCOL_VERSION = 1


class ClientError(TapeteError):
    """The server refused a request or answered something unexpected."""

    def __init__(self, detail: str, code: str = "client") -> None:
        super().__init__(detail)
        self.code = code


def ws_url(base_url: str, table_id: str) -> str:
    """The WebSocket address of a table.

    >>> ws_url("http://localhost:8000/", "abc")
    'ws://localhost:8000/ws/abc'
    >>> ws_url("https://example.org", "abc")
    'wss://example.org/ws/abc'
    """
    base = base_url.rstrip("/")
    if base.startswith("https://"):
        base = "wss://" + base[len("https://") :]
    elif base.startswith("http://"):
        base = "ws://" + base[len("http://") :]
    return f"{base}/ws/{table_id}"


def _post(base_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base_url.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            data: dict[str, Any] = json.loads(answer.read())
            return data
    except urllib.error.HTTPError as e:
        try:
            error = json.loads(e.read())["error"]
        except Exception:
            raise ClientError(f"{path}: HTTP {e.code}") from None
        raise ClientError(f"{path}: {error['detail']}", error["code"]) from None


def join(base_url: str, table_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
    """Take a seat at a table: returns ``(seat, token)``."""
    answer = _post(base_url, f"/api/tables/{table_id}/join", {"name": name, "seat": seat})
    return int(answer["seat"]), str(answer["token"])


def create_table(base_url: str, **body: Any) -> dict[str, Any]:
    """``POST /api/tables`` with ``body`` (protocol.md); returns the answer."""
    return _post(base_url, "/api/tables", body)


class TableConnection:
    """One WebSocket at a table; ``async with TableConnection(url, id, token) as c``."""

    def __init__(self, base_url: str, table_id: str, token: str | None = None) -> None:
        self.url = ws_url(base_url, table_id)
        self.token = token
        self.seat: int | None = None
        self.welcome: dict[str, Any] = {}
        self._socket: Any = None

    async def __aenter__(self) -> TableConnection:
        self._socket = await websockets.connect(self.url, max_size=2**24)
        await self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "token": self.token})
        while True:
            message = await self.receive()
            if message["type"] == "welcome":
                self.welcome = message
                self.seat = message["seat"]
                return self
            if message["type"] == "error":
                await self._socket.close()
                raise ClientError(message["detail"], message["code"])

    async def __aexit__(
        self, kind: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._socket.close()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        await self._socket.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        """The next message from the server."""
        data: dict[str, Any] = json.loads(await self._socket.recv())
        return data

    async def act(self, state: int, action: int | None = None, text: str | None = None) -> None:
        """Send an action (by number or by text) chosen in state number ``state``."""
        message: dict[str, Any] = {"type": "action", "state": state}
        if action is not None:
            message["action"] = action
        else:
            message["text"] = text
        await self.send(message)


#: Close codes after which a seat's client does not connect again: the seat was left, the
#: table is unknown, the client flooded or sent too much.
FINAL_CLOSE_CODES = (1008, 1009, 4001, 4004)


async def play_seat(
    base_url: str,
    table_id: str,
    token: str,
    player: Player,
    *,
    rng: random.Random | None = None,
    on_message: Callable[[dict[str, Any]], None] | None = None,
    reconnect: float = 60.0,
) -> list[float]:
    """Play a seat with ``player`` until the game is over; returns the final ``returns``.

    The player sees the seat's view as the server sent it, read back into the engine's view
    type (:meth:`PlayerView.from_dict`): exactly what a bot sitting at the server sees. When
    the connection drops (the server restarts), it connects again with the token for up to
    ``reconnect`` seconds and plays on from the state the server sends."""
    rng = rng or random.Random(secrets.randbits(64))
    progress: dict[str, Any] = {"started": False, "last_legal": [], "connected": False}
    delay, lost_at = 0.1, 0.0
    ever_connected = False
    while True:
        try:
            return await _play_connection(
                base_url, table_id, token, player, rng, on_message, progress
            )
        except (OSError, websockets.exceptions.WebSocketException) as e:
            code = getattr(getattr(e, "rcvd", None), "code", None)
            if code in FINAL_CLOSE_CODES:
                raise ClientError(f"the server closed the connection ({code})", "closed") from e
            if progress["connected"]:  # it was playing: the connection just dropped
                progress["connected"], ever_connected = False, True
                delay, lost_at = 0.1, time.monotonic()
            if not ever_connected:  # the first connection failed: a wrong address
                raise
            if time.monotonic() - lost_at >= reconnect:
                raise ClientError(f"the server is gone: {e}", "gone") from e
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)


async def _play_connection(
    base_url: str,
    table_id: str,
    token: str,
    player: Player,
    rng: random.Random,
    on_message: Callable[[dict[str, Any]], None] | None,
    progress: dict[str, Any],
) -> list[float]:
    """One connection of :func:`play_seat` (``progress`` carries on to the next one)."""
    async with TableConnection(base_url, table_id, token) as connection:
        progress["connected"] = True
        while True:
            message = await connection.receive()
            if on_message is not None:
                on_message(message)
            last_legal: list[int] = progress["last_legal"]
            if message["type"] == "refused" and message["code"] == "illegal" and last_legal:
                # the player's choice was refused: take the first legal action instead
                await connection.act(message["state"], last_legal[0])
                continue
            if message["type"] != "state":
                continue
            if message["to_move"] == -4:
                return [float(x) for x in message["returns"] or []]
            if not message["legal"]:
                continue
            if not progress["started"]:
                progress["started"] = True
                start = getattr(player, "start", None)
                if callable(start) and connection.seat is not None:
                    start(GameSpec.from_dict(message["view"]["spec"]).load(), connection.seat)
            legal = [int(entry["action"]) for entry in message["legal"]]
            progress["last_legal"] = legal
            view = PlayerView.from_dict(message["view"])
            action = player.choose(view, legal, rng)
            await connection.act(message["state"], action)
