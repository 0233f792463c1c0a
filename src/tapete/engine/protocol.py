"""The Game/State protocol: :class:`Game` (an immutable, validated rules configuration) and
:class:`State` (a position, changed only through :meth:`State.apply_action`), the seat
numbers of chance and of a finished game, and the helpers of a state's action notation.

The State protocol uses OpenSpiel's method names. Every random event is a *chance action*
whose number is the card it brings (so a physical deal can be reproduced exactly), and a
state is mutated only through :meth:`State.apply_action`, which checks legality first and
leaves the state unchanged when it refuses.
"""

from __future__ import annotations

import contextlib
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, TypeVar

from tapete.cards import CardSet
from tapete.engine.compiling import mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS, Event, RawEvent
from tapete.engine.params import GameSpec, Param
from tapete.engine.player_view import PlayerView
from tapete.errors import ConfigError, IllegalActionError, NotationError

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


#: :meth:`Game.utility_sum` of a game whose returns always add up to the same number.
ZERO_SUM: Final = "zero_sum"
CONSTANT_SUM: Final = "constant_sum"
GENERAL_SUM: Final = "general_sum"


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


class EventCache:
    """The events a state has made for :meth:`State.events`: each seat's run of events from
    the first move it asked for (``runs``, extended as the game goes on), and each event value
    once for all the seats that see it alike (``alike``: key ``2 * index``, ``+ 1`` for its
    hidden form). One per state. A clone starts from its original's (:meth:`following`):
    the events of the moves they share are the same values, so a clone's view makes only
    its own new events, and an encoder that knows the original's events knows the clone's."""

    def __init__(self) -> None:
        self.runs: dict[int | None, tuple[int, list[Event]]] = {}
        self.alike: dict[int, Event] = {}
        #: Each seat's :meth:`State.information_text` and the raw events it covers.
        self.texts: dict[int | None, tuple[int, str]] = {}
        #: The cache this one follows and how many raw events they share, until it is used.
        self.origin: EventCache | None = None
        self.shared = 0

    @staticmethod
    def following(origin: EventCache, shared: int) -> EventCache:
        """A clone's cache: ``origin``'s first ``shared`` raw events' values, copied when the
        clone first asks (a clone that never does costs one small object)."""
        cache = EventCache()
        if origin.origin is not None:  # a clone's clone, neither used: the first origin
            origin, shared = origin.origin, min(shared, origin.shared)
        cache.origin = origin
        cache.shared = shared
        return cache

    def settle(self) -> None:
        """Take the shared part of the origin's values (the origin may have made more since,
        of moves the clone does not share: those are left)."""
        origin = self.origin
        if origin is None:
            return
        self.origin = None
        shared = self.shared
        for seat, (first, seen) in origin.runs.items():
            if first < shared:
                self.runs[seat] = (first, seen[: shared - first])
        limit = 2 * shared
        self.alike = {k: v for k, v in origin.alike.items() if k < limit}
        for seat, (done, text) in origin.texts.items():
            if done <= shared:
                self.texts[seat] = (done, text)


#: Each raw event's two texts in :meth:`State.information_text` (seen, hidden), by the event.
_EVENT_TEXTS: dict[RawEvent, tuple[str, str]] = {}
#: The most texts kept (the cache starts again when full).
_EVENT_TEXTS_MAX: Final = 200_000


