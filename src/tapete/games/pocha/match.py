"""A whole game of La Pocha on the engine's match layer: the hand sequence and the score sheet.

Each hand is played on its own ``pocha`` game (its size and dealer, built with
:func:`~tapete.engine.registry.load_game`); the match chooses the first dealer itself (phase
``first_dealer``: a random seat, or high-card draws) and keeps the score sheet. The phase is
``over`` once the last hand is scored.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('pocha-match', n_players=4, hand_sequence='full_only')
>>> game.sizes
(10, 10, 10, 10)
>>> state = random_playout(game.new_initial_state(), random.Random(5))
>>> len(state.sheet), state.phase(), state.returns() == [float(t) for t in state.totals]
(4, 'over', True)
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, ClassVar, Final, cast, get_args

from tapete.cards import Card
from tapete.engine.api import CHANCE, GENERAL_SUM, TERMINAL, Param, State
from tapete.engine.events import EVERYONE, NO_ARGS, Event
from tapete.engine.match import DealSummary, MatchGame, MatchState, MatchView
from tapete.engine.registry import load_game, register
from tapete.errors import ConfigError, IllegalActionError, InconsistentViewError
from tapete.games.pocha.actions import (
    DRAW,
    FIRST_DEALER_PHASE,
    OVER_PHASE,
    action_text,
    event_tables,
    event_values,
    parse_action,
)
from tapete.games.pocha.game import PochaGame
from tapete.games.pocha.rules import RULE_PARAMETERS, PochaRules
from tapete.games.pocha.scoring import score_bounds
from tapete.games.pocha.state import PochaState
from tapete.games.pocha.tables import mask_to_list
from tapete.games.pocha.view import PochaMatchEventKind, PochaMatchPhase

#: A hand with none of the hand variants.
NO_VARIANT: Final = (False, False, False)


def hand_sizes(n_players: int, max_size: int, sequence: str | tuple[int, ...]) -> tuple[int, ...]:
    """The cards per player of each hand (pocha.md §1.4).

    >>> hand_sizes(4, 10, 'standard')
    (1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1)
    >>> hand_sizes(4, 10, 'up_only')[-1], hand_sizes(5, 8, 'full_only')
    (10, (8, 8, 8, 8, 8))
    >>> hand_sizes(4, 10, 'podrida')  # 22 hands, four of them of ten cards
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    """
    if sequence == "standard":
        return (
            (1,) * n_players
            + tuple(range(2, max_size))
            + (max_size,) * n_players
            + tuple(range(max_size - 1, 1, -1))
            + (1,) * n_players
        )
    if sequence == "up_only":
        return tuple(range(1, max_size + 1))
    if sequence == "full_only":
        return (max_size,) * n_players
    if sequence == "podrida":  # up one card a hand, n_players hands of max_size, down to one
        return (
            tuple(range(1, max_size)) + (max_size,) * n_players + tuple(range(max_size - 1, 0, -1))
        )
    if isinstance(sequence, str):
        raise ConfigError(f"unknown hand_sequence {sequence!r}")
    return sequence


#: The named hand sequences (``hand_sequence``; else a list of hand sizes).
SEQUENCES: Final = ("standard", "up_only", "full_only", "podrida")


def hand_variants(
    sizes: tuple[int, ...], n_players: int, india: str, ciega: str, subastada: str, podrida: bool
) -> tuple[tuple[bool, bool, bool], ...]:
    """Per hand of the sequence ``sizes``: ``(ronda_india, ronda_ciega, ronda_subastada)``.

    ``india``: ``opening`` (the one-card hands the game opens with) or ``every_one_card``;
    ``ciega``: ``last`` (the last hand, of one card) or ``auto`` (``last`` in the ``podrida``
    sequence); ``subastada``: ``full_hands`` (the hands of the largest size) or
    ``closing_hands`` (the last ``n_players`` hands of the sequence, whatever their size).
    A blind hand is not also an india one.

    >>> v = hand_variants((1, 1, 2, 1), 2, 'opening', 'auto', 'off', podrida=True)
    >>> [tuple(int(x) for x in h) for h in v]
    [(1, 0, 0), (1, 0, 0), (0, 0, 0), (0, 1, 0)]
    """
    count = len(sizes)
    top = max(sizes)
    blind = ciega == "last" or (ciega == "auto" and podrida)
    if blind and sizes[-1] != 1:
        raise ConfigError(
            f"parameter ronda_ciega: the last hand is played blind only when it is of one "
            f"card; this sequence ends with a hand of {sizes[-1]}"
        )
    opening = 0
    while opening < count and sizes[opening] == 1:
        opening += 1
    out = []
    for index, size in enumerate(sizes):
        is_blind = blind and index == count - 1
        is_india = not is_blind and (
            (india == "opening" and index < opening) or (india == "every_one_card" and size == 1)
        )
        is_auction = (subastada == "full_hands" and size == top) or (
            subastada == "closing_hands" and index >= count - n_players
        )
        out.append((is_india, is_blind, is_auction))
    return tuple(out)


def _check_sequence(value: Any) -> str | tuple[int, ...]:
    if value in SEQUENCES:
        return str(value)
    items: Any = value
    if isinstance(value, str):
        items = [x for x in value.replace(",", " ").replace("-", " ").split()]
    try:
        sizes = tuple(int(x) for x in items)
    except (TypeError, ValueError):
        raise ConfigError(
            f"parameter hand_sequence = {value!r} is not allowed; allowed: standard | up_only | "
            "full_only | podrida | a list of hand sizes like '1,2,3,3'"
        ) from None
    if not sizes:
        raise ConfigError("parameter hand_sequence: the list of hand sizes is empty")
    return sizes


@dataclasses.dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet."""

    hand_size: int
    dealer: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class PochaMatchView(MatchView):
    """What one seat knows of a whole game: the match layer's view (``deal`` is the current
    hand's :class:`~tapete.games.pocha.view.PochaView`), the hand sizes, the score sheet with
    its running ``totals``, and the first-dealer draws ``(seat, card)``."""

    #: The kinds of its events (:data:`~tapete.games.pocha.view.PochaMatchEventKind`).
    EVENT_KINDS: ClassVar[tuple[PochaMatchEventKind, ...]] = get_args(PochaMatchEventKind)

    phase: PochaMatchPhase
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    first_dealer_draws: tuple[tuple[int, Card], ...]


