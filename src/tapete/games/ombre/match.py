"""A session of Ombre: the dealer found by a black ace before every deal, the pool carried.

Before each deal the previous dealer (the ``initial_selector`` before the first) deals a
shuffled pack face up, one card at a time anti-clockwise starting on his right, until a black
ace appears: its receiver deals (each face-up card is a chance action ``show ♥3``; phase
``first_dealer``). With ``dealer_selection = rotate`` this happens only before the first
deal. Every deal is played on its own ``ombre`` game, built with :func:`load_game` with that
deal's dealer, pool and balances (``state.deal.game``). After ``num_deals`` deals the pool
left is shared equally (the remainder stays unassigned, see ``OmbreMatchState.unassigned``),
or with ``leftover_pool = play_until_empty`` the deals go on until a sacardo empties it (at
most ``max_extra_deals`` more). ``returns()`` are the balances (the final ones once over).

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('ombre-match', num_deals=3)
>>> state = random_playout(game.new_initial_state(), random.Random(2))
>>> len(state.results), sum(state.returns()) + state.unassigned
(3, 0.0)
"""

from __future__ import annotations

from typing import Any, Final, cast

from tapete.cards import Card, CardSet
from tapete.engine.api import CHANCE, GENERAL_SUM, TERMINAL, Param, State, split_action
from tapete.engine.events import EVERYONE, Event
from tapete.engine.match import MatchView
from tapete.engine.registry import register
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError
from tapete.games.ombre.actions import (
    CARD_ID,
    DEALER_TO,
    N_CARDS,
    TO,
    card_actions,
    card_text,
    parse_card,
)
from tapete.games.ombre.game import MAX_DEAL_LENGTH, OmbreGame
from tapete.games.ombre.rules import (
    MAX_DEALS,
    MONEY_PARAMETERS,
    RULE_NAMES,
    RULE_PARAMETERS,
    OmbreRules,
)
from tapete.games.ombre.scoring import deal_swing, pool_bound
from tapete.games.ombre.state import OmbreState
from tapete.games.ombre.view import DealResult, OmbreMatchView, OmbreOutcome
from tapete.games.ombre_family.match import FamilyMatchGame, FamilyMatchState
from tapete.games.ombre_family.tables import BASTO, FULL_MASK, SPADILLE

FIRST_DEALER, DEALS, OVER = range(3)
_BLACK_ACES: Final = 1 << SPADILLE | 1 << BASTO
#: Passes of the 40 face-up cards without a dealer (both black aces to an excluded previous
#: dealer) after which the player on the previous dealer's right deals: a bound that makes
#: the session finite (a pass fails about once in nine, twenty in a row about never).
MAX_PASSES: Final = 20