def _event_texts(event: RawEvent) -> tuple[str, str]:
    """The texts of a raw event for a seat that sees it and for one that does not."""
    actor, kind, action, _visible, public = event
    values = ",".join(f"{k}={v}" for k, v in public)
    return f"{actor}{kind}{action}{values}", f"{actor}{kind}?{values}"


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
    #: The events :meth:`events` has made (see :class:`EventCache`); ``None`` until asked.
    _event_cache: EventCache | None

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

    def raw_events(self) -> list[RawEvent]:
        """The raw event log of the game so far (:mod:`tapete.engine.events`: who acted,
        what, who may see it), the state's own list: read it, never change it. An
        events-only observation encoder writes its tensors from it, no view made.

        >>> import tapete
        >>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
        >>> _ = state.apply_string('deal Ao')
        >>> state.raw_events()
        [(-1, 'deal', 0, 1, (('to', 0),))]
        """
        return self._events

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
        start = max(since - self._move_offset(), 0)
        total = len(self._events)
        cache = self._events_made()
        run = cache.runs.get(seat)
        if run is None:
            first, seen = start, self._materialize(seat, start, total)
            cache.runs[seat] = (first, seen)
        elif start < run[0]:  # asked from earlier than the run kept: it starts there now
            first, seen = start, self._materialize(seat, start, run[0]) + run[1]
            cache.runs[seat] = (first, seen)
        else:
            first, seen = run
        end = first + len(seen)
        if end < total:
            seen.extend(self._materialize(seat, end, total))
        return tuple(seen[start - first :])

    def information_text(self, seat: int | None) -> str:
        """``seat``'s information state as one line: the seat, then every event as that seat
        saw it (``actor kind action``, or ``actor kind ?`` for an action it may not see, then
        the action's public values). Two states of a game played from its initial state give
        a seat the same text exactly when they give it the same view; kept per state and
        extended, so asking at every decision costs the new events only (the research
        adapters' information-state string).

        >>> import tapete
        >>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
        >>> for text in ('deal Ao', 'deal 3c'):
        ...     _ = state.apply_string(text)
        >>> state.information_text(0)
        '0 -1deal0to=0 -1deal?to=1'
        """
        cache = self._events_made()
        raw = self._events
        done, text = cache.texts.get(seat, (0, "-" if seat is None else str(seat)))
        total = len(raw)
        if done < total:
            parts = [text]
            known = _EVENT_TEXTS
            for index in range(done, total):
                event = raw[index]
                texts = known.get(event)
                if texts is None:
                    texts = _event_texts(event)
                    if len(known) >= _EVENT_TEXTS_MAX:
                        known.clear()
                    known[event] = texts
                visible = event[3]
                sees = visible == EVERYONE or (
                    seat is not None and seat >= 0 and visible >> seat & 1 != 0
                )
                parts.append(texts[0] if sees else texts[1])
            text = " ".join(parts)
            cache.texts[seat] = (total, text)
        return text

    def _events_made(self) -> EventCache:
        """This state's :class:`EventCache` (made on first use: not shared with clones)."""
        cache: EventCache | None = getattr(self, "_event_cache", None)
        if cache is None:
            cache = self._event_cache = EventCache()
        elif cache.origin is not None:
            cache.settle()
        return cache

    def _materialize(self, seat: int | None, start: int, stop: int) -> list[Event]:
        """The :class:`Event` values of raw events ``start`` … ``stop - 1`` for ``seat``: each
        made once for every seat that sees it alike (the seats who see the action share one
        value, the others another), so a view at every decision of every seat costs one event
        value per action, not one per seat."""
        raw = self._events
        offset = self._move_offset()
        alike = self._events_made().alike
        args_of = self._event_args_for
        out = []
        for index in range(start, stop):
            actor, kind, action, visible, public = raw[index]
            sees = visible == EVERYONE or (
                seat is not None and seat >= 0 and visible >> seat & 1 != 0
            )
            key = 2 * index + (0 if sees else 1)
            event = alike.get(key)
            if event is None:
                move = offset + index
                if sees:
                    secret = args_of(move, kind, action)
                    event = Event(move, actor, kind, action, public + secret if secret else public)
                else:
                    event = Event(move, actor, kind, None, public, True)
                alike[key] = event
            out.append(event)
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
        for key, value in self._instance_fields():
            if key not in ("game", "_history", "_events", "_event_cache"):
                setattr(other, key, value)
        made: EventCache | None = getattr(self, "_event_cache", None)
        other._event_cache = (
            None if made is None else EventCache.following(made, len(other._events))
        )
        return other

    def _instance_fields(self) -> list[tuple[str, Any]]:
        """Every instance attribute set on this state, by name: its ``__dict__`` in pure
        Python, or, for a class compiled by mypyc, the native fields it lists in
        ``__mypyc_attrs__`` (those not set yet are left out) and any ``__dict__`` beside."""
        fields = getattr(self, "__dict__", None)
        names: tuple[str, ...] = getattr(type(self), "__mypyc_attrs__", ())
        if not names:
            return list(fields.items()) if fields is not None else []
        out = []
        for name in names:
            if not name.startswith("__"):
                try:
                    out.append((name, getattr(self, name)))
                except AttributeError:  # a native field not set yet
                    continue
        if fields is not None:
            out.extend(fields.items())
        return out

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

    >>> from tapete.cards import Card
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
