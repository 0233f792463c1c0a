"""The search of Tresillo and Danish l'hombre: Ombre's kernels for the rest of the family.

The three games share the pack, the trump orders, the exchange with the stock and the nine
tricks of three hands; they differ in the auction and the payments. So the search of
:mod:`tapete.players.search.ombre` serves them once their views are seen in the kernels'
terms (:func:`kernel_deal`): the three hands that play are kernel seats 0, 1, 2 in playing
order (Tresillo's dealer, who holds no cards, is left out), the player of the contract is
the kernel's "ombre", and a card every seat knows is in the player's hand (the vuelta or
tourné card it took, unless it has been played or the play shows it was thrown away) is
dealt to it in every world.

* **Cards** (:class:`FamilyCardSearch`): the worlds, each solved exactly (or searched
  together at the strong level), valued by the contract's payments: in Tresillo a sacada
  wins and anything else loses the game's value; in Danish l'hombre *won*, *bet* and *kruk*
  are worth the point table's values. A Tresillo defender of a single deal plays for its own
  codillo (it alone is paid), else, and always in Danish l'hombre (nothing pays a defender
  alone), for the coalition.
* **Contract** (:class:`FamilyContract`, at budgets of at least 50 ms or a fixed number of
  worlds): every bid, game, trump suit or discard plan is played in the same sampled deals
  (the other hands and the stock shuffled from the unseen cards, the other hands redrawn
  until they explain what those seats said in the auction as the ``rule`` bot would have
  said it: :mod:`tapete.players.search.family_auction`, ``auction_prior``): the player
  exchanges as the plan says (the ``rule`` bot's keepers by default), the defenders as the
  family's ``rule`` bots do (:func:`tapete.players.rule.family.defender_discards`), and the deal is
  played out by the ``rule`` bots' cards (:func:`tapete.solvers.ombre_rule.rule_playout`:
  a hundred times the deals a solve allows; ``contract_sim=solve`` solves each from the
  first trick). A bid's value is its mean payment over the deals; where they are solved,
  plus a credit of :data:`DECLARE_CREDIT` of its value (the solved defence is a perfect
  one, stronger than the defenders met at a table; Ombre's ``declare_margin``); passing is
  worth ``pass_value`` times the cheapest game's value (0). Tresillo's payments beyond the
  game count: a sacada also takes the plate's head (this deal's pollas with it), and with
  ``estuches`` each simulated deal pays the player's estuches after his exchange (received
  on a sacada, paid otherwise).
* What is not searched is played as the ``rule`` bot plays it: a defender's exchange, the
  nolo games of Danish l'hombre (their card play has no kernel yet), Tresillo's surrender and
  its defence, the bola and the tout.

>>> import random, tapete
>>> from tapete.players import load
>>> game = tapete.load_game('tresillo')
>>> search, rule = FamilySearch(worlds=4), load('rule')
>>> rng = random.Random(3)
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

import dataclasses
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from tapete.cards import Card, CardSet, Rank, Suit, iter_bits
from tapete.engine.api import Game, PlayerView, Trick
from tapete.errors import InconsistentViewError
from tapete.games.lhombre import actions as _la
from tapete.games.lhombre.state import UNION_GAMES
from tapete.games.ombre.actions import CARD_ID, CARD_INDEX, N_CARDS
from tapete.games.ombre_family.sampler import infer_forbidden
from tapete.games.ombre_family.tables import FULL_MASK, SUIT_MASK, SUITS, TRUMP_MASK
from tapete.games.tresillo import actions as _ta
from tapete.games.tresillo.scoring import estuche_run
from tapete.games.tresillo.state import TRUMP_ORDER
from tapete.players.rule.family import defender_discards
from tapete.players.rule.lhombre import affordable_games
from tapete.players.rule.ombre import hand_value
from tapete.players.search.anytime import Budget, one_by_one, run
from tapete.players.search.config import FamilyConfig, check_options
from tapete.players.search.family_auction import auction_checks
from tapete.players.search.ombre import OmbreSearch, every_trick_undertaken
from tapete.players.search.ombre_contract import NO_TRACE, rule_tables
from tapete.players.search.ombre_model import keepers_as_ombre, rank_of
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_rule import rule_playout
from tapete.solvers.ombre_rule import warm_up as rule_warm_up
from tapete.solvers.ombre_worlds import sample_hands

#: The games this module searches.
FAMILY_GAMES: Final = ("tresillo", "tresillo-match", "lhombre", "lhombre-match")
#: The share of a bid's value credited to declaring it (see the module's docstring): a bid is
#: made when its simulated chance ``p`` of winning gives ``2p - 1 + DECLARE_CREDIT > 0``.
DECLARE_CREDIT: Final = 0.4
#: The credit by the way the simulated deals are played out (``contract_sim``): solved
#: deals are defended perfectly, so a bid is credited :data:`DECLARE_CREDIT`; deals played
#: out by the ``rule`` bots' cards are played as at a table of them, and get none.
CREDIT_OF_SIM: Final = {"solve": DECLARE_CREDIT, "rule": 0.0, "mix": DECLARE_CREDIT / 2}
#: The budget (seconds) from which the contract is searched (shorter: the ``rule`` bot's).
MIN_CONTRACT_BUDGET: Final = 0.05
#: How the contract's simulated deals are played out by default (``contract_sim``): by the
#: ``rule`` bots' cards, some 500 deals in 50 ms where solving them gives 5 to 15 (too few
#: to choose among the bids: a noisy best is too often above passing's exact 0), and at
#: every level more paying than the solved deals (see docs/bots-results.md, round 5).
CONTRACT_SIM: Final = "rule"
#: After this many deals (and the next multiples of it, doubled) the worse half of the
#: options still in is dropped.
HALVING: Final = (16, 48, 128)
#: The most suits a bid naming its trumps is simulated in (the ``rule`` bot's best ones).
SUITS_TRIED: Final = 2
#: The most deals drawn for one simulated deal that the auction explains (``auction_prior``): the
#: one explaining most of it is kept when none explains it all.
PRIOR_TRIES: Final = 64
#: The most deals a time-budgeted contract decision simulates (``contract_worlds``).
CONTRACT_WORLDS: Final = 1000


def family_of(game_name: str) -> str:
    """``tresillo`` or ``lhombre`` for a game of this module (``''`` otherwise).

    >>> family_of('tresillo-match'), family_of('lhombre'), family_of('ombre')
    ('tresillo', 'lhombre', '')
    """
    base = game_name.split("-")[0]
    return base if base in ("tresillo", "lhombre") else ""


def live_deal(view: PlayerView) -> Any:
    """The view of the live deal: ``view`` for a single deal, its ``deal`` in a session."""
    if hasattr(view, "finished_tricks"):
        return view
    inner = getattr(view, "deal", None)
    return inner if inner is not None and hasattr(inner, "finished_tricks") else None


def playing_seats(deal: Any) -> tuple[int, int, int]:
    """The table seats of kernel seats 0, 1, 2: the three hands in playing order, the first
    speaker (Tresillo's mano, Danish l'hombre's forehand) first.

    >>> class V: dealer = 1; cards_held = (9, 0, 9, 9)
    >>> playing_seats(V())
    (2, 3, 0)
    """
    n = len(deal.cards_held)
    first = (deal.dealer + 1) % n
    seats = [(first + i) % n for i in range(n) if (first + i) % n != deal.dealer or n == 3]
    return seats[0], seats[1], seats[2]


@dataclasses.dataclass(frozen=True)
class KernelDeal:
    """A Tresillo or Danish l'hombre deal view in the play, in the terms of Ombre's card-play
    search (the fields :class:`~tapete.players.search.ombre.OmbreSearch` reads): seats are
    kernel seats, ``ombre`` is the player of the contract, ``rest`` the cards out of every
    world's hands (with ``pinned``: those dealt to the player in every world)."""

    game: str
    seat: int
    phase: str
    trumps: Suit
    ombre: int
    current_player: int
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int, int]
    hand: CardSet
    discards: CardSet
    rest: CardSet
    drawn: tuple[int, int, int]
    cards_held: tuple[int, int, int]
    #: The table seat of each kernel seat.
    seats: tuple[int, int, int]
    #: Cards every world deals to the player (its turned card, known to be in its hand).
    pinned: int = 0
    forced: bool = False
    events: tuple[Any, ...] = ()
    spec: Any = None


