"""One deal of Ombre as a game, registered as ``ombre``: its parameters and research contract.

>>> import tapete
>>> g = tapete.load_game('ombre', dealer=0, balances='5/0/-2', pool=4)
>>> g.dealer, g.balances, g.params['pool']
(0, (5, 0, -2), 4)
>>> g.num_distinct_actions(), g.max_chance_outcomes(), g.utility_sum()
(49, 40, 'general_sum')
"""

from __future__ import annotations

from typing import Final

from tapete.engine.api import Param, mypyc_attr
from tapete.engine.registry import register
from tapete.games.ombre.actions import WORDS
from tapete.games.ombre.rules import MONEY_PARAMETERS, RULE_PARAMETERS, OmbreRules
from tapete.games.ombre.sampler import SAMPLER
from tapete.games.ombre.scoring import deal_swing
from tapete.games.ombre.state import OmbreState
from tapete.games.ombre_family.game import FamilyDealGame

#: The longest deal: 27 cards dealt, at most 5 speeches (a sans-prendre challenge, or the
#: forced ombre), trumps, 13 discards and 3 exchanges, 13 cards of the stock (drawn or
#: turned up), 27 cards played and a vole.
MAX_DEAL_LENGTH: Final = 27 + 5 + 1 + 13 + 3 + 13 + 27 + 1


@mypyc_attr(allow_interpreted_subclasses=True)
class OmbreGame(FamilyDealGame[OmbreState, OmbreRules]):
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
    words = WORDS
    state_type = OmbreState
    sampler = SAMPLER
    max_deal_length = MAX_DEAL_LENGTH

    def _configure(self) -> None:
        self.rules = OmbreRules.from_params(self.params)
        self.dealer = self.params["dealer"]
        self.balances = self.params["balances"]
        self.pool: int = self.params["pool"]

    def min_utility(self) -> float:
        """Ombre's worst loss: the pool after the antes, his ante and the extra payments."""
        return float(deal_swing(self.rules, self.pool)[0])

    def max_utility(self) -> float:
        """Ombre's best gain: the pool after the antes less his ante, with the extras."""
        return float(deal_swing(self.rules, self.pool)[1])

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return (
            "each seat's change of balance in this deal, antes included; "
            "sum(returns) + pool_change() == 0"
        )


register(OmbreGame)  # not a decorator: the compiled build keeps the class native
