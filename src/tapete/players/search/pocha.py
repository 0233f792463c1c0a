"""La Pocha by determinised search: worlds drawn from the view, decisions by kernel playouts.

For each decision the player draws worlds (full placements of the hidden cards) in numba,
within the limits the view reveals (:mod:`tapete.solvers.pocha_worlds`: voids, failures to
overtake or to trump; the game's own sampler steps in if those limits run into a dead end),
plays every candidate (a card, or a bid) out in every world with a rule-like policy that sees
the world's cards, in batches until its time is nearly spent, and takes the candidate with
the best mean points for itself.

>>> import random, tapete
>>> from tapete.engine import play_chance
>>> game = tapete.load_game('pocha', n_players=4, hand_size=3)
>>> state = play_chance(game.new_initial_state(), random.Random(2))
>>> search = PochaSearch(worlds=8)
>>> rule = tapete.players.load('rule')
>>> while not state.is_terminal():
...     seat = state.current_player()
...     bot = search if seat == 0 else rule
...     state.apply_action(bot.choose(state.view(seat), state.legal_actions(), random.Random(1)))
>>> len(state.returns())
4
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError
from tapete.players.rule.pocha import _WEIGHTS as RULE_COUNT_WEIGHTS
from tapete.players.search.anytime import Budget, Pace, batches, doubling, run
from tapete.players.search.config import PochaConfig, check_options
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.pocha import PochaTables
from tapete.solvers.pocha_endgame import evaluate_plays_exact
from tapete.solvers.pocha_iset import search_plays_iset
from tapete.solvers.pocha_search import (
    bid_weights,
    counted_bid_weights,
    counted_targets,
    evaluate_bids,
    evaluate_plays,
    matched_bid_weights,
    play_weights,
)
from tapete.solvers.pocha_worlds import constraints, played_by, sample_worlds

#: The clocks a time budget can be counted on: ``wall`` (``time.perf_counter``, the default:
#: what a person at the table waits) or ``cpu`` (``time.thread_time``, the CPU time of the
#: deciding thread: the same number of worlds whatever else the machine runs, for benchmarks
#: on a shared machine).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


#: The most worlds a time-budgeted decision searches: the margin over ``rule`` is the same at
#: 400 worlds as at 1,600 and at the 9,000 or so of the 50 ms level on an idle core
#: (``docs/bots.md``), so the strong level stops there instead of spending its whole second.
MAX_WORLDS = 10_000

#: The tricks left from which a time-budgeted search of at least :data:`ISET_FROM` seconds
#: (the strong level) chooses its cards by the information-set search (``iset``): every
#: card of the hand. On the 50 tuning deals of seed 1001 (2026-12-02), against the worlds
#: solved apart in the last 8 tricks: +1.64 [0.03, 3.25] points a deal (the last 8 tricks
#: alone: +0.66 [-0.11, 1.43] over seeds 1001 and 1011), see ``docs/bots.md``.
ISET = 64
#: The budget (seconds) from which :data:`ISET` applies.
ISET_FROM = 0.5
#: The most worlds of a joint search (``iset_worlds``).
ISET_WORLDS = 8192
#: The worlds of the first joint search (``iset``) under a time budget, doubled while the
#: time lasts.
ISET_FIRST = 16
#: The work (cards of the seat played in one world) a joint search is allowed per second
#: of the budget before the first search has measured its own pace (about half of what one
#: core does): a first search that would run over gives way to the worlds searched apart.
ISET_PACE = 500_000
#: The tricks left from which a time-budgeted search of at least :data:`ENDGAME_FROM` seconds
#: solves each world exactly (``endgame``): at the 50 ms level (CPU), over the same 200 deals
#: (seeds 401, 411), 8 made +0.39 [-0.11, 0.88] points a deal more than 7 (9: +0.43 [-0.14,
#: 1.01]); with the earlier world weights, at a fixed 400 worlds, 7 made +1.08 more than none
#: (5: +0.62, 8: +0.98), see ``docs/bots.md``.
ENDGAME = 8
#: Shorter budgets (the easy level) solve the last :data:`ENDGAME_SHORT` tricks (7, as every
#: level did before 2026-12-01 20:30 UTC: 8 was not measured there).
ENDGAME_SHORT = 7
#: The budget (seconds) from which :data:`ENDGAME` applies.
ENDGAME_FROM = 0.05


def deal_view(view: PlayerView) -> Any:
    """The view of the live hand: ``view`` itself for ``pocha``, its live deal in a match."""
    if hasattr(view, "finished_tricks"):
        return view
    for name in ("deal", "hand"):
        inner = getattr(view, name, None)
        if inner is not None and hasattr(inner, "finished_tricks"):
            return inner
    return None


class PochaSearch:
    """The search for one seat of La Pocha (hand or match), given its budget.

    ``time_budget`` is the seconds a decision may take on ``clock`` (batches of worlds are
    evaluated while the next batch fits in 90% of it); ``worlds`` fixes the number of worlds
    instead (reproducible); ``playouts`` per world and candidate, each taking a random
    legal move with probability ``epsilon`` instead of the policy's. Worlds are weighed by
    how well they explain the bids made (``bid_sigma``: how far from the counted tricks a
    bid may stray; 0 weighs every world alike) and, in the play, by how likely they make
    the other seats' cards played (``play_match``: the weight of a card that is the rule-like
    policy's choice in that world; 0 turns it off). After ``prune_after`` worlds only the
    ``keep`` best candidates are played out in the later worlds.

    ``bid_model`` is how the other seats are taken to bid, both to weigh the worlds and for
    the seats still to bid in a bid's playouts: ``count`` (the default) counts each hand's
    tricks as a counting bidder does (the features and weights of the ``rule`` bot's count,
    at aggression ``count_aggression``) and bids the nearest legal number; ``policy`` uses
    the kernel policy's count. ``bid_sigma`` (used when ``bid_match`` is 0) defaults to 0.5
    (``count``) or 1 (``policy``). ``bid_rollout_sees`` overrides ``rollout_sees`` in the
    bids' playouts;
    ``bid_shade``: the weight of "one trick fewer" in a bid's playouts (see
    :func:`tapete.solvers.pocha_search.evaluate_bids`). ``clock``: ``wall`` or ``cpu``, what
    ``time_budget`` is counted on (:data:`CLOCKS`). ``endgame``: with this many tricks left
    or fewer, a card is valued in each world by the best points the seat can reach choosing
    its later cards (:func:`tapete.solvers.pocha_endgame.evaluate_plays_exact`) instead of a
    playout (0: never; by default :data:`ENDGAME` for a time budget of :data:`ENDGAME_FROM`
    seconds or more, :data:`ENDGAME_SHORT` for a shorter one, 0 for a fixed number
    of worlds, so that fixed-world runs stay comparable with the earlier ones).
    ``bid_self_sees=False``: in a bid's playouts the seat itself plays
    counting only the cards it cannot see (the others as ``bid_rollout_sees`` says).
    ``max_worlds``: the most worlds a time-budgeted decision searches (:data:`MAX_WORLDS`).
    ``infer_sees=False``: the inference from the play takes the other seats to have chosen
    their cards as counting players (not seeing where the cards are). ``tail``: in every
    playout the seat's own cards of the last ``tail`` tricks are chosen exactly in that world
    (:func:`tapete.solvers.pocha_endgame.finish_tricks`; 0: the policy plays them).
    ``opponents``: how the other seats play in the playouts, the exact solving and the
    inference from the play: ``count`` (the default:
    :func:`tapete.solvers.pocha_kernel.counting_play`, the ``rule`` bot's own play, counting
    the cards it cannot see and reading the tricks) or ``sees`` (the rule-like policy reading
    every hand). The defaults (``opponents=count``, ``bid_model=count``, ``bid_match`` 0.9 over
    aggressions 0.3, 0.5 and 0.7, ``play_match`` 0.95, ``pool`` 8) take the other seats to
    play as counting players do, whose cards and bids say much about their hands; see
    ``docs/bots.md`` for what that gains against ``rule`` and against other players.
    ``bid_match`` (with ``bid_model=count``; 0: the Gaussian of ``bid_sigma``): the chance a
    seat bids the legal number nearest its count, the other bids sharing the rest;
    ``bid_aggressions``: the counting bidders' aggressions that count as equally likely (the
    count's scale of each). ``pool``: once bids or cards have been seen, each batch of worlds is
    drawn from ``pool`` times as many by their weights (systematic resampling; each world drawn
    is played out once, weighed by how often it was drawn), so that the playouts go to the
    worlds the bids and the play make likely (1: every world drawn is played out with its
    weight). ``bid_lift``: the weight of "one trick more" in a bid's playouts (0 by default;
    with ``bid_shade``, see :func:`tapete.solvers.pocha_search.evaluate_bids`).
    ``bid_opponents``: how the other seats play in a bid's playouts, ``count`` or ``sees``;
    ``None`` (the default) leaves them as ``bid_rollout_sees`` says when it is given (every
    seat sees or every seat counts: what the ``search`` player, which always gives it, has
    done), else as ``opponents`` says. ``iset``: with this many tricks left or fewer (0:
    never; by default :data:`ISET`, every card, for a time budget of :data:`ISET_FROM`
    seconds or more, else 0), a card is chosen by the information-set search of the worlds
    searched together (:func:`tapete.solvers.pocha_iset.search_plays_iset`: the seat's later
    cards chosen alike in the worlds it cannot tell apart) instead of each world played out
    or solved apart: with a fixed ``worlds``, one search of ``iset_worlds`` worlds; under a
    time budget, searches of :data:`ISET_FIRST`, then twice as many worlds ... up to
    ``iset_worlds``, while the time lasts (the last complete one decides; a first one that
    would overrun gives way to the worlds searched apart).
    """

    def __init__(
        self,
        time_budget: float = 0.05,
        worlds: int | None = None,
        playouts: int = 1,
        epsilon: float = 0.0,
        max_worlds: int = MAX_WORLDS,
        bid_sigma: float | None = None,
        rollout_sees: bool = True,
        keep: int = 3,
        prune_after: int = 120,
        play_match: float = 0.95,
        bid_model: str = "count",
        count_aggression: float = 0.5,
        bid_rollout_sees: bool | None = None,
        bid_shade: float = 0.2,
        clock: str = "wall",
        endgame: int | None = None,
        bid_self_sees: bool = True,
        infer_sees: bool = True,
        tail: int = 0,
        opponents: str = "count",
        bid_match: float = 0.9,
        bid_aggressions: Sequence[float] = (0.3, 0.5, 0.7),
        pool: int = 8,
        bid_lift: float = 0.0,
        bid_opponents: str | None = None,
        iset: int | None = None,
        iset_worlds: int = ISET_WORLDS,
    ) -> None:
        check_options(locals())  # the options the search player declares, by their Params
        if iset is None:
            iset = ISET if worlds is None and time_budget >= ISET_FROM else 0
        self.iset = iset
        self.iset_worlds = iset_worlds
        self.bid_opponents = bid_opponents
        if not 0.0 <= bid_lift <= 1.0 or not 0.0 <= bid_shade + bid_lift <= 1.0:
            raise ConfigError(f"bid_lift must be in [0, 1 - bid_shade], got {bid_lift!r}")
        self.bid_lift = bid_lift
        self.pool = pool
        self.bid_match = bid_match
        if not bid_aggressions or not all(0.0 <= a <= 1.0 for a in bid_aggressions):
            raise ConfigError(f"bid_aggressions must be in [0, 1], got {bid_aggressions!r}")
        self.bid_aggressions = tuple(float(a) for a in bid_aggressions)
        self.opponents = opponents
        self.clock = clock
        self._now = CLOCKS[clock]
        if endgame is None:
            deep = time_budget >= ENDGAME_FROM
            endgame = 0 if worlds is not None else ENDGAME if deep else ENDGAME_SHORT
        self.endgame = endgame
        self.bid_self_sees = bid_self_sees
        self.infer_sees = infer_sees
        if not 0 <= tail <= 64:
            raise ConfigError(f"tail must be between 0 and 64 tricks, got {tail!r}")
        self.tail = tail
        self.time_budget = time_budget
        self.worlds = worlds
        self.playouts = playouts
        self.epsilon = epsilon
        self.max_worlds = max_worlds
        self.bid_model = bid_model
        self.bid_sigma = (
            bid_sigma if bid_sigma is not None else (0.5 if bid_model == "count" else 1.0)
        )
        self.count_aggression = count_aggression
        scale = 0.8 + 0.4 * count_aggression  # the count's scale at each other aggression
        self._bid_scales = np.array([(0.8 + 0.4 * a) / scale for a in self.bid_aggressions])
        self.bid_rollout_sees = bid_rollout_sees
        self.bid_shade = bid_shade
        self.rollout_sees = rollout_sees
        self.keep = keep
        self.play_match = play_match
        self.prune_after = prune_after
        self._tables: dict[tuple[Any, ...], PochaTables] = {}
        self._games: dict[Any, Game] = {}
        #: Worlds used by the last decision (for reports and tests).
        self.last_worlds = 0

    @classmethod
    def from_config(cls, config: PochaConfig) -> PochaSearch:
        """The search of a frozen config (:class:`tapete.players.search.config.PochaConfig`,
        the ``search`` player's options)."""
        return cls(**config.search_options())

    def warm_up(self, game: Game) -> None:
        """Load (or compile) every kernel the search uses, on a tiny problem, so that the
        first real decision does not pay for it."""
        tables = PochaTables.from_params(dict(game.params), after_swaps=True)
        n = tables.n_players
        hands = np.zeros((1, n), dtype=np.uint64)
        k = tables.cards_per_suit
        for q in range(n):
            hands[0, q] = np.uint64(1 << (q % 4) * k)
        bids = np.full(n, -1, dtype=np.int64)
        won = np.zeros(n, dtype=np.int64)
        trick = np.zeros(n, dtype=np.int64)
        st = np.zeros(pk.ST_SIZE, dtype=np.int64)
        st[pk.ST_TRUMP] = 0
        st[pk.ST_BEST_TRUMP] = -1
        rp = tables.rp.copy()
        rp[pk.RP_HAND] = 1
        rng = np.array([1], dtype=np.uint64)
        weights = bid_weights(hands, np.zeros(n, dtype=np.uint64), bids, st, rp, 1.0)
        play_weights(hands, np.zeros(n, dtype=np.uint64), np.zeros(1, dtype=np.int64), 0, 0,
                     bids, 0, rp, 0, 0.5, weights)  # fmt: skip
        one = np.array([0], dtype=np.int64)
        count = self._count(tables)
        empty = np.zeros((1, n + 1), dtype=np.uint64)
        targets = counted_targets(empty, np.zeros(n, dtype=np.uint64), np.uint64(0), 0, rp, count)
        counted_bid_weights(targets, bids, 0, rp, 0.5)
        matched_bid_weights(targets, bids, 0, rp, 0.9, self._bid_scales)
        evaluate_bids(hands, weights, bids, won, trick, st, rp, one, 1, 0.0, rng, targets,
                      float(self.bid_shade), int(self.tail), float(self.bid_lift))  # fmt: skip
        st[pk.ST_PHASE] = pk.PHASE_PLAY
        bids[:] = 0
        evaluate_plays(hands, weights, bids, won, trick, st, rp, one, 1, 0.0, rng, int(self.tail))
        evaluate_plays_exact(hands, weights, bids, won, trick, st, rp, one)
        search_plays_iset(hands, weights, bids, won, trick, st, rp, one, 0)
        free = np.full(n + 1, np.uint64(0xFF), dtype=np.uint64)
        need = np.zeros(n + 1, dtype=np.int64)
        sample_worlds(np.uint64(0), free, need, np.zeros(n + 1, dtype=np.uint64),
                      np.zeros((1, n + 1), dtype=np.uint64), rng)  # fmt: skip

    def _game(self, view: PlayerView, game: Game | None) -> Game:
        if game is not None:
            return game
        spec = view.spec
        if spec is None:
            raise ConfigError("the search needs the game: start the player or give views a spec")
        found = self._games.get(spec)
        if found is None:
            found = self._games[spec] = spec.load()
        return found

    def _count(self, tables: PochaTables) -> Any:
        """The counting bidder's scale and weights for ``tables``' hand size."""
        hand_size = int(tables.rp[pk.RP_HAND])
        weights = next(w for size, w in RULE_COUNT_WEIGHTS.items() if hand_size <= size)
        return np.array([0.8 + 0.4 * self.count_aggression, *weights], dtype=np.float64)

    def tables(self, game: Game, hand: Any, seat: int = 0) -> PochaTables:
        """The kernel tables of ``game``'s rules for the live hand's size and dealer, with the
        playouts' policy for the searching ``seat`` and the others (``rollout_sees``,
        ``opponents``)."""
        key = (id(game), hand.hand_size, hand.dealer, seat)
        tables = self._tables.get(key)
        if tables is None:
            base = PochaTables.from_params(dict(game.params), after_swaps=True)
            tables = base.with_hand(hand.hand_size, hand.dealer)
            sees = -1 if self.rollout_sees else 0
            if self.opponents == "count":
                sees &= 1 << seat
            tables.rp[pk.RP_POLICY_SEES] = sees
            self._tables[key] = tables
        return tables

    def bid_params(self, tables: PochaTables, seat: int) -> Any:
        """The kernel parameters of a bid's playouts for ``seat``: ``tables.rp`` with the
        seats that see every hand (``RP_POLICY_SEES``) as ``bid_rollout_sees``,
        ``bid_opponents`` and ``bid_self_sees`` say."""
        changed = self.bid_rollout_sees is not None or self.bid_opponents is not None
        if not changed and self.bid_self_sees:
            return tables.rp
        rp = tables.rp.copy()
        if self.bid_rollout_sees is not None:
            rp[pk.RP_POLICY_SEES] = -1 if self.bid_rollout_sees else 0
        mine = 1 << seat
        if self.bid_opponents == "count":  # the others count, the seat as it was
            rp[pk.RP_POLICY_SEES] &= mine
        elif self.bid_opponents == "sees":
            rp[pk.RP_POLICY_SEES] |= ~mine
        if not self.bid_self_sees:  # the seat itself counts, the others as they are
            rp[pk.RP_POLICY_SEES] &= ~mine
        return rp

    def choose(
        self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random,
        game: Game | None = None,
    ) -> int | None:  # fmt: skip
        """The searched action, or ``None`` when the decision is not a bid or a card."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        found = self.action_values(view, legal_actions, rng, game)
        if found is None:
            return None
        means, active = found
        best = max(active, key=lambda a: means[a])
        return legal_actions[best]

    def action_values(
        self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random,
        game: Game | None = None,
    ) -> tuple[list[float], list[int]] | None:  # fmt: skip
        """The mean points the player expects after each legal action (over the worlds each
        was played out in) and the indices of the candidates still searched at the end; or
        ``None`` when the decision is not a bid or a card."""
        hand = deal_view(view)
        if hand is None or hand.phase not in ("bidding", "play") or view.seat is None:
            return None
        now = self._now
        started = now()
        game = self._game(view, game)
        tables = self.tables(game, hand, view.seat)
        root = root_arrays(tables, hand)
        n = tables.n_players
        texts = self._texts(game, view, legal_actions, rng)
        bidding = hand.phase == "bidding"
        left = hand.hand_size - len(hand.finished_tricks)
        joint = not bidding and left <= self.iset  # the worlds searched together
        exact = not bidding and left <= self.endgame
        if bidding:
            candidates = np.array([int(t.split()[1]) for t in texts], dtype=np.int64)
        else:
            deck = tables.deck
            candidates = np.array(
                [tables.kernel_of[int(deck.parse_card(t.split()[1]))] for t in texts],
                dtype=np.int64,
            )
        limits = constraints(tables, hand)
        played = played_by(tables, hand)
        sequence = play_sequence(tables, hand) if not bidding and self.play_match > 0 else None
        kernel_rng = np.array([rng.getrandbits(63) | 1], dtype=np.uint64)
        counting = self.bid_model == "count"
        count = self._count(tables) if counting else None
        hidden = np.uint64(0xFFFFFFFFFFFFFFFF)  # the stock cards no seat sees
        if hand.trump_card is not None and hand.trump_card_holder is None:
            hidden = np.uint64(~(1 << tables.kernel_of[int(hand.trump_card)]) & (2**64 - 1))
        no_targets = np.zeros((0, n), dtype=np.float64)
        bid_rp = self.bid_params(tables, view.seat) if bidding else tables.rp
        infer_rp = tables.rp
        if not self.infer_sees or self.opponents == "count":
            infer_rp = tables.rp.copy()
            infer_rp[pk.RP_POLICY_SEES] = 0
        totals = np.zeros(len(legal_actions), dtype=np.float64)
        weight_sums = np.zeros(len(legal_actions), dtype=np.float64)
        active = np.arange(len(legal_actions))
        budget = Budget(now, self.time_budget, self.worlds, started)
        # with a pool, each batch's worlds are drawn from pool times as many, by weight
        informed = sequence is not None or any(b is not None for b in hand.bids)
        pool = self.pool if informed else 1
        resampler = np.random.default_rng(rng.getrandbits(63)) if pool > 1 else None
        seat = view.seat

        def draw(size: int) -> tuple[Any, Any, Any]:
            """``size`` worlds' hands, their weights and the counted bids' targets."""
            worlds = self.draw_worlds(size * pool, limits, kernel_rng, tables, game, view, rng)
            hands = np.ascontiguousarray(worlds[:, :n])
            targets = no_targets
            if counting:
                targets = counted_targets(worlds, played, hidden, root[3][pk.ST_TRUMP], tables.rp,
                                          count)  # fmt: skip
                if self.bid_match > 0:
                    weights = matched_bid_weights(targets, root[0], seat, tables.rp,
                                                  self.bid_match, self._bid_scales)  # fmt: skip
                else:
                    weights = counted_bid_weights(targets, root[0], seat, tables.rp,
                                                  self.bid_sigma)  # fmt: skip
            else:
                weights = bid_weights(hands, played, root[0], root[3], tables.rp, self.bid_sigma)
            if sequence is not None:
                play_weights(hands, played, sequence[0], len(sequence[0]), sequence[1],
                             root[0], root[3][pk.ST_TRUMP], infer_rp, seat,
                             self.play_match, weights, root[3][pk.ST_SHOWN])  # fmt: skip
            if pool > 1:
                picked, weights = resample(weights, size, resampler)
                hands = np.ascontiguousarray(hands[picked])
                if counting:
                    targets = np.ascontiguousarray(targets[picked])
            return hands, weights, targets

        def apart(batch: tuple[Any, Any, Any]) -> None:
            """The candidates still in played out (or solved) in each world of the batch."""
            nonlocal active
            hands, weights, targets = batch
            if bidding:
                totals[active] += evaluate_bids(hands, weights, *root, bid_rp,
                                                candidates[active], self.playouts, self.epsilon,
                                                kernel_rng, targets, self.bid_shade,
                                                self.tail, self.bid_lift)  # fmt: skip
            elif exact:
                totals[active] += evaluate_plays_exact(hands, weights, *root, tables.rp,
                                                       candidates[active])  # fmt: skip
            else:
                totals[active] += evaluate_plays(hands, weights, *root, tables.rp,
                                                 candidates[active], self.playouts, self.epsilon,
                                                 kernel_rng, self.tail)  # fmt: skip
            weight_sums[active] += weights.sum() * (1 if exact else self.playouts)

        def prune(done: int) -> None:
            """Successive halving: the later worlds go to the few candidates still close."""
            nonlocal active
            if done >= self.prune_after and len(active) > self.keep:
                best_first = active[np.argsort(-totals[active], kind="stable")]
                active = np.sort(best_first[: self.keep])

        pace = Pace(budget, ISET_PACE)

        def together(batch: tuple[Any, Any, Any]) -> bool:
            """The worlds of one joint search: its values replace the last search's;
            ``False`` if it gave up (out of time)."""
            hands, weights, _ = batch
            values, work = search_plays_iset(hands, weights, *root, tables.rp,
                                             candidates[active], pace.limit())  # fmt: skip
            if np.isnan(values).any():
                return False
            pace.measured(work)
            totals[active] = values
            weight_sums[active] = weights.sum()
            return True

        done = 0
        if joint:  # under a time budget, searches of twice the worlds while time lasts
            first = min(ISET_FIRST, self.iset_worlds) if self.worlds is None else self.iset_worlds
            _, done = run(budget, doubling(first, self.iset_worlds), draw, together, margin=2.5)
        if not done:  # the worlds apart (also when a first joint search would overrun)
            target = self.worlds if self.worlds is not None else self.max_worlds
            sizes = batches(target, 8, grow=1 if budget.fixed else 2, most=256)
            done, _ = run(budget, sizes, draw, apart, prune, margin=2.5)
        self.last_worlds = done
        means = [float(t / w) if w > 0 else 0.0 for t, w in zip(totals, weight_sums, strict=True)]
        return means, [int(a) for a in active]

    def draw_worlds(
        self, size: int, limits: tuple[Any, Any, Any, Any], kernel_rng: Any, tables: PochaTables,
        game: Game, view: PlayerView, rng: random.Random,
    ) -> Any:  # fmt: skip
        """``uint64[size, n + 1]``: ``size`` worlds (each seat's hand, then the stock) within
        the view's ``limits`` (:func:`tapete.solvers.pocha_worlds.constraints`); where the
        limits run into dead ends, the game's sampler deals the world."""
        n = tables.n_players
        worlds = np.zeros((size, n + 1), dtype=np.uint64)
        made = sample_worlds(*limits, worlds, kernel_rng)
        for w in range(made, size):
            world = game.sample_consistent_state(view, rng)
            worlds[w, :n] = [tables.kernel_mask(_held(world.view(q))) for q in range(n)]
        return worlds

    def _texts(
        self, game: Game, view: PlayerView, legal_actions: Sequence[int], rng: random.Random
    ) -> list[str]:
        """The texts of the legal actions (``bid 2``, ``play Ao``), read by a state at the
        same decision: the game's sample of the view (the texts are the stable notation)."""
        world = game.sample_consistent_state(view, rng)
        return [world.action_to_string(a) for a in legal_actions]


def resample(weights: Any, size: int, generator: Any) -> tuple[Any, Any]:
    """``size`` draws among the worlds in proportion to ``weights`` (systematic resampling):
    the indices of the worlds drawn, each once, and how many times each was drawn (their new
    weights). All-zero weights draw uniformly.

    >>> picked, counts = resample(np.array([0.0, 3.0, 1.0]), 4, np.random.default_rng(0))
    >>> [int(i) for i in picked], [float(c) for c in counts]
    ([1, 2], [3.0, 1.0])
    """
    total = float(weights.sum())
    chances = weights / total if total > 0 else np.full(len(weights), 1.0 / len(weights))
    edges = np.cumsum(chances)
    edges[-1] = 1.0
    points = (generator.random() + np.arange(size)) / size
    drawn = np.minimum(np.searchsorted(edges, points, side="right"), len(weights) - 1)
    picked, counts = np.unique(drawn, return_counts=True)
    return picked, counts.astype(np.float64)


def play_sequence(tables: PochaTables, hand: Any) -> tuple[Any, int] | None:
    """The kernel cards played so far in playing order, and the first trick's leader."""
    tricks = [*hand.finished_tricks]
    if hand.current_trick is not None:
        tricks.append(hand.current_trick)
    cards = [tables.kernel_of[int(c)] for trick in tricks for c in trick.cards]
    if not cards:
        return None
    return np.array(cards, dtype=np.int64), int(tricks[0].leader)


def _held(view: Any) -> int:
    """The card-id mask of the cards in the hand of ``view``'s seat (a hand or match view)."""
    hand = deal_view(view)
    return int(hand.hand.mask)


def shown_card(tables: PochaTables, hand: Any) -> int:
    """``ST_SHOWN`` for the hand view ``hand``: one more than the kernel index of the dealer's
    turned-up trump card while a seat holds it, else 0."""
    if hand.trump_card is None or hand.trump_card_holder is None:
        return 0
    return int(tables.kernel_of[int(hand.trump_card)]) + 1


def root_arrays(tables: PochaTables, hand: Any) -> tuple[Any, Any, Any, Any]:
    """The kernel's ``bids``, ``won``, ``trick`` and ``st`` for the live hand's view ``hand``.

    >>> import random, tapete
    >>> from tapete.engine import play_chance
    >>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
    >>> state = play_chance(game.new_initial_state(), random.Random(0))
    >>> tables = PochaTables.from_params(dict(game.params))
    >>> bids, won, trick, st = root_arrays(tables, state.view(0))
    >>> int(st[pk.ST_PHASE]) == pk.PHASE_BIDDING, int(st[pk.ST_TO_MOVE])
    (True, 0)
    """
    n = tables.n_players
    bids = np.array([-1 if b is None else b for b in hand.bids], dtype=np.int64)
    won = np.array(hand.tricks_won, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    st = np.zeros(pk.ST_SIZE, dtype=np.int64)
    st[pk.ST_TRUMP] = -1 if hand.trump_suit is None else int(hand.trump_suit)
    st[pk.ST_BEST_TRUMP] = -1
    st[pk.ST_TRICKS] = len(hand.finished_tricks)
    st[pk.ST_SHOWN] = shown_card(tables, hand)
    if hand.phase == "bidding":
        st[pk.ST_PHASE] = pk.PHASE_BIDDING
        st[pk.ST_TO_MOVE] = hand.current_player
        st[pk.ST_LEADER] = (hand.dealer + 1) % n
        return bids, won, trick, st
    st[pk.ST_PHASE] = pk.PHASE_PLAY
    current = hand.current_trick
    leader = current.leader if current is not None else hand.current_player
    st[pk.ST_LEADER] = leader
    st[pk.ST_TO_MOVE] = leader
    scratch = np.full(n, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    scratch_won = np.zeros(n, dtype=np.int64)
    if hand.finished_tricks:  # what the finished tricks showed (voids, no trumps)
        shown = st.copy()
        for done in hand.finished_tricks:
            shown[pk.ST_TO_MOVE] = done.leader
            shown[pk.ST_PHASE] = pk.PHASE_PLAY
            for card in done.cards:
                pk.apply_play(scratch, scratch_won, trick, shown, tables.rp,
                              tables.kernel_of[int(card)])  # fmt: skip
        st[pk.ST_VOIDS] = shown[pk.ST_VOIDS]
        st[pk.ST_TRUMPLESS] = shown[pk.ST_TRUMPLESS]
        trick[:] = 0
    if current is not None and current.cards:
        for card in current.cards:
            pk.apply_play(scratch, scratch_won, trick, st, tables.rp, tables.kernel_of[int(card)])
    return bids, won, trick, st
