"""The play WebSocket (protocol.md, *Play*): one client's connection at one table, its
messages checked and handled, and its hints thought about off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tapete.table import STAND_IN, Elsewhere, LiveTable, TableError, TableManager, Watcher
from tapete.table.chat import ChatLimit
from tapete.web import hints as hint_bots
from tapete.web.answers import watch_address
from tapete.web.hints import hint
from tapete.web.limits import RateLimit
from tapete.web.protocol import (
    MAX_DROPPED,
    MAX_MESSAGE,
    RATE,
    MessageError,
    check_client_message,
    encode_message,
)
from tapete.web.relay import PEERS, ask_hand_over, relay

log = logging.getLogger("tapete.web")

# -- WebSocket connections --------------------------------------------------------------------
#: The close code of a spectator connection refused ``too_many_watchers`` (protocol.md).
WATCHERS_CLOSE = 4029


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
        self.address = watch_address(websocket)

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


async def play_socket(
    websocket: WebSocket,
    manager: TableManager,
    table_id: str,
    worker: str | None = None,
    *,
    seats_only: bool = False,
) -> None:
    """Serve one client's WebSocket at one table (protocol.md, *Play*); ``worker``: this
    process's number under ``tapete serve --workers`` (the ``X-Tapete-Worker`` header);
    ``seats_only``: a hello without a seat's token is refused ``round_sealed`` (a duplicate
    round's table, docs/tournaments.md)."""
    await websocket.accept(headers=[(b"x-tapete-worker", worker.encode())] if worker else None)
    conn = Connection(websocket)

    def error(code: str, detail: str) -> None:
        conn.deliver({"type": "error", "code": code, "detail": detail})

    settings = getattr(websocket.app.state, "settings", None)
    counts: dict[str, int] = settings.counts if settings is not None else {}
    try:
        try:
            table = await manager.get(table_id)
        except Elsewhere as e:
            # nobody watching it there: its owner gives it up and it is served here
            secret = getattr(websocket.app.state, "forward_secret", None)
            if e.address is None or e.address == manager.address or secret is None:
                raise
            loop = asyncio.get_running_loop()
            asked = loop.run_in_executor(PEERS, ask_hand_over, e.address, table_id, secret)
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
            if seats_only and message["type"] == "hello" and message.get("token") is None:
                error("round_sealed", "a duplicate round's table: its seats only, for now")
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
