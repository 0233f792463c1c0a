"""The incremental form of the encoder: a tensor per *stream* (one seat's views of one game)
and, per view field, an updater that rewrites only the cells that changed; with the bridge to
the native part, :mod:`tapete.rl._cells` (:func:`native_module`), when it is built."""

from __future__ import annotations

import importlib
import operator
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from tapete.cards import Card
from tapete.engine.api import CHANCE, Trick
from tapete.engine.events import Event
from tapete.rl.encoding.layout import Buffer, Part, Writer, _Context

# -- the incremental form ------------------------------------------------------------------
#: The most streams (a seat's views of one game) an encoder keeps a tensor for, and the
#: most bytes their tensors may take together (a Trynka tensor is 125 kB): the oldest
#: stream is dropped first.
MAX_STREAMS: Final = 512
MAX_STREAM_BYTES: Final = 32 << 20
#: The most events whose slot or place an event log keeps by the event's identity (about
#: thirty deals' worth: a bigger table is slower to look up, and keeps more old events
#: alive; it is emptied when full).
MAX_KNOWN_EVENTS: Final = 4096
#: The most new event slots written one by one (more: joined and written as one block).
_FEW_SLOTS: Final = 8
#: The most tensors :meth:`Encoder.forget` keeps for new streams, and their most bytes.
MAX_SPARE_STREAMS: Final = 256
MAX_SPARE_BYTES: Final = 8 << 20
#: The most values a field keeps the cells of (a one-hot, a few numbers...).
MAX_CACHED_VALUES: Final = 4096


class _Unseen:
    """A value no view field equals (a new stream's fields all count as changed)."""

    def __eq__(self, other: object) -> bool:
        return False

    def __ne__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


_UNSEEN: Final = _Unseen()


#: What decides an event's cells, read in one C call: ``(actor, kind, action, args)``.
_EVENT_KEY: Final = operator.attrgetter("actor", "kind", "action", "args")


def _kept(value: object) -> object:
    """``value`` as an object (the compiled module keeps it boxed, made once)."""
    return value


#: The cell values, as objects (a memoryview's cell is set from a float object: made once).
_ONE: Final = _kept(1.0)
_ZERO: Final = _kept(0.0)
_ALL: Final = _kept(slice(None))
_NO_OFFSET: Final = _kept(0)


def native_module() -> Any:
    """:mod:`tapete.rl._cells`, the encoder's native part (a C extension the wheel builds
    when a C compiler is there: its stream tensor, ``Cells``, and the field updates written
    into it), or ``None`` when it is not built (an editable install, a machine without a C
    compiler): the streams then are numpy arrays set through memoryviews, the reference,
    with the same cells (the tests compare the two byte for byte)."""
    try:
        return importlib.import_module("tapete.rl._cells")
    except ImportError:
        return None


#: :func:`native_module` at import (``None``: not built): what an :class:`Encoder` uses by
#: default, and its stream tensor type.
NATIVE: Final[Any] = native_module()
NATIVE_CELLS: Final[Any] = None if NATIVE is None else NATIVE.Cells


class _Stream:
    """One stream's tensor (``vec``), the objects its cells are set through (``mv``: by cell
    number, ``bytes_view``: by byte range), the field values it encodes and each field's
    own memo (the cells it set, the cards of its plane, the events written...).

    With ``cells`` (the native :class:`tapete.rl._cells.Cells`) the tensor is a block of
    that type, which ``mv`` and ``bytes_view`` both are (an int key sets a float32 cell, a
    slice a byte range; ``vec`` is a numpy array over it); else ``vec`` is a numpy array,
    ``mv`` a memoryview of its cells and ``bytes_view`` one of its bytes. The cells set are
    the same either way (the tests compare the two byte for byte)."""

    __slots__ = ("bytes_view", "direct", "memo", "mv", "values", "vec", "zeros")

    def __init__(self, size: int, fields: int, zeros: Any, cells: Any = None) -> None:
        #: Whether the views' instance dicts hold the fields in the encoder's order.
        self.direct = False
        if cells is None:
            self.vec: Buffer = np.zeros(size, np.float32)
            self.mv: Any = self.vec.data
            self.bytes_view: Any = self.mv.cast("B")
        else:
            block = cells(4 * size)
            self.vec = np.frombuffer(block, np.float32)
            self.mv = block
            self.bytes_view = block
        #: The bytes of a zero tensor (shared by the encoder's streams): a clear is a memcpy
        #: (numpy's fill writes cell by cell).
        self.zeros: Any = zeros
        self.values: list[Any] = [_UNSEEN] * fields
        self.memo: list[Any] = [None] * fields

    def clear(self) -> None:
        """Back to a new stream's state: a zero tensor, no values."""
        self.direct = False
        self.bytes_view[_ALL] = self.zeros
        fields = len(self.values)
        self.values = [_UNSEEN] * fields
        self.memo = [None] * fields


