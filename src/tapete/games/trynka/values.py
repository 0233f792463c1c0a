"""Trynka hand values (trynka.md §1.3 and the variants of §3 items 1-4).

A hand of three cards is worth a pair ``(category, points)``, compared lexicographically:
category 3 is three aces, 2 is three sixes, 1 anything else, whose points are the best
one-suit total (A = 11, 10 = 10, 9 = 9, 8 = 8, 7 = 7, 6 = 6, and J Q K = 10 in the 36-card
pack). Three tens are worth 10 (one ten) and give the right to a redeal (:func:`is_three_tens`).

>>> from tapete.cards import CardSet
>>> hand_value(CardSet.parse('A♠ 10♠ 9♠'))
HandValue(category=1, points=30)
>>> hand_value(CardSet.parse('6♠ 6♥ 6♦')) > hand_value(CardSet.parse('A♠ 10♠ 9♠'))
True
>>> hand_value(CardSet.parse('A♠ A♥ 10♦')), hand_value(CardSet.parse('A♠ A♥ 10♦'), two_aces_22=True)
(HandValue(category=1, points=11), HandValue(category=1, points=22))

For speed, :func:`local_value_table` maps the deck-local bitmask of every 3-card hand of a
pack (24 or 36 cards) to an int key with the same order (``category * 64 + points``), built
once per pack and rule variant (:func:`value_table` is the same keyed by card-id masks).

>>> table = local_value_table(24)
>>> len(table), max(table.values()) == HandValue(3, 33).key()
(2024, True)

With ``joker`` (Seka), the seven of clubs is wild (:data:`JOKER`): it stands for whichever
card makes the hand worth most, even a card the hand holds, so it counts 11 in any suit and
completes three of a kind:

>>> hand_value(CardSet.parse('A♠ 10♠ 7♣'), joker=True)
HandValue(category=1, points=32)
>>> hand_value(CardSet.parse('A♠ A♥ 7♣'), joker=True)
HandValue(category=3, points=33)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final, NamedTuple

from tapete.cards import RUSSIAN_24, RUSSIAN_36, Card, CardSet, Deck, Rank, Suit
from tapete.cards.notation import RUSSIAN
from tapete.errors import NotationError

#: The 32-card pack of Seka: 7 8 9 10 J Q K A of each suit (the 36-card pack without sixes).
RUSSIAN_32: Final = Deck(
    "russian32",
    RUSSIAN,
    (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES),
    (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    "32 cards: 7-10 J Q K A of each suit",
)
#: Trynka's packs by size.
PACKS: Final[dict[int, Deck]] = {24: RUSSIAN_24, 32: RUSSIAN_32, 36: RUSSIAN_36}
#: Seka's joker (``joker``): the seven of clubs.
JOKER: Final = Card.of(Rank.SEVEN, Suit.CLUBS)

#: Point value of each rank (J, Q, K only exist in the 36-card pack).
POINTS: Final[dict[Rank, int]] = {
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
    Rank.ACE: 11,
}
#: Rank order for drawing the first dealer (high card): higher is better.
DRAW_ORDER: Final[dict[Rank, int]] = {
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 11,
    Rank.QUEEN: 12,
    Rank.KING: 13,
    Rank.ACE: 14,
}

#: Bitmask of the four tens (card ids of the French suits).
TENS_MASK: Final[int] = sum(1 << c for c in RUSSIAN_36.cards if c.rank == Rank.TEN)
ACES_MASK: Final[int] = sum(1 << c for c in RUSSIAN_36.cards if c.rank == Rank.ACE)
SIXES_MASK: Final[int] = sum(1 << c for c in RUSSIAN_36.cards if c.rank == Rank.SIX)


class HandValue(NamedTuple):
    """``(category, points)``: 3 three aces, 2 three sixes, 1 a suit total (``points``).

    With ``sixes_over_aces`` three sixes are category 3 and three aces 2. Categories 2 and 3
    carry the hand's plain card total as points (it never decides anything). With
    ``trynka_flush`` three cards of one suit are category 2 (points: their total) and the
    two triples move up to 3 and 4.
    """

    category: int
    points: int

    def key(self) -> int:
        """An int with the same order (``category * 64 + points``)."""
        return self.category * 64 + self.points


def _cards_of(cards: CardSet | Iterable[int] | int) -> list[Card]:
    if isinstance(cards, CardSet):
        mask = cards.mask
    elif isinstance(cards, int):
        mask = cards
    else:
        mask = 0
        for c in cards:
            mask |= 1 << c
    if mask.bit_count() != 3 or mask & ~RUSSIAN_36.mask:
        raise NotationError(
            f"a Trynka hand is three different cards of the Russian pack, got {CardSet(mask)}"
        )
    return list(CardSet(mask))


def hand_value(
    cards: CardSet | Iterable[int] | int,
    *,
    sixes_over_aces: bool = False,
    two_aces_22: bool = False,
    trips_score: bool = False,
    trynka_flush: bool = False,
    joker: bool = False,
) -> HandValue:
    """The value of a three-card hand (``cards`` as a CardSet, card ids or a bitmask).

    With ``joker`` the seven of clubs stands for any card (rank and suit), the one that makes
    the hand worth most, even a card the hand already holds (Seka: it counts 11 in a suit,
    like an ace, and completes three of a kind).

    >>> hand_value(CardSet.parse('10♠ 10♥ 10♦')), hand_value(CardSet.parse('6♠ 7♠ 8♥'))
    (HandValue(category=1, points=10), HandValue(category=1, points=13))
    >>> hand_value(CardSet.parse('9♠ 9♥ 9♦'), trips_score=True)
    HandValue(category=1, points=27)
    >>> hand_value(CardSet.parse('8♦ 7♦ 6♦'), trynka_flush=True)
    HandValue(category=2, points=21)
    >>> hand_value(CardSet.parse('9♥ 6♦ 7♣')), hand_value(CardSet.parse('9♥ 6♦ 7♣'), joker=True)
    (HandValue(category=1, points=9), HandValue(category=1, points=20))
    """
    hand = [(c.rank, c.suit) for c in _cards_of(cards)]
    flags = (sixes_over_aces, two_aces_22, trips_score, trynka_flush)
    if not joker or (JOKER.rank, JOKER.suit) not in hand:
        return _value(hand, *flags)
    rest = [card for card in hand if card != (JOKER.rank, JOKER.suit)]
    return max(
        _value([*rest, (rank, suit)], *flags)
        for rank in POINTS
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    )


def _value(
    hand: list[tuple[Rank, Suit]],
    sixes_over_aces: bool,
    two_aces_22: bool,
    trips_score: bool,
    trynka_flush: bool,
) -> HandValue:
    """The value of three cards given as ``(rank, suit)`` (two may be equal: a joker)."""
    ranks = [rank for rank, _ in hand]
    total = sum(POINTS[r] for r in ranks)
    lift = 1 if trynka_flush else 0
    if ranks.count(Rank.ACE) == 3:
        return HandValue((2 if sixes_over_aces else 3) + lift, total)
    if ranks.count(Rank.SIX) == 3:
        return HandValue((3 if sixes_over_aces else 2) + lift, total)
    if trynka_flush and hand[0][1] == hand[1][1] == hand[2][1]:
        return HandValue(2, total)
    if trips_score and ranks[0] == ranks[1] == ranks[2]:
        return HandValue(1, total)
    suit_totals: dict[int, int] = {}
    for rank, suit in hand:
        suit_totals[suit] = suit_totals.get(suit, 0) + POINTS[rank]
    points = max(suit_totals.values())
    if two_aces_22 and ranks.count(Rank.ACE) == 2:
        points = max(points, 22)
    return HandValue(1, points)


def is_three_tens(cards: CardSet | int, joker: bool = False) -> bool:
    """True when the hand is 10-10-10 (the redeal right of §2.9); with ``joker``, two tens
    and the joker count too (the joker completes three of a kind).

    >>> is_three_tens(CardSet.parse('10♠ 10♥ 10♦')), is_three_tens(CardSet.parse('10♠ 10♥ 7♣'))
    (True, False)
    >>> is_three_tens(CardSet.parse('10♠ 10♥ 7♣'), joker=True)
    True
    """
    mask = cards.mask if isinstance(cards, CardSet) else cards
    allowed = TENS_MASK | (1 << JOKER if joker else 0)
    return mask.bit_count() == 3 and mask & allowed == mask


@functools.cache
def value_table(
    sixes_over_aces: bool = False,
    two_aces_22: bool = False,
    trips_score: bool = False,
    trynka_flush: bool = False,
    joker: bool = False,
) -> dict[int, int]:
    """``{hand bitmask: value key}`` for all 7,140 hands of the 36-card pack (the 24- and
    32-card packs' hands included)."""
    table: dict[int, int] = {}
    for a, b, c in itertools.combinations(RUSSIAN_36.cards, 3):
        mask = (1 << a) | (1 << b) | (1 << c)
        table[mask] = hand_value(
            mask,
            sixes_over_aces=sixes_over_aces,
            two_aces_22=two_aces_22,
            trips_score=trips_score,
            trynka_flush=trynka_flush,
            joker=joker,
        ).key()
    return table


@functools.cache
def local_value_table(
    deck_size: int = 24,
    sixes_over_aces: bool = False,
    two_aces_22: bool = False,
    trips_score: bool = False,
    trynka_flush: bool = False,
    joker: bool = False,
) -> dict[int, int]:
    """``{deck-local hand mask: value key}`` for every hand of the 24-, 32- or 36-card pack."""
    deck = PACKS[deck_size]
    table = value_table(sixes_over_aces, two_aces_22, trips_score, trynka_flush, joker)
    out: dict[int, int] = {}
    for a, b, c in itertools.combinations(range(len(deck)), 3):
        ids = deck.card_ids
        out[(1 << a) | (1 << b) | (1 << c)] = table[(1 << ids[a]) | (1 << ids[b]) | (1 << ids[c])]
    return out


local_value_table()  # the default table is built at import
