"""A session of Trynka banks, registered as ``trynka-match``, on the engine's match layer.

The first dealer is drawn by chance actions (``draw A♠``: high card, or counting to the
first ace), an outside phase of the match with its own ``draw`` events; then each bank is
played on its own real ``trynka`` game (built with :func:`~tapete.engine.registry.load_game`
with that bank's dealer and the balances before it). The winner of a bank deals the next
(or the deal rotates); the balances are carried. ``returns()`` are the balances: each seat's
starting chips plus its net chips over the banks (during a bank, what a seat has staked in
it is already off its balance).

Sampling a session samples the live bank only, with its own game, and resumes the session
from the view (:mod:`tapete.engine.match`): it costs what sampling a bank costs, however
long the session has been.

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> g = tapete.load_game('trynka-match', n_players=3, banks=3)
>>> s = random_playout(g.new_initial_state(), random.Random(1))
>>> sum(s.returns()) == 300, len(s.finished) <= 3
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from tapete.cards import Card, CardSet, Rank, iter_bits
from tapete.engine.api import CHANCE, CONSTANT_SUM, TERMINAL, GameSpec, PlayerView, State
from tapete.engine.events import EVERYONE
from tapete.engine.match import DealSummary, MatchGame, MatchState, MatchView
from tapete.engine.registry import load_game, register
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError
from tapete.games.trynka.game import Args, TrynkaGame, TrynkaGameBase
from tapete.games.trynka.rules import (
    MATCH_PARAMETERS,
    MAX_DRAW_ROUNDS,
    RULE_PARAMETERS,
    SessionRules,
    spec_params,
)
from tapete.games.trynka.state import TrynkaState
from tapete.games.trynka.values import DRAW_ORDER
from tapete.games.trynka.view import TrynkaMatchView, TrynkaView, build_view


@register
class TrynkaMatchGame(TrynkaGameBase, MatchGame):
    """A session of Trynka banks, registered as ``trynka-match`` (see the module)."""

    name = "trynka-match"
    rules_version = "trynka-2"
    summary = "Trynka, a session of banks with the balances carried"
    parameters = (*RULE_PARAMETERS, *MATCH_PARAMETERS)
    rules: SessionRules
    #: The banks' games kept built (dealer and balances differ from bank to bank).
    deal_cache_size = 64

    def _configure(self) -> None:
        self._spec = GameSpec(self.name, spec_params(self.params))
        rules = self.rules = SessionRules.of(self.params)
        self._set_event_values(rules.bank)
        deck = rules.deck
        self.draw_ranks: tuple[int, ...] = tuple(DRAW_ORDER[c.rank] for c in deck.cards)
        self.ace_rank = DRAW_ORDER[Rank.ACE]
        #: ``draw_to[seat + 1]``: the public argument of a card turned for ``seat`` (-1: the
        #: table).
        self.draw_to: tuple[Args, ...] = tuple((("to", s),) for s in range(-1, rules.n_players))
        template = load_game("trynka", **dict(rules.bank_params))
        assert isinstance(template, TrynkaGame)
        self._template = template

    def bank_game(self, dealer: int, balances: tuple[int, ...]) -> TrynkaGame:
        """The ``trynka`` game of a bank dealt by ``dealer`` with ``balances`` before it:
        ``load_game('trynka', dealer=dealer, balances=balances, **the rule options)``."""
        return self.cached_deal_game(
            (dealer, balances), lambda: self._template.for_bank(dealer, balances)
        )

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    def num_distinct_actions(self) -> int:
        """The bank's actions (a drawn card uses its card's number)."""
        return self.rules.bank.actions.num_distinct

    def max_chance_outcomes(self) -> int:
        """The pack's size (twice with accidental exposures)."""
        size = self.rules.bank.deck_size
        return 2 * size if self.rules.bank.accident > 0 else size

    def max_game_length(self) -> int:
        """The draw's bound plus every bank's bound."""
        rules = self.rules
        return rules.draw_length_bound() + rules.banks * rules.bank.bank_length_bound()

    def max_view_events(self) -> int:
        """An upper bound on the events of the live bank's view (one deal's actions)."""
        return self.rules.bank.deal_length_bound()

    def min_utility(self) -> float:
        """The lowest start balance less, per bank, the most a seat can lose in it."""
        rules = self.rules
        low, _high = rules.bank.utility_bounds()
        return float(min(rules.balances) + rules.banks * low)

    def max_utility(self) -> float:
        """The highest start balance plus, per bank, the most a seat can win in it."""
        rules = self.rules
        _low, high = rules.bank.utility_bounds()
        return float(max(rules.balances) + rules.banks * high)

    def utility_sum(self) -> str:
        """Constant-sum: the final balances add up to the starting ones."""
        return CONSTANT_SUM

    def utility_constant(self) -> float:
        """The sum of the starting balances."""
        return float(sum(self.rules.balances))

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return (
            "each seat's balance in chips: its starting balance plus its net chips over the "
            "banks (the final balances once the session is over)"
        )

    def new_initial_state(self) -> TrynkaMatchState:
        """A session before the draw for the first dealer."""
        return TrynkaMatchState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> State:
        """The live bank sampled by its own game, the session resumed from the view."""
        if not isinstance(view, TrynkaMatchView):
            raise InconsistentViewError(
                f"{self.name} samples from a TrynkaMatchView, got {type(view).__name__}"
            )
        if view.spec is not None and view.spec != self.spec:
            raise InconsistentViewError(f"the view is of {view.spec.name}, not of {self!r}")
        live = view.deal
        deal = None
        if live is not None:
            if not isinstance(live, TrynkaView):
                raise InconsistentViewError("the live bank's view is not a TrynkaView")
            game = self.bank_game(live.dealer, _balances_before(live))
            deal = game.sample_consistent_state(live, rng)
        return self.resume(view, deal)

    def resume(self, view: MatchView, deal: State | None) -> TrynkaMatchState:
        """The session ``view`` describes, with ``deal`` (a state of the live bank's game) as
        its live bank."""
        if not isinstance(view, TrynkaMatchView):
            raise InconsistentViewError("trynka-match resumes from a TrynkaMatchView")
        state = TrynkaMatchState(self)
        index_of = self.rules.deck.index_of
        if deal is None and view.phase == "first_dealer":
            for _seat, card in view.draws:  # the draw is public: replay it
                state.apply_action(index_of[int(card)])
            return state
        if deal is not None and not isinstance(deal, TrynkaState):
            raise InconsistentViewError("the live bank is not a Trynka bank")
        state._resume_from(view, deal)
        state._finished_tuple = tuple(view.finished)
        state.bank_number = view.deal_index
        state.draws = [(seat, index_of[int(card)]) for seat, card in view.draws]
        state.first_dealer = view.first_dealer
        state._drawn = 0
        state._draw_contenders = []
        if deal is not None:
            state.balances = list(deal.balances)
        else:
            state.balances = list(view.balances)
            state.over = True
        return state


