"""The packs the three games use, each with its notation.

>>> from tapete.cards import CardSet
>>> from tapete.cards.decks import SPANISH_40, FRENCH_40, RUSSIAN_24
>>> len(SPANISH_40), len(FRENCH_40), len(RUSSIAN_24)
(40, 40, 24)
>>> SPANISH_40.format_cards(SPANISH_40.parse_cards('Ao 3c Re Cb Se 7o'))
'Ao 3c Re Cb Se 7o'
>>> str(SPANISH_40.cardset & CardSet.parse('Cb Ao 7o'))
'Ao 7o Cb'
>>> RUSSIAN_24.parse_card('K♠')
Traceback (most recent call last):
...
tapete.errors.NotationError: K♠ is not in the russian24 pack (24 cards: 6-10 and A of each suit)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from tapete.cards.card import Card, Rank, Suit
from tapete.cards.cardset import CardSet, iter_bits
from tapete.cards.notation import FRENCH, RUSSIAN, SPANISH, Notation
from tapete.errors import NotationError


class Deck:
    """A pack: its cards in deck order (ascending id), its suits and its notation."""

    def __init__(
        self,
        name: str,
        notation: Notation,
        suits: Iterable[Suit],
        ranks: Iterable[Rank],
        about: str,
    ) -> None:
        self.name = name
        self.notation = notation
        self.about = about
        self.suits: tuple[Suit, ...] = tuple(suits)
        self.ranks: tuple[Rank, ...] = tuple(ranks)
        cards = sorted(Card.of(rank, suit) for suit in self.suits for rank in self.ranks)
        self.cards: tuple[Card, ...] = tuple(cards)
        self.mask: int = sum(1 << c for c in cards)
        #: ``suit_masks[suit]`` is the bitmask of that suit's cards in this pack.
        self.suit_masks: dict[Suit, int] = {
            s: sum(1 << c for c in cards if c >> 4 == s) for s in self.suits
        }
        #: ``index_of[card_id]``: the card's deck-local index ``0 … len-1`` (deck order), or
        #: -1 for a card id not in the pack. Local indices fit every pack in 64 bits.
        self.index_of: tuple[int, ...] = tuple(
            cards.index(Card(c)) if self.mask >> c & 1 else -1 for c in range(128)
        )
        #: ``card_ids[index]``: the card id at deck-local ``index`` (``index_of`` reversed).
        self.card_ids: tuple[int, ...] = tuple(int(c) for c in cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {len(self)} cards>"

    def local_mask(self, mask: int) -> int:
        """A card-id bitmask of this pack's cards as a deck-local bitmask (fits ``uint64``).

        >>> bin(FRENCH_40.local_mask(FRENCH_40.mask))
        '0b1111111111111111111111111111111111111111'
        >>> FRENCH_40.global_mask(FRENCH_40.local_mask(FRENCH_40.mask)) == FRENCH_40.mask
        True
        """
        index_of = self.index_of
        out = 0
        for card in iter_bits(mask):
            out |= 1 << index_of[card]
        return out

    def global_mask(self, local: int) -> int:
        """A deck-local bitmask back as a card-id bitmask (:meth:`local_mask` reversed)."""
        ids = self.card_ids
        out = 0
        for index in iter_bits(local):
            out |= 1 << ids[index]
        return out

    @property
    def cardset(self) -> CardSet:
        """All cards of the pack."""
        return CardSet(self.mask)

    def format_card(self, card: int) -> str:
        """One card in this pack's notation."""
        return self.notation.format_card(card)

    def format_cards(self, cards: CardSet | Iterable[int]) -> str:
        """Cards in this pack's notation, separated by spaces, in the order given."""
        if isinstance(cards, CardSet):
            cards = iter_bits(cards.mask)
        return " ".join(self.notation.format_card(c) for c in cards)

    def parse_card(self, text: str) -> Card:
        """Parse one card of this pack; :class:`NotationError` if it is malformed or absent."""
        card = self.notation.parse_card(text)
        if not self.mask >> card & 1:
            raise NotationError(f"{text.strip()} is not in the {self.name} pack ({self.about})")
        return card

    def parse_cards(self, text: str) -> list[Card]:
        """Parse cards separated by spaces or commas, keeping their order."""
        return [self.parse_card(tok) for tok in text.replace(",", " ").split()]


_SPANISH_SUITS: Final = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
_FRENCH_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SPANISH_40_RANKS: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
    Rank.SOTA, Rank.CABALLO, Rank.REY,
)  # fmt: skip

SPANISH_40: Final = Deck(
    "spanish40", SPANISH, _SPANISH_SUITS, _SPANISH_40_RANKS, "40 cards: A 2-7 S C R of each suit"
)
SPANISH_48: Final = Deck(
    "spanish48",
    SPANISH,
    _SPANISH_SUITS,
    (*_SPANISH_40_RANKS, Rank.EIGHT, Rank.NINE),
    "48 cards: A 2-9 S C R of each suit",
)
SPANISH_36: Final = Deck(
    "spanish36",
    SPANISH,
    _SPANISH_SUITS,
    tuple(r for r in _SPANISH_40_RANKS if r != Rank.TWO),
    "36 cards: A 3-7 S C R of each suit (the 2s removed)",
)
FRENCH_40: Final = Deck(
    "french40",
    FRENCH,
    _FRENCH_SUITS,
    (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
     Rank.JACK, Rank.QUEEN, Rank.KING),
    "40 cards: A 2-7 J Q K of each suit (no 8, 9, 10)",
)  # fmt: skip
RUSSIAN_24: Final = Deck(
    "russian24",
    RUSSIAN,
    _FRENCH_SUITS,
    (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE),
    "24 cards: 6-10 and A of each suit",
)
RUSSIAN_36: Final = Deck(
    "russian36",
    RUSSIAN,
    _FRENCH_SUITS,
    (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
     Rank.ACE),
    "36 cards: 6-10 J Q K A of each suit",
)  # fmt: skip

#: Every pack by name.
DECKS: Final[dict[str, Deck]] = {
    d.name: d for d in (SPANISH_40, SPANISH_48, SPANISH_36, FRENCH_40, RUSSIAN_24, RUSSIAN_36)
}