class PochaMatchGame(MatchGame):
    """A whole game of La Pocha, registered as ``pocha-match``.

    ``returns()`` are the running totals of the score sheet (the sum of each seat's hand
    points, see ``pocha``), the final totals once the game is over; the highest total wins.
    """

    name = "pocha-match"
    rules_version = "pocha-3"
    #: pocha-2 called ``closing_hands`` ``last_hands`` (what it did: the closing one-card hands).
    renamed_values = MappingProxyType(
        {"ronda_subastada": MappingProxyType({"last_hands": "closing_hands"})}
    )
    summary = "La Pocha, a whole game: the hand sequence with the score sheet"
    parameters = (
        *RULE_PARAMETERS,
        Param("hand_sequence", "standard",
              "standard (1s, up, Ms, down, 1s) | up_only | full_only | a list like '1,2,3'",
              kind=str, check=_check_sequence),
        Param("first_dealer", "random", "first dealer by lot: random seat, or high card",
              kind=str, choices=("random", "high_card")),
        Param("final_tie", "shared", "equal final totals share the win", kind=str,
              choices=("shared",)),
        Param("ronda_india", "off",
              "one-card hands held to the forehead: opening (the first ones) or every_one_card",
              kind=str, choices=("off", "opening", "every_one_card")),
        Param("ronda_ciega", "auto",
              "the last hand (of one card) played blind: auto = in the podrida sequence only",
              kind=str, choices=("auto", "off", "last")),
        Param("ronda_subastada", "off",
              "hands whose trumps are auctioned: full_hands (those of the most cards) or "
              "closing_hands (the last n_players hands, whatever their size)",
              kind=str, choices=("off", "full_hands", "closing_hands")),
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules = PochaRules(self.params)
        top = self.rules.max_hand_size
        sizes = hand_sizes(self.rules.n_players, top, self.params["hand_sequence"])
        bad = [s for s in sizes if not 1 <= s <= top]
        if bad:
            raise ConfigError(
                f"parameter hand_sequence has hand size {bad[0]}: {self.rules.n_players} players "
                f"with the {self.rules.deck_size}-card pack allow 1…{top}"
            )
        self.sizes: tuple[int, ...] = sizes
        #: Per hand: ``(ronda_india, ronda_ciega, ronda_subastada)`` (see :func:`hand_variants`).
        self.variants: tuple[tuple[bool, bool, bool], ...] = hand_variants(
            sizes, self.rules.n_players, self.params["ronda_india"], self.params["ronda_ciega"],
            self.params["ronda_subastada"], self.params["hand_sequence"] == "podrida",
        )  # fmt: skip
        self.high_card: bool = self.params["first_dealer"] == "high_card"
        self._rule_params = {p.name: self.params[p.name] for p in RULE_PARAMETERS}
        self.card_args, self.bid_args = event_tables(self.rules)
        self.to_args = tuple((("to", s),) for s in range(self.rules.n_players))

    def hand_game(
        self, hand_size: int, dealer: int, variants: tuple[bool, bool, bool] = NO_VARIANT
    ) -> PochaGame:
        """The one-hand game of a hand of this match (built once); ``variants`` are the
        hand's ``(ronda_india, ronda_ciega, ronda_subastada)``."""

        def build() -> PochaGame:
            india, ciega, subastada = variants
            loaded = load_game(
                "pocha", hand_size=hand_size, dealer=dealer, ronda_india=india,
                ronda_ciega=ciega, ronda_subastada=subastada, **self._rule_params,
            )  # fmt: skip
            if not isinstance(loaded, PochaGame):
                raise ConfigError(f"pocha is not La Pocha's hand game here: {loaded!r}")
            return loaded

        return self.cached_deal_game((hand_size, dealer, variants), build)

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The card of a card event, the number of a bid or an offer, the seat of
        ``dealer <seat>``, the suit named trumps."""
        return event_values(self.rules, self.card_args, self.bid_args, action, kind)

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    # -- the research contract ----------------------------------------------------------------
    def num_distinct_actions(self) -> int:
        """A hand's actions, then ``dealer <seat>`` (the random first dealer)."""
        return self.rules.match_actions

    def max_chance_outcomes(self) -> int:
        """The pack's size (a deal, or a high-card draw)."""
        return max(self.rules.deck_size, self.rules.n_players)

    def max_game_length(self) -> int:
        """Every hand's longest length (see ``pocha``), plus the first dealer: one action, or
        (``high_card``) two passes through the pack (ties draw again; a longer run of ties is
        possible in principle but has a negligible probability)."""
        n = self.rules.n_players
        hands = sum(
            2 * s * n + (s + 2 * n if v[2] else 1 + 3 * n)
            for s, v in zip(self.sizes, self.variants, strict=True)
        )
        return hands + (2 * self.rules.deck_size if self.high_card else 1)

    def min_utility(self) -> float:
        """Every hand's lowest score."""
        return float(sum(score_bounds(self.rules, s)[0] for s in self.sizes))

    def max_utility(self) -> float:
        """Every hand's highest score."""
        return float(sum(score_bounds(self.rules, s)[1] for s in self.sizes))

    def utility_sum(self) -> str:
        """General sum: every seat scores for itself."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What :meth:`PochaMatchState.returns` measures."""
        return "each seat's total on the score sheet (the sum of its hands' points)"

    # -- states -------------------------------------------------------------------------------
    def new_initial_state(self) -> PochaMatchState:
        """Before the first dealer is chosen."""
        return PochaMatchState(self)

    def resume(self, view: MatchView, deal: State | None) -> PochaMatchState:
        """The game in the position ``view`` shows, with ``deal`` as its current hand."""
        if not isinstance(view, PochaMatchView):
            raise InconsistentViewError(
                f"pocha-match resumes from a PochaMatchView, got {type(view).__name__}"
            )
        if view.spec is not None and view.spec != self.spec:
            raise InconsistentViewError(f"the view is of {view.spec}, not of {self!r}")
        state = PochaMatchState(self)
        if deal is None and not view.finished:  # the first dealer being chosen: all public
            for seat, card in view.first_dealer_draws:
                if state._outside_chance_recipient() != seat:
                    raise InconsistentViewError(f"seat {seat} did not draw then")
                state.apply_action(self.rules.index_of[int(card)])
            return state
        index = len(view.finished)
        if deal is not None:
            if not isinstance(deal, PochaState) or index >= len(self.sizes):
                raise InconsistentViewError("the live deal is not a hand of this game")
            if deal.game != self.hand_game(self.sizes[index], deal.dealer, self.variants[index]):
                raise InconsistentViewError("the live hand's game is not this game's hand")
        elif index != len(self.sizes):
            raise InconsistentViewError("no live hand, yet the game is not over")
        state.totals = list(view.totals)
        state.sheet = list(view.sheet)
        state.draws = [(s, int(c)) for s, c in view.first_dealer_draws]
        state._resume_from(view, deal)
        state._over = deal is None
        return state


class PochaMatchState(MatchState):
    """A position in a whole game of La Pocha."""

    def __init__(self, game: PochaMatchGame) -> None:
        self.game: PochaMatchGame = game
        self._init_match()
        rules = game.rules
        self.rules = rules
        n_players = rules.n_players
        self.n_players = n_players
        self.totals = [0] * n_players
        self.sheet: list[SheetRow] = []
        #: The high-card draws: ``(seat, card id)``.
        self.draws: list[tuple[int, int]] = []
        self._drawers = list(range(n_players))
        self._round: list[int] = []
        self._pool = rules.deck.mask
        self._over = False

    # -- compatibility names ------------------------------------------------------------------
    @property
    def hand(self) -> PochaState | None:
        """The hand being played (the live deal), ``None`` before the first and at the end."""
        deal = self.deal
        return deal if isinstance(deal, PochaState) else None

    @property
    def hand_index(self) -> int:
        """How many hands are finished."""
        return len(self.finished)

    # -- between hands ------------------------------------------------------------------------
    def _outside_current_player(self) -> int:
        return TERMINAL if self._over else CHANCE

    def _outside_phase(self) -> str:
        return OVER_PHASE if self._over else FIRST_DEALER_PHASE

    def _outside_legal_actions(self) -> list[int]:
        if self._over:
            return []
        if self.game.high_card:
            index_of = self.rules.index_of
            return [index_of[c] for c in mask_to_list(self._pool)]
        base = self.rules.dealer_base
        return [base + s for s in range(self.n_players)]

    def _outside_chance_recipient(self) -> int | None:
        if self._over or not self.game.high_card:
            return None
        return self._drawers[len(self._round)]

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        if self._over:
            return self._not_now(action, "the game is over", "game_over")
        if action in self._outside_legal_actions():
            return None
        what = "an undrawn card" if self.game.high_card else "a seat to deal first"
        return self._not_now(action, f"the first dealer is being chosen: expected {what}", "lot")

    def _outside_apply(self, action: int) -> None:
        if self.game.high_card:
            self._draw(action)
            return
        self._emit(CHANCE, "dealer", action, EVERYONE, NO_ARGS)
        self._start_hand(action - self.rules.dealer_base)

    def _outside_action_to_string(self, action: int) -> str:
        return action_text(self.rules, DRAW, action)

    def _outside_string_to_action(self, text: str) -> int:
        seat = self._outside_current_player()
        return parse_action(self.rules, DRAW, text, seat, self._outside_phase())

    def _draw(self, action: int) -> None:
        card = self.rules.card_ids[action]
        seat = self._drawers[len(self._round)]
        self._emit(CHANCE, "draw", action, EVERYONE, self.game.to_args[seat])
        self._round.append(card)
        self.draws.append((seat, card))
        self._pool &= ~(1 << card)
        if len(self._round) < len(self._drawers):
            return
        strength = self.rules.strength
        best = max(strength[c] for c in self._round)
        tied = [s for s, c in zip(self._drawers, self._round, strict=True) if strength[c] == best]
        self._round = []
        if len(tied) == 1:
            self._start_hand(tied[0])
            return
        self._drawers = tied
        if self._pool.bit_count() < len(tied):
            self._pool = self.rules.deck.mask

    def _start_hand(self, dealer: int) -> None:
        index = len(self.finished)
        game = self.game
        self._start_deal(game.hand_game(game.sizes[index], dealer, game.variants[index]))

    def _finish_deal(self) -> None:
        hand = self.deal
        if not isinstance(hand, PochaState) or hand.scores is None:
            raise InconsistentViewError("the hand that ended is not a scored Pocha hand")
        for seat, points in enumerate(hand.scores):
            self.totals[seat] += points
        row = SheetRow(
            hand.hand_size, hand.dealer, tuple(hand.bids), tuple(hand.tricks_won),
            tuple(hand.scores), tuple(self.totals),
        )  # fmt: skip
        self.sheet.append(row)
        self.finished.append(
            DealSummary(
                index=len(self.finished),
                dealer=hand.dealer,
                returns=tuple(float(p) for p in hand.scores),
                standings=tuple(float(t) for t in self.totals),
                details=(("hand_size", hand.hand_size),),
            )
        )
        if len(self.finished) == len(self.game.sizes):
            self.deal = None
            self._over = True
            return
        self._start_hand((hand.dealer + 1) % self.n_players)

    # -- results ------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """The running totals (the final totals once the game is over)."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """The seats with the highest total (equal totals share the win)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def clone(self) -> PochaMatchState:
        """An independent copy."""
        other = self._copy_base()
        self._copy_match(other)
        other.totals = list(self.totals)
        other.sheet = list(self.sheet)
        other.draws = list(self.draws)
        other._drawers = list(self._drawers)
        other._round = list(self._round)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(self.totals), tuple(self.sheet), tuple(self.draws), tuple(self._drawers),
            tuple(self._round), self._pool, self._over, self._match_key(),
        )  # fmt: skip

    # -- information --------------------------------------------------------------------------
    def _live_start(self) -> int:
        """The move number where the events of the view begin: the current hand's first
        action (the first-dealer draws before it; none once the game is over)."""
        deal = self.deal
        if deal is not None:
            return self.move_number() - len(deal._history)
        return self.move_number() if self._over else self._offset

    def seat_events(self, seat: int | None) -> tuple[Event, ...]:
        """The events of the current hand (or of the first-dealer draw) as ``seat`` saw them
        (the engine keeps them materialised)."""
        return self.events(seat, self._live_start())

    def view(self, seat: int | None) -> PochaMatchView:
        """What ``seat`` may know now."""
        deal = self.deal
        return PochaMatchView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            phase=cast(PochaMatchPhase, self.phase()),
            n_players=self.n_players,
            deal_index=len(self.finished),
            standings=tuple([float(t) for t in self.totals]),
            finished=tuple(self.finished),
            deal=deal.view(seat) if deal is not None else None,
            hand_sizes=self.game.sizes,
            totals=tuple(self.totals),
            sheet=tuple(self.sheet),
            first_dealer_draws=tuple([(s, Card(c)) for s, c in self.draws]),
            spec=self.game.spec,
            move=self.move_number(),
            events=self.seat_events(seat),
        )

    def __str__(self) -> str:
        head = (
            f"pocha-match: hand {len(self.finished) + 1}/{len(self.game.sizes)}, "
            f"totals {self.totals}"
        )
        return head + ("\n" + str(self.deal) if self.deal is not None else "")


register(PochaMatchGame)
