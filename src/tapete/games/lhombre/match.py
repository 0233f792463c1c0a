"""A session of Danish l'hombre: the deal passes to the right, the scores carried.

The first dealer is ``first_dealer`` (seat 2 by default, so seat 0 is forehand of the first
deal); after each deal the player on the dealer's right deals (the next seat in playing
order). Every deal is played on its own ``lhombre`` game, built with :func:`load_game` with
that deal's dealer and the scores so far. ``returns()`` are the scores.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('lhombre-match', num_deals=4)
>>> state = random_playout(game.new_initial_state(), random.Random(2))
>>> [r.dealer for r in state.results], sum(state.returns())
([2, 0, 1, 2], 0.0)
"""

from __future__ import annotations

from typing import cast

from tapete.engine.api import GENERAL_SUM, ZERO_SUM, Param
from tapete.engine.registry import register
from tapete.games.lhombre.game import BALANCES, POT, LhombreGame
from tapete.games.lhombre.rules import MAX_DEALS, RULE_NAMES, RULE_PARAMETERS, LhombreRules
from tapete.games.lhombre.state import LhombreState
from tapete.games.lhombre.view import LhombreDealResult, LhombreMatchView, LhombreOutcome
from tapete.games.ombre_family.match import FamilyMatchGame, FamilyMatchState


class LhombreMatchState(FamilyMatchState[LhombreState, LhombreDealResult]):
    """A position in a session of Danish l'hombre (see :class:`LhombreMatchGame`); ``pot``
    is the pot (``settlement = pot``), ``unassigned`` what could not be shared of it at the
    end."""

    rules: LhombreRules
    pot: int

    def _result(self, deal: LhombreState, changes: tuple[int, ...]) -> LhombreDealResult:
        return LhombreDealResult(
            dealer=deal.dealer,
            player=deal.player if deal.player >= 0 else None,
            contract=deal.view(None).contract,
            outcome=cast(LhombreOutcome, deal.outcome or ""),
            tricks_won=tuple(deal.tricks_won),
            changes=changes,
            ante=deal.ante,
            pot_paid=deal.pot_paid,
            pot_after=deal.pot,
        )

    def _leftover(self) -> int:
        total, self.pot = self.pot, 0
        return total

    def view(self, seat: int | None) -> LhombreMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        return LhombreMatchView(**self._view_fields(seat))

    def _money_text(self) -> str:
        return f"scores {' '.join(str(b) for b in self.balances)}"


@register
class LhombreMatchGame(FamilyMatchGame[LhombreGame]):
    """A session of Danish l'hombre deals, registered as ``lhombre-match``.

    >>> import tapete
    >>> tapete.load_game('lhombre-match').params['num_deals']
    12
    """

    name = "lhombre-match"
    rules_version = "lhombre-1"
    summary = "Danish l'hombre, a session: the deal passes to the right, the scores carried"
    parameters = (
        Param("num_deals", 12, "number of deals in the session (12: each seat deals four)",
              low=1, high=MAX_DEALS),
        Param("first_dealer", 2, "the seat that deals first", low=0, high=2),
        BALANCES,
        POT,
        *RULE_PARAMETERS,
    )  # fmt: skip
    deal_name = "lhombre"
    deal_type = LhombreGame
    rule_names = RULE_NAMES
    money = ("balances", "pot")
    optional_money = frozenset(("pot",))
    view_type = LhombreMatchView
    state_type = LhombreMatchState

    def _configure(self) -> None:
        super()._configure()
        self.rules: LhombreRules = LhombreRules.from_params(self.params)

    def new_initial_state(self) -> LhombreMatchState:
        """The session before its first card."""
        return LhombreMatchState(self)

    def min_utility(self) -> float:
        """The lowest starting score less the dearest loss in every deal."""
        return float(min(self.params["balances"]) - self.rules.bound() * self.num_deals)

    def max_utility(self) -> float:
        """The highest starting score plus the dearest gain in every deal (and, with a pot,
        all it can hold at the end)."""
        gain = self.rules.bound() * self.num_deals
        if self.rules.pot:
            gain += self.params["pot"] + self.num_deals * (3 * self.rules.pot_ante)
            gain += self.num_deals * self.rules.top_loss()
        return float(max(self.params["balances"]) + gain)

    def utility_sum(self) -> str:
        """As the deals': zero sum when the defenders pay and the scores start at zero."""
        zero_start = not any(self.params["balances"])
        return ZERO_SUM if self.rules.pay_each and zero_start else GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        if self.rules.pot:
            return (
                "each seat's score (the starting scores plus every deal's changes, and the "
                "share of the pot left at the end)"
            )
        return "each seat's score (the starting scores plus every deal's changes)"
