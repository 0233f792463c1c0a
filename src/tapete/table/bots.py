"""The bots of live tables: the bot that plays each seat, its choice from what the seat's
view shows, the moves played at once without a bot delay, and the :class:`BotRunner` that
starts the bots' moves of every table of the process after people's actions."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import weakref
from typing import Any

from tapete.players.base import Player
from tapete.players.base import load as load_player
from tapete.players.kernels import KERNELS
from tapete.storage.store import SeatData
from tapete.table.views import TableViews

log = logging.getLogger("tapete.table")

#: The bot that plays a seat whose person is away or gone.
STAND_IN = "rule"


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
        self._waiting: collections.deque[tuple[TableBots, int]] = collections.deque()
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

    def add(self, table: TableBots, number: int) -> None:
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


class TableBots(TableViews):
    """A live table's part that plays the seats of its bots (and the stand-ins of people
    away or gone)."""

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