class OmbreMatchState(FamilyMatchState[OmbreState, DealResult]):
    """A position in a session of Ombre (see :class:`OmbreMatchGame`)."""

    game: OmbreMatchGame
    rules: OmbreRules
    pool: int

    def _init_session(self) -> None:
        self.selector: int = self.game.params["initial_selector"]
        self.previous_dealer = -1
        self._phase = FIRST_DEALER
        self._shown = 0
        self._shown_list: list[tuple[int, int]] = []
        self._passes = 0
        #: The match's move number where the live deal (or the choice of its dealer) began.
        self._segment_start = 0

    def _start_session(self) -> None:
        self._begin_selection()

    # -- flow -----------------------------------------------------------------------------------
    def _next_move(self) -> int:
        return self._offset + len(self._events)

    def _begin_selection(self) -> None:
        self._segment_start = self._next_move()
        self._shown = 0
        self._shown_list = []
        self._passes = 0
        if self.game.rotate and self.results:
            self._begin_deal((self.previous_dealer + 1) % 3)
            return
        self._phase = FIRST_DEALER

    def _show(self, action: int) -> None:
        card = CARD_ID[action]
        seat = (self.selector + 1 + len(self._shown_list)) % 3
        self._shown_list.append((card, seat))
        self._shown |= 1 << card
        if _BLACK_ACES >> card & 1 and not (
            self.game.exclude_previous and seat == self.previous_dealer
        ):
            self._events.append((CHANCE, "show", action, EVERYONE, DEALER_TO[seat]))
            self._begin_deal(seat)
        elif self._shown == FULL_MASK:
            self._passes += 1
            if self._passes >= MAX_PASSES:  # the safety bound (see MAX_PASSES)
                dealer = (self.previous_dealer + 1) % 3
                self._events.append(
                    (CHANCE, "show", action, EVERYONE, (("to", seat), ("dealer", dealer)))
                )
                self._begin_deal(dealer)
                return
            self._events.append((CHANCE, "show", action, EVERYONE, TO[seat]))
            self._shown = 0  # every card shown, no dealer: shuffle again, go on dealing
        else:
            self._events.append((CHANCE, "show", action, EVERYONE, TO[seat]))

    def _begin_deal(self, dealer: int) -> None:
        super()._begin_deal(dealer)
        self._phase = DEALS
        # the face-up cards went back into the pack: the view's events start with the deal
        self._segment_start = self._next_move()

    def _result(self, deal: OmbreState, changes: tuple[int, ...]) -> DealResult:
        return DealResult(
            dealer=deal.dealer,
            ombre=deal.ombre if deal.ombre >= 0 else None,
            sans_prendre=deal.sans_prendre,
            outcome=cast(OmbreOutcome, deal.outcome or ""),
            tricks_won=tuple(deal.tricks_won),
            changes=changes,
            pool_after=deal.pool,
        )

    def _details(self, result: DealResult) -> tuple[tuple[str, Any], ...]:
        return (("ombre", result.ombre), ("outcome", result.outcome))

    def _finish_deal(self) -> None:
        deal = self._record_deal()
        self.previous_dealer = self.selector = deal.dealer
        game = self.game
        done = len(self.results) >= game.num_deals and (game.split_leftover or not self.pool)
        if done or len(self.results) >= game.max_deals:
            self.pool = self.unassigned = self._share(self.pool)
            self._phase = OVER
            self._segment_start = self._next_move()
            return
        self._begin_selection()

    def _resume_between(self, view: MatchView, deal: State | None) -> None:
        """The face-up cards of the choice of the dealer in progress, from the view's
        events."""
        assert isinstance(view, OmbreMatchView)
        self.selector = view.selector
        self.previous_dealer = view.results[-1].dealer if view.results else -1
        shows = [e for e in view.events if e.kind == "show"] if deal is None else []
        if deal is not None:
            self._phase = DEALS
        elif view.phase == "over":
            self._phase = OVER
        elif view.phase != "first_dealer":
            raise InconsistentViewError(f"ombre-match has no phase {view.phase!r} between deals")
        n = len(shows)
        self._offset -= n
        if self._offset < 0:
            raise InconsistentViewError("the view's events do not fit its move number")
        self._history[:0] = [e.action for e in shows if e.action is not None]
        self._events[:0] = [(CHANCE, "show", e.action or 0, EVERYONE, _show_args(e)) for e in shows]
        if self.deal_starts:
            self.deal_starts = [self._offset + n]
        self._segment_start = self._offset
        self._shown_list = [(CARD_ID[e.action or 0], e.arg("to")) for e in shows]
        self._passes = n // N_CARDS if deal is None else 0
        for card, _ in self._shown_list[self._passes * N_CARDS :]:
            self._shown |= 1 << card

    # -- the hooks between deals ----------------------------------------------------------------
    def _outside_current_player(self) -> int:
        return CHANCE if self._phase == FIRST_DEALER else TERMINAL

    def _outside_legal_actions(self) -> list[int]:
        if self._phase == FIRST_DEALER:
            return card_actions(FULL_MASK & ~self._shown)
        return []

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        if self._phase == OVER:
            return self._not_now(action, "the session is over", "game_over")
        if not 0 <= action < N_CARDS:
            return self._not_now(
                action, "the dealer is being found: only a face-up card", "chance_only"
            )
        card = CARD_ID[action]
        if self._shown >> card & 1:
            return self._not_now(action, f"{card_text(card)} was already shown", "already_out")
        return None

    def _outside_apply(self, action: int) -> None:
        self._show(action)

    def _outside_action_to_string(self, action: int) -> str:
        if 0 <= action < N_CARDS:
            return f"show {card_text(CARD_ID[action])}"
        raise NotationError(f"{action!r} is not an action of ombre-match now")

    def _outside_string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        _verb, arg = split_action(text, ("show",), "'show <card>' (a face-up card)")
        if not arg:
            raise NotationError(f"cannot read {text!r}: expected 'show <card>', like 'show ♥3'")
        return parse_card(arg)

    def _outside_phase(self) -> str:
        return "first_dealer" if self._phase == FIRST_DEALER else "over"

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to: face up while the dealer is found, or in the
        deal."""
        deal = self.deal
        if deal is not None:
            return deal.chance_recipient()
        if self._phase == FIRST_DEALER:
            return (self.selector + 1 + len(self._shown_list)) % 3
        return None

    # -- copies and information -----------------------------------------------------------------
    def clone(self) -> OmbreMatchState:
        """An independent copy."""
        other = super().clone()
        assert isinstance(other, OmbreMatchState)
        other._shown_list = list(self._shown_list)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, self.selector, self.previous_dealer, self._shown,
            tuple(self._shown_list), self._passes, *super()._key(),
        )  # fmt: skip

    def hidden_cards(self, seat: int | None) -> CardSet:
        """The deal's hidden cards; while the dealer is found, the cards not yet shown."""
        deal = self.deal
        if deal is not None:
            return deal.hidden_cards(seat)
        if self._phase == FIRST_DEALER:
            return CardSet(FULL_MASK & ~self._shown)
        return CardSet()

    def segment_events(self, seat: int | None) -> tuple[Event, ...]:
        """The session's events since the live deal began (between deals: since the choice
        of the next dealer began) as ``seat`` saw them (the engine caches them per seat)."""
        return self.events(seat, self._segment_start)

    def view(self, seat: int | None) -> OmbreMatchView:
        """What ``seat`` may know now (``None``: a spectator)."""
        shown: list[tuple[int, int]] = []
        if self._phase == FIRST_DEALER:
            # Only this pass of 40 cards: the spent pack's cards are unseen in the new one.
            shown = self._shown_list[self._passes * N_CARDS :]
        return OmbreMatchView(
            **self._view_fields(seat, self.segment_events(seat)),
            selector=self.selector,
            shown=tuple((s, Card(c)) for c, s in shown),
        )

    def _money_text(self) -> str:
        return f"pool {self.pool}, " + super()._money_text()


