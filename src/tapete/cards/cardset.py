"""An immutable set of cards over an int bitmask.

>>> from tapete.cards import CardSet
>>> hand = CardSet.parse('Ao 3c Re')
>>> len(hand), 'Ao' in [str(c) for c in hand]
(3, True)
>>> hand | CardSet.parse('7o')
CardSet.parse('Ao 7o 3c Re')
>>> eval(repr(hand)) == hand
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tapete.cards.card import Card


def iter_bits(mask: int) -> Iterator[int]:
    """The indexes of the set bits of ``mask``, lowest first.

    >>> list(iter_bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CardSet:
    """An immutable set of :class:`Card` s stored as an int bitmask (bit ``i`` = card id ``i``).

    Supports ``|``, ``&``, ``-``, ``^``, ``len``, ``in``, iteration in deck order (ascending
    card id: suit by suit, each suit from the ace up) and equality.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, mask: int | Iterable[int] = 0) -> None:
        if not isinstance(mask, int):
            bits = 0
            for card in mask:
                bits |= 1 << card
            mask = bits
        if mask < 0:
            raise ValueError("a CardSet mask cannot be negative")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse whitespace- or comma-separated cards in any notation.

        >>> CardSet.parse('♣7, ♠A')
        CardSet.parse('♣7 ♠A')
        """
        from tapete.cards.notation import parse_card_any

        return cls(parse_card_any(tok) for tok in text.replace(",", " ").split())

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return (Card(i) for i in iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
