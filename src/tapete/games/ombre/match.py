"""A session of Ombre: the dealer found by a black ace before every deal, the pool carried.

Before each deal the previous dealer (the ``initial_selector`` before the first) deals a
shuffled pack face up, one card at a time anti-clockwise starting on his right, until a black
ace appears: its receiver deals (each face-up card is a chance action ``show ♥3``). With
``dealer_selection = rotate`` this happens only before the first deal. After ``num_deals``
deals the pool left is shared equally (the remainder stays unassigned, see
``OmbreMatchState.unassigned``), or with ``leftover_pool = play_until_empty`` the deals go on
until a sacardo empties it. ``returns()`` are the balances (the final ones once over).

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('ombre-match', num_deals=3)
>>> state = random_playout(game.new_initial_state(), random.Random(2))
>>> len(state.results), sum(state.returns()) + state.unassigned
(3, 0.0)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final

from tapete.cards import Card, CardSet, iter_bits
from tapete.engine.api import CHANCE, TERMINAL, Game, Param, PlayerView, State, split_action
from tapete.engine.registry import register
from tapete.errors import IllegalActionError, NotationError
from tapete.games.ombre.game import (
    CARD_MIN,
    MONEY_PARAMETERS,
    NUM_DISTINCT_ACTIONS,
    RULE_PARAMETERS,
    OmbreGame,
    OmbreRules,
    OmbreState,
    OmbreView,
    card_text,
)
from tapete.games.ombre.tables import BASTO, FULL_MASK, SPADILLE

SELECT, DEALS, OVER = range(3)
_BLACK_ACES: Final = 1 << SPADILLE | 1 << BASTO


@dataclasses.dataclass(frozen=True)
class DealResult:
    """The public outcome of one finished deal of a session."""

    dealer: int
    ombre: int | None
    sans_prendre: bool
    outcome: str
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    pool_after: int


@dataclasses.dataclass(frozen=True)
class OmbreMatchView(PlayerView):
    """What one seat knows of a session: money, past results, the deal in progress.

    ``segments`` holds, for every deal so far, ``(observed, actors)`` as in
    :class:`~tapete.games.ombre.game.OmbreView`, the face-up cards that chose its dealer
    (``show ♥3``) first.
    """

    phase: str
    deal_number: int
    num_deals: int
    balances: tuple[int, ...]
    pool: int
    unassigned: int
    selector: int
    shown: tuple[tuple[int, Card], ...]
    results: tuple[DealResult, ...]
    deal: OmbreView | None
    segments: tuple[tuple[tuple[str | None, ...], tuple[int, ...]], ...]

    def live_part(self) -> PlayerView | None:
        """The deal in progress (or the face-up cards choosing its dealer)."""
        if self.deal is not None:
            return self.deal
        if self.phase == "select":
            return dataclasses.replace(self, segments=(), results=())
        return None


@register
class OmbreMatchGame(Game):
    """A session of Ombre deals (ombre.md §2.1, §2.11), registered as ``ombre-match``.

    >>> import tapete
    >>> tapete.load_game('ombre-match').params['num_deals']
    12
    """

    name = "ombre-match"
    rules_version = "ombre-1"
    summary = "Ombre, a session: the dealer by a black ace, the pool carried across deals"
    parameters = (
        Param("num_deals", 12, "number of deals in the session", low=1),
        Param("leftover_pool", "split_equally",
              "the pool left after the last deal: split_equally, or play_until_empty",
              kind=str, choices=("split_equally", "play_until_empty")),
        Param("initial_selector", 0, "the seat that deals face up to find the first dealer",
              low=0, high=2),
        Param("dealer_selection", "black_ace_each_deal",
              "black_ace_each_deal (seed), or rotate (the deal passes to the right)",
              kind=str, choices=("black_ace_each_deal", "rotate")),
        Param("exclude_previous_dealer", False,
              "a black ace dealt to the previous dealer is skipped", kind=bool),
        *MONEY_PARAMETERS,
        *RULE_PARAMETERS,
    )  # fmt: skip

    def _configure(self) -> None:
        rule_names = [p.name for p in RULE_PARAMETERS]
        self.deal_game = OmbreGame(**{n: self.params[n] for n in rule_names})
        self.rules: OmbreRules = self.deal_game.rules
        self.num_deals: int = self.params["num_deals"]
        self.split_leftover: bool = self.params["leftover_pool"] == "split_equally"
        self.rotate: bool = self.params["dealer_selection"] == "rotate"
        self.exclude_previous: bool = self.params["exclude_previous_dealer"]

    def num_players(self) -> int:
        """Three seats, always."""
        return 3

    def num_distinct_actions(self) -> int:
        """Size of the action encoding (as ``ombre``; ``show`` cards are card ids)."""
        return NUM_DISTINCT_ACTIONS

    def new_initial_state(self) -> OmbreMatchState:
        """The session before the first face-up card."""
        return OmbreMatchState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> OmbreMatchState:
        """A session consistent with ``view``: every deal's unseen cards filled consistently."""
        from tapete.games.ombre.sampler import fill_deal

        if not isinstance(view, OmbreMatchView):
            raise TypeError("ombre-match samples from an OmbreMatchView")
        state = self.new_initial_state()
        last = len(view.segments) - 1
        for index, (observed, actors) in enumerate(view.segments):
            n = 0
            while n < len(observed) and (observed[n] or "").startswith("show "):
                n += 1
            texts = [t for t in observed[:n] if t is not None]
            # Only the last segment's deal can be in progress; the others are finished.
            live = index == last and view.deal is not None
            to_move = view.current_player if live else TERMINAL
            texts += fill_deal(self.rules, view.seat, observed[n:], actors[n:], rng, to_move)
            for text in texts:
                state.apply_string(text)
        return state