@register
class OmbreMatchGame(FamilyMatchGame[OmbreGame]):
    """A session of Ombre deals (ombre.md §2.1, §2.11), registered as ``ombre-match``.

    >>> import tapete
    >>> tapete.load_game('ombre-match').params['num_deals']
    12
    >>> tapete.load_game('ombre-match', num_deals=1000000000)
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter num_deals = 1000000000 is out of range; allowed: int 1…240
    """

    name = "ombre-match"
    rules_version = "ombre-1"
    summary = "Ombre, a session: the dealer by a black ace, the pool carried across deals"
    parameters = (
        Param("num_deals", 12, "number of deals in the session", low=1, high=MAX_DEALS),
        Param("leftover_pool", "split_equally",
              "the pool left after the last deal: split_equally, or play_until_empty",
              kind=str, choices=("split_equally", "play_until_empty")),
        Param("max_extra_deals", 100,
              "play_until_empty: at most this many deals more, then the pool is split",
              low=0, high=MAX_DEALS),
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
    deal_name = "ombre"
    deal_type = OmbreGame
    rule_names = RULE_NAMES
    money = ("pool", "balances")
    view_type = OmbreMatchView
    state_type = OmbreMatchState

    def _configure(self) -> None:
        super()._configure()
        self.rules: OmbreRules = OmbreRules.from_params(self.params)
        self.split_leftover: bool = self.params["leftover_pool"] == "split_equally"
        self.rotate: bool = self.params["dealer_selection"] == "rotate"
        self.exclude_previous: bool = self.params["exclude_previous_dealer"]
        extra = 0 if self.split_leftover else self.params["max_extra_deals"]
        #: The most deals a session can have.
        self.max_deals: int = self.num_deals + extra

    def new_initial_state(self) -> OmbreMatchState:
        """The session before the first face-up card."""
        return OmbreMatchState(self)

    # -- the research contract ------------------------------------------------------------------
    def _max_shows(self) -> int:
        return MAX_PASSES * N_CARDS if self.exclude_previous else N_CARDS - 1

    def max_game_length(self) -> int:
        """Every deal at its longest, each after the longest face-up choice of its dealer."""
        choices = 1 if self.rotate else self.max_deals
        return self.max_deals * MAX_DEAL_LENGTH + choices * self._max_shows()

    def _swings(self) -> tuple[int, int]:
        pool = self.params["pool"]
        low = high = 0
        for index in range(self.max_deals):
            lo, hi = deal_swing(self.rules, pool_bound(self.rules, pool, index))
            low, high = low + lo, high + hi
        return low, high + pool_bound(self.rules, pool, self.max_deals) // 3

    def min_utility(self) -> float:
        """The lowest starting balance less every deal's worst loss (a puesta doubles the
        pool, so the bound grows fast with ``num_deals``)."""
        return float(min(self.params["balances"]) + self._swings()[0])

    def max_utility(self) -> float:
        """The highest starting balance plus every deal's best gain and a third of the
        largest pool left."""
        return float(max(self.params["balances"]) + self._swings()[1])

    def utility_sum(self) -> str:
        """General sum: the balances sum to the starting balances and pool, less what stays
        unassigned (``split_equally``) or in the pool (``play_until_empty`` cut short)."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return (
            "each seat's balance (the starting balances plus every deal's changes, and the "
            "share of the pool left at the end); during a deal, the balances before it"
        )


def _show_args(event: Event) -> tuple[tuple[str, Any], ...]:
    to, dealer = event.arg("to"), event.arg("dealer")
    if dealer is None:
        return TO[to]
    return DEALER_TO[to] if dealer == to else (("to", to), ("dealer", dealer))
