"""The ground a live table stands on: the protocol versions it speaks, its errors, the
connections watching it, and :class:`TableBase`, the state every part of a
:class:`~tapete.table.live.LiveTable` works on, with its one writer.

A live table is made of parts by job, each a class of methods on that state:
what watchers receive (:mod:`tapete.table.views`), the bots in its seats
(:mod:`tapete.table.bots`), its timers (:mod:`tapete.table.clock`: the bots' delay, the move
clock, the idle close), its seats and connections (:mod:`tapete.table.seats`), its chat
(:mod:`tapete.table.chat`), and the loop that plays, stores and sends an action
(:mod:`tapete.table.live`), which puts them together.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from tapete.engine import GameRecord
from tapete.engine.api import Game, State
from tapete.engine.chance import DeckChance
from tapete.engine.view_encoder import ViewEncoder
from tapete.errors import TapeteError
from tapete.players.base import Player
from tapete.storage import store as st
from tapete.storage.store import SeatData, Store, TableData
from tapete.table.events import Move

if TYPE_CHECKING:
    from tapete.table.live import LiveTable

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
    ``variants``). The sealing itself (:meth:`~tapete.table.views.TableViews._legal_entries`)
    is generic; this only tells a version-1 client in advance that it could not play such a
    seat.

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


class TableBase:
    """A live table's state (its game state, moves, seats, watchers, timers) and its one
    writer, the task that runs every change as a command, one at a time; the parts of a
    :class:`~tapete.table.live.LiveTable` add their methods to it."""

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
        #: Called once the table's end is stored (its status ``finished``).
        self.on_finished: Callable[[LiveTable], None] | None = None
        self._chance = secrets.SystemRandom()
        #: A seeded table's chance (docs/tournaments.md): every table with the same
        #: ``deal_seed`` deals the same cards; ``None``: drawn from ``_chance``.
        self._deck = DeckChance(data.deal_seed) if data.deal_seed is not None else None
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

    _ack: tuple[Watcher, Any] | None = None

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
            self._push(-1, self._draw())

    def _draw(self) -> int:
        """The next chance action: the seeded deck's, else one at random."""
        if self._deck is not None:
            return self._deck.choose(self.state)
        return self._chance.choice(self.state.legal_actions())

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

    if TYPE_CHECKING:
        # the loop's and the seats' methods that the parts below them call
        # (tapete.table.live, tapete.table.seats)
        async def _play(self, seat: int, action: int, *, chain: bool = True) -> None: ...

        async def _commit(
            self,
            first: int,
            extra: list[Callable[[Any], None]] | None = None,
            status: str | None = None,
        ) -> None: ...

        async def _after_change(self) -> None: ...

        def _mark_away(self, seat: int, away: bool) -> None: ...


def _tricks_done(state: State) -> int:
    """The number of finished tricks of ``state``'s live deal (0 for a game without tricks,
    or between a match's deals)."""
    deal = getattr(state, "deal", state)
    won = getattr(deal, "tricks_won", None) if deal is not None else None
    try:
        return int(sum(won)) if won is not None else 0
    except TypeError:
        return 0


def _log_failure(future: asyncio.Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        error = future.exception()
        if not isinstance(error, TapeteError):
            log.error("table command failed: %r", error)
