"""One deal of Danish l'hombre as a game, registered as ``lhombre``: parameters and the
research contract.

>>> import tapete
>>> g = tapete.load_game('lhombre', dealer=1, balances='5/0/-5')
>>> g.dealer, g.balances
(1, (5, 0, -5))
>>> g.num_players(), g.num_distinct_actions(), g.max_chance_outcomes(), g.utility_sum()
(3, 63, 40, 'zero_sum')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import CardSet
from tapete.engine.api import GENERAL_SUM, ZERO_SUM, Game, Param, PlayerView
from tapete.engine.registry import register
from tapete.errors import ConfigError
from tapete.games.lhombre.actions import (
    CARD_INDEX,
    DECK,
    MAX_LEVEL,
    N_CARDS,
    NUM_DISTINCT_ACTIONS,
    event_args,
)
from tapete.games.lhombre.rules import MAX_MONEY, RULE_PARAMETERS, LhombreRules, check_balances
from tapete.games.lhombre.sampler import sample_deal
from tapete.games.lhombre.state import LhombreState

#: The longest auction: three first speeches, then a step per bid up the ladder, each step
#: said at most twice (by a later seat, then held by an earlier one), and the last pass.
MAX_SPEECHES: Final = 3 + 2 * MAX_LEVEL + 1
#: The longest deal: 27 cards dealt, the auction, the declaration, trumps or the turned
#: card, at most 10 + 9 + 9 discards and 3 purchases, 13 cards bought, a tout, 27 cards played.
MAX_DEAL_LENGTH: Final = 27 + MAX_SPEECHES + 1 + 1 + 28 + 3 + 13 + 1 + 27

#: The three balances of a deal (carried by a session).
BALANCES: Final = Param(
    "balances", (0, 0, 0), "the three scores before this deal, like '5/0/-5'",
    kind=tuple, check=check_balances,
)  # fmt: skip
#: The pot before a deal (``settlement = pot``; carried by a session).
POT: Final = Param(
    "pot", 0, "with settlement = pot: what the pot holds before this deal", low=0,
    high=MAX_MONEY,
)  # fmt: skip


@register
class LhombreGame(Game):
    """One deal of Danish l'hombre (the Dansk L'hombre Union's game), registered as
    ``lhombre``.

    >>> import tapete
    >>> tapete.load_game('lhombre', dealer=3)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter dealer = 3 is out of range; allowed: int 0…2
    """

    name = "lhombre"
    rules_version = "lhombre-1"
    summary = (
        "Danish l'hombre, one deal: three players, the Union's ladder spil … nolo ouvert, "
        "tourné, nolo games, bet and kruk"
    )
    parameters = (
        Param("dealer", 2, "the dealer's seat (default 2, so seat 0 is forehand)",
              low=0, high=2),
        BALANCES,
        POT,
        *RULE_PARAMETERS,
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules: LhombreRules = LhombreRules.from_params(self.params)
        self.dealer: int = self.params["dealer"]
        self.balances: tuple[int, ...] = self.params["balances"]
        self.pot: int = self.params["pot"]

    def num_players(self) -> int:
        """Three players."""
        return 3

    def num_distinct_actions(self) -> int:
        """63: the 40 cards, pass, the seven bids, the nine games, draw, tout and the four
        trumps (see :mod:`tapete.games.lhombre.actions`)."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """The longest deal (:data:`MAX_DEAL_LENGTH`, chance included)."""
        return MAX_DEAL_LENGTH

    def min_utility(self) -> float:
        """The largest loss of a seat in one deal."""
        return float(-self.rules.bound())

    def max_utility(self) -> float:
        """The largest gain of a seat in one deal."""
        return float(self.rules.bound())

    def utility_sum(self) -> str:
        """Zero sum when the defenders pay (``settlement = each``), else general (with a pot,
        the returns and the pot's change sum to zero)."""
        return ZERO_SUM if self.rules.pay_each else GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        if self.rules.pot:
            return "each seat's change of score in this deal; sum(returns) + pot_change() == 0"
        return "each seat's change of score in this deal"

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """The card of a card event, the suit of ``trumps``, the step of a ``bid``, the game
        of a ``declare``."""
        return event_args(kind, action)

    def deal_actions(self, hands: Sequence[str | CardSet]) -> list[int]:
        """The 27 chance actions that deal ``hands`` (indexed by seat) in packets of three
        from forehand.

        >>> import tapete
        >>> g = tapete.load_game('lhombre')
        >>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
        ...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2']
        >>> state = g.new_initial_state()
        >>> for action in g.deal_actions(hands):
        ...     state.apply_action(action)
        >>> state.phase(), [state.action_to_string(a) for a in state.legal_actions()]
        ('auction', ['pass', 'spil', 'solo', 'ren-nolo', 'nolo-ouvert'])
        """
        if len(hands) != 3:
            raise ConfigError("deal_actions needs three hands, one per seat")
        parsed: list[list[int]] = []
        for hand in hands:
            cards = list(hand) if isinstance(hand, CardSet) else DECK.parse_cards(hand)
            if len(cards) != 9:
                raise ConfigError(f"a hand has 9 cards, got {len(cards)}: {hand}")
            parsed.append([int(c) for c in cards])
        if len({c for h in parsed for c in h}) != 27:
            raise ConfigError("deal_actions needs three hands of 9 different cards")
        if any(CARD_INDEX[c] < 0 for h in parsed for c in h):
            raise ConfigError("deal_actions: a card is not of the 40-card pack")
        actions: list[int] = []
        for packet in range(9):
            seat = (self.dealer + 1 + packet % 3) % 3
            start = 3 * (packet // 3)
            actions.extend(CARD_INDEX[c] for c in parsed[seat][start : start + 3])
        return actions

    def new_initial_state(self) -> LhombreState:
        """The deal before the first card is dealt."""
        return LhombreState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> LhombreState:
        """A full deal consistent with ``view`` (voids, the matador privilege, the open
        cards)."""
        return sample_deal(self, view, rng)
