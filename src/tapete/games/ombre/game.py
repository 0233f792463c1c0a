"""One deal of Ombre as a game, registered as ``ombre``: its parameters and research contract.

>>> import tapete
>>> g = tapete.load_game('ombre', dealer=0, balances='5/0/-2', pool=4)
>>> g.dealer, g.balances, g.params['pool']
(0, (5, 0, -2), 4)
>>> g.num_distinct_actions(), g.max_chance_outcomes(), g.utility_sum()
(49, 40, 'general_sum')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import CardSet
from tapete.engine.api import GENERAL_SUM, Game, Param, PlayerView
from tapete.engine.registry import register
from tapete.errors import ConfigError
from tapete.games.ombre.actions import CARD_INDEX, DECK, N_CARDS, NUM_DISTINCT_ACTIONS, event_args
from tapete.games.ombre.rules import MONEY_PARAMETERS, RULE_PARAMETERS, OmbreRules
from tapete.games.ombre.sampler import sample_deal
from tapete.games.ombre.scoring import deal_swing
from tapete.games.ombre.state import OmbreState

#: The longest deal: 27 cards dealt, at most 5 speeches (a sans-prendre challenge, or the
#: forced ombre), trumps, 13 discards and 3 exchanges, 13 cards of the stock (drawn or
#: turned up), 27 cards played and a vole.
MAX_DEAL_LENGTH: Final = 27 + 5 + 1 + 13 + 3 + 13 + 27 + 1


@register
class OmbreGame(Game):
    """One deal of Ombre (ombre.md §2), registered as ``ombre``.

    >>> import tapete
    >>> tapete.load_game('ombre', first_lead='x')
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter first_lead = 'x' is not allowed; allowed: ombre | eldest
    """

    name = "ombre"
    rules_version = "ombre-1"
    summary = "Ombre (L'Hombre), one deal: auction, exchange, trumps, nine tricks, the pool"
    parameters = (
        Param("dealer", 2, "the dealer's seat (default 2, so seat 0 is eldest hand)",
              low=0, high=2),
        *MONEY_PARAMETERS,
        *RULE_PARAMETERS,
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules: OmbreRules = OmbreRules.from_params(self.params)
        self.dealer: int = self.params["dealer"]
        self.balances: tuple[int, int, int] = self.params["balances"]
        self.pool: int = self.params["pool"]

    def num_players(self) -> int:
        """Three seats, always."""
        return 3

    # -- the research contract ------------------------------------------------------------------
    def num_distinct_actions(self) -> int:
        """49: the 40 cards (deck-local indices), then pass, ombre, sans-prendre, draw, vole
        and the four trumps (see :mod:`tapete.games.ombre.actions`)."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """The longest deal (:data:`MAX_DEAL_LENGTH`, 90 actions, chance included)."""
        return MAX_DEAL_LENGTH

    def min_utility(self) -> float:
        """Ombre's worst loss: the pool after the antes, his ante and the extra payments."""
        return float(deal_swing(self.rules, self.pool)[0])

    def max_utility(self) -> float:
        """Ombre's best gain: the pool after the antes less his ante, with the extras."""
        return float(deal_swing(self.rules, self.pool)[1])

    def utility_sum(self) -> str:
        """General sum: the returns plus the pool's change sum to zero, so the returns
        alone sum to minus what the pool gained (a puesta or a throw-in grows it)."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return (
            "each seat's change of balance in this deal, antes included; "
            "sum(returns) + pool_change() == 0"
        )

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """The card of a card event, the suit of ``trumps``, the contract of a ``bid``."""
        return event_args(kind, action)

    # -- deals --------------------------------------------------------------------------------
    def deal_actions(self, hands: Sequence[str | CardSet]) -> list[int]:
        """The 27 chance actions that deal ``hands`` (indexed by seat, 9 cards each) in
        packets of three from eldest hand.

        >>> import tapete
        >>> g = tapete.load_game('ombre')
        >>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
        ...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2']
        >>> state = g.new_initial_state()
        >>> for action in g.deal_actions(hands):
        ...     state.apply_action(action)
        >>> str(state.view(0).hand)
        '♣A ♣2 ♣J ♣Q ♣K ♥J ♥Q ♥K ♠A'
        """
        parsed: list[list[int]] = []
        for hand in hands:
            cards = list(hand) if isinstance(hand, CardSet) else DECK.parse_cards(hand)
            if len(cards) != 9:
                raise ConfigError(f"a hand has 9 cards, got {len(cards)}: {hand}")
            parsed.append([int(c) for c in cards])
        if len(parsed) != 3 or len({c for h in parsed for c in h}) != 27:
            raise ConfigError("deal_actions needs three hands of 9 different cards")
        if any(CARD_INDEX[c] < 0 for h in parsed for c in h):
            raise ConfigError("deal_actions: a card is not of the 40-card French pack")
        eldest = (self.dealer + 1) % 3
        actions: list[int] = []
        for packet in range(9):
            seat = (eldest + packet) % 3
            start = 3 * (packet // 3)
            actions.extend(CARD_INDEX[c] for c in parsed[seat][start : start + 3])
        return actions

    def new_initial_state(self) -> OmbreState:
        """The deal after the antes, before the first card is dealt."""
        return OmbreState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> OmbreState:
        """A full deal consistent with ``view`` (voids, the matador privilege, forced ♠A)."""
        return sample_deal(self, view, rng)
