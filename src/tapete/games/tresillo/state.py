"""A deal of Tresillo in progress: deal, auction, trumps or the vuelta card, exchange, nine
tricks (with surrender and defence), settlement.

Four seats in anti-clockwise playing order; the dealer (the *alcalde*) gets no cards and
sits the deal out, but pays and receives. ``returns()`` is each seat's change of balance in
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

from typing import TYPE_CHECKING, Any, Final

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import CHANCE, TERMINAL, Trick
from tapete.engine.events import EVERYONE, NO_ARGS, prebuilt_events
from tapete.errors import IllegalActionError
from tapete.games.ombre.state import SharedEvents
from tapete.games.ombre.tables import FULL_MASK, legal_plays, trick_winner, trump_order
from tapete.games.tresillo.actions import (
    ACCEPT,
    ASK,
    AUCTION,
    BIDS,
    BOLA,
    CARD_ID,
    CONTRACTS,
    COUNT,
    DEAL,
    DEFEND,
    DISCARD,
    DRAW,
    ENTRADA,
    ENTRADA_FAVOR,
    FAVOR_BIDS,
    N_CARDS,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    SOLO,
    SOLO_FAVOR,
    STOCK,
    SUIT_CODES,
    SURRENDER,
    TO,
    TRUMPS,
    TURN,
    VUELTA,
    action_text,
    card_actions,
    cards_text,
    parse_action,
    trump_suit,
    trumps_action,
)
from tapete.games.tresillo.explain import why_illegal
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


_DEAL_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "deal", 1 << s, TO[s]) for s in range(4)
)
_DRAW_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "draw", 1 << s, TO[s]) for s in range(4)
)
_TURN_EVENTS: Final = prebuilt_events(N_CARDS, CHANCE, "turn", EVERYONE)
_PLAY_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "play", EVERYONE) for s in range(4))
_DISCARD_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "discard", 1 << s) for s in range(4))
_BID_RANK: Final = {bid: rank for rank, bid in enumerate(BIDS)}
#: The last trick (0-based) before whose card the player may still surrender.
LAST_SURRENDER_TRICK: Final = 3
#: The tricks the player must have won, all of them, before he may announce bola.
BOLA_AFTER: Final = 5
#: ``TRUMP_ORDER[suit]``: the trumps of ``suit`` (a Suit value 4..7) as card ids, highest
#: first (the order the estuches are counted in).
TRUMP_ORDER: Final = {s: tuple(int(c) for c in trump_order(Suit(s))) for s in range(4, 8)}


class TresilloState(SharedEvents):
    """A position in one deal of Tresillo (see :class:`~.game.TresilloGame`)."""

    def __init__(self, game: TresilloGame) -> None:
        self.game: TresilloGame = game
        self.rules: TresilloRules = game.rules
        self._history = []
        self._events = []
        self.dealer: int = game.dealer
        #: The three seats that play, mano (the dealer's right) first.
        self.active: tuple[int, int, int] = (
            (self.dealer + 1) % 4, (self.dealer + 2) % 4, (self.dealer + 3) % 4,
        )  # fmt: skip
        self.mano = self.active[0]
        self.start_balances: tuple[int, ...] = tuple(game.balances)
        self.start_plate: tuple[int, ...] = tuple(game.plate)
        self.balances = list(game.balances)
        self.plate = list(game.plate)
        #: What each of the four put on the plate at the start of this deal (the polla).
        self.polla: int = self.rules.polla
        if self.polla:
            for seat in range(4):
                self.balances[seat] -= self.polla
            if self.plate:
                self.plate[0] += 4 * self.polla
            else:
                self.plate.append(4 * self.polla)
        self._phase = DEAL
        self._dealt = 0
        self._ndealt = 0
        self.hands = [0, 0, 0, 0]
        self.discards = [0, 0, 0, 0]
        self.drawn = [0, 0, 0, 0]
        self.stock_left = 13
        self._to_move = self.mano
        self.passed = 0  # seat bitmask
        self.bid = -1
        self.bidder = -1
        self.player = -1
        self.contract = -1
        self.first_player = -1
        self.trumps = -1
        self.turned = -1  # card id of the vuelta card
        self._order: tuple[int, ...] = ()
        self._exch = 0
        self._to_draw = 0
        self.leader = -1
        self.trick: list[int] = []
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0, 0, 0, 0]
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
        self.outcome: str | None = None
        self._legal = -1
        self._tricks_view: tuple[Trick, ...] = ()

    def next_seat(self, seat: int) -> int:
        """The next seat in playing order after ``seat``, the dealer skipped."""
        nxt = (seat + 1) % 4
        return (nxt + 1) % 4 if nxt == self.dealer else nxt

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards come from the pack, TERMINAL when settled."""
        phase = self._phase
        if phase in (DEAL, TURN, STOCK):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """``deal``, ``auction``, ``trumps``, ``turn``, ``exchange``, ``stock``, ``play``,
        ``defence`` or ``over``."""
        return PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the deal is settled (or thrown in)."""
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        """True while a card comes from the pack."""
        return self._phase in (DEAL, TURN, STOCK)

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted (cards first)."""
        phase = self._phase
        if phase == PLAY:
            actions = card_actions(self._play_mask())
            if self._may_surrender():
                actions.append(SURRENDER)
            if self._may_announce_bola():
                actions.append(BOLA)
            return actions
        if phase in (DEAL, TURN, STOCK):
            return card_actions(FULL_MASK & ~self._dealt)
        if phase == DISCARD:
            seat = self._to_move
            actions = card_actions(self.hands[seat]) if self._may_discard_more(seat) else []
            if self._may_draw(seat):
                actions.append(DRAW)
            return actions
        if phase == AUCTION:
            return self._auction_actions()
        if phase == TRUMPS:
            return [trumps_action(s) for s in self._trump_choices()]
        if phase == ASK:
            return [DEFEND, ACCEPT]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely."""
        if self._phase not in (DEAL, TURN, STOCK):
            return []
        cards = card_actions(FULL_MASK & ~self._dealt)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _apply(self, action: int) -> None:
        phase = self._phase
        seat = self._to_move
        events = self._events
        if phase in (DEAL, TURN, STOCK):
            self._chance(action, CARD_ID[action])
        elif phase == PLAY:
            if action == SURRENDER:
                events.append((seat, "surrender", action, EVERYONE, NO_ARGS))
                self._surrender()
            elif action == BOLA:
                events.append((seat, "bola", action, EVERYONE, NO_ARGS))
                self.bola_announced = True
            else:
                events.append(_PLAY_EVENTS[seat][action])
                self._play(CARD_ID[action])
        elif phase == DISCARD:
            if action == DRAW:
                k = self._draw_count(seat)
                events.append((seat, "exchange", action, EVERYONE, COUNT[k]))
                self._draw(k)
            else:
                events.append(_DISCARD_EVENTS[seat][action])
                card = CARD_ID[action]
                self.hands[seat] &= ~(1 << card)
                self.discards[seat] |= 1 << card
        elif phase == AUCTION:
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

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        return why_illegal(self, action)

    def _action_to_string(self, action: int) -> str:
        """``deal ♣7``, ``entrada``, ``turn ♥3``, ``discard ♥7``, ``play ♣K``, ``surrender``…"""
        return action_text(action, self._phase)

    def string_to_action(self, text: str) -> int:
        """The action written ``text``; a card verb must fit the phase."""
        return parse_action(text, self._phase, self)

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's change of balance in this deal (the plate's change makes the rest)."""
        return [float(b - s) for b, s in zip(self.balances, self.start_balances, strict=True)]

    def plate_change(self) -> int:
        """How much the plate grew (negative: shrank) in this deal."""
        return sum(self.plate) - sum(self.start_plate)

    def clone(self) -> TresilloState:
        """An independent copy."""
        other = self._copy_base()
        other.balances = list(self.balances)
        other.plate = list(self.plate)
        other.hands = list(self.hands)
        other.discards = list(self.discards)
        other.drawn = list(self.drawn)
        other.trick = list(self.trick)
        other.finished = list(self.finished)
        other.tricks_won = list(self.tricks_won)
        other._shared_events = None
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, self.dealer, tuple(self.hands), tuple(self.discards), self._dealt,
            tuple(self.drawn), self.stock_left, self._to_move, self.passed, self.bid,
            self.bidder, self.player, self.contract, self.first_player, self.trumps,
            self.turned, self._exch, self._to_draw, self.leader, tuple(self.trick),
            tuple(self.finished), tuple(self.tricks_won), self._asked, self._resume_seat,
            tuple(self.plate), tuple(self.balances), self.outcome, self.bola_announced,
            self.estuches,
        )  # fmt: skip

    # -- deal and auction ---------------------------------------------------------------------
    def chance_recipient(self) -> int | None:
        """The seat the next card goes to (dealt in packets, turned up, or drawn)."""
        if self._phase == DEAL:
            return self.active[(self._ndealt // 3) % 3]
        return self._to_move if self._phase in (STOCK, TURN) else None

    def _chance(self, action: int, card: int) -> None:
        self._dealt |= 1 << card
        phase = self._phase
        if phase == DEAL:
            seat = self.active[(self._ndealt // 3) % 3]
            self._events.append(_DEAL_EVENTS[seat][action])
            self.hands[seat] |= 1 << card
            self._ndealt += 1
            if self._ndealt == 27:
                self._phase = AUCTION
                self._to_move = self.mano
        elif phase == TURN:
            self._events.append(_TURN_EVENTS[action])
            self.turned = card
            self.trumps = int(Card(card).suit)
            self.hands[self.player] |= 1 << card
            self.stock_left -= 1
            self._start_exchange()
        else:
            seat = self._to_move
            self._events.append(_DRAW_EVENTS[seat][action])
            self.hands[seat] |= 1 << card
            self.drawn[seat] += 1
            self.stock_left -= 1
            self._to_draw -= 1
            if self._to_draw == 0:
                self._next_exchanger()

    def priority(self, seat: int) -> int:
        """The seat's place in the order of speaking (0: mano); earlier seats have priority."""
        return (seat - self.dealer - 1) % 4

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

    # -- exchange -----------------------------------------------------------------------------
    def _start_exchange(self) -> None:
        p = self.player
        order = (p, self.next_seat(p), self.next_seat(self.next_seat(p)))
        self._order = order[1:] if self.contract in (SOLO, SOLO_FAVOR) else order
        self._exch = 0
        self._phase = DISCARD
        self._to_move = self._order[0]

    def _draw_count(self, seat: int) -> int:
        k = self.discards[seat].bit_count()
        return k - 1 if seat == self.player and self.contract == VUELTA else k

    def _may_draw(self, seat: int) -> bool:
        return seat != self.player or self.discards[seat].bit_count() >= 1

    def _may_discard_more(self, seat: int) -> bool:
        if not self.hands[seat]:
            return False
        limit = min(9, self.stock_left)
        if seat == self.player and self.contract == VUELTA:
            limit = min(10, self.stock_left + 1)
        return self.discards[seat].bit_count() < limit

    def _draw(self, k: int) -> None:
        if k:
            self._to_draw = k
            self._phase = STOCK
        else:
            self._next_exchanger()

    def _next_exchanger(self) -> None:
        self._exch += 1
        if self._exch < len(self._order):
            self._phase = DISCARD
            self._to_move = self._order[self._exch]
            return
        self._phase = PLAY
        self.leader = self._to_move = self.mano
        self._legal = -1
        if self.rules.estuches:
            self.estuches = estuche_run(TRUMP_ORDER[self.trumps], self.hands[self.player])

    # -- play ---------------------------------------------------------------------------------
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

    def _play_mask(self) -> int:
        legal = self._legal
        if legal < 0:
            led = self.trick[0] if self.trick else -1
            legal = legal_plays(self.trumps, self.hands[self._to_move], led, self.rules.privilege)
            self._legal = legal
        return legal

    def _play(self, card: int) -> None:
        seat = self._to_move
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        self._legal = -1
        if len(trick) < 3:
            self._to_move = self.next_seat(seat)
            return
        winner = self.leader
        for _ in range(trick_winner(self.trumps, trick)):
            winner = self.next_seat(winner)
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == 9:
            self._settle()

    def value(self) -> int:
        """What the contract is worth per paying player (with the palo de favor's extra)."""
        return self.rules.value_of_bid(self.contract, self.trumps)

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
        self._phase = OVER
        if self.first_player >= 0:
            self.paid_value = self.value()
            self.outcome = settle_defended(
                self.first_player, self.player, self.dealer, self.tricks_won, self.paid_value,
                self.balances, self.plate,
            )  # fmt: skip
        else:
            rules, player = self.rules, self.player
            before = sum(self.plate)
            self.paid_value = self.value()
            outcome = self.outcome = settle_plain(
                rules.plate_all, player, self.dealer, self.tricks_won, self.paid_value,
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
    def played_mask(self) -> int:
        """Every card played to a trick so far."""
        played = 0
        for c in self.trick:
            played |= 1 << c
        for _, cards, _ in self.finished:
            for c in cards:
                played |= 1 << c
        return played

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards ``seat`` cannot place: others' hands and discards, the unseen stock (the
        vuelta card is public)."""
        known = self.played_mask()
        if seat is not None:
            known |= self.hands[seat] | self.discards[seat]
        if self.turned >= 0:
            known |= 1 << self.turned
        return CardSet(FULL_MASK & ~known)

    def view(self, seat: int | None) -> TresilloView:
        """What ``seat`` may know now (``None``: a spectator)."""
        phase = self._phase
        finished = self.finished
        tricks = self._tricks_view
        if len(tricks) != len(finished):
            tricks = self._tricks_view = tuple(Trick.of(*trick) for trick in finished)
        hands, discards = self.hands, self.discards
        favor = self.rules.favor
        return TresilloView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            spec=self.game.spec,
            move=len(self._history),
            events=self.events(seat),
            phase=PHASE_NAMES[phase],
            dealer=self.dealer,
            favor=Suit(favor) if favor >= 0 else None,
            bid=CONTRACTS[self.bid] if self.bid >= 0 else None,
            bidder=self.bidder if self.bidder >= 0 else None,
            passed=tuple(s for s in range(4) if self.passed >> s & 1),
            player=self.player if self.player >= 0 else None,
            contract=CONTRACTS[self.contract] if self.contract >= 0 else None,
            first_player=self.first_player if self.first_player >= 0 else None,
            trumps=Suit(self.trumps) if self.trumps >= 0 else None,
            turned=Card(self.turned) if self.turned >= 0 else None,
            plate=tuple(self.plate),
            balances=tuple(self.balances),
            hand=CardSet(hands[seat]) if seat is not None else CardSet(0),
            discards=CardSet(discards[seat]) if seat is not None else CardSet(0),
            cards_held=tuple(h.bit_count() for h in hands),
            discarded=tuple(d.bit_count() for d in discards),
            drawn=tuple(self.drawn),
            stock_left=self.stock_left,
            tricks_won=tuple(self.tricks_won),
            current_trick=Trick.of(self.leader, self.trick) if phase in (PLAY, ASK) else None,
            finished_tricks=tricks,
            outcome=self.outcome,
            polla=self.polla,
            bola=self.bola_announced,
            estuches=self.estuches if phase == OVER else 0,
            estuche_paid=self.estuche_paid,
            bola_paid=self.bola_paid,
        )

    def __str__(self) -> str:
        lines = [
            f"tresillo: dealer seat {self.dealer}, phase {self.phase()}, plate "
            f"{'/'.join(str(p) for p in self.plate) or '-'}, balances "
            f"{' '.join(str(b) for b in self.balances)}"
        ]
        if self.player >= 0:
            lines.append(f"player: seat {self.player} ({CONTRACTS[self.contract]})")
        if self.trumps >= 0:
            lines.append(f"trumps: {SUIT_CODES[self.trumps - 4]}")
        for seat in self.active:
            lines.append(
                f"seat {seat}: {cards_text(self.hands[seat])}  won {self.tricks_won[seat]}"
            )
        if self.outcome:
            lines.append(f"result: {self.outcome}")
        return "\n".join(lines)


def contract_rank(bid: int) -> int:
    """The place of ``bid`` in the ladder (0: entrada).

    >>> contract_rank(ENTRADA), contract_rank(ENTRADA_FAVOR), contract_rank(SOLO_FAVOR)
    (0, 1, 4)
    """
    return _BID_RANK[bid]