class _Field:
    """Writes one view field's changes into a stream's tensor: ``update(view, new, old,
    stream)`` is called when the field's value is not the same object as the stream's last
    (``old``); it compares the values and rewrites only the cells that changed."""

    def __init__(self, i: int) -> None:
        self.i = i

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """Bring the field's cells in ``stream`` from ``old`` to ``new``."""
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what the field keeps of the streams' values (:meth:`Encoder.forget`)."""


class _Cells(_Field):
    """Any field: its parts' cells written again (the cells it set before cleared). The
    cells of each value are kept (most fields take few values: a phase, a seat, a bid)."""

    def __init__(self, i: int, parts: list[Part]) -> None:
        super().__init__(i)
        self.writers: list[Writer] = [p.write for p in parts]
        # the lists hold objects (list[Any]): the compiled module writes them as they are
        self.cache: dict[Any, tuple[list[Any], list[Any], list[Any]]] = {}

    def cells(self, view: Any, new: Any) -> tuple[list[Any], list[Any], list[Any]]:
        """The cells set to one, and the scalar cells with their values, of ``view``."""
        try:
            known = self.cache.get(new)
        except TypeError:  # an unhashable value: written each time
            known, new = None, _UNSEEN
        if known is not None:
            return known
        ones: list[Any] = []
        si: list[Any] = []
        sv: list[Any] = []
        for write in self.writers:
            write(view, ones, si, sv)
        if new is not _UNSEEN:
            if len(self.cache) >= MAX_CACHED_VALUES:
                self.cache.clear()
            self.cache[new] = (ones, si, sv)
        return ones, si, sv

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        if old is not _UNSEEN and new == old:  # (a new stream: no comparison)
            return
        ones, si, sv = self.cells(view, new)
        mv = stream.mv
        memo = stream.memo
        before: list[Any] | None = memo[self.i]
        if before is not None:
            for c in before:
                mv[c] = _ZERO
        for c in ones:
            mv[c] = _ONE
        for k in range(len(si)):
            mv[si[k]] = sv[k]
        memo[self.i] = ones + si if si else ones


class _Numbers(_Field):
    """A number, or a number per seat: the cells take the values (0 past a shorter tuple,
    or for ``None``). A tuple as long as the stream's last one has its changed items
    written cell by cell (compared in one loop: no tuple hashed); any other tuple's cells
    are written as one block of bytes, kept per value (counts, tricks won and scores take
    few values)."""

    def __init__(self, i: int, part: Part, native: Any = None) -> None:
        super().__init__(i)
        self.o = part.offset
        self.size = part.size
        self.single = part.kind == "scalar"
        #: The native module's ``numbers`` (the same-length update in one call), or None,
        #: and its arguments (objects: passed as they are).
        self.native: Any = None if native is None else native.numbers
        self.o_arg: Any = part.offset
        self.size_arg: Any = part.size
        self.span = slice(4 * part.offset, 4 * (part.offset + part.size))  # its bytes
        self.blocks: dict[Any, bytes] = {}
        #: The part's cell numbers, as objects (list[Any]: written as they are).
        self.cell: list[Any] = list(range(part.offset, part.offset + part.size))

    def block(self, values: Any) -> bytes:
        """The float32 cells of ``values`` (a tuple of numbers, or ``None``), as bytes."""
        cells = np.zeros(self.size, np.float32)
        if values is not None:
            count = min(len(values), self.size)
            cells[:count] = [float(v) for v in values[:count]]
        return bytes(cells.tobytes())

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        if self.single:
            if old is _UNSEEN or new != old:
                stream.mv[self.o] = 0.0 if new is None else float(new)
            return
        if type(new) is tuple and type(old) is tuple:
            values: tuple[Any, ...] = new
            last: tuple[Any, ...] = old
            count = len(values)
            if self.native is not None:  # the same length: in one native call, as below
                if self.native(stream.mv, values, last, self.o_arg, self.size_arg):
                    return
            elif count == len(last):  # the same length: the items that changed
                if count > self.size:
                    count = self.size
                mv = stream.mv
                cell = self.cell
                for k in range(count):
                    a = values[k]
                    b = last[k]
                    if a is not b and a != b:  # an int or a float as it is (no float made)
                        kind = type(a)
                        mv[cell[k]] = a if kind is int or kind is float else float(a)
                return
        elif old is not _UNSEEN and new == old:  # equal numbers: the same cells
            return
        try:
            block = self.blocks.get(new)
            hashable = True
        except TypeError:  # an unhashable value: its block is made each time
            block, hashable = None, False
        if block is None:
            block = self.block(new)
            if hashable:
                if len(self.blocks) >= MAX_CACHED_VALUES:
                    self.blocks.clear()
                self.blocks[new] = block
        stream.bytes_view[self.span] = block