def kernel_deal(view: PlayerView, privilege: bool) -> KernelDeal | None:
    """``view``'s live deal in kernel seats, or ``None`` outside the play of a trump game."""
    deal = live_deal(view)
    if deal is None or view.seat is None or deal.phase != "play" or deal.trumps is None:
        return None
    if deal.player is None:
        return None
    seats = playing_seats(deal)
    if view.seat not in seats:
        return None
    k = {s: i for i, s in enumerate(seats)}

    def trick(t: Trick | None) -> Trick | None:
        if t is None:
            return None
        return Trick(k[t.leader], t.cards, None if t.winner is None else k[t.winner])

    finished = tuple(trick(t) for t in deal.finished_tricks)
    current = trick(deal.current_trick)
    tricks = [*finished, current]
    plays: list[tuple[int, int]] = []
    played = 0
    for t in tricks:
        if t is None:
            continue
        for i, card in enumerate(t.cards):
            plays.append(((t.leader + i) % 3, int(card)))
            played |= 1 << int(card)
    me, player = k[view.seat], k[deal.player]
    held = [deal.cards_held[s] for s in seats]
    pinned = 0
    turned = getattr(deal, "turned", None)
    if turned is not None and me != player and not played >> int(turned) & 1:
        forbidden = infer_forbidden(_Privilege(privilege), int(deal.trumps), plays)
        if not forbidden[player] >> int(turned) & 1:
            pinned = 1 << int(turned)
            held[player] -= 1
    trick_now = deal.current_trick
    to_move = deal.current_player if trick_now is None else None
    if to_move is None or to_move not in k:
        leader = current.leader if current is not None else 0
        to_move_k = (leader + len(current.cards if current is not None else ())) % 3
    else:
        to_move_k = k[to_move]
    return KernelDeal(
        game=view.game, seat=me, phase="play", trumps=deal.trumps, ombre=player,
        current_player=to_move_k, current_trick=current, finished_tricks=finished,  # type: ignore[arg-type]
        tricks_won=(deal.tricks_won[seats[0]], deal.tricks_won[seats[1]],
                    deal.tricks_won[seats[2]]),
        hand=deal.hand, discards=deal.discards, rest=CardSet(pinned),
        drawn=(deal.drawn[seats[0]], deal.drawn[seats[1]], deal.drawn[seats[2]]),
        cards_held=(held[0], held[1], held[2]), seats=seats, pinned=pinned,
        spec=view.spec,
    )  # fmt: skip


class _Privilege:
    def __init__(self, privilege: bool) -> None:
        self.privilege = privilege


def outcome_values(view: PlayerView, game: Game) -> Any:
    """The player's value of each card-play outcome (CODILLE, PUESTA, SACARDO), in units of
    its largest: Tresillo's game is won or lost whole; Danish l'hombre pays won, bet, kruk
    by its point table."""
    deal = live_deal(view)
    if family_of(view.game) == "lhombre" and deal is not None and deal.contract is not None:
        won, bet, kruk = game.rules.points[_la.GAMES.index(deal.contract)]  # type: ignore[attr-defined]
        top = float(max(won, bet, kruk, 1))
        return np.array([-kruk / top, -bet / top, won / top])
    return np.array([-1.0, -1.0, 1.0])


