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

from typing import Any

from tapete.engine.api import GENERAL_SUM, TERMINAL, ZERO_SUM, Param, State
from tapete.engine.match import DealSummary, MatchGame, MatchState, MatchView
from tapete.engine.registry import load_game, register
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError
from tapete.games.lhombre.actions import N_CARDS, NUM_DISTINCT_ACTIONS, event_args
from tapete.games.lhombre.game import BALANCES, MAX_DEAL_LENGTH, POT, LhombreGame
from tapete.games.lhombre.rules import MAX_DEALS, RULE_NAMES, RULE_PARAMETERS, LhombreRules
from tapete.games.lhombre.state import LhombreState
from tapete.games.lhombre.view import LhombreDealResult, LhombreMatchView


@register
class LhombreMatchGame(MatchGame):
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

    def _configure(self) -> None:
        self.rules: LhombreRules = LhombreRules.from_params(self.params)
        self._rule_params = {n: self.params[n] for n in RULE_NAMES}
        self._given_rules = {n: v for n, v in self.given_params.items() if n in RULE_NAMES}
        num_deals: int = self.params["num_deals"]
        self.num_deals = num_deals
        self._deal_games: dict[tuple[int, tuple[int, ...], int], LhombreGame] = {}

    def deal_game(self, dealer: int, balances: tuple[int, ...], pot: int = 0) -> LhombreGame:
        """The ``lhombre`` game of a deal of this session (built with :func:`load_game`).

        >>> import tapete
        >>> g = tapete.load_game('lhombre-match').deal_game(1, (3, -1, -2))
        >>> g.dealer, g.balances, g.pot
        (1, (3, -1, -2), 0)
        """
        key = (dealer, balances, pot)
        game = self._deal_games.get(key)
        if game is None:
            extra = {"pot": pot} if pot else {}
            built = load_game(
                "lhombre", dealer=dealer, balances=balances, **extra, **self._given_rules
            )
            if not isinstance(built, LhombreGame):
                raise InconsistentViewError("lhombre is not registered as Danish l'hombre")
            if len(self._deal_games) > 1024:
                self._deal_games.clear()
            game = self._deal_games[key] = built
        return game

    def num_players(self) -> int:
        """Three players."""
        return 3

    def num_distinct_actions(self) -> int:
        """63, as ``lhombre``."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """Every deal at its longest."""
        return self.num_deals * MAX_DEAL_LENGTH

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

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """As ``lhombre``'s."""
        return event_args(kind, action)

    def new_initial_state(self) -> LhombreMatchState:
        """The session before its first card."""
        return LhombreMatchState(self)

    def resume(self, view: MatchView, deal: State | None) -> LhombreMatchState:
        """The session in the position ``view`` describes, with ``deal`` as its live deal."""
        if not isinstance(view, LhombreMatchView) or (
            deal is not None and not isinstance(deal, LhombreState)
        ):
            raise InconsistentViewError("lhombre-match resumes from a LhombreMatchView")
        if deal is not None and (
            deal.game.spec.name != "lhombre"
            or any(deal.game.params[n] != v for n, v in self._rule_params.items())
        ):
            raise InconsistentViewError("the live deal is not a deal of this session")
        state = LhombreMatchState(self, start=False)
        state.balances = list(view.balances)
        state.pot = view.pot
        state.unassigned = view.unassigned
        state.results = list(view.results)
        state._resume_from(view, deal)
        if deal is None and view.phase != "over":
            raise InconsistentViewError("lhombre-match is between deals only when it is over")
        return state


class LhombreMatchState(MatchState):
    """A position in a session of Danish l'hombre (see :class:`LhombreMatchGame`)."""

    deal: LhombreState | None

    def __init__(self, game: LhombreMatchGame, start: bool = True) -> None:
        self.game: LhombreMatchGame = game
        self.rules = game.rules
        self._init_match()
        self.balances: list[int] = list(game.params["balances"])
        #: The pot (``settlement = pot``) and what could not be shared of it at the end.
        self.pot: int = game.params["pot"]
        self.unassigned = 0
        self.results: list[LhombreDealResult] = []
        if start:
            self._begin_deal(game.params["first_dealer"])

    def _begin_deal(self, dealer: int) -> None:
        self._start_deal(self.game.deal_game(dealer, tuple(self.balances), self.pot))

    def _finish_deal(self) -> None:
        deal = self.deal
        if deal is None:
            return
        changes = tuple(int(x) for x in deal.returns())
        self.balances = list(deal.balances)
        self.pot = deal.pot
        contract = deal.view(None).contract
        result = LhombreDealResult(
            dealer=deal.dealer,
            player=deal.player if deal.player >= 0 else None,
            contract=contract,
            outcome=deal.outcome or "",
            tricks_won=tuple(deal.tricks_won),
            changes=changes,
            ante=deal.ante,
            pot_paid=deal.pot_paid,
            pot_after=deal.pot,
        )
        self.results.append(result)
        self.finished.append(
            DealSummary(
                index=len(self.finished),
                dealer=deal.dealer,
                returns=tuple(float(c) for c in changes),
                standings=tuple(float(b) for b in self.balances),
                details=(
                    ("player", result.player),
                    ("contract", contract),
                    ("outcome", result.outcome),
                ),
            )
        )
        self.deal = None
        if len(self.results) >= self.game.num_deals:
            share = self.pot // 3
            for seat in range(3):
                self.balances[seat] += share
            self.unassigned = self.pot - 3 * share
            self.pot = 0
            return
        self._begin_deal((deal.dealer + 1) % 3)

    # -- between deals: only the end ------------------------------------------------------------
    def _outside_current_player(self) -> int:
        return TERMINAL

    def _outside_legal_actions(self) -> list[int]:
        return []

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        return self._not_now(action, "the session is over", "game_over")

    def _outside_apply(self, action: int) -> None:  # never called: nothing is legal
        raise IllegalActionError("the session is over", reason="game_over")

    def _outside_action_to_string(self, action: int) -> str:
        raise NotationError(f"{action!r} is not an action of lhombre-match now")

    def _outside_string_to_action(self, text: str) -> int:
        raise NotationError(f"cannot read {text!r}: the session is over")

    def _outside_phase(self) -> str:
        return "over"

    # -- results and copies ---------------------------------------------------------------------
    def returns(self) -> list[float]:
        """The scores (final once the session is over; before the live deal during it)."""
        return [float(b) for b in self.balances]

    def clone(self) -> LhombreMatchState:
        """An independent copy."""
        other = self._copy_base()
        self._copy_match(other)
        other.balances = list(self.balances)
        other.results = list(self.results)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.balances), self.pot, self.unassigned, len(self.results),
            self._match_key(),
        )  # fmt: skip

    def view(self, seat: int | None) -> LhombreMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        deal = self.deal
        return LhombreMatchView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            spec=self.game.spec,
            move=self.move_number(),
            events=self.live_events(seat),
            phase=self.phase(),
            n_players=3,
            deal_index=len(self.results),
            standings=tuple(float(b) for b in self.balances),
            finished=tuple(self.finished),
            deal=deal.view(seat) if deal is not None else None,
            num_deals=self.game.num_deals,
            balances=tuple(self.balances),
            results=tuple(self.results),
            pot=self.pot,
            unassigned=self.unassigned,
        )

    def __str__(self) -> str:
        head = (
            f"lhombre-match: deal {len(self.results) + 1} of {self.game.num_deals}, scores "
            f"{' '.join(str(b) for b in self.balances)}"
        )
        return head + ("\n" + str(self.deal) if self.deal is not None else "\nphase over")
