"""A session of Tresillo: the deal passes to the right, the plate and balances carried.

The first dealer is ``first_dealer`` (seat 3 by default, so seat 0 is mano of the first
deal); after each deal the next seat in playing order deals (the deal passes to the right,
anti-clockwise). Every deal is played on its own ``tresillo`` game, built with
:func:`load_game` with that deal's dealer, plate and balances. After ``num_deals`` deals the
puestas left on the plate are shared equally by the four (the remainder stays unassigned).
``returns()`` are the balances.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('tresillo-match', num_deals=4)
>>> state = random_playout(game.new_initial_state(), random.Random(2))
>>> [r.dealer for r in state.results], sum(state.returns()) + state.unassigned
([3, 0, 1, 2], 0.0)
"""

from __future__ import annotations

from typing import Any

from tapete.engine.api import GENERAL_SUM, TERMINAL, Param, State
from tapete.engine.match import DealSummary, MatchGame, MatchState, MatchView
from tapete.engine.registry import load_game, register
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError
from tapete.games.tresillo.actions import N_CARDS, NUM_DISTINCT_ACTIONS, event_args
from tapete.games.tresillo.game import MAX_DEAL_LENGTH, TresilloGame
from tapete.games.tresillo.rules import (
    MAX_DEALS,
    MONEY_PARAMETERS,
    RULE_NAMES,
    RULE_PARAMETERS,
    TresilloRules,
)
from tapete.games.tresillo.state import TresilloState
from tapete.games.tresillo.view import TresilloDealResult, TresilloMatchView


@register
class TresilloMatchGame(MatchGame):
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

    def _configure(self) -> None:
        self.rules: TresilloRules = TresilloRules.from_params(self.params)
        self._rule_params = {n: self.params[n] for n in RULE_NAMES}
        self._given_rules = {n: v for n, v in self.given_params.items() if n in RULE_NAMES}
        num_deals: int = self.params["num_deals"]
        self.num_deals = num_deals
        self._deal_games: dict[tuple[int, tuple[int, ...], tuple[int, ...]], TresilloGame] = {}

    def deal_game(
        self, dealer: int, plate: tuple[int, ...], balances: tuple[int, ...]
    ) -> TresilloGame:
        """The ``tresillo`` game of a deal of this session (built with :func:`load_game`).

        >>> import tapete
        >>> g = tapete.load_game('tresillo-match').deal_game(1, (6,), (3, -1, 0, -2))
        >>> g.dealer, g.plate, g.balances
        (1, (6,), (3, -1, 0, -2))
        """
        key = (dealer, plate, balances)
        game = self._deal_games.get(key)
        if game is None:
            built = load_game(
                "tresillo", dealer=dealer, plate=plate, balances=balances, **self._given_rules
            )
            assert isinstance(built, TresilloGame)
            if len(self._deal_games) > 1024:
                self._deal_games.clear()
            game = self._deal_games[key] = built
        return game

    def num_players(self) -> int:
        """Four seats."""
        return 4

    def num_distinct_actions(self) -> int:
        """55, as ``tresillo``."""
        return NUM_DISTINCT_ACTIONS

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """Every deal at its longest."""
        return self.num_deals * MAX_DEAL_LENGTH

    def _plate_bound(self) -> int:
        plate: tuple[int, ...] = self.params["plate"]
        per_deal = 6 * self.rules.top_value() + 4 * self.rules.polla
        return sum(plate) + per_deal * self.num_deals

    def _deal_swing(self) -> int:
        rules = self.rules
        return 3 * (rules.top_value() + rules.extras_bound())

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

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """As ``tresillo``'s."""
        return event_args(kind, action)

    def new_initial_state(self) -> TresilloMatchState:
        """The session before its first card."""
        return TresilloMatchState(self)

    def resume(self, view: MatchView, deal: State | None) -> TresilloMatchState:
        """The session in the position ``view`` describes, with ``deal`` as its live deal."""
        if not isinstance(view, TresilloMatchView) or (
            deal is not None and not isinstance(deal, TresilloState)
        ):
            raise InconsistentViewError("tresillo-match resumes from a TresilloMatchView")
        if deal is not None and (
            deal.game.spec.name != "tresillo"
            or any(deal.game.params[n] != v for n, v in self._rule_params.items())
        ):
            raise InconsistentViewError("the live deal is not a deal of this session")
        state = TresilloMatchState(self, start=False)
        state.balances = list(view.balances)
        state.plate = list(view.plate)
        state.unassigned = view.unassigned
        state.results = list(view.results)
        state._resume_from(view, deal)
        if deal is None and view.phase != "over":
            raise InconsistentViewError("tresillo-match is between deals only when it is over")
        return state


