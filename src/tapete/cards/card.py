"""Suits, ranks and cards.

A :class:`Card` is a small int (``suit * 16 + slot``) so that sets of cards are int bitmasks
(:class:`~tapete.cards.cardset.CardSet`). Spanish suits are 0-3, French suits 4-7; the same
French-suited card serves Ombre's French notation (``♣7``) and Trynka's Russian one (``7♣``).

>>> from tapete.cards import Card, Rank, Suit
>>> c = Card.of(Rank.THREE, Suit.OROS)
>>> c, c.rank, c.suit, int(c)
(Card.parse('3o'), <Rank.THREE: 3>, <Suit.OROS: 0>, 2)
>>> str(Card.of(Rank.KING, Suit.HEARTS))
'♥K'
"""

from __future__ import annotations

import enum
from typing import Final


class Suit(enum.IntEnum):
    """The eight suits: four Spanish (oros, copas, espadas, bastos) and four French."""

    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3
    CLUBS = 4
    DIAMONDS = 5
    HEARTS = 6
    SPADES = 7

    @property
    def is_spanish(self) -> bool:
        """True for oros, copas, espadas and bastos."""
        return self.value < 4

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (Ombre's red suits); False for every other suit."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def english_name(self) -> str:
        """Lower-case name: ``'oros'``, ``'clubs'``..."""
        return self.name.lower()


class Rank(enum.IntEnum):
    """Card ranks of the Spanish and French packs.

    The values are nominal (the Spanish sota, caballo and rey are 10, 11 and 12 in the pack);
    ranking inside a game comes from that game's tables, never from these values.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    SOTA = 20
    CABALLO = 21
    REY = 22


_SPANISH_RANKS: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
    Rank.EIGHT, Rank.NINE, Rank.SOTA, Rank.CABALLO, Rank.REY,
)  # fmt: skip
_FRENCH_RANKS: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
    Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
)  # fmt: skip

#: ``RANK_OF_ID[card_id]``: the rank of every card id (``None`` for unused ids).
RANK_OF_ID: Final[tuple[Rank | None, ...]] = tuple(
    (_SPANISH_RANKS if suit < 4 else _FRENCH_RANKS)[slot]
    if slot < (12 if suit < 4 else 13)
    else None
    for suit in range(8)
    for slot in range(16)
)
_SLOT: Final[dict[tuple[bool, Rank], int]] = {
    **{(True, rank): i for i, rank in enumerate(_SPANISH_RANKS)},
    **{(False, rank): i for i, rank in enumerate(_FRENCH_RANKS)},
}


class Card(int):
    """One card, an int in ``0..127``: ``suit * 16 + slot``.

    Build cards with :meth:`Card.of` or :meth:`Card.parse`; use ``int(card)`` for its bit.
    """

    __slots__ = ()

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit.

        >>> Card.of(Rank.CABALLO, Suit.BASTOS)
        Card.parse('Cb')
        """
        from tapete.errors import NotationError

        slot = _SLOT.get((suit < 4, rank))
        if slot is None:
            pack = "Spanish" if suit < 4 else "French"
            raise NotationError(
                f"the {pack} pack has no {rank.name.lower()} of {suit.name.lower()}"
            )
        return cls(suit * 16 + slot)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card in any of the three notations (Spanish, French, Russian).

        >>> Card.parse('Ao'), Card.parse('♣7'), Card.parse('10♥'), Card.parse('C7')
        (Card.parse('Ao'), Card.parse('♣7'), Card.parse('♥10'), Card.parse('♣7'))
        """
        from tapete.cards.notation import parse_card_any

        return parse_card_any(text)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self >> 4)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        rank = RANK_OF_ID[self]
        if rank is None:  # pragma: no cover - Card ids are only made valid
            raise ValueError(f"no card has id {int(self)}")
        return rank

    def __str__(self) -> str:
        from tapete.cards.notation import default_notation

        return default_notation(self.suit).format_card(self)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"
