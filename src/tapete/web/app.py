"""The FastAPI application: lobby API, WebSocket play, static pages (``docs/protocol.md``).

>>> app = create_app("sqlite:///:memory:")
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables', '/api/tables/{table_id}']
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import functools
import ipaddress
import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tapete.engine import game_class, load_game, registered_games
from tapete.errors import RecordError
from tapete.players.base import available as available_players
from tapete.players.base import unavailable as unavailable_players
from tapete.players.kernels import KERNELS
from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import (
    OLDEST_PROTOCOL,
    STAND_IN,
    Elsewhere,
    LiveTable,
    SeatSpec,
    TableError,
    TableManager,
    TableSpec,
    Watcher,
)
from tapete.table.chat import ChatLimit
from tapete.web import hints as hint_bots
from tapete.web.addresses import is_everywhere, is_local, listen_urls
from tapete.web.frames import frame, steps
from tapete.web.gcpolicy import CollectorPolicy, settle_collector
from tapete.web.gcpolicy import watch as collector_watch
from tapete.web.hints import hint
from tapete.web.protocol import (
    BURST,
    MAX_DROPPED,
    MAX_HTTP_BODY,
    MAX_MESSAGE,
    PROTOCOL_VERSION,
    RATE,
    MessageError,
    check_client_message,
    encode_message,
)
from tapete.web.proxy import ProxyHeaders, TrustedProxies, via_proxy

log = logging.getLogger("tapete.web")
STATIC = Path(__file__).resolve().parent / "static"

_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


# -- request bodies ---------------------------------------------------------------------------
class _Body(BaseModel):
    """A lobby request body: no unknown fields, and strict JSON types (a string is never
    read as a number or a boolean, nor a number as a boolean; a whole number is a number
    where seconds are asked)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(_Body):
    """One seat of a new table."""

    kind: Literal["human", "bot"] = "human"
    player: str | None = Field(None, max_length=64)
    params: dict[str, Any] = Field(default_factory=dict)


class CreateIn(_Body):
    """``POST /api/tables``."""

    game: str = Field(max_length=64)
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list, max_length=16)
    clock: float | None = None
    bot_delay: float = 0.5
    name: str | None = Field(None, max_length=200)
    seat: int | None = None
    hints: bool = True
    chat: Literal["all", "seats", "off"] = "all"


class JoinIn(_Body):
    """``POST /api/tables/{id}/join``."""

    name: str = Field(max_length=200)
    seat: int | None = None


class TokenIn(_Body):
    """A seat token."""

    token: str = Field(max_length=200)


class AdminIn(_Body):
    """The admin token of a table."""

    admin_token: str = Field(max_length=200)


@functools.cache
def _players_allowed(game: str) -> list[int] | None:
    """The numbers of players a table of ``game`` may have (its ``n_players`` parameter's
    range or choices, else the number its default deal has); ``None`` if not known.

    >>> _players_allowed("pocha"), _players_allowed("ombre")
    ([3, 4, 5, 6, 7, 8], [3])
    """
    cls = game_class(game)
    for param in cls.parameters:
        if param.name == "n_players":
            if param.choices:
                return sorted(int(c) for c in param.choices)
            if param.low is not None and param.high is not None:
                return list(range(param.low, param.high + 1))
            return None
    try:
        return [load_game(game).num_players()]
    except Exception:
        return None


def _error(status: int, code: str, detail: str, **fields: Any) -> JSONResponse:
    return JSONResponse({"error": {**fields, "code": code, "detail": detail}}, status_code=status)


# -- the lobby's rate limit -------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class LobbyLimits:
    """How many lobby requests one client address may make: a token bucket per address for
    ``create`` (tables created, rematches) and one for ``join`` (seats taken), each
    ``(per second, burst)`` or ``None`` (no limit). Loopback clients (tools, benchmarks on the
    machine itself) are not limited unless ``loopback`` is true.

    >>> LobbyLimits.per_minute(30, 0)
    LobbyLimits(create=(0.5, 30.0), join=None, loopback=False)
    """

    create: tuple[float, float] | None = (20 / 60, 20.0)
    join: tuple[float, float] | None = (1.0, 60.0)
    loopback: bool = False

    @classmethod
    def per_minute(cls, create: float, join: float, *, loopback: bool = False) -> LobbyLimits:
        """``create`` tables and ``join`` seats a minute (bursts of as many; 0: no limit)."""

        def bucket(count: float) -> tuple[float, float] | None:
            return (count / 60, float(count)) if count > 0 else None

        return cls(create=bucket(create), join=bucket(join), loopback=loopback)