class TresilloMatchState(MatchState):
    """A position in a session of Tresillo (see :class:`TresilloMatchGame`)."""

    deal: TresilloState | None

    def __init__(self, game: TresilloMatchGame, start: bool = True) -> None:
        self.game: TresilloMatchGame = game
        self.rules = game.rules
        self._init_match()
        self.balances: list[int] = list(game.params["balances"])
        self.plate: list[int] = list(game.params["plate"])
        self.unassigned = 0
        self.results: list[TresilloDealResult] = []
        if start:
            self._begin_deal(game.params["first_dealer"])

    def _begin_deal(self, dealer: int) -> None:
        self._start_deal(self.game.deal_game(dealer, tuple(self.plate), tuple(self.balances)))

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        changes = tuple(int(x) for x in deal.returns())
        self.balances = list(deal.balances)
        self.plate = list(deal.plate)
        result = TresilloDealResult(
            dealer=deal.dealer,
            player=deal.player if deal.player >= 0 else None,
            contract=deal.view(None).contract,
            outcome=deal.outcome or "",
            tricks_won=tuple(deal.tricks_won),
            changes=changes,
            plate_after=tuple(deal.plate),
            value=deal.paid_value,
            plate_taken=deal.plate_taken,
            polla=deal.polla,
            bola=deal.bola_announced,
            estuches=deal.estuches,
            estuche_paid=deal.estuche_paid,
            bola_paid=deal.bola_paid,
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
                    ("contract", result.contract),
                    ("outcome", result.outcome),
                ),
            )
        )
        self.deal = None
        if len(self.results) >= self.game.num_deals:
            total = sum(self.plate)
            share = total // 4
            for seat in range(4):
                self.balances[seat] += share
            self.unassigned = total - 4 * share
            self.plate = []
            return
        self._begin_deal((deal.dealer + 1) % 4)

    # -- between deals: only the end ------------------------------------------------------------
    def _outside_current_player(self) -> int:
        return TERMINAL

    def _outside_legal_actions(self) -> list[int]:
        return []

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        return self._not_now(action, "the session is over", "game_over")

    def _outside_apply(self, action: int) -> None:  # never called: nothing is legal
        raise AssertionError("no action between deals of tresillo-match")

    def _outside_action_to_string(self, action: int) -> str:
        raise NotationError(f"{action!r} is not an action of tresillo-match now")

    def _outside_string_to_action(self, text: str) -> int:
        raise NotationError(f"cannot read {text!r}: the session is over")

    def _outside_phase(self) -> str:
        return "over"

    # -- results and copies ---------------------------------------------------------------------
    def returns(self) -> list[float]:
        """The balances (final once the session is over; before the live deal during it)."""
        return [float(b) for b in self.balances]

    def clone(self) -> TresilloMatchState:
        """An independent copy."""
        other = self._copy_base()
        self._copy_match(other)
        other.balances = list(self.balances)
        other.plate = list(self.plate)
        other.results = list(self.results)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.balances), tuple(self.plate), self.unassigned, len(self.results),
            self._match_key(),
        )  # fmt: skip

    def view(self, seat: int | None) -> TresilloMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        deal = self.deal
        return TresilloMatchView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            spec=self.game.spec,
            move=self.move_number(),
            events=self.live_events(seat),
            phase=self.phase(),
            n_players=4,
            deal_index=len(self.results),
            standings=tuple(float(b) for b in self.balances),
            finished=tuple(self.finished),
            deal=deal.view(seat) if deal is not None else None,
            num_deals=self.game.num_deals,
            plate=tuple(self.plate),
            balances=tuple(self.balances),
            unassigned=self.unassigned,
            results=tuple(self.results),
        )

    def __str__(self) -> str:
        head = (
            f"tresillo-match: deal {len(self.results) + 1} of {self.game.num_deals}, plate "
            f"{'/'.join(str(p) for p in self.plate) or '-'}, balances "
            f"{' '.join(str(b) for b in self.balances)}"
        )
        return head + ("\n" + str(self.deal) if self.deal is not None else "\nphase over")