class _TrickCells(_Field):
    """The trick in progress: a trick grown from the stream's last one sets its new cells
    only; another one clears the cells the last one set (as a block when they are many)
    and sets its own."""

    def __init__(self, i: int, part: Part, n: int, d: int, index_of: Sequence[int]) -> None:
        super().__init__(i)
        self.n = n
        self.d = d
        self.index_of: list[int] = list(index_of)
        #: The part's cell numbers, as objects (list[Any]: written as they are).
        self.cell: list[Any] = list(range(part.offset, part.offset + part.size))
        self.span = slice(4 * part.offset, 4 * (part.offset + part.size))  # its bytes
        self.zeros: Any = memoryview(bytes(4 * part.size))

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        memo = stream.memo
        before: list[Any] | None = memo[self.i]
        mv = stream.mv
        if new is None:
            if before:
                for c in before:
                    mv[c] = _ZERO
            memo[self.i] = None
            return
        trick: Trick = new
        n, d, index_of, cell = self.n, self.d, self.index_of, self.cell
        leader: int = trick.leader
        cards: tuple[int, ...] = trick.cards  # Card is an int: list indexes in C
        winner: int | None = trick.winner
        first = 0  # the first card to write
        cells: list[Any]
        if before is not None and isinstance(old, Trick):
            last: Trick = old
            known: tuple[Any, ...] = last.cards
            first = len(known)
            if (
                last.leader == leader
                and _starts_with(cards, known)
                and (last.winner is None or last.winner == winner)
            ):
                cells = before  # the stream's own list: extended in place
                if winner is not None and last.winner is None:
                    c = cell[n + winner]
                    mv[c] = _ONE
                    cells.append(c)
            else:
                first = 0
        if first == 0:
            if before:
                if len(before) > 2:
                    stream.bytes_view[self.span] = self.zeros
                else:
                    for c in before:
                        mv[c] = _ZERO
            c = cell[leader]
            mv[c] = _ONE
            cells = [c]
            if winner is not None:
                c = cell[n + winner]
                mv[c] = _ONE
                cells.append(c)
        base = 2 * n
        for k in range(first, len(cards)):
            c = cell[base + ((leader + k) % n) * d + index_of[cards[k]]]
            mv[c] = _ONE
            cells.append(c)
        memo[self.i] = cells


class _CardPlane(_Field):
    """A set of cards: the cells of the cards that came or went."""

    def __init__(self, i: int, part: Part, index_of: Sequence[int]) -> None:
        super().__init__(i)
        #: The cell of each card id, as an object (list[Any]: written as it is); None for
        #: the cards not in the pack.
        self.cell_of: list[Any] = [part.offset + i if i >= 0 else None for i in index_of]

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        mask: int = 0 if new is None else new.mask
        memo = stream.memo
        before: int = memo[self.i] or 0
        changed = before ^ mask
        if not changed:
            return
        mv = stream.mv
        cell_of = self.cell_of
        while changed:
            low = changed & -changed
            mv[cell_of[low.bit_length() - 1]] = _ONE if mask & low else _ZERO
            changed ^= low
        memo[self.i] = mask


