"""A session of a game of the Ombre family: deals played one after another on their own
deal games, the balances and the money on the table (Ombre's pool, Tresillo's plate, Danish
l'hombre's pot) carried from one deal to the next.

:class:`FamilyMatchGame` builds and keeps the deal games (:meth:`~FamilyMatchGame.deal_game`)
and derives the research metadata from them; :class:`FamilyMatchState` records a finished
deal (its result, its summary, the balances and the money after it), shares out what is left
on the table at the end, copies, compares, resumes and shows the session. A game's session
names its deal game, its money and its rules' parameters, and says what is its own through
hooks: the result of a deal (:meth:`FamilyMatchState._result`), what the money left at the end
is (:meth:`FamilyMatchState._leftover`), and, for a session with phases of its own between
deals (Ombre's choice of the dealer), the ``_outside_*`` hooks and :meth:`_finish_deal`.

The money is a set of names (``money``): each is a parameter of the session and of the deal
game (its value at the start), an attribute of the deal state and of the session state (its
value now; a list for a tuple parameter) and a field of the session's view.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, ClassVar, Generic, TypeVar, cast

from tapete.engine.api import TERMINAL, Game, GameSpec, PlayerView, State
from tapete.engine.match import DealSummary, MatchGame, MatchState, MatchView
from tapete.engine.registry import load_game
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError
from tapete.games.ombre_family.deal import FamilyDealState

G = TypeVar("G", bound=Game)
D = TypeVar("D", bound=FamilyDealState)
R = TypeVar("R")


class FamilyMatchGame(MatchGame, Generic[G]):
    """A session of one game of the family. A subclass sets ``deal_name`` and
    ``deal_type`` (its deal game's registered name and class), ``rule_names`` (the rule
    parameters a deal is given), ``money`` (see the module's docstring), ``optional_money``
    (money a deal is given only when it is not zero), ``view_type`` and ``state_type``, and
    declares the parameters (``num_deals`` and the money among them) and the bounds."""

    deal_name: ClassVar[str]
    deal_type: ClassVar[type[Game]]
    rule_names: ClassVar[tuple[str, ...]]
    money: ClassVar[tuple[str, ...]]
    optional_money: ClassVar[frozenset[str]] = frozenset()
    view_type: ClassVar[type[MatchView]]
    state_type: ClassVar[type[FamilyMatchState[Any, Any]]]
    #: The rules in force (the game's rules class, set by a subclass's ``_configure``).
    rules: Any

    def _configure(self) -> None:
        self._rule_params = {n: self.params[n] for n in self.rule_names}
        #: What a deal's game is given (the rules given to the session, so that a deal's
        #: record names what the session's does).
        self._given_rules = {n: v for n, v in self.given_params.items() if n in self.rule_names}
        self.num_deals: int = self.params["num_deals"]
        self._first: G | None = None

    def deal_game(self, dealer: int, **money: Any) -> G:
        """The deal game of a deal of this session dealt by ``dealer`` with ``money`` on the
        table (built with :func:`load_game`, kept for the next deals like it).

        >>> import tapete
        >>> g = tapete.load_game('tresillo-match').deal_game(1, plate=(6,), balances=(3, -1, 0, -2))
        >>> g.dealer, g.plate, g.balances
        (1, (6,), (3, -1, 0, -2))
        """

        def build() -> G:
            given = {n: v for n, v in money.items() if v or n not in self.optional_money}
            built = load_game(self.deal_name, dealer=dealer, **given, **self._given_rules)
            if not isinstance(built, self.deal_type):
                raise InconsistentViewError(f"{self.deal_name} is not registered as expected")
            return cast(G, built)

        return self.cached_deal_game((dealer, *money.values()), build)

    def _first_deal_game(self) -> G:
        """The deal game with the session's starting money (for the metadata)."""
        first = self._first
        if first is None:
            dealer = self.params.get("first_dealer", 0)
            first = self._first = self.deal_game(dealer, **{n: self.params[n] for n in self.money})
        return first

    # -- the research contract, from the deal game ----------------------------------------------
    def num_players(self) -> int:
        """The deal game's seats."""
        return self._first_deal_game().num_players()

    def num_distinct_actions(self) -> int:
        """The deal game's actions."""
        return self._first_deal_game().num_distinct_actions()

    def max_chance_outcomes(self) -> int:
        """The deal game's: a card of the pack."""
        return self._first_deal_game().max_chance_outcomes()

    def max_game_length(self) -> int:
        """Every deal at its longest."""
        return self.num_deals * self._first_deal_game().max_game_length()

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """As the deal game's."""
        return self._first_deal_game().event_args(kind, action)

    # -- states ---------------------------------------------------------------------------------
    def new_initial_state(self) -> FamilyMatchState[Any, Any]:
        """The session before its first card."""
        return self.state_type(self)

    def _check_deal(self, spec: GameSpec) -> None:
        """:class:`InconsistentViewError` unless ``spec`` is of a deal of this session."""
        if spec.name != self.deal_name or any(
            spec.param(name) != value for name, value in self._rule_params.items()
        ):
            raise InconsistentViewError("the live deal is not a deal of this session")

    def _deal_game_of(self, spec: GameSpec) -> G:
        """The deal game of a live deal's spec (a deal of this session's rules)."""
        self._check_deal(spec)
        return self.deal_game(spec.param("dealer"), **{n: spec.param(n) for n in self.money})

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> State:
        """A session consistent with ``view``: the live deal sampled by its own game, the
        rest resumed from the view (it costs what sampling the deal costs)."""
        if not isinstance(view, self.view_type):
            raise InconsistentViewError(
                f"{self.name} samples from its {self.view_type.__name__}, got {type(view).__name__}"
            )
        deal = None
        if view.deal is not None:
            if view.deal.spec is None:
                raise InconsistentViewError("the live deal's view does not say its game")
            deal = self._deal_game_of(view.deal.spec).sample_consistent_state(view.deal, rng)
        return self.resume(view, deal)

    def resume(self, view: MatchView, deal: State | None) -> FamilyMatchState[Any, Any]:
        """The session in the position ``view`` describes, with ``deal`` as its live deal."""
        if not isinstance(view, self.view_type) or (
            deal is not None and not isinstance(deal.game, self.deal_type)
        ):
            raise InconsistentViewError(f"{self.name} resumes from its {self.view_type.__name__}")
        if deal is not None:
            self._check_deal(deal.game.spec)
        state = self.state_type(self, start=False)
        state.balances = list(getattr(view, "balances"))  # noqa: B009  # every family view
        for name in self.money:
            value = getattr(view, name)
            setattr(state, name, list(value) if isinstance(value, tuple) else value)
        state.unassigned = getattr(view, "unassigned", 0)
        state.results = list(getattr(view, "results", ()))
        state._finished_view = None
        state._resume_from(view, deal)
        state._resume_between(view, deal)
        return state


class FamilyMatchState(MatchState, Generic[D, R]):
    """A position in a session of the family (see :class:`FamilyMatchGame`).

    ``balances`` are every seat's, ``results`` the finished deals' (the game's result
    class), ``unassigned`` what could not be shared equally at the end; the money's
    attributes are named by the game's ``money``.
    """

    deal: D | None
    game: FamilyMatchGame[Any]

    def __init__(self, game: FamilyMatchGame[Any], start: bool = True) -> None:
        self.game = game
        self.rules: Any = game.rules
        self._init_match()
        self.balances: list[int] = list(game.params["balances"])
        for name in game.money:
            value = game.params[name]
            setattr(self, name, list(value) if isinstance(value, tuple) else value)
        self.unassigned = 0
        self.results: list[R] = []
        #: The finished deals, results, balances and standings as tuples for the views
        #: (they change only when a deal ends; rebuilt then).
        self._finished_view: (
            tuple[tuple[DealSummary, ...], tuple[R, ...], tuple[int, ...], tuple[float, ...]] | None
        ) = None
        self._init_session()
        if start:
            self._start_session()

    # -- hooks ----------------------------------------------------------------------------------
    def _init_session(self) -> None:
        """Set the game's own fields of the session (before its start)."""

    def _start_session(self) -> None:
        """Begin the session: by default the first deal, by ``first_dealer``."""
        self._begin_deal(self.game.params["first_dealer"])

    @abstractmethod
    def _result(self, deal: D, changes: tuple[int, ...]) -> R:
        """The game's result of the finished ``deal`` (``changes``: each seat's)."""

    def _details(self, result: R) -> tuple[tuple[str, Any], ...]:
        """The result's details in the deal's summary (who played what, how it ended)."""
        return (
            ("player", getattr(result, "player", None)),
            ("contract", getattr(result, "contract", None)),
            ("outcome", getattr(result, "outcome", None)),
        )

    def _leftover(self) -> int:
        """Take what is left on the table at the end of the session (to share)."""
        return 0

    def _resume_between(self, view: MatchView, deal: State | None) -> None:
        """Resume the game's own state between deals (by default there is none: between
        deals the session is over)."""
        if deal is None and view.phase != "over":
            raise InconsistentViewError(f"{self.game.name} is between deals only when it is over")

    # -- deals ----------------------------------------------------------------------------------
    def _deal_money(self) -> dict[str, Any]:
        """The money on the table now, as a deal game's parameters."""
        return {
            n: tuple(v) if isinstance(v, list) else v
            for n in self.game.money
            for v in (getattr(self, n),)
        }

    def _begin_deal(self, dealer: int) -> None:
        self._start_deal(self.game.deal_game(dealer, **self._deal_money()))

    def _record_deal(self) -> D:
        """Record the finished live deal: the balances and the money after it, its result
        and summary; the deal is then no longer live."""
        deal = self.deal
        assert deal is not None
        changes = tuple(int(x) for x in deal.returns())
        self.balances = list(deal.balances)
        for name in self.game.money:
            if name != "balances":
                value = getattr(deal, name)
                setattr(self, name, list(value) if isinstance(value, (list, tuple)) else value)
        result = self._result(deal, changes)
        self.results.append(result)
        self.finished.append(
            DealSummary(
                index=len(self.finished),
                dealer=deal.dealer,
                returns=tuple(float(c) for c in changes),
                standings=tuple(float(b) for b in self.balances),
                details=self._details(result),
            )
        )
        self.deal = None
        return deal

    def _share(self, total: int) -> int:
        """Share ``total`` equally among the seats; the remainder."""
        seats = len(self.balances)
        share = total // seats
        for seat in range(seats):
            self.balances[seat] += share
        return total - seats * share

    def _finish_deal(self) -> None:
        """Record the deal; the next seat in playing order deals, or the session ends and
        what is left on the table is shared."""
        deal = self._record_deal()
        if len(self.results) >= self.game.num_deals:
            self.unassigned = self._share(self._leftover())
            return
        self._begin_deal((deal.dealer + 1) % len(self.balances))

    # -- between deals: by default only the end -------------------------------------------------
    def _outside_current_player(self) -> int:
        return TERMINAL

    def _outside_legal_actions(self) -> list[int]:
        return []

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        return self._not_now(action, "the session is over", "game_over")

    def _outside_apply(self, action: int) -> None:  # never called: nothing is legal
        raise IllegalActionError("the session is over", reason="game_over")

    def _outside_action_to_string(self, action: int) -> str:
        raise NotationError(f"{action!r} is not an action of {self.game.name} now")

    def _outside_string_to_action(self, text: str) -> int:
        raise NotationError(f"cannot read {text!r}: the session is over")

    def _outside_phase(self) -> str:
        return "over"

    # -- results, copies, views -----------------------------------------------------------------
    def returns(self) -> list[float]:
        """The balances (final once the session is over; before the live deal during it)."""
        return [float(b) for b in self.balances]

    def clone(self) -> FamilyMatchState[D, R]:
        """An independent copy."""
        other = self._copy_base()
        self._copy_match(other)
        other.balances = list(self.balances)
        other.results = list(self.results)
        for name in self.game.money:
            value = getattr(self, name)
            if isinstance(value, list):
                setattr(other, name, list(value))
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.balances), *self._deal_money().values(), self.unassigned,
            len(self.results), self._match_key(),
        )  # fmt: skip

    def _view_fields(self, seat: int | None, events: Any = None) -> dict[str, Any]:
        """The fields of the session's view the family shares (``events``: the live
        events by default)."""
        deal = self.deal
        cached = self._finished_view
        if cached is None or len(cached[1]) != len(self.results):
            balances = tuple(self.balances)
            cached = self._finished_view = (
                tuple(self.finished),
                tuple(self.results),
                balances,
                tuple(float(b) for b in balances),
            )
        finished, results, balances, standings = cached
        money = self._deal_money()
        money.pop("balances", None)
        return {
            "game": self.game.name,
            "seat": seat,
            "current_player": self.current_player(),
            "spec": self.game.spec,
            "move": self.move_number(),
            "events": self.live_events(seat) if events is None else events,
            "phase": self.phase(),
            "n_players": len(balances),
            "deal_index": len(results),
            "standings": standings,
            "finished": finished,
            "deal": deal.view(seat) if deal is not None else None,
            "num_deals": self.game.num_deals,
            "balances": balances,
            "results": results,
            "unassigned": self.unassigned,
            **money,
        }

    def _money_text(self) -> str:
        """The money on the table and the balances, for :meth:`__str__`."""
        return f"balances {' '.join(str(b) for b in self.balances)}"

    def __str__(self) -> str:
        head = (
            f"{self.game.name}: deal {len(self.results) + 1} of {self.game.num_deals}, "
            f"{self._money_text()}"
        )
        if self.deal is not None:
            return head + "\n" + str(self.deal)
        return head + f"\nphase {self.phase()}"


__all__ = ["FamilyMatchGame", "FamilyMatchState"]
