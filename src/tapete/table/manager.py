"""The live tables of one server process: create, find, resume, rematch, list.

A table that is open or playing lives in memory on its own writer; after a restart
:meth:`TableManager.resume` replays every such table from the store. A finished or closed
table is loaded on demand (to show its end) and dropped when nobody watches it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import functools
import logging
import math
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

from tapete.engine import Game, load_game
from tapete.errors import ConfigError, TapeteError
from tapete.players.base import PlayerUnavailable
from tapete.players.base import available as available_players
from tapete.players.base import load as load_player
from tapete.storage import store as st
from tapete.storage.store import SeatData, Store, TableData, hash_token
from tapete.table.base import TableError, new_table_id, new_token
from tapete.table.chat import CHAT_MODES
from tapete.table.live import LiveTable
from tapete.table.names import BadNameError, clean_name
from tapete.table.views import stored_seats_info
from tapete.table.views import table_info as make_table_info

log = logging.getLogger("tapete.table")

MAX_PARAMS = 32


@dataclasses.dataclass(frozen=True)
class SeatSpec:
    """A seat asked for at creation: ``human`` or ``bot`` with a player name and parameters."""

    kind: str = "human"
    player: str | None = None
    params: dict[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class TableSpec:
    """What ``POST /api/tables`` asks for (protocol.md)."""

    game: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    seats: tuple[SeatSpec, ...] = ()
    clock: float | None = None
    bot_delay: float = 0.5
    name: str | None = None
    seat: int | None = None
    #: The seats may ask for hints (off: a ``hint`` is refused ``hints_off``).
    hints: bool = True
    #: Who may chat: ``all``, ``seats`` (a spectator neither reads nor writes) or ``off``.
    chat: str = "all"
    #: A rated table (docs/ratings.md; the web routes check what it needs).
    rated: bool = False
    #: The club whose members alone see and join it (docs/clubs.md; the routes check).
    club: int | None = None


#: The most reads of ``limit`` tables the lobby's list makes to fill itself (:meth:`list_info`).
LIST_BATCHES: Final = 8

#: Seconds a process waits for the holder of a table's lock to write its address.
OWNER_WAIT = 5.0


class Elsewhere(TableError):
    """The table is served by another process (PostgreSQL): ``address`` is its base URL
    (``None``: that process cannot be told, ``503 table_away``)."""

    def __init__(self, table_id: str, address: str | None) -> None:
        if address is None:
            super().__init__("table_away", "the table's server is away; try again", 503)
        else:
            super().__init__("elsewhere", f"table {table_id} is served at {address}", 503)
        self.address = address


class ClockedTable(LiveTable):
    """A :class:`LiveTable` whose running move clock is stored with the table.

    A decision's clock runs from the moment it is first armed: arming it again for the same
    state number (someone joins, a connection comes back, the server restarts and replays the
    table) keeps the time that was left instead of starting afresh. A clock that ran out
    while the server was down makes its move (the ``rule`` bot, the seat away) as soon as the
    table is back.
    """

    def _schedule(self) -> None:
        super()._schedule()
        if self.deadline is None:
            return
        number, data = len(self.moves), self.data
        if data.clock_move == number and data.clock_deadline is not None:
            if data.clock_deadline < self.deadline:
                self._arm_clock(number, data.clock_deadline)
            return
        data.clock_move, data.clock_deadline = number, self.deadline
        self.store.write(st.set_clock(data.id, number, self.deadline)).add_done_callback(
            _log_clock_write
        )

    def _arm_clock(self, number: int, deadline: float) -> None:
        """Run the clock of state ``number`` out at ``deadline`` (Unix seconds)."""
        if self._timer is not None:
            self._timer.cancel()
        self.deadline = deadline
        self._timer = asyncio.get_running_loop().call_later(
            max(0.0, deadline - time.time()), self.post, lambda: self._clock_ran_out(number)
        )


def _log_clock_write(future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a move clock could not be stored: %r", future.exception())


async def _check_bot(name: Any, params: dict[str, Any], game: Game, seat: int) -> None:
    """Refuse (``400 bad_player``) a bot that cannot take ``seat`` of ``game``: the error
    carries the ``seat`` index, the ``player`` and a ``reason`` code for the pages
    (``unknown_player``, ``player_unavailable`` with the ``missing`` modules,
    ``player_wrong_game``, ``bad_player_params``, ``player_failed``)."""
    shown = f"seat {seat + 1} (index {seat})"
    fields: dict[str, Any] = {"seat": seat, "player": str(name)[:64]}
    try:
        player = load_player(name, **params)
    except PlayerUnavailable as e:
        raise TableError(
            "bad_player",
            f"{shown}: {e}",
            reason="player_unavailable",
            missing=list(e.missing),
            **fields,
        ) from None
    except (ConfigError, TypeError) as e:
        known = isinstance(name, str) and name in available_players()
        raise TableError(
            "bad_player",
            f"{shown}: {e} (players: {', '.join(available_players())})",
            reason="bad_player_params" if known else "unknown_player",
            **fields,
        ) from None
    try:
        # a bot that does not play these rules says so now, not at its first move (a search
        # bot's start may load its kernels: off the event loop)
        await asyncio.get_running_loop().run_in_executor(None, player.start, game, seat)
    except ConfigError as e:
        raise TableError(
            "bad_player", f"{shown}: {e}", reason="player_wrong_game", **fields
        ) from None
    except Exception as e:  # the bot's own failure: refused, never a 500
        log.exception("player %s could not start at %s", name, game.name)
        raise TableError(
            "bad_player",
            f"{shown}: player {name} failed to start: {type(e).__name__}",
            reason="player_failed",
            **fields,
        ) from None


def history_entry(data: TableData, seat: int) -> dict[str, Any]:
    """One finished or closed game of a player's history, as ``/api/history`` lists it
    (protocol.md): the table, its game and status, the player's seat, every seat's label, the
    result and when it finished."""
    return {
        "table": data.id,
        "game": data.game,
        "status": data.status,
        "seat": seat,
        "players": [LiveTable.seat_label(s) for s in data.seats],
        "result": data.result,
        "finished_at": st.iso(data.finished_at),
    }


class TableManager:
    """The live tables of this process (``address``: its base URL, for other processes)."""

    def __init__(
        self, store: Store, *, idle_close: float = 600.0, address: str = "http://127.0.0.1:8000"
    ) -> None:
        self.store = store
        self.idle_close = idle_close
        self.address = address
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._releases: dict[str, asyncio.Task[None]] = {}
        #: Called with a rated table's id when it finishes here (the web app updates the
        #: ratings, docs/ratings.md); ``None``: nobody is told.
        self.rated_finished: Callable[[str], None] | None = None
        #: Called with a tournament table's id when it finishes here, or is closed (the
        #: tournaments score their rounds, docs/tournaments.md); ``None``: nobody is told.
        self.table_finished: Callable[[str], None] | None = None

    async def resume(self) -> int:
        """Load every open or playing table from the store and restart it (those no other
        process serves); returns how many."""
        ids = await self.store.aread(st.list_live_tables)
        # in an order of its own: processes starting together share the tables out
        secrets.SystemRandom().shuffle(ids)
        count = 0
        for table_id in ids:
            try:
                if table_id not in self.tables and not await asyncio.to_thread(
                    self.store.claim, table_id, self.address
                ):
                    continue  # another process serves it: no need to wait for its address
                if await self.get(table_id) is not None:
                    count += 1
            except Elsewhere:
                continue
            except TableError as e:  # old_rules: said when it was loaded
                log.debug("table %s not resumed: %s", table_id, e.code)
            except Exception:
                log.exception("table %s could not be resumed", table_id)
        return count

    async def stop(self) -> None:
        """Stop every table's writer (their data stays stored)."""
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
        for task in list(self._releases.values()):
            with contextlib.suppress(Exception):
                await task

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table ``table_id`` (loaded and replayed from the store when needed)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self._loading:
            return await asyncio.shield(self._loading[table_id])
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
        except Exception as e:
            future.set_exception(e)
            future.exception()  # retrieved: the caller gets it below
            raise
        finally:
            del self._loading[table_id]
        return table

    async def _load(self, table_id: str) -> LiveTable | None:
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        data = await self.store.aread(lambda s: st.get_table(s, table_id))
        if data is None:
            return None
        releasing = self._releases.get(table_id)
        if releasing is not None:  # the table is leaving memory: let it go first
            await asyncio.shield(releasing)
        await self._claim(table_id)
        actions = await self.store.aread(lambda s: st.load_actions(s, table_id))
        try:
            table = ClockedTable.restore(self.store, data, actions, idle_close=self.idle_close)
        except TapeteError as e:
            await asyncio.to_thread(self.store.release, table_id)
            log.warning("table %s does not replay under these rules: %s", table_id, e)
            raise TableError(
                "old_rules",
                f"table {table_id} was played under rules this server no longer plays ({e})",
                409,
            ) from None
        table.on_closed = self._forget
        table.on_finished = self._finished
        self.tables[table_id] = table
        table.start_task()
        return table

    async def _claim(self, table_id: str) -> None:
        """Take the table's lock, or :class:`Elsewhere` with the address of the process that
        holds it (waiting a moment for a holder that has just taken it to write its address)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + OWNER_WAIT
        while not await asyncio.to_thread(self.store.claim, table_id, self.address):
            address = await asyncio.to_thread(self.store.owner, table_id)
            if address is not None and address != self.address:
                raise Elsewhere(table_id, address)
            if loop.time() > deadline:
                raise Elsewhere(table_id, None)
            await asyncio.sleep(0.05)

    def _finished(self, table: LiveTable) -> None:
        if table.data.rated and self.rated_finished is not None:
            self.rated_finished(table.data.id)
        if self.table_finished is not None and table.data.tournament is not None:
            self.table_finished(table.data.id)

    def _forget(self, table: LiveTable) -> None:
        table_id = table.data.id
        closed = table.data.status == "closed" and table.data.tournament is not None
        if closed and self.table_finished is not None:  # closed unplayed: over for its round
            self.table_finished(table_id)
        if self.tables.get(table_id) is table:
            del self.tables[table_id]
            task = asyncio.get_running_loop().create_task(self._release(table))
            self._releases[table_id] = task
            task.add_done_callback(lambda _: self._releases.pop(table_id, None))

    async def _release(self, table: LiveTable) -> None:
        """Stop a table that left memory, then give up its lock (another process may take it)."""
        await table.stop()
        if table.data.id not in self.tables:
            try:
                await asyncio.to_thread(self.store.release, table.data.id)
            except Exception:
                log.exception("table %s: its lock could not be released", table.data.id)

    async def hand_over(self, table_id: str) -> bool:
        """Give the table up if nobody watches it here, so that the process a client of it
        reached can serve it (its lock released, its state stored as always); True once it
        is not served here. A table someone watches here, or has a WebSocket open to it,
        stays (False)."""
        loading = self._loading.get(table_id)
        if loading is not None:
            await asyncio.shield(loading)
        table = self.tables.get(table_id)
        if table is None:
            releasing = self._releases.get(table_id)
            if releasing is not None:
                await asyncio.shield(releasing)
            return True
        if table.watchers or table.sockets:
            return False
        self._forget(table)
        releasing = self._releases.get(table_id)
        if releasing is not None:
            await asyncio.shield(releasing)
        return True

    async def require(self, table_id: str) -> LiveTable:
        """:meth:`get` or :class:`TableError` ``unknown_table``."""
        table = await self.get(table_id)
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
        return table

    # -- lobby ------------------------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[LiveTable, str, int | None, str | None]:
        """A new table: returns it, its admin token, and the creator's seat and token."""
        if not isinstance(spec.params, dict) or len(spec.params) > MAX_PARAMS:
            raise TableError("bad_params", "params must be an object of game parameters")
        try:
            game = load_game(spec.game, **spec.params)
        except ConfigError as e:
            raise TableError("bad_params", str(e)) from None
        except TypeError as e:
            raise TableError("bad_params", f"bad game parameters: {e}") from None
        n = game.num_players()
        if len(spec.seats) > n:
            raise TableError("bad_seats", f"{spec.game} has {n} seats, not {len(spec.seats)}")
        seats: list[SeatData] = []
        for i in range(n):
            ask = spec.seats[i] if i < len(spec.seats) else SeatSpec()
            if ask.kind == "bot":
                name = ask.player or "rule"
                await _check_bot(name, ask.params, game, i)
                seats.append(SeatData(i, "bot", name, dict(ask.params)))
            elif ask.kind == "human":
                seats.append(SeatData(i, "human"))
            else:
                raise TableError("bad_seats", f"seat {i}: kind must be human or bot")
        clock = spec.clock
        if clock is not None and not (math.isfinite(clock) and 0.5 <= clock <= 3600):
            raise TableError("bad_clock", "clock must be from 0.5 to 3600 seconds, or null")
        if not (math.isfinite(spec.bot_delay) and 0 <= spec.bot_delay <= 10):
            raise TableError("bad_bot_delay", "bot_delay must be from 0 to 10 seconds")
        if spec.chat not in CHAT_MODES:
            raise TableError("bad_chat", f"chat must be one of {', '.join(CHAT_MODES)}")
        token = None
        if spec.seat is not None:
            if not 0 <= spec.seat < n or seats[spec.seat].kind != "human":
                raise TableError("bad_seat", f"seat {spec.seat} is not a human seat of this table")
            try:
                display = clean_name(spec.name if spec.name is not None else "")
            except BadNameError as e:
                raise TableError("bad_name", str(e)) from None
            token = new_token()
            seats[spec.seat] = dataclasses.replace(
                seats[spec.seat], name=display, token_hash=hash_token(token)
            )
        admin = new_token()
        data = TableData(
            id=new_table_id(),
            game=game.name,
            params=dict(game.given_params),
            seats=seats,
            clock=clock,
            bot_delay=float(spec.bot_delay),
            status="open",
            admin_token_hash=hash_token(admin),
            created_at=st.now(),
            hints=bool(spec.hints),
            chat=spec.chat,
            rated=bool(spec.rated),
            club=spec.club,
        )
        table = await self._add(data)
        if all(s.kind == "bot" or s.token_hash is not None for s in seats):
            await table.call(table.start)
        return table, admin, spec.seat, token

    async def _add(self, data: TableData) -> LiveTable:
        await self.store.awrite(st.insert_table(data))
        await asyncio.to_thread(self.store.claim, data.id, self.address)
        table = ClockedTable.restore(self.store, data, [], idle_close=self.idle_close)
        table.on_closed = self._forget
        table.on_finished = self._finished
        self.tables[data.id] = table
        table.start_task()
        return table

    async def rematch(self, table_id: str, admin_token: object) -> LiveTable:
        """The rematch of a finished table (made once; the same seats and tokens)."""
        old = await self.require(table_id)
        old.check_admin(admin_token)
        if old.data.rematch is not None:
            return await self.require(old.data.rematch)
        if old.data.status != "finished":
            raise TableError("not_finished", "the table is not finished", 409)

        async def make() -> LiveTable:
            if old.data.rematch is not None:
                return await self.require(old.data.rematch)
            data = TableData(
                id=new_table_id(),
                game=old.data.game,
                params=dict(old.data.params),
                seats=[dataclasses.replace(s, away=False) for s in old.data.seats],
                clock=old.data.clock,
                bot_delay=old.data.bot_delay,
                status="open",
                admin_token_hash=old.data.admin_token_hash,
                created_at=st.now(),
                rematch_of=old.data.id,
                hints=old.data.hints,
                chat=old.data.chat,
                club=old.data.club,
            )  # a rematch is not rated: its seats' accounts are not checked again
            table = await self._add(data)
            await old.set_rematch(data.id)
            return table

        table = await old.call(make)
        if table.data.status == "open":
            await table.call(table.start)
        return table

    async def list_info(
        self,
        status: str,
        limit: int,
        keep: Callable[[list[dict[str, Any]]], Awaitable[list[dict[str, Any]]]] | None = None,
    ) -> list[dict[str, Any]]:
        """``TableInfo`` of the tables with ``status`` (``open``, ``playing``, ``finished``,
        ``closed`` or ``all``), newest first; ``open`` also lists playing tables with a free
        human seat. ``keep`` leaves out the tables its asker may not see (a club's); the list
        is filled up to ``limit`` from older tables (at most :data:`LIST_BATCHES` reads)."""
        statuses = {
            "open": ("open", "playing"),
            "all": ("open", "playing", "finished", "closed"),
        }.get(status, (status,))
        out: list[dict[str, Any]] = []
        for batch in range(LIST_BATCHES):
            offset = batch * limit
            read = functools.partial(st.get_tables, statuses=statuses, limit=limit, offset=offset)
            rows = await self.store.aread(read)
            infos = []
            for data in rows:
                live = self.tables.get(data.id)
                info = (
                    live.info()
                    if live is not None
                    else make_table_info(data, stored_seats_info(data), data.move_number)
                )
                if (
                    status == "open"
                    and info["status"] == "playing"
                    and all(s["taken"] for s in info["seats"])
                ):
                    continue
                infos.append(info)
            out.extend(infos if keep is None else await keep(infos))
            if len(out) >= limit or len(rows) < limit:
                break
        return out[:limit]

    async def history(
        self, *, name: str | None = None, token: str | None = None
    ) -> list[dict[str, Any]]:
        """A player's finished or closed games, newest first (protocol.md)."""
        digest = hash_token(token) if token is not None else None
        pairs = await self.store.aread(lambda s: st.player_history(s, name=name, token_hash=digest))
        return [history_entry(data, seat) for data, seat in pairs]
