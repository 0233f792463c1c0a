"""The native stream tensor of :mod:`tapete.rl.encoding` (``_cells.c``; built with the wheel)."""

from typing import Any, SupportsFloat, SupportsIndex

from typing_extensions import Buffer

class Cells:
    """A zeroed float32 tensor of ``nbytes`` bytes, exported as bytes (buffer protocol):
    ``cells[i] = number`` sets float32 cell ``i``, ``cells[a:b] = data`` bytes ``a`` to
    ``b - 1``; ``cells[i]`` reads cell ``i``; ``len(cells)`` is the number of cells."""

    def __init__(self, nbytes: int) -> None: ...
    @property
    def nbytes(self) -> int:
        """The tensor's size in bytes."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: SupportsIndex) -> float: ...
    def __setitem__(self, key: SupportsIndex | slice, value: SupportsFloat | Buffer) -> None: ...
    def __buffer__(self, flags: int) -> memoryview: ...

class IdTable:
    """``(event, value)`` tuples by the event's identity, at most ``limit`` (then emptied);
    filled and read by :func:`slots` and :func:`opening`."""

    def __init__(self, limit: int) -> None: ...
    def __len__(self) -> int: ...
    def clear(self) -> None:
        """Drop every entry."""

def prefix(a: tuple[Any, ...], b: tuple[Any, ...], limit: int) -> int:
    """How many leading items of ``a`` and ``b`` (at most ``limit``) are the same object or
    equal, compared by identity first."""

def slots(
    cells: Cells,
    events: tuple[Any, ...],
    first: int,
    start: int,
    stop: int,
    at_slot: list[Any],
    ids: IdTable,
    at: int,
    width: int,
    log: Any,
) -> None:
    """Write the event log's slots ``start`` … ``stop - 1`` (slot ``j``: ``events[first +
    j]``) as ``_EventLog.row_at`` finds their rows (``ids``: the rows by the event's
    identity); slot ``j`` begins at byte ``at + j * width``."""

def opening(
    cells: Cells,
    events: tuple[Any, ...],
    open_at: list[Any],
    ids: IdTable,
    log: Any,
    at: int,
    row_size: int,
    d: int,
    limit: int,
) -> int:
    """Write the log's opening as ``_EventLog.write_opening`` does (places found as
    ``_EventLog.place_at`` finds them) and return its length."""

def numbers(cells: Cells, new: Any, old: Any, at: int, size: int) -> bool:
    """Two tuples of the same length: write the items of ``new`` that differ from ``old``'s
    into cells ``at + k`` (``k < size``) and return True; else False (nothing written)."""

def copy(dest: Buffer, cells: Cells, at: int) -> None:
    """The bytes of ``cells`` written into ``dest`` (a writable contiguous buffer) from its
    byte ``at`` on, with one ``memcpy``."""

def copy_used(dest: Buffer, cells: Cells, used: int) -> None:
    """The first ``used`` bytes of ``cells`` written into ``dest``, then zeros up to the
    size of ``cells`` (its bytes after ``used`` are zero: they are not read)."""

def raw_decode(dec: list[Any], events: list[Any], ids: IdTable, make: Any) -> None:
    """Append to ``dec`` the decoded entry of each event of ``events`` after the first
    ``len(dec)``: the one ``ids`` keeps for the event (by identity), else ``make(event)``
    (then kept)."""

def raw_opening(
    cells: Cells,
    dec: list[Any],
    start: int,
    stop: int,
    who: int,
    open_cell: list[int],
    row_size: int,
    d: int,
    counts: list[int],
    shown: list[int],
) -> int:
    """Write the opening cells of ``dec[start:stop]`` for the seat ``who`` (-1: a
    spectator), ``counts`` and ``shown`` updated; the index of the first event that does
    not fit (``stop`` when all do)."""

def raw_slots(
    cells: Cells, dec: list[Any], start: int, stop: int, who: int, at: int, width: int
) -> None:
    """Write the slot rows of ``dec[start:stop]`` for the seat ``who``, the first at byte
    ``at``, each ``width`` bytes after the one before."""
