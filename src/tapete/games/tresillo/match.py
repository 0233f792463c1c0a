"""A session of Tresillo: the deal passes to the right, the plate and balances carried.

The first dealer is ``first_dealer`` (seat 3 by default, so seat 0 is mano of the first
deal); after each deal the next seat in playing order deals (the deal passes to the right,
anti-clockwise). Every deal is played on its own ``tresillo`` game, built with
:func:`load_game` with that deal's dealer, plate and balances. After ``num_deals`` deals the
puestas left on the plate are shared equally by the players (the remainder stays
unassigned). At a table of three (``n_players = 3``) the first dealer is seat 2 by default.
``returns()`` are the balances.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('tresillo-match', num_deals=4)
>>> state = random_playout(game.new_initial_state(), random.Random(2))
>>> [r.dealer for r in state.results], sum(state.returns()) + state.unassigned
([3, 0, 1, 2], 0.0)
"""

from __future__ import annotations

from typing import Any, cast

from tapete.engine.api import GENERAL_SUM, Param
from tapete.engine.registry import register
from tapete.games.ombre_family.match import FamilyMatchGame, FamilyMatchState
from tapete.games.tresillo.game import TresilloGame
from tapete.games.tresillo.rules import (
    MAX_DEALS,
    MONEY_PARAMETERS,
    RULE_NAMES,
    RULE_PARAMETERS,
    TresilloRules,
    check_seats,
    three_handed,
)
from tapete.games.tresillo.state import TresilloState
from tapete.games.tresillo.view import TresilloDealResult, TresilloMatchView, TresilloOutcome


class TresilloMatchState(FamilyMatchState[TresilloState, TresilloDealResult]):
    """A position in a session of Tresillo (see :class:`TresilloMatchGame`)."""

    rules: TresilloRules
    plate: list[int]

    def _result(self, deal: TresilloState, changes: tuple[int, ...]) -> TresilloDealResult:
        return TresilloDealResult(
            dealer=deal.dealer,
            player=deal.player if deal.player >= 0 else None,
            contract=deal.view(None).contract,
            outcome=cast(TresilloOutcome, deal.outcome or ""),
            tricks_won=tuple(deal.tricks_won),
            changes=changes,
            plate_after=tuple(deal.plate),
            value=deal.paid_value,
            plate_taken=deal.plate_taken,
            polla=deal.polla,
            polla_by="dealer" if deal.rules.polla_dealer else "each",
            bola=deal.bola_announced,
            estuches=deal.estuches,
            estuche_paid=deal.estuche_paid,
            bola_paid=deal.bola_paid,
        )

    def _leftover(self) -> int:
        total = sum(self.plate)
        self.plate = []
        return total

    def view(self, seat: int | None) -> TresilloMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        return TresilloMatchView(**self._view_fields(seat))

    def _money_text(self) -> str:
        return f"plate {'/'.join(str(p) for p in self.plate) or '-'}, " + super()._money_text()


@register
class TresilloMatchGame(FamilyMatchGame[TresilloGame]):
    """A session of Tresillo deals, registered as ``tresillo-match``.

    >>> import tapete
    >>> tapete.load_game('tresillo-match').params['num_deals']
    12
    """

    name = "tresillo-match"
    rules_version = "tresillo-1"
    summary = "Tresillo, a session: the deal passes to the right, puestas wait on the plate"
    parameters = (
        Param("num_deals", 12, "number of deals in the session (12: each seat deals three)",
              low=1, high=MAX_DEALS),
        Param("first_dealer", 3, "the seat that deals first", low=0, high=3),
        *MONEY_PARAMETERS,
        *RULE_PARAMETERS,
    )  # fmt: skip
    deal_name = "tresillo"
    deal_type = TresilloGame
    rule_names = RULE_NAMES
    money = ("plate", "balances")
    view_type = TresilloMatchView
    state_type = TresilloMatchState

    def __init__(self, **params: Any) -> None:
        super().__init__(**three_handed(params, "first_dealer"))

    def _configure(self) -> None:
        check_seats(self.params, "first_dealer")
        super()._configure()
        self.rules: TresilloRules = TresilloRules.from_params(self.params)

    def _plate_bound(self) -> int:
        plate: tuple[int, ...] = self.params["plate"]
        n = self.rules.n_players
        payers = 1 if self.rules.polla_dealer else n
        per_deal = 2 * (n - 1) * self.rules.top_value() + payers * self.rules.polla
        return sum(plate) + per_deal * self.num_deals

    def _deal_swing(self) -> int:
        rules = self.rules
        return (rules.n_players - 1) * (rules.top_value() + rules.extras_bound())

    def new_initial_state(self) -> TresilloMatchState:
        """The session before its first card."""
        return TresilloMatchState(self)

    def min_utility(self) -> float:
        """The lowest starting balance less the dearest loss (and the polla) in every deal."""
        per_deal = self._deal_swing() + self.rules.polla
        return float(min(self.params["balances"]) - per_deal * self.num_deals)

    def max_utility(self) -> float:
        """The highest starting balance plus the dearest game won in every deal and every
        puesta the plate can ever hold."""
        gains = self._deal_swing() * self.num_deals + self._plate_bound()
        return float(max(self.params["balances"]) + gains)

    def utility_sum(self) -> str:
        """General sum: the balances plus what stays unassigned sum to the starting
        balances and plate."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return (
            "each seat's balance (the starting balances plus every deal's changes, and the "
            "share of the plate left at the end); during a deal, the balances before it"
        )
