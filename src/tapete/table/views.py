"""What the watchers of a live table receive: the seat list, each seat's view and legal
entries (sealed where they name a card the seat may not see), the ``state`` message, and the
``TableInfo`` of a table in memory or only stored (protocol.md)."""

from __future__ import annotations

import logging
import time
from typing import Any

from tapete.engine.sealing import seal_actions
from tapete.storage import store as st
from tapete.storage.store import SeatData, TableData
from tapete.table.base import SEALED_PREFIX, TableBase, Watcher, _SeatPart
from tapete.table.events import events_for

log = logging.getLogger("tapete.table")


class TableViews(TableBase):
    """A live table's part that tells its watchers what they may see."""

    def seats_info(self) -> list[dict[str, Any]]:
        """The public seat list (names, bots, connected, away)."""
        connected = {w.seat for w in self.watchers}
        return [seat_info(s, s.seat in connected, s.seat in self.away) for s in self.data.seats]

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
        "rated": data.rated,
        "move_number": move_number,
        "created_at": st.iso(data.created_at),
        "rematch_of": data.rematch_of,
        "rematch": data.rematch,
        "result": data.result,
    }


def stored_seats_info(data: TableData) -> list[dict[str, Any]]:
    """The seat list of a table that is not in memory (nobody connected)."""
    return [seat_info(s, False, s.away) for s in data.seats]


def seat_info(seat: SeatData, connected: bool, away: bool) -> dict[str, Any]:
    """One seat of a public seat list (protocol.md, ``TableInfo``)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "name": seat.name,
        "player": seat.player,
        "taken": seat.kind == "bot" or seat.token_hash is not None,
        "connected": connected,
        "away": away,
    }
