"""The tensor layout of a game's views: one :class:`Part` per field (its cells, its meaning,
how to write and read them), derived by :class:`_Builder` from the view's dataclass fields
and type hints, with what :mod:`~tapete.rl.encoding.survey` learnt of the game.

The closed vocabularies come from the types: a string field's one-hot is over the values its
``Literal`` (or ``StrEnum``) declares, in declared order (:func:`declared_strings`), and the
event log's kinds are the ``EVENT_KINDS`` its view class declares (:func:`declared_kinds`).
Every game's views declare both, so a phase, a contract or an event kind that seeded random
games never reach still has its cell. The survey is the fallback for a string field typed
plain ``str`` and a view class without ``EVENT_KINDS`` (none among the built-in games), and
it still gives what the types cannot say: a tuple's length (one item per seat or not: the
types say ``tuple[int, ...]``), the view class of a match's live deal (typed
``PlayerView | None``), the game's spec of that deal (its length bound), which event values
are ints (the public seat arguments: an event's values are ``tuple[tuple[str, Any], ...]``),
the kinds and recipients of the chance events that open a log and the shortest such opening
(how the game deals: behaviour, not a type), and the cards seen when the game names no pack.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from tapete.cards import Card, CardSet, Suit
from tapete.cards.cardset import iter_bits
from tapete.engine import Game, PlayerView
from tapete.engine.api import CHANCE, TERMINAL, Trick
from tapete.engine.events import Event
from tapete.errors import TapeteError
from tapete.rl.encoding.survey import IGNORED, Discovery, find_deck, opening_key

#: Names of int fields (and event values) that hold a seat.
SEAT_NAMES: Final = frozenset(
    {
        "seat", "current_player", "dealer", "ombre", "trump_card_holder", "selector",
        "next_dealer", "first_dealer", "leader", "winner", "to", "from", "actor", "by",
        "player", "caller", "holder", "bidder", "first_player", "auction_winner",
    }
)  # fmt: skip

#: The types of :class:`PlayerView`'s own fields (the compiled core's class does not keep
#: them all: its ``seat`` reads as ``type``).
_BASE_HINTS: Final[dict[str, Any]] = {"game": str, "seat": int | None, "current_player": int}

Buffer: TypeAlias = npt.NDArray[np.float32]
Index: TypeAlias = npt.NDArray[np.int64]


# -- parts ----------------------------------------------------------------------------------
Writer = Callable[[Any, list[int], list[int], list[float]], None]
Reader = Callable[[Buffer], Any]


@dataclasses.dataclass
class Part:
    """One field's cells: ``offset`` … ``offset + size - 1`` of the tensor."""

    name: str
    offset: int
    size: int
    shape: tuple[int, ...]
    meaning: str
    #: What the cells hold: ``bool``, ``seat``, ``scalar``, ``optional``, ``string``,
    #: ``card``, ``cardset``, ``suit``, ``trick``, ``tricks``, ``seat_cards``,
    #: ``seat_values``, ``seat_flags``, ``events``.
    kind: str
    #: ``write(value, ones, scalar_index, scalar_value)``: append the cells to set.
    write: Writer
    #: ``read(tensor)``: the value the cells encode (the inverse of ``write``).
    read: Reader
    #: The names behind the cells: a string part's values, an event log's public seat
    #: arguments.
    labels: tuple[str, ...] = ()
    #: ``get(view)``: the value the part encodes (``None`` past a missing live deal).
    get: Callable[[Any], Any] | None = None
    #: The event log's ``(event_cells, slots, width)``: an event's cells inside its slot.
    event_log: tuple[Callable[[Event], tuple[int, ...]], int, int] | None = None
    #: The event log's opening: ``(kind_rows, index_of, offset, size, row_size, d)``: the
    #: row of each kind by recipient (``kind_rows[kind][to + 1]``, -1: none; see
    #: :meth:`_Builder.event_log`), each card id's deck-local index, where the opening's
    #: cells are, each row's size and the pack's.
    opening: tuple[dict[str, list[int]], list[int], int, int, int, int] | None = None


