"""Observation tensors of views, written straight into a caller's numpy buffer.

The layout of a game's tensor is derived from its view's dataclass fields and type hints
(nothing is written per game): cards and sets of cards are planes over the pack's
*deck-local* indices, seats are one-hot, counts and amounts are scalars (their value),
strings (phases, outcomes) are one-hot over the values the game uses, tricks are one plane
per seat of the cards it played, a match view's live deal is encoded with its own layout,
and the event log (``view.events``) is the *perfect-recall* part of the information state:
its *opening* (the deal: the leading chance events that deal one card each, see
:func:`opening_key`) as planes, per kind and recipient, of the cards shown and one cell per
hidden card (the order of the deal is not kept: it is the shuffle's), then one slot per
later event with its actor, kind, action and public seat values (a hidden action keeps only
what the seat may see: who received the card). There are as many slots as the game's
``max_view_events`` when it declares one (Trynka: a view's events are the deal in progress,
so one deal's bound), else its ``max_game_length`` (a match: its deals'), less the shortest
opening seen, at most ``max_events`` (256 by default); past that the latest events are kept.

:class:`Encoder` is built once per game (``Encoder(game)``; cached by :func:`encoder_for`)
and then writes any view of that game into a buffer:

>>> import random, tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
>>> enc = encoder_for(game)
>>> state = tapete.engine.random_playout(game.new_initial_state(), random.Random(1))
>>> buf = np.zeros(enc.size, np.float32)
>>> enc.encode(state.view(0), buf) is buf
True
>>> enc.decode(buf)['hand'] == state.view(0).hand
True

The encoder is incremental: it keeps a tensor per *stream* (one seat's views of one game,
told apart by the seat and the view's first event) and the field values it encodes; a new
view of the stream rewrites only the fields that changed (a card plane by the cards that
came and went, the event log and the trick list by what was appended, any other field by
its few cells), then the stream's tensor is copied into the caller's buffer. Any view may
come in any order: what is written is always the view's own tensor (the tests compare each
with a fresh encoding), only the cost depends on how close it is to the stream's last one.

Where the wheel built its C extension, :mod:`tapete.rl._cells` (see :func:`native_module`),
a stream's tensor is its ``Cells`` block and the event log's comparison, opening and new
slots, the per-seat numbers and the copy into the caller's buffer are one native call each;
``Encoder(game, native=False)`` (and any install without the extension: an editable one)
takes the pure path, numpy arrays set through memoryviews, which writes the same bytes.

``Encoder(game, perfect_recall=False)`` leaves the event log out (an *observation*);
:meth:`Encoder.describe` lists every part (its offset, size and meaning) and
:meth:`Encoder.decode` reads a tensor back into the values it encodes (the tests compare
them with the views). Fields whose size the layout cannot bound (a match's score sheet, the
list of finished deals) are not encoded; :attr:`Encoder.skipped` names them and why.

Some values are not fixed by the types: the strings a field takes, the length of a tuple
(one per seat or not), the view class of a match's live deal, the kinds of events. The
encoder learns them from a few seeded random games of the same game (``discovery``, made
once per game and cached); a string never seen there goes to the part's ``other`` cell.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import operator
import random
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from tapete.cards import DECKS, Card, CardSet, Deck, Suit
from tapete.cards.cardset import iter_bits
from tapete.engine import Game, PlayerView, State, sample_chance
from tapete.engine.api import CHANCE, TERMINAL, Trick
from tapete.engine.events import Event
from tapete.engine.match import MatchView
from tapete.errors import TapeteError

#: Names of int fields (and event values) that hold a seat.
SEAT_NAMES: Final = frozenset(
    {
        "seat", "current_player", "dealer", "ombre", "trump_card_holder", "selector",
        "next_dealer", "first_dealer", "leader", "winner", "to", "from", "actor", "by",
        "player", "caller", "holder", "bidder", "first_player", "auction_winner",
    }
)  # fmt: skip
#: Fields never encoded: the game's name (constant), the move number (a clock, not a
#: position) and the spec (the rules, constant for a game).
IGNORED: Final = frozenset({"game", "spec", "move"})

#: The types of :class:`PlayerView`'s own fields (the compiled core's class does not keep
#: them all: its ``seat`` reads as ``type``).
_BASE_HINTS: Final[dict[str, Any]] = {"game": str, "seat": int | None, "current_player": int}

Buffer: TypeAlias = npt.NDArray[np.float32]
Index: TypeAlias = npt.NDArray[np.int64]


class EncodingError(TapeteError):
    """A view that does not fit the encoder's layout (another game's view, a wrong buffer)."""


# -- what the types and a few random games say about a game's views --------------------------
@dataclasses.dataclass
class Discovery:
    """Values seen in seeded random games of one game (see the module's docstring)."""

    strings: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    lengths: dict[str, set[int]] = dataclasses.field(default_factory=dict)
    classes: dict[str, set[type]] = dataclasses.field(default_factory=dict)
    kinds: set[str] = dataclasses.field(default_factory=set)
    event_ints: set[str] = dataclasses.field(default_factory=set)
    cards: int = 0
    max_events: int = 0
    deal_specs: set[Any] = dataclasses.field(default_factory=set)
    #: The ``(kind, recipient)`` of the chance card events that open a log (the deal, see
    #: :func:`opening_key`) and the least length of such an opening seen ended by another
    #: event (-1: none seen).
    opening_rows: set[tuple[str, int]] = dataclasses.field(default_factory=set)
    opening_min: int = -1


def opening_key(event: Event) -> tuple[str, int] | None:
    """``(kind, recipient)`` of a chance event that deals one card (shown: its ``card``
    argument, hidden: no action), the recipient its ``to`` seat (-1: none); ``None`` for any
    other event. The log's leading run of these is its *opening* (the deal), encoded as card
    planes and counts rather than event slots."""
    if event.actor != CHANCE:
        return None
    to = -1
    card = False
    for key, value in event.args:
        if key == "to" and type(value) is int and value >= 0:
            to = value
        elif key == "card" and isinstance(value, Card):
            card = True
        else:
            return None
    if event.hidden:
        return (event.kind, to) if event.action is None and not card else None
    return (event.kind, to) if card and event.action is not None else None


def _walk(value: Any, path: str, found: Discovery) -> None:
    if isinstance(value, Card):
        found.cards |= 1 << value
    elif isinstance(value, CardSet):
        found.cards |= value.mask
    elif isinstance(value, str):
        found.strings.setdefault(path, set()).add(value)
    elif isinstance(value, PlayerView) and path:
        found.classes.setdefault(path, set()).add(type(value))
        if value.spec is not None:
            found.deal_specs.add(value.spec)
        _walk_view(value, path + ".", found)
    elif isinstance(value, tuple):
        found.lengths.setdefault(path, set()).add(len(value))
        for item in value:
            _walk(item, path + "[]", found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{path}.{f.name}", found)


def _walk_view(view: PlayerView, prefix: str, found: Discovery) -> None:
    for f in dataclasses.fields(view):
        if f.name in IGNORED:
            continue
        value = getattr(view, f.name)
        if f.name == "events":
            found.max_events = max(found.max_events, len(value))
            if not isinstance(view, MatchView):
                run = 0
                while run < len(value):
                    row = opening_key(value[run])
                    if row is None:
                        break
                    found.opening_rows.add(row)
                    run += 1
                if run < len(value) and (found.opening_min < 0 or run < found.opening_min):
                    found.opening_min = run
            for event in value:
                found.kinds.add(event.kind)
                for key, arg in event.args:
                    if type(arg) is int:
                        found.event_ints.add(key)
                    elif isinstance(arg, Card):
                        found.cards |= 1 << arg
            continue
        _walk(value, prefix + f.name, found)


def discover(game: Game, games: int = 6, max_states: int = 1500, seed: int = 0) -> Discovery:
    """What seeded random games of ``game`` show of its views (strings, lengths...)."""
    found = Discovery()
    rng = random.Random(seed)
    n = game.num_players()
    states = 0
    for _ in range(games):
        state: State = game.new_initial_state()
        while True:
            seats = {0, rng.randrange(n)}
            player = state.current_player()
            if player >= 0:
                seats.add(player)
            for seat in seats:
                _walk_view(state.view(seat), "", found)
            states += 1
            if state.is_terminal() or states >= max_states:
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if states >= max_states:
            break
    return found


def find_deck(game: Game, found: Discovery) -> Deck:
    """The pack of ``game``: its rules' ``deck``, else the pack of the cards seen."""
    for holder in (getattr(game, "rules", None), game):
        deck = getattr(holder, "deck", None)
        if isinstance(deck, Deck):
            return deck
    fits = [d for d in DECKS.values() if found.cards & ~d.mask == 0]
    if not fits:
        raise EncodingError(f"no pack holds every card seen in {game.name}")
    return min(fits, key=len)


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

    def __init__(self, game: Game, found: Discovery, max_events: int | None) -> None:
        self.game = game
        self.found = found
        self.max_events = max_events
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
        self, cls: type, prefix: str, getter: Callable[[Any], Any], events: bool
    ) -> None:
        hints = typing.get_type_hints(cls) | _BASE_HINTS
        for f in dataclasses.fields(cls):
            if f.name in IGNORED:
                continue
            path = prefix + f.name
            get = _chain(getter, f.name)
            if f.name == "events":
                if events and self.perfect_recall:
                    self.event_log(path, get)
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

    def string_part(self, path: str, get: Callable[[Any], Any]) -> None:
        vocab = sorted(self.ctx.found.strings.get(path, set()))
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
    def event_log(self, path: str, get: Callable[[Any], Any]) -> None:
        """The event log's parts: its opening (the deal: chance's card events before anything
        else, as planes; :func:`opening_key`), then one slot per later event."""
        ctx = self.ctx
        found = ctx.found
        n, a, d = ctx.n, ctx.num_actions, ctx.d
        index_of = ctx.index_of
        rows = sorted(found.opening_rows)
        row_index = {row: r for r, row in enumerate(rows)}
        slots = _event_slots(ctx, max(found.opening_min, 0) if rows else 0)
        kinds = sorted(found.kinds)
        kind_index = {k: i for i, k in enumerate(kinds)}
        seat_args = sorted(k for k in found.event_ints if k in SEAT_NAMES)
        k_other = len(kinds)
        width = (n + 1) + (k_other + 1) + a + 1 + len(seat_args) * n
        o_open = self.offset
        row_size = 2 * d  # a row: the plane of the cards shown, then one cell per hidden card
        open_size = len(rows) * row_size
        o = o_open + open_size  # the slots
        kind_base = n + 1
        action_base = kind_base + k_other + 1
        hidden_at = action_base + a
        args_base = hidden_at + 1

        cells: dict[tuple[Any, ...], tuple[int, ...]] = {}

        def event_cells(event: Event) -> tuple[int, ...]:
            """The cells of one event inside its slot (cached: events repeat a lot)."""
            key = (event.actor, event.kind, event.action, event.args)
            found_cells = cells.get(key)
            if found_cells is not None:
                return found_cells
            actor = event.actor
            out = [actor if actor >= 0 else n, kind_base + kind_index.get(event.kind, k_other)]
            action = event.action
            if action is None:
                out.append(hidden_at)
            elif 0 <= action < a:
                out.append(action_base + action)
            for key_name, value in event.args:
                if key_name in seat_args and type(value) is int and 0 <= value < n:
                    out.append(args_base + seat_args.index(key_name) * n + value)
            result = cells[key] = tuple(out)
            return result

        places: dict[tuple[Any, ...], int] = {}

        def opening_place(event: Event) -> int:
            """Where ``event`` goes in the opening (relative to its first cell): its row's
            cell of the card (shown) or the row's first hidden cell (hidden: the row's count
            of hidden cards is added); -1 if it is not an opening event (another kind or
            recipient than the layout's rows, or a shown card whose action is not the card's
            deck-local index: it goes to a slot, whole)."""
            key = (event.actor, event.kind, event.action, event.args, event.hidden)
            place = places.get(key)
            if place is not None:
                return place
            place = -1
            row = opening_key(event)
            r = row_index.get(row) if row is not None else None
            if r is not None:
                if event.hidden:
                    place = r * row_size + d
                else:
                    card = next(v for k, v in event.args if k == "card")
                    index = index_of[card] if 0 <= card < len(index_of) else -1
                    if index >= 0 and event.action == index:
                        place = r * row_size + index
            if len(places) >= 65_536:
                places.clear()
            places[key] = place
            return place

        def split(events: Sequence[Event]) -> tuple[int, list[int]]:
            """``(length, cells)`` of the opening of ``events`` (absolute cells): its leading
            opening events, up to a shown card already shown in its row or a row whose hidden
            cells are all taken (the opening keeps every event whole)."""
            counts = [0] * len(rows)
            taken: set[int] = set()
            out: list[int] = []
            run = 0
            for event in events:
                place = opening_place(event)
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

        # Views of one seat taken one after another share their events: each stream keeps
        # its cells (an index array), so a new view costs its new events only. A stream is
        # found by the seat and its first slot's event, and its prefix checked by tuple
        # comparison (identity first, in C).
        streams: dict[tuple[Any, int], tuple[tuple[Event, ...], Index, list[int]]] = {}
        empty: Index = np.zeros(0, np.int64)

        def slot_cells(events: tuple[Event, ...], seat: Any) -> Index:
            """The absolute cells of ``seat``'s ``events`` after the opening (at most
            ``slots`` of them: the latest)."""
            if len(events) > slots:  # the latest events only: no stream
                out: list[int] = []
                base = o
                for event in events[len(events) - slots :]:
                    out.extend([base + c for c in event_cells(event)])
                    base += width
                return np.asarray(out, np.int64)
            if not events:
                return empty
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

        def cells_of(events: Sequence[Event], seat: Any) -> Index:
            """The absolute cells of ``seat``'s ``events``: the opening's, then the slots'."""
            events = tuple(events)
            run, opening = split(events)
            later = slot_cells(events[run:], seat)
            return np.concatenate((np.asarray(opening, np.int64), later)) if opening else later

        def write(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            ones.extend(cells_of(get(view) or (), view.seat).tolist())

        def no_cells(view: Any, ones: list[int], si: list[int], sv: list[float]) -> None:
            """The opening's cells are written with the slots' (the log's ``write``)."""

        def read_opening(t: Buffer) -> Any:
            out = []
            for r, (kind, to) in enumerate(rows):
                base = o_open + r * row_size
                shown = _cardset(ctx, t[base : base + d])
                out.append((kind, to, shown, int(np.count_nonzero(t[base + d : base + 2 * d]))))
            return tuple(out)

        def read(t: Buffer) -> Any:
            out = []
            for s in range(slots):
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
                out.append((actor, kind, action, bool(row[hidden_at]), tuple(args)))
            return tuple(out)

        if rows:
            names = [f"{kind} to {to}" if to >= 0 else kind for kind, to in rows]
            meaning = (
                f"the log's opening (chance dealing cards before anything else), per kind and "
                f"recipient {names}: the plane of the cards shown, then one cell per hidden "
                "card (their count); their order is not kept"
            )
            self.add(
                "opening",
                path + ".opening",
                open_size,
                (len(rows), 2, d),
                meaning,
                no_cells,
                read_opening,
                tuple(names),
            )
        meaning = (
            f"{slots} slots of {width}, one per event after the opening: actor one-hot "
            f"(seats, chance), kind one-hot {kinds} then other, action one-hot (0…{a - 1}), "
            f"1 if hidden, public seats {seat_args}; the latest events if there are more"
        )
        self.add(
            "events", path, slots * width, (slots, width), meaning, write, read, tuple(seat_args)
        )
        self.parts[-1].get = get
        self.parts[-1].event_log = (event_cells, slots, width)
        kind_rows: dict[str, list[int]] = {}
        for (kind, to), r in row_index.items():
            kind_rows.setdefault(kind, [-1] * (n + 1))[to + 1] = r
        cards = [int(i) for i in index_of]
        self.parts[-1].opening = (kind_rows, cards, o_open, open_size, row_size, d)


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
            r = place // row_size
            at = place - r * row_size
            if at >= d:  # hidden: the row's next hidden cell
                k = counts[r]
                if k >= d:
                    break
                counts[r] = k + 1
            else:
                bit = 1 << at
                mask = shown[r]
                if mask & bit:  # this card shown already
                    break
                shown[r] = mask | bit
                mv[cell[place]] = _ONE
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


# -- the encoder ----------------------------------------------------------------------------
class Encoder:
    """Writes the views of one game as float32 tensors (see the module's docstring)."""

    def __init__(
        self,
        game: Game,
        perfect_recall: bool = True,
        found: Discovery | None = None,
        max_events: int | None = MAX_EVENT_SLOTS,
        native: bool | None = None,
    ) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        if native and NATIVE_CELLS is None:
            raise EncodingError("the native stream tensor (tapete.rl._cells) is not built")
        #: Whether the streams' tensors are the native ones (:func:`native_cells`; by default
        #: when they are built, ``native=False``: numpy arrays through memoryviews).
        self.native: bool = NATIVE_CELLS is not None and native is not False
        self._cells: Any = NATIVE_CELLS if self.native else None
        #: The native ``copy`` (a stream's tensor into the caller's buffer), or None.
        self._copy: Any = NATIVE.copy if self.native else None
        found = found if found is not None else discovery(game)
        self._ctx = _Context(game, found, max_events)
        self._ctx.native = NATIVE if self.native else None
        builder = _Builder(self._ctx, perfect_recall)
        view = game.new_initial_state().view(0)
        self.view_class: type = type(view)
        # a match view's own events are its live deal's: encoded once, inside the deal
        own_events = not issubclass(self.view_class, MatchView)
        builder.view_fields(self.view_class, "", _identity, events=own_events)
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
        self._dict_names: tuple[str, ...] = tuple(getattr(view, "__dict__", ()))
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
        stream = self._update(view)
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

    def _update(self, view: PlayerView) -> _Stream:
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


@functools.lru_cache(maxsize=64)
def discovery(game: Game) -> Discovery:
    """:func:`discover` of ``game``, made once per game (games are hashable values)."""
    return discover(game)


@functools.lru_cache(maxsize=128)
def encoder_for(game: Game, perfect_recall: bool = True) -> Encoder:
    """The :class:`Encoder` of ``game`` (built once, then shared)."""
    return Encoder(game, perfect_recall)


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
