"""One deal of Tresillo as a game, registered as ``tresillo``: parameters and research contract.

>>> import tapete
>>> g = tapete.load_game('tresillo', dealer=1, balances='5/0/-2/-3', plate='6')
>>> g.dealer, g.balances, g.plate
(1, (5, 0, -2, -3), (6,))
>>> g.num_players(), g.num_distinct_actions(), g.max_chance_outcomes(), g.utility_sum()
(4, 55, 40, 'general_sum')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import CardSet
from tapete.engine.api import GENERAL_SUM, Game, Param, PlayerView
from tapete.engine.registry import register
from tapete.errors import ConfigError
from tapete.games.tresillo.actions import (
    CARD_INDEX,
    DECK,
    N_CARDS,
    NUM_DISTINCT_ACTIONS,
    event_args,
)
from tapete.games.tresillo.rules import MONEY_PARAMETERS, RULE_PARAMETERS, TresilloRules
from tapete.games.tresillo.sampler import sample_deal
from tapete.games.tresillo.state import TresilloState

#: The longest auction: three passes and, per bid of the ladder, at most three bids (a
#: later seat must outbid; only a seat with priority may hold the same bid).
MAX_SPEECHES: Final = 3 + 3 * 5
#: The longest deal: 27 cards dealt, the auction, trumps, the vuelta card, at most 14
#: discards and 3 exchanges, 13 cards drawn, 27 cards played, a surrender and two answers,
#: and a bola.
MAX_DEAL_LENGTH: Final = 27 + MAX_SPEECHES + 1 + 1 + 14 + 3 + 13 + 27 + 1 + 2 + 1


@register
class TresilloGame(Game):
    """One deal of Tresillo (Rocambor), registered as ``tresillo``.

    >>> import tapete
    >>> tapete.load_game('tresillo', dealer=4)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter dealer = 4 is out of range; allowed: int 0…3
    """

    name = "tresillo"
    rules_version = "tresillo-1"
    summary = (
        "Tresillo (Rocambor), one deal: four at the table, the dealer sits out; entrada, "
        "vuelta or solo; surrender and defence; puestas on the plate"
    )
    parameters = (
        Param("dealer", 3, "the dealer's seat, who sits out (default 3, so seat 0 is mano)",
              low=0, high=3),
        *MONEY_PARAMETERS,
        *RULE_PARAMETERS,
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules: TresilloRules = TresilloRules.from_params(self.params)
        self.dealer: int = self.params["dealer"]
        self.balances: tuple[int, ...] = self.params["balances"]
        self.plate: tuple[int, ...] = self.params["plate"]

    def num_players(self) -> int:
        """Four seats: three play each deal, the dealer sits out."""
        return 4

    def num_distinct_actions(self) -> int:
        """55: the 40 cards, pass, the five bids, draw, surrender, defend, accept, the four
        trumps and bola (see :mod:`tapete.games.tresillo.actions`)."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """The longest deal (:data:`MAX_DEAL_LENGTH`, chance included)."""
        return MAX_DEAL_LENGTH

    def _payout_bound(self) -> int:
        plate = self.plate
        pollas = 4 * self.rules.polla
        if not plate:
            return pollas
        return (sum(plate) if self.rules.plate_all else plate[0]) + pollas

    def min_utility(self) -> float:
        """The worst loss: a codillo or puesta of the dearest game (three times its value),
        the estuches and the bola paid to each of the three others, and the polla."""
        rules = self.rules
        return float(-3 * (rules.top_value() + rules.extras_bound()) - rules.polla)

    def max_utility(self) -> float:
        """The best gain: the dearest game won from the three others with the estuches and
        the bola, and the plate's payout (the pollas with it)."""
        rules = self.rules
        return float(3 * (rules.top_value() + rules.extras_bound()) + self._payout_bound())

    def utility_sum(self) -> str:
        """General sum: the returns plus the plate's change sum to zero."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return "each seat's change of balance in this deal; sum(returns) + plate_change() == 0"

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """The card of a card event, the suit of ``trumps``, the contract of a ``bid``."""
        return event_args(kind, action)

    def deal_actions(self, hands: Sequence[str | CardSet | None]) -> list[int]:
        """The 27 chance actions that deal ``hands`` (indexed by seat; the dealer's entry
        empty or ``None``) in packets of three from mano.

        >>> import tapete
        >>> g = tapete.load_game('tresillo')
        >>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
        ...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2', None]
        >>> state = g.new_initial_state()
        >>> for action in g.deal_actions(hands):
        ...     state.apply_action(action)
        >>> state.phase(), str(state.view(1).hand)
        ('auction', '♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K')
        """
        if len(hands) != 4:
            raise ConfigError("deal_actions needs four entries, one per seat (the dealer's empty)")
        parsed: dict[int, list[int]] = {}
        for seat, hand in enumerate(hands):
            if seat == self.dealer:
                if hand:
                    raise ConfigError(f"the dealer (seat {seat}) gets no cards")
                continue
            if hand is None:
                raise ConfigError(f"seat {seat} needs a hand of 9 cards")
            cards = list(hand) if isinstance(hand, CardSet) else DECK.parse_cards(hand)
            if len(cards) != 9:
                raise ConfigError(f"a hand has 9 cards, got {len(cards)}: {hand}")
            parsed[seat] = [int(c) for c in cards]
        if len({c for h in parsed.values() for c in h}) != 27:
            raise ConfigError("deal_actions needs three hands of 9 different cards")
        if any(CARD_INDEX[c] < 0 for h in parsed.values() for c in h):
            raise ConfigError("deal_actions: a card is not of the 40-card pack")
        actions: list[int] = []
        for packet in range(9):
            seat = (self.dealer + 1 + packet % 3) % 4
            start = 3 * (packet // 3)
            actions.extend(CARD_INDEX[c] for c in parsed[seat][start : start + 3])
        return actions

    def new_initial_state(self) -> TresilloState:
        """The deal before the first card is dealt."""
        return TresilloState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> TresilloState:
        """A full deal consistent with ``view`` (voids and the matador privilege)."""
        return sample_deal(self, view, rng)