class _Context:
    """What a layout needs: seats, pack, action count, discovery."""

    def __init__(
        self, game: Game, found: Discovery, max_events: int | None, whole_log: bool = False
    ) -> None:
        self.game = game
        self.found = found
        self.max_events = max_events
        #: Whether the event log is the game's whole log (an events-only tensor), not a
        #: view's (Trynka's views hold the deal in progress only).
        self.whole_log = whole_log
        self.n = game.num_players()
        self.deck = find_deck(game, found)
        self.d = len(self.deck)
        self.index_of = self.deck.index_of
        self.card_ids = self.deck.card_ids
        self.suits = self.deck.suits
        self.num_actions = game.num_distinct_actions()
        #: The native module (:data:`NATIVE`) when the encoder's streams are native, else
        #: ``None``: the updaters' native field updates (set by :class:`Encoder`).
        self.native: Any = None


def declared_strings(hint: Any) -> tuple[str, ...]:
    """The strings a type allows when it names them, in declared order: a ``Literal`` of
    strings (nested ``Literal`` aliases flattened) or a :class:`enum.StrEnum` (its members'
    values); ``()`` for any other type (``str`` itself: its values are then the ones the
    survey sees). A string field so declared has its one-hot over these values whatever the
    random games showed."""
    if typing.get_origin(hint) is typing.Literal:
        values = typing.get_args(hint)
        if values and all(type(v) is str for v in values):
            return tuple(values)
        return ()
    if isinstance(hint, type) and issubclass(hint, enum.StrEnum):
        return tuple(member.value for member in hint)
    return ()


def declared_kinds(cls: type) -> tuple[str, ...]:
    """The event kinds a view class declares (its ``EVENT_KINDS``: a tuple of strings, in
    the order the event slots' kind one-hot takes), ``()`` when it declares none (the kinds
    are then the ones the survey sees)."""
    kinds = getattr(cls, "EVENT_KINDS", None)
    if isinstance(kinds, tuple) and kinds and all(type(k) is str for k in kinds):
        return kinds
    return ()


