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

This module is the table's loop (an action's way from a connection to the store and the
watchers); :class:`LiveTable` puts it together with the table's other parts, by job: its
state and writer (:mod:`tapete.table.base`), what watchers receive
(:mod:`tapete.table.views`), the bots (:mod:`tapete.table.bots`), the timers
(:mod:`tapete.table.clock`), the seats and connections (:mod:`tapete.table.seats`) and the
chat (:mod:`tapete.table.chat`). The names they define that were this module's are still
importable from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from tapete.engine import load_game
from tapete.errors import IllegalActionError, NotationError
from tapete.storage import store as st
from tapete.storage.store import Store, TableData
from tapete.table.base import (
    MAX_WATCHING,
    OLDEST_PROTOCOL,
    PROTOCOL_VERSION,
    SEALED_PREFIX,
    SEALED_PROTOCOL,
    Subscriber,
    TableError,
    Watcher,
    may_seal,
    new_table_id,
    new_token,
)
from tapete.table.bots import STAND_IN, BotRunner
from tapete.table.clock import trick_pause
from tapete.table.seats import TableSeats
from tapete.table.views import stored_seats_info, table_info

__all__ = [
    "MAX_WATCHING",
    "OLDEST_PROTOCOL",
    "PROTOCOL_VERSION",
    "SEALED_PREFIX",
    "SEALED_PROTOCOL",
    "STAND_IN",
    "BotRunner",
    "LiveTable",
    "Subscriber",
    "TableError",
    "Watcher",
    "may_seal",
    "new_table_id",
    "new_token",
    "stored_seats_info",
    "table_info",
    "trick_pause",
]

log = logging.getLogger("tapete.table")


class LiveTable(TableSeats):
    """One table in memory; build it with :meth:`restore` (replaying the stored log)."""

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
            if logged.seat < 0 and table._deck is not None:
                # the seeded deck is brought to where it was: it draws each logged card again
                drawn = table._deck.choose(table.state)
                if drawn != logged.action:
                    raise st.StoreError(
                        f"table {data.id}: chance action {i} is {drawn} from its deal seed "
                        f"but was logged {logged.action}"
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
        if record is not None and self.on_finished is not None:
            self.on_finished(self)

    async def _reload(self) -> None:
        data = await self.store.aread(lambda s: st.get_table(s, self.data.id))
        actions = await self.store.aread(lambda s: st.load_actions(s, self.data.id))
        if data is None:
            return
        fresh = LiveTable.restore(self.store, data, actions, idle_close=self.idle_close)
        self.data, self.state, self.moves = fresh.data, fresh.state, fresh.moves
        self._view_cache.clear()

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


def _who(seat: int) -> str:
    return {-1: "chance", -4: "nobody"}.get(seat, f"seat {seat}")
