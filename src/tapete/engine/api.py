"""The game-agnostic contracts: :class:`Game`, :class:`State`, :class:`PlayerView`, parameters.

The State protocol uses OpenSpiel's method names. Every random event is a *chance action*
whose number is the card it brings (so a physical deal can be reproduced exactly), and a
state is mutated only through :meth:`State.apply_action`, which checks legality first and
leaves the state unchanged when it refuses.
"""

from __future__ import annotations

import contextlib
import dataclasses
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from tapete.cards import Card, CardSet, parse_card_any
from tapete.engine.events import EVERYONE, NO_ARGS, Event, RawEvent, can_see
from tapete.errors import ConfigError, IllegalActionError, NotationError


def _no_mypyc_attr(*args: Any, **kwargs: Any) -> Callable[[Any], Any]:
    """Run-time stand-in for ``mypy_extensions.mypyc_attr`` (stdlib only at run time)."""
    return lambda cls: cls


if TYPE_CHECKING:  # mypyc reads the real one when it compiles (setup.py, TAPETE_COMPILE=1)
    from mypy_extensions import mypyc_attr as mypyc_attr
globals().setdefault("mypyc_attr", _no_mypyc_attr)


_StateT = TypeVar("_StateT", bound="State")

#: ``current_player()`` of a chance node (as in OpenSpiel).
CHANCE: Final = -1
#: ``current_player()`` of a finished game (as in OpenSpiel).
TERMINAL: Final = -4


def seat_name(seat: int) -> str:
    """``'seat 2'``, ``'chance'`` or ``'terminal'``."""
    if seat == CHANCE:
        return "chance"
    if seat == TERMINAL:
        return "terminal"
    return f"seat {seat}"


@dataclasses.dataclass(frozen=True)
class Param:
    """One game parameter: its name, default, explanation and allowed values.

    ``choices`` lists the allowed values of a categorical parameter; ``low``/``high`` bound an
    integer one; ``check`` is a last custom validation returning the normalised value (or
    raising :class:`ConfigError`).
    """

    name: str
    default: Any
    help: str
    kind: type = int
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    check: Callable[[Any], Any] | None = None

    def allowed(self) -> str:
        """Human text of the allowed values."""
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        if self.low is not None or self.high is not None:
            return f"{self.kind.__name__} {self.low if self.low is not None else ''}…" + (
                str(self.high) if self.high is not None else ""
            )
        return self.kind.__name__

    def validate(self, value: Any) -> Any:
        """The value, normalised, or :class:`ConfigError` saying what is allowed."""
        if self.check is not None and not self.choices and self.low is None and self.high is None:
            return self.check(value)
        if self.kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if self.kind is bool and isinstance(value, str):
            if value.lower() in ("true", "on", "yes", "1"):
                value = True
            elif value.lower() in ("false", "off", "no", "0"):
                value = False
        not_int = isinstance(value, bool) or not isinstance(value, int)
        if self.kind is int and not_int and not (self.choices and value in self.choices):
            raise ConfigError(f"parameter {self.name} must be an integer, got {value!r}")
        if self.kind is bool and not isinstance(value, bool):
            raise ConfigError(f"parameter {self.name} must be true or false, got {value!r}")
        if self.choices and value not in self.choices:
            raise ConfigError(
                f"parameter {self.name} = {value!r} is not allowed; allowed: {self.allowed()}"
            )
        too_low = self.low is not None and value < self.low
        if too_low or (self.high is not None and value > self.high):
            raise ConfigError(
                f"parameter {self.name} = {value!r} is out of range; allowed: {self.allowed()}"
            )
        return self.check(value) if self.check is not None else value