class FamilyCardSearch(OmbreSearch):
    """Ombre's card-play search on a :class:`KernelDeal` (the worlds deal the pinned cards
    to the player; a dead end asks the game's own sampler)."""

    def __init__(self, **params: Any) -> None:
        params.setdefault("contract", False)
        params.setdefault("prior", False)
        super().__init__(**params)
        #: What a defender plays for (``own`` or ``coalition``), set per decision.
        self.family_defence = "coalition"
        self._real_view: PlayerView | None = None

    def defence(self, view: PlayerView) -> str:
        """What a defender plays for: set by :class:`FamilySearch` for each decision."""
        return self.family_defence if self.defend == "auto" else self.defend

    def values_of(
        self, view: PlayerView, deal: KernelDeal, cards: Sequence[int], rng: random.Random,
        game: Game,
    ) -> list[float] | None:  # fmt: skip
        """The searched value of each card action of ``cards`` for the seat of ``view``."""
        self._real_view = view
        try:
            found = self.action_values(deal, cards, rng, game)  # type: ignore[arg-type]
        finally:
            self._real_view = None
        return None if found is None else found[0]

    def _world(
        self, view: PlayerView, deal: Any, constraints: Any, game: Game, rng: random.Random
    ) -> list[int]:
        if constraints is not None:
            try:
                others = sample_hands(constraints, rng)
            except InconsistentViewError:
                others = None
            if others is not None:
                masks = [others.get(q, 0) for q in range(3)]
                masks[deal.seat] = int(deal.hand.mask)
                masks[deal.ombre] |= deal.pinned
                return masks
        real = self._real_view
        if real is None:
            raise InconsistentViewError("no deal of the hidden cards fits the view")
        world = game.sample_consistent_state(real, rng)
        out = []
        for s in deal.seats:
            inner = live_deal(world.view(s))
            out.append(int(inner.hand.mask))
        return out


# -- the contract ------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Option:
    """One way to play the deal as its player: trumps ``suit`` (``None``: the stock's top card
    is turned and names them, and goes to the player), the discard ``plan`` (``None``: the
    ``rule`` bot's keepers; ``0`` with ``buys`` False: no exchange), the fewest discards
    ``least``, and the player's payment for each outcome (CODILLE, PUESTA, SACARDO)."""

    key: str
    suit: Suit | None
    buys: bool
    value: tuple[float, float, float]
    plan: int | None = None
    least: int = 1


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _low_first(cards: int, trumps: Suit) -> list[int]:
    """The cards of a mask, least useful first (plain low cards, then plain honours, then
    trumps)."""
    order = {Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}

    def key(c: int) -> tuple[int, int, int]:
        trump = 1 if TRUMP_MASK[trumps] >> c & 1 else 0
        return (trump, order.get(rank_of(c) or Rank.TWO, 0), c)

    return sorted(iter_bits(cards), key=key)


def player_plans(hand: int, trumps: Suit, least: int, most: int) -> list[int]:
    """The player's candidate discards (card-id masks) from ``hand`` with ``trumps`` known:
    the ``rule`` bot's (keep trumps, kings and guarded queens; first), keep the trumps and
    kings, keep only the trumps, keep those and the guarded jacks, and throw only the
    fewest allowed; each at least ``least`` and at most ``most`` cards.

    >>> hand = CardSet.parse('♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥3 ♦4').mask
    >>> plans = player_plans(hand, Suit.CLUBS, 1, 9)
    >>> all(p & ~hand == 0 and 1 <= p.bit_count() <= 9 for p in plans), len(plans) > 1
    (True, True)
    """
    trump_cards = hand & TRUMP_MASK[trumps]
    kings = jacks = 0
    for c in iter_bits(hand & ~trump_cards):
        rank = rank_of(c)
        if rank == Rank.KING:
            kings |= 1 << c
        elif rank == Rank.JACK:
            jacks |= 1 << c
    rule_keep = keepers_as_ombre(hand, trumps)
    guarded = 0
    for c in iter_bits(jacks):
        suit_cards = hand & SUIT_MASK[trumps][int(Card(c).suit)]
        if suit_cards.bit_count() >= 2 and suit_cards & ~(1 << c) & rule_keep:
            guarded |= 1 << c
    keeps = [rule_keep, trump_cards | kings, trump_cards, rule_keep | guarded, hand]
    low = _low_first(hand, trumps)
    out: list[int] = []
    for keep in keeps:
        plan = hand & ~keep
        thrown = [c for c in low if plan >> c & 1][:most]
        plan = _mask(thrown)
        for c in low:
            if plan.bit_count() >= least:
                break
            plan |= 1 << c
        if plan not in out:
            out.append(plan)
    return out


def _kernel_hands(hands: Sequence[int], suit: Suit) -> tuple[Any, OmbreTables]:
    tables = OmbreTables.for_trumps(suit)
    return np.array([tables.kernel_mask(h) for h in hands], dtype=np.uint64), tables