@dataclasses.dataclass
class _Segment:
    """One deal of the session: how its dealer was found, and the deal itself."""

    shown: list[tuple[int, int]]
    deal: OmbreState | None = None


class OmbreMatchState(State):
    """A position in a session of Ombre (see :class:`OmbreMatchGame`)."""

    def __init__(self, game: OmbreMatchGame) -> None:
        self.game: OmbreMatchGame = game
        self.rules = game.rules
        self._history = []
        self._events = []
        self.balances: list[int] = list(game.params["balances"])
        self.pool: int = game.params["pool"]
        self.unassigned = 0
        self.results: list[DealResult] = []
        self.selector: int = game.params["initial_selector"]
        self.previous_dealer = -1
        self._phase = SELECT
        self._shown = 0
        self._segments: list[_Segment] = []
        self._cache: dict[tuple[int, int | None], tuple[tuple[str | None, ...], tuple[int, ...]]]
        self._cache = {}
        self.deal: OmbreState | None = None
        self._begin_selection()

    # -- flow -----------------------------------------------------------------------------------
    def _begin_selection(self) -> None:
        self._segments.append(_Segment([]))
        if self.game.rotate and self.results:
            self._start_deal((self.previous_dealer + 1) % 3)
            return
        self._phase = SELECT
        self._shown = 0

    def _show(self, card: int) -> None:
        segment = self._segments[-1]
        seat = (self.selector + 1 + len(segment.shown)) % 3
        segment.shown.append((card, seat))
        self._shown |= 1 << card
        if _BLACK_ACES >> card & 1 and not (
            self.game.exclude_previous and seat == self.previous_dealer
        ):
            self._start_deal(seat)
        elif self._shown == FULL_MASK:
            self._shown = 0  # every card shown, no dealer: shuffle again, go on dealing

    def _start_deal(self, dealer: int) -> None:
        deal = OmbreState(self.game.deal_game, self.rules, dealer, self.pool, self.balances)
        self._segments[-1].deal = deal
        self.deal = deal
        self._phase = DEALS

    def _finish_deal(self, deal: OmbreState) -> None:
        changes = tuple(int(x) for x in deal.returns())
        self.balances = list(deal.balances)
        self.pool = deal.pool
        self.results.append(
            DealResult(
                dealer=deal.dealer,
                ombre=deal.ombre if deal.ombre >= 0 else None,
                sans_prendre=deal.sans_prendre,
                outcome=deal.outcome or "",
                tricks_won=tuple(deal.tricks_won),
                changes=changes,
                pool_after=deal.pool,
            )
        )
        self.deal = None
        self.previous_dealer = self.selector = deal.dealer
        if len(self.results) >= self.game.num_deals and (self.game.split_leftover or not self.pool):
            share = self.pool // 3
            for seat in range(3):
                self.balances[seat] += share
            self.pool -= 3 * share
            self.unassigned = self.pool
            self._phase = OVER
            return
        self._begin_selection()

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE for a card, TERMINAL once the session is over."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.current_player()
        return CHANCE if self._phase == SELECT else TERMINAL

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to in the deal being played (``None`` otherwise)."""
        return self.deal.chance_recipient() if self.deal is not None else None

    def phase(self) -> str:
        """``select`` (finding the dealer), the deal's phase, or ``over``."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.phase()
        return "select" if self._phase == SELECT else "over"

    def is_terminal(self) -> bool:
        """True once the session is over."""
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        """True while a card is shown or comes from the pack."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.is_chance_node()
        return self._phase == SELECT

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.legal_actions()
        if self._phase == SELECT:
            return list(iter_bits(FULL_MASK & ~self._shown))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not yet shown (or still in the pack), equally likely."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.chance_outcomes()
        return super().chance_outcomes()

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else the error saying why not."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.why_illegal(action)
        if self._phase == OVER:
            return self._not_now(action, "the session is over", "game_over")
        if not isinstance(action, int) or not (
            CARD_MIN <= action < NUM_DISTINCT_ACTIONS and FULL_MASK >> action & 1
        ):
            return self._not_now(
                action, "the dealer is being found: only a face-up card", "chance_only"
            )
        if self._shown >> action & 1:
            return self._not_now(action, f"{card_text(action)} was already shown", "already_out")
        return None

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        if self._phase == DEALS:
            deal = self.deal
            assert deal is not None
            deal.apply_action(action)
            self._history.append(action)
            if deal.is_terminal():
                self._finish_deal(deal)
            return
        error = self.why_illegal(action)
        if error is not None:
            raise error
        self._show(action)
        self._history.append(action)

    def _apply(self, action: int) -> None:
        if self._phase == DEALS:
            deal = self.deal
            assert deal is not None
            deal._apply(action)
            deal._history.append(action)
            if deal.is_terminal():
                self._finish_deal(deal)
        else:
            self._show(action)

    def _action_to_string(self, action: int) -> str:
        """``show ♥3`` while the dealer is found, else the deal's text (``play ♣K``)."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.action_to_string(action)
        if CARD_MIN <= action < NUM_DISTINCT_ACTIONS and FULL_MASK >> action & 1:
            return f"show {card_text(action)}"
        raise NotationError(f"{action!r} is not an action of ombre-match now")

    def string_to_action(self, text: str) -> int:
        """The action written ``text`` (``show ♥3`` while the dealer is found)."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.string_to_action(text)
        _verb, arg = split_action(text, ("show",), "'show <card>' (a face-up card)")
        if not arg:
            raise NotationError(f"cannot read {text!r}: expected 'show <card>', like 'show ♥3'")
        from tapete.cards import FRENCH_40

        return int(FRENCH_40.parse_card(arg))

    def returns(self) -> list[float]:
        """The balances (final once the session is over)."""
        return [float(b) for b in self.balances]

    def clone(self) -> OmbreMatchState:
        """An independent copy."""
        other = self._copy_base()
        other._history = list(self._history)
        other.balances = list(self.balances)
        other.results = list(self.results)
        other._cache = dict(self._cache)
        other._segments = [_Segment(list(s.shown), s.deal) for s in self._segments]
        if self.deal is not None:
            other.deal = self.deal.clone()
            other._segments[-1].deal = other.deal
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, tuple(self.balances), self.pool, self.unassigned, len(self.results),
            self.selector, self.previous_dealer, self._shown,
            tuple(tuple(s.shown) for s in self._segments),
            self.deal._key() if self.deal is not None else None,
        )  # fmt: skip

    # -- information ----------------------------------------------------------------------------
    def _segment_texts(
        self, index: int, seat: int | None
    ) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
        segment = self._segments[index]
        finished = segment.deal is not None and segment.deal.is_terminal()
        if finished and (index, seat) in self._cache:
            return self._cache[index, seat]
        observed: list[str | None] = [f"show {card_text(c)}" for c, _ in segment.shown]
        actors = [s for _, s in segment.shown]
        if segment.deal is not None:
            observed.extend(segment.deal.observed(seat))
            actors.extend(segment.deal.actors())
        result = (tuple(observed), tuple(actors))
        if finished:
            self._cache[index, seat] = result
        return result

    def observed(self, seat: int | None) -> tuple[str | None, ...]:
        """The session's history as ``seat`` saw it (``None`` for what it could not see)."""
        texts: list[str | None] = []
        for index in range(len(self._segments)):
            texts.extend(self._segment_texts(index, seat)[0])
        return tuple(texts)

    def hidden_cards(self, seat: int | None) -> CardSet:
        """The deal's hidden cards; while the dealer is found, the cards not yet shown."""
        if self._phase == DEALS:
            assert self.deal is not None
            return self.deal.hidden_cards(seat)
        if self._phase == SELECT:
            return CardSet(FULL_MASK & ~self._shown)
        return CardSet()

    def view(self, seat: int | None) -> OmbreMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        shown = self._segments[-1].shown if self._phase == SELECT else []
        # A pass of 40 cards without a (non-excluded) black ace means a new shuffle: show
        # only this pass, the spent pack's cards are unseen in the new one.
        shown = shown[len(shown) // 40 * 40 :]
        return OmbreMatchView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            phase=self.phase(),
            deal_number=len(self.results),
            num_deals=self.game.num_deals,
            balances=tuple(self.balances),
            pool=self.pool,
            unassigned=self.unassigned,
            selector=self.selector,
            shown=tuple((s, Card(c)) for c, s in shown),
            results=tuple(self.results),
            deal=self.deal.view(seat) if self.deal is not None else None,
            segments=tuple(self._segment_texts(i, seat) for i in range(len(self._segments))),
        )

    def __str__(self) -> str:
        head = (
            f"ombre-match: deal {len(self.results) + 1} of {self.game.num_deals}, pool "
            f"{self.pool}, balances {' '.join(str(b) for b in self.balances)}"
        )
        if self.deal is not None:
            return head + "\n" + str(self.deal)
        return head + f"\nphase {self.phase()}"