#: :meth:`Game.utility_sum` of a game whose returns always add up to the same number.
ZERO_SUM: Final = "zero_sum"
CONSTANT_SUM: Final = "constant_sum"
GENERAL_SUM: Final = "general_sum"


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """A game's name and every parameter's value: what :func:`load_game` needs.

    >>> import tapete
    >>> spec = tapete.load_game('pocha', n_players=5).spec
    >>> spec.name, spec.param('n_players'), spec.load() == tapete.load_game('pocha(n_players=5)')
    ('pocha', 5, True)
    >>> GameSpec.from_dict(spec.to_dict()) == spec
    True
    """

    name: str
    params: tuple[tuple[str, Any], ...]

    def param(self, name: str) -> Any:
        """The value of parameter ``name``; :class:`ConfigError` if the game has none."""
        for key, value in self.params:
            if key == name:
                return value
        raise ConfigError(f"{self.name} has no parameter {name}")

    def load(self) -> Game:
        """The game itself (through the registry)."""
        from tapete.engine.registry import load_game

        return load_game(self.name, **dict(self.params))

    def to_dict(self) -> dict[str, Any]:
        """``{"game": name, "params": {...}}`` (JSON-ready)."""
        from tapete.engine.views import jsonable

        return {"game": self.name, "params": {k: jsonable(v) for k, v in self.params}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSpec:
        """The spec written by :meth:`to_dict`, validated by loading the game."""
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
            raise ConfigError(f"a game spec needs a game name, got {data!r}")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise ConfigError(f"a game spec's params must be an object, got {params!r}")
        from tapete.engine.registry import load_game

        return load_game(data["game"], **dict(params)).spec


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """An immutable, validated rules configuration; :meth:`new_initial_state` starts a game.

    Subclasses set ``name``, ``rules_version``, ``parameters`` and implement
    :meth:`_configure` (cross-parameter checks), :meth:`num_players` and
    :meth:`new_initial_state`.
    """

    name: ClassVar[str]
    rules_version: ClassVar[str]
    parameters: ClassVar[tuple[Param, ...]]
    summary: ClassVar[str] = ""
    #: Parameter values an older rules version spelled otherwise: ``{param: {old: new}}``.
    #: Stored tables and records are upgraded with them (:func:`upgrade_params`); a new
    #: table must use the new spelling.
    renamed_values: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    def __init__(self, **params: Any) -> None:
        known = {p.name: p for p in self.parameters}
        unknown = sorted(set(params) - set(known))
        if unknown:
            raise ConfigError(
                f"{self.name} has no parameter {', '.join(unknown)}; "
                f"its parameters are: {', '.join(known)}"
            )
        values = {name: p.default for name, p in known.items()}
        for key, value in params.items():
            values[key] = known[key].validate(value)
        self._params: Mapping[str, Any] = MappingProxyType(values)
        self._given = MappingProxyType({key: values[key] for key in params})
        self._spec = GameSpec(self.name, tuple(values.items()))
        self._configure()

    def _configure(self) -> None:  # noqa: B027 - optional hook
        """Cross-parameter validation and derived settings (override as needed)."""

    @property
    def params(self) -> Mapping[str, Any]:
        """Every parameter's value (defaults filled in)."""
        return self._params

    @property
    def given_params(self) -> Mapping[str, Any]:
        """Only the parameters given explicitly (what a record stores)."""
        return self._given

    @property
    def spec(self) -> GameSpec:
        """The name and every parameter (carried by every view)."""
        return self._spec

    # -- the research contract (OpenSpiel's GameInfo) ---------------------------------------
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """How many action numbers the game uses: every action is in ``0 … n-1`` (cards
        first, as deck-local indices, then the game's other actions)."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """The most outcomes a chance node can have (the pack's size for a deal)."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions of a game, chance actions included."""

    @abstractmethod
    def min_utility(self) -> float:
        """The lowest value :meth:`State.returns` can give a seat at the end."""

    @abstractmethod
    def max_utility(self) -> float:
        """The highest value :meth:`State.returns` can give a seat at the end."""

    @abstractmethod
    def utility_sum(self) -> str:
        """:data:`ZERO_SUM`, :data:`CONSTANT_SUM` or :data:`GENERAL_SUM`: whether the final
        returns of all seats always add up to 0, to another constant, or to anything."""

    def utility_constant(self) -> float:
        """What the returns add up to when :meth:`utility_sum` is zero- or constant-sum."""
        return 0.0

    def returns_meaning(self) -> str:
        """One sentence: what :meth:`State.returns` measures in this game (points of a hand,
        change of balance over a deal, chips over a session...)."""
        return self.summary

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The values of an action that only the seats who see it may know (the card dealt,
        played or shown), as ``(name, value)`` pairs; the log's events carry them."""
        return NO_ARGS

    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """A fresh state at the start of the game."""

    @abstractmethod
    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> State:
        """A full state consistent with everything ``view`` shows and implies (for search
        bots: OpenSpiel's ``ResampleFromInfostate``)."""

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self._given.items())
        return f"load_game({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.name == self.name
            and dict(other.params) == dict(self.params)
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted((k, repr(v)) for k, v in self._params.items()))))


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A position of a game (mutable, OpenSpiel style: :meth:`apply_action` changes it).

    Subclasses implement the abstract methods; the public checked entry points are here.
    """

    game: Game
    _history: list[int]
    #: The raw event log (see :mod:`tapete.engine.events`): one entry per applied action,
    #: appended by :meth:`_emit`.
    _events: list[RawEvent]
    #: Each seat's materialised events (see :meth:`_seen_events`); ``None`` until asked.
    _event_cache: dict[int | None, list[Event]] | None

    # -- to implement -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal actions, sorted (chance outcomes at a chance node)."""

    @abstractmethod
    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` when the int ``action`` is legal now, else the error explaining why not."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (no checks) and append its event to ``_events``."""

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """The text of the int ``action`` in this state (:class:`NotationError` if none)."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """The action written ``text`` in this state; :class:`NotationError` if it is malformed."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's total result so far (the final result once terminal)."""

    @abstractmethod
    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (``None``: a spectator)."""

    @abstractmethod
    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards whose place ``seat`` cannot know now (others' hidden cards, unseen stock)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def phase(self) -> str:
        """The name of the current phase (``'deal'``, ``'bidding'``, ``'play'``...)."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position (for equality)."""

    # -- provided -----------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """True when the next action is a chance event."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player() == TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node (uniform over the unseen cards)."""
        if not self.is_chance_node():
            return []
        actions = self.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    def why_illegal(self, action: Any) -> IllegalActionError | None:
        """``None`` when ``action`` is legal now, else the error explaining why not (also for
        a value that is not an action number at all: a float, ``True``, a string...)."""
        if type(action) is not int:
            try:
                action = as_action(action)
            except IllegalActionError as error:
                return self._not_now(action, error.detail, error.reason)
        return self._why_illegal(action)

    def is_legal(self, action: Any) -> bool:
        """True when :meth:`apply_action` would accept ``action``."""
        return self.why_illegal(action) is None

    def action_to_string(self, action: Any, seat: int | None = None) -> str:
        """The text of ``action`` in this state (``deal 3o``, ``bid 2``, ``play Rc``);
        :class:`NotationError` for a number that is no action here, or a non-int."""
        if type(action) is not int:
            try:
                action = as_action(action)
            except IllegalActionError as error:
                raise NotationError(error.detail) from None
        return self._action_to_string(action)

    def chance_recipient(self) -> int | None:
        """At a chance node, the seat the next card goes to (``None``: to the table, the
        stock or nobody in particular; and at every other node). Used by transcripts."""
        return None

    def apply_action(self, action: Any) -> None:
        """Apply ``action``; raise :class:`IllegalActionError` (state unchanged) if illegal.

        Only ints are actions (a numpy integer is converted); a float, ``True``, ``None`` or
        a string is refused like any illegal action.
        """
        error = self.why_illegal(action)
        if error is not None:
            raise error
        self._apply(int(action))
        self._history.append(int(action))

    def apply_string(self, text: Any) -> int:
        """Parse ``text`` with :meth:`string_to_action` and apply it; returns the action."""
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    # -- the event log ------------------------------------------------------------------------
    def _emit(
        self,
        actor: int,
        kind: str,
        action: int,
        visible: int = EVERYONE,
        args: tuple[tuple[str, Any], ...] = NO_ARGS,
    ) -> None:
        """Append the raw event of the action being applied (games call it from ``_apply``)."""
        self._events.append((actor, kind, action, visible, args))

    def events(self, seat: int | None, since: int = 0) -> tuple[Event, ...]:
        """The events of moves ``since`` … now as ``seat`` sees them (``None``: a spectator):
        what a server sends a client after each action. Hidden actions keep their public
        values (who received a card) and lose the rest.

        >>> import tapete
        >>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
        >>> state.apply_string('deal Ao')
        0
        >>> state.events(0)[0].arg('card'), state.events(1)[0].hidden
        (Card.parse('Ao'), True)
        """
        offset = self._move_offset()
        start = max(since - offset, 0)
        seen = self._seen_events(seat)
        if start >= len(seen):
            return tuple(self._materialize(seat, start, len(self._events)))
        return tuple(seen[start:])

    def _seen_events(self, seat: int | None) -> list[Event]:
        """``seat``'s materialised events, extended to now: a per-seat cache, so that a view
        at every decision costs the new events only (not shared with clones)."""
        cache: dict[int | None, list[Event]] | None = getattr(self, "_event_cache", None)
        if cache is None:
            cache = {}
            self._event_cache = cache
        seen = cache.get(seat)
        if seen is None:
            seen = cache[seat] = []
        total = len(self._events)
        if len(seen) < total:
            seen.extend(self._materialize(seat, len(seen), total))
        return seen

    def _materialize(self, seat: int | None, start: int, stop: int) -> list[Event]:
        """The :class:`Event` values of raw events ``start`` … ``stop - 1`` for ``seat``."""
        raw = self._events
        offset = self._move_offset()
        args_of = self._event_args_for
        out = []
        for index in range(start, stop):
            actor, kind, action, visible, public = raw[index]
            move = offset + index
            if can_see(visible, seat):
                secret = args_of(move, kind, action)
                out.append(Event(move, actor, kind, action, public + secret if secret else public))
            else:
                out.append(Event(move, actor, kind, None, public, True))
        return out

    def _move_offset(self) -> int:
        """The move number of the first raw event held (0; a resumed match's is larger)."""
        return 0

    def _event_args_for(self, move: int, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The secret values of the event of ``move`` (the game's :meth:`Game.event_args`)."""
        return self.game.event_args(kind, action)

    def _copy_base(self: _StateT) -> _StateT:
        """A shallow copy to start :meth:`clone` from: the same ``game``, a copy of the
        history, and every other instance attribute shared; the subclass then copies its
        mutable fields. (Works for the compiled core too, whose fields are not in a dict.)"""
        other = type(self).__new__(type(self))
        other.game = self.game
        other._history = list(self._history)
        other._events = list(getattr(self, "_events", ()))
        for key, value in getattr(self, "__dict__", {}).items():
            if key not in ("game", "_history", "_events", "_event_cache"):
                setattr(other, key, value)
        other._event_cache = None
        return other

    def child(self, action: Any) -> State:
        """A copy with ``action`` applied."""
        state = self.clone()
        state.apply_action(action)
        return state

    def history(self) -> list[int]:
        """Every action applied so far, chance actions included."""
        return list(self._history)

    def history_strings(self) -> list[str]:
        """The history as action texts, replayed from the start so each text fits its state."""
        state = self.game.new_initial_state()
        texts = []
        for action in self._history:
            texts.append(state._action_to_string(action))
            state._apply(action)
            state._history.append(action)
        return texts

    def move_number(self) -> int:
        """Number of actions applied so far."""
        return len(self._history)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game == self.game
            and other._history == self._history
            and other._key() == self._key()
        )

    def __hash__(self) -> int:
        return hash((self.game.name, tuple(self._history)))

    def _not_now(self, action: Any, detail: str, reason: str) -> IllegalActionError:
        """An :class:`IllegalActionError` for this state (helper for :meth:`why_illegal`)."""
        seat = self.current_player()
        text = ""  # a value that is no action number at all: "cannot do that"
        if type(action) is int:
            try:
                text = self._action_to_string(action)
            except (NotationError, ValueError, KeyError, IndexError, TypeError):
                text = f"action {action}"
        return IllegalActionError(
            detail,
            seat=seat if seat >= 0 else None,
            phase=self.phase(),
            action=text,
            reason=reason,
            move=self.move_number(),
        )


def as_action(value: Any) -> int:
    """``value`` as an action number: an int, or an integer of another type that says it is
    one (numpy's ``int64``...); :class:`IllegalActionError` (reason ``not_an_action``) for a
    bool, a float, ``None``, a string or anything else.

    >>> as_action(7), as_action(Card.parse('Ao'))
    (7, 0)
    >>> as_action(64.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tapete.errors.IllegalActionError: ...: 64.0 (float) is not an action number
    """
    if type(value) is int:
        return value
    if not isinstance(value, bool) and hasattr(type(value), "__index__"):
        with contextlib.suppress(TypeError):
            return operator.index(value)
    raise IllegalActionError(
        f"{value!r:.40} ({type(value).__name__}) is not an action number",
        reason="not_an_action",
    )


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclasses.dataclass(frozen=True)
class PlayerView:
    """What one seat may know: a frozen value built by :meth:`State.view`.

    Games subclass it with their own fields; every field holds public information or this
    seat's own. ``seat`` is ``None`` for a spectator.
    """

    game: str
    seat: int | None
    current_player: int
    #: The game's name and every parameter (``spec.load()`` gives the rules in force).
    spec: GameSpec | None = dataclasses.field(default=None, kw_only=True)
    #: The move number the view was taken at (the length of the game's history).
    move: int = dataclasses.field(default=0, kw_only=True)
    #: The events of the deal in progress as this seat saw them (a match's earlier deals are
    #: summarised in the match view, not repeated); ``State.events`` gives any range.
    events: tuple[Event, ...] = dataclasses.field(default=(), kw_only=True)

    def live_part(self) -> PlayerView | None:
        """The part of the view about the deal in progress (a match view returns its current
        deal's view); the conformance suite checks it never shows a hidden card."""
        return self

    def events_since(self, move: int) -> tuple[Event, ...]:
        """This view's events from move number ``move`` on."""
        return tuple(e for e in self.events if e.move >= move)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``schema``, ``type``, ``spec``, then every field; cards as text);
        :meth:`from_dict` reads it back. See :mod:`tapete.engine.views`."""
        from tapete.engine.views import view_to_dict

        return view_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerView:
        """The view written by :meth:`to_dict` (of any game); :class:`RecordError` if it is
        malformed."""
        from tapete.engine.views import view_from_dict

        view: PlayerView = view_from_dict(data)
        return view


@dataclasses.dataclass(frozen=True)
class Trick:
    """A trick in a view: who led, the cards in playing order, (once complete) the winner
    and, while it is played, ``winning``: the seat whose card wins it so far (filled by the
    game, the one judge of who beats whom; ``None`` before its first card and once it is
    complete)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    winning: int | None = None

    @classmethod
    def of(
        cls,
        leader: int,
        cards: Iterable[int],
        winner: int | None = None,
        winning: int | None = None,
    ) -> Trick:
        """A trick from card ids.

        >>> Trick.of(2, [0, 17], winning=3).cards
        (Card.parse('Ao'), Card.parse('2c'))
        """
        return cls(leader, tuple(Card(c) for c in cards), winner, winning)

    def to_dict(self) -> dict[str, Any]:
        """The trick as JSON values; ``winning`` only while it is set (a trick being played).

        >>> Trick.of(2, [0, 17], winning=3).to_dict()["winning"]
        3
        """
        data: dict[str, Any] = {
            "leader": self.leader,
            "cards": [str(c) for c in self.cards],
            "winner": self.winner,
        }
        if self.winning is not None:
            data["winning"] = self.winning
        return data


def tricks_mask(tricks: Iterable[Trick | None]) -> int:
    """The bitmask of every card in ``tricks`` (``None`` entries are skipped).

    >>> tricks_mask([Trick.of(0, [0, 17]), None])
    131073
    """
    mask = 0
    for trick in tricks:
        if trick is not None:
            for card in trick.cards:
                mask |= 1 << card
    return mask


def cards_in(value: Any, parse_text: bool = False) -> Iterator[Card]:
    """Every :class:`Card` held anywhere inside ``value`` (views, tuples, dataclasses).

    With ``parse_text``, words of strings that read as cards count too (``'deal Ao'``).

    >>> list(cards_in((Card.parse('Ao'), [CardSet.parse('3c')], 'play Rc'), parse_text=True))
    [Card.parse('Ao'), Card.parse('3c'), Card.parse('Rc')]
    """
    found: list[Card] = []
    _collect_cards(value, parse_text, found)
    yield from found


#: The card each word read (``None``: not a card), kept: a leak check reads the same action
#: texts and names at every step (a word that is no card costs a raised error to read).
_WORD_CARDS: dict[str, Card | None] = {}
#: The field names of each dataclass met, kept.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_PLAIN: Final = (int, float, bool, type(None))


def _word_card(word: str) -> Card | None:
    try:
        return _WORD_CARDS[word]
    except KeyError:
        pass
    card: Card | None
    try:
        card = parse_card_any(word)
    except NotationError:
        card = None
    if len(_WORD_CARDS) < 100_000:
        _WORD_CARDS[word] = card
    return card


def _collect_cards(value: Any, parse_text: bool, found: list[Card]) -> None:
    """Append the cards inside ``value`` to ``found``, in order (see :func:`cards_in`)."""
    kind = type(value)
    if kind in _PLAIN:
        return
    if isinstance(value, Card):
        found.append(value)
    elif isinstance(value, CardSet):
        found.extend(value)
    elif isinstance(value, str):
        if parse_text:
            for word in value.split():
                card = _word_card(word)
                if card is not None:
                    found.append(card)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            if type(v) not in _PLAIN:  # (most items are numbers: no call for them)
                _collect_cards(v, parse_text, found)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _collect_cards(k, parse_text, found)
            if type(v) not in _PLAIN:
                _collect_cards(v, parse_text, found)
    else:
        names = _FIELD_NAMES.get(kind)
        if names is None:
            if not (dataclasses.is_dataclass(value) and not isinstance(value, type)):
                return
            names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
        for name in names:
            v = getattr(value, name)
            if type(v) not in _PLAIN:
                _collect_cards(v, parse_text, found)


def parse_int(text: str, what: str, expected: str) -> int:
    """``int(text)`` or a :class:`NotationError` naming the text and the expected form."""
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"cannot read {text!r} as {what}: expected {expected}") from None


def split_action(text: str, verbs: Sequence[str], expected: str) -> tuple[str, str]:
    """Split ``'bid 3'`` into ``('bid', '3')``, checking the verb is one of ``verbs``."""
    parts = text.strip().split(None, 1)
    verb = parts[0].lower() if parts else ""
    if verb not in verbs:
        raise NotationError(f"cannot read {text!r} as an action: expected {expected}")
    return verb, parts[1].strip() if len(parts) > 1 else ""
