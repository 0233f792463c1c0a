"""Cards, card sets and the packs of Ombre, La Pocha and Trynka (standard library only).

>>> from tapete.cards import CardSet, SPANISH_40
>>> CardSet(SPANISH_40.parse_cards('Ao 3c')) == CardSet.parse('3c Ao')
True
"""

from tapete.cards.card import Card, Rank, Suit
from tapete.cards.cardset import CardSet, iter_bits
from tapete.cards.decks import (
    DECKS,
    FRENCH_40,
    RUSSIAN_24,
    RUSSIAN_36,
    SPANISH_36,
    SPANISH_40,
    SPANISH_48,
    Deck,
)
from tapete.cards.notation import FRENCH, RUSSIAN, SPANISH, Notation, parse_card_any

__all__ = [
    "DECKS",
    "FRENCH",
    "FRENCH_40",
    "RUSSIAN",
    "RUSSIAN_24",
    "RUSSIAN_36",
    "SPANISH",
    "SPANISH_36",
    "SPANISH_40",
    "SPANISH_48",
    "Card",
    "CardSet",
    "Deck",
    "Notation",
    "Rank",
    "Suit",
    "iter_bits",
    "parse_card_any",
]
