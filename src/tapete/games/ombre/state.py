"""A deal of Ombre in progress: antes, deal, auction, exchange, trumps, nine tricks.

Seats are numbered in anti-clockwise playing order; the dealer defaults to seat 2, so seat 0
is eldest hand. ``returns()`` is each seat's change of balance in this deal (antes
included): the returns plus the change of the pool always sum to zero.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('ombre').new_initial_state()
>>> state.phase(), state.pool
('deal', 3)
>>> state = random_playout(state, random.Random(5))
>>> state.is_terminal(), sum(state.returns()) + state.pool_change()
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tapete.cards import Suit
from tapete.engine.api import CHANCE, mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS
from tapete.errors import IllegalActionError
from tapete.games.ombre.actions import (
    AUCTION,
    DRAW,
    OMBRE,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    REST,
    SANS_PRENDRE,
    SP_ASK,
    SUIT_CODES,
    TRUMP_SUITS,
    TRUMPS,
    TRUMPS_BASE,
    VOLE,
    WORDS,
)
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.scoring import settle
from tapete.games.ombre.view import OmbreView
from tapete.games.ombre_family.deal import _NO_CARDS, FamilyDealState, _cards
from tapete.games.ombre_family.tables import SPADILLE, trump_order

if TYPE_CHECKING:
    from tapete.games.ombre.game import OmbreGame

__all__ = ["OmbreState"]

_SUITS: Final = {int(s): s for s in TRUMP_SUITS}


@mypyc_attr(allow_interpreted_subclasses=True)
class OmbreState(FamilyDealState):
    """A position in one deal of Ombre (see :class:`~tapete.games.ombre.game.OmbreGame`)."""

    DRAW = DRAW
    PHASE_NAMES = PHASE_NAMES
    WORDS = WORDS
    PLAYER_WORD = "ombre"

    def __init__(self, game: OmbreGame) -> None:
        self.game = game
        rules: OmbreRules = game.rules
        self.rules = rules
        self._start_deal(3)
        self.start_pool: int = game.pool
        ante = rules.ante
        self.balances = [b - ante for b in game.balances]
        self.pool: int = game.pool + 3 * ante
        self.rest = 0
        self._speeches = 0
        self.sans_prendre = False
        self.forced = False
        self._forced_pending = False
        self._challenger = -1
        self._exchange_done = False
        self.vole_announced = False
        self.matadors = 0

    @property
    def ombre(self) -> int:
        """The seat of ombre, the player (-1 before the auction names one)."""
        return self.player

    # -- hooks --------------------------------------------------------------------------------
    def _other_actions(self, phase: int) -> list[int]:
        if phase == AUCTION:
            return self._auction_actions()
        if phase == SP_ASK:
            return [PASS, SANS_PRENDRE]
        if phase == TRUMPS:
            return [TRUMPS_BASE, TRUMPS_BASE + 1, TRUMPS_BASE + 2, TRUMPS_BASE + 3]
        return []

    def _apply_other(self, phase: int, seat: int, action: int) -> None:
        if phase in (AUCTION, SP_ASK):
            kind = "pass" if action == PASS else "bid"
            self._events.append((seat, kind, action, EVERYONE, NO_ARGS))
            self._speak(action)
        elif phase == TRUMPS:
            self._events.append((seat, "trumps", action, EVERYONE, NO_ARGS))
            self.trumps = int(TRUMP_SUITS[action - TRUMPS_BASE])
            if self._exchange_done:
                self._begin_play()
            else:
                self._start_exchange()

    def _play_extras(self) -> list[int]:
        return [VOLE] if self._vole_open() else []

    def _apply_play_extra(self, seat: int, action: int) -> None:
        self._events.append((seat, "vole", action, EVERYONE, NO_ARGS))
        self.vole_announced = True

    def _player_exchanges(self) -> bool:
        return not self.sans_prendre

    def min_discards(self, seat: int) -> int:
        """Ombre must exchange ``min_discard_ombre`` cards; the defenders none."""
        return self.rules.min_discard_ombre if seat == self.player else 0

    def _after_exchange(self) -> None:
        self._exchange_done = True
        if self.rules.rest_visible != "none" and self.stock_left:
            self._phase = REST
            return
        self._exchange_over()

    def _rest_chance(self, action: int, card: int) -> None:
        visible = self._rest_seats()
        self._events.append((CHANCE, "rest", action, visible, NO_ARGS))
        self.rest |= 1 << card
        self.stock_left -= 1
        if not self.stock_left:
            self._exchange_over()

    def _seen_cards(self, seat: int | None) -> int:
        return self.rest if self.rest_visible_to(seat) else 0

    def _refusal(self, phase: int, action: int) -> IllegalActionError | None:
        if phase in (AUCTION, SP_ASK):
            return self._speech_refusal(action)
        if action in (OMBRE, SANS_PRENDRE) or (action == PASS and phase != PLAY):
            return self._not_now(
                action, f"the auction is over: seat {self.player} is ombre", "auction_closed"
            )
        if phase == TRUMPS:
            return self._not_now(
                action, f"ombre (seat {self.player}) must name trumps now", "trumps_now"
            )
        if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            if self.trumps >= 0:
                return self._not_now(
                    action, f"trumps are already {SUIT_CODES[self.trumps - 4]}", "trumps_named"
                )
            return self._not_now(
                action,
                f"trumps are named by ombre after the exchange; now seat {self._to_move} "
                "is exchanging",
                "out_of_turn",
            )
        if action == VOLE and phase == PLAY:
            if not self.rules.vole:
                return self._not_now(action, "this game has no vole", "no_vole")
            return self._not_now(
                action,
                "vole is announced by ombre after winning the first five tricks, "
                "before leading to the sixth",
                "no_vole_now",
            )
        return None

    def _speech_refusal(self, action: int) -> IllegalActionError:
        if action not in (PASS, OMBRE, SANS_PRENDRE):
            return self._not_now(
                action, "the auction is on: say 'ombre' (I play) or 'pass'", "auction_now"
            )
        if self._forced_pending:
            return self._not_now(
                action, "all passed: the holder of ♠A must play as ombre", "forced_spadille"
            )
        if action == SANS_PRENDRE and not self.rules.sans_prendre_auction:
            return self._not_now(action, "this game has no sans-prendre bid", "no_sans_prendre")
        if self.sans_prendre:
            return self._not_now(
                action, f"seat {self.player} plays sans prendre: you may only pass", "outbid"
            )
        return self._not_now(
            action, f"seat {self.player} already plays: you may only pass", "already_ombre"
        )

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's change of balance in this deal (antes included).

        The sum of the returns plus the pool's change (``pool - start_pool``) is zero.
        """
        return super().returns()

    def pool_change(self) -> int:
        """How much the pool grew (negative: shrank) in this deal."""
        return self.pool - self.start_pool

    def _own_key(self) -> tuple[Any, ...]:
        return (
            self.rest, self._speeches, self.sans_prendre, self.forced, self._forced_pending,
            self._challenger, self._exchange_done, self.vole_announced, self.pool,
        )  # fmt: skip

    # -- auction --------------------------------------------------------------------------------
    def _auction_actions(self) -> list[int]:
        if self._forced_pending:
            return [OMBRE]
        sp = self.rules.sans_prendre_auction
        if self.player < 0:
            return [PASS, OMBRE, SANS_PRENDRE] if sp else [PASS, OMBRE]
        if sp and not self.sans_prendre:
            return [PASS, SANS_PRENDRE]
        return [PASS]

    def _speak(self, action: int) -> None:
        seat = self._to_move
        if self._phase == SP_ASK:
            if action == PASS:
                self.player = self._challenger
            self.sans_prendre = True
            self._challenger = -1
            self._phase = AUCTION
        elif self._forced_pending:
            self._forced_pending = False
            self.forced = True
            self.player = seat
            self._after_auction()
            return
        elif action == OMBRE:
            self.player = seat
        elif action == SANS_PRENDRE:
            if self.player >= 0:
                self._challenger = seat
                self._phase = SP_ASK
                self._to_move = self.player
                return
            self.player = seat
            self.sans_prendre = True
        self._speeches += 1
        if self._speeches < 3:
            self._to_move = self.active[self._speeches]
            return
        if self.player >= 0:
            self._after_auction()
            return
        if self.rules.forced_spadille:
            for s in range(3):
                if self.hands[s] >> SPADILLE & 1:
                    self._forced_pending = True
                    self._to_move = s
                    return
        pay = self.rules.all_pass_pay
        if pay:  # the classic rule: two more units from each player into the pool
            self.balances = [b - pay for b in self.balances]
            self.pool += 3 * pay
        self.outcome = "all_pass"
        self._phase = OVER

    def _after_auction(self) -> None:
        if self.rules.trumps_first:
            self._phase = TRUMPS
            self._to_move = self.player
        else:
            self._start_exchange()

    # -- exchange and play ----------------------------------------------------------------------
    def _exchange_over(self) -> None:
        self._exchange_done = True
        if self.trumps >= 0:
            self._begin_play()
        else:
            self._phase = TRUMPS
            self._to_move = self.player

    def _begin_play(self) -> None:
        self._start_play(self.first_speaker if self.rules.eldest_leads else self.player)
        if self.rules.matador_payments:
            run = 0
            hand = self.hands[self.player]
            for card in trump_order(Suit(self.trumps)):
                if not hand >> card & 1:
                    break
                run += 1
            self.matadors = run if run >= 3 else 0

    def _vole_open(self) -> bool:
        return (
            self.rules.vole
            and not self.vole_announced
            and len(self.finished) == 5
            and not self.trick
            and self.tricks_won[self.player] == 5
        )

    def _settle(self) -> None:
        """Sacardo, codille or puesta and the extra payments (see :mod:`.scoring`)."""
        self.outcome, self.pool = settle(
            self.rules, self.player, self.tricks_won, self.pool, self.balances,
            self.sans_prendre, self.matadors, self.vole_announced,
        )  # fmt: skip

    # -- information --------------------------------------------------------------------------
    def _rest_seats(self) -> int:
        """The seat bitmask (or EVERYONE) of who sees the stock's rest turned up."""
        visible = self.rules.rest_visible
        if visible == "all":
            return EVERYONE
        if visible == "none" or self.player < 0 or not self._order:
            return 0
        if visible == "last_exchanger":  # the classic rule: the last to exchange may look
            return 1 << self._order[-1]
        return 1 << self.player

    def rest_visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` may see the cards of the stock turned up after the exchange."""
        visible = self.rules.rest_visible
        if visible == "all":
            return True
        return seat is not None and bool(self._rest_seats() >> seat & 1)

    def view(self, seat: int | None) -> OmbreView:
        """What ``seat`` may know now (``None``: a spectator)."""
        phase = self._phase
        return OmbreView(
            **self.shared_view_fields(seat),
            phase=PHASE_NAMES[phase],
            ombre=self.player if self.player >= 0 and not self._forced_pending else None,
            sans_prendre=self.sans_prendre,
            forced=self.forced,
            trumps=_SUITS[self.trumps] if self.trumps >= 0 else None,
            pool=self.pool,
            rest=_cards(self.rest) if self.rest and self.rest_visible_to(seat) else _NO_CARDS,
            current_trick=self.current_trick() if phase == PLAY else None,
            vole=self.vole_announced,
        )

    def _money_text(self) -> str:
        return f"pool {self.pool}, "

    def _player_text(self) -> str:
        return f"ombre: seat {self.player}{' sans prendre' if self.sans_prendre else ''}"