class _TrickList(_Field):
    """Finished tricks: per seat, the cards it played; a longer list adds its new tricks."""

    def __init__(self, i: int, part: Part, n: int, d: int, index_of: Sequence[int]) -> None:
        super().__init__(i)
        self.o = part.offset
        self.size = part.size
        self.n = n
        self.d = d
        self.index_of: list[int] = list(index_of)
        #: The part's cell numbers, as objects (list[Any]: written as they are).
        self.cell: list[Any] = list(range(part.offset, part.offset + part.size))
        self.span = slice(4 * part.offset, 4 * (part.offset + part.size))  # its bytes
        self.zeros: Any = memoryview(bytes(4 * part.size))

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        tricks: tuple[Any, ...] = () if new is None else tuple(new)
        memo = stream.memo
        before: tuple[Any, ...] = memo[self.i] or ()
        start = len(before)
        count = len(tricks)
        if _starts_with(tricks, before):
            if start == count:
                memo[self.i] = tricks
                return
        else:  # not an extension: again
            stream.bytes_view[self.span] = self.zeros
            start = 0
        n, d, index_of, cell = self.n, self.d, self.index_of, self.cell
        mv = stream.mv
        for t in range(start, count):
            trick: Trick = tricks[t]
            leader: int = trick.leader
            cards: tuple[int, ...] = trick.cards  # Card is an int: list indexes in C
            for k in range(len(cards)):
                mv[cell[((leader + k) % n) * d + index_of[cards[k]]]] = _ONE
        memo[self.i] = tricks


