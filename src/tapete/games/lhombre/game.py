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

from typing import Final

from tapete.engine.api import GENERAL_SUM, ZERO_SUM, Param, mypyc_attr
from tapete.engine.registry import register
from tapete.games.lhombre.actions import MAX_LEVEL, WORDS
from tapete.games.lhombre.rules import MAX_MONEY, RULE_PARAMETERS, LhombreRules, check_balances
from tapete.games.lhombre.sampler import SAMPLER
from tapete.games.lhombre.state import LhombreState
from tapete.games.ombre_family.game import FamilyDealGame

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


@mypyc_attr(allow_interpreted_subclasses=True)
class LhombreGame(FamilyDealGame[LhombreState, LhombreRules]):
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

    words = WORDS
    state_type = LhombreState
    sampler = SAMPLER
    max_deal_length = MAX_DEAL_LENGTH

    def _configure(self) -> None:
        self.rules = LhombreRules.from_params(self.params)
        self.dealer = self.params["dealer"]
        self.balances = self.params["balances"]
        self.pot: int = self.params["pot"]

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


register(LhombreGame)  # not a decorator: the compiled build keeps the class native