class FamilyContract:
    """The contract decisions of Tresillo and Danish l'hombre by simulation (``time_budget``
    seconds a decision on ``clock``, or a fixed number of ``worlds``)."""

    def __init__(
        self, time_budget: float = 1.0, worlds: int | None = None,
        clock: Callable[[], float] = time.perf_counter, credit: float | None = None,
        table: Any = None, max_worlds: int = CONTRACT_WORLDS, suits_tried: int = SUITS_TRIED,
        sim: str = CONTRACT_SIM, pass_value: float = 0.0,
    ) -> None:  # fmt: skip
        self.time_budget = time_budget
        #: What passing in the auction is worth, in the cheapest game's value (an entrada's,
        #: a spil's won points): 0, nothing; below 0, the defence's expected loss.
        self.pass_value = pass_value
        #: How a simulated deal is played out (``contract_sim``): ``solve`` (every seat
        #: perfect), ``rule`` (every seat the ``rule`` bot's cards,
        #: :func:`tapete.solvers.ombre_rule.rule_playout`) or ``mix`` (the mean of both).
        self.sim = sim
        #: The most suits a bid naming its trumps is simulated in (the best by the ``rule``
        #: bot's count).
        self.suits_tried = suits_tried
        self.worlds = worlds
        self.clock = clock
        #: The share of a bid's value credited to declaring it (by default
        #: :data:`CREDIT_OF_SIM`'s for the way the deals are played out).
        self.credit = CREDIT_OF_SIM[sim] if credit is None else credit
        self.max_worlds = max_worlds
        self.table = ok.new_table(18) if table is None else table
        #: For each kernel seat, what scores a hand by the words of the auction it does not
        #: explain (:func:`tapete.players.search.family_auction.auction_checks`; ``None``: a
        #: seat that said nothing); set for each decision, empty: the deals drawn blind.
        self.checks: Sequence[Callable[[int], int] | None] = ()
        #: Deals simulated for the last decision, and its values (key -> mean).
        self.last_worlds = 0
        self.last_values: dict[str, float] = {}
        self._plan: tuple[int, int] | None = None
        #: What each paying player pays per estuche (Tresillo's ``estuches``; 0: not paid),
        #: set for each decision by :meth:`payments_of`.
        self.estuche_unit = 0

    def payments_of(self, kind: str, deal: Any, rules: Any) -> float:
        """Set the payments beyond the game's value for this decision and return what a
        sacada takes from the plate per paying player (Tresillo: the plate's head, which
        holds this deal's pollas, or the whole plate with ``plate_payout = all``; the game's
        value is per paying player). The estuches, counted in each solved deal from the
        player's hand after the exchange, are added by :meth:`evaluate`."""
        if kind != "tresillo":
            self.estuche_unit = 0
            return 0.0
        self.estuche_unit = rules.estuche_unit if rules.estuches else 0
        plate = tuple(getattr(deal, "plate", ()) or ())
        if not plate:
            return 0.0
        head = sum(plate) if rules.plate_all else plate[0]
        return float(head) / max(1, int(rules.n_players) - 1)

    # -- worlds and outcomes ---------------------------------------------------------------
    def draw_world(
        self, rng: random.Random, unseen: list[int], seat: int, hand: int, stock_left: int
    ) -> tuple[list[int], list[int]]:
        """One deal: the other two kernel seats' hands (as many cards each as ``seat``'s
        ``hand`` had at the deal, 9) and the stock (``stock_left`` cards, top first),
        shuffled from ``unseen``."""
        rng.shuffle(unseen)
        hands = [0, 0, 0]
        hands[seat] = hand
        pos = 0
        for q in range(3):
            if q != seat:
                hands[q] = _mask(unseen[pos : pos + 9])
                pos += 9
        return hands, unseen[pos : pos + stock_left]

    def play(self, hands: list[int], stock: list[int], player: int, option: Option,
             full: bool, by_rule: bool = False) -> tuple[int, int]:  # fmt: skip
        """The solved outcome of playing ``option`` in a deal (``full``: CODILLE, PUESTA or
        SACARDO; else SACARDO or PUESTA, one search; ``by_rule``: every seat playing the
        ``rule`` bot's cards), and the player's estuches in it after the exchange times
        :attr:`estuche_unit` (0 when the estuches are not paid)."""
        final = list(hands)
        thrown = [0, 0, 0]
        pos = 0
        suit = option.suit
        if suit is None:
            card = stock[0]
            suit = Card(card).suit
            final[player] |= 1 << card
            pos = 1
        if option.buys:
            held = final[player]
            if option.plan is None:
                plan = held & ~keepers_as_ombre(held, suit)
            else:
                plan = option.plan & held
            low = _low_first(held, suit)
            room = len(stock) - pos + held.bit_count() - 9  # what may go and be replaced
            plan = _mask([c for c in low if plan >> c & 1][: max(0, room)])
            for c in low:
                if plan.bit_count() >= min(option.least, room):
                    break
                plan |= 1 << c
            k = max(0, 9 - (held & ~plan).bit_count())  # drawn back to nine cards
            final[player] = held & ~plan | _mask(stock[pos : pos + k])
            thrown[player] = plan
            pos += k
        for step in (1, 2):  # the defenders exchange as the family's ``rule`` bots do
            d = (player + step) % 3
            disc = _mask(defender_discards(hands[d], int(suit), len(stock) - pos))
            kd = disc.bit_count()
            final[d] = hands[d] & ~disc | _mask(stock[pos : pos + kd])
            thrown[d] = disc
            pos += kd
        estuches = 0
        if self.estuche_unit:
            estuches = self.estuche_unit * estuche_run(TRUMP_ORDER[suit], final[player])
        kernel, tables = _kernel_hands(final, suit)
        won = np.zeros(3, dtype=np.int64)
        if by_rule:
            known = np.array([tables.kernel_mask(m) for m in thrown], dtype=np.uint64)
            deck, ids = rule_tables(tables)
            outcome = rule_playout(kernel, won, known, deck, 0, player, tables.n_trumps, True,
                                   ids, NO_TRACE)  # fmt: skip
            return int(outcome), estuches
        if full:
            outcome = int(ok.solve(kernel, won, 0, player, tables.n_trumps, True, self.table))
            return outcome, estuches
        made = ok.reaches(kernel, won, 0, player, ok.SACARDO, tables.n_trumps, True, self.table)
        return (ok.SACARDO if made else ok.PUESTA), estuches

    def evaluate(
        self, options: Sequence[Option], seat: int, hand: int, known: int, stock_left: int,
        rng: random.Random,
    ) -> dict[str, float]:  # fmt: skip
        """The mean payment of each option over the same deals (the worse half dropped at
        :data:`HALVING`, valued -inf); ``hand`` is ``seat``'s hand now, ``known`` every other
        card it knows is out of the other hands and the stock (its discards). With Tresillo's
        estuches paid, each deal's payment adds the player's estuches in that deal: received
        on a sacada, paid otherwise."""
        unseen = list(iter_bits(FULL_MASK & ~hand & ~known))
        totals = [0.0] * len(options)
        alive = list(range(len(options)))
        full = any(o.value[0] != o.value[1] for o in options)
        budget = Budget(self.clock, self.time_budget, self.worlds)
        target = self.worlds if self.worlds is not None else self.max_worlds

        ways = {"solve": (False,), "rule": (True,), "mix": (False, True)}[self.sim]

        def evaluate(world: tuple[list[int], list[int]]) -> None:
            """Every option still in played in the deal (as :attr:`sim` says)."""
            hands, stock = world
            for i in alive:
                o = options[i]
                for by_rule in ways:
                    outcome, extra = self.play(hands, stock, seat, o, full, by_rule)
                    payment = o.value[outcome] + (extra if outcome == ok.SACARDO else -extra)
                    totals[i] += payment / len(ways)

        def halve(n: int) -> None:
            """At :data:`HALVING` the worse half of the options still in is dropped."""
            nonlocal alive
            if len(alive) > 2 and n in HALVING:
                alive.sort(key=lambda i: -totals[i])
                alive = alive[: max(2, len(alive) // 2)]

        checks = [(q, c) for q, c in enumerate(self.checks) if c is not None and q != seat]

        def sample(_: int) -> tuple[list[int], list[int]]:
            """A deal; with :attr:`checks`, one the auction explains (the best of
            :data:`PRIOR_TRIES` drawn)."""
            world = self.draw_world(rng, unseen, seat, hand, stock_left)
            if not checks:
                return world
            best, least = world, sum(c(world[0][q]) for q, c in checks)
            tries = 1
            while least and tries < PRIOR_TRIES:
                world = self.draw_world(rng, unseen, seat, hand, stock_left)
                missed = sum(c(world[0][q]) for q, c in checks)
                tries += 1
                if missed < least:
                    best, least = world, missed
            return best

        n, _ = run(budget, one_by_one(target), sample, evaluate, halve)
        self.last_worlds = n
        n = n or 1
        return {
            o.key: (totals[i] / n if i in alive else float("-inf")) for i, o in enumerate(options)
        }

    # -- Tresillo ------------------------------------------------------------------------------
    def tresillo_bid_values(
        self, deal: Any, legal: Sequence[int], rules: Any, seats: tuple[int, int, int],
        rng: random.Random,
    ) -> dict[int, float]:  # fmt: skip
        """Each legal action's value in Tresillo's auction: a bid, its best option's mean
        payment plus the credit (in entradas won; a sacada also takes the plate's head, and
        the estuches are paid when the table pays them); ``pass``, 0."""
        hand = int(deal.hand.mask)
        plate = self.payments_of("tresillo", deal, rules)
        favor = rules.favor
        plain = [s for s in SUITS if int(s) != favor]
        ranked = sorted(plain, key=lambda s: -hand_value(hand, s))[: self.suits_tried]
        options: list[Option] = []
        by_bid: dict[int, list[str]] = {}

        def add(bid: int, key: str, suit: Suit | None, buys: bool) -> None:
            v = float(rules.value_of_bid(bid, int(suit) if suit is not None else -1))
            options.append(Option(key, suit, buys, (-v, -v, v + plate)))
            by_bid.setdefault(bid, []).append(key)

        for bid in legal:
            if bid == _ta.ENTRADA:
                for s in ranked:
                    add(bid, f"entrada {s.name}", s, True)
            elif bid == _ta.SOLO:
                for s in ranked:
                    add(bid, f"solo {s.name}", s, False)
            elif bid in (_ta.ENTRADA_FAVOR, _ta.SOLO_FAVOR):
                add(bid, f"{_ta.CONTRACTS[bid]} {Suit(favor).name}", Suit(favor),
                    bid == _ta.ENTRADA_FAVOR)  # fmt: skip
            elif bid == _ta.VUELTA:
                v = float(rules.value_of_bid(bid, -1))
                options.append(Option("vuelta", None, True, (-v, -v, v + plate)))
                by_bid[bid] = ["vuelta"]
        seat = seats.index(deal.seat)
        values = self.evaluate(options, seat, hand, 0, deal.stock_left, rng)
        out: dict[int, float] = {}
        for bid, keys in by_bid.items():
            v = float(rules.value_of_bid(bid, -1))
            out[bid] = max(values[k] for k in keys) + self.credit * v
        out[_ta.PASS] = self.pass_value * float(rules.value_of_bid(_ta.ENTRADA, -1))
        self.last_values = {k: round(v, 3) for k, v in values.items() if v > float("-inf")}
        return out

    # -- Danish l'hombre -----------------------------------------------------------------------
    def lhombre_options(self, games: Sequence[int], hand: int, rules: Any) -> list[Option]:
        """The trump games of ``games`` as options (a named game in the ``rule`` bot's two
        best suits)."""
        ranked = sorted(SUITS, key=lambda s: -hand_value(hand, s))[: self.suits_tried]
        out: list[Option] = []
        for g in games:
            won, bet, kruk = rules.points[g]
            value = (-float(kruk), -float(bet), float(won))
            name = _la.GAMES[g]
            if g in (_la.SPIL, _la.SOLO):
                for s in ranked:
                    out.append(Option(f"{name} {s.name}", s, g == _la.SPIL, value))
            elif g in (_la.BEDRE_SPIL, _la.SOLO_SPAR):
                out.append(Option(f"{name} SPADES", Suit.SPADES, g == _la.BEDRE_SPIL, value))
            elif g in (_la.TOURNE, _la.TOURNE_RESPEKT):
                out.append(Option(name, None, True, value, least=2))
        return out

    def lhombre_game_values(
        self, games: Sequence[int], deal: Any, rules: Any, seat: int, rng: random.Random
    ) -> dict[int, float]:
        """The best mean payment plus credit of each trump game of ``games`` (per defender),
        and each nolo game's the hand affords (:func:`nolo_value`, no credit: its odds are
        those of play against ``rule`` defenders)."""
        hand = int(deal.hand.mask)
        self.payments_of("lhombre", deal, rules)
        options = self.lhombre_options(games, hand, rules)
        values = self.evaluate(options, seat, hand, 0, deal.stock_left, rng) if options else {}
        out: dict[int, float] = {}
        for g in games:
            keys = [o.key for o in options if o.key.split()[0] == _la.GAMES[g]]
            if keys:
                out[g] = max(values[k] for k in keys) + self.credit * rules.points[g][0]
            nolo = nolo_value(g, hand, rules)
            if nolo is not None:
                out[g] = values[_la.GAMES[g]] = nolo
        self.last_values = {k: round(v, 3) for k, v in values.items() if v > float("-inf")}
        return out

    # -- trumps and the player's exchange (both games) ----------------------------------------
    def suit_values(
        self, suits: Sequence[Suit], buys: bool, value: tuple[float, float, float],
        deal: Any, seat: int, rng: random.Random,
    ) -> dict[Suit, float]:  # fmt: skip
        """The mean payment of naming each of ``suits``."""
        hand = int(deal.hand.mask)
        options = [Option(f"trumps {s.name}", s, buys, value) for s in suits]
        values = self.evaluate(options, seat, hand, 0, deal.stock_left, rng)
        self.last_values = dict(values)
        return {s: values[f"trumps {s.name}"] for s in suits}

    def exchange(
        self, deal: Any, legal: Sequence[int], seat: int, value: tuple[float, float, float],
        least: int, most: int, draw: int, rng: random.Random,
    ) -> int | None:  # fmt: skip
        """The player's next discard (or ``draw``) by the best of :func:`player_plans`."""
        hand = int(deal.hand.mask)
        done = int(deal.discards.mask)
        original = hand | done
        plan = self._plan
        trumps = deal.trumps
        if plan is None or plan[0] != original or done & ~plan[1]:
            plans = [p | done for p in player_plans(hand, trumps, max(0, least - done.bit_count()),
                                                    max(0, most - done.bit_count()))]  # fmt: skip
            plans = list(dict.fromkeys(plans))
            if len(plans) == 1:
                best = plans[0]
            else:
                options = [Option(f"plan {i}", trumps, True, value, plan=p & ~done, least=0)
                           for i, p in enumerate(plans)]  # fmt: skip
                # the worlds deal from the hand now; the plan's cards still held are thrown
                values = self._exchange_values(options, seat, hand, done, deal.stock_left, rng)
                self.last_values = dict(values)
                best = plans[max(range(len(plans)), key=lambda i: values[f"plan {i}"])]
            self._plan = plan = (original, best)
        left = plan[1] & ~done & hand
        if left:
            action = CARD_INDEX[min(iter_bits(left))]
            if action in legal:
                return action
        return draw if draw in legal else None

    def _exchange_values(
        self, options: Sequence[Option], seat: int, hand: int, done: int, stock_left: int,
        rng: random.Random,
    ) -> dict[str, float]:  # fmt: skip
        """:meth:`evaluate` for plans of a player who has already thrown ``done``: the plan's
        own cards are thrown and as many drawn (a turned card already taken is in ``hand``)."""
        return self.evaluate(options, seat, hand, done, stock_left, rng)


class FamilySearch:
    """The search of one seat at Tresillo or Danish l'hombre: the cards
    (:class:`FamilyCardSearch`) and, with a budget of at least :data:`MIN_CONTRACT_BUDGET`
    seconds, fixed ``worlds`` or a ``contract_budget`` of its own (any), the contract
    (:class:`FamilyContract`, its bids naming trumps simulated in the ``contract_suits``
    best suits; the deals played out as ``contract_sim`` says, by default by the ``rule``
    bots' cards; the ``credit`` by default :data:`CREDIT_OF_SIM`'s; the other hands drawn as
    the auction says with ``auction_prior``; at most ``contract_worlds`` deals a decision;
    passing worth ``pass_value``); ``None`` where the ``rule`` bot decides."""

    def __init__(
        self, time_budget: float = 0.05, worlds: int | None = None, clock: str = "wall",
        contract: bool = True, credit: float | None = None,
        contract_budget: float | None = None, contract_suits: int = SUITS_TRIED,
        contract_sim: str = CONTRACT_SIM, auction_prior: bool = True,
        contract_worlds: int = CONTRACT_WORLDS, pass_value: float = 0.0, **card_params: Any,
    ) -> None:  # fmt: skip
        check_options({"contract": contract, "credit": credit, "contract_budget": contract_budget,
                       "contract_suits": contract_suits, "contract_sim": contract_sim,
                       "auction_prior": auction_prior,
                       "contract_worlds": contract_worlds, "pass_value": pass_value})  # fmt: skip
        self.cards = FamilyCardSearch(time_budget=time_budget, worlds=worlds, clock=clock,
                                      **card_params)  # fmt: skip
        self.time_budget = time_budget
        budget = time_budget if contract_budget is None else contract_budget
        use = contract and (
            worlds is not None or contract_budget is not None or budget >= MIN_CONTRACT_BUDGET
        )
        self.contract = (
            FamilyContract(
                time_budget=budget,
                worlds=worlds,
                clock=self.cards.clock,
                credit=credit,
                table=self.cards.table,
                suits_tried=contract_suits,
                sim=contract_sim,
                max_worlds=contract_worlds,
                pass_value=pass_value,
            )
            if use
            else None
        )
        #: Whether the contract's deals are drawn as the auction says (``auction_prior``).
        self.auction_prior = auction_prior
        #: The last contract decision's values (``values``, ``worlds``), as Ombre's search
        #: gives them to the hints; ``None`` when it did not decide.
        self.last_contract: dict[str, Any] | None = None

    @classmethod
    def from_config(cls, config: FamilyConfig) -> FamilySearch:
        """The search of a frozen config (:class:`tapete.players.search.config.FamilyConfig`,
        the ``search`` player's options)."""
        return cls(**config.search_options())

    def warm_up(self) -> None:
        """Compile the kernels before the first decision (the ``rule`` bots' playout too when
        the contract's simulations use it)."""
        self.cards.warm_up()
        if self.contract is not None and self.contract.sim != "solve":
            rule_warm_up()

    # -- the decisions ---------------------------------------------------------------------
    def choose(
        self, view: PlayerView, legal: Sequence[int], rng: random.Random, game: Game
    ) -> int | None:
        """The searched action, or ``None`` where the ``rule`` bot decides."""
        self.last_contract = None
        if len(legal) == 1:
            return legal[0]
        deal = live_deal(view)
        if deal is None or view.seat is None:
            return None
        if deal.phase == "play":
            cards = [a for a in legal if 0 <= a < N_CARDS]
            if len(cards) != len(legal) or every_trick_undertaken(deal):
                return None  # surrender, bola or tout may be said, or was: the rule bot decides
            card_values = self.card_values(view, cards, rng, game)
            if card_values is None:
                return None
            return cards[max(range(len(cards)), key=lambda i: card_values[i])]
        if self.contract is None:
            return None
        found = self._contract_values(view, deal, legal, rng, game)
        if found is None:
            return None
        values, action = found
        if values:
            self.last_contract = {"values": values, "worlds": self.contract.last_worlds}
        return action

    def action_values(
        self, view: PlayerView, legal: Sequence[int], rng: random.Random, game: Game
    ) -> list[float] | None:
        """The searched value of every legal action: the cards (the side's mean outcome),
        the bids and games of the auction (mean payment plus the credit, passing 0; a bid of
        nolo games only, not searched, 1 below the lowest other); ``None`` elsewhere (the
        trumps and the exchange give theirs in :attr:`last_contract`)."""
        deal = live_deal(view)
        if deal is None or view.seat is None or len(legal) < 2:
            return None
        if deal.phase == "play":
            if any(not 0 <= a < N_CARDS for a in legal) or every_trick_undertaken(deal):
                return None
            return self.card_values(view, legal, rng, game)
        if self.contract is None or deal.phase not in ("auction", "declare"):
            return None
        found = self._bid_values(view, deal, legal, rng, game)
        if found is None or any(a not in found for a in legal):
            return None
        values = [found[a] for a in legal]
        finite = [v for v in values if v != float("-inf")]
        if not finite:
            return None
        floor = min(finite) - 1.0  # a bid of nolo games only (not searched): below the rest
        return [v if v != float("-inf") else floor for v in values]

    def card_values(
        self, view: PlayerView, cards: Sequence[int], rng: random.Random, game: Game
    ) -> list[float] | None:
        """The searched value of each of ``cards`` (card actions) in a trump game's play."""
        privilege = bool(dict(game.params).get("matador_privilege", True))
        kd = kernel_deal(view, privilege)
        if kd is None:
            return None
        search = self.cards
        search.outcome_value = outcome_values(view, game)
        single = live_deal(view) is view
        search.family_defence = (
            "own" if family_of(view.game) == "tresillo" and single else "coalition"
        )
        return search.values_of(view, kd, cards, rng, game)

    # -- the contract ------------------------------------------------------------------------
    def _bid_values(
        self, view: PlayerView, deal: Any, legal: Sequence[int], rng: random.Random, game: Game
    ) -> dict[int, float] | None:
        contract = self.contract
        assert contract is not None
        seats = playing_seats(deal)
        rules = game.rules  # type: ignore[attr-defined]
        kind = family_of(view.game)
        self._read_auction(contract, kind, deal, rules, seats)
        if kind == "tresillo" and deal.phase == "auction":
            return contract.tresillo_bid_values(deal, legal, rules, seats, rng)
        if kind != "lhombre":
            return None
        seat = seats.index(view.seat)
        if deal.phase == "auction":
            games_of: dict[int, list[int]] = {}
            steps = [a - _la.BID_BASE + 1 for a in legal if a != _la.PASS]
            for step in steps:
                games_of[_la.BID_BASE + step - 1] = _lhombre_games(step, min(steps), rules)
            every = sorted({g for gs in games_of.values() for g in gs})
            values = contract.lhombre_game_values(every, deal, rules, seat, rng)
            out = {_la.PASS: contract.pass_value * float(rules.points[_la.SPIL][0])}
            for a, gs in games_of.items():
                found = [values[g] for g in gs if g in values]
                out[a] = max(found) if found else float("-inf")
            return out
        if deal.phase == "declare":
            games = [a - _la.DECLARE_BASE for a in legal]
            values = contract.lhombre_game_values(games, deal, rules, seat, rng)
            if not values:
                return None
            return {a: values.get(a - _la.DECLARE_BASE, float("-inf")) for a in legal}
        return None

    def _read_auction(
        self, contract: FamilyContract, kind: str, deal: Any, rules: Any, seats: Sequence[int]
    ) -> None:
        """Give ``contract`` the auction's checks of the other hands (with
        :attr:`auction_prior`)."""
        contract.checks = auction_checks(kind, deal, rules, seats) if self.auction_prior else ()

    def _contract_values(
        self, view: PlayerView, deal: Any, legal: Sequence[int], rng: random.Random, game: Game
    ) -> tuple[dict[str, float], int] | None:
        """The contract decision: its values for the hints and the action, or ``None``."""
        contract = self.contract
        assert contract is not None
        if deal.phase in ("auction", "declare"):
            bids = self._bid_values(view, deal, legal, rng, game)
            if not bids or max(bids.values()) == float("-inf"):
                return None
            return {}, max(legal, key=lambda a: bids.get(a, float("-inf")))
        seats = playing_seats(deal)
        seat = seats.index(view.seat) if view.seat in seats else -1
        if seat < 0 or deal.player is None:
            return None
        player = view.seat == deal.player
        kind = family_of(view.game)
        rules = game.rules  # type: ignore[attr-defined]
        self._read_auction(contract, kind, deal, rules, seats)
        value = _contract_value(kind, deal, rules)
        if value is None:
            return None
        scale = max(abs(v) for v in value) or 1.0  # the hints' unit: the game's value
        plate = contract.payments_of(kind, deal, rules)
        value = (value[0], value[1], value[2] + plate)
        if deal.phase == "trumps" and player:
            suits = [Suit(_trump_suit(kind, a)) for a in legal]
            buys = _buys(kind, deal)
            found = contract.suit_values(suits, buys, value, deal, seat, rng)
            best = max(suits, key=lambda s: found[s])
            action = _trumps_action(kind, int(best))
            values = {f"trumps {s.name}": v / scale for s, v in found.items()}
            return values, action
        if deal.phase == "exchange" and player and deal.trumps is not None and _buys(kind, deal):
            turned = getattr(deal, "turned", None) is not None
            least = 1 + (1 if turned and kind == "lhombre" else 0)
            most = min(9 + int(turned), deal.stock_left + int(turned))
            draw = _ta.DRAW if kind == "tresillo" else _la.DRAW
            contract.last_values = {}
            thrown = contract.exchange(deal, legal, seat, value, least, most, draw, rng)
            if thrown is None:
                return None
            return {k: v / scale for k, v in contract.last_values.items()}, thrown
        return None


#: The ``rule`` bot's outcomes (the shares won, bet, kruk) in the nolo games it declares,
#: against ``rule`` defenders: ``benchmarks/lhombre_nolo_odds.py`` over 20,000 deals of
#: seeds 0-19,999 (1,206 købe nolos, all with one dangerous card; 622 ren nolos; 3 nolo
#: ouverts, all won, given the ren nolo's odds here).
NOLO_ODDS: Final = {
    _la.KOBE_NOLO: (0.498, 0.356, 0.146),
    _la.REN_NOLO: (0.635, 0.270, 0.095),
    _la.NOLO_OUVERT: (0.635, 0.270, 0.095),
}


def nolo_value(game: int, hand: int, rules: Any) -> float | None:
    """The value (per defender) of declaring the nolo ``game`` (an index of the games) with
    ``hand``, whose cards and exchange the ``rule`` bot plays: its points weighed by
    :data:`NOLO_ODDS`, where the ``rule`` bot would afford the game with this hand
    (:func:`tapete.players.rule.lhombre.affordable_games`); else ``None``.

    >>> from tapete.cards import CardSet
    >>> from tapete import load_game
    >>> rules = load_game('lhombre').rules
    >>> low = CardSet.parse('♥7 ♥6 ♦7 ♠A ♠2 ♣A ♣2 ♣3 ♥5').mask
    >>> round(nolo_value(_la.REN_NOLO, low, rules), 3)
    0.985
    >>> nolo_value(_la.SPIL, low, rules) is None
    True
    """
    odds = NOLO_ODDS.get(game)
    if odds is None or game not in affordable_games(hand, 0.0):
        return None
    won, bet, kruk = rules.points[game]
    return float(odds[0] * won - odds[1] * bet - odds[2] * kruk)


def _lhombre_games(step: int, need: int, rules: Any) -> list[int]:
    """The games a Danish l'hombre player who wins the auction with ``step`` may declare
    (``need``: the step needed now; a higher one is a jump)."""
    if not rules.union_auction:
        return [g for g in range(len(_la.GAMES)) if _la.GAME_LEVEL[g] >= step]
    if step == 6 and step != need:
        return [_la.REN_NOLO]
    return list(UNION_GAMES[step])


def _contract_value(kind: str, deal: Any, rules: Any) -> tuple[float, float, float] | None:
    """The player's payment for each outcome of the contract being played."""
    if deal.contract is None:
        return None
    if kind == "tresillo":
        bid = next(b for b, code in _ta.CONTRACTS.items() if code == deal.contract)
        trumps = int(deal.trumps) if deal.trumps is not None else -1
        v = float(rules.value_of_bid(bid, trumps))
        return (-v, -v, v)
    g = _la.GAMES.index(deal.contract)
    if g in _la.NOLO_GAMES:
        return None
    won, bet, kruk = rules.points[g]
    return (-float(kruk), -float(bet), float(won))


def _buys(kind: str, deal: Any) -> bool:
    """Whether the player of the deal's contract exchanges."""
    if kind == "tresillo":
        return deal.contract not in ("solo", "solo_favor")
    return _la.GAMES.index(deal.contract) in _la.BUYING_GAMES


def _trump_suit(kind: str, action: int) -> int:
    return _ta.trump_suit(action) if kind == "tresillo" else _la.trump_suit(action)


def _trumps_action(kind: str, suit: int) -> int:
    return _ta.trumps_action(suit) if kind == "tresillo" else _la.trumps_action(suit)


#: The card ids of each kernel-seat trick card (for tests).
CARD_IDS: Final = CARD_ID