class _EventLog(_Field):
    """The event log: its opening (the deal's card events, as planes) written again when it
    changed (a stream's first view, a view in the middle of the deal), then the slots from
    the first event that differs from the stream's last log (a longer log of the same deal:
    its new events only; the slots past the new log cleared). The stream's last log is
    compared item by item, identity first, in one loop (no slice made). Each event's slot is
    kept as the bytes of its float32 cells, by the event's identity (with the event, so that
    the identity stays its own) and by what decides them (actor, kind, action, arguments);
    one new slot is written by its preset byte range, several as one block."""

    def __init__(self, i: int, part: Part, native: Any = None) -> None:
        super().__init__(i)
        assert part.event_log is not None
        #: The native module (its ``prefix``, ``opening`` and ``slots`` do the steps below in
        #: one call each, kept as attributes: no module lookup per call), or None.
        self.native: Any = native
        self.native_prefix: Any = None if native is None else native.prefix
        self.native_opening: Any = None if native is None else native.opening
        self.native_slots: Any = None if native is None else native.slots
        #: The native tables of the rows and places by the event's identity (``IdTable``:
        #: what ``by_id`` and ``open_by_id`` keep, found without making or hashing an int).
        self.slot_ids: Any = None if native is None else native.IdTable(MAX_KNOWN_EVENTS)
        self.open_ids: Any = None if native is None else native.IdTable(MAX_KNOWN_EVENTS)
        self.event_cells = part.event_log[0]
        self.slots = part.event_log[1]
        self.width = part.event_log[2]
        self.o = part.offset
        self.size = part.size
        opening = part.opening
        self.has_opening = opening is not None
        kind_rows, index_of, o_open, open_size, row_size, d = (
            opening if opening is not None else ({}, [], 0, 0, 1, 1)
        )
        #: The opening's row of each kind by recipient (``[to + 1]``; -1: none).
        self.kind_rows: dict[str, list[int]] = kind_rows
        #: The deck-local index of each card id (-1: not in the pack).
        self.index_of: list[int] = index_of
        self.row_size = row_size
        self.d = d
        #: The opening's cell numbers (as objects), byte range and zero bytes; the place of
        #: the event last seen at each of its positions, and by the event's identity.
        self.open_cell: list[Any] = list(range(o_open, o_open + open_size))
        #: The opening's first cell and size, as objects (passed as they are to the native
        #: ``opening``).
        self.open_o: Any = o_open
        self.open_size: Any = open_size
        self.row_size_arg: Any = row_size
        self.d_arg: Any = d
        self.open_span = slice(4 * o_open, 4 * (o_open + open_size))
        self.open_zeros: Any = memoryview(bytes(4 * open_size))
        #: Per opening row, the byte range of its first ``k`` hidden cells (``[r][k]``), and
        #: the bytes of ``k`` ones (made once: a row's hidden cells, their count, are written
        #: as one block, no slice made).
        hidden_at = [4 * (o_open + r * row_size + d) for r in range(open_size // row_size)]
        self.hidden_span: list[list[Any]] = [
            [slice(at, at + 4 * k) for k in range(d + 1)] for at in hidden_at
        ]
        self.ones: list[Any] = [bytes(np.ones(k, np.float32).tobytes()) for k in range(d + 1)]
        self.open_at: list[tuple[Any, ...] | None] = [None] * (2 * open_size)
        # (event, row or place) by the event's identity (a view out of order, a hidden
        # card's event seen by another seat in between), keyed by ``id(event) >> 4``: an
        # object's address is a multiple of 16, whose low bits, always 0, would crowd a
        # dict's first probes into a sixteenth of its slots
        self.by_id: dict[int, tuple[Any, ...]] = {}
        self.open_by_id: dict[int, tuple[Any, ...]] = {}
        # (event, row): the last one written in each slot (the streams of one deal write
        # the same events in the same slots: no lookup)
        self.at_slot: list[tuple[Any, ...] | None] = [None] * self.slots
        self.rows: dict[tuple[Any, ...], bytes] = {}
        self.zeros: Any = memoryview(bytes(4 * part.size))
        #: The byte offset of each slot in the tensor (then the log's end), as objects, and
        #: each slot's byte range (made once).
        width = self.width
        #: A slot's bytes (an object: passed as it is to the native ``slots``).
        self.row_bytes: Any = 4 * width
        self.at_byte: list[Any] = [4 * (self.o + j * width) for j in range(self.slots + 1)]
        self.span: list[Any] = [
            slice(self.at_byte[j], self.at_byte[j + 1]) for j in range(self.slots)
        ]

    def row(self, event: Event) -> bytes:
        """The float32 cells of ``event``'s slot, as bytes (kept by what decides them)."""
        key = _EVENT_KEY(event)
        row = self.rows.get(key)
        if row is None:
            slot = np.zeros(self.width, np.float32)
            slot[list(self.event_cells(event))] = 1.0
            row = bytes(slot.tobytes())
            if len(self.rows) >= 65_536:
                self.rows.clear()
            self.rows[key] = row
        return row

    def row_at(self, event: Any, j: int) -> bytes:
        """The bytes of ``event``'s slot, written at slot ``j``: the last event written there
        if it is this one (the streams of one deal write the same events in the same
        slots), else made or found by what decides them."""
        at_slot = self.at_slot
        known: tuple[Any, ...] | None = at_slot[j]
        if known is None or known[0] is not event:
            by_id = self.by_id
            known = by_id.get(id(event) >> 4)
            if known is None or known[0] is not event:
                if len(by_id) >= MAX_KNOWN_EVENTS:
                    by_id.clear()
                known = (event, self.row(event))
                by_id[id(event) >> 4] = known
            at_slot[j] = known
        row: bytes = known[1]
        return row

    def forget(self) -> None:
        """Drop the events last written in each slot (the forgotten streams'); the events'
        rows and places, kept by what decides them, stay."""
        self.at_slot = [None] * len(self.at_slot)
        self.open_at = [None] * len(self.open_at)

    def place(self, event: Any) -> int:
        """Where ``event`` goes in the opening, relative to its first cell: its row's cell
        of the card (shown) or the row's first hidden cell (hidden); -1 if it is not an
        opening event (as the builder's ``opening_place``: see :func:`opening_key`)."""
        if event.actor != CHANCE:
            return -1
        to = -1
        card = -1
        args: tuple[Any, ...] = event.args
        for item in args:
            key = item[0]
            value = item[1]
            if key == "to" and type(value) is int and value >= 0:
                to = value
            elif key == "card" and isinstance(value, Card):
                if card < 0:
                    card = value
            else:
                return -1
        rows = self.kind_rows.get(event.kind)
        if rows is None or to + 1 >= len(rows):
            return -1
        r = rows[to + 1]
        if r < 0:
            return -1
        action = event.action
        if event.hidden:
            return r * self.row_size + self.d if action is None and card < 0 else -1
        index_of = self.index_of
        if card < 0 or action is None or card >= len(index_of):
            return -1
        index = index_of[card]
        return r * self.row_size + index if index >= 0 and action == index else -1

    def place_at(self, event: Any, j: int) -> int:
        """``event``'s place in the opening (-1: none), the event being the ``j``-th: the
        last hidden or shown event seen there if it is this one (the streams of one deal
        see the same events in the same places, a hidden card's event shared by the seats
        that do not hold it), else asked (the place is kept by what decides it)."""
        open_at = self.open_at
        known: tuple[Any, ...] | None = open_at[2 * j]
        if known is None or known[0] is not event:
            known = open_at[2 * j + 1]
            if known is None or known[0] is not event:
                by_id = self.open_by_id
                known = by_id.get(id(event) >> 4)
                if known is None or known[0] is not event:
                    if len(by_id) >= MAX_KNOWN_EVENTS:
                        by_id.clear()
                    known = (event, self.place(event))
                    by_id[id(event) >> 4] = known
                place: int = known[1]
                row_size = self.row_size
                hidden = place >= 0 and place - (place // row_size) * row_size >= self.d
                open_at[2 * j if hidden else 2 * j + 1] = known
        found: int = known[1]
        return found

    def write_opening(self, events: tuple[Any, ...], stream: _Stream) -> int:
        """Write the opening of ``events`` into the stream's (cleared) opening cells: its
        leading opening events, up to a card already shown in its row or a row whose hidden
        cells are all taken (as :meth:`_Builder.event_log`'s ``split``); its length. The
        shown cards are set one by one, each row's hidden cells (their count) as a block
        (natively: the same in one call)."""
        d = self.d
        row_size = self.row_size
        if self.native is not None and d <= 64:
            found: int = self.native_opening(
                stream.mv,
                events,
                self.open_at,
                self.open_ids,
                self,
                self.open_o,
                self.row_size_arg,
                self.d_arg,
                self.open_size,
            )
            return found
        n_rows = len(self.open_cell) // row_size
        counts = [0] * n_rows
        shown = [0] * n_rows  # the shown cards' bits, per row
        cell = self.open_cell
        mv = stream.mv
        count = len(events)
        limit = len(self.open_cell)
        run = 0
        open_at = self.open_at
        while run < count and run < limit:
            event = events[run]
            known: tuple[Any, ...] | None = open_at[2 * run]  # the hidden event seen there
            if known is not None and known[0] is event:
                place: int = known[1]
            else:
                place = self.place_at(event, run)
            if place < 0:
                break
            at = opening_cell(place, row_size, d, counts, shown)
            if at < 0:
                break
            if at - (at // row_size) * row_size < d:  # a card shown (the hidden: below)
                mv[cell[at]] = _ONE
            run += 1
        bv = stream.bytes_view
        hidden_span = self.hidden_span
        ones = self.ones
        for r in range(n_rows):
            k = counts[r]
            if k:
                bv[hidden_span[r][k]] = ones[k]
        return run

    def update(self, view: Any, new: Any, old: Any, stream: _Stream) -> None:
        """See :class:`_Field`."""
        events: tuple[Any, ...] = () if new is None else tuple(new)
        count = len(events)
        i = self.i
        memo = stream.memo
        state: list[Any] | None = memo[i]  # [the log last written, its opening's length]
        if state is None:
            state = memo[i] = [(), 0]
        before: tuple[Any, ...] = state[0]
        run_before: int = state[1]
        written = len(before)
        limit = written if written < count else count
        start = 0  # the first event that differs (compared by identity, then by value)
        native = self.native
        if native is not None:
            start = self.native_prefix(events, before, limit)
        else:
            while start < limit and events[start] is before[start]:
                start += 1
            while start < limit:
                a = events[start]
                b = before[start]
                if a is not b and a != b:
                    break
                start += 1
        if start == count and start == written:
            state[0] = events
            return
        slots = self.slots
        bv = stream.bytes_view
        run = run_before
        if self.has_opening and (start <= run_before or run_before == written):
            # the opening may have changed (or, the last log being all opening, grown)
            if run_before:
                bv[self.open_span] = self.open_zeros
            run = self.write_opening(events, stream)
        # the slots: events[first + j] in slot j (the latest ones if there are more)
        first = run if count - run <= slots else count - slots
        first_before = run_before if written - run_before <= slots else written - slots
        used = count - first
        used_before = written - first_before
        if first != first_before or first != run or first_before != run_before:
            from_slot = 0  # every slot moved
        else:
            from_slot = start - first if start > first else 0
        at_byte = self.at_byte
        if used_before > used and used_before > from_slot:  # slots past the new log: cleared
            low = used if used > from_slot else from_slot
            bv[at_byte[low] : at_byte[used_before]] = self.zeros[
                : 4 * (used_before - low) * self.width
            ]
        if native is not None:  # natively, slot by slot (as below, in one call)
            self.native_slots(
                stream.mv,
                events,
                first,
                from_slot,
                used,
                self.at_slot,
                self.slot_ids,
                at_byte[0],
                self.row_bytes,
                self,
            )
        elif used - from_slot <= _FEW_SLOTS:  # slot by slot, by their preset byte ranges
            span = self.span
            for j in range(from_slot, used):
                bv[span[j]] = self.row_at(events[first + j], j)
        else:
            rows = [self.row_at(events[first + j], j) for j in range(from_slot, used)]
            bv[at_byte[from_slot] : at_byte[used]] = b"".join(rows)
        state[0] = events
        state[1] = run


def opening_cell(place: int, row_size: int, d: int, counts: list[int], shown: list[int]) -> int:
    """The opening cell (from the opening's first) of an event whose place is ``place``
    (its row's card cell, or the row's first hidden cell), counted in: ``shown`` holds each
    row's cards shown (bits), ``counts`` its hidden cells taken. -1 when it does not fit
    (the card shown already in its row, or the row's hidden cells all taken): the opening
    ends there (as :meth:`_Builder.event_log`'s ``split``).

    >>> counts, shown = [0, 0], [0, 0]  # rows of 3 card cells, then 3 hidden cells
    >>> opening_cell(1, 6, 3, counts, shown), opening_cell(3, 6, 3, counts, shown)
    (1, 3)
    >>> opening_cell(3, 6, 3, counts, shown), opening_cell(1, 6, 3, counts, shown)
    (4, -1)
    """
    r = place // row_size
    at = place - r * row_size
    if at >= d:  # hidden: the row's next hidden cell
        k = counts[r]
        if k >= d:
            return -1
        counts[r] = k + 1
        return place + k
    bit = 1 << at
    if shown[r] & bit:  # this card shown already in its row
        return -1
    shown[r] |= bit
    return place


def _starts_with(items: tuple[Any, ...], before: tuple[Any, ...]) -> bool:
    """Whether ``items`` begins with the items of ``before`` (identity first; a short tuple:
    no slice made)."""
    if len(before) > len(items):
        return False
    for k in range(len(before)):
        a = items[k]
        b = before[k]
        if a is not b and a != b:
            return False
    return True


def _bytes_of(array: Any) -> Any:
    """The bytes of a C-contiguous, writable float32 array (a memoryview: copied into with
    memcpy), else ``None``."""
    if (
        isinstance(array, np.ndarray)
        and array.dtype == np.float32
        and array.flags.c_contiguous
        and array.flags.writeable
    ):
        return array.data.cast("B")
    return None


def _field_of(name: str) -> str:
    """The view's field a part belongs to: ``bids[2]`` and ``deal.hand`` to ``bids``,
    ``deal``; ``scores?`` to ``scores``."""
    for i, char in enumerate(name):
        if char in ".[?":
            return name[:i]
    return name


def _getter(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """All ``fields`` of a view in one C call, as a tuple."""
    if len(fields) == 1:
        one = operator.attrgetter(fields[0])
        return lambda view: (one(view),)
    return operator.attrgetter(*fields)


def _field_updater(ctx: _Context, i: int, parts: list[Part]) -> _Field:
    """The updater of field ``i``, made of ``parts``: a card plane changes by the cards in
    and out, a trick list and an event log by what was appended, numbers by their values;
    any other field has its cells written again (the cells it set before cleared)."""
    if len(parts) == 1 and parts[0].get is not None:
        part = parts[0]
        if part.kind in ("seat_values", "scalar"):
            return _Numbers(i, part, ctx.native)
        if part.kind == "cardset":
            return _CardPlane(i, part, ctx.index_of)
        if part.kind == "tricks":
            return _TrickList(i, part, ctx.n, ctx.d, ctx.index_of)
        if part.kind == "trick":
            return _TrickCells(i, part, ctx.n, ctx.d, ctx.index_of)
        if part.kind == "events" and part.event_log is not None:
            return _EventLog(i, part, ctx.native)
    if len(parts) == 2 and parts[0].kind == "opening" and parts[1].event_log is not None:
        return _EventLog(i, parts[1], ctx.native)  # the log's opening, then its slots
    return _Cells(i, parts)
