"""The Ombre family's card actions, the phases of a deal, and the texts and event values
that every member shares.

Every game of the family numbers its actions compactly with the 40 cards of the pack first,
as deck-local indices (``FRENCH_40.index_of[card]``), then its own words (its
``actions`` module). The phase says what a card action does (``deal``, ``turn``, ``stock``,
``rest`` at chance nodes; ``discard`` or ``play`` for a player). The phases are numbered
once for the whole family (:data:`DEAL` … :data:`OVER`); each game names those it has
(:func:`phase_table`).

>>> card_actions(1 << CARD_ID[30] | 1 << CARD_ID[0])
[0, 30]
>>> card_text(CARD_ID[30]), parse_card('♠A')
('♠A', 30)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar, cast

from tapete.cards import FRENCH_40, Card, Suit, iter_bits
from tapete.engine.api import split_action
from tapete.engine.events import NO_ARGS
from tapete.errors import IllegalActionError, NotationError

#: The pack: 40 cards, deck-local indices 0..39.
DECK: Final = FRENCH_40
N_CARDS: Final = 40
#: ``CARD_ID[action]``: the card id of card action ``action`` (0..39).
CARD_ID: Final[tuple[int, ...]] = DECK.card_ids
#: ``CARD_INDEX[card_id]``: the card action of a card of the pack (-1 for other ids).
CARD_INDEX: Final[tuple[int, ...]] = DECK.index_of
#: The pack's card ids are 64..127: ``_BYTE_ACTIONS[k][b]`` lists the card actions of the
#: bits ``b`` of byte ``k`` of ``mask >> 64`` (a mask walk in eight table look-ups).
_ID_BASE: Final = 64


def _byte_actions() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for k in range(8):
        row = []
        for b in range(256):
            ids = [_ID_BASE + 8 * k + i for i in range(8) if b >> i & 1]
            row.append(tuple(CARD_INDEX[c] for c in ids if CARD_INDEX[c] >= 0))
        out.append(tuple(row))
    return tuple(out)


_BYTE_ACTIONS: Final = _byte_actions()

#: The phases of a deal of any game of the family (each game has some of them; ``over``
#: once settled or thrown in). ``SP_ASK``: Ombre's question to a challenged ombre;
#: ``DECLARE``: Danish l'hombre's declaration; ``TURN``: a card turned up for the player
#: (Tresillo's vuelta, the tourné); ``REST``: Ombre's stock rest turned up; ``ASK``:
#: Tresillo's defenders asked after a surrender.
DEAL, AUCTION, SP_ASK, DECLARE, TRUMPS, TURN, DISCARD, STOCK, REST, PLAY, ASK, OVER = range(12)
N_PHASES: Final = 12
#: The phases at which a card comes from the pack (chance nodes).
CHANCE_PHASES: Final = frozenset((DEAL, TURN, STOCK, REST))


#: The type of a phase table's names (a game's ``Literal`` of phases, or ``str``).
_Name = TypeVar("_Name", bound=str)


def phase_table(names: Mapping[int, _Name]) -> tuple[_Name, ...]:
    """A tuple indexed by phase with ``names``' entries ("" for the phases a game lacks).

    Typed as a tuple of ``names``' values: a game's ``PHASE_NAMES`` annotated with its
    ``Literal`` of phases has its names checked against it (the "" of a phase the game
    lacks is never a state's phase, so never read).

    >>> phase_table({DEAL: 'deal', OVER: 'over'})[OVER]
    'over'
    """
    return cast(tuple[_Name, ...], tuple(names.get(phase, "") for phase in range(N_PHASES)))


_SUIT_WORDS: Final = {
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
}  # fmt: skip
SYMBOL: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
#: The suit of each trumps action (``TRUMPS_BASE + k`` names ``TRUMP_SUITS[k]``), and its
#: value in events (``'clubs'``...).
TRUMP_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_CODES: Final = ("clubs", "diamonds", "hearts", "spades")

# -- events -----------------------------------------------------------------------------------
#: ``TO[seat]``: the public arguments of a card going to ``seat`` face down (up to four seats).
TO: Final = tuple((("to", s),) for s in range(4))
#: ``COUNT[k]``: those of an exchange of ``k`` cards.
COUNT: Final = tuple((("count", k),) for k in range(14))
#: ``CARD_ARGS[action]``: the values of a card action seen (``card``).
CARD_ARGS: Final = tuple((("card", Card(c)),) for c in CARD_ID)
#: ``TRUMP_ARGS[k]``: the values of the trumps action naming ``TRUMP_SUITS[k]`` (``suit``).
TRUMP_ARGS: Final = tuple((("suit", code),) for code in SUIT_CODES)


def card_event_args(action: int) -> tuple[tuple[str, Any], ...]:
    """The values of a card event (``card``), none for another action.

    >>> card_event_args(parse_card('♠A'))
    (('card', Card.parse('♠A')),)
    """
    return CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS


# -- texts ------------------------------------------------------------------------------------
def card_text(card: int) -> str:
    """A card (its id) in the family's notation (``♣7``)."""
    return DECK.format_card(card)


def cards_text(mask: int) -> str:
    """The cards of a bitmask of card ids, in deck order, separated by spaces."""
    return " ".join(DECK.format_card(c) for c in iter_bits(mask))


def card_actions(mask: int) -> list[int]:
    """The card actions of a bitmask of card ids, sorted."""
    bits = mask >> _ID_BASE
    out: list[int] = []
    k = 0
    while bits:
        byte = bits & 255
        if byte:
            out.extend(_BYTE_ACTIONS[k][byte])
        bits >>= 8
        k += 1
    return out


def parse_card(text: str) -> int:
    """The card action of a card written ``text`` (``♣7``, ``C7``)."""
    return CARD_INDEX[int(DECK.parse_card(text))]


def parse_suit(text: str) -> Suit | None:
    """The suit written ``text`` (``♣``, ``C``, ``clubs``), ``None`` if it is none.

    >>> parse_suit('H'), parse_suit('x')
    (<Suit.HEARTS: 6>, None)
    """
    return _SUIT_WORDS.get(text.strip().lower().replace("\ufe0f", ""))


_CARD_KINDS: Final = frozenset(("deal", "turn", "draw", "rest", "show", "discard", "play"))


@dataclass(frozen=True)
class ActionWords:
    """A game's words for its actions besides the cards, as data: its texts, its parser
    and the values of its events. Each game's ``actions`` module makes one.

    >>> words = ActionWords('demo', 45, phase_table({PLAY: 'play'}), {40: 'pass'}, 41,
    ...                     "'pass' or 'play <card>'")
    >>> words.text(words.parse('trumps h', PLAY), PLAY), words.parse('play ♠A', PLAY)
    ('trumps ♥', 30)
    """

    #: The game's name (in errors).
    game: str
    #: Its number of distinct actions.
    n_actions: int
    #: ``card_verb[phase]``: what a card action is called in each phase (``phase_table``).
    card_verb: tuple[str, ...]
    #: The text of each action that is one word (``pass``, the bids, ``draw``…).
    words: Mapping[int, str]
    #: The first of the four trumps actions (♣ ♦ ♥ ♠).
    trumps_base: int
    #: The texts a parse error says are expected.
    expected: str
    #: Other texts of whole actions (their words joined by ``join``): ``i play``, ``paso``.
    aliases: Mapping[str, int] = field(default_factory=dict)
    #: Other spellings of the one-word actions (``tourne`` for ``tourné``).
    synonyms: Mapping[str, int] = field(default_factory=dict)
    join: str = " "
    #: The suits' names in the game's language (``oros`` → ``♦``) and a suit given as an
    #: example in errors.
    suit_names: Mapping[str, str] = field(default_factory=dict)
    suit_example: str = "C"
    #: The games ``declare <game>`` names (Danish l'hombre), from ``declare_base``.
    declare_words: tuple[str, ...] = ()
    declare_base: int = -1
    declare_synonyms: Mapping[str, int] = field(default_factory=dict)
    #: ``arg_tables[kind][action]``: the values of an event of ``kind`` besides cards and
    #: trumps (a bid's ``contract`` or ``level``).
    arg_tables: Mapping[str, Mapping[int, tuple[tuple[str, Any], ...]]] = field(
        default_factory=dict
    )

    _by_text: Mapping[str, int] = field(init=False, repr=False)
    _games: Mapping[str, int] = field(init=False, repr=False)
    _verbs: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_text = {text: action for action, text in self.words.items()}
        object.__setattr__(self, "_by_text", {**by_text, **self.synonyms})
        games = {w: g for g, w in enumerate(self.declare_words)}
        object.__setattr__(self, "_games", {**games, **self.declare_synonyms})
        verbs = (*filter(None, self.card_verb), *self._by_text, "trumps", "trump")
        object.__setattr__(self, "_verbs", (*verbs, "declare") if games else verbs)

    def trump_suit(self, action: int) -> int:
        """The suit (``Suit`` value 4..7) named by a trumps action."""
        return int(TRUMP_SUITS[action - self.trumps_base])

    def trumps_action(self, suit: int) -> int:
        """The trumps action naming ``suit`` (a ``Suit`` value 4..7)."""
        return self.trumps_base + suit - 4

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The values of an action shown to the seats who see it (``card``, ``suit``…)."""
        if kind in _CARD_KINDS:
            return CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS
        if kind == "trumps" and 0 <= action - self.trumps_base < 4:
            return TRUMP_ARGS[action - self.trumps_base]
        table = self.arg_tables.get(kind)
        return table.get(action, NO_ARGS) if table is not None else NO_ARGS

    def text(self, action: int, phase: int) -> str:
        """The text of ``action`` in deal phase ``phase``; :class:`NotationError` if none."""
        if 0 <= action < N_CARDS:
            return f"{self.card_verb[phase] or 'play'} {card_text(CARD_ID[action])}"
        word = self.words.get(action)
        if word is not None:
            return word
        if 0 <= action - self.declare_base < len(self.declare_words):
            return f"declare {self.declare_words[action - self.declare_base]}"
        if 0 <= action - self.trumps_base < 4:
            return f"trumps {SYMBOL[TRUMP_SUITS[action - self.trumps_base]]}"
        raise NotationError(f"{action!r} is not an action of {self.game}")

    def parse(self, text: str, phase: int, state: Any = None) -> int:
        """The action written ``text`` in ``phase``; :class:`NotationError` if it is
        malformed. A card verb that does not fit the phase (``play ♣K`` during the exchange)
        is refused with :class:`IllegalActionError` (given the ``state``) rather than taken
        as another action on the same card."""
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        words = self.join.join(text.strip().lower().split())
        action = self.aliases.get(words, self._by_text.get(words))
        if action is not None:
            return action
        verb, arg = split_action(text, self._verbs, self.expected)
        if verb in self._by_text:
            if arg:
                raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
            return self._by_text[verb]
        if verb == "declare":
            game = self._games.get("-".join(arg.split()))
            if game is None:
                raise NotationError(
                    f"cannot read {text!r}: expected 'declare <game>', one of "
                    f"{', '.join(self.declare_words)}"
                )
            return self.declare_base + game
        if verb in ("trumps", "trump"):
            name = arg.strip().lower()
            suit = parse_suit(self.suit_names.get(name, name))
            if suit is None:
                raise NotationError(
                    f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or "
                    f"'trumps {self.suit_example}'"
                )
            return self.trumps_base + TRUMP_SUITS.index(suit)
        if not arg:
            raise NotationError(f"cannot read {text!r}: expected '{verb} <card>', like '{verb} ♣7'")
        card = parse_card(arg)
        wanted = self.card_verb[phase] or "play"
        if verb != wanted and state is not None:
            seat = state.current_player()
            raise IllegalActionError(
                f"now is the time to {wanted}, not to {verb}",
                seat=seat if seat >= 0 else None,
                phase=state.phase(),
                action=text.strip(),
                reason="wrong_phase",
                move=state.move_number(),
            )
        return card
