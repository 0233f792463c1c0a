"""Ombre's contract by simulation: the auction, the ombre's exchange and its trumps.

Every decision is taken over sampled deals, each played out exactly by the perfect-information
solver (:func:`tapete.solvers.ombre_kernel.solve`, ombre against the coalition from the first
trick), and the action with the best weighted mean outcome for the player is taken (the ombre
counts a sacardo +1, a puesta -0.9, a codille -1, in units of the pool; a defender's own
codille is +1 to it, and which defender takes a codille is counted as even).

* **Worlds.** Before the exchange the 31 cards the seat does not hold are shuffled into the
  other two hands and the 13 cards of the stock (in order: the top is drawn first). At the
  trumps, after the exchange, the seat knows its own discards and draws; the other two seats'
  original hands and the rest of the stock are shuffled, and each of them exchanges as the
  opponent model does (below) but takes as many cards as it was seen to take.
* **Weights** (how likely the opponents' actions were): the opponent model is the ``rule``
  bot's hand valuation (:func:`tapete.players.rule.ombre.auction_value`). A seat that passed
  when it could say "I play" makes a world likely in proportion to
  ``sigmoid((DECLARE_AT - value) / tau)``; a seat that exchanged ``k`` cards counts 1 if the
  model would have thrown as many, else ``mismatch``.
* **The auction** ("I play" or pass): "I play" is worth the best mean over the ombre's
  exchange plans (below); passing is worth what a later seat that would declare (by the
  model) leaves to this seat as a defender (half of its codilles); the seat declares when the
  first beats the second by more than ``declare_margin`` (by default
  :data:`DECLARE_MARGIN`, below zero: the solved deals see a perfect defence, and against the
  ``rule`` bots a declaration wins far more often than they say; the margin is 0 for hands
  the model values below :data:`DECLARE_FLOOR`).
* **The exchange** (as ombre): the plans are the discards that keep, for each trump suit,
  its trumps; its trumps and kings; its trumps, kings and guarded queens (the ``rule`` bot's
  plan); and those and the guarded jacks; and keeping the whole hand. Every plan is played
  in the same worlds: the ombre draws, the defenders exchange by the model, the ombre names
  the suit its final hand is strongest in (the ``rule`` bot's choice, a stand-in for the
  search at the trumps), and the deal is solved. After 24 and 64 worlds only the best half
  of the plans are kept. The first discard fixes the plan; the next discards follow it.
* **The trumps** (as ombre): each of the four suits is solved in every world.

Only the simple auction with the trumps named after the exchange is searched (no
``sans_prendre``, ``trumps_first``, ``forced_spadille``, ``all_pass_pay``, ``vole`` or
``matador_payments``); elsewhere :meth:`ContractSearch.choose` returns ``None`` and the
``rule`` bot decides.

>>> import random, tapete
>>> game = tapete.load_game('ombre')
>>> search = ContractSearch(worlds=8)
>>> state = game.new_initial_state()
>>> rng = random.Random(1)
>>> while state.phase() != 'auction':
...     state.apply_action(rng.choice(state.legal_actions()))
>>> view = state.view(state.current_player())
>>> search.choose(view, state.legal_actions(), rng, game.rules) in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tapete.cards import Rank, Suit, iter_bits
from tapete.games.ombre.actions import (
    CARD_ID,
    CARD_INDEX,
    DRAW,
    OMBRE,
    PASS,
    TRUMP_SUITS,
    TRUMPS_BASE,
)
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre_family.tables import FULL_MASK, SUIT_MASK, SUITS, TRUMP_MASK
from tapete.players.rule.ombre import DECLARE_AT
from tapete.players.search.anytime import Budget, one_by_one, run
from tapete.players.search.ombre_model import (
    best_suit,
    defender_discards,
    keepers_as_ombre,
    rank_of,
)
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_rule import rule_playout

#: The ombre's value of a sacardo and of anything else (a codille or a puesta: both cost
#: it the pool), in units of the pool.
WIN, LOSS = 1.0, -1.0
#: How far (in pools) the simulated value of "I play" may fall below passing and the seat
#: still declares. Solved deals see a perfect defence: measured against ``rule`` defenders
#: (``benchmarks/ombre_branches.py``, both branches of close decisions played out), the 69
#: hands within 0.4 below passing (a simulated sacardo chance of 44% on average) won 68% of
#: the time, and declaring them gained 1.09 units a hand over passing.
DECLARE_MARGIN = -0.4
#: The ``rule`` bot's valuation of a hand (expected tricks) from which ``declare_margin``
#: applies; weaker hands declare only when the simulation favours it (measured: hands
#: valued below 2 lost more than they won when declared below passing, stronger ones won).
DECLARE_FLOOR = 2.0
#: The ombre's value of each outcome in the card play (index: CODILLE, PUESTA, SACARDO).
OMBRE_VALUE = np.array([-1.0, -0.9, 1.0])
#: The ways the auction's "I play" may play a world out (``declare_sim``).
DECLARE_SIMS = ("solve", "rule", "mix")
#: A defender's share of a codille the coalition forces but it cannot force alone.
CODILLE_SHARE = 0.5
#: The weight of the coalition's value in ``own`` play (breaks ties: stop the sacardo).
COALITION_TIE = 0.05


#: A defender's ``relative`` value of each outcome of the coalition's solve (index:
#: CODILLE, PUESTA, SACARDO; a codille it cannot force alone is half its own): its return
#: less the mean of the other two seats' (the duplicate arena's margin), over its own
#: codille's: a sacardo -1.5, a puesta +1.5, the partner's codille 0, its own +4.5 units.
RELATIVE_VALUE = np.array([0.5, 1.0 / 3.0, -1.0 / 3.0])


def relative_value(coalition: Any, alone: Any) -> Any:
    """A defender's value (``relative`` play): its own codille (``alone`` SACARDO) 1, else
    :data:`RELATIVE_VALUE` of the coalition's outcome.

    >>> relative_value(np.array([ok.CODILLE, ok.PUESTA, ok.SACARDO, ok.PUESTA]),
    ...                np.array([ok.CODILLE, ok.CODILLE, ok.CODILLE, ok.SACARDO])).round(3).tolist()
    [0.5, 0.333, -0.333, 1.0]
    """
    return np.where(np.asarray(alone) == ok.SACARDO, 1.0, RELATIVE_VALUE[coalition])


def own_value(coalition: Any, alone: Any) -> Any:
    """A defender's value (``own`` play) from two exact solves of a world: ``coalition``, the
    outcome the ombre forces against both defenders, and ``alone``, the outcome this defender
    forces as if it played alone against the other two (SACARDO: it takes strictly the most
    tricks, its own codille, whatever they do). In a deal only its own codille pays a
    defender: it counts 1; a codille the coalition forces but it cannot force alone,
    :data:`CODILLE_SHARE`; the coalition's value breaks ties.

    >>> own_value(np.array([ok.CODILLE, ok.CODILLE, ok.SACARDO]),
    ...           np.array([ok.SACARDO, ok.PUESTA, ok.CODILLE])).round(3).tolist()
    [1.05, 0.55, -0.05]
    """
    alone_wins = np.asarray(alone) == ok.SACARDO
    shared = np.where(np.asarray(coalition) == ok.CODILLE, CODILLE_SHARE, 0.0)
    return np.where(alone_wins, 1.0, shared) - COALITION_TIE * OMBRE_VALUE[coalition]


_RANK_ORDER = {Rank.KING: 9, Rank.QUEEN: 8, Rank.JACK: 7, Rank.ACE: 6}


def supported(rules: OmbreRules) -> bool:
    """True when the contract search plays these rules (the simple auction, trumps named
    after the exchange, no extra payments)."""
    return not (
        rules.sans_prendre_auction
        or rules.trumps_first
        or rules.forced_spadille
        or rules.all_pass_pay
        or rules.vole
        or rules.matador_payments
    )


def _low_first(cards: int) -> list[int]:
    """The cards of a mask, least useful first (the ``rule`` bot's rough order)."""
    return sorted(iter_bits(cards), key=lambda c: (_RANK_ORDER.get(rank_of(c) or Rank.TWO, 0), c))


def defender_exchange(original: int, room: int, count: int | None = None) -> tuple[int, bool]:
    """The model's discards of a defender holding ``original`` with ``room`` cards left in
    the stock (the ``rule`` bot's: low cards of its short suits); with ``count`` given, that
    many (the model's first ones, then its least useful cards), and whether the model would
    have thrown exactly ``count``."""
    wanted = defender_discards(original)[:room]
    if count is None:
        out = 0
        for c in wanted:
            out |= 1 << c
        return out, True
    fits = len(wanted) == count
    chosen = wanted[:count]
    if len(chosen) < count:
        chosen += [c for c in _low_first(original) if c not in chosen][: count - len(chosen)]
    out = 0
    for c in chosen:
        out |= 1 << c
    return out, fits


def exchange_plans(original: int, min_discard: int = 0) -> list[int]:
    """The ombre's candidate discards (card-id masks) for the hand ``original``: the first
    is the ``rule`` bot's."""
    rule_suit = best_suit(original)[0]
    plans = [original & ~keepers_as_ombre(original, rule_suit)]
    for suit in SUITS:
        trumps = original & TRUMP_MASK[suit]
        kings = queens = jacks = 0
        for c in iter_bits(original & ~trumps):
            rank = rank_of(c)
            if rank == Rank.KING:
                kings |= 1 << c
            elif rank == Rank.QUEEN:
                queens |= 1 << c
            elif rank == Rank.JACK:
                jacks |= 1 << c
        rule_keep = keepers_as_ombre(original, suit)
        guarded_jacks = 0
        for c in iter_bits(jacks):
            suit_cards = original & SUIT_MASK[suit][c >> 4]
            if (suit_cards & (kings | queens)) and suit_cards.bit_count() >= 2:
                guarded_jacks |= 1 << c
        for keep in (trumps, trumps | kings, rule_keep, rule_keep | guarded_jacks):
            plans.append(original & ~keep)
    plans.append(0)
    out: list[int] = []
    for plan in plans:
        if plan.bit_count() < min_discard:
            extra = [c for c in _low_first(original) if not plan >> c & 1]
            for c in extra[: min_discard - plan.bit_count()]:
                plan |= 1 << c
        if plan not in out:
            out.append(plan)
    return out


def _suit_action(suit: Suit) -> int:
    return TRUMPS_BASE + TRUMP_SUITS.index(suit)


class ContractSearch:
    """The auction, exchange and trumps of one seat by simulation (``time_budget`` seconds
    a decision on ``clock``, or a fixed number of ``worlds``)."""

    def __init__(
        self,
        time_budget: float = 0.05,
        worlds: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        declare_margin: float = DECLARE_MARGIN,
        tau: float = 0.3,
        mismatch: float = 0.05,
        max_worlds: int = 2000,
        table: Any = None,
        defend: str = "coalition",
        declare_sim: str = "solve",
    ) -> None:
        self.time_budget = time_budget
        self.worlds = worlds
        self.clock = clock
        self.declare_margin = declare_margin
        self.tau = tau
        self.mismatch = mismatch
        self.max_worlds = max_worlds
        self.table = ok.new_table(18) if table is None else table
        #: A defender's value of a deal: ``coalition`` (the ombre's loss) or ``own`` (its
        #: own codille, :func:`tapete.players.search.ombre.own_value`).
        self.defend = defend
        #: How the auction's "I play" plays a world out: ``solve`` (exactly, against a perfect
        #: defence), ``rule`` (every seat on the ``rule`` bot's card play,
        #: :func:`tapete.solvers.ombre_rule.rule_playout`: a defence like the ``rule``
        #: bots') or ``mix`` (the mean of the two).
        if declare_sim not in DECLARE_SIMS:
            raise ValueError(f"declare_sim must be one of {DECLARE_SIMS}, got {declare_sim!r}")
        self.declare_sim = declare_sim
        self._plan: tuple[int, int] | None = None
        #: Worlds simulated for the last decision, and its values (action -> mean value).
        self.last_worlds = 0
        self.last_values: dict[str, float] = {}

    # -- the decisions -------------------------------------------------------------------------
    def choose(
        self, deal: Any, legal: Sequence[int], rng: random.Random, rules: OmbreRules
    ) -> int | None:
        """The searched action of the Ombre deal view ``deal``, or ``None`` where the
        contract search does not decide (card play, a defender's exchange, other rules)."""
        seat = deal.seat
        if seat is None or not supported(rules):
            return None
        phase = deal.phase
        if phase == "auction" and list(legal) == [PASS, OMBRE]:
            return self._auction(deal, rng, rules)
        if phase == "exchange" and seat == deal.ombre:
            return self._exchange(deal, legal, rng, rules)
        if phase == "trumps" and seat == deal.ombre and deal.trumps is None:
            return self._trumps(deal, legal, rng, rules)
        return None

    def _auction(self, deal: Any, rng: random.Random, rules: OmbreRules) -> int:
        seat = deal.seat
        hand = deal.hand.mask
        passed = _passed_by_choice(deal)
        eldest = (deal.dealer + 1) % 3
        me = (seat - eldest) % 3
        later = [(eldest + j) % 3 for j in range(me + 1, 3)]
        plans = exchange_plans(hand, rules.min_discard_ombre)
        means, _, n = self._evaluate_plans(
            hand, seat, plans, passed, rng, rules, eldest, later=later
        )
        declare = max(means[: len(plans)])
        pass_value = means[len(plans)]
        self.last_worlds = n
        self.last_values = {"ombre": declare, "pass": pass_value}
        margin = self.declare_margin if best_suit(hand)[1] >= DECLARE_FLOOR else 0.0
        return OMBRE if declare - pass_value > margin else PASS

    def _exchange(
        self, deal: Any, legal: Sequence[int], rng: random.Random, rules: OmbreRules
    ) -> int | None:
        hand = deal.hand.mask
        done = deal.discards.mask
        original = hand | done
        plan = self._plan
        if plan is None or plan[0] != original or done & ~plan[1]:
            passed = _passed_by_choice(deal)
            plans = [p | done for p in exchange_plans(original, rules.min_discard_ombre)]
            plans = list(dict.fromkeys(p for p in plans if p.bit_count() <= 9))
            eldest = (deal.dealer + 1) % 3
            means, _, n = self._evaluate_plans(original, deal.seat, plans, passed, rng, rules,
                                               eldest)  # fmt: skip
            best = max(range(len(plans)), key=lambda i: means[i])
            self._plan = plan = (original, plans[best])
            self.last_worlds = n
            self.last_values = {f"plan {i}": m for i, m in enumerate(means[: len(plans)])}
        left = plan[1] & ~done & hand
        if left:
            action = CARD_INDEX[min(iter_bits(left))]
            if action in legal:
                return action
        if DRAW in legal:
            return DRAW
        return None

    def _trumps(
        self, deal: Any, legal: Sequence[int], rng: random.Random, rules: OmbreRules
    ) -> int | None:
        seat = deal.seat
        drawn_mine = 0
        for event in deal.events:
            if event.kind == "draw" and not event.hidden and event.arg("to") == seat:
                drawn_mine |= 1 << CARD_ID[event.action]
        hand = deal.hand.mask
        original = (hand & ~drawn_mine) | deal.discards.mask
        k_me = drawn_mine.bit_count()
        rest = deal.rest.mask  # the stock's rest, when the rules show it to the ombre
        unseen = list(iter_bits(FULL_MASK & ~original & ~drawn_mine & ~rest))
        passed = _passed_by_choice(deal)
        d1, d2 = (seat + 1) % 3, (seat + 2) % 3
        counts = {d1: deal.drawn[d1], d2: deal.drawn[d2]}
        leader = (deal.dealer + 1) % 3 if rules.eldest_leads else seat
        totals = [0.0] * 4
        weight = 0.0
        budget = Budget(self.clock, self.time_budget, self.worlds)
        zeros = np.zeros(3, dtype=np.int64)

        def sample(_: int) -> tuple[list[int], float]:
            """One world: the hands after the exchanges, and its weight."""
            rng.shuffle(unseen)
            originals = {d1: _mask(unseen[:9]), d2: _mask(unseen[9:18])}
            stock = unseen[18:]  # the rest of the stock, top first (a seen rest is never drawn)
            w = self._pass_weight(originals, passed)
            hands = [0, 0, 0]
            hands[seat] = hand
            pos = 0
            room = 13 - k_me
            for d in (d1, d2):
                disc, fits = defender_exchange(originals[d], room, counts[d])
                if not fits:
                    w *= self.mismatch
                hands[d] = originals[d] & ~disc | _mask(stock[pos : pos + counts[d]])
                pos += counts[d]
                room -= counts[d]
            return hands, w

        def evaluate(world: tuple[list[int], float]) -> None:
            """Each suit named in the world: a sacardo or not."""
            nonlocal weight
            hands, w = world
            for i, suit in enumerate(TRUMP_SUITS):
                tables = OmbreTables.for_trumps(suit)
                kernel = np.array([tables.kernel_mask(h) for h in hands], dtype=np.uint64)
                won = ok.reaches(kernel, zeros, leader, seat, ok.SACARDO, tables.n_trumps,
                                 rules.privilege, self.table)  # fmt: skip
                totals[i] += w * (WIN if won else LOSS)
            weight += w

        n, _ = run(budget, one_by_one(self._target()), sample, evaluate)
        self.last_worlds = n
        weight = weight or 1.0
        self.last_values = {
            f"trumps {s.name}": t / weight for s, t in zip(TRUMP_SUITS, totals, strict=True)
        }
        best = max(range(4), key=lambda i: totals[i])
        action = _suit_action(TRUMP_SUITS[best])
        return action if action in legal else None

    # -- simulation ----------------------------------------------------------------------------
    def _target(self) -> int:
        """The worlds of a decision: the fixed number, else the most a time budget may use."""
        return self.worlds if self.worlds is not None else self.max_worlds

    def _pass_weight(self, hands: dict[int, int], passed: Sequence[int]) -> float:
        """How likely the seats ``passed`` were to pass with these ``hands`` (the model)."""
        w = 1.0
        for s in passed:
            x = (DECLARE_AT - best_suit(hands[s])[1]) / self.tau  # the model's pass
            w *= 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        return w

    def _evaluate_plans(
        self,
        original: int,
        seat: int,
        plans: list[int],
        passed: Sequence[int],
        rng: random.Random,
        rules: OmbreRules,
        eldest: int,
        later: Sequence[int] | None = None,
    ) -> tuple[list[float], float, int]:
        """The weighted mean value to ``seat`` (the ombre, holding ``original`` before the
        exchange) of each discard plan over sampled worlds; with ``later`` (the seats that
        speak after it in the auction) one more entry: the value of passing."""
        unseen = list(iter_bits(FULL_MASK & ~original))
        n_values = len(plans) + (1 if later is not None else 0)
        totals = [0.0] * n_values
        alive = list(range(len(plans)))
        weight = 0.0
        budget = Budget(self.clock, self.time_budget, self.worlds)

        def sample(_: int) -> tuple[list[int], list[int], float]:
            """One deal: the three hands, the stock and the weight of the passes."""
            rng.shuffle(unseen)
            hands = [0, 0, 0]
            hands[seat] = original
            hands[(seat + 1) % 3] = _mask(unseen[:9])
            hands[(seat + 2) % 3] = _mask(unseen[9:18])
            stock = unseen[18:]
            return hands, stock, self._pass_weight({s: hands[s] for s in passed}, passed)

        def evaluate(world: tuple[list[int], list[int], float]) -> None:
            """Every plan still in (and passing) played in the deal."""
            nonlocal weight
            hands, stock, w = world
            for i in alive:
                totals[i] += w * self._declare_value(hands, stock, seat, plans[i], eldest,
                                                     rules, later is not None)  # fmt: skip
            if later is not None:
                totals[-1] += w * self._pass_value(hands, stock, seat, later, eldest, rules)
            weight += w

        def halve(n: int) -> None:
            """After 24, 64 and 160 deals the better half of the plans go on."""
            nonlocal alive
            if len(alive) > 2 and n in (24, 64, 160):
                alive.sort(key=lambda i: -totals[i])
                alive = alive[: max(2, len(alive) // 2)]

        n, _ = run(budget, one_by_one(self._target()), sample, evaluate, halve)
        weight = weight or 1.0
        means = [t / weight for t in totals]
        for i in range(len(plans)):
            if i not in alive:
                means[i] = -2.0  # dropped by the halving
        return means, weight, n

    def _declare_value(
        self, hands: list[int], stock: list[int], ombre: int, plan: int, eldest: int,
        rules: OmbreRules, auction: bool,
    ) -> float:  # fmt: skip
        """The ombre's value (WIN or LOSS; with ``mix``, their mean) of a world and a plan;
        in the ``auction``, played out as ``declare_sim`` says, else solved."""
        sim = self.declare_sim if auction else "solve"
        value = 0.0
        if sim in ("solve", "mix"):
            won = self._play_deal(hands, stock, ombre, plan, eldest, rules)
            value += WIN if won == ok.SACARDO else LOSS
        if sim in ("rule", "mix"):
            won = self._play_deal(hands, stock, ombre, plan, eldest, rules, by_rule=True)
            value += WIN if won == ok.SACARDO else LOSS
        return value / 2 if sim == "mix" else value

    def _play_deal(
        self, hands: list[int], stock: list[int], ombre: int, plan: int, eldest: int,
        rules: OmbreRules, full: bool = False, by_rule: bool = False,
    ) -> int:  # fmt: skip
        """The solved outcome of a deal from its original ``hands`` and ``stock``: the ombre
        throws ``plan``; the defenders exchange by the model; the ombre names its best suit
        (the ``rule`` bot's valuation). SACARDO or PUESTA (not a sacardo: one search) unless
        ``full``: then SACARDO, PUESTA or CODILLE; with ``by_rule``, the outcome of every seat
        playing the ``rule`` bot's cards (:func:`tapete.solvers.ombre_rule.rule_playout`)."""
        k = plan.bit_count()
        final = [0, 0, 0]
        final[ombre] = hands[ombre] & ~plan | _mask(stock[:k])
        thrown = [0, 0, 0]
        thrown[ombre] = plan
        pos = k
        for d in ((ombre + 1) % 3, (ombre + 2) % 3):
            disc, _ = defender_exchange(hands[d], 13 - pos)
            kd = disc.bit_count()
            final[d] = hands[d] & ~disc | _mask(stock[pos : pos + kd])
            thrown[d] = disc
            pos += kd
        tables = OmbreTables.for_trumps(best_suit(final[ombre])[0])
        kernel = np.array([tables.kernel_mask(h) for h in final], dtype=np.uint64)
        leader = eldest if rules.eldest_leads else ombre
        won = np.zeros(3, dtype=np.int64)
        if by_rule:
            known = np.array([tables.kernel_mask(m) for m in thrown], dtype=np.uint64)
            deck, ids = rule_tables(tables)
            return int(rule_playout(kernel, won, known, deck, leader, ombre, tables.n_trumps,
                                    rules.privilege, ids, NO_TRACE))  # fmt: skip
        if full:
            return int(ok.solve(kernel, won, leader, ombre, tables.n_trumps, rules.privilege,
                                self.table))  # fmt: skip
        sacardo = ok.reaches(kernel, won, leader, ombre, ok.SACARDO, tables.n_trumps,
                             rules.privilege, self.table)  # fmt: skip
        return ok.SACARDO if sacardo else ok.PUESTA

    def _pass_value(
        self, hands: list[int], stock: list[int], seat: int, later: Sequence[int],
        eldest: int, rules: OmbreRules,
    ) -> float:  # fmt: skip
        """What passing leaves to ``seat``: half of the codilles against the first later
        seat that would declare by the model (0 when nobody would)."""
        for s in later:
            suit, value = best_suit(hands[s])
            if value >= DECLARE_AT:
                plan = hands[s] & ~keepers_as_ombre(hands[s], suit)
                outcome = self._play_deal(hands, stock, s, plan, eldest, rules, full=True)
                return 0.5 if outcome == ok.CODILLE else 0.0
        return 0.0


NO_TRACE = np.zeros(0, dtype=np.int64)


@functools.cache
def rule_tables(tables: OmbreTables) -> tuple[Any, Any]:
    """The kernel mask of every card and the kernel indices' card ids (for ``rule_playout``)."""
    deck = np.uint64(tables.kernel_mask(FULL_MASK))
    return deck, np.array(tables.card_id, dtype=np.int64)


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _passed_by_choice(deal: Any) -> list[int]:
    """The seats that passed before anyone said "I play" (their pass was a choice)."""
    out = []
    for event in deal.events:
        if event.kind == "bid":
            break
        if event.kind == "pass":
            out.append(event.actor)
    return out
