"""Card notations of the three games.

* Spanish (La Pocha): rank then suit letter, ``Ao 3c Re Cb Se 7o``; ranks ``A 2-9 S C R``
  (sota, caballo, rey), suits ``o c e b`` (oros, copas, espadas, bastos).
* French (Ombre): suit symbol then rank, ``♣7 ♠A ♥K``; ASCII suit letters ``C D H S`` are
  accepted on input (``C7`` = ``♣7``).
* Russian (Trynka): rank then suit symbol, ``A♠ 10♥ 6♦``; ASCII ``AS 10H`` and the Russian
  rank letters ``Т К Д В`` (туз, король, дама, валет) are accepted on input.

>>> from tapete.cards.notation import FRENCH, RUSSIAN, SPANISH
>>> SPANISH.format_card(SPANISH.parse_card('Cb'))
'Cb'
>>> RUSSIAN.format_card(FRENCH.parse_card('S10'))
'10♠'
"""

from __future__ import annotations

from typing import Final

from tapete.cards.card import RANK_OF_ID, Card, Rank, Suit
from tapete.errors import NotationError

_SPANISH_RANK_TEXT: Final = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.SOTA: "S",
    Rank.CABALLO: "C", Rank.REY: "R",
}  # fmt: skip
_SPANISH_SUIT_TEXT: Final = {Suit.OROS: "o", Suit.COPAS: "c", Suit.ESPADAS: "e", Suit.BASTOS: "b"}
_FRENCH_RANK_TEXT: Final = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}  # fmt: skip
_FRENCH_SUIT_SYMBOL: Final = {
    Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠",
}  # fmt: skip
_FRENCH_SUIT_INPUT: Final = {
    **{symbol: suit for suit, symbol in _FRENCH_SUIT_SYMBOL.items()},
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
}  # fmt: skip
_RUSSIAN_RANK_INPUT: Final = {
    **{text: rank for rank, text in _FRENCH_RANK_TEXT.items()},
    "Т": Rank.ACE, "К": Rank.KING, "Д": Rank.QUEEN, "В": Rank.JACK, "T": Rank.TEN,
}  # fmt: skip


class Notation:
    """One way of writing cards; see the module docstring for the three forms."""

    def __init__(
        self,
        name: str,
        example: str,
        rank_text: dict[Rank, str],
        suit_text: dict[Suit, str],
        rank_input: dict[str, Rank],
        suit_input: dict[str, Suit],
        suit_first: bool,
    ) -> None:
        self.name = name
        self.example = example
        self._format: dict[int, str] = {}
        self._parse: dict[str, Card] = {}
        for card_id, rank in enumerate(RANK_OF_ID):
            suit = Suit(card_id >> 4)
            if rank is None or rank not in rank_text or suit not in suit_text:
                continue
            r, s = rank_text[rank], suit_text[suit]
            self._format[card_id] = s + r if suit_first else r + s
        for r_text, rank in rank_input.items():
            for s_text, suit in suit_input.items():
                try:
                    card = Card.of(rank, suit)
                except NotationError:
                    continue
                if card in self._format:
                    self._parse[s_text + r_text if suit_first else r_text + s_text] = card

    def format_card(self, card: int) -> str:
        """The text of one card in this notation."""
        try:
            return self._format[card]
        except KeyError:
            raise NotationError(f"card id {int(card)} has no {self.name} notation") from None

    def try_parse_card(self, text: str) -> Card | None:
        """The card written ``text``, or ``None`` when it is not this notation."""
        return self._parse.get(text.strip().replace("\ufe0f", ""))

    def parse_card(self, text: str) -> Card:
        """Parse one card; raise :class:`NotationError` naming the text and the expected form."""
        card = self.try_parse_card(text)
        if card is None:
            raise NotationError(
                f"cannot read {text!r} as a card: expected {self.name} {self.example}"
            )
        return Card(card)


SPANISH: Final = Notation(
    "Spanish",
    "rank then suit letter, like 'Ao' or 'Cb' (ranks A 2-9 S C R, suits o c e b)",
    _SPANISH_RANK_TEXT,
    _SPANISH_SUIT_TEXT,
    {text: rank for rank, text in _SPANISH_RANK_TEXT.items()},
    {text: suit for suit, text in _SPANISH_SUIT_TEXT.items()},
    suit_first=False,
)
FRENCH: Final = Notation(
    "French",
    "suit then rank, like '♣7', '♠A' or 'C7' (suits ♣ ♦ ♥ ♠ or C D H S, ranks A 2-10 J Q K)",
    _FRENCH_RANK_TEXT,
    _FRENCH_SUIT_SYMBOL,
    {text: rank for rank, text in _FRENCH_RANK_TEXT.items()},
    _FRENCH_SUIT_INPUT,
    suit_first=True,
)
RUSSIAN: Final = Notation(
    "Russian",
    "rank then suit, like 'A♠', '10♥' or '10H' (ranks 2-10 J Q K A, suits ♣ ♦ ♥ ♠ or C D H S)",
    _FRENCH_RANK_TEXT,
    _FRENCH_SUIT_SYMBOL,
    _RUSSIAN_RANK_INPUT,
    _FRENCH_SUIT_INPUT,
    suit_first=False,
)


def default_notation(suit: Suit) -> Notation:
    """Spanish notation for Spanish suits, French for French suits."""
    return SPANISH if suit < 4 else FRENCH


def parse_card_any(text: str) -> Card:
    """Parse a card written in any of the three notations.

    >>> parse_card_any('Rc'), parse_card_any('A♠'), parse_card_any('HK')
    (Card.parse('Rc'), Card.parse('♠A'), Card.parse('♥K'))
    """
    for notation in (SPANISH, FRENCH, RUSSIAN):
        card = notation.try_parse_card(text)
        if card is not None:
            return Card(card)
    raise NotationError(
        f"cannot read {text!r} as a card: expected Spanish {SPANISH.example}; "
        f"or French {FRENCH.example}; or Russian {RUSSIAN.example}"
    )
