"""Several server processes on one database (protocol.md, *Several processes*): a WebSocket
relayed to the process that serves its table, lobby requests forwarded to it, and a table
handed over to the process its client reached."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
from collections.abc import Mapping
from typing import Final

from starlette.websockets import WebSocket, WebSocketState

from tapete.web.answers import watch_address

log = logging.getLogger("tapete.web")


async def relay(websocket: WebSocket, address: str, table_id: str) -> None:
    """Carry a client's WebSocket to the process that serves the table, both ways."""
    import websockets

    target = address.replace("https://", "wss://").replace("http://", "ws://").rstrip("/")
    secret: str | None = getattr(websocket.app.state, "forward_secret", None)
    client = watch_address(websocket)
    headers = {"X-Tapete-Forwarded": secret, "X-Tapete-Client": client or ""} if secret else {}
    cookie = websocket.headers.get("cookie")
    if cookie:  # the client's session: the owner checks a club's or a sealed round's table
        headers["Cookie"] = cookie
    try:
        # the owner's messages (states with whole views) may be longer than a client's;
        # it counts a spectator under the client's address, not this process's
        upstream = await websockets.connect(
            f"{target}/ws/{table_id}", max_size=2**24, additional_headers=headers
        )
    except Exception:
        with contextlib.suppress(Exception):  # the client may be gone too
            await websocket.send_text(
                json.dumps(
                    {"type": "error", "code": "internal", "detail": "the table's server is away"}
                )
            )
            await websocket.close(1011)
        return

    async def down() -> None:
        async for message in upstream:
            await websocket.send_text(message if isinstance(message, str) else message.decode())

    async def up() -> None:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            data = frame.get("text")
            await upstream.send(data if data is not None else frame.get("bytes") or b"")

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        code = upstream.close_code or 1000
        await upstream.close()
        if websocket.application_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close(code if code < 5000 else 1011)


#: The threads that wait for another server process's answers (forwarded lobby requests,
#: hand-overs): not the event loop's default executor, which the answering process needs
#: for its own work (two processes asking each other at once would starve it).
PEERS = concurrent.futures.ThreadPoolExecutor(max_workers=32, thread_name_prefix="tapete-peer")

#: Seconds a hand-over may take before the WebSocket is relayed instead.
HAND_OVER_WAIT = 5.0


def ask_hand_over(address: str, table_id: str, secret: str) -> bool:
    """Ask the process at ``address`` to give table ``table_id`` up (it does if nobody
    watches it there); True once it did."""
    status, answer = forward(
        address,
        "POST",
        f"/internal/tables/{table_id}/hand-over",
        b"{}",
        secret,
        timeout=HAND_OVER_WAIT,
    )
    if status != 200:
        return False
    try:
        return bool(json.loads(answer).get("released"))
    except (ValueError, AttributeError):
        return False


#: The client's headers a request forwarded to the table's process keeps: its session and
#: what the forgery guard reads (an account's club table, a rated join: docs/accounts.md).
FORWARDED_HEADERS: Final = ("cookie", "x-tapete-csrf", "origin", "sec-fetch-site")


def forward(
    address: str,
    method: str,
    path: str,
    body: bytes | None,
    secret: str,
    timeout: float = 30.0,
    client_headers: Mapping[str, str] | None = None,
) -> tuple[int, bytes]:
    """Send a lobby request on to the process that serves the table, with the client's
    :data:`FORWARDED_HEADERS` found in ``client_headers``."""
    import urllib.error
    import urllib.request

    headers = {"Content-Type": "application/json", "X-Tapete-Forwarded": secret}
    for name in FORWARDED_HEADERS:
        value = client_headers.get(name) if client_headers is not None else None
        if value:
            headers[name] = value
    request = urllib.request.Request(
        address.rstrip("/") + path, data=body, method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except OSError as e:  # the owner is gone or unreachable: its lock goes with it
        log.warning("forwarding %s %s to %s failed: %s", method, path, address, e)
        away = {"code": "table_away", "detail": "the table's server is away; try again"}
        return 503, json.dumps({"error": away}).encode()
