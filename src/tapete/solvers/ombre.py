"""Ombre's kernel tables: card ids ↔ kernel indices for each trump suit.

>>> from tapete.cards import Card, Suit
>>> t = OmbreTables.for_trumps(Suit.HEARTS)
>>> t.n_trumps, str(Card(t.card_id[t.n_trumps - 1])), str(Card(t.card_id[t.n_trumps - 2]))
(12, '♠A', '♥7')
>>> t.card_mask(t.kernel_mask(1 << Card.parse('♣K'))) == 1 << Card.parse('♣K')
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tapete.cards import Suit
from tapete.games.ombre_family.tables import SUITS, plain_order, trump_order
from tapete.solvers.ombre_kernel import BLOCK


@dataclass(frozen=True)
class OmbreTables:
    """The kernel form of the card ranking under one trump suit."""

    trumps: Suit
    n_trumps: int
    #: ``card_id[kernel index]`` (-1 for unused bits) and ``kernel_of[card id]`` (-1 off).
    card_id: tuple[int, ...]
    kernel_of: tuple[int, ...]

    @staticmethod
    @cache
    def for_trumps(trumps: Suit) -> OmbreTables:
        """The tables of the trump suit ``trumps`` (built once)."""
        card_id = [-1] * (4 * BLOCK)
        order = trump_order(trumps)
        for i, card in enumerate(order):
            card_id[len(order) - 1 - i] = int(card)
        plain = [s for s in SUITS if s != trumps]
        for b, suit in enumerate(plain, 1):
            cards = plain_order(suit, trumps)
            for i, card in enumerate(cards):
                card_id[BLOCK * b + len(cards) - 1 - i] = int(card)
        kernel_of = [-1] * 128
        for index, cid in enumerate(card_id):
            if cid >= 0:
                kernel_of[cid] = index
        return OmbreTables(Suit(trumps), len(order), tuple(card_id), tuple(kernel_of))

    def kernel_mask(self, card_mask: int) -> int:
        """A card-id bitmask as a kernel mask."""
        out = 0
        while card_mask:
            low = card_mask & -card_mask
            out |= 1 << self.kernel_of[low.bit_length() - 1]
            card_mask ^= low
        return out

    def card_mask(self, kernel_mask: int) -> int:
        """A kernel mask as a card-id bitmask."""
        out = 0
        while kernel_mask:
            low = kernel_mask & -kernel_mask
            out |= 1 << self.card_id[low.bit_length() - 1]
            kernel_mask ^= low
        return out
