"""The events-only tensor written straight from a state's raw event log (no view, no
:class:`~tapete.engine.events.Event` made per action): what :meth:`Encoder.encode_state`
of an events-only encoder runs for a deal game.

A raw event (``(actor, kind, action, visible, public_args)``, see
:mod:`tapete.engine.events`) decides its cells for a seat by itself and whether the seat
sees it: its slot's bytes and its place in the log's opening are kept per raw event (by
value: the same deal card, bid or play gives the same cells in every game), made once
from the event as the seat would see it. A stream (one seat's tensor of one state's log,
found by the log list's identity) then writes only the events appended since its last
call; a clone's first call starts from the seat's last stream when their logs share a
beginning (the events compared by identity), so a tree search's or a CFR traversal's
states cost what they add. The cells are exactly :class:`~tapete.rl.encoding.Encoder`'s for
the view (the tests compare them at every state of every deal game)."""

from __future__ import annotations

import sys
from collections import deque
from typing import Any, Final

from tapete.engine.api import CHANCE, TERMINAL
from tapete.engine.events import EVERYONE, Event, can_see
from tapete.rl.encoding.layout import Part
from tapete.rl.encoding.stream import _ONE, _ZERO, _EventLog, _Stream, opening_cell

#: The most raw events whose cells a :class:`RawLog` keeps (emptied when full).
MAX_RAW_EVENTS: Final = 65_536
#: The most streams (a seat's tensor of one state's log) a :class:`RawLog` keeps.
MAX_RAW_STREAMS: Final = 256


#: One event's cells in :meth:`RawLog.decoded`: who sees it (``visible``), its slot's bytes
#: and opening place for a seat that sees it, then for one that does not (a tuple, which
#: the native writer of :mod:`tapete.rl._cells` reads as it is).
_Entry = tuple[int, bytes, int, bytes, int]


class _RawStream:
    """One seat's tensor of one state's log: the :class:`_Stream` holding the cells, the
    log list it follows and how much of it is written."""

    __slots__ = (
        "counts",
        "events",
        "last",
        "open",
        "player",
        "run",
        "seat",
        "shown",
        "tensor",
        "written",
    )

    def __init__(self, tensor: _Stream, seat: int | None, rows: int) -> None:
        self.tensor = tensor
        self.seat = seat
        #: The state's raw log this stream follows (kept: its identity finds the stream).
        self.events: list[Any] = []
        #: The last raw event written (``written`` events of ``events`` are in the cells).
        self.last: Any = None
        self.written = 0
        #: The opening's length, and whether it may still grow (every event so far in it).
        self.run = 0
        self.open = True
        #: Per opening row, the hidden cells taken and the shown cards' bits.
        self.counts: list[int] = [0] * rows
        self.shown: list[int] = [0] * rows
        #: The seat-to-act cell set (-1: none).
        self.player = -1


