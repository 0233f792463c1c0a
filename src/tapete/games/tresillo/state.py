"""A deal of Tresillo in progress: deal, auction, trumps or the vuelta card, exchange, nine
tricks (with surrender and defence), settlement.

Four seats in anti-clockwise playing order; the dealer (the *alcalde*) gets no cards and
sits the deal out, but pays and receives. At a table of three (``n_players = 3``) all
three play. ``returns()`` is each seat's change of balance in
the deal: the returns plus the change of the plate always sum to zero.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('tresillo').new_initial_state()
>>> state.phase(), state.current_player(), state.chance_recipient()
('deal', -1, 0)
>>> state = random_playout(state, random.Random(5))
>>> state.is_terminal(), sum(state.returns()) + state.plate_change()
(True, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Self

from tapete.cards import Card, Suit
from tapete.engine.api import mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS
from tapete.errors import IllegalActionError
from tapete.games.ombre_family.deal import FamilyDealState
from tapete.games.ombre_family.tables import trump_order
from tapete.games.tresillo.actions import (
    ACCEPT,
    ASK,
    AUCTION,
    BIDS,
    BOLA,
    CONTRACTS,
    DEFEND,
    DRAW,
    ENTRADA,
    ENTRADA_FAVOR,
    FAVOR_BIDS,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    SOLO,
    SOLO_FAVOR,
    SUIT_CODES,
    SURRENDER,
    TRUMPS,
    TRUMPS_BASE,
    TURN,
    VUELTA,
    WORDS,
    trump_suit,
    trumps_action,
)
from tapete.games.tresillo.rules import TresilloRules
from tapete.games.tresillo.scoring import (
    estuche_run,
    pay_each,
    settle_defended,
    settle_plain,
    settle_surrender,
)
from tapete.games.tresillo.view import TresilloView

if TYPE_CHECKING:
    from tapete.games.tresillo.game import TresilloGame


_BID_RANK: Final = {bid: rank for rank, bid in enumerate(BIDS)}
#: The last trick (0-based) before whose card the player may still surrender.
LAST_SURRENDER_TRICK: Final = 3
#: The tricks the player must have won, all of them, before he may announce bola.
BOLA_AFTER: Final = 5
#: ``TRUMP_ORDER[suit]``: the trumps of ``suit`` (a Suit value 4..7) as card ids, highest
#: first (the order the estuches are counted in).
TRUMP_ORDER: Final = {s: tuple(int(c) for c in trump_order(Suit(s))) for s in range(4, 8)}


@mypyc_attr(allow_interpreted_subclasses=True)
class TresilloState(FamilyDealState):
    """A position in one deal of Tresillo (see :class:`~.game.TresilloGame`)."""

    DRAW = DRAW
    PHASE_NAMES = PHASE_NAMES
    WORDS = WORDS

    def __init__(self, game: TresilloGame) -> None:
        self.game = game
        self.rules = game.rules
        self._start_deal(self.rules.n_players)
        self.start_plate: tuple[int, ...] = tuple(game.plate)
        self.plate = list(game.plate)
        #: What each seat (or with ``polla_by = dealer`` the dealer alone) put on the plate
        #: at the start of this deal (the polla).
        self.polla: int = self.rules.polla
        if self.polla:
            payers = [self.dealer] if self.rules.polla_dealer else list(range(self.num_seats))
            for seat in payers:
                self.balances[seat] -= self.polla
            if self.plate:
                self.plate[0] += len(payers) * self.polla
            else:
                self.plate.append(len(payers) * self.polla)
        self.passed = 0  # seat bitmask
        self.bid = -1
        self.bidder = -1
        self.contract = -1
        self.first_player = -1
        self._asked = 0
        self._resume_seat = -1
        self.bola_announced = False
        #: The player's estuches (the run of top trumps held when the play began), 0: none.
        self.estuches = 0
        #: What the settlement paid: the game's value per paying player, what the player took
        #: from the plate, and the estuches and the bola each of the three others paid the
        #: player (negative: the player paid each of them).
        self.paid_value = 0
        self.plate_taken = 0
        self.estuche_paid = 0
        self.bola_paid = 0

    # -- hooks --------------------------------------------------------------------------------
    def _other_actions(self, phase: int) -> list[int]:
        if phase == AUCTION:
            return self._auction_actions()
        if phase == TRUMPS:
            return [trumps_action(s) for s in self._trump_choices()]
        if phase == ASK:
            return [DEFEND, ACCEPT]
        return []

    def _apply_other(self, phase: int, seat: int, action: int) -> None:
        events = self._events
        if phase == AUCTION:
            events.append((seat, "pass" if action == PASS else "bid", action, EVERYONE, NO_ARGS))
            self._speak(action)
        elif phase == TRUMPS:
            events.append((seat, "trumps", action, EVERYONE, NO_ARGS))
            self.trumps = trump_suit(action)
            self._start_exchange()
        elif phase == ASK:
            events.append((seat, "defend" if action == DEFEND else "accept", action, EVERYONE,
                           NO_ARGS))  # fmt: skip
            self._answer(action)

    def _play_extras(self) -> list[int]:
        extras = []
        if self._may_surrender():
            extras.append(SURRENDER)
        if self._may_announce_bola():
            extras.append(BOLA)
        return extras

    def _apply_play_extra(self, seat: int, action: int) -> None:
        if action == SURRENDER:
            self._events.append((seat, "surrender", action, EVERYONE, NO_ARGS))
            self._surrender()
        else:
            self._events.append((seat, "bola", action, EVERYONE, NO_ARGS))
            self.bola_announced = True

    def _player_exchanges(self) -> bool:
        return self.contract not in (SOLO, SOLO_FAVOR)

    def min_discards(self, seat: int) -> int:
        """The player discards at least one card; the defenders may keep their hands."""
        return 1 if seat == self.player else 0

    def _after_exchange(self) -> None:
        self._start_play(self.first_speaker)
        if self.rules.estuches:
            self.estuches = estuche_run(TRUMP_ORDER[self.trumps], self.hands[self.player])

    def _refusal(self, phase: int, action: int) -> IllegalActionError | None:
        if phase == AUCTION:
            if action not in BIDS:
                return self._not_now(
                    action, "the auction is on: bid (entrada, vuelta, solo) or 'pass'",
                    "auction_now",
                )  # fmt: skip
            if action in FAVOR_BIDS and self.rules.favor < 0:
                return self._not_now(action, "this game has no palo de favor", "no_favor")
            return self._not_now(
                action, f"seat {self.bidder} bids {CONTRACTS[self.bid]}: bid higher or pass",
                "outbid",
            )  # fmt: skip
        if action in BIDS or action == PASS:
            return self._not_now(
                action, f"the auction is over: seat {self.player} plays", "auction_closed"
            )
        if phase == TRUMPS:
            return self._trumps_refusal(action)
        if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return self._not_now(action, "trumps are already settled", "trumps_named")
        if phase == ASK:
            seat = self.first_player if self.first_player >= 0 else self.player
            return self._not_now(
                action,
                f"seat {seat} surrendered: say 'defend' (la defiendo) or 'accept' (bien)",
                "defence_now",
            )
        if action in (DEFEND, ACCEPT):
            return self._not_now(action, "nobody has surrendered", "no_surrender")
        if action == SURRENDER and phase == PLAY:
            if not self.rules.surrender:
                return self._not_now(action, "this game has no surrender", "no_surrender_rule")
            if self.contract in (SOLO, SOLO_FAVOR):
                return self._not_now(action, "a solo is played to the end", "solo_no_surrender")
            return self._not_now(
                action,
                "only the player, at his turn, before his card to the fourth trick, and not in "
                "a defended game",
                "no_surrender_now",
            )
        if action == BOLA and phase == PLAY:
            if not self.rules.bola:
                return self._not_now(action, "the bola is not played at this table", "no_vole")
            return self._not_now(
                action,
                "only the player, before leading to the sixth trick, after winning the first five",
                "no_vole_now",
            )
        return None

    def _trumps_refusal(self, action: int) -> IllegalActionError:
        if not TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return self._not_now(
                action, f"the player (seat {self.player}) must name trumps now", "trumps_now"
            )
        favor = SUIT_CODES[self.rules.favor - 4]
        if self.contract in FAVOR_BIDS:
            return self._not_now(
                action,
                f"a {CONTRACTS[self.contract]} is played in the palo de favor ({favor})",
                "favor_trumps",
            )
        return self._not_now(
            action, f"the palo de favor ({favor}) needs the favour bid", "favor_bid_needed"
        )

    # -- results --------------------------------------------------------------------------------
    def plate_change(self) -> int:
        """How much the plate grew (negative: shrank) in this deal."""
        return sum(self.plate) - sum(self.start_plate)

    def clone(self) -> Self:
        """An independent copy."""
        other = super().clone()
        other.plate = list(self.plate)
        return other

    def _own_key(self) -> tuple[Any, ...]:
        return (
            self.passed, self.bid, self.bidder, self.contract, self.first_player, self._asked,
            self._resume_seat, tuple(self.plate), self.bola_announced, self.estuches,
        )  # fmt: skip

    # -- auction --------------------------------------------------------------------------------
    def priority(self, seat: int) -> int:
        """The seat's place in the order of speaking (0: the first speaker, mano); earlier
        seats have priority."""
        return (seat - self.dealer - 1) % self.num_seats

    def _auction_actions(self) -> list[int]:
        seat = self._to_move
        actions = [PASS]
        if self.bid < 0:
            return actions + list(self.rules.bids)
        rank = _BID_RANK[self.bid]
        may_hold = self.priority(seat) < self.priority(self.bidder)
        for bid in self.rules.bids:
            r = _BID_RANK[bid]
            if r > rank or (r == rank and may_hold):
                actions.append(bid)
        return actions

    def _speak(self, action: int) -> None:
        seat = self._to_move
        if action == PASS:
            self.passed |= 1 << seat
        else:
            self.bid = action
            self.bidder = seat
        left = [s for s in self.active if not self.passed >> s & 1]
        if not left:
            self.outcome = "all_pass"
            self._phase = OVER
            return
        if self.bidder >= 0 and left == [self.bidder]:
            self._after_auction()
            return
        nxt = self.next_seat(seat)
        while self.passed >> nxt & 1:
            nxt = self.next_seat(nxt)
        self._to_move = nxt

    def _after_auction(self) -> None:
        self.player = self.bidder
        self.contract = self.bid
        self._to_move = self.player
        self._phase = TURN if self.contract == VUELTA else TRUMPS

    def _trump_choices(self) -> list[int]:
        favor = self.rules.favor
        if self.contract in FAVOR_BIDS:
            return [favor]
        return [s for s in range(4, 8) if s != favor]

    # -- play -----------------------------------------------------------------------------------
    def _may_surrender(self) -> bool:
        return (
            self.rules.surrender
            and self.contract in (ENTRADA, ENTRADA_FAVOR, VUELTA)
            and self.first_player < 0
            and self._to_move == self.player
            and len(self.finished) <= LAST_SURRENDER_TRICK
        )

    def _may_announce_bola(self) -> bool:
        """The player of a game not surrendered, having won the first five tricks, may
        announce bola before he leads to the sixth."""
        return (
            self.rules.bola
            and not self.bola_announced
            and self.first_player < 0
            and len(self.finished) == BOLA_AFTER
            and not self.trick
            and self.tricks_won[self.player] == BOLA_AFTER
        )

    def value(self) -> int:
        """What the contract is worth per paying player (with the palo de favor's extra)."""
        rules: TresilloRules = self.rules
        return rules.value_of_bid(self.contract, self.trumps)

    def _surrender(self) -> None:
        if self.contract == VUELTA:
            self._phase = OVER
            self.outcome = "vuelta_surrendered"
            self.paid_value = self.value()
            settle_surrender(self.player, self.paid_value, self.balances, self.plate)
            return
        self._resume_seat = self.player
        self._asked = 0
        self._phase = ASK
        self._to_move = self.next_seat(self.player)

    def _answer(self, action: int) -> None:
        seat = self._to_move
        if action == DEFEND:
            self.first_player = self.player
            self.player = seat
            self._phase = PLAY
            self._to_move = self._resume_seat
            self._legal = -1
            return
        self._asked += 1
        if self._asked < 2:
            self._to_move = self.next_seat(seat)
            return
        self._phase = OVER
        self.outcome = "surrendered"
        self.paid_value = self.value()
        settle_surrender(self.player, self.paid_value, self.balances, self.plate)

    def _settle(self) -> None:
        if self.first_player >= 0:
            self.paid_value = self.value()
            self.outcome = settle_defended(
                self.first_player, self.player, self.active, self.tricks_won, self.paid_value,
                self.balances, self.plate,
            )  # fmt: skip
        else:
            rules, player = self.rules, self.player
            before = sum(self.plate)
            self.paid_value = self.value()
            outcome = self.outcome = settle_plain(
                rules.plate_all, player, self.active, self.tricks_won, self.paid_value,
                self.balances, self.plate, rules.codille_split,
            )  # fmt: skip
            won = outcome == "sacada"
            if won:
                self.plate_taken = before - sum(self.plate)
            if self.estuches:
                amount = self.estuches * rules.estuche_unit
                self.estuche_paid = amount if won else -amount
                pay_each(player, self.estuche_paid, self.balances)
            if self.bola_announced:
                made = self.tricks_won[player] == 9
                self.bola_paid = rules.bola_bonus if made else -rules.bola_bonus
                pay_each(player, self.bola_paid, self.balances)

    # -- information --------------------------------------------------------------------------
    def view(self, seat: int | None) -> TresilloView:
        """What ``seat`` may know now (``None``: a spectator)."""
        phase = self._phase
        favor = self.rules.favor
        return TresilloView(
            **self.shared_view_fields(seat),
            phase=PHASE_NAMES[phase],
            favor=Suit(favor) if favor >= 0 else None,
            bid=CONTRACTS[self.bid] if self.bid >= 0 else None,
            bidder=self.bidder if self.bidder >= 0 else None,
            passed=tuple(s for s in range(self.num_seats) if self.passed >> s & 1),
            player=self.player if self.player >= 0 else None,
            contract=CONTRACTS[self.contract] if self.contract >= 0 else None,
            first_player=self.first_player if self.first_player >= 0 else None,
            trumps=Suit(self.trumps) if self.trumps >= 0 else None,
            turned=Card(self.turned) if self.turned >= 0 else None,
            plate=tuple(self.plate),
            current_trick=self.current_trick() if phase in (PLAY, ASK) else None,
            polla=self.polla,
            polla_by="dealer" if self.rules.polla_dealer else "each",
            bola=self.bola_announced,
            estuches=self.estuches if phase == OVER else 0,
            estuche_paid=self.estuche_paid,
            bola_paid=self.bola_paid,
        )

    def _money_text(self) -> str:
        return f"plate {'/'.join(str(p) for p in self.plate) or '-'}, "

    def _player_text(self) -> str:
        return f"player: seat {self.player} ({CONTRACTS[self.contract]})"


def contract_rank(bid: int) -> int:
    """The place of ``bid`` in the ladder (0: entrada).

    >>> contract_rank(ENTRADA), contract_rank(ENTRADA_FAVOR), contract_rank(SOLO_FAVOR)
    (0, 1, 4)
    """
    return _BID_RANK[bid]