def _balances_before(view: TrynkaView) -> tuple[int, ...]:
    """The balances before the bank of ``view`` (its game's ``balances`` parameter)."""
    if view.spec is not None:
        value = dict(view.spec.params).get("balances")
        if isinstance(value, tuple):
            return value
    return tuple(b + p for b, p in zip(view.balances, view.paid, strict=True))


class TrynkaMatchState(MatchState):
    """A session of Trynka banks in progress (see the module)."""

    game: TrynkaMatchGame
    deal: TrynkaState | None

    def __init__(self, game: TrynkaMatchGame) -> None:
        self.game = game
        self._init_match()
        rules = game.rules
        self.rules: SessionRules = rules
        self.n = rules.n_players
        #: Each seat's chips before the live bank (the final balances once over).
        self.balances: list[int] = list(rules.balances)
        self.bank_number = 0
        self.first_dealer: int | None = None
        self.over = False
        self.draws: list[tuple[int, int]] = []  # (seat or -1 for the table, card index)
        self._drawn = 0
        self._draw_count = 0
        self._draw_rounds = 0
        self._draw_contenders: list[int] = list(range(self.n))
        self._draw_round: list[int] = []
        self._finished_tuple: tuple[DealSummary, ...] = ()
        self._draws_tuple: tuple[tuple[int, Card], ...] = ()

    # -- between banks: the draw for the first dealer -----------------------------------------
    def _outside_current_player(self) -> int:
        return TERMINAL if self.over else CHANCE

    def _outside_legal_actions(self) -> list[int]:
        if self.over:
            return []
        return list(iter_bits(self.rules.deck_mask & ~self._drawn))

    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        if self.over:
            return self._not_now(action, "the session is over", "game_over")
        if 0 <= action < self.rules.bank.deck_size:
            if self._drawn >> action & 1:
                return self._not_now(action, "that card is already turned", "card_unavailable")
            return None
        return self._not_now(
            action, "the first dealer is being drawn: only 'draw <card>' now", "chance"
        )

    def _outside_apply(self, action: int) -> None:
        game = self.game
        rules = self.rules
        self._drawn |= 1 << action
        if rules.dealer_method == "count_to_ace":
            k = self._draw_count
            self._draw_count += 1
            seat = -1 if k == 0 else (rules.host + k - 1) % self.n
            self.draws.append((seat, action))
            self._events.append((CHANCE, "draw", action, EVERYONE, game.draw_to[seat + 1]))
            if seat >= 0 and game.draw_ranks[action] == game.ace_rank:
                self._first_dealer(seat)
            elif self._drawn == rules.deck_mask:  # pragma: no cover - an ace always comes
                self._drawn = 0
            return
        contenders = self._draw_contenders
        seat = contenders[len(self._draw_round)]
        self.draws.append((seat, action))
        self._events.append((CHANCE, "draw", action, EVERYONE, game.draw_to[seat + 1]))
        self._draw_round.append(action)
        if len(self._draw_round) < len(contenders):
            if self._drawn == rules.deck_mask:
                self._drawn = 0  # the pack is exhausted: reshuffle the turned cards
            return
        ranks = [game.draw_ranks[c] for c in self._draw_round]
        best = max(ranks)
        top = [s for s, r in zip(contenders, ranks, strict=True) if r == best]
        self._draw_round = []
        self._draw_rounds += 1
        if len(top) == 1 or self._draw_rounds >= MAX_DRAW_ROUNDS:
            self._first_dealer(top[0])
        else:
            self._draw_contenders = top
            left = rules.deck_mask & ~self._drawn
            if left.bit_count() < len(top):
                self._drawn = 0

    def _first_dealer(self, seat: int) -> None:
        self._draw_contenders = []
        self.first_dealer = seat
        self._start_bank(seat)

    def _outside_action_to_string(self, action: int) -> str:
        codec = self.rules.bank.actions
        return codec.text(action, card_verb="draw")

    def _outside_string_to_action(self, text: str) -> int:
        codec = self.rules.bank.actions
        verb, value = codec.parse(text)
        if verb in ("draw", "card"):
            return value
        if verb == "simple":
            return value
        if verb in ("deal", "deal_up"):
            raise NotationError(
                f"cannot read {text!r} now: the first dealer is being drawn ('draw <card>'); "
                "cards are dealt only in a bank"
            )
        if not 1 <= value <= codec.cap:
            raise NotationError(f"cannot read {text!r}: stakes are 1…{codec.cap} chips")
        return {"blind": codec.blind, "overblind": codec.overblind, "bet": codec.bet}[verb](value)

    def _outside_phase(self) -> str:
        return "over" if self.over else "first_dealer"

    def string_to_action(self, text: str) -> int:
        """The action written ``text``: the live bank's notation (``draw A♠`` is refused
        there), or the draw's (``deal A♠`` is refused there)."""
        if self.deal is not None:
            return self.deal.string_to_action(text)
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        return self._outside_string_to_action(text)

    # -- the banks ----------------------------------------------------------------------------
    def _start_bank(self, dealer: int) -> None:
        self._start_deal(self.game.bank_game(dealer, tuple(self.balances)))

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal is not None
        rules = self.rules
        returns = deal.returns()
        self.balances = deal.current_balances()
        summary = DealSummary(
            index=self.bank_number,
            dealer=deal.dealer,
            returns=tuple(returns),
            standings=tuple(float(b) for b in self.balances),
            details=(
                ("winner", deal.next_dealer),
                ("bank", sum(deal.paid)),
                ("deals", len(deal.deal_starts)),
            ),
        )
        self.finished.append(summary)
        self._finished_tuple = (*self._finished_tuple, summary)
        self.bank_number += 1
        broke = rules.stop_when_broke and min(self.balances) <= 0
        if self.bank_number >= rules.banks or broke:
            self.deal = None
            self.over = True
            return
        dealer = (deal.dealer + 1) % self.n if rules.rotate else deal.next_dealer
        self._start_bank(dealer)

    @property
    def dealer(self) -> int:
        """The live bank's dealer (-1 before the first bank)."""
        deal = self.deal
        if deal is not None:
            return deal.dealer
        return self.finished[-1].dealer if self.finished else -1

    # -- protocol -----------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's balance (the final balances once over; see the module)."""
        deal = self.deal
        if deal is None:
            return [float(b) for b in self.balances]
        return [float(b) for b in deal.current_balances()]

    def clone(self) -> TrynkaMatchState:
        """An independent copy."""
        other = self._copy_base()
        self._copy_match(other)
        other.balances = list(self.balances)
        other.draws = list(self.draws)
        other._draw_contenders = list(self._draw_contenders)
        other._draw_round = list(self._draw_round)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._match_key(), tuple(self.balances), self.bank_number, self.over,
            tuple(self.draws), self._drawn, tuple(self._draw_contenders),
        )  # fmt: skip

    def hidden_cards(self, seat: int | None) -> CardSet:
        """The live bank's hidden cards; during the draw, the cards not turned yet."""
        deal = self.deal
        if deal is not None:
            return deal.hidden_cards(seat)
        if self.over:
            return CardSet()
        return CardSet(self.rules.deck.global_mask(self.rules.deck_mask & ~self._drawn))

    def _live_since(self) -> int:
        deal = self.deal
        if deal is not None:
            return self.move_number() - len(deal._history) + deal.deal_starts[-1]
        return self._between_start()

    def view(self, seat: int | None) -> TrynkaMatchView:
        """What ``seat`` knows of the session now (the live bank's view inside)."""
        deal = self.deal
        ids = self.rules.deck.card_ids
        balances = tuple(self.balances if deal is None else deal.current_balances())
        draws = self._draws_tuple
        if len(draws) != len(self.draws):
            draws = self._draws_tuple = tuple((s, Card(ids[c])) for s, c in self.draws)
        values = {
            "game": self.game.name,
            "seat": seat,
            "current_player": self.current_player(),
            "spec": self.game.spec,
            "move": self.move_number(),
            "events": self.events(seat, self._live_since()),
            "phase": self.phase(),
            "n_players": self.n,
            "deal_index": self.bank_number,
            "standings": tuple([float(b) for b in balances]),
            "finished": self._finished_tuple,
            "deal": deal.view(seat) if deal is not None else None,
            "balances": balances,
            "banks": self.rules.banks,
            "draws": draws,
            "first_dealer": self.first_dealer,
        }
        return build_view(TrynkaMatchView, values)

    def __str__(self) -> str:
        head = (
            f"trynka-match: bank {self.bank_number + 1} of {self.rules.banks}, "
            f"balances {self.balances}"
        )
        return head if self.deal is None else f"{head}\n{self.deal}"
