"""One deal of Tresillo as a game, registered as ``tresillo``: parameters and research contract.

>>> import tapete
>>> g = tapete.load_game('tresillo', dealer=1, balances='5/0/-2/-3', plate='6')
>>> g.dealer, g.balances, g.plate
(1, (5, 0, -2, -3), (6,))
>>> g.num_players(), g.num_distinct_actions(), g.max_chance_outcomes(), g.utility_sum()
(4, 55, 40, 'general_sum')
"""

from __future__ import annotations

from typing import Any, Final

from tapete.engine.api import Param, mypyc_attr
from tapete.engine.registry import register
from tapete.games.ombre_family.game import FamilyDealGame
from tapete.games.tresillo.actions import WORDS
from tapete.games.tresillo.rules import (
    MONEY_PARAMETERS,
    RULE_PARAMETERS,
    TresilloRules,
    check_seats,
    three_handed,
)
from tapete.games.tresillo.sampler import SAMPLER
from tapete.games.tresillo.state import TresilloState

#: The longest auction: three passes and, per bid of the ladder, at most three bids (a
#: later seat must outbid; only a seat with priority may hold the same bid).
MAX_SPEECHES: Final = 3 + 3 * 5
#: The longest deal: 27 cards dealt, the auction, trumps, the vuelta card, at most 14
#: discards and 3 exchanges, 13 cards drawn, 27 cards played, a surrender and two answers,
#: and a bola.
MAX_DEAL_LENGTH: Final = 27 + MAX_SPEECHES + 1 + 1 + 14 + 3 + 13 + 27 + 1 + 2 + 1


@mypyc_attr(allow_interpreted_subclasses=True)
class TresilloGame(FamilyDealGame[TresilloState, TresilloRules]):
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

    words = WORDS
    state_type = TresilloState
    sampler = SAMPLER
    max_deal_length = MAX_DEAL_LENGTH

    def __init__(self, **params: Any) -> None:
        super().__init__(**three_handed(params, "dealer"))

    def _configure(self) -> None:
        check_seats(self.params, "dealer")
        self.rules = TresilloRules.from_params(self.params)
        self.dealer = self.params["dealer"]
        self.balances = self.params["balances"]
        self.plate: tuple[int, ...] = self.params["plate"]

    def num_players(self) -> int:
        """Four seats (three play each deal, the dealer sits out), or three
        (``n_players = 3``)."""
        return self.rules.n_players

    def _payout_bound(self) -> int:
        plate = self.plate
        payers = 1 if self.rules.polla_dealer else self.rules.n_players
        pollas = payers * self.rules.polla
        if not plate:
            return pollas
        return (sum(plate) if self.rules.plate_all else plate[0]) + pollas

    def min_utility(self) -> float:
        """The worst loss: a codillo or puesta of the dearest game (its value times the others
        at the table), the estuches and the bola paid to each of the others, and the
        polla."""
        rules = self.rules
        others = rules.n_players - 1
        return float(-others * (rules.top_value() + rules.extras_bound()) - rules.polla)

    def max_utility(self) -> float:
        """The best gain: the dearest game won from the others with the estuches and the
        bola, and the plate's payout (the pollas with it)."""
        rules = self.rules
        others = rules.n_players - 1
        return float(others * (rules.top_value() + rules.extras_bound()) + self._payout_bound())

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return "each seat's change of balance in this deal; sum(returns) + plate_change() == 0"


register(TresilloGame)  # not a decorator: the compiled build keeps the class native
