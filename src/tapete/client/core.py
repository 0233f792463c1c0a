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

#: The protocol version this client speaks (docs/protocol.md, *Versions*).
PROTOCOL_VERSION = 2


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


#: How long the client waits for the lobby's rate limit in all (``429 rate_limited``).
RATE_WAIT = 120.0


def _post(base_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body``; a ``429 rate_limited`` answer is tried again after its ``Retry-After``
    seconds, for up to :data:`RATE_WAIT` seconds in all."""
    waited = 0.0
    while True:
        try:
            return _post_once(base_url, path, body)
        except _RateLimited as e:
            if waited + e.retry_after > RATE_WAIT:
                raise ClientError(f"{path}: {e.detail}", "rate_limited") from None
            time.sleep(e.retry_after)
            waited += e.retry_after


class _RateLimited(Exception):
    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.detail, self.retry_after = detail, retry_after


def _post_once(base_url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
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
        if e.code == 429 and error.get("code") == "rate_limited":
            raise _RateLimited(error["detail"], retry_after(e.headers.get("Retry-After"))) from None
        raise ClientError(f"{path}: {error['detail']}", error["code"]) from None


def retry_after(value: object, default: float = 1.0) -> float:
    """The seconds to wait from a ``Retry-After`` header or a ``retry_after`` field.

    >>> retry_after("3"), retry_after(0.25), retry_after(None), retry_after("soon")
    (3.0, 0.25, 1.0, 1.0)
    """
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    return min(max(seconds, 0.0), 60.0) if seconds == seconds else default


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

    async def act(
        self, state: int, action: int | str | None = None, text: str | None = None
    ) -> None:
        """Send an action chosen in state number ``state``: its number (or, for a sealed
        entry of ``legal``, its placeholder) or its text. It is kept in :attr:`pending` until
        the next ``state`` arrives, to be sent again if the server dropped it
        (``rate_limited``)."""
        message: dict[str, Any] = {"type": "action", "state": state}
        if action is not None:
            message["action"] = action
        else:
            message["text"] = text
        self.pending = message
        await self.send(message)

    #: The last action sent, until a ``state`` follows it.
    pending: dict[str, Any] | None = None


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
        return await play_connection(connection, player, rng, on_message, progress)


#: Seconds before an action the server dropped (``rate_limited``) is sent again, when the
#: error says no ``retry_after``: the time the connection's bucket (20 a second) takes to
#: give one more message, twice.
RESEND_DELAY = 0.1


async def play_connection(
    connection: TableConnection,
    player: Player,
    rng: random.Random,
    on_message: Callable[[dict[str, Any]], None] | None = None,
    progress: dict[str, Any] | None = None,
) -> list[float]:
    """Play the seat of an open ``connection`` with ``player`` until the game is over.

    Sealed legal entries (a card the seat may not see, protocol.md *Sealed actions*) are not
    shown to the player: it chooses among the others, and when all are sealed one of them is
    sent by its placeholder. An action the server drops (``error`` ``rate_limited``) is sent
    again after the error's ``retry_after`` (else :data:`RESEND_DELAY`) seconds."""
    progress = {"started": False, "last_legal": []} if progress is None else progress
    loop = asyncio.get_running_loop()
    resend_at: float | None = None
    while True:
        if resend_at is None:
            message = await connection.receive()
        else:
            try:
                message = await asyncio.wait_for(
                    connection.receive(), max(0.0, resend_at - loop.time())
                )
            except TimeoutError:
                resend_at = None
                if connection.pending is not None:
                    await connection.send(connection.pending)
                continue
        if on_message is not None:
            on_message(message)
        last_legal: list[int | str] = progress["last_legal"]
        if message["type"] == "error" and message.get("code") == "rate_limited":
            if connection.pending is not None and resend_at is None:
                resend_at = loop.time() + retry_after(message.get("retry_after"), RESEND_DELAY)
            continue
        if message["type"] == "refused" and message["code"] == "illegal" and last_legal:
            # the player's choice was refused: take the first legal action instead
            await connection.act(message["state"], last_legal[0])
            continue
        if message["type"] != "state":
            continue
        connection.pending, resend_at = None, None
        if message["to_move"] == -4:
            return [float(x) for x in message["returns"] or []]
        if not message["legal"]:
            continue
        if not progress["started"]:
            progress["started"] = True
            start = getattr(player, "start", None)
            if callable(start) and connection.seat is not None:
                start(GameSpec.from_dict(message["view"]["spec"]).load(), connection.seat)
        known = [int(e["action"]) for e in message["legal"] if not e.get("sealed")]
        sealed = [str(e["action"]) for e in message["legal"] if e.get("sealed")]
        progress["last_legal"] = [*known, *sealed]
        choice: int | str
        if known:
            choice = player.choose(PlayerView.from_dict(message["view"]), known, rng)
        else:  # every choice names a card the seat may not see (a forced blind play)
            choice = rng.choice(sealed)
        await connection.act(message["state"], choice)
