"""A deal of Danish l'hombre in progress: deal, auction up the ladder, the declared game, the
trumps (named, spades, or a turned card), the buying, nine tricks (with the tout), settlement.

Three seats in anti-clockwise playing order; the seat after the dealer is forehand, who
speaks first and leads the first trick. ``returns()`` is each seat's change of score.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('lhombre').new_initial_state()
>>> state.phase(), state.current_player(), state.chance_recipient()
('deal', -1, 0)
>>> state = random_playout(state, random.Random(5))
>>> state.is_terminal(), sum(state.returns())
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS
from tapete.errors import IllegalActionError
from tapete.games.lhombre.actions import (
    AUCTION,
    BEDRE_SPIL,
    BID_BASE,
    BUYING_GAMES,
    DECLARE,
    DECLARE_BASE,
    DRAW,
    GAME_LEVEL,
    GAME_WORDS,
    GAMES,
    KOBE_NOLO,
    LEVEL_WORDS,
    MAX_LEVEL,
    NAMED_GAMES,
    NOLO_GAMES,
    NOLO_OUVERT,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    REN_NOLO,
    SOLO,
    SOLO_SPAR,
    SPADES_GAMES,
    SPIL,
    TOURNE,
    TOURNE_GAMES,
    TOURNE_RESPEKT,
    TOUT,
    TRUMPS,
    TRUMPS_BASE,
    TURN,
    WORDS,
    trump_suit,
    trumps_action,
)
from tapete.games.lhombre.view import LhombreView
from tapete.games.ombre_family.deal import FamilyDealState
from tapete.games.ombre_family.tables import (
    legal_plays,
    nolo_legal_plays,
    nolo_trick_winner,
    trick_winner,
)

if TYPE_CHECKING:
    from tapete.games.lhombre.game import LhombreGame

_SPADES: Final = int(Suit.SPADES)
#: The steps that may be bid straight away (solo, ren nolo, nolo ouvert) [DLU].
JUMP_STEPS: Final = (5, 6, 7)
#: The games each step of the Union's ladder lets its winner declare [DLU]: after a spil a
#: game in a suit, a tourné or a købe nolo; otherwise the games of that step.
UNION_GAMES: Final = {
    1: (SPIL, TOURNE, KOBE_NOLO), 2: (BEDRE_SPIL,), 3: (TOURNE, KOBE_NOLO), 4: (TOURNE_RESPEKT,),
    5: (SOLO,), 6: (SOLO_SPAR, REN_NOLO), 7: (NOLO_OUVERT,),
}  # fmt: skip
#: The trick after which (five tricks played) the player may declare tout.
TOUT_AFTER: Final = 5


@mypyc_attr(allow_interpreted_subclasses=True)
class LhombreState(FamilyDealState):
    """A position in one deal of Danish l'hombre (see :class:`~.game.LhombreGame`)."""

    DRAW = DRAW
    PHASE_NAMES = PHASE_NAMES
    WORDS = WORDS
    EXCHANGE_WORD = "buying"
    STOCK_WORD = "talon"
    ALREADY_OUT = "already_dealt"

    def __init__(self, game: LhombreGame) -> None:
        self.game = game
        self.rules = game.rules
        self._start_deal(3)
        self.start_pot: int = game.pot
        self.pot: int = game.pot
        #: What each player put into the pot at the start of this deal (``settlement =
        #: pot``, the pot empty).
        self.ante = 0
        if self.rules.pot and not self.pot and self.rules.pot_ante:
            self.ante = self.rules.pot_ante
            for seat in range(3):
                self.balances[seat] -= self.ante
            self.pot += 3 * self.ante
        #: What the player took from the pot (negative: paid into it) at the settlement.
        self.pot_paid = 0
        self.passed = 0  # seat bitmask
        self.level = 0
        #: The holder's bid was a jump (a solo, ren nolo or nolo ouvert bid straight away).
        self.jumped = False
        self.bidder = -1
        self._unspoken: tuple[int, ...] = self.active
        self.contract = -1
        self.tout = False

    def priority(self, seat: int) -> int:
        """The seat's place in the order of speaking (0: the first speaker, forehand);
        earlier seats have priority at an equal step of the ladder."""
        return (seat - self.dealer - 1) % 3

    # -- hooks --------------------------------------------------------------------------------
    def _other_actions(self, phase: int) -> list[int]:
        if phase == AUCTION:
            return [PASS, *(BID_BASE + k - 1 for k in self.bid_steps(self._to_move))]
        if phase == DECLARE:
            return [DECLARE_BASE + g for g in self.declarable()]
        if phase == TRUMPS:
            return [trumps_action(s) for s in range(4, 8)]
        return []

    def _apply_other(self, phase: int, seat: int, action: int) -> None:
        events = self._events
        if phase == AUCTION:
            events.append((seat, "pass" if action == PASS else "bid", action, EVERYONE, NO_ARGS))
            self._speak(action)
        elif phase == DECLARE:
            events.append((seat, "declare", action, EVERYONE, NO_ARGS))
            self._declare(action - DECLARE_BASE)
        elif phase == TRUMPS:
            events.append((seat, "trumps", action, EVERYONE, NO_ARGS))
            self.trumps = trump_suit(action)
            self._start_exchange()

    def _play_extras(self) -> list[int]:
        return [TOUT] if self.may_declare_tout() else []

    def _apply_play_extra(self, seat: int, action: int) -> None:
        self._events.append((seat, "tout", action, EVERYONE, NO_ARGS))
        self.tout = True

    def _player_exchanges(self) -> bool:
        return self.contract in BUYING_GAMES

    def min_discards(self, seat: int) -> int:
        """The fewest cards ``seat`` must discard: the player of a buying game one (two in a
        tourné, where the turned card is the first he takes), a defender none."""
        if seat != self.player or self.contract not in BUYING_GAMES:
            return 0
        return 2 if self.contract in TOURNE_GAMES else 1

    def _after_exchange(self) -> None:
        self._start_play(self.first_speaker)

    def _legal_mask(self, hand: int, led: int) -> int:
        if self.trumps < 0:
            return nolo_legal_plays(hand, led)
        return legal_plays(self.trumps, hand, led, self.rules.privilege)

    def _trick_index(self, trick: list[int]) -> int:
        trumps = self.trumps
        return nolo_trick_winner(trick) if trumps < 0 else trick_winner(trumps, trick)

    def _seen_cards(self, seat: int | None) -> int:
        return self.open_mask()

    def _refusal(self, phase: int, action: int) -> IllegalActionError | None:
        if phase == AUCTION:
            if not BID_BASE <= action < BID_BASE + MAX_LEVEL:
                return self._not_now(action, "the auction is on: bid or 'pass'", "wrong_phase")
            step = self.next_step(self._to_move)
            if step > MAX_LEVEL:
                return self._not_now(action, "nolo ouvert is held: only 'pass'", "outbid")
            return self._not_now(
                action,
                f"the bid now is {LEVEL_WORDS[step - 1]} (step {step}): the spil games one "
                "step at a time, as far as needed to outbid",
                "outbid",
            )
        if BID_BASE <= action < BID_BASE + MAX_LEVEL or action == PASS:
            return self._not_now(action, "the auction is over", "auction_closed")
        is_game = DECLARE_BASE <= action < DECLARE_BASE + len(GAMES)
        if phase == DECLARE:
            if is_game:
                return self._not_now(
                    action,
                    f"the bid was {LEVEL_WORDS[self.level - 1]}: declare a game that bid allows",
                    "outbid",
                )
            return self._not_now(action, "the player must declare his game now", "wrong_phase")
        if is_game:
            return self._not_now(action, "the game is already declared", "auction_closed")
        if phase == TRUMPS:
            return self._not_now(action, "the player must name trumps now", "trumps_now")
        if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return self._not_now(action, "trumps are already settled", "trumps_named")
        if action == TOUT and phase == PLAY:
            if not self.rules.tout:
                return self._not_now(action, "the tout is not played at this table", "no_vole")
            return self._not_now(
                action,
                "only the player of a trump game, after winning the first five tricks",
                "no_vole_now",
            )
        return None

    # -- results --------------------------------------------------------------------------------
    def pot_change(self) -> int:
        """How much the pot grew (negative: shrank) in this deal (``settlement = pot``; 0
        otherwise): the returns plus this sum to zero."""
        return self.pot - self.start_pot

    def _own_key(self) -> tuple[Any, ...]:
        return (
            self.passed, self.level, self.bidder, self.jumped, self._unspoken, self.contract,
            self.tout, self.pot,
        )  # fmt: skip

    # -- auction --------------------------------------------------------------------------------
    def next_step(self, seat: int) -> int:
        """The one bid ``seat`` may make now: the step of the ladder needed to outbid the
        holder (the same step for a seat with priority over him), ``MAX_LEVEL + 1`` if none."""
        if self.level == 0:
            return 1
        if self.priority(seat) < self.priority(self.bidder):
            return self.level
        return self.level + 1

    def bid_steps(self, seat: int) -> list[int]:
        """The steps ``seat`` may bid now. With the Union's auction (``auction = union``): the
        step needed to outbid the holder (the same step for a seat with priority over him),
        and above it the solo (5), ren nolo (6) and nolo ouvert (7), which may be bid
        straight away; the spil games and solo spar only as far as needed. With ``auction =
        steps`` only the needed step."""
        need = self.next_step(seat)
        if need > MAX_LEVEL:
            return []
        if not self.rules.union_auction:
            return [need]
        return [need, *(k for k in JUMP_STEPS if k > need)]

    def declarable(self) -> list[int]:
        """The games the player may declare after the auction: with ``auction = union`` those
        his bid names (after a spil also a tourné or a købe nolo; after a jump to step 6 only
        the ren nolo), with ``auction = steps`` any game of his step or higher."""
        if not self.rules.union_auction:
            return [g for g in range(len(GAMES)) if GAME_LEVEL[g] >= self.level]
        if self.level == 6 and self.jumped:
            return [REN_NOLO]
        return list(UNION_GAMES[self.level])

    def _speak(self, action: int) -> None:
        seat = self._to_move
        previous = self.bidder
        self._unspoken = tuple(s for s in self._unspoken if s != seat)
        if action == PASS:
            self.passed |= 1 << seat
        else:
            step = action - BID_BASE + 1
            self.jumped = step != self.next_step(seat)
            self.level = step
            self.bidder = seat
        active = [s for s in self.active if not self.passed >> s & 1]
        if not active:
            self.outcome = "all_pass"
            self._phase = OVER
            return
        if self.bidder >= 0 and active == [self.bidder]:
            self.player = self.bidder
            self._to_move = self.player
            self._phase = DECLARE
            return
        if action != PASS and previous >= 0 and previous != seat:
            self._to_move = previous  # the bidding falls back to the previous holder
        elif self._unspoken:
            self._to_move = self._unspoken[0]
        else:
            self._to_move = next(s for s in active if s != seat)

    def _declare(self, game: int) -> None:
        self.contract = game
        if game in NAMED_GAMES:
            self._phase = TRUMPS
        elif game in TOURNE_GAMES:
            self._phase = TURN
        else:
            self.trumps = _SPADES if game in SPADES_GAMES else -1
            self._start_exchange()

    # -- play -----------------------------------------------------------------------------------
    def may_declare_tout(self) -> bool:
        """The player of a trump game who took the first five tricks may declare tout before
        leading to the sixth."""
        return (
            self.rules.tout
            and not self.tout
            and self.trumps >= 0
            and len(self.finished) == TOUT_AFTER
            and not self.trick
            and self.tricks_won[self.player] == TOUT_AFTER
            and self._to_move == self.player
        )

    def result(self) -> tuple[str, int]:
        """The outcome (``won``, ``bet``, ``kruk``, ``tout_won``, ``tout_lost``) and the points
        the player wins (negative: loses) from each defender, once all nine tricks are played.

        A trump game is won when the player takes more tricks than each defender, *kruk*
        when a defender takes more than he, *bet* otherwise (a tie: 4-4-1, 3-3-3). A nolo is
        won with no trick, *bet* with one, *kruk* with two or more."""
        won, bet, kruk = self.rules.points[self.contract]
        taken = self.tricks_won[self.player]
        if self.contract in NOLO_GAMES:
            return ("won", won) if taken == 0 else ("bet", -bet) if taken == 1 else ("kruk", -kruk)
        best = max(t for s, t in enumerate(self.tricks_won) if s != self.player)
        if taken > best:
            if not self.tout:
                return "won", won
            if taken == 9:
                return "tout_won", won + self.rules.tout_points
            return "tout_lost", won - self.rules.tout_points
        return ("kruk", -kruk) if best > taken else ("bet", -bet)

    def _settle(self) -> None:
        self.outcome, points = self.result()
        p = self.player
        if self.rules.pot:
            # the player takes his points from the pot (at most what it holds), or pays
            # his loss into it
            paid = min(points, self.pot)
            self.pot -= paid
            self.balances[p] += paid
            self.pot_paid = paid
        elif self.rules.pay_each:
            for seat in range(3):
                self.balances[seat] += 2 * points if seat == p else -points
        else:
            self.balances[p] += points

    # -- information --------------------------------------------------------------------------
    def open_mask(self) -> int:
        """The nolo ouvert player's cards, open on the table once the play begins (else 0)."""
        if self.contract == NOLO_OUVERT and self._phase in (PLAY, OVER):
            return self.hands[self.player]
        return 0

    def view(self, seat: int | None) -> LhombreView:
        """What ``seat`` may know now (``None``: a spectator)."""
        phase = self._phase
        is_open = self.contract == NOLO_OUVERT and phase in (PLAY, OVER)
        return LhombreView(
            **self.shared_view_fields(seat),
            phase=PHASE_NAMES[phase],
            level=self.level,
            bid=LEVEL_WORDS[self.level - 1] if self.level else None,
            bidder=self.bidder if self.bidder >= 0 else None,
            passed=tuple(s for s in range(3) if self.passed >> s & 1),
            player=self.player if self.player >= 0 else None,
            contract=GAMES[self.contract] if self.contract >= 0 else None,
            trumps=Suit(self.trumps) if self.trumps >= 0 else None,
            turned=Card(self.turned) if self.turned >= 0 else None,
            open_hand=CardSet(self.hands[self.player]) if is_open else None,
            tout=self.tout,
            current_trick=self.current_trick() if phase == PLAY else None,
            pot=self.pot,
            ante=self.ante,
            pot_paid=self.pot_paid,
        )

    def _player_text(self) -> str:
        game = f" ({GAME_WORDS[self.contract]})" if self.contract >= 0 else ""
        return f"player: seat {self.player}{game}"
