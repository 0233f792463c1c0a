"""The :class:`Encoder` (a game's views as float32 tensors), its cache :func:`encoder_for`
and the layouts' Markdown (:func:`layout_section`, :func:`main`)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import numpy as np

from tapete.cards import Deck
from tapete.engine import Game, PlayerView, State
from tapete.engine.match import MatchView
from tapete.errors import ConfigError
from tapete.rl.encoding.layout import MAX_EVENT_SLOTS, Buffer, Part, _Builder, _Context, _identity
from tapete.rl.encoding.rawlog import RawLog
from tapete.rl.encoding.stream import (
    _ALL,
    _NO_OFFSET,
    MAX_SPARE_BYTES,
    MAX_SPARE_STREAMS,
    MAX_STREAM_BYTES,
    MAX_STREAMS,
    NATIVE,
    NATIVE_CELLS,
    _bytes_of,
    _EventLog,
    _Field,
    _field_of,
    _field_updater,
    _getter,
    _Stream,
)
from tapete.rl.encoding.survey import Discovery, EncodingError, discovery

#: The view fields an events-only tensor encodes (``Encoder(game, events_only=True)``).
EVENT_FIELDS: Final = frozenset({"seat", "current_player", "events"})


class _Seen:
    """What an events-only encoder reads of a state (no view made): the seat, the seat to
    act and the events as the seat saw them."""

    __slots__ = ("current_player", "events", "seat")

    def __init__(self, seat: int | None, current_player: int, events: tuple[Any, ...]) -> None:
        self.seat = seat
        self.current_player = current_player
        self.events = events


# -- the encoder ----------------------------------------------------------------------------
class Encoder:
    """Writes the views of one game as float32 tensors (see :mod:`tapete.rl.encoding`).

    ``events_only=True`` keeps only the seat, the seat to act and the event log (the
    information state as the seat's history, as OpenSpiel's own card games write theirs),
    and :meth:`encode_state` then writes it from a state without making its view:

    >>> import random, numpy as np, tapete
    >>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
    >>> state = tapete.engine.random_playout(game.new_initial_state(), random.Random(1))
    >>> log = Encoder(game, events_only=True)
    >>> [p.name for p in log.parts]
    ['seat', 'current_player', 'events.opening', 'events']
    >>> bool((log.encode_state(state, 0) == log.encode(state.view(0))).all())
    True
    """

    def __init__(
        self,
        game: Game,
        perfect_recall: bool = True,
        found: Discovery | None = None,
        max_events: int | None = MAX_EVENT_SLOTS,
        native: bool | None = None,
        events_only: bool = False,
    ) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        #: Whether only the seat, the seat to act and the event log are encoded.
        self.events_only = events_only
        if native and NATIVE_CELLS is None:
            raise EncodingError("the native stream tensor (tapete.rl._cells) is not built")
        #: Whether the streams' tensors are the native ones (:func:`native_cells`; by default
        #: when they are built, ``native=False``: numpy arrays through memoryviews).
        self.native: bool = NATIVE_CELLS is not None and native is not False
        self._cells: Any = NATIVE_CELLS if self.native else None
        #: The native ``copy`` (a stream's tensor into the caller's buffer), or None.
        self._copy: Any = NATIVE.copy if self.native else None
        #: The native ``copy_used`` (an events-only tensor's used bytes, zeros after them).
        self._copy_used: Any = NATIVE.copy_used if self.native else None
        found = found if found is not None else discovery(game)
        self._ctx = _Context(game, found, max_events, whole_log=events_only)
        self._ctx.native = NATIVE if self.native else None
        builder = _Builder(self._ctx, perfect_recall)
        view = game.new_initial_state().view(0)
        self.view_class: type = type(view)
        # a match view's own events are its live deal's: encoded once, inside the deal
        own_events = not issubclass(self.view_class, MatchView)
        if events_only and not (perfect_recall and own_events):
            raise EncodingError(
                "an events-only tensor is a deal game's information state: perfect_recall "
                "must be true, and a match's earlier deals are not in its live deal's events"
            )
        only = EVENT_FIELDS if events_only else None
        builder.view_fields(self.view_class, "", _identity, events=own_events, only=only)
        self.parts: tuple[Part, ...] = tuple(builder.parts)
        self.skipped: tuple[tuple[str, str], ...] = tuple(builder.skipped)
        self.size: int = builder.offset
        #: The pack whose deck-local indices the card planes use.
        self.deck: Deck = self._ctx.deck
        # The incremental form (see encode): the view's fields that have cells, each with
        # the updater that writes its changes into a stream's tensor.
        groups: dict[str, list[Part]] = {}
        for part in self.parts:
            groups.setdefault(_field_of(part.name), []).append(part)
        self._fields: tuple[str, ...] = tuple(groups)
        self._values: Callable[[Any], tuple[Any, ...]] = _getter(self._fields)
        self._updaters: list[_Field] = [
            _field_updater(self._ctx, i, parts) for i, parts in enumerate(groups.values())
        ]
        # Where each field's value is read from: the view's instance dict, in its order (a
        # view's fields are set in the same order by its class's __init__): _plan[k] is the
        # updater of its k-th value (None: a field not encoded), then come the fields kept
        # outside the dict (the slots of a compiled base class) if there are any.
        # (an events-only encoder reads every view field by field: none is direct)
        self._dict_names: tuple[str, ...] = (
            () if events_only else tuple(getattr(view, "__dict__", ()))
        )
        outside = tuple(f for f in self._fields if f not in self._dict_names)
        self._outside: Callable[[Any], tuple[Any, ...]] | None = (
            _getter(outside) if outside else None
        )
        # 3 or 2: the outside fields are PlayerView's seat, current_player (and events), read
        # as attributes; else with _outside
        base = ("seat", "current_player", "events")
        self._outside_base: int = next((k for k in (3, 2) if outside == base[:k]), 0)
        by_name = dict(zip(self._fields, self._updaters, strict=True))
        self._plan: list[_Field | None] = [by_name.get(f) for f in self._dict_names + outside]
        self._streams: dict[int, _Stream] = {}
        self._zeros: Any = memoryview(bytes(4 * self.size))
        self._spare: list[_Stream] = []
        self._seat_codes: int = game.num_players() + 1
        # per seat code (0: a spectator, then seat + 1), the first event of its last view's
        # log and that view's stream (a seat's next view is most often of the same game)
        self._last_head: list[Any] = [None] * self._seat_codes
        self._last_stream: list[_Stream | None] = [None] * self._seat_codes
        # the caller's last buffer and its bytes (None: not C-contiguous float32)
        self._out: Any = None
        self._out_bytes: Any = None
        self._max_streams = max(8, min(MAX_STREAMS, MAX_STREAM_BYTES // (4 * max(1, self.size))))
        #: An events-only encoder's writer of states' raw logs (None: views are read).
        self._raw: RawLog | None = None
        logs = [u for u in self._updaters if isinstance(u, _EventLog)]
        if events_only and len(logs) == 1:
            self._raw = RawLog(
                game, self.parts, logs[0], self._fresh_stream, NATIVE if self.native else None
            )

    @property
    def shape(self) -> tuple[int]:
        """``(size,)``: the tensor is flat (each part's shape is in :attr:`parts`)."""
        return (self.size,)

    def encode(self, view: PlayerView, out: Buffer | None = None) -> Buffer:
        """Write ``view`` into ``out`` (a float32 array of :attr:`size`, overwritten; a new
        one if ``None``) and return it.

        The encoder keeps a tensor per *stream* (a seat's views of one game, found by the
        seat and the first event): a new view of the stream rewrites only the fields that
        changed since its last view (cards in or out of a plane, the new events of the
        log...), then the stream's tensor is copied into ``out`` (one ``memcpy`` into a
        C-contiguous float32 buffer: the encoder keeps the last buffer and a memoryview of
        it, so numpy will not resize that buffer in place meanwhile)."""
        if type(view) is not self.view_class:
            raise EncodingError(
                f"this encoder reads {self.view_class.__name__} views, got {type(view).__name__}"
            )
        if out is not None and out is not self._out and out.shape != (self.size,):
            raise EncodingError(f"the buffer must have shape ({self.size},), got {out.shape}")
        if self.events_only:  # the game's whole log (Trynka's views keep earlier deals apart)
            seen = _Seen(view.seat, view.current_player, view.all_events())
            return self._deliver(self._update(seen), out)
        return self._deliver(self._update(view), out)

    def encode_state(self, state: State, seat: int | None, out: Buffer | None = None) -> Buffer:
        """Write ``seat``'s information about ``state`` into ``out`` as :meth:`encode`
        writes ``state.view(seat)``. An events-only encoder makes no view: it reads the
        seat's events (kept by the state and extended as it goes) and the seat to act,
        so a tensor at every decision costs the new events' slots and the copy."""
        if not self.events_only:
            return self.encode(state.view(seat), out)
        if out is not None and out is not self._out and out.shape != (self.size,):
            raise EncodingError(f"the buffer must have shape ({self.size},), got {out.shape}")
        raw_log = self._raw
        if raw_log is not None:
            raw = raw_log.advance(state.raw_events(), seat, state.current_player())
            if (
                out is not None
                and out is self._out
                and self._out_bytes is not None
                and self._copy_used is not None
            ):
                # only the bytes up to the last slot written are read (zeros after them)
                self._copy_used(self._out_bytes, raw.tensor.mv, raw_log.used(raw))
                return out
            return self._deliver(raw.tensor, out)
        seen = _Seen(seat, state.current_player(), state.events(seat))
        return self._deliver(self._update(seen), out)

    def _deliver(self, stream: _Stream, out: Buffer | None) -> Buffer:
        """Copy ``stream``'s tensor into ``out`` (a new array if ``None``)."""
        if out is None:
            return stream.vec.copy()
        if out is not self._out:  # the caller's buffer (its shape checked above) and its
            self._out = out  # bytes, kept for the next call
            self._out_bytes = _bytes_of(out)
        if self._out_bytes is None:
            out[:] = stream.vec
        elif self._copy is not None:
            self._copy(self._out_bytes, stream.mv, _NO_OFFSET)
        else:
            self._out_bytes[_ALL] = stream.bytes_view
        return out

    def _update(self, view: Any) -> _Stream:
        """The stream of ``view``, brought to it."""
        events = view.events
        seat = view.seat
        code = 0 if seat is None else seat + 1
        plan = self._plan
        names: dict[str, Any] | None = getattr(view, "__dict__", None)
        # the stream: the seat's last one if the view's log opens with the same event (no
        # lookup), else found by the identity of its first event and its seat, as one int
        head: Any = events[0] if events else None
        last = self._last_stream
        stream: _Stream | None = None
        if head is not None and 0 <= code < len(last) and head is self._last_head[code]:
            stream = last[code]
        if stream is None:
            key = (id(events[0]) if events else 0) * self._seat_codes + code
            streams = self._streams
            stream = streams.get(key)
            if stream is None:
                stream = self._new_stream()
                stream.direct = names is not None and tuple(names) == self._dict_names
                streams[key] = stream
            if head is not None and 0 <= code < len(last):
                self._last_head[code] = head
                last[code] = stream
        olds = stream.values
        if stream.direct and names is not None and len(names) == len(self._dict_names):
            k = 0
            for new in list(names.values()):  # one C loop over the dict
                old = olds[k]
                if new is not old:
                    field = plan[k]
                    if field is not None:
                        field.update(view, new, old, stream)
                    olds[k] = new
                k += 1
            if self._outside is not None:
                # the compiled core's PlayerView keeps its own fields outside the dict
                if self._outside_base:
                    self._step(view, stream, k, seat)
                    self._step(view, stream, k + 1, view.current_player)
                    if self._outside_base == 3:
                        self._step(view, stream, k + 2, events)
                else:
                    for new in self._outside(view):
                        self._step(view, stream, k, new)
                        k += 1
        else:  # a view whose instance dict is not the class's usual one: field by field
            stream.direct = False  # for good: the values below are kept at other places
            updaters = self._updaters
            values = self._values(view)
            base = len(plan)
            for k in range(len(updaters)):
                new = values[k]
                old = olds[base + k]
                if new is not old:
                    updaters[k].update(view, new, old, stream)
                    olds[base + k] = new
        return stream

    def _step(self, view: PlayerView, stream: _Stream, k: int, new: Any) -> None:
        """Bring the stream's ``k``-th value (of :attr:`_plan`) to ``new``."""
        old = stream.values[k]
        if new is not old:
            field = self._plan[k]
            if field is not None:
                field.update(view, new, old, stream)
            stream.values[k] = new

    def _fresh_stream(self) -> _Stream:
        """A new stream with a zero tensor."""
        return _Stream(self.size, len(self._plan) + len(self._fields), self._zeros, self._cells)

    def _new_stream(self) -> _Stream:
        """A stream with a zero tensor: a spare one (cleared), the oldest stream's when there
        are too many, else a new one."""
        if self._spare:
            stream = self._spare.pop()
            stream.clear()
            return stream
        streams = self._streams
        if len(streams) >= self._max_streams:
            stream = streams.pop(next(iter(streams)))
            stream.clear()
            self._forget_last()
            return stream
        return _Stream(self.size, len(self._plan) + len(self._fields), self._zeros, self._cells)

    def _forget_last(self) -> None:
        """Drop each seat's last stream (a stream dropped or given to another game)."""
        codes = len(self._last_stream)
        self._last_head = [None] * codes
        self._last_stream = [None] * codes

    def forget(self) -> None:
        """Drop every stream (the next view of each is written whole); a few of their
        tensors are kept, cleared, for the next new streams."""
        for field in self._updaters:
            field.forget()
        self._forget_last()
        if self._raw is not None:
            self._raw.forget()
        keep = max(0, min(MAX_SPARE_STREAMS, MAX_SPARE_BYTES // (4 * max(1, self.size))))
        keep -= len(self._spare)
        for stream in self._streams.values():
            if keep <= 0:
                break
            self._spare.append(stream)
            keep -= 1
        self._streams.clear()

    def encode_batch(self, views: Iterable[PlayerView], out: Buffer | None = None) -> Buffer:
        """Write many views into the rows of ``out`` (``(len(views), size)``), each as
        :meth:`encode` writes it."""
        views = list(views)
        if out is None:
            out = np.empty((len(views), self.size), np.float32)
        elif out.shape != (len(views), self.size):
            raise EncodingError(
                f"the buffer must have shape ({len(views)}, {self.size}), got {out.shape}"
            )
        view_class = self.view_class
        rows = _bytes_of(out)
        width = 4 * self.size
        for row, view in enumerate(views):
            if type(view) is not view_class:
                raise EncodingError(
                    f"this encoder reads {view_class.__name__} views, got {type(view).__name__}"
                )
            stream = self._update(view)
            if rows is None:
                out[row] = stream.vec
            elif self._copy is not None:
                self._copy(rows, stream.mv, row * width)
            else:
                rows[row * width : (row + 1) * width] = stream.bytes_view
        return out

    def bounds(self) -> tuple[Buffer, Buffer]:
        """``(low, high)`` of every cell, a Gymnasium ``Box`` of the tensor: 0 and 1 for the
        one-hot and plane cells; for the numbers (scalars, per-seat values, an optional
        number's value) ``0 … len(pack)`` when they count cards, tricks or bids
        (:data:`COUNT_FIELDS`), ``0 … num_players()`` for ``n_players``, and infinite for
        the others (amounts, scores, balances: a game's rules bound them in other ways)."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        cards, seats = float(len(self.deck)), float(self.game.num_players())
        for part in self.parts:
            if part.kind == "scalar":
                cells = slice(part.offset, part.offset + 1)
            elif part.kind == "seat_values":
                cells = slice(part.offset, part.offset + part.size)
            elif part.kind == "optional":
                cells = slice(part.offset + 1, part.offset + 2)
            else:
                continue
            leaf = part.name.rsplit(".", 1)[-1].split("[", 1)[0]
            if leaf in COUNT_FIELDS:
                low[cells], high[cells] = 0.0, cards
            elif leaf == "n_players":
                low[cells], high[cells] = 0.0, seats
            else:
                low[cells], high[cells] = -np.inf, np.inf
        return low, high

    def decode(self, tensor: Buffer) -> dict[str, Any]:
        """The value each part encodes, by its name (cards as :class:`CardSet`, seats as
        ints, trick lists as each seat's played cards...)."""
        return {p.name: p.read(tensor) for p in self.parts}

    def describe(self) -> list[tuple[str, int, int, str]]:
        """``(name, offset, size, meaning)`` of every part, in order."""
        return [(p.name, p.offset, p.size, p.meaning) for p in self.parts]

    def markdown(self) -> str:
        """The layout as a Markdown table (the docs' per-game tables are made with it)."""
        lines = ["| part | offset | size | meaning |", "|---|---|---|---|"]
        lines += [f"| `{n}` | {o} | {s} | {m} |" for n, o, s, m in self.describe()]
        lines += [f"| `{n}` | — | 0 | not encoded: {why} |" for n, why in self.skipped]
        return "\n".join(lines)


#: The views' numbers that count cards, tricks or bids of one deal, whatever the game: each
#: lies in ``0 … len(pack)`` (:meth:`Encoder.bounds`).
COUNT_FIELDS: Final = frozenset(
    {"cards_held", "discarded", "drawn", "stock_left", "tricks_won", "hand_size", "bids",
     "offers", "forbidden_bid"}
)  # fmt: skip


#: The tensors the research adapters offer (their ``tensor`` option): ``"view"``, the view's
#: fields and (with perfect recall) the event log; ``"events"``, the seat, the seat to act
#: and the event log only (``Encoder(game, events_only=True)``), written without a view.
TENSORS: Final = ("view", "events")


def action_mask(legal: Sequence[int], size: int) -> Buffer:
    """An int8 array of ``size`` cells, 1 at each action of ``legal`` (the legal-action
    mask of the environments; a new array each time).

    >>> action_mask([0, 3], 5).tolist()
    [1, 0, 0, 1, 0]
    """
    cells = bytearray(size)
    for action in legal:
        cells[action] = 1
    return np.frombuffer(cells, _INT8)


#: The masks' type, made once (``np.frombuffer`` reads a type object faster than ``np.int8``).
_INT8: Final = np.dtype(np.int8)


def events_tensor(tensor: str, perfect_recall: bool) -> bool:
    """Whether the adapters' ``tensor`` option asks for the events-only tensor; a
    :class:`~tapete.errors.ConfigError` names the choices, or says that the events-only
    tensor is an information state (``perfect_recall`` must be true).

    >>> events_tensor("events", True), events_tensor("view", False)
    (True, False)
    """
    if tensor not in TENSORS:
        raise ConfigError(f"tensor must be one of {', '.join(TENSORS)}; got {tensor!r}")
    if tensor == "events" and not perfect_recall:
        raise ConfigError("the 'events' tensor is an information state: perfect_recall=True")
    return tensor == "events"


@functools.lru_cache(maxsize=128)
def encoder_for(game: Game, perfect_recall: bool = True, events_only: bool = False) -> Encoder:
    """The :class:`Encoder` of ``game`` (built once, then shared)."""
    return Encoder(game, perfect_recall, events_only=events_only)


def layout_section(name: str) -> str:
    """The Markdown section of docs/rl-layouts.md for the game ``name`` (a spec such as
    ``'pocha(n_players=6)'`` too): its sizes, pack and the table of its parts."""
    from tapete.engine import load_game

    game = load_game(name)
    full, obs = encoder_for(game), encoder_for(game, perfect_recall=False)
    return (
        f"### `{name}`\n\nInformation state: {full.size} cells; observation (the same "
        f"without the event log): {obs.size} cells. Pack: {full.deck.name}.\n\n"
        f"{full.markdown()}\n"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the layout of each game named (every registered game by default) as Markdown:
    ``python -m tapete.rl.encoding pocha 'trynka(n_players=3)'`` (run by this package's
    ``__main__`` module, which is not compiled: a module compiled by mypyc has no code
    object for ``python -m`` to run)."""
    import sys

    from tapete.engine import registered_games

    names = list(argv if argv is not None else sys.argv[1:]) or registered_games()
    for name in names:
        print(layout_section(name))
    return 0
