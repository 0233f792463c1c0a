"""A live table's timers: the bot's delay before its move (longer after a trick), the move
clock of a person's decision (when it runs out the seat is marked away and its stand-in
moves), and the close of a table nobody watches."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, cast

from tapete.storage import store as st
from tapete.table.bots import TableBots

if TYPE_CHECKING:
    from tapete.table.live import LiveTable


class TableClock(TableBots):
    """A live table's part that schedules what happens next by itself: a bot's move, the
    move clock running out, the idle close."""

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

    async def _clock_ran_out(self, number: int) -> None:
        if number != len(self.moves) or self.data.status != "playing":
            return
        seat = self.state.current_player()
        if seat < 0:
            return
        self._mark_away(seat, True)
        await self._bot_move(number, stand_in=True)

    def _arm_idle(self) -> None:
        if self._idle_timer is not None or self._task is None:
            return
        loop = asyncio.get_running_loop()
        self._idle_timer = loop.call_later(self.idle_close, self.post, self._close_if_idle)

    async def _close_if_idle(self) -> None:
        self._idle_timer = None
        if self.watchers:
            return
        if self.data.tournament is not None and self.data.status == "playing":
            self._arm_idle()  # a tournament's table plays to its end; looked at again later
            return
        if self.data.status in ("open", "playing"):
            await self.store.awrite(
                st.set_status(self.data.id, "closed", record=self.record().to_json())
            )
            self.data.status = "closed"
            self._schedule()
        if self.on_closed is not None:
            self.on_closed(cast("LiveTable", self))

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