class RawLog:
    """Writes an events-only encoder's tensor from a state's raw log (see the module)."""

    def __init__(
        self,
        game: Any,
        parts: tuple[Part, ...],
        log: _EventLog,
        new_tensor: Any,
        native: Any = None,
    ) -> None:
        self.game = game
        #: :mod:`tapete.rl._cells` when the streams' tensors are its ``Cells`` (the opening
        #: and the slots then written by its ``raw_opening`` and ``raw_slots``), else None.
        self.native = native
        self.n = int(game.num_players())
        by_name = {p.name: p for p in parts}
        self.o_seat: int = by_name["seat"].offset
        self.o_player: int = by_name["current_player"].offset
        self.log = log
        self.new_tensor = new_tensor
        #: The tensor's bytes, and whether the log's slots end it (see :meth:`used`).
        self.nbytes: int = 4 * max(p.offset + p.size for p in parts)
        self.slots_last: bool = log.at_byte[log.slots] == self.nbytes
        rows = len(log.open_cell) // log.row_size if log.has_opening else 0
        self.rows = rows
        self.streams: dict[int, _RawStream] = {}
        #: The streams' keys, oldest first (the next one reused when the pool is full).
        self.order: deque[int] = deque()
        #: The most streams kept (:data:`MAX_RAW_STREAMS`).
        self.max_streams = MAX_RAW_STREAMS
        #: Per raw event, its :data:`_Entry` (both ways it may be seen), by value; with
        #: ``native``, also by the event's identity (``IdTable``: the state's own events
        #: are found without hashing them).
        self.entries: dict[Any, _Entry] = {}
        self.ids: Any = None if native is None else native.IdTable(MAX_RAW_EVENTS)
        #: :meth:`entry`, bound once (what ``raw_decode`` calls for an event not kept).
        self.make_entry: Any = self.entry
        #: :meth:`decoded`'s log, its entries and its last event.
        self.dec_events: list[Any] = []
        self.dec: list[_Entry] = []
        self.dec_last: Any = None
        #: Per seat code (0: a spectator, then seat + 1), its last stream.
        self.last: list[_RawStream | None] = [None] * (self.n + 1)
        # what holders() counts beyond the owners of a list (its temporaries): measured on a
        # list that one stream alone holds
        probe = _RawStream(new_tensor(), None, 0)
        probe.events = []
        self.holders_base: int = self.holders(probe) - 1

    # -- the cells of one raw event --------------------------------------------------------
    def cells(self, raw: Any, sees: bool) -> tuple[bytes, int]:
        """``(slot bytes, opening place)`` of ``raw`` for a seat that sees it or not (made
        from the event as that seat would see it; :meth:`entry` keeps them)."""
        actor, kind, action, _visible, public = raw
        if sees:
            secret = self.game.event_args(kind, action)
            event = Event(0, actor, kind, action, public + secret if secret else public)
        else:
            event = Event(0, actor, kind, None, public, True)
        log = self.log
        return log.row(event), log.place(event) if log.has_opening else -1

    def decoded(self, events: list[Any]) -> list[_Entry]:
        """The cells of every event of the log ``events``, one :class:`_Entry` per event.
        Kept for the last log asked (the seats of one state ask in turn), and
        extended as it grows; another log keeps the entries of the events both begin with
        (a clone's), compared by identity."""
        dec = self.dec
        done = len(dec)
        if self.dec_events is not events or (
            done > 0 and (done > len(events) or events[done - 1] is not self.dec_last)
        ):
            before = self.dec_events
            limit = min(done, len(events), len(before))
            k = 0
            while k < limit and events[k] is before[k]:
                k += 1
            del dec[k:]
            done = k
            self.dec_events = events
        count = len(events)
        native = self.native
        if native is not None:  # found by the event's identity first
            native.raw_decode(dec, events, self.ids, self.make_entry)
        else:
            while done < count:
                dec.append(self.entry(events[done]))
                done += 1
        if count:
            self.dec_last = events[count - 1]
        return dec

    def entry(self, raw: Any) -> _Entry:
        """The :data:`_Entry` of ``raw`` (made once, then kept by the raw event's value)."""
        entries = self.entries
        found = entries.get(raw)
        if found is not None:
            return found
        visible: int = raw[3]
        seen = self.cells(raw, True)
        unseen = seen if visible == EVERYONE else self.cells(raw, False)
        made = (visible, seen[0], seen[1], unseen[0], unseen[1])
        if len(entries) >= MAX_RAW_EVENTS:
            entries.clear()
        entries[raw] = made
        return made

    # -- streams ----------------------------------------------------------------------------
    def stream(self, events: list[Any], seat: int | None) -> _RawStream:
        """The stream of ``seat`` following ``events``: the seat's last one, one found by
        the list's identity, or a new one (started from the seat's last stream's cells
        when the two logs begin alike)."""
        code = 0 if seat is None else seat + 1
        last = self.last[code] if 0 <= code < len(self.last) else None
        if last is not None and last.events is events:
            return last
        key = id(events) * (self.n + 1) + code
        streams = self.streams
        found = streams.get(key)
        if found is not None and found.events is events and found.seat == seat:
            if 0 <= code < len(self.last):
                self.last[code] = found
            return found
        if last is not None and self.unheld(last):
            # the seat's last stream follows a log nobody else holds (its state is gone, as
            # when a game ends and the next begins): it follows this log now, its memory
            # still in the cache (write() keeps what the two logs share, rewrites the rest)
            old_key = id(last.events) * (self.n + 1) + code
            if streams.get(old_key) is last:
                del streams[old_key]  # (its key stays in the order: skipped when reached)
            streams[key] = last
            self.queue(key)
            return last
        if len(streams) >= self.max_streams:  # the oldest stream (its tensor) is reused
            old: _RawStream | None = None
            while old is None:  # (a key whose stream was reused or dropped is skipped)
                old = streams.pop(self.order.popleft(), None)
            last_streams = self.last
            for k in range(len(last_streams)):
                if last_streams[k] is old:
                    last_streams[k] = None
            if old is last:  # its cells are going: nothing to start from
                last = None
            stream = old
            tensor = stream.tensor
            if not self.starts_alike(last, events):  # (else all its bytes are copied below)
                self.wipe(stream)
            stream.seat = seat
            stream.events = []
        else:
            tensor = self.new_tensor()
            stream = _RawStream(tensor, seat, self.rows)
        if last is not None and self.starts_alike(last, events):
            # a clone (or the state it came from) of the seat's last stream: its cells
            tensor.bytes_view[:] = last.tensor.bytes_view
            stream.events = last.events
            stream.last = last.last
            stream.written = last.written
            stream.run = last.run
            stream.open = last.open
            stream.counts = list(last.counts)
            stream.shown = list(last.shown)
            stream.player = last.player
        elif seat is not None and 0 <= seat < self.n:
            tensor.mv[self.o_seat + seat] = _ONE
        streams[key] = stream
        self.queue(key)
        if 0 <= code < len(self.last):
            self.last[code] = stream
        return stream

    def queue(self, key: int) -> None:
        """Put a new stream's key at the end of the order of reuse (rebuilt from the
        streams kept when the keys of reused streams make it twice as long)."""
        order = self.order
        order.append(key)
        if len(order) > 2 * self.max_streams + 8:
            self.order = deque(self.streams)

    def unheld(self, stream: _RawStream) -> bool:
        """Whether the log ``stream`` follows is held by nothing but this writer (its
        streams and decoded log): its state is gone, so no state can ask for it again.
        Counted by the list's references (:meth:`holders`) against this writer's own;
        a reference this writer does not count makes it held, never the other way."""
        held = self.holders(stream) - self.holders_base
        events = stream.events
        ours = 1 if self.dec_events is events else 0
        for other in self.last:
            if other is not None and other.events is events:
                ours += 1
        return held <= ours

    @staticmethod
    def holders(stream: _RawStream) -> int:
        """The references to the log ``stream`` follows, as this function counts them
        (its own temporary references included: :attr:`holders_base`)."""
        return sys.getrefcount(stream.events)

    @staticmethod
    def starts_alike(last: _RawStream | None, events: list[Any]) -> bool:
        """Whether ``events`` begins as the log ``last`` has written (a clone of its
        state, or the state it came from: a new stream starts from its cells)."""
        return (
            last is not None
            and last.written > 0
            and len(events) > 0
            and last.events[0] is events[0]
        )

    def wipe(self, stream: _RawStream) -> None:
        """Zero every cell ``stream`` set (its seat, the seat to act, its log), for a new
        stream to start from: only those cells, not the whole tensor."""
        mv = stream.tensor.mv
        seat = stream.seat
        if seat is not None and 0 <= seat < self.n:
            mv[self.o_seat + seat] = _ZERO
        if stream.player >= 0:
            mv[stream.player] = _ZERO
            stream.player = -1
        self.clear(stream)

    def forget(self) -> None:
        """Drop every stream (and the decoded log)."""
        self.streams.clear()
        self.order.clear()
        self.last = [None] * len(self.last)
        self.dec_events = []
        self.dec = []
        self.dec_last = None

    # -- writing ----------------------------------------------------------------------------
    def write(self, events: list[Any], seat: int | None, player: int) -> _Stream:
        """Bring ``seat``'s stream of the log ``events`` (the seat to act: ``player``) up
        to date; its tensor."""
        return self.advance(events, seat, player).tensor

    def advance(self, events: list[Any], seat: int | None, player: int) -> _RawStream:
        """:meth:`write`, returning the stream itself (its tensor, and :meth:`used`)."""
        stream = self.stream(events, seat)
        tensor = stream.tensor
        mv = tensor.mv
        n = self.n
        cell = -1
        if 0 <= player < n:
            cell = self.o_player + player
        elif player == CHANCE:
            cell = self.o_player + n
        elif player == TERMINAL:
            cell = self.o_player + n + 1
        if cell != stream.player:
            if stream.player >= 0:
                mv[stream.player] = _ZERO
            if cell >= 0:
                mv[cell] = _ONE
            stream.player = cell
        count = len(events)
        written = stream.written
        if (
            stream.events is not events
            or written > count
            or (written > 0 and events[written - 1] is not stream.last)
        ):
            # another log (a clone's), or this one changed: what both share stays written
            before = stream.events
            limit = written if written < count else count
            start = 0
            while start < limit and events[start] is before[start]:
                start += 1
            stream.events = events
            if start < written:
                self.rewind(stream, start)
            written = stream.written
        if written == count:
            return stream
        log = self.log
        slots = log.slots
        bv = tensor.bytes_view
        who = -1 if seat is None else seat
        dec = self.decoded(events)
        i = written
        native = self.native
        if stream.open:  # the opening, as long as it may grow
            if native is not None:
                i = native.raw_opening(
                    mv, dec, i, count, who, log.open_cell, log.row_size, log.d,
                    stream.counts, stream.shown,
                )  # fmt: skip
                stream.open = i == count
            else:
                i = self.write_opening(stream, dec, i, who)
            stream.run = i
        if count - stream.run > slots:  # more events than slots: the latest ones are kept
            self.write_window(stream, dec, who)
            return stream
        if i < count:  # the slots
            low = i - stream.run
            if native is not None:
                native.raw_slots(mv, dec, i, count, who, log.at_byte[low], 4 * log.width)
            else:
                rows: list[bytes] = []
                for k in range(i, count):
                    entry = dec[k]
                    rows.append(entry[1] if can_see(entry[0], who) else entry[3])
                if len(rows) == 1:
                    bv[log.span[low]] = rows[0]
                else:
                    bv[log.at_byte[low] : log.at_byte[low + len(rows)]] = b"".join(rows)
        stream.written = count
        stream.last = events[count - 1]
        return stream

    def used(self, stream: _RawStream) -> int:
        """How many leading bytes of ``stream``'s tensor may be other than zero: up to its
        last slot written when the log's slots end the tensor (every byte after them is
        zero), else the whole tensor."""
        if not self.slots_last:
            return self.nbytes
        log = self.log
        high = stream.written - stream.run
        used: int = log.at_byte[high if high < log.slots else log.slots]
        return used

    def write_opening(self, stream: _RawStream, dec: list[_Entry], i: int, who: int) -> int:
        """Write the opening cells of ``dec[i:]`` for the seat ``who`` (-1: a spectator) as
        long as they fit (:func:`opening_cell`); the index of the first that does not (the
        stream's opening then closed), or ``len(dec)``. The native ``raw_opening`` does
        the same."""
        log = self.log
        mv = stream.tensor.mv
        row_size: int = log.row_size
        d: int = log.d
        open_cell: list[Any] = log.open_cell
        counts: list[int] = stream.counts
        shown: list[int] = stream.shown
        count = len(dec)
        while i < count:
            entry = dec[i]
            place = entry[2] if can_see(entry[0], who) else entry[4]
            at = -1 if place < 0 else opening_cell(place, row_size, d, counts, shown)
            if at < 0:
                stream.open = False
                break
            mv[open_cell[at]] = _ONE
            i += 1
        return i

    def clear(self, stream: _RawStream) -> None:
        """Take the whole log out of the stream's cells."""
        log = self.log
        bv = stream.tensor.bytes_view
        if log.has_opening:
            bv[log.open_span] = log.open_zeros
        high = min(stream.written - stream.run, log.slots)  # the slots written (none after)
        if high > 0:
            bv[log.at_byte[0] : log.at_byte[high]] = log.zeros[: 4 * high * log.width]
        stream.run = 0
        stream.open = True
        counts = stream.counts
        shown = stream.shown
        for r in range(len(counts)):  # (in place: no new lists on a stream's reuse)
            counts[r] = 0
            shown[r] = 0
        stream.written = 0
        stream.last = None

    def rewind(self, stream: _RawStream, start: int) -> None:
        """Take the events from ``start`` on out of the stream's cells (from the opening
        on, or after a window of the latest events: the whole log)."""
        log = self.log
        if start <= stream.run or stream.written - stream.run > log.slots:
            self.clear(stream)
            return
        low = start - stream.run
        high = stream.written - stream.run
        if high > low:
            bv = stream.tensor.bytes_view
            bv[log.at_byte[low] : log.at_byte[high]] = log.zeros[: 4 * (high - low) * log.width]
        stream.written = start
        stream.last = stream.events[start - 1]

    def write_window(self, stream: _RawStream, dec: list[_Entry], who: int) -> None:
        """Write a log (``dec``: its decoded events) with more events after its opening
        than slots: the opening (as written), then the latest events in the slots, as the
        view encoder keeps them."""
        count = len(dec)
        log = self.log
        bv = stream.tensor.bytes_view
        first = count - log.slots
        for j in range(log.slots):
            entry = dec[first + j]
            bv[log.span[j]] = entry[1] if can_see(entry[0], who) else entry[3]
        stream.written = count  # (more than run + slots: the next change clears it all)
        stream.last = stream.events[count - 1]
