"""The opponent model of the Ombre contract search: the ``rule`` bot's valuation, fast.

The same numbers as :func:`tapete.players.rule.ombre.hand_value`, ``best_suit``, the ombre's
keepers and a defender's discards (tested equal over random hands), on precomputed tables
instead of card objects, because the search calls them for every sampled world.

>>> from tapete.cards import CardSet, Suit
>>> from tapete.players.rule import ombre as rule
>>> hand = CardSet.parse('♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K').mask
>>> hand_value(hand, Suit.CLUBS) == rule.hand_value(hand, Suit.CLUBS)
True
>>> best_suit(hand) == rule.best_suit(hand)
True
"""

from __future__ import annotations

from typing import Final

from tapete.cards import Card, Rank, Suit, iter_bits
from tapete.cards.card import RANK_OF_ID
from tapete.games.ombre_family.tables import (
    BASTO,
    SPADILLE,
    SUIT_MASK,
    SUITS,
    TRUMP_MASK,
    trump_order,
)
from tapete.players.rule.ombre import _LOW_TRUMP, _TRUMP_VALUE

#: Per trump suit: the trumps in order with their value (the ``rule`` bot's table).
_TRUMP_CARDS: Final = {
    int(t): tuple(
        (1 << int(c), _TRUMP_VALUE[i] if i < len(_TRUMP_VALUE) else _LOW_TRUMP)
        for i, c in enumerate(trump_order(t))
    )
    for t in SUITS
}
#: Per trump suit: the other suits' (plain mask, king bit, queen bit), in ``SUITS`` order.
_PLAIN: Final = {
    int(t): tuple(
        (SUIT_MASK[t][s], 1 << int(Card.of(Rank.KING, s)), 1 << int(Card.of(Rank.QUEEN, s)))
        for s in SUITS
        if s != t
    )
    for t in SUITS
}
_PRINTED: Final = tuple(sum(1 << (16 * int(s) + i) for i in range(16)) for s in SUITS)
_BLACK_ACES: Final = 1 << SPADILLE | 1 << BASTO
_KINGS: Final = sum(1 << int(Card.of(Rank.KING, s)) for s in SUITS)
_QUEENS: Final = sum(1 << int(Card.of(Rank.QUEEN, s)) for s in SUITS)
#: Card-id masks: each printed suit (in ``SUITS`` order), the black aces, kings, queens.
PRINTED: Final = _PRINTED
BLACK_ACES: Final = _BLACK_ACES
KINGS: Final = _KINGS
QUEENS: Final = _QUEENS


def hand_value(hand: int, trumps: Suit | int) -> float:
    """:func:`tapete.players.rule.ombre.hand_value` (the same additions in the same order)."""
    value = 0.0
    n_trumps = 0
    for bit, worth in _TRUMP_CARDS[int(trumps)]:
        if hand & bit:
            value += worth
            n_trumps += 1
    value += 0.3 * max(0, n_trumps - 4)
    for mask, king, queen in _PLAIN[int(trumps)]:
        cards = hand & mask
        length = cards.bit_count()
        if cards & king:
            value += 0.85 if length <= 4 else 0.6
            if cards & queen:
                value += 0.45
        elif cards & queen and length >= 2:
            value += 0.2
        if n_trumps >= 3:
            value += 0.5 if length == 0 else 0.2 if length == 1 else 0.0
    return value


def best_suit(hand: int) -> tuple[Suit, float]:
    """:func:`tapete.players.rule.ombre.best_suit`: the strongest suit (the first on ties)."""
    best = SUITS[0]
    best_value = hand_value(hand, best)
    for suit in SUITS[1:]:
        value = hand_value(hand, suit)
        if value > best_value:
            best, best_value = suit, value
    return best, best_value


def keepers_as_ombre(hand: int, trumps: Suit | int) -> int:
    """The cards the ``rule`` bot keeps as ombre: the trumps, plain kings, guarded queens."""
    keep = hand & TRUMP_MASK[trumps]
    keep |= hand & ~keep & _KINGS
    for mask, _, queen in _PLAIN[int(trumps)]:
        if hand & queen and hand & mask & ~queen:
            keep |= queen
    return keep


def defender_discards(original: int) -> list[int]:
    """The ``rule`` bot's discards as a defender, in its order: the low cards (no black
    ace, king or queen) of its printed suits of at most two cards."""
    out: list[int] = []
    for printed in _PRINTED:
        cards = original & printed & ~_BLACK_ACES
        if cards.bit_count() > 2:
            continue
        for c in iter_bits(cards & ~_KINGS & ~_QUEENS):
            out.append(c)
    return out


def rank_of(card: int) -> Rank | None:
    """The rank of a card id."""
    return RANK_OF_ID[card]
