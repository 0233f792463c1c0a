"""A live table's seats and connections: people joining, leaving, connecting (a seat's
token or a spectator) and going away or coming back (the stand-in bot plays an away seat),
the start of play, the rematch, the admin token."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import logging
import secrets

from tapete.storage import store as st
from tapete.storage.store import hash_token
from tapete.table.base import (
    MAX_WATCHING,
    OLDEST_PROTOCOL,
    PROTOCOL_VERSION,
    SEALED_PROTOCOL,
    Subscriber,
    TableError,
    Watcher,
    new_token,
)
from tapete.table.bots import STAND_IN
from tapete.table.chat import TableChat, chat_message, may_read
from tapete.table.clock import TableClock
from tapete.table.names import BadNameError, clean_name

log = logging.getLogger("tapete.table")


class TableSeats(TableChat, TableClock):
    """A live table's part that seats people and connects watchers."""

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


def _log_away_write(future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("an away mark could not be stored: %r", future.exception())
