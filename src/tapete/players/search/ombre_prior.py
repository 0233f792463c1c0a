"""How likely an ombre's declaration, exchange and trumps were, given its hand in a world.

In the card play a defender's worlds come from :mod:`tapete.solvers.ombre_worlds`: hands
that fit what the play revealed, every such hand alike. But the ombre said "I play",
exchanged ``k`` cards and named its trumps: with the opponent model (the ``rule`` bot's
valuation, :mod:`tapete.players.search.ombre_model`) a world in which its nine cards after
the exchange (the cards it holds and those it played) are strong in the suit it named is
far likelier than one in which they are not. :class:`OmbrePrior` weighs a world by

* the likelihood of its trump count: ``P(n | declared, k) / P(n)``, ``n`` the trumps among
  the ombre's nine cards after the exchange; the first from deals simulated with the model
  (the first seat whose hand the model values at :data:`DECLARE_AT` or more declares,
  throws what the model throws, names its best suit), the second from random hands; both
  by trump colour (11 or 12 trumps), with add-one smoothing;
* the same for its matadors (Spadille, Manille, Basto: 0–3), by colour;
* the chance the model names that suit with those nine cards:
  ``sigmoid((value(named) - best other value) / tau)``.

The tables are simulated once per process (a few thousand deals, seeded: the same tables
every time).

>>> from tapete.cards import CardSet, Suit
>>> prior = OmbrePrior.shared()
>>> strong = CardSet.parse('♠A ♣A ♥7 ♥A ♥K ♥Q ♥2 ♦K ♣K').mask
>>> weak = CardSet.parse('♠3 ♠4 ♥5 ♦2 ♦3 ♣5 ♦J ♣J ♠K').mask
>>> prior.weight(strong, Suit.HEARTS, 4) > 10 * prior.weight(weak, Suit.HEARTS, 4)
True
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Final

from tapete.cards import Suit, iter_bits
from tapete.games.ombre_family.tables import FULL_MASK, MATADOR_MASK, SUITS, TRUMP_MASK
from tapete.players.rule.ombre import DECLARE_AT
from tapete.players.search.ombre_model import (
    best_suit,
    hand_value,
    keepers_as_ombre,
)

#: Simulated deals behind the tables.
DEALS: Final = 20000


def _colour(suit: Suit | int) -> int:
    """0 for a black trump suit (11 trumps), 1 for a red one (12)."""
    return 1 if TRUMP_MASK[suit].bit_count() == 12 else 0


class OmbrePrior:
    """The weights of an ombre's hand (see the module's docstring)."""

    def __init__(self, deals: int = DEALS, seed: int = 7, tau: float = 0.3) -> None:
        self.tau = tau
        rng = random.Random(seed)
        cards = list(iter_bits(FULL_MASK))
        # counts[colour][k][n]: declared; base[colour][n]: random hands
        counts = [[[1.0] * 13 for _ in range(10)] for _ in range(2)]
        mats = [[1.0] * 4 for _ in range(2)]
        base = [[1.0] * 13 for _ in range(2)]
        base_mats = [[1.0] * 4 for _ in range(2)]
        for _ in range(deals):
            rng.shuffle(cards)
            hands = [_mask(cards[9 * s : 9 * s + 9]) for s in range(3)]
            stock = cards[27:]
            suit = SUITS[rng.randrange(4)]
            c = _colour(suit)
            base[c][(hands[0] & TRUMP_MASK[suit]).bit_count()] += 1
            base_mats[c][(hands[0] & MATADOR_MASK[suit]).bit_count()] += 1
            for hand in hands:
                intended, value = best_suit(hand)
                if value < DECLARE_AT:
                    continue
                plan = hand & ~keepers_as_ombre(hand, intended)
                k = plan.bit_count()
                final = hand & ~plan | _mask(stock[:k])
                named = best_suit(final)[0]
                c = _colour(named)
                counts[c][k][(final & TRUMP_MASK[named]).bit_count()] += 1
                mats[c][(final & MATADOR_MASK[named]).bit_count()] += 1
                break
        self._log_ratio = [
            [
                [
                    math.log(row[n] / sum(row)) - math.log(base[c][n] / sum(base[c]))
                    for n in range(13)
                ]
                for row in counts[c]
            ]
            for c in range(2)
        ]
        self._log_mats = [
            [
                math.log(mats[c][m] / sum(mats[c])) - math.log(base_mats[c][m] / sum(base_mats[c]))
                for m in range(4)
            ]
            for c in range(2)
        ]

    @staticmethod
    @cache
    def shared() -> OmbrePrior:
        """The tables of this process (simulated on first use)."""
        return OmbrePrior()

    def weight(self, nine: int, trumps: Suit, k: int) -> float:
        """The weight of a world in which the ombre's nine cards after the exchange are
        ``nine`` (a card-id mask), it named ``trumps`` and exchanged ``k`` cards."""
        c = _colour(trumps)
        n = (nine & TRUMP_MASK[trumps]).bit_count()
        m = (nine & MATADOR_MASK[trumps]).bit_count()
        log_w = self._log_ratio[c][min(max(k, 0), 9)][n] + self._log_mats[c][m]
        named = hand_value(nine, trumps)
        other = max(hand_value(nine, s) for s in SUITS if s != trumps)
        x = max(-30.0, min(30.0, (named - other) / self.tau))
        return math.exp(log_w) / (1.0 + math.exp(-x))


def _mask(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out
