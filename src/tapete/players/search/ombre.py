"""Ombre's card play by perfect-information Monte Carlo: sampled worlds, each solved exactly.

For a card to play, the player draws worlds from the view (:mod:`tapete.solvers.ombre_worlds`:
the other two hands within what the play revealed; the game's sampler for a forced ombre),
solves each candidate card in each world with the exact solver of
:mod:`tapete.solvers.ombre_kernel` (ombre against the coalition, every card seen) and plays
the card with the best mean outcome for its side: the ombre counts a sacardo +1, a puesta
-0.9 and a codille -1; a defender the opposite (``defend=coalition``, the default in a
match) or, in a single deal (``defend=own``), its own codille, the only outcome that pays it
(:func:`tapete.players.search.ombre_contract.own_value`). With ``iset`` tricks left or fewer
(every card at the strong level) the worlds are searched together instead
(:mod:`tapete.solvers.ombre_iset`: the seat plays one card in the worlds it cannot tell
apart, the others a model of a plain player's cards). The auction, the ombre's exchange
and its trumps are searched by :mod:`tapete.players.search.ombre_contract` (with
``contract=True``, the default); a defender's exchange is the ``rule`` bot's.

>>> import random, tapete
>>> game = tapete.load_game('ombre')
>>> search = OmbreSearch(worlds=3)
>>> rule = tapete.players.load('rule')
>>> rng = random.Random(4)
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(rng.choice(state.legal_actions()))
...         continue
...     seat, legal = state.current_player(), state.legal_actions()
...     action = search.choose(state.view(seat), legal, rng, game) if seat == 0 else None
...     state.apply_action(rule.choose(state.view(seat), legal, rng) if action is None else action)
>>> state.is_terminal()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError, InconsistentViewError
from tapete.games.ombre.actions import CARD_ID
from tapete.players.rule.ombre import rules_in_force
from tapete.players.search.anytime import Budget, Pace, doubling, one_by_one, run
from tapete.players.search.config import OmbreConfig, check_options
from tapete.players.search.ombre_contract import (
    COALITION_TIE,
    DECLARE_MARGIN,
    OMBRE_VALUE,
    ContractSearch,
    own_value,
    relative_value,
    rule_tables,
)
from tapete.players.search.ombre_prior import OmbrePrior
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_iset import new_state, search_plays_iset
from tapete.solvers.ombre_kernel import _beats as ok_beats
from tapete.solvers.ombre_rule import warm_up as rule_warm_up
from tapete.solvers.ombre_worlds import play_constraints, sample_hands

#: The shortest time budget (seconds) of a contract decision that is searched (the auction
#: simulates about 50 to 150 deals a second on one core; shorter: the ``rule`` bot decides).
MIN_CONTRACT_BUDGET = 0.5
#: The clocks a time budget can be counted on: wall-clock or this thread's CPU time.
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}

#: The tricks left from which a time-budgeted search of at least :data:`ISET_FROM` seconds
#: (the strong level) chooses its cards by the information-set search (``iset``): every
#: card. Forks against the worlds solved apart (the card play alone, deals 7000-7159, 360
#: seat-deals): +0.18 [0.02, 0.35] units a seat-deal on the arena's measure (docs/bots.md).
ISET = 9
#: The budget (seconds) from which :data:`ISET` applies.
ISET_FROM = 0.5
#: The most worlds of a joint search (``iset_worlds``).
ISET_WORLDS = 1024
#: The work (the seat's cards played in one world) a joint search is allowed per second of
#: the budget before the first search has measured its own pace: a first search that would
#: run over gives way to the worlds solved apart.
ISET_PACE = 1_000_000

#: What a defender's play can aim at (see :attr:`OmbreSearch.defend`).
DEFENCES = ("auto", "coalition", "own", "relative")


def deal_view(view: PlayerView) -> Any:
    """The view of the live deal: ``view`` itself for ``ombre``, its live deal in a match."""
    if hasattr(view, "finished_tricks"):
        return view
    inner = getattr(view, "deal", None)
    if inner is not None and hasattr(inner, "finished_tricks"):
        return inner
    return None


class OmbreSearch:
    """The search of one seat (``time_budget`` seconds a decision on the ``clock``, wall or
    cpu, or a fixed number of ``worlds``): the cards; with ``contract``, the auction, the
    ombre's exchange and trumps (``contract_budget``: their time budget, by default the
    cards'; below :data:`MIN_CONTRACT_BUDGET` they are the ``rule`` bot's, as too few deals
    would be simulated to be trusted, unless a fixed number of ``worlds`` is given)."""

    def __init__(
        self, time_budget: float = 0.05, worlds: int | None = None, max_worlds: int = 400,
        clock: str = "wall", contract: bool = True, contract_budget: float | None = None,
        declare_margin: float = DECLARE_MARGIN, prior: bool = True, defend: str = "auto",
        declare_sim: str = "rule", iset: int | None = None, iset_worlds: int = ISET_WORLDS,
    ) -> None:  # fmt: skip
        check_options(locals())  # the options the search player declares, by their Params
        if iset is None:
            iset = ISET if worlds is None and time_budget >= ISET_FROM else 0
        #: With this many tricks left or fewer, the cards are chosen by the
        #: information-set search (:mod:`tapete.solvers.ombre_iset`; 0: never) of at most
        #: ``iset_worlds`` worlds searched together.
        self.iset = iset
        self.iset_worlds = iset_worlds
        #: What a defender plays for: ``coalition`` (the ombre's loss), ``own`` (its own
        #: codille, the only outcome that pays a defender in a deal: see :func:`own_value`)
        #: or ``auto``: ``own`` in a single deal, ``coalition`` in a match (where the pool a
        #: puesta doubles stays on the table for the next deals).
        self.defend = defend
        self.time_budget = time_budget
        self.worlds = worlds
        self.max_worlds = max_worlds
        self.clock = CLOCKS[clock]
        self.table = ok.new_table(18)
        self._games: dict[Any, Game] = {}
        budget = time_budget if contract_budget is None else contract_budget
        self.contract = (
            ContractSearch(
                time_budget=budget, worlds=worlds, clock=self.clock,
                declare_margin=declare_margin, table=self.table, defend=defend,
                declare_sim=declare_sim,
            )
            if contract and (worlds is not None or budget >= MIN_CONTRACT_BUDGET)
            else None
        )  # fmt: skip
        #: A defender's worlds weighed by the ombre's declaration, exchange and trumps.
        self.prior = OmbrePrior.shared() if prior else None
        #: The ombre's value of each outcome of the card play (index: CODILLE, PUESTA,
        #: SACARDO); a defender playing for the coalition counts the opposite. The other
        #: games of the family set their own (:mod:`tapete.players.search.family`).
        self.outcome_value = OMBRE_VALUE
        #: Worlds solved for the last decision.
        self.last_worlds = 0
        #: The last decision's contract search, if it took it: its ``values`` (the auction:
        #: ``ombre`` and ``pass``, the side's mean outcome; the exchange: each plan's; the
        #: trumps: each suit's), its ``worlds`` and the declaration ``margin``; else ``None``.
        self.last_contract: dict[str, Any] | None = None

    @classmethod
    def from_config(cls, config: OmbreConfig) -> OmbreSearch:
        """The search of a frozen config (:class:`tapete.players.search.config.OmbreConfig`,
        the ``search`` player's options)."""
        return cls(**config.search_options())

    def defence(self, view: PlayerView) -> str:
        """What a defender plays for in ``view``'s game: ``coalition`` or ``own``."""
        if self.defend != "auto":
            return self.defend
        return "own" if deal_view(view) is view else "coalition"

    def warm_up(self) -> None:
        """Load the solver (numba's disk cache; compiled on a fresh install), the ``rule``
        bots' playout the auction's simulations use and the joint search before the first
        decision."""
        hands = np.array([1, 1 << 12, 1 << 24], dtype=np.uint64)
        won = np.zeros(3, dtype=np.int64)
        ok.card_values(hands, won, 0, np.zeros(3, dtype=np.int64), 0,
                       np.array([0], dtype=np.int64), 0, 12, True, ok.new_table(4))  # fmt: skip
        ok.solve(hands, won, 0, 0, 12, True, ok.new_table(4))
        ok.reaches(hands, won, 0, 0, ok.SACARDO, 12, True, ok.new_table(4))
        if self.contract is not None and self.contract.declare_sim != "solve":
            rule_warm_up()  # the auction's "I play" played out by the rule bots' cards
        if self.iset:  # numba's disk cache: compiled on the first run of a fresh install
            zeros = np.zeros(3, dtype=np.uint64)
            search_plays_iset(hands[None, :].copy(), np.ones(1), won, new_state(0, 0, 3),
                              zeros, np.uint64(1 | 1 << 12 | 1 << 24), 0, 12, True,
                              np.zeros(48, dtype=np.int64), np.zeros(4),
                              np.array([0], dtype=np.int64), 0)  # fmt: skip

    def _game(self, view: PlayerView, game: Game | None) -> Game:
        if game is not None:
            return game
        if view.spec is None:
            raise ConfigError("the search needs the game: start the player or give views a spec")
        found = self._games.get(view.spec)
        if found is None:
            found = self._games[view.spec] = view.spec.load()
        return found

    def choose(
        self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random,
        game: Game | None = None,
    ) -> int | None:  # fmt: skip
        """The searched action (a card; with ``contract``, the auction, the ombre's exchange
        and trumps), or ``None`` where the search does not decide."""
        self.last_contract = None
        if len(legal_actions) == 1:
            return legal_actions[0]
        deal = deal_view(view)
        if deal is not None and deal.phase != "play":
            if self.contract is None:
                return None
            self.contract.defend = self.defence(view)
            found_action = self.contract.choose(deal, legal_actions, rng, rules_in_force(deal))
            self.last_worlds = self.contract.last_worlds
            if found_action is not None:
                self.last_contract = {
                    "values": dict(self.contract.last_values),
                    "worlds": self.contract.last_worlds,
                    "margin": self.contract.declare_margin,
                }
            return found_action
        found = self.action_values(view, legal_actions, rng, game)
        if found is None:
            return None
        means, _ = found
        return legal_actions[max(range(len(means)), key=lambda a: means[a])]

    def action_values(
        self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random,
        game: Game | None = None,
    ) -> tuple[list[float], list[int]] | None:  # fmt: skip
        """The mean value for the player's side of each legal card (sacardo +1 … codille
        -1 for the ombre, the opposite for a defender) and the indices searched (all); or
        ``None`` for any decision but a card to play."""
        deal = deal_view(view)
        if deal is None or deal.phase != "play" or view.seat is None or deal.trumps is None:
            return None
        if any(not 0 <= a < len(CARD_ID) for a in legal_actions):
            return None  # vole may be announced: the rule bot decides
        if every_trick_undertaken(deal):
            return None
        started = self.clock()
        game = self._game(view, game)
        tables = OmbreTables.for_trumps(deal.trumps)
        privilege = bool(dict(game.params).get("matador_privilege", True))
        trick = deal.current_trick
        cards = [tables.kernel_of[int(c)] for c in trick.cards] if trick is not None else []
        leader = trick.leader if trick is not None else deal.current_player
        trick_array = np.array([*cards, 0, 0, 0][:3], dtype=np.int64)
        won = np.array(deal.tricks_won, dtype=np.int64)
        sign = 1.0 if view.seat == deal.ombre else -1.0
        totals = np.zeros(len(legal_actions))
        candidates = np.array([tables.kernel_of[CARD_ID[a]] for a in legal_actions],
                              dtype=np.int64)  # fmt: skip
        constraints = play_constraints(deal, privilege)
        budget = Budget(self.clock, self.time_budget, self.worlds, started)
        target = self.worlds if self.worlds is not None else self.max_worlds
        weight = 0.0
        prior = self.prior if view.seat != deal.ombre else None
        ombre_played = _played_by(deal, deal.ombre)
        exchanged = deal.drawn[deal.ombre]
        defence = self.defence(view) if view.seat != deal.ombre else "coalition"
        own = defence != "coalition"
        value = own_value if defence == "own" else relative_value
        if self.iset and 9 - len(deal.finished_tricks) <= self.iset:
            joint = self._joint_values(view, deal, game, tables, privilege, constraints, rng,
                                       candidates, budget, prior, ombre_played, exchanged,
                                       defence)  # fmt: skip
            if joint is not None:
                return joint, list(range(len(legal_actions)))

        def sample(_: int) -> tuple[list[int], float]:
            return self._weighed_world(view, deal, constraints, game, rng, prior, ombre_played,
                                       exchanged)  # fmt: skip

        def evaluate(world: tuple[list[int], float]) -> None:
            """Every candidate card solved in the world."""
            nonlocal totals, weight
            masks, w = world
            hands = np.array([tables.kernel_mask(m) for m in masks], dtype=np.uint64)
            values = ok.card_values(hands, won, leader, trick_array, len(cards), candidates,
                                    deal.ombre, tables.n_trumps, privilege, self.table)  # fmt: skip
            if own:
                alone = ok.card_values(hands, won, leader, trick_array, len(cards),
                                       candidates, view.seat, tables.n_trumps, privilege,
                                       self.table)  # fmt: skip
                totals += w * value(values, alone)
            else:
                totals += (w * sign) * self.outcome_value[values]
            weight += w

        self.last_worlds, _ = run(budget, one_by_one(target), sample, evaluate)
        weight = weight or 1.0
        return [float(t / weight) for t in totals], list(range(len(legal_actions)))

    def _joint_values(
        self, view: PlayerView, deal: Any, game: Game, tables: OmbreTables, privilege: bool,
        constraints: Any, rng: random.Random, candidates: Any, budget: Budget,
        prior: OmbrePrior | None, ombre_played: int, exchanged: int, defence: str,
    ) -> list[float] | None:  # fmt: skip
        """Each candidate's mean value by the information-set search
        (:func:`tapete.solvers.ombre_iset.search_plays_iset`) of the worlds drawn as for the
        worlds solved apart: under a time budget, searches of 16, 32 … ``iset_worlds``
        worlds while the time lasts (the last complete one decides); ``None`` if even the
        first would overrun (the worlds are then solved apart)."""
        seat = view.seat
        assert seat is not None
        won, st = joint_root(deal, tables, seat)
        known = _model_known(deal, tables, seat)
        deck, ids = rule_tables(tables)
        if seat == deal.ombre:
            values = np.array([*self.outcome_value, 0.0])
        elif defence == "coalition":
            values = np.array([*(-self.outcome_value), 0.0])
        else:  # its own codille 1 (+ the tie), the coalition's value breaks ties
            values = np.array([*(COALITION_TIE * -OMBRE_VALUE), 1.0])
        first = self.iset_worlds if self.worlds is not None else min(16, self.iset_worlds)
        hands: list[list[int]] = []
        weights: list[float] = []
        result: list[float] | None = None
        pace = Pace(budget, ISET_PACE)

        def sample(size: int) -> tuple[Any, Any]:
            """The worlds so far and more, ``size`` in all."""
            while len(hands) < size:
                masks, w = self._weighed_world(view, deal, constraints, game, rng, prior,
                                               ombre_played, exchanged)  # fmt: skip
                hands.append([tables.kernel_mask(m) for m in masks])
                weights.append(w)
            return np.array(hands, dtype=np.uint64), np.array(weights, dtype=np.float64)

        def evaluate(batch: tuple[Any, Any]) -> bool:
            """The worlds searched together; ``False`` if the search gave up."""
            nonlocal result
            worlds, ws = batch
            found, work = search_plays_iset(worlds, ws, won, st, known, deck, deal.ombre,
                                            tables.n_trumps, privilege, ids, values,
                                            candidates, pace.limit())  # fmt: skip
            if np.isnan(found).any():
                return False
            pace.measured(work)
            total = float(ws.sum()) or 1.0
            result = [float(v / total) for v in found]
            return True

        _, searched = run(budget, doubling(first, self.iset_worlds), sample, evaluate,
                          margin=2.5)  # fmt: skip
        if searched:
            self.last_worlds = searched
        return result

    def _weighed_world(
        self, view: PlayerView, deal: Any, constraints: Any, game: Game, rng: random.Random,
        prior: OmbrePrior | None, ombre_played: int, exchanged: int,
    ) -> tuple[list[int], float]:  # fmt: skip
        """One world (:meth:`_world`) and its weight: by the ombre's contract with a
        defender's ``prior`` (the ombre's nine cards: those it holds there and
        ``ombre_played``; it drew ``exchanged``), else 1."""
        masks = self._world(view, deal, constraints, game, rng)
        if prior is None:
            return masks, 1.0
        return masks, prior.weight(masks[deal.ombre] | ombre_played, deal.trumps, exchanged)

    def _world(
        self, view: PlayerView, deal: Any, constraints: Any, game: Game, rng: random.Random
    ) -> list[int]:
        """The three hands of one world (card-id masks): the fast deal of the other two
        hands within ``constraints``, or the game's sampler (a forced ombre, a dead end)."""
        if constraints is not None:
            try:
                others = sample_hands(constraints, rng)
            except InconsistentViewError:
                others = None
            if others is not None:
                masks = [others.get(q, 0) for q in range(3)]
                masks[deal.seat] = int(deal.hand.mask)
                return masks
        world = game.sample_consistent_state(view, rng)
        return [int(deal_view(world.view(q)).hand.mask) for q in range(3)]


def _model_known(deal: Any, tables: OmbreTables, seat: int) -> Any:
    """What each seat of the joint search's model knows is out of play (kernel masks): the
    rest of the stock shown, and ``seat``'s own discards."""
    shown = tables.kernel_mask(int(deal.rest.mask))
    known = np.array([shown, shown, shown], dtype=np.uint64)
    known[seat] |= np.uint64(tables.kernel_mask(int(deal.discards.mask)))
    return known


def joint_root(deal: Any, tables: OmbreTables, seat: int) -> tuple[Any, Any]:
    """The tricks won and the state (:func:`tapete.solvers.ombre_iset.new_state`) of the
    live deal ``deal`` (a view in the play) with ``seat`` to move, in ``tables``' kernel
    indices: the root of the information-set search."""
    trick = deal.current_trick
    cards = [tables.kernel_of[int(c)] for c in trick.cards] if trick is not None else []
    leader = trick.leader if trick is not None else deal.current_player
    best, best_seat, trick_mask = -1, -1, 0
    for i, c in enumerate(cards):
        if i == 0 or ok_beats(c, best):
            best, best_seat = c, (leader + i) % 3
        trick_mask |= 1 << c
    played = tables.kernel_mask(_played_by(deal, 0) | _played_by(deal, 1) | _played_by(deal, 2))
    st = new_state(seat, len(cards), 27 - played.bit_count(), cards[0] if cards else -1, best,
                   best_seat, played, trick_mask)  # fmt: skip
    return np.array(deal.tricks_won, dtype=np.int64), st


def _played_by(deal: Any, seat: int) -> int:
    """The cards ``seat`` played in the deal so far (a card-id mask)."""
    out = 0
    for trick in (*deal.finished_tricks, deal.current_trick):
        if trick is None:
            continue
        for i, card in enumerate(trick.cards):
            if (trick.leader + i) % 3 == seat:
                out |= 1 << int(card)
    return out


def every_trick_undertaken(deal: Any) -> bool:
    """Whether the player announced every trick: a vole (Ombre), a bola (Tresillo) or a tout
    (Danish l'hombre). The game is then won, and the search, which values the game's
    outcome, would find every card alike; what is left is whether the player takes every
    trick, which the ``rule`` bot plays for (the player its highest trump first, a defender
    the cheapest card that wins the trick)."""
    return any(getattr(deal, name, False) for name in ("vole", "bola", "tout"))
