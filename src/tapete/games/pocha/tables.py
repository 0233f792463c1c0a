"""Rank orders, suit masks and bit tables for La Pocha, built at import.

``ABOVE[order][card]`` is the mask of the cards of the same suit that beat ``card``.

>>> from tapete.cards import Card, CardSet
>>> str(CardSet(ABOVE['tute'][Card.parse('Rc')]))
'Ac 3c'
>>> str(CardSet(ABOVE['natural'][Card.parse('Rc')]))
'Ac'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tapete.cards import Rank

#: Highest first, as pocha.md §1.3 (8 and 9 only exist in the 48-card pack).
RANK_ORDERS: Final[dict[str, tuple[Rank, ...]]] = {
    "tute": (
        Rank.ACE, Rank.THREE, Rank.REY, Rank.CABALLO, Rank.SOTA, Rank.NINE, Rank.EIGHT,
        Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.TWO,
    ),
    "natural": (
        Rank.ACE, Rank.REY, Rank.CABALLO, Rank.SOTA, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
        Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
    ),
}  # fmt: skip

#: ``SUIT_MASK[s]``: every Spanish card id of suit ``s`` (0-3), whichever pack.
SUIT_MASK: Final[tuple[int, ...]] = tuple(0xFFF << (16 * s) for s in range(4))

_SPANISH_SLOT_RANK: Final = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
    Rank.EIGHT, Rank.NINE, Rank.SOTA, Rank.CABALLO, Rank.REY,
)  # fmt: skip


def _strength(order: tuple[Rank, ...]) -> list[int]:
    strength = [0] * 64
    for card in range(64):
        slot = card & 15
        if slot < 12:
            strength[card] = len(order) - order.index(_SPANISH_SLOT_RANK[slot])
    return strength


#: ``STRENGTH[order][card]``: higher beats lower within a suit.
STRENGTH: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(_strength(order)) for name, order in RANK_ORDERS.items()
}

#: ``ABOVE[order][card]``: mask of the same-suit cards that beat ``card``.
ABOVE: Final[dict[str, tuple[int, ...]]] = {
    name: tuple(
        sum(
            1 << other
            for other in range(card & ~15, (card & ~15) + 12)
            if strength[other] > strength[card]
        )
        for card in range(64)
    )
    for name, strength in STRENGTH.items()
}

#: ``BITS[s][m]``: the card ids of suit ``s`` whose slots are the set bits of the 12-bit ``m``.
BITS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(16 * s + i for i in range(12) if m >> i & 1) for m in range(4096)) for s in range(4)
)


def mask_to_list(mask: int) -> list[int]:
    """The card ids in ``mask``, ascending (table lookups, one per suit).

    >>> mask_to_list((1 << 3) | (1 << 17) | (1 << 50))
    [3, 17, 50]
    """
    b0, b1, b2, b3 = BITS
    return [
        *b0[mask & 0xFFF],
        *b1[mask >> 16 & 0xFFF],
        *b2[mask >> 32 & 0xFFF],
        *b3[mask >> 48 & 0xFFF],
    ]


_LOCAL_BITS: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], ...]] = {}


def local_bits(index_of: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``local_bits(index_of)[s][m]``: the deck-local indices of the cards of suit ``s`` whose
    slots are the set bits of ``m`` (``index_of``: a pack's card id → local index), ascending.

    >>> from tapete.cards import SPANISH_40
    >>> local_bits(SPANISH_40.index_of[:64])[1][0b101]  # 1c and 3c: the 11th and 13th cards
    (10, 12)
    """
    table = _LOCAL_BITS.get(index_of)
    if table is None:
        table = tuple(
            tuple(tuple(index_of[card] for card in BITS[s][m]) for m in range(4096))
            for s in range(4)
        )
        _LOCAL_BITS[index_of] = table
    return table


def beats(strength: Sequence[int], trump: int, card: int, best: int, led: int) -> bool:
    """True when ``card`` beats ``best``, the card winning a trick led in suit ``led`` so far,
    with ``trump`` the trump suit (-1: none) and ``strength`` the rank order's
    (:data:`STRENGTH`): the one judge of La Pocha's tricks outside the state, for the bots
    and the hints weighing a card they might play.

    >>> from tapete.cards import Card
    >>> s = STRENGTH['tute']
    >>> beats(s, 1, Card.parse('2c'), Card.parse('Ao'), 0)  # a trump on a card of the suit led
    True
    >>> beats(s, 1, Card.parse('Re'), Card.parse('2o'), 0)  # another suit, not trumps
    False
    """
    if card >> 4 == trump:
        return best >> 4 != trump or strength[card] > strength[best]
    return card >> 4 == led and best >> 4 != trump and strength[card] > strength[best]


def trick_winner(strength: Sequence[int], trump: int, cards: Sequence[int]) -> int:
    """The index (in playing order) of the card winning the trick ``cards`` so far.

    >>> from tapete.cards import Card
    >>> trick_winner(STRENGTH['tute'], 1, [Card.parse(c) for c in ('Ao', '3o', '2c')])
    2
    """
    best = 0
    led = cards[0] >> 4
    for k in range(1, len(cards)):
        if beats(strength, trump, cards[k], cards[best], led):
            best = k
    return best
