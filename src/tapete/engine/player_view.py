"""The view base: :class:`PlayerView` (what one seat may know, which games subclass),
:class:`Trick` (a trick in a view), and the cards inside a view (:func:`cards_in`,
:func:`tricks_mask`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from tapete.cards import Card, CardSet, parse_card_any
from tapete.engine.compiling import mypyc_attr
from tapete.engine.events import Event
from tapete.engine.params import GameSpec
from tapete.errors import NotationError


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

    def all_events(self) -> tuple[Event, ...]:
        """Every event of the game so far as this seat saw them: :attr:`events`, unless a
        game's view keeps earlier ones apart (Trynka's, before a svara)."""
        return self.events

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
