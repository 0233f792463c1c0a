"""The game-agnostic contracts: :class:`Game`, :class:`State`, :class:`PlayerView`, parameters.

The State protocol uses OpenSpiel's method names. Every random event is a *chance action*
whose number is the card it brings (so a physical deal can be reproduced exactly), and a
state is mutated only through :meth:`State.apply_action`, which checks legality first and
leaves the state unchanged when it refuses.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from tapete.cards import Card, CardSet, parse_card_any
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

    # -- to implement -------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal actions, sorted (chance outcomes at a chance node)."""

    @abstractmethod
    def why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` when ``action`` is legal now, else the error explaining why not."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (no checks)."""

    @abstractmethod
    def action_to_string(self, action: int, seat: int | None = None) -> str:
        """The text of ``action`` in this state (``deal 3o``, ``bid 2``, ``play Rc``)."""

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

    def is_legal(self, action: int) -> bool:
        """True when :meth:`apply_action` would accept ``action``."""
        return self.why_illegal(action) is None

    def chance_recipient(self) -> int | None:
        """At a chance node, the seat the next card goes to (``None``: to the table, the
        stock or nobody in particular; and at every other node). Used by transcripts."""
        return None

    def apply_action(self, action: int) -> None:
        """Apply ``action``; raise :class:`IllegalActionError` (state unchanged) if illegal."""
        error = self.why_illegal(action)
        if error is not None:
            raise error
        self._apply(action)
        self._history.append(action)

    def apply_string(self, text: str) -> int:
        """Parse ``text`` with :meth:`string_to_action` and apply it; returns the action."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def _copy_base(self: _StateT) -> _StateT:
        """A shallow copy to start :meth:`clone` from: the same ``game``, a copy of the
        history, and every other instance attribute shared; the subclass then copies its
        mutable fields. (Works for the compiled core too, whose fields are not in a dict.)"""
        other = type(self).__new__(type(self))
        other.game = self.game
        other._history = list(self._history)
        for key, value in getattr(self, "__dict__", {}).items():
            if key not in ("game", "_history"):
                setattr(other, key, value)
        return other

    def child(self, action: int) -> State:
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
            texts.append(state.action_to_string(action))
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

    def _not_now(self, action: int, detail: str, reason: str) -> IllegalActionError:
        """An :class:`IllegalActionError` for this state (helper for :meth:`why_illegal`)."""
        seat = self.current_player()
        try:
            text = self.action_to_string(action)
        except (NotationError, ValueError, KeyError, IndexError):
            text = f"action {action}"
        return IllegalActionError(
            detail, seat=seat if seat >= 0 else None, phase=self.phase(), action=text, reason=reason
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

    def live_part(self) -> PlayerView | None:
        """The part of the view about the deal in progress (a match view returns its current
        deal's view); the conformance suite checks it never shows a hidden card."""
        return self

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as text)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}


@dataclasses.dataclass(frozen=True)
class Trick:
    """A trick in a view: who led, the cards in playing order and (once complete) the winner."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None

    @classmethod
    def of(cls, leader: int, cards: Iterable[int], winner: int | None = None) -> Trick:
        """A trick from card ids.

        >>> Trick.of(2, [0, 17]).cards
        (Card.parse('Ao'), Card.parse('2c'))
        """
        return cls(leader, tuple(Card(c) for c in cards), winner)


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


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, CardSet):
        return [str(c) for c in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def cards_in(value: Any, parse_text: bool = False) -> Iterator[Card]:
    """Every :class:`Card` held anywhere inside ``value`` (views, tuples, dataclasses).

    With ``parse_text``, words of strings that read as cards count too (``'deal Ao'``).

    >>> list(cards_in((Card.parse('Ao'), [CardSet.parse('3c')], 'play Rc'), parse_text=True))
    [Card.parse('Ao'), Card.parse('3c'), Card.parse('Rc')]
    """
    if isinstance(value, Card):
        yield value
    elif isinstance(value, CardSet):
        yield from value
    elif isinstance(value, str):
        if parse_text:
            for word in value.split():
                with contextlib.suppress(NotationError):
                    yield parse_card_any(word)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name), parse_text)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from cards_in(k, parse_text)
            yield from cards_in(v, parse_text)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from cards_in(v, parse_text)


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