class AddressBuckets:
    """Token buckets by client address: ``rate`` tokens a second, at most ``burst``.

    >>> buckets = AddressBuckets(1.0, 2.0)
    >>> [buckets.take("203.0.113.5", 100.0) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> buckets.take("203.0.113.5", 101.0), buckets.take("198.51.100.7", 101.0)
    (0.0, 0.0)
    """

    #: Addresses remembered before the full buckets are forgotten.
    MAX_ADDRESSES = 10_000

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str, moment: float | None = None) -> float:
        """Take one token for ``address``: 0 if it had one, else the seconds until it has."""
        moment = time.monotonic() if moment is None else moment
        tokens, last = self.buckets.get(address, (self.burst, moment))
        tokens = min(self.burst, tokens + (moment - last) * self.rate)
        if tokens >= 1:
            self.buckets[address] = (tokens - 1, moment)
            if len(self.buckets) > self.MAX_ADDRESSES:
                self._forget_full(moment)
            return 0.0
        self.buckets[address] = (tokens, moment)
        return (1 - tokens) / self.rate

    def _forget_full(self, moment: float) -> None:
        full = [
            a
            for a, (t, last) in self.buckets.items()
            if t + (moment - last) * self.rate >= self.burst
        ]
        for address in full:
            del self.buckets[address]


class RateLimited(TableError):
    """``429 rate_limited``: the client address made too many such requests."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(
            "rate_limited",
            f"too many {what} from this address; try again in {math.ceil(retry_after)} s",
            429,
        )
        self.retry_after = retry_after


class LobbyLimiter:
    """The lobby's :class:`LobbyLimits` applied to requests (not to those another server
    process forwards: it applied them to the client already).

    On PostgreSQL (:attr:`shared` set to the store) the buckets are rows of the database
    (:func:`tapete.storage.store.take_token`), shared by every server process on it, so
    that ``--workers N`` (or several hosts) give a client the limit once, not N times. On
    SQLite, served by one process, they are kept in memory (:class:`AddressBuckets`)."""

    def __init__(self, limits: LobbyLimits) -> None:
        self.limits = limits
        self.pairs = {"create": limits.create, "join": limits.join}
        self.buckets = {
            kind: AddressBuckets(*pair) for kind, pair in self.pairs.items() if pair is not None
        }
        #: The store whose database keeps the buckets (``None``: this process's memory).
        self.shared: Store | None = None

    async def check(self, request: Request, kind: str) -> None:
        """:class:`RateLimited` if ``request``'s address has no ``kind`` token left."""
        pair = self.pairs.get(kind)
        if pair is None or _forwarded(request):
            return
        address = request.client.host if request.client is not None else "unknown"
        if not self.limits.loopback and _on_this_machine(request):
            return
        if self.shared is not None:
            wait = await self.shared.awrite(st.take_token(kind, address[:64], *pair))
        else:
            wait = self.buckets[kind].take(address)
        if wait > 0:
            raise RateLimited("tables created" if kind == "create" else "seats taken", wait)


def _is_loopback(address: str) -> bool:
    """True for 127.0.0.0/8 and ::1.

    >>> _is_loopback("127.0.0.1"), _is_loopback("::1"), _is_loopback("testclient")
    (True, True, False)
    """
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _on_this_machine(request: Request) -> bool:
    """True if ``request`` comes from a program on the server's own machine: a loopback
    address, and not through a reverse proxy (``--forwarded-allow-ips``; a proxy on the same
    machine forwards other machines' requests)."""
    address = request.client.host if request.client is not None else ""
    return _is_loopback(address) and not via_proxy(request)


def _forwarded(request: Request) -> bool:
    """True if another server process on this database forwarded ``request`` (it carries
    the processes' shared secret)."""
    mark = request.headers.get("x-tapete-forwarded")
    secret: str | None = getattr(request.app.state, "forward_secret", None)
    return mark is not None and secret is not None and secrets.compare_digest(mark, secret)