def _optional(hint: Any) -> tuple[Any, bool]:
    """``(inner, True)`` for ``X | None``, else ``(hint, False)``."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(args) < len(typing.get_args(hint)):
            return args[0], True
    return hint, False


class _Builder:
    """Appends parts for the fields of a view class (recursively for a live deal)."""

    def __init__(self, ctx: _Context, perfect_recall: bool) -> None:
        self.ctx = ctx
        self.perfect_recall = perfect_recall
        self.parts: list[Part] = []
        self.skipped: list[tuple[str, str]] = []
        self.offset = 0

    def add(
        self,
        kind: str,
        name: str,
        size: int,
        shape: tuple[int, ...],
        meaning: str,
        write: Any,
        read: Any,
        labels: tuple[str, ...] = (),
        get: Callable[[Any], Any] | None = None,
    ) -> int:
        offset = self.offset
        self.parts.append(
            Part(name, offset, size, shape, meaning, kind, write, read, labels, get=get)
        )
        self.offset += size
        return offset

    # -- view classes ---------------------------------------------------------------------
    def view_fields(
        self,
        cls: type,
        prefix: str,
        getter: Callable[[Any], Any],
        events: bool,
        only: frozenset[str] | None = None,
    ) -> None:
        hints = typing.get_type_hints(cls) | _BASE_HINTS
        for f in dataclasses.fields(cls):
            if f.name in IGNORED or (only is not None and f.name not in only):
                continue
            path = prefix + f.name
            get = _chain(getter, f.name)
            if f.name == "events":
                if events and self.perfect_recall:
                    self.event_log(path, get, declared_kinds(cls))
                continue
            self.field(path, hints[f.name], get)

    def field(self, path: str, hint: Any, get: Callable[[Any], Any]) -> None:
        inner, optional = _optional(hint)
        name = path.rsplit(".", 1)[-1]
        origin = typing.get_origin(inner)
        if inner is bool:
            self.bool_part(path, get)
        elif inner is int and name in SEAT_NAMES:
            self.seat_part(path, get, name == "current_player")
        elif inner in (int, float):
            self.scalar_part(path, get, optional)
        elif inner is str:
            self.string_part(path, get)
        elif declared_strings(inner):
            self.string_part(path, get, declared_strings(inner))
        elif inner is Card:
            self.card_part(path, get)
        elif inner is CardSet:
            self.cardset_part(path, get)
        elif inner is Suit:
            self.suit_part(path, get)
        elif inner is Trick:
            self.trick_part(path, get)
        elif isinstance(inner, type) and issubclass(inner, PlayerView):
            self.nested_view(path, get)
        elif origin is tuple:
            if optional:  # a tuple that may be None: one cell says it is there
                self.bool_part(path + "?", _is_set(get))
            self.tuple_part(path, inner, get)
        else:
            self.skipped.append((path, f"type {inner} has no tensor form"))

    def nested_view(self, path: str, get: Callable[[Any], Any]) -> None:
        classes = self.ctx.found.classes.get(path, set())
        if len(classes) != 1:
            self.skipped.append((path, f"view classes seen: {sorted(c.__name__ for c in classes)}"))
            return
        (cls,) = classes
        o = self.offset

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            if get(view) is not None:
                ones.append(o)

        self.add("bool", path, 1, (1,), "1 while there is a live deal", write, lambda t: bool(t[o]))
        self.view_fields(cls, path + ".", get, events=True)

    # -- scalars ------------------------------------------------------------------------------
    def bool_part(self, path: str, get: Callable[[Any], Any]) -> None:
        o = self.offset

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            if get(view):
                ones.append(o)

        self.add("bool", path, 1, (1,), "1 when true", write, lambda t: bool(t[o]), get=get)

    def seat_part(self, path: str, get: Callable[[Any], Any], with_special: bool) -> None:
        n = self.ctx.n
        o = self.offset
        size = n + 2 if with_special else n

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            seat = get(view)
            if seat is None:
                return
            if 0 <= seat < n:
                ones.append(o + seat)
            elif with_special and seat == CHANCE:
                ones.append(o + n)
            elif with_special and seat == TERMINAL:
                ones.append(o + n + 1)

        def read(t: Buffer) -> Any:
            hot = [i for i in range(size) if t[o + i]]
            if not hot:
                return None
            return hot[0] if hot[0] < n else (CHANCE if hot[0] == n else TERMINAL)

        extra = " (then chance, terminal)" if with_special else " (none: all 0)"
        meaning = f"one-hot seat 0…{n - 1}{extra}"
        self.add("seat", path, size, (size,), meaning, write, read, get=get)

    def scalar_part(self, path: str, get: Callable[[Any], Any], optional: bool) -> None:
        o = self.offset
        if optional:

            def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
                value = get(view)
                if value is not None:
                    ones.append(o)
                    si.append(o + 1)
                    sv.append(float(value))

            def read(t: Buffer) -> Any:
                return float(t[o + 1]) if t[o] else None

            self.add("optional", path, 2, (2,), "[1 if set, the value]", write, read)
            return

        def write1(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            value = get(view)
            if value is not None:  # inside a tuple that is None: 0
                si.append(o)
                sv.append(float(value))

        self.add("scalar", path, 1, (1,), "the value", write1, lambda t: float(t[o]), get=get)

    def string_part(
        self, path: str, get: Callable[[Any], Any], declared: tuple[str, ...] = ()
    ) -> None:
        """A one-hot over the field's values, then ``other``: the values its type declares
        (:func:`declared_strings`, in their order), else those the survey saw (sorted)."""
        vocab = list(declared) if declared else sorted(self.ctx.found.strings.get(path, set()))
        index = {v: i for i, v in enumerate(vocab)}
        o = self.offset
        other = len(vocab)

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            value = get(view)
            if value is not None:
                ones.append(o + index.get(value, other))

        def read(t: Buffer) -> Any:
            for i in range(other + 1):
                if t[o + i]:
                    return vocab[i] if i < other else "<other>"
            return None

        meaning = f"one-hot of {vocab} then other"
        self.add("string", path, other + 1, (other + 1,), meaning, write, read, tuple(vocab), get)

    # -- cards ---------------------------------------------------------------------------------
    def card_part(self, path: str, get: Callable[[Any], Any]) -> None:
        ctx = self.ctx
        o = self.offset
        index_of = ctx.index_of

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            card = get(view)
            if card is not None:
                ones.append(o + index_of[card])

        def read(t: Buffer) -> Any:
            hot = np.flatnonzero(t[o : o + ctx.d])
            return Card(ctx.card_ids[hot[0]]) if len(hot) else None

        meaning = "one-hot card (deck-local index)"
        self.add("card", path, ctx.d, (ctx.d,), meaning, write, read, get=get)

    def cardset_part(self, path: str, get: Callable[[Any], Any]) -> None:
        ctx = self.ctx
        o = self.offset
        index_of = ctx.index_of

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            cards = get(view)
            if cards is not None:
                ones.extend([o + index_of[c] for c in iter_bits(cards.mask)])

        def read(t: Buffer) -> Any:
            return _cardset(ctx, t[o : o + ctx.d])

        meaning = "plane of cards (deck-local indices)"
        self.add("cardset", path, ctx.d, (ctx.d,), meaning, write, read, get=get)

    def suit_part(self, path: str, get: Callable[[Any], Any]) -> None:
        suits = self.ctx.suits
        index = {s: i for i, s in enumerate(suits)}
        o = self.offset

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            suit = get(view)
            if suit is not None:
                ones.append(o + index[suit])

        def read(t: Buffer) -> Any:
            hot = [i for i in range(len(suits)) if t[o + i]]
            return suits[hot[0]] if hot else None

        names = [s.name.lower() for s in suits]
        meaning = f"one-hot suit {names}"
        self.add("suit", path, len(suits), (len(suits),), meaning, write, read, get=get)

    def trick_part(self, path: str, get: Callable[[Any], Any]) -> None:
        ctx = self.ctx
        n, d, index_of = ctx.n, ctx.d, ctx.index_of
        o = self.offset
        size = 2 * n + n * d

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            trick = get(view)
            if trick is None:
                return
            leader = trick.leader
            ones.append(o + leader)
            if trick.winner is not None:
                ones.append(o + n + trick.winner)
            base = o + 2 * n
            for k, card in enumerate(trick.cards):
                ones.append(base + ((leader + k) % n) * d + index_of[card])

        def read(t: Buffer) -> Any:
            leaders = np.flatnonzero(t[o : o + n])
            if not len(leaders):
                return None
            leader = int(leaders[0])
            winners = np.flatnonzero(t[o + n : o + 2 * n])
            cards = []
            for k in range(n):
                seat = (leader + k) % n
                hot = np.flatnonzero(t[o + 2 * n + seat * d : o + 2 * n + (seat + 1) * d])
                if not len(hot):
                    break
                cards.append(Card(ctx.card_ids[hot[0]]))
            return Trick(leader, tuple(cards), int(winners[0]) if len(winners) else None)

        meaning = "leader one-hot, winner one-hot, then per seat the card it played (plane)"
        self.add("trick", path, size, (size,), meaning, write, read, get=get)

    def tricks_part(self, path: str, get: Callable[[Any], Any]) -> None:
        ctx = self.ctx
        n, d, index_of = ctx.n, ctx.d, ctx.index_of
        o = self.offset

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            for trick in get(view) or ():
                leader = trick.leader
                for k, card in enumerate(trick.cards):
                    ones.append(o + ((leader + k) % n) * d + index_of[card])

        def read(t: Buffer) -> Any:
            return tuple(_cardset(ctx, t[o + s * d : o + (s + 1) * d]) for s in range(n))

        meaning = "per seat, the plane of the cards it played in these tricks"
        self.add("tricks", path, n * d, (n, d), meaning, write, read, get=get)

    # -- tuples --------------------------------------------------------------------------------
    def tuple_part(self, path: str, hint: Any, get: Callable[[Any], Any]) -> None:
        ctx = self.ctx
        args = typing.get_args(hint)
        item = args[0] if len(args) == 2 and args[1] is Ellipsis else None
        if item is None:
            self.skipped.append((path, f"fixed tuple {hint} has no tensor form"))
            return
        if item is Trick:
            self.tricks_part(path, get)
            return
        item_inner, item_optional = _optional(item)
        lengths = ctx.found.lengths.get(path, set())
        per_seat = lengths <= {ctx.n} or (not lengths and path.endswith(("s", "held")))
        if typing.get_origin(item_inner) is tuple:
            self.seat_cards_part(path, item_inner, get)
            return
        if not per_seat:
            self.skipped.append((path, f"variable length (seen {sorted(lengths)})"))
            return
        n = ctx.n
        if item_inner in (int, float, bool) and not item_optional:
            self.seat_values_part(path, get, item_inner is bool)
            return
        for seat in range(n):
            at = _index_of_tuple(get, seat)
            sub = f"{path}[{seat}]"
            if item_inner is bool:
                self.bool_part(sub, at)
            elif item_inner in (int, float):
                self.scalar_part(sub, at, item_optional)
            elif item_inner is CardSet:
                self.cardset_part(sub, at)
            elif item_inner is Card:
                self.card_part(sub, at)
            else:
                self.skipped.append((path, f"items of type {item} have no tensor form"))
                return

    def seat_values_part(self, path: str, get: Callable[[Any], Any], flags: bool) -> None:
        """A number (or a flag) per seat: ``cards_held``, ``tricks_won``, ``balances``..."""
        n = self.ctx.n
        o = self.offset
        cells = range(o, o + n)

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            values = get(view)
            if values is None:
                return
            if flags:
                ones.extend([o + i for i, flag in enumerate(values[:n]) if flag])
            else:
                si.extend(cells[: len(values)])
                sv.extend(values[:n])

        def read(t: Buffer) -> Any:
            if flags:
                return tuple(bool(t[o + i]) for i in range(n))
            return tuple(float(t[o + i]) for i in range(n))

        meaning = "1 when true, per seat" if flags else "the value, per seat"
        kind = "seat_flags" if flags else "seat_values"
        self.add(kind, path, n, (n,), meaning, write, read, get=get)

    def seat_cards_part(self, path: str, hint: Any, get: Callable[[Any], Any]) -> None:
        """``tuple[tuple[int, Card, ...], ...]`` (seat, then cards): a plane per seat and per
        card position (the swaps, the cards shown, the first-dealer draws)."""
        ctx = self.ctx
        items = typing.get_args(hint)
        card_slots = [j for j, h in enumerate(items) if _optional(h)[0] is Card]
        if not items or items[0] is not int or not card_slots:
            self.skipped.append((path, f"items {hint} have no tensor form"))
            return
        n, d, index_of = ctx.n, ctx.d, ctx.index_of
        rows = n + 1  # the seats, then anyone else (a card turned for the table: seat -1)
        o = self.offset
        k = len(card_slots)

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            for entry in get(view) or ():
                seat = entry[0] if 0 <= entry[0] < n else n
                for slot, j in enumerate(card_slots):
                    card = entry[j]
                    if card is not None:
                        ones.append(o + (slot * rows + seat) * d + index_of[card])

        def read(t: Buffer) -> Any:
            return tuple(
                tuple(_cardset(ctx, t[o + (s * rows + seat) * d : o + (s * rows + seat + 1) * d])
                      for seat in range(rows))
                for s in range(k)
            )  # fmt: skip

        meaning = (
            f"per card position ({k}) and seat (then: no seat), the plane of the cards it names"
        )
        self.add("seat_cards", path, k * rows * d, (k, rows, d), meaning, write, read)

    # -- the event log -------------------------------------------------------------------------
    def event_log(self, path: str, get: Callable[[Any], Any], kinds: tuple[str, ...] = ()) -> None:
        """The event log's parts: its opening (the deal: chance's card events before anything
        else, as planes; :func:`opening_key`), then one slot per later event (see
        :class:`_EventLogLayout`)."""
        log = _EventLogLayout(self.ctx, self.offset, get, kinds)
        if log.rows:
            self.add(
                "opening",
                path + ".opening",
                log.open_size,
                (len(log.rows), 2, log.d),
                log.opening_meaning(),
                log.no_cells,
                log.read_opening,
                log.row_names(),
            )
        self.add(
            "events",
            path,
            log.slots * log.width,
            (log.slots, log.width),
            log.slots_meaning(),
            log.write,
            log.read,
            tuple(log.seat_args),
        )
        self.parts[-1].get = get
        self.parts[-1].event_log = (log.event_cells, log.slots, log.width)
        self.parts[-1].opening = log.opening_table()


class _EventLogLayout:
    """The cells of a view's event log, from ``offset`` on: its opening (the deal: chance's
    card events before anything else, per kind and recipient the plane of the cards shown,
    then one cell per hidden card; :func:`opening_key`), then one slot per later event (its
    actor, kind, action, whether it is hidden and its public seat values); how the cells of a
    view's log are found (:meth:`write`) and read back (:meth:`read`, :meth:`read_opening`)."""

    def __init__(
        self, ctx: _Context, offset: int, get: Callable[[Any], Any], declared: tuple[str, ...] = ()
    ) -> None:
        self.ctx = ctx
        self.get = get
        found = ctx.found
        n, a, d = ctx.n, ctx.num_actions, ctx.d
        self.n, self.a, self.d = n, a, d
        self.index_of = ctx.index_of
        self.rows = rows = sorted(found.opening_rows)
        self.row_index = {row: r for r, row in enumerate(rows)}
        self.slots = _event_slots(ctx, max(found.opening_min, 0) if rows else 0)
        # the kinds the view class declares (in their order), else the survey's (sorted)
        self.kinds = kinds = list(declared) if declared else sorted(found.kinds)
        self.kind_index = {k: i for i, k in enumerate(kinds)}
        self.seat_args = seat_args = sorted(k for k in found.event_ints if k in SEAT_NAMES)
        self.k_other = k_other = len(kinds)
        self.width = (n + 1) + (k_other + 1) + a + 1 + len(seat_args) * n
        self.o_open = offset
        self.row_size = 2 * d  # a row: the plane of the cards shown, then one cell per hidden
        self.open_size = len(rows) * self.row_size
        self.o = offset + self.open_size  # the slots
        self.kind_base = n + 1
        self.action_base = self.kind_base + k_other + 1
        self.hidden_at = self.action_base + a
        self.args_base = self.hidden_at + 1
        #: The cells of an event inside its slot, and its place in the opening, by what
        #: decides them (events repeat a lot).
        self.cells: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self.places: dict[tuple[Any, ...], int] = {}
        # Views of one seat taken one after another share their events: each stream keeps
        # its cells (an index array), so a new view costs its new events only. A stream is
        # found by the seat and its first slot's event, and its prefix checked by tuple
        # comparison (identity first, in C).
        self.streams: dict[tuple[Any, int], tuple[tuple[Event, ...], Index, list[int]]] = {}
        self.empty: Index = np.zeros(0, np.int64)

    def event_cells(self, event: Event) -> tuple[int, ...]:
        """The cells of one event inside its slot (cached: events repeat a lot)."""
        cells = self.cells
        key = (event.actor, event.kind, event.action, event.args)
        found_cells = cells.get(key)
        if found_cells is not None:
            return found_cells
        n, a, seat_args = self.n, self.a, self.seat_args
        actor = event.actor
        out = [
            actor if actor >= 0 else n,
            self.kind_base + self.kind_index.get(event.kind, self.k_other),
        ]
        action = event.action
        if action is None:
            out.append(self.hidden_at)
        elif 0 <= action < a:
            out.append(self.action_base + action)
        for key_name, value in event.args:
            if key_name in seat_args and type(value) is int and 0 <= value < n:
                out.append(self.args_base + seat_args.index(key_name) * n + value)
        result = cells[key] = tuple(out)
        return result

    def opening_place(self, event: Event) -> int:
        """Where ``event`` goes in the opening (relative to its first cell): its row's
        cell of the card (shown) or the row's first hidden cell (hidden: the row's count
        of hidden cards is added); -1 if it is not an opening event (another kind or
        recipient than the layout's rows, or a shown card whose action is not the card's
        deck-local index: it goes to a slot, whole)."""
        places = self.places
        key = (event.actor, event.kind, event.action, event.args, event.hidden)
        place = places.get(key)
        if place is not None:
            return place
        place = -1
        row = opening_key(event)
        r = self.row_index.get(row) if row is not None else None
        if r is not None:
            if event.hidden:
                place = r * self.row_size + self.d
            else:
                index_of = self.index_of
                card = next(v for k, v in event.args if k == "card")
                index = index_of[card] if 0 <= card < len(index_of) else -1
                if index >= 0 and event.action == index:
                    place = r * self.row_size + index
        if len(places) >= 65_536:
            places.clear()
        places[key] = place
        return place

    def split(self, events: Sequence[Event]) -> tuple[int, list[int]]:
        """``(length, cells)`` of the opening of ``events`` (absolute cells): its leading
        opening events, up to a shown card already shown in its row or a row whose hidden
        cells are all taken (the opening keeps every event whole)."""
        d, row_size, o_open = self.d, self.row_size, self.o_open
        counts = [0] * len(self.rows)
        taken: set[int] = set()
        out: list[int] = []
        run = 0
        for event in events:
            place = self.opening_place(event)
            if place < 0:
                break
            r = place // row_size
            if place - r * row_size >= d:  # hidden: the row's next hidden cell
                if counts[r] >= d:
                    break
                place += counts[r]
                counts[r] += 1
            elif place in taken:
                break
            taken.add(place)
            out.append(o_open + place)
            run += 1
        return run, out

    def slot_cells(self, events: tuple[Event, ...], seat: Any) -> Index:
        """The absolute cells of ``seat``'s ``events`` after the opening (at most
        ``slots`` of them: the latest)."""
        slots, width, o, empty = self.slots, self.width, self.o, self.empty
        event_cells = self.event_cells
        if len(events) > slots:  # the latest events only: no stream
            out: list[int] = []
            base = o
            for event in events[len(events) - slots :]:
                out.extend([base + c for c in event_cells(event)])
                base += width
            return np.asarray(out, np.int64)
        if not events:
            return empty
        streams = self.streams
        count = len(events)
        known, cells, ends = 0, empty, []
        key = (seat, id(events[0]))  # seats may share event objects (hidden ones)
        entry = streams.get(key)
        if entry is not None:
            seen, seen_cells, seen_ends = entry
            common = min(len(seen), count)
            if seen[:common] == events[:common]:
                if common == count:
                    return seen_cells[: seen_ends[count - 1]]
                known, cells, ends = (
                    common,
                    seen_cells[: seen_ends[common - 1]],
                    seen_ends[:common],
                )
        new: list[int] = []
        ends = list(ends)
        base = o + known * width
        offset = len(cells)
        for event in events[known:]:
            new.extend([base + c for c in event_cells(event)])
            ends.append(offset + len(new))
            base += width
        cells = np.concatenate((cells, np.asarray(new, np.int64)))
        if len(streams) >= 256:
            streams.clear()
        streams[key] = (events, cells, ends)
        return cells

    def cells_of(self, events: Sequence[Event], seat: Any) -> Index:
        """The absolute cells of ``seat``'s ``events``: the opening's, then the slots'."""
        events = tuple(events)
        run, opening = self.split(events)
        later = self.slot_cells(events[run:], seat)
        return np.concatenate((np.asarray(opening, np.int64), later)) if opening else later

    def write(self, view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
        """The log's :data:`Writer`: the cells of the view's log, opening and slots."""
        ones.extend(self.cells_of(self.get(view) or (), view.seat).tolist())

    def no_cells(self, view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
        """The opening's cells are written with the slots' (the log's ``write``)."""

    def read_opening(self, t: Buffer) -> Any:
        """The opening's ``(kind, to, cards shown, hidden count)`` per row."""
        d, row_size = self.d, self.row_size
        out = []
        for r, (kind, to) in enumerate(self.rows):
            base = self.o_open + r * row_size
            shown = _cardset(self.ctx, t[base : base + d])
            out.append((kind, to, shown, int(np.count_nonzero(t[base + d : base + 2 * d]))))
        return tuple(out)

    def read(self, t: Buffer) -> Any:
        """The slots' ``(actor, kind, action, hidden, public seats)``, up to the first empty."""
        n, a, o, width = self.n, self.a, self.o, self.width
        kinds, k_other, seat_args = self.kinds, self.k_other, self.seat_args
        kind_base, action_base, args_base = self.kind_base, self.action_base, self.args_base
        out = []
        for s in range(self.slots):
            row = t[o + s * width : o + (s + 1) * width]
            actors = np.flatnonzero(row[: n + 1])
            if not len(actors):
                break
            actor = int(actors[0]) if actors[0] < n else CHANCE
            kind_hot = int(np.flatnonzero(row[kind_base : kind_base + k_other + 1])[0])
            kind = kinds[kind_hot] if kind_hot < k_other else "<other>"
            acts = np.flatnonzero(row[action_base : action_base + a])
            action = int(acts[0]) if len(acts) else None
            args = []
            for i, key in enumerate(seat_args):
                hot = np.flatnonzero(row[args_base + i * n : args_base + (i + 1) * n])
                if len(hot):
                    args.append((key, int(hot[0])))
            out.append((actor, kind, action, bool(row[self.hidden_at]), tuple(args)))
        return tuple(out)

    def row_names(self) -> tuple[str, ...]:
        """The opening's rows, by kind and recipient: ``deal to 0``…"""
        return tuple(f"{kind} to {to}" if to >= 0 else kind for kind, to in self.rows)

    def opening_meaning(self) -> str:
        """The opening part's meaning (:meth:`Encoder.describe`)."""
        return (
            f"the log's opening (chance dealing cards before anything else), per kind and "
            f"recipient {list(self.row_names())}: the plane of the cards shown, then one cell "
            "per hidden card (their count); their order is not kept"
        )

    def slots_meaning(self) -> str:
        """The slots part's meaning (:meth:`Encoder.describe`)."""
        return (
            f"{self.slots} slots of {self.width}, one per event after the opening: actor "
            f"one-hot (seats, chance), kind one-hot {self.kinds} then other, action one-hot "
            f"(0…{self.a - 1}), 1 if hidden, public seats {self.seat_args}; the latest events "
            "if there are more"
        )

    def opening_table(self) -> tuple[dict[str, list[int]], list[int], int, int, int, int]:
        """:attr:`Part.opening`: each kind's row by recipient (``[to + 1]``, -1: none), each
        card id's deck-local index, the opening's first cell and size, a row's size and the
        pack's."""
        kind_rows: dict[str, list[int]] = {}
        for (kind, to), r in self.row_index.items():
            kind_rows.setdefault(kind, [-1] * (self.n + 1))[to + 1] = r
        cards = [int(i) for i in self.index_of]
        return (kind_rows, cards, self.o_open, self.open_size, self.row_size, self.d)


#: The most event slots a layout has by default (a game's length bound may be far above it).
MAX_EVENT_SLOTS: Final = 256


def _event_slots(ctx: _Context, opening: int = 0) -> int:
    """Slots of the event log: the game's length bound (a match: its deals' bound) less the
    least opening seen (its events have no slots), at most ``max_events``
    (:data:`MAX_EVENT_SLOTS` by default)."""
    bound = max(1, _event_bound(ctx) - opening)
    return bound if ctx.max_events is None else min(bound, ctx.max_events)


def _view_events_bound(game: Game) -> int:
    """The most events a view of ``game`` holds: the game's ``max_view_events()`` when it
    declares one (Trynka: a view's events are the deal in progress, not the whole bank),
    else its ``max_game_length()``."""
    per_view = getattr(game, "max_view_events", None)
    if callable(per_view):
        return int(per_view())
    return int(game.max_game_length())


def _event_bound(ctx: _Context) -> int:
    found = ctx.found
    if ctx.whole_log:
        return int(ctx.game.max_game_length())
    specs = found.deal_specs - {ctx.game.spec}
    bounds = []
    for spec in specs:
        try:
            bounds.append(_view_events_bound(spec.load()))
        except (NotImplementedError, TapeteError):
            continue
    if bounds:
        return max(bounds)
    try:
        return _view_events_bound(ctx.game)
    except NotImplementedError:
        return max(found.max_events, 1)


def _is_set(get: Callable[[Any], Any]) -> Callable[[Any], bool]:
    def is_set(view: Any) -> bool:
        return get(view) is not None

    return is_set


def _cardset(ctx: _Context, plane: Buffer) -> CardSet:
    mask = 0
    for i in np.flatnonzero(plane):
        mask |= 1 << ctx.card_ids[int(i)]
    return CardSet(mask)


def _chain(getter: Callable[[Any], Any], name: str) -> Callable[[Any], Any]:
    if getter is _identity:  # a field of the view itself: C-level attribute access
        return operator.attrgetter(name)

    def get(view: Any) -> Any:
        outer = getter(view)
        return None if outer is None else getattr(outer, name)

    return get


def _index_of_tuple(get: Callable[[Any], Any], i: int) -> Callable[[Any], Any]:
    def at(view: Any) -> Any:
        values = get(view)
        return None if values is None or i >= len(values) else values[i]

    return at


def _identity(view: Any) -> Any:
    return view
