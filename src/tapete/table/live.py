"""A live table: the game state, its seats and watchers, and the one writer that changes it.

Every change to a table (an action, a bot's move, a clock running out, a join, a start)
runs as a command on the table's own asyncio task, one at a time, so two clients sending
actions at once cannot both be applied: the second finds the state number moved on. An
action is checked by the engine, applied, followed by the chance actions the server draws
(``secrets.SystemRandom``), written to storage in one transaction, and only then sent to
the watchers, each receiving its own seat's view.

A person's action is answered first: it is applied, stored and sent (with its ``ack``)
before any bot moves. The bots' moves of every table of the process wait in one
:class:`BotRunner`, which starts them one at a time between the event loop's other work and
keeps only a few of them in the store's queue at once, so that a person's action never waits
behind the bots of hundreds of tables; under load the bots slow down, people do not.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import dataclasses
import functools
import logging
import random
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from tapete.engine import GameRecord, load_game
from tapete.engine.api import Game, State
from tapete.engine.sealing import seal_actions
from tapete.errors import IllegalActionError, NotationError, TapeteError
from tapete.players.base import Player
from tapete.players.base import load as load_player
from tapete.players.kernels import KERNELS
from tapete.storage import store as st
from tapete.storage.store import SeatData, Store, TableData, hash_token
from tapete.table.chat import (
    HISTORY,
    PHRASES,
    ChatLimit,
    ChatRefusal,
    chat_message,
    clean_text,
    may_read,
    may_write,
)
from tapete.table.encode import ViewEncoder
from tapete.table.events import Move, events_for
from tapete.table.names import BadNameError, clean_name

log = logging.getLogger("tapete.table")
T = TypeVar("T")

#: The protocol version this server speaks (protocol.md, *Versions*).
PROTOCOL_VERSION = 2
#: The oldest version it still serves (where nothing it cannot express is needed).
OLDEST_PROTOCOL = 1
#: The first version with sealed legal actions (a placeholder string as ``action``).
SEALED_PROTOCOL = 2
#: How the placeholder of a sealed legal action begins (protocol.md, *Sealed actions*).
SEALED_PREFIX = "sealed-"
#: A seat's part of a state: the state number, its view, its legal entries, and the action
#: each sealed placeholder stands for.
_SeatPart = tuple[int, dict[str, Any], list[dict[str, Any]], dict[str, int]]
#: The bot that plays a seat whose person is away or gone.
STAND_IN = "rule"
#: Spectator connections one client address may hold at one table (protocol.md,
#: *Spectators*); the next one is refused ``too_many_watchers``.
MAX_WATCHING = 20


class TableError(TapeteError):
    """A lobby or table request that cannot be done: a stable ``code`` and an HTTP status."""

    def __init__(self, code: str, detail: str, status: int = 400, **fields: Any) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        #: Values the pages make their sentence from (``seat``, ``player``...), sent beside
        #: ``code`` and ``detail`` in the error object.
        self.fields = fields


class Subscriber(Protocol):
    """A connection watching a table (a WebSocket, a test's collector)."""

    def deliver(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending; must not block."""

    def close(self, code: int) -> None:
        """Close the connection with a WebSocket close code."""


@dataclasses.dataclass(eq=False)
class Watcher:
    """One subscriber at one table: its seat (``None``: spectator), what it was sent, and
    the client address a spectator is counted under (``None``: not counted)."""

    subscriber: Subscriber
    seat: int | None
    sent_moves: int = 0
    address: str | None = None
    #: A spectator's number at this table (its name in the chat: "Spectator N").
    spectator: int | None = None


def may_seal(game: Game) -> bool:
    """Whether a table of ``game`` may offer a seat sealed legal actions: La Pocha with a
    ronda india or ronda ciega hand (a hand game's ``india`` / ``ciega``; a match's hands'
    ``variants``). The sealing itself (:meth:`LiveTable._legal_entries`) is generic; this
    only tells a version-1 client in advance that it could not play such a seat.

    >>> import tapete
    >>> may_seal(tapete.load_game("pocha", hand_size=1, ronda_ciega=True))
    True
    >>> may_seal(tapete.load_game("pocha-match", hand_sequence="podrida"))  # its last hand
    True
    >>> may_seal(tapete.load_game("pocha-match")), may_seal(tapete.load_game("ombre"))
    (False, False)
    """
    variants = getattr(game, "variants", None)
    if isinstance(variants, tuple):
        return any(bool(hand[0] or hand[1]) for hand in variants if isinstance(hand, tuple))
    return bool(getattr(game, "india", False) or getattr(game, "ciega", False))


def new_token() -> str:
    """An unguessable token (32 random bytes, URL-safe)."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A short unguessable table id (shareable in a link)."""
    return secrets.token_urlsafe(9)


class BotRunner:
    """The bots' moves waiting at the tables of one event loop, started after people's.

    A table whose bot is to move adds itself (:meth:`add`); the runner starts the waiting
    moves in order, one per turn of the event loop (so the connections' messages that
    arrived meanwhile, people's actions among them, are handled first) and at most
    ``window`` at once (a started move is being played, stored or sent): the store's queue
    never holds more than ``window`` bots' writes in front of a person's. While people's
    actions are being played (:meth:`person_started` … :meth:`person_done`), only one bot
    move is started at a time, so that their writes share a transaction with few bots'.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, window: int = 8) -> None:
        self.loop = loop
        self.window = window
        self.running = 0
        #: People's actions being played, stored and sent now.
        self.people = 0
        self._waiting: collections.deque[tuple[LiveTable, int]] = collections.deque()
        self._kicked = False
        #: Bot moves started so far (for tests and figures).
        self.started = 0

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> BotRunner:
        """The runner of ``loop`` (made on first use)."""
        runner = _RUNNERS.get(loop)
        if runner is None:
            runner = _RUNNERS[loop] = cls(loop)
        return runner

    def waiting(self) -> int:
        """How many tables wait for their bot's move."""
        return len(self._waiting)

    def add(self, table: LiveTable, number: int) -> None:
        """Queue the bot's move of ``table`` at state number ``number``."""
        self._waiting.append((table, number))
        self._kick()

    def person_started(self) -> None:
        """A person's action is being played: hold the bots back until it is sent."""
        self.people += 1

    def person_done(self) -> None:
        """A person's action is stored and sent."""
        self.people -= 1
        self._kick()

    def _room(self) -> int:
        return 1 if self.people else self.window

    def _kick(self) -> None:
        if not self._kicked and self._waiting and self.running < self._room():
            self._kicked = True
            self.loop.call_soon(self._start_one)

    def _start_one(self) -> None:
        self._kicked = False
        while self._waiting and self.running < self._room():
            table, number = self._waiting.popleft()
            if table._bot_queued == number:
                table._bot_queued = None
            if not table._bot_due(number):
                continue
            self.running += 1
            self.started += 1
            table.post(functools.partial(table._bot_move, number), self._finished)
            break
        self._kick()

    def _finished(self, _future: asyncio.Future[Any]) -> None:
        self.running -= 1
        self._kick()


_RUNNERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, BotRunner]
_RUNNERS = weakref.WeakKeyDictionary()


class LiveTable:
    """One table in memory; build it with :meth:`restore` (replaying the stored log)."""

    def __init__(self, store: Store, data: TableData, game: Game, *, idle_close: float) -> None:
        self.store = store
        self.data = data
        self.game = game
        self.state: State = game.new_initial_state()
        self.moves: list[Move] = []
        self.watchers: list[Watcher] = []
        self.away: set[int] = set()
        self.idle_close = idle_close
        self.on_closed: Callable[[LiveTable], None] | None = None
        self._chance = secrets.SystemRandom()
        self._bot_rng = random.Random(secrets.randbits(64))
        self._players: dict[int, Player] = {}
        self._queue: asyncio.Queue[tuple[Callable[[], Awaitable[Any]], asyncio.Future[Any]] | None]
        self._queue = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._idle_timer: asyncio.TimerHandle | None = None
        self.deadline: float | None = None
        #: Per seat: the state number, its view, its legal entries and its sealed placeholders.
        self._view_cache: dict[int | None, _SeatPart] = {}
        self._encoder = ViewEncoder()
        #: Whether the state keeps the engine's event log (then the events come from it and
        #: the moves need not say whom they are hidden from); ``None``: not known yet.
        #: The state number at which this table waits in the bot runner, if it does.
        self._bot_queued: int | None = None
        #: Whether its seats may be offered sealed actions (:func:`may_seal`).
        self.sealing = may_seal(game)
        #: WebSockets of this process open at this table (before and after their hello).
        self.sockets = 0
        #: A match's last finished deal: the state number right after its last action, and
        #: the deal's final state (its views are sent as ``last_deal``, protocol.md).
        self._last_deal: tuple[int, State] | None = None
        #: Whether the last action of a seat completed a trick or ended a deal: the bot that
        #: moves next waits :func:`trick_pause` longer, so that people see it.
        self._after_trick = False
        #: The last chat messages (read from the store when first needed) and the next
        #: message's number; the spectators numbered so far.
        self._chat: collections.deque[st.ChatData] | None = None
        self._chat_seq = 0
        self._spectators = 0

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def restore(
        cls, store: Store, data: TableData, actions: list[st.ActionData], *, idle_close: float
    ) -> LiveTable:
        """The table ``data`` with its logged ``actions`` replayed (checked by the engine)."""
        table = cls(store, data, load_game(data.game, **data.params), idle_close=idle_close)
        for i, logged in enumerate(actions):
            if logged.seq != i:
                raise st.StoreError(f"table {data.id}: action log has a gap at {i}")
            text = table.state.action_to_string(logged.action)
            if text != logged.text:
                raise st.StoreError(
                    f"table {data.id}: action {i} is {text!r} here but was logged {logged.text!r}"
                )
            table._push(logged.seat, logged.action)
        table.away = {seat.seat for seat in data.seats if seat.away}
        for seat in data.seats:
            table._player_for(seat)
        return table

    def start_task(self) -> None:
        """Start the writer (and the schedules: bots, clock, idle close)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())
            self.post(self._after_change)
            if not self.watchers:
                self._arm_idle()

    async def stop(self) -> None:
        """Stop the writer and the timers (the table stays stored as it is); commands still
        queued fail with :class:`TableError` ``closed``."""
        self._cancel_timers()
        if self._task is not None:
            self._queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if item is not None and not item[1].done():
                item[1].set_exception(
                    TableError("closed", f"table {self.data.id} is not running", 409)
                )

    # -- the writer -------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            fn, future = item
            try:
                result = await fn()
            except Exception as e:
                if not isinstance(e, TapeteError):
                    log.exception("table %s: command failed", self.data.id)
                if not future.done():
                    future.set_exception(e)
            else:
                if not future.done():
                    future.set_result(result)

    async def call(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn`` on the table's writer and return its result."""
        if self._task is None:
            raise TableError("closed", f"table {self.data.id} is not running", 409)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, future))
        return await future

    def post(
        self,
        fn: Callable[[], Awaitable[Any]],
        done: Callable[[asyncio.Future[Any]], None] | None = None,
    ) -> None:
        """Queue ``fn`` on the writer without waiting (errors are logged; ``done`` is called
        with its future once it is over)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        future.add_done_callback(_log_failure)
        if done is not None:
            future.add_done_callback(done)
        self._queue.put_nowait((fn, future))

    # -- state changes (writer only) -------------------------------------------------------------
    def _push(self, seat: int, action: int) -> None:
        """Apply ``action`` (already checked) and remember what each seat may know of it."""
        state = self.state
        text = state.action_to_string(action)
        deal_before = getattr(state, "deal", None)
        tricks_before = _tricks_done(state)
        state.apply_action(action)
        ended = deal_before is not None and getattr(state, "deal", None) is not deal_before
        if deal_before is not None and ended and deal_before.is_terminal():
            self._last_deal = (len(self.moves) + 1, deal_before)
        if seat >= 0:
            self._after_trick = ended or _tricks_done(state) > tricks_before
        self.moves.append(Move(seat, action, text))

    def _deal(self) -> None:
        while self.state.is_chance_node():
            self._push(-1, self._chance.choice(self.state.legal_actions()))

    def _status_after(self) -> str | None:
        return "finished" if self.state.is_terminal() else None

    async def _commit(
        self,
        first: int,
        extra: list[Callable[[Any], None]] | None = None,
        status: str | None = None,
    ) -> None:
        """Write the moves from ``first`` on (and ``extra`` writes) in one transaction."""
        rows = [(m.actor, m.action, m.text) for m in self.moves[first:]]
        record = result = None
        if self.state.is_terminal() and self.data.status != "finished":
            status = "finished"
            result = list(self.state.returns())
            record = self.record().to_json()
        write = st.append_actions(
            self.data.id, first, rows, status=status, result=result, record=record
        )
        ops = [*(extra or []), write]

        def op(session: Any) -> None:
            for each in ops:
                each(session)

        try:
            await self.store.awrite(op)
        except Exception:
            log.exception("table %s: storage failed; reloading the stored log", self.data.id)
            await self._reload()
            raise TableError("internal", "the action could not be stored", 500) from None
        self.data.move_number = len(self.moves)
        if status is not None:
            self.data.status = status
        if result is not None:
            self.data.result = result

    async def _reload(self) -> None:
        data = await self.store.aread(lambda s: st.get_table(s, self.data.id))
        actions = await self.store.aread(lambda s: st.load_actions(s, self.data.id))
        if data is None:
            return
        fresh = LiveTable.restore(self.store, data, actions, idle_close=self.idle_close)
        self.data, self.state, self.moves = fresh.data, fresh.state, fresh.moves
        self._view_cache.clear()

    def record(self) -> GameRecord:
        """The tapete record of the game so far (players by name, bots as ``bot:NAME``)."""
        return GameRecord.from_state(
            self.state,
            players=tuple(self.seat_label(s) for s in self.data.seats),
            meta={
                "table": self.data.id,
                "created_at": st.iso(self.data.created_at),
                "server": "tapete",
            },
        )

    @staticmethod
    def seat_label(seat: SeatData) -> str:
        """A seat's name in records: the person's name, ``bot:rule``, or ``seat N``."""
        if seat.kind == "bot":
            return f"bot:{seat.player}"
        return seat.name or f"seat {seat.seat}"

    async def _play(self, seat: int, action: int, *, chain: bool = True) -> None:
        """Apply a checked ``action`` of ``seat``, deal what follows (and with ``chain``
        the bots' moves that follow without a delay), store, broadcast."""
        first = len(self.moves)
        try:
            self._push(seat, action)
            self._deal()
            if chain:
                self._chain_bots()
        except Exception:
            await self._reload()
            raise
        await self._commit(first)
        await self._after_change()

    async def _after_change(self) -> None:
        self._view_cache.clear()
        self._schedule()
        self.broadcast()

    # -- who plays a seat ---------------------------------------------------------------------
    def _player_for(self, seat: SeatData) -> Player | None:
        """The bot that plays ``seat`` now (``None``: its person decides)."""
        if seat.kind == "bot":
            name, params = seat.player or STAND_IN, seat.player_params
        elif seat.token_hash is None or seat.seat in self.away:
            name, params = STAND_IN, {}
        else:
            return None
        player = self._players.get(seat.seat)
        if player is None or player.name != name or player.params != params:
            player = load_player(name, **params)
            start = getattr(player, "start", None)
            if callable(start):
                with contextlib.suppress(Exception):
                    start(self.game, seat.seat)
            self._players[seat.seat] = player
        return player

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.deadline = None
        if self.data.status != "playing" or self.state.is_terminal():
            return
        seat = self.state.current_player()
        if seat < 0:
            return
        number = len(self.moves)
        loop = asyncio.get_running_loop()
        if self._player_for(self.data.seats[seat]) is not None:
            if self.data.bot_delay > 0:
                delay = self.data.bot_delay
                if self._after_trick:
                    delay += trick_pause(delay)
                self._timer = loop.call_later(delay, self._queue_bot, number)
            else:
                self._queue_bot(number)
        elif self.data.clock:
            self.deadline = time.time() + self.data.clock
            self._timer = loop.call_later(
                self.data.clock, self.post, lambda: self._clock_ran_out(number)
            )

    def _queue_bot(self, number: int) -> None:
        """Wait in the bot runner for the bot's move at state number ``number``."""
        if self._bot_queued != number and self._bot_due(number):
            self._bot_queued = number
            BotRunner.of(asyncio.get_running_loop()).add(self, number)

    def _bot_due(self, number: int) -> bool:
        """True while the bot's move at state ``number`` is still to be made."""
        return self._task is not None and number == len(self.moves) and self._status_playing()

    def _status_playing(self) -> bool:
        return self.data.status == "playing" and not self.state.is_terminal()

    async def _bot_move(self, number: int, *, stand_in: bool = False) -> None:
        if number != len(self.moves) or self.data.status != "playing":
            return
        seat = self.state.current_player()
        if seat < 0:
            return
        player = load_player(STAND_IN) if stand_in else self._player_for(self.data.seats[seat])
        if player is None:
            return
        if player.uses_kernels and KERNELS.loading(self.game.name):
            # a search bot waits (in a thread) for its game's kernels, loading as the server
            # starts; other bots play on
            await asyncio.to_thread(KERNELS.wait, None, self.game.name)
            if number != len(self.moves) or self.data.status != "playing":
                return
        action = self._bot_choice(player, seat)
        await self._play(seat, action)

    #: Most bot moves played in one go (one transaction, one message) without a delay; a
    #: table of bots alone goes on in the bot runner, taking its turn with the others.
    CHAIN_LIMIT = 16

    def _chain_bots(self) -> None:
        """Without a bot delay, play the bots' moves that follow at once (stored in the same
        transaction, sent as one state with every event)."""
        if self.data.bot_delay > 0 or self.data.status != "playing":
            return
        for _ in range(self.CHAIN_LIMIT):
            seat = self.state.current_player()
            if seat < 0:
                return
            player = self._player_for(self.data.seats[seat])
            if player is None or (player.uses_kernels and KERNELS.loading(self.game.name)):
                return  # a search bot still waiting for its kernels moves in the bot runner
            self._push(seat, self._bot_choice(player, seat))
            self._deal()

    def _bot_choice(self, player: Player, seat: int) -> int:
        """The move of the bot ``player`` in ``seat``, chosen from what the seat's view shows.

        The bot is given the legal entries as the seat's client gets them: the actions that
        are not sealed, by number. A sealed action (the seat's own unseen card, La Pocha's
        ronda india and ciega) is not shown to it; when every legal action is sealed they
        look alike to the seat (``play ?``), and one of them is taken at random without
        asking the bot. So a server-side bot, like an outside one, never reads a card's
        number that its view does not show."""
        view = self.state.view(seat)
        shown, sealed = self._choices_shown(seat, view)
        if not shown:
            return self._bot_rng.choice(sealed)
        try:
            action = player.choose(view, shown, self._bot_rng)
        except Exception:
            log.exception(
                "table %s: bot %s failed; playing its first legal action", self.data.id, player
            )
            return shown[0]
        if action not in shown:
            log.error("table %s: bot %s chose illegal %s", self.data.id, player, action)
            return shown[0]
        return action

    def _choices_shown(self, seat: int, view: Any) -> tuple[list[int], list[int]]:
        """The legal actions of ``seat`` (to move) that its view shows, and the sealed ones
        (by the number the server keeps for them), as in its ``state`` message."""
        number = len(self.moves)
        cached = self._view_cache.get(seat)
        if cached is not None and cached[0] == number and cached[2]:
            entries, placeholders = cached[2], cached[3]
        else:
            entries, placeholders = self._legal_entries(seat, number, view)
        shown = [e["action"] for e in entries if not e.get("sealed")]
        return shown, [placeholders[e["action"]] for e in entries if e.get("sealed")]

    async def _clock_ran_out(self, number: int) -> None:
        if number != len(self.moves) or self.data.status != "playing":
            return
        seat = self.state.current_player()
        if seat < 0:
            return
        self._mark_away(seat, True)
        await self._bot_move(number, stand_in=True)

    # -- requests from connections (writer only) ------------------------------------------------
    async def act(self, watcher: Watcher, message: dict[str, Any]) -> None:
        """An ``action`` message from ``watcher``: apply it or send it a ``refused``."""
        ident = message.get("id")
        number = len(self.moves)

        def refuse(code: str, detail: str, reason: str | None = None) -> None:
            watcher.subscriber.deliver(
                {
                    "type": "refused",
                    "code": code,
                    "reason": reason,
                    "detail": detail,
                    "state": number,
                    "id": ident,
                }
            )

        seat = watcher.seat
        if seat is None:
            return refuse("spectator", "a spectator cannot act")
        if watcher not in self.watchers:
            return refuse("not_your_turn", "this connection no longer holds the seat")
        if self.data.status == "open":
            return refuse("not_started", "the table has not started")
        if self.data.status != "playing" or self.state.is_terminal():
            return refuse("finished", "the game is over")
        if message["state"] != number:
            return refuse("stale_state", f"the state is now {number}, not {message['state']}")
        to_move = self.state.current_player()
        if to_move != seat:
            return refuse("not_your_turn", f"seat {seat} is not to move ({_who(to_move)} is)")
        chosen = message.get("action", message.get("text"))
        # a string as action is always a placeholder (protocol.md, Sealed actions), and so
        # is a text that begins like one
        if isinstance(chosen, str) and ("action" in message or chosen.startswith(SEALED_PREFIX)):
            unsealed = self._seat_part_full(seat)[3].get(chosen)
            if unsealed is None:
                return refuse(
                    "bad_sealed", f"{chosen[:40]!r} is no sealed action of state {number} here"
                )
            action = unsealed
        elif "action" in message:
            action = message["action"]
        elif "text" in message:
            try:
                action = self.state.string_to_action(message["text"])
            except NotationError as e:
                return refuse("bad_notation", str(e))
        else:
            return refuse("no_action", "send an action number or its text")
        error = self.state.why_illegal(action)
        if error is not None:
            return refuse("illegal", error.detail, error.reason)
        self._mark_away(seat, False)
        self._ack = (watcher, ident)
        runner = BotRunner.of(asyncio.get_running_loop())
        runner.person_started()
        try:
            await self._play(seat, action, chain=False)  # the bots' moves come after the ack
        except IllegalActionError as e:  # pragma: no cover - checked above
            refuse("illegal", e.detail, e.reason)
        finally:
            self._ack = None
            runner.person_done()

    _ack: tuple[Watcher, Any] | None = None

    async def say(
        self, watcher: Watcher, message: dict[str, Any], limit: ChatLimit | None = None
    ) -> None:
        """A ``chat`` message from ``watcher`` (protocol.md, *Chat*): stored, then sent to
        every connection that may read it, or answered with a ``refused`` (only to it).
        ``limit`` is the connection's chat rate limit."""
        number = len(self.moves)

        def refuse(code: str, detail: str) -> None:
            watcher.subscriber.deliver(
                {
                    "type": "refused",
                    "code": code,
                    "reason": None,
                    "detail": detail,
                    "state": number,
                    "id": message.get("id"),
                }
            )

        if watcher not in self.watchers:
            return  # its seat was left meanwhile
        mode = self.data.chat
        refusal = may_write(mode, watcher.seat)
        if refusal == "chat_off":
            return refuse(refusal, "chat is off at this table")
        if refusal is not None:
            return refuse(refusal, "at this table only the seats chat")
        text: str | None = None
        phrase: str | None = None
        if "phrase" in message:
            phrase = str(message["phrase"])
            if phrase not in PHRASES:  # checked by the protocol already
                return refuse("chat_bad_text", f"quick phrases are {', '.join(PHRASES)}")
        else:
            try:
                text = clean_text(str(message.get("text", "")))
            except ChatRefusal as e:
                return refuse(e.code, e.detail)
        if limit is not None and not limit.allow():
            return refuse(
                "chat_rate_limited",
                f"at most {limit.rate:g} chat message a second (bursts of {limit.burst:g})",
            )
        said = await self._chat_lines()
        seat = watcher.seat
        line = st.ChatData(
            seq=self._chat_seq,
            move=number,
            seat=seat,
            name=self.data.seats[seat].name if seat is not None else None,
            spectator=watcher.spectator if seat is None else None,
            text=text,
            phrase=phrase,
            at=st.now(),
        )
        await self.store.awrite(st.insert_chat(self.data.id, line))
        self._chat_seq = line.seq + 1
        said.append(line)
        out = chat_message(line)
        for reader in list(self.watchers):
            if may_read(mode, reader.seat):
                try:
                    reader.subscriber.deliver(out)
                except Exception:
                    log.exception("table %s: could not send a chat message", self.data.id)

    async def _chat_lines(self) -> collections.deque[st.ChatData]:
        """The last :data:`~tapete.table.chat.HISTORY` chat messages (read once)."""
        if self._chat is None:
            table_id = self.data.id
            lines = await self.store.aread(lambda s: st.load_chat(s, table_id, limit=HISTORY))
            seq = await self.store.aread(lambda s: st.next_chat_seq(s, table_id))
            if self._chat is None:
                self._chat = collections.deque(lines, maxlen=HISTORY)
                self._chat_seq = max(self._chat_seq, seq)
        return self._chat

    async def replay_chat(self, move: int) -> list[dict[str, Any]]:
        """The chat shown in the public replay at step ``move``: the last messages said up
        to that state number, at a table where everyone could read them; none at a table
        whose chat was for the seats only (a replay is public)."""
        if self.data.chat != "all":
            return []
        table_id = self.data.id
        lines = await self.store.aread(
            lambda s: st.load_chat(s, table_id, limit=HISTORY, up_to_move=move)
        )
        return [chat_message(line) for line in lines]

    async def attach(
        self,
        subscriber: Subscriber,
        token: str | None,
        protocol: int = PROTOCOL_VERSION,
        address: str | None = None,
    ) -> Watcher:
        """Add a connection (a seat's with its token, or a spectator's) speaking
        ``protocol`` (its hello's version; a later one than the server's is served as the
        server's); sends it welcome and the current state. The others are sent at most a
        ``presence`` message (when a seat's first connection opens): a spectator coming or
        going changes nothing they see. :class:`TableError` ``bad_token`` for a token of no
        seat, ``old_protocol`` for a seat of a table with sealed actions taken by a version
        that cannot express them (protocol.md, *Versions*), ``too_many_watchers`` for a
        spectator of an ``address`` that already watches with :data:`MAX_WATCHING`
        connections (``None``: not counted)."""
        speaks = min(protocol, PROTOCOL_VERSION)
        if speaks < OLDEST_PROTOCOL:
            raise TableError("old_protocol", f"protocol {protocol} is not served", 400)
        seat: int | None = None
        if token is not None:
            digest = hash_token(token)
            for s in self.data.seats:
                if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                    seat = s.seat
                    break
            else:
                raise TableError("bad_token", "this token holds no seat at this table", 403)
            if speaks < SEALED_PROTOCOL and self.sealing:
                raise TableError(
                    "old_protocol",
                    f"this table's seats may be offered sealed actions (a card the seat may "
                    f"not see: ronda india, ronda ciega), which protocol {speaks} cannot "
                    f"express: send hello with protocol {SEALED_PROTOCOL} (or watch)",
                    400,
                )
        elif address is not None:
            watching = sum(1 for w in self.watchers if w.seat is None and w.address == address)
            if watching >= MAX_WATCHING:
                raise TableError(
                    "too_many_watchers",
                    f"at most {MAX_WATCHING} spectator connections per address at a table",
                    429,
                )
        first = seat is not None and all(w.seat != seat for w in self.watchers)
        watcher = Watcher(subscriber, seat, address=address if seat is None else None)
        if seat is None:
            self._spectators += 1
            watcher.spectator = self._spectators
        self.watchers.append(watcher)
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        welcome = {"type": "welcome", "protocol": speaks, "seat": seat, "table": self.info()}
        if seat is None:  # its name in the chat: "Spectator N" (protocol.md, Chat)
            welcome["spectator"] = watcher.spectator
        subscriber.deliver(welcome)
        if may_read(self.data.chat, seat):  # the chat so far (protocol.md, Chat)
            said = await self._chat_lines()
            if said:
                log_message = {"type": "chat_log", "messages": [chat_message(m) for m in said]}
                subscriber.deliver(log_message)
        if seat is not None and seat in self.away:
            self._mark_away(seat, False)  # the bot stops, the seat's clock runs: all told
            self._schedule()
            self.broadcast()
            return watcher
        subscriber.deliver(self.state_message(watcher))
        if first:
            self._presence(watcher)  # the others see the seat connected
        return watcher

    async def detach(self, watcher: Watcher) -> None:
        """Remove a connection (the others are sent a ``presence`` message when it was its
        seat's last); the table closes after ``idle_close`` with nobody left."""
        if watcher in self.watchers:
            self.watchers.remove(watcher)
            seat = watcher.seat
            if seat is not None and all(w.seat != seat for w in self.watchers):
                self._presence(None)
        if not self.watchers:
            self._arm_idle()

    def _presence(self, newcomer: Watcher | None) -> None:
        """Tell every watcher but ``newcomer`` who is connected now (a ``presence``
        message: the seat list, no view)."""
        message = {"type": "presence", "table": self.data.id, "seats": self.seats_info()}
        for watcher in list(self.watchers):
            if watcher is not newcomer:
                try:
                    watcher.subscriber.deliver(message)
                except Exception:
                    log.exception("table %s: could not send presence", self.data.id)

    async def back(self, watcher: Watcher) -> None:
        """The person of ``watcher``'s seat is back: the stand-in bot stops."""
        if watcher.seat is not None and watcher.seat in self.away:
            self._mark_away(watcher.seat, False)
            self._schedule()
            self.broadcast()

    def _mark_away(self, seat: int, away: bool) -> None:
        """Mark ``seat`` away (the ``rule`` bot plays it) or back, and store the mark (in
        the store's order: with the writes queued after it, such as the stand-in's move)."""
        if (seat in self.away) == away:
            return
        if away:
            self.away.add(seat)
        else:
            self.away.discard(seat)
        self.data.seats[seat] = dataclasses.replace(self.data.seats[seat], away=away)
        self.store.write(st.set_away(self.data.id, seat, away)).add_done_callback(_log_away_write)

    def _arm_idle(self) -> None:
        if self._idle_timer is not None or self._task is None:
            return
        loop = asyncio.get_running_loop()
        self._idle_timer = loop.call_later(self.idle_close, self.post, self._close_if_idle)

    async def _close_if_idle(self) -> None:
        self._idle_timer = None
        if self.watchers:
            return
        if self.data.status in ("open", "playing"):
            await self.store.awrite(
                st.set_status(self.data.id, "closed", record=self.record().to_json())
            )
            self.data.status = "closed"
            self._schedule()
        if self.on_closed is not None:
            self.on_closed(self)

    # -- lobby requests (writer only) ----------------------------------------------------------
    async def join(self, name: object, seat: int | None) -> tuple[int, str]:
        """Seat a person: returns ``(seat, token)``; starts the table once every seat is held."""
        try:
            display = clean_name(name)
        except BadNameError as e:
            raise TableError("bad_name", str(e)) from None
        if self.data.status not in ("open", "playing"):
            raise TableError("finished", "the table is over", 409)
        free = [s for s in self.data.seats if s.kind == "human" and s.token_hash is None]
        if seat is None:
            if not free:
                raise TableError("no_free_seat", "every seat is taken", 409)
            chosen = free[0]
        else:
            if not 0 <= seat < len(self.data.seats):
                raise TableError("bad_seat", f"seats go from 0 to {len(self.data.seats) - 1}")
            chosen = self.data.seats[seat]
            if chosen not in free:
                raise TableError("seat_taken", f"seat {seat} is taken", 409)
        token = new_token()
        updated = dataclasses.replace(chosen, name=display, token_hash=hash_token(token))
        await self.store.awrite(st.update_seat(self.data.id, updated))
        self.data.seats[chosen.seat] = updated
        if self.data.status == "open" and all(
            s.kind == "bot" or s.token_hash is not None for s in self.data.seats
        ):
            await self.start()
        else:
            self._schedule()
            self.broadcast()
        return chosen.seat, token

    async def leave(self, token: str) -> int:
        """Free the seat of ``token`` (its connections are closed with 4001)."""
        digest = hash_token(token)
        for s in self.data.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                break
        else:
            raise TableError("bad_token", "this token holds no seat at this table", 403)
        freed = dataclasses.replace(s, name=None, token_hash=None)
        await self.store.awrite(st.update_seat(self.data.id, freed))
        self.data.seats[s.seat] = freed
        self._mark_away(s.seat, False)
        for w in [w for w in self.watchers if w.seat == s.seat]:
            self.watchers.remove(w)
            w.subscriber.close(4001)
        if not self.watchers:
            self._arm_idle()
        self._schedule()
        self.broadcast()
        return s.seat

    async def start(self) -> None:
        """Start play: free seats get ``rule`` bots, the cards are dealt."""
        if self.data.status != "open":
            raise TableError("already_started", "the table has already started", 409)
        seats = [
            dataclasses.replace(s, kind="bot", player=STAND_IN, player_params={})
            if s.kind == "human" and s.token_hash is None
            else s
            for s in self.data.seats
        ]
        first = len(self.moves)
        self._deal()
        self.data.seats, before = seats, self.data.seats
        self.data.status, status = "playing", self.data.status
        try:
            self._chain_bots()
        finally:
            self.data.seats, self.data.status = before, status
        await self._commit(
            first, [st.update_seat(self.data.id, s) for s in seats], status="playing"
        )
        self.data.seats = seats
        await self._after_change()

    async def set_rematch(self, rematch_id: str) -> None:
        """Remember the rematch table and tell the watchers."""
        await self.store.awrite(st.set_status(self.data.id, self.data.status, rematch=rematch_id))
        self.data.rematch = rematch_id
        self.broadcast()

    def check_admin(self, admin_token: object) -> None:
        """:class:`TableError` ``bad_token`` unless ``admin_token`` is this table's."""
        if not isinstance(admin_token, str) or not secrets.compare_digest(
            hash_token(admin_token), self.data.admin_token_hash
        ):
            raise TableError("bad_token", "this is not the table's admin token", 403)

    # -- what watchers receive -----------------------------------------------------------------
    def seats_info(self) -> list[dict[str, Any]]:
        """The public seat list (names, bots, connected, away)."""
        connected = {w.seat for w in self.watchers}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "player": s.player,
                "taken": s.kind == "bot" or s.token_hash is not None,
                "connected": s.seat in connected,
                "away": s.seat in self.away,
            }
            for s in self.data.seats
        ]

    def info(self) -> dict[str, Any]:
        """The table's ``TableInfo`` (protocol.md)."""
        return table_info(self.data, self.seats_info(), len(self.moves))

    def _seat_part(self, seat: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        part = self._seat_part_full(seat)
        return part[1], part[2]

    def _seat_part_full(self, seat: int | None) -> _SeatPart:
        """The seat's view, legal entries and sealed placeholders now (cached per state)."""
        number = len(self.moves)
        cached = self._view_cache.get(seat)
        if cached is not None and cached[0] == number:
            return cached
        seen = self.state.view(seat)
        view = self._encoder.view_dict(seen)
        legal: list[dict[str, Any]] = []
        sealed: dict[str, int] = {}
        if (
            seat is not None
            and self.data.status == "playing"
            and self.state.current_player() == seat
        ):
            legal, sealed = self._legal_entries(seat, number, seen)
        part = self._view_cache[seat] = (number, view, legal, sealed)
        return part

    def _legal_entries(
        self, seat: int, number: int, seen: Any
    ) -> tuple[list[dict[str, Any]], dict[str, int]]:
        """The legal entries of ``seat`` to move, and the actions its sealed ones stand for.

        An action whose text names a card hidden from the seat that the live part of its
        view does not show (its own card in La Pocha's ronda india and ronda ciega; a card
        seen elsewhere in a match view, as a first-dealer draw, does not count:
        :func:`tapete.engine.sealing.seal_actions`) is sealed: its entry holds a placeholder
        ``sealed-{number}-{k}`` instead of its number (the number is the card's index) and
        its text with each such card written ``?``. With several sealed actions, ``k`` is
        dealt in a random order, so it tells nothing of the cards."""
        state = self.state
        entries: list[dict[str, Any]] = []
        blind: list[tuple[int, int]] = []
        for action, text, masked in seal_actions(state, seat, seen, state.legal_actions()):
            if masked is not None:
                blind.append((len(entries), action))
                entries.append({"action": None, "text": masked, "sealed": True})
            else:
                entries.append({"action": action, "text": text})
        order = list(range(len(blind)))
        self._chance.shuffle(order)
        sealed: dict[str, int] = {}
        for k, (where, hidden_action) in zip(order, blind, strict=True):
            placeholder = f"{SEALED_PREFIX}{number}-{k}"
            entries[where]["action"] = placeholder
            sealed[placeholder] = hidden_action
        return entries, sealed

    def legal_shown(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s legal entries now, exactly as its ``state`` message holds them (a
        sealed one by its placeholder): what a hint may choose from."""
        return self._seat_part_full(seat)[2]

    def state_message(self, watcher: Watcher) -> dict[str, Any]:
        """The ``state`` message for ``watcher`` (its seat's view, the events it lacks)."""
        view, legal = self._seat_part(watcher.seat)
        number = len(self.moves)
        remaining = None
        clock_seat = None
        if self.deadline is not None:
            remaining = max(0.0, round(self.deadline - time.time(), 3))
            clock_seat = self.state.current_player()
        message = {
            "type": "state",
            "table": self.data.id,
            "state": number,
            "status": self.data.status,
            "seat": watcher.seat,
            "to_move": self.state.current_player(),
            "view": view,
            "legal": legal,
            "events": events_for(self.state, self.moves, watcher.seat, watcher.sent_moves),
            "clock": {"per_move": self.data.clock, "seat": clock_seat, "remaining": remaining},
            "seats": self.seats_info(),
            "returns": list(self.state.returns()) if self.state.is_terminal() else None,
            "rematch": self.data.rematch,
            "ack": self._ack[1] if self._ack is not None and self._ack[0] is watcher else None,
        }
        last = self._last_deal_part(watcher)
        if last is not None:
            message["last_deal"] = last
        watcher.sent_moves = number
        return message

    def _last_deal_part(self, watcher: Watcher) -> dict[str, Any] | None:
        """A match's last finished deal as ``watcher``'s seat sees it at its end (``move``: the
        state number right after its last action, ``view``: the deal's view), when the
        watcher has not been sent that state yet or the match has no live deal now (over,
        or between deals); else ``None`` (protocol.md, *state*)."""
        if self._last_deal is None:
            return None
        move, deal = self._last_deal
        if watcher.sent_moves >= move and getattr(self.state, "deal", None) is not None:
            return None
        return {"move": move, "view": self._encoder.view_dict(deal.view(watcher.seat))}

    def broadcast(self) -> None:
        """Send every watcher its ``state`` message."""
        for watcher in list(self.watchers):
            try:
                watcher.subscriber.deliver(self.state_message(watcher))
            except Exception:
                log.exception("table %s: could not send a state", self.data.id)

    def _cancel_timers(self) -> None:
        for timer in (self._timer, self._idle_timer):
            if timer is not None:
                timer.cancel()
        self._timer = self._idle_timer = None


def trick_pause(bot_delay: float) -> float:
    """How much longer a bot waits after a trick was completed or a deal ended, for a table
    whose bots wait ``bot_delay`` seconds a move: the page shows the finished trick for
    ``min(1.5, 2.2 * bot_delay)`` seconds and then sweeps it for ``min(0.35, bot_delay)``
    (``table.js``, ``holdMs``); the bot's next card comes after both.

    >>> round(0.6 + trick_pause(0.6), 2)  # Normal: the next card 1.67 s after the trick
    1.67
    >>> trick_pause(0.05)
    0.11
    """
    return round(max(0.0, min(1.5, 2.2 * bot_delay) + min(0.35, bot_delay) - bot_delay), 3)


def _tricks_done(state: State) -> int:
    """The number of finished tricks of ``state``'s live deal (0 for a game without tricks,
    or between a match's deals)."""
    deal = getattr(state, "deal", state)
    won = getattr(deal, "tricks_won", None) if deal is not None else None
    try:
        return int(sum(won)) if won is not None else 0
    except TypeError:
        return 0


def table_info(data: TableData, seats: list[dict[str, Any]], move_number: int) -> dict[str, Any]:
    """A ``TableInfo`` from stored data and a seat list."""
    return {
        "id": data.id,
        "game": data.game,
        "params": data.params,
        "status": data.status,
        "seats": seats,
        "clock": data.clock,
        "bot_delay": data.bot_delay,
        "hints": data.hints,
        "chat": data.chat,
        "move_number": move_number,
        "created_at": st.iso(data.created_at),
        "rematch_of": data.rematch_of,
        "rematch": data.rematch,
        "result": data.result,
    }


def stored_seats_info(data: TableData) -> list[dict[str, Any]]:
    """The seat list of a table that is not in memory (nobody connected)."""
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "name": s.name,
            "player": s.player,
            "taken": s.kind == "bot" or s.token_hash is not None,
            "connected": False,
            "away": s.away,
        }
        for s in data.seats
    ]


def _who(seat: int) -> str:
    return {-1: "chance", -4: "nobody"}.get(seat, f"seat {seat}")


def _log_away_write(future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("an away mark could not be stored: %r", future.exception())


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        error = future.exception()
        if not isinstance(error, TapeteError):
            log.error("table command failed: %r", error)