class BodyLimit:
    """ASGI middleware: HTTP request bodies over ``limit`` bytes answer ``413 too_large``."""

    def __init__(self, app: Callable[[_Scope, _Receive, _Send], Awaitable[None]], limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        """Refuse a declared or streamed body that is too long."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        too_large = _error(413, "too_large", f"request bodies are at most {self.limit} bytes")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_large(scope, receive, send)
            return
        seen = 0
        over = started = False

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                over = True
                raise _TooLarge
            return message

        async def answer(message: MutableMapping[str, Any]) -> None:
            # a streamed (chunked) body is read inside the app, which may turn the error
            # into an answer of its own (FastAPI: 400 "error parsing the body"): dropped
            nonlocal started
            if over and not started:
                return
            started = True
            await send(message)

        try:
            await self.app(scope, limited, answer)
        except Exception:
            if not over:
                raise
        if over and not started:
            await too_large(scope, receive, send)


class _TooLarge(Exception):
    pass


# -- WebSocket connections --------------------------------------------------------------------
#: The close code of a spectator connection refused ``too_many_watchers`` (protocol.md).
WATCHERS_CLOSE = 4029


def _watch_address(websocket: WebSocket) -> str | None:
    """The client address a spectator connection is counted under (protocol.md,
    *Spectators*): the client's, or for a WebSocket another server process relays (with
    the processes' shared secret) the client's it names; ``None`` (not counted) for a
    client on this machine (not through a reverse proxy), as the lobby's rate limit does."""
    mark = websocket.headers.get("x-tapete-forwarded")
    secret: str | None = getattr(websocket.app.state, "forward_secret", None)
    if mark is not None and secret is not None and secrets.compare_digest(mark, secret):
        return websocket.headers.get("x-tapete-client") or None
    host = websocket.client.host if websocket.client is not None else None
    if host is None or (_is_loopback(host) and not via_proxy(websocket)):
        return None
    return host[:64]


class Connection:
    """One WebSocket: a :class:`~tapete.table.Subscriber` whose messages go out on a task."""

    MAX_QUEUE = 1000

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.task = asyncio.get_running_loop().create_task(self._send_loop())
        self.closed = False
        #: This connection's chat rate limit (protocol.md, *Chat*).
        self.chat_limit = ChatLimit()
        #: The address its spectating is counted under (``None``: not counted).
        self.address = _watch_address(websocket)

    def deliver(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (a client that falls far behind is disconnected)."""
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_QUEUE:
            self.close(1008)
            return
        self.queue.put_nowait(encode_message(message))

    def close(self, code: int) -> None:
        """Close after the queued messages are sent."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(code)

    async def _send_loop(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, int):
                    if self.websocket.application_state == WebSocketState.CONNECTED:
                        await self.websocket.close(item)
                    return
                await self.websocket.send_text(item)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True
        except Exception:  # the client went away mid-send
            self.closed = True

    async def finish(self) -> None:
        """Stop sending (after the queue drains, at most a moment)."""
        self.close(1000)
        try:
            await asyncio.wait_for(self.task, 2.0)
        except (TimeoutError, asyncio.CancelledError):
            self.task.cancel()


class RateLimit:
    """A token bucket: ``RATE`` messages per second, bursts of ``BURST``."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()

    def allow(self) -> bool:
        """True if one more message may be handled now."""
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.last) * self.rate)
        self.last = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def play_socket(
    websocket: WebSocket, manager: TableManager, table_id: str, worker: str | None = None
) -> None:
    """Serve one client's WebSocket at one table (protocol.md, *Play*); ``worker``: this
    process's number under ``tapete serve --workers`` (the ``X-Tapete-Worker`` header)."""
    await websocket.accept(headers=[(b"x-tapete-worker", worker.encode())] if worker else None)
    conn = Connection(websocket)

    def error(code: str, detail: str) -> None:
        conn.deliver({"type": "error", "code": code, "detail": detail})

    counts: dict[str, int] = getattr(websocket.app.state, "counts", {})
    try:
        try:
            table = await manager.get(table_id)
        except Elsewhere as e:
            # nobody watching it there: its owner gives it up and it is served here
            secret = getattr(websocket.app.state, "forward_secret", None)
            if e.address is None or e.address == manager.address or secret is None:
                raise
            loop = asyncio.get_running_loop()
            asked = loop.run_in_executor(_PEERS, _ask_hand_over, e.address, table_id, secret)
            if not await asked:
                raise
            table = await manager.get(table_id)
            counts["handovers_in"] = counts.get("handovers_in", 0) + 1
    except Elsewhere as e:
        if e.address is not None and e.address != manager.address:
            conn.task.cancel()
            counts["relays"] = counts.get("relays", 0) + 1
            await relay(websocket, e.address, table_id)
            return
        error("internal", "the table's server is away; try again")  # not unknown: 1011
        conn.close(1011)
        await conn.finish()
        return
    except Exception:
        log.exception("table %s could not be loaded", table_id)
        table = None
    if table is None:
        error("unknown_table", f"there is no table {table_id[:40]!r}")
        conn.close(4004)
        await conn.finish()
        return
    watcher: Watcher | None = None
    limit = RateLimit()
    dropped = 0
    table.sockets += 1  # not to be handed over to another process while this is open
    try:
        while not conn.closed:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            if raw is None:
                data = frame.get("bytes") or b""
                try:
                    raw = data.decode()
                except UnicodeDecodeError:
                    error("bad_json", "messages are UTF-8 JSON text")
                    continue
            if len(raw) > MAX_MESSAGE or len(raw.encode()) > MAX_MESSAGE:
                error("too_large", f"messages are at most {MAX_MESSAGE} bytes")
                conn.close(1009)
                break
            if not limit.allow():
                dropped += 1
                error("rate_limited", f"at most {RATE:g} messages per second; message dropped")
                if dropped >= MAX_DROPPED:
                    conn.close(1008)
                    break
                continue
            try:
                message = check_client_message(json.loads(raw))
            except json.JSONDecodeError as e:
                error("bad_json", f"not JSON: {e.msg} at {e.pos}")
                continue
            except RecursionError:
                error("bad_json", "JSON nested too deeply")
                continue
            except (MessageError, ValueError) as e:
                error(getattr(e, "code", "bad_message"), str(e)[:300])
                continue
            watcher = await _handle(table, conn, watcher, message, error)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("table %s: connection failed", table_id)
    finally:
        table.sockets -= 1
        if watcher is not None:
            w = watcher
            with contextlib.suppress(Exception):
                await table.call(lambda: table.detach(w))
        await conn.finish()


async def relay(websocket: WebSocket, address: str, table_id: str) -> None:
    """Carry a client's WebSocket to the process that serves the table, both ways."""
    import websockets

    target = address.replace("https://", "wss://").replace("http://", "ws://").rstrip("/")
    secret: str | None = getattr(websocket.app.state, "forward_secret", None)
    client = _watch_address(websocket)
    headers = {"X-Tapete-Forwarded": secret, "X-Tapete-Client": client or ""} if secret else {}
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
_PEERS = concurrent.futures.ThreadPoolExecutor(max_workers=32, thread_name_prefix="tapete-peer")

#: Seconds a hand-over may take before the WebSocket is relayed instead.
HAND_OVER_WAIT = 5.0


def _ask_hand_over(address: str, table_id: str, secret: str) -> bool:
    """Ask the process at ``address`` to give table ``table_id`` up (it does if nobody
    watches it there); True once it did."""
    status, answer = _forward(
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


def _forward(
    address: str,
    method: str,
    path: str,
    body: bytes | None,
    secret: str,
    timeout: float = 30.0,
) -> tuple[int, bytes]:
    """Send a lobby request on to the process that serves the table."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        address.rstrip("/") + path,
        data=body,
        method=method,
        headers={"Content-Type": "application/json", "X-Tapete-Forwarded": secret},
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


async def _handle(
    table: LiveTable,
    conn: Connection,
    watcher: Watcher | None,
    message: dict[str, Any],
    error: Callable[[str, str], None],
) -> Watcher | None:
    kind = message["type"]
    if kind == "ping":
        conn.deliver({"type": "pong", "id": message.get("id")})
        return watcher
    if kind == "hello":
        old = watcher
        if old is not None:
            await table.call(lambda: table.detach(old))
        try:
            # a hello without a version is taken for version 1 (protocol.md, Versions)
            version = message.get("protocol", 1)
            return await table.call(
                lambda: table.attach(conn, message.get("token"), version, conn.address)
            )
        except TableError as e:
            error(e.code, e.detail)
            if e.code == "too_many_watchers":
                conn.close(WATCHERS_CLOSE)
            return None
    if watcher is None:
        error("hello_first", "send hello first")
        return None
    w = watcher
    try:
        if kind == "action":
            await table.call(lambda: table.act(w, message))
        elif kind == "back":
            await table.call(lambda: table.back(w))
        elif kind == "hint":
            _think(_hint(table, conn, w, message["state"]))
        elif kind == "chat":
            await table.call(lambda: table.say(w, message, conn.chat_limit))
    except TableError as e:
        error("internal" if e.code == "internal" else e.code, e.detail)
    return watcher


#: The hints being thought about (kept so that their tasks are not collected).
_THINKING: set[asyncio.Task[None]] = set()


def _think(hinting: Awaitable[None]) -> None:
    """Answer a hint on its own task: the connection reads on and the table plays on."""

    async def run() -> None:
        try:
            await hinting
        except TableError:
            pass
        except Exception:
            log.exception("a hint failed")

    task = asyncio.get_running_loop().create_task(run())
    _THINKING.add(task)
    task.add_done_callback(_THINKING.discard)


async def _hint(table: LiveTable, conn: Connection, watcher: Watcher, number: int) -> None:
    """Answer a ``hint``: the strongest registered bot's choice from this seat's view. The
    question is read on the table's writer; the bot thinks in a thread (a search bot's first
    hint compiles its kernels), and an answer for a state that has moved on is dropped."""
    try:
        asked = await table.call(lambda: _hint_question(table, conn, watcher, number))
        if asked is None:
            return
        game, seat, view, entries = asked
        shown = [e for e in entries if not e.get("sealed")]
        if shown:  # the bot chooses among what the seat's view shows, by number
            texts = {e["action"]: e["text"] for e in shown}
            legal = list(texts)
            text_of = texts.__getitem__
            try:  # a hint that takes too long (a loaded machine) is answered by a quick bot
                answer = await asyncio.wait_for(
                    asyncio.to_thread(hint, game, seat, view, legal, text_of),
                    hint_bots.HINT_DEADLINE,
                )
            except TimeoutError:
                log.warning("table %s: a hint took too long; a quick bot answers", table.data.id)
                quick = hint_bots.QUICK_PLAYERS
                answer = await asyncio.to_thread(
                    hint, game, seat, view, legal, text_of, players=quick
                )
        else:  # only sealed plays (protocol.md, Sealed actions): alike to the seat, as to a bot
            choice = secrets.choice(entries)
            answer = {"player": STAND_IN, "action": choice["action"], "text": choice["text"]}
            answer["why"] = []
    except Exception as e:  # every hint is answered: the page shows the reason, in its language
        if isinstance(e, TableError):
            code, detail = e.code, e.detail
        else:
            log.exception("table %s: a hint failed", table.data.id)
            code, detail = "hint_failed", "no bot could answer the hint; try again"
        conn.deliver(
            {
                "type": "refused",
                "code": code,
                "reason": None,
                "detail": detail,
                "state": number,
                "id": None,
            }
        )
        return
    if table.state.move_number() == number:
        conn.deliver({"type": "hint", "state": number, **answer})


async def _hint_question(
    table: LiveTable, conn: Connection, watcher: Watcher, number: int
) -> tuple[Any, int, Any, list[dict[str, Any]]] | None:
    """What a hint needs (game, seat, view, the seat's legal entries), or ``None``
    after refusing a hint for a seat not to move or a state that is not the current one."""
    state = table.state
    current = state.move_number()
    if not table.data.hints:
        conn.deliver(
            {
                "type": "refused",
                "code": "hints_off",
                "reason": None,
                "detail": "hints are off at this table",
                "state": current,
                "id": None,
            }
        )
        return None
    if number != current:  # first, as for an action: an old state is stale to every seat
        conn.deliver(
            {
                "type": "refused",
                "code": "stale_state",
                "reason": None,
                "detail": f"the state is now {current}",
                "state": current,
                "id": None,
            }
        )
        return None
    if watcher.seat is None or state.current_player() != watcher.seat:
        conn.deliver(
            {
                "type": "refused",
                "code": "not_your_turn",
                "reason": None,
                "detail": "hints are for the seat to move",
                "state": current,
                "id": None,
            }
        )
        return None
    seat = watcher.seat
    return state.game, seat, state.view(seat), table.legal_shown(seat)


# -- the application --------------------------------------------------------------------------
def create_app(
    db_url: str,
    *,
    idle_close: float = 600.0,
    address: str = "http://127.0.0.1:8000",
    limits: LobbyLimits | None = None,
    worker: str | None = None,
    collector: CollectorPolicy | None = None,
    trusted_proxies: TrustedProxies | str | None = None,
    public_url: str | None = None,
    listen: tuple[str, int] | None = None,
    load_kernels: bool = False,
) -> FastAPI:
    """The tapete server app on the database ``db_url`` (migrated when it starts).

    ``address`` is this process's base URL, where other processes send its tables' clients;
    ``limits`` the lobby's rate limit per client address (default :class:`LobbyLimits`);
    ``worker`` this process's number among ``tapete serve --workers`` (sent back in the
    ``X-Tapete-Worker`` header of every answer); ``collector`` how the garbage collector is
    kept from pausing the tables (default :class:`~tapete.web.gcpolicy.CollectorPolicy`);
    ``trusted_proxies`` the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed (:mod:`tapete.web.proxy`; default nobody);
    ``public_url`` the address people open (share links are made from it, default from the
    address their browser used); ``listen`` the host and port the server listens on (for
    the addresses ``GET /api/server`` offers friends on the network); ``load_kernels``
    loads the search bots' kernels in the background as the server starts
    (:mod:`tapete.players.kernels`; ``tapete serve`` does)."""
    proxies = (
        trusted_proxies
        if isinstance(trusted_proxies, TrustedProxies)
        else TrustedProxies(trusted_proxies)
    )
    limiter = LobbyLimiter(limits if limits is not None else LobbyLimits())
    policy = collector if collector is not None else CollectorPolicy()
    #: WebSockets relayed to another process, tables handed over to or by this one.
    counts: dict[str, int] = {}
    server_info: dict[str, Any] = {
        "public_url": public_url.rstrip("/") if public_url else None,
        "lan": [],
        "local_only": listen is not None and is_local(listen[0]),
    }

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if load_kernels and KERNELS.start():  # tapete.players.kernels: no cold start
            log.info("loading the search bots' kernels in the background")
        store = Store(db_url)
        await asyncio.to_thread(store.migrate)
        manager = TableManager(store, idle_close=idle_close, address=address)
        app.state.store = store
        app.state.manager = manager
        app.state.counts = counts
        app.state.forward_secret = await asyncio.to_thread(store.shared_secret)
        if listen is not None and is_everywhere(listen[0]):
            lan = (await asyncio.to_thread(listen_urls, *listen))[1]
            server_info["lan"] = [u.rstrip("/") for u in lan]
        if store.engine.dialect.name == "postgresql":  # shared by the processes on it
            limiter.shared = store
        resumed = await manager.resume()
        if resumed:
            log.info("resumed %d tables", resumed)
        settle_collector()  # tapete.web.gcpolicy: no full collections every few seconds
        collector_watch.install()  # the collector's pauses, for /healthz/gc
        keeping = asyncio.get_running_loop().create_task(policy.run())
        try:
            yield
        finally:
            keeping.cancel()
            await manager.stop()
            await asyncio.to_thread(store.close)

    app = FastAPI(
        title="tapete",
        summary="Online tables for La Pocha, Ombre and Trynka (docs/protocol.md)",
        version=str(PROTOCOL_VERSION),
        lifespan=lifespan,
    )

    def manager_of(request: Request | WebSocket) -> TableManager:
        manager: TableManager = request.app.state.manager
        return manager

    @app.exception_handler(TableError)
    async def table_error(request: Request, e: TableError) -> Response:
        if isinstance(e, Elsewhere) and e.address is not None and not _forwarded(request):
            body = request.state.body if hasattr(request.state, "body") else None
            path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            secret = request.app.state.forward_secret
            status, content = await asyncio.get_running_loop().run_in_executor(
                _PEERS, _forward, e.address, request.method, path, body, secret
            )
            return Response(content, status_code=status, media_type="application/json")
        answer = _error(e.status, e.code, e.detail, **e.fields)
        if isinstance(e, RateLimited):
            answer.headers["Retry-After"] = str(math.ceil(e.retry_after))
        return answer

    @app.middleware("http")
    async def keep_body(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.method == "POST" and request.url.path.startswith("/api/tables/"):
            request.state.body = await request.body()
        answer = await call_next(request)
        if worker is not None:
            answer.headers["X-Tapete-Worker"] = worker
        return answer

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, e: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed"}
        answer = _error(e.status_code, codes.get(e.status_code, "http_error"), str(e.detail))
        for name, value in (e.headers or {}).items():
            answer.headers[name] = value
        return answer

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, e: RequestValidationError) -> JSONResponse:
        parts = [
            f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg', '')}"
            for err in e.errors()[:5]
        ]
        return _error(400, "bad_request", "; ".join(parts)[:500])

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """Liveness and the protocol version."""
        return {
            "ok": True,
            "protocol": PROTOCOL_VERSION,
            "protocols": list(range(OLDEST_PROTOCOL, PROTOCOL_VERSION + 1)),
        }

    @app.get("/healthz/gc")
    async def healthz_gc(request: Request, since: float | None = None) -> dict[str, Any]:
        """The cyclic collector's pauses in this process (``tapete.web.gcpolicy``): counts,
        total and longest pause by generation, the full collections' pauses (those that
        ended after ``since``, Unix seconds). Loopback clients only (else ``404``)."""
        if not _on_this_machine(request):
            raise StarletteHTTPException(404, "Not Found")
        return {**collector_watch.figures(since), "policy": policy.figures()}

    @app.post("/internal/tables/{table_id}/hand-over")
    async def hand_over(table_id: str, request: Request) -> dict[str, Any]:
        """From another server process (with the shared secret; else ``404``): give the
        table up if nobody watches it here, so that the process its client reached serves
        it instead of relaying (protocol.md, *Several processes*)."""
        if not _forwarded(request):
            raise StarletteHTTPException(404, "Not Found")
        released = await manager_of(request).hand_over(table_id[:32])
        if released:
            counts["handovers_out"] = counts.get("handovers_out", 0) + 1
        return {"released": released}

    @app.get("/healthz/server")
    async def healthz_server(request: Request) -> dict[str, Any]:
        """This process: its worker number, its address, the tables it serves, the
        WebSockets it relayed to another process and the tables handed over (loopback
        clients only, else ``404``)."""
        if not _on_this_machine(request):
            raise StarletteHTTPException(404, "Not Found")
        manager = manager_of(request)
        return {
            "worker": worker,
            "address": manager.address,
            "tables": len(manager.tables),
            "relays": counts.get("relays", 0),
            "handovers_in": counts.get("handovers_in", 0),
            "handovers_out": counts.get("handovers_out", 0),
        }

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The registered games and their parameters."""
        out = []
        for name in registered_games():
            cls = game_class(name)
            out.append(
                {
                    "name": name,
                    "summary": cls.summary,
                    "players": _players_allowed(name),
                    "params": [
                        {
                            "name": p.name,
                            "default": p.default,
                            "help": p.help,
                            "allowed": p.allowed(),
                            "choices": list(p.choices) or None,
                            "low": p.low,
                            "high": p.high,
                        }
                        for p in cls.parameters
                    ],
                }
            )
        return out

    @app.get("/api/server")
    async def server() -> dict[str, Any]:
        """Where friends open this server (protocol.md, *Server*): ``public_url`` (``null``
        unless set), ``lan`` (the network's addresses when it listens on every interface),
        ``local_only`` (it listens on a loopback address: nobody else can reach it)."""
        return server_info

    @app.get("/api/players")
    async def players() -> list[str]:
        """The bots that can take a seat."""
        return available_players()

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        """The bots that can take a seat, those registered that cannot run here (with the
        modules they miss), and whether the search kernels are still loading."""
        return {
            "players": available_players(),
            "unavailable": [
                {"name": name, "reason": "player_unavailable", "missing": list(modules)}
                for name, modules in unavailable_players().items()
            ],
            "loading": KERNELS.loading(),
        }

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateIn, request: Request) -> dict[str, Any]:
        """Create a table (protocol.md, *create a table*)."""
        await limiter.check(request, "create")
        spec = TableSpec(
            game=body.game,
            params=body.params,
            seats=tuple(SeatSpec(s.kind, s.player, s.params) for s in body.seats),
            clock=body.clock,
            bot_delay=body.bot_delay,
            name=body.name,
            seat=body.seat,
            hints=body.hints,
            chat=body.chat,
        )
        table, admin, seat, token = await manager_of(request).create(spec)
        return {"table": table.info(), "admin_token": admin, "seat": seat, "token": token}

    @app.get("/api/tables")
    async def list_tables(
        request: Request, status: str = "open", limit: int = 100
    ) -> dict[str, Any]:
        """Tables by status, newest first."""
        if status not in ("open", "playing", "finished", "closed", "all"):
            raise TableError("bad_request", "status is open, playing, finished, closed or all")
        if not 1 <= limit <= 500:
            raise TableError("bad_request", "limit is from 1 to 500")
        return {"tables": await manager_of(request).list_info(status, limit)}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """One table's TableInfo."""
        return (await manager_of(request).require(table_id)).info()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
        """Take a seat with a display name."""
        await limiter.check(request, "join")
        table = await manager_of(request).require(table_id)
        seat, token = await table.call(lambda: table.join(body.name, body.seat))
        return {"seat": seat, "token": token, "table": table.info()}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, body: TokenIn, request: Request) -> dict[str, Any]:
        """Free the seat of a token."""
        table = await manager_of(request).require(table_id)
        await table.call(lambda: table.leave(body.token))
        return {"ok": True, "table": table.info()}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
        """Start the table, bots filling the free seats."""
        table = await manager_of(request).require(table_id)
        table.check_admin(body.admin_token)
        await table.call(table.start)
        return table.info()

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
        """Offer a rematch of a finished table."""
        await limiter.check(request, "create")
        table = await manager_of(request).rematch(table_id, body.admin_token)
        return {"table": table.info()}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> Response:
        """The tapete record of a finished or closed table."""
        table = await manager_of(request).require(table_id)
        if table.data.status not in ("finished", "closed"):
            raise TableError("not_finished", "the record is offered once the table is over", 409)
        return Response(
            table.record().to_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tapete-{table_id}.json"'},
        )

    @app.get("/api/tables/{table_id}/frames/{n}")
    async def frames(table_id: str, n: int, request: Request) -> dict[str, Any]:
        """One step of a finished table's replay: every seat's view after ``n`` actions."""
        table = await manager_of(request).require(table_id)
        if table.data.status not in ("finished", "closed"):
            raise TableError("not_finished", "the record is offered once the table is over", 409)
        try:
            shown = frame(table.record(), n)
        except RecordError as e:
            raise TableError("bad_frame", str(e), 404) from None
        shown["chat"] = await table.replay_chat(n)  # none when the chat was for the seats
        return shown

    @app.get("/api/tables/{table_id}/steps")
    async def replay_steps(table_id: str, request: Request) -> dict[str, Any]:
        """A finished table's replay at a glance: who took each action, where each deal starts
        and each trick ends (the replay viewer's list and its jumps)."""
        table = await manager_of(request).require(table_id)
        if table.data.status not in ("finished", "closed"):
            raise TableError("not_finished", "the record is offered once the table is over", 409)
        try:
            return steps(table.record())
        except RecordError as e:
            raise TableError("bad_frame", str(e), 404) from None

    @app.get("/api/history")
    async def history_by_name(name: str, request: Request) -> dict[str, Any]:
        """A player's past games by display name."""
        return {"games": await manager_of(request).history(name=name[:200])}

    @app.post("/api/history")
    async def history_by_token(body: TokenIn, request: Request) -> dict[str, Any]:
        """A player's past games by seat token."""
        return {"games": await manager_of(request).history(token=body.token)}

    @app.websocket("/ws/{table_id}")
    async def websocket(websocket: WebSocket, table_id: str) -> None:
        await play_socket(websocket, manager_of(websocket), table_id, worker)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            path = STATIC / name
            if not path.is_file():
                return _error(404, "no_page", f"the page {name} is not installed")
            return FileResponse(path)

        return serve

    app.add_api_route("/", page("index.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route("/t/{table_id}", page("table.html"), methods=["GET"], include_in_schema=False)
    app.add_api_route(
        "/replay/{table_id}", page("replay.html"), methods=["GET"], include_in_schema=False
    )
    rules_html = page("rules.html")
    rules_games = {g for base in ("pocha", "ombre", "trynka", "tresillo", "lhombre")
                   for g in (base, f"{base}-match")}  # fmt: skip

    async def rules_page(game: str, request: Request) -> Response:
        """How to play ``game`` (docs/web.md, *How to play*); ``404 unknown_game`` else."""
        if game not in rules_games:
            return _error(404, "unknown_game", f"there are no rules for {game[:40]!r}")
        return await rules_html(request)

    app.add_api_route("/rules/{game}", rules_page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    app.add_middleware(ProxyHeaders, trusted=proxies)  # outermost: the client's address first
    return app
