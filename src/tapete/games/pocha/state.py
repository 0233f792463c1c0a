"""A position in one hand of La Pocha: :class:`PochaState` (the hot path of the rules).

Cards are held as card-id bitmasks inside the state; actions are the compact numbers of
:mod:`tapete.games.pocha.actions` (a card action is the card's deck-local index).

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('pocha', n_players=4, hand_size=3).new_initial_state()
>>> state.current_player() == tapete.CHANCE, state.phase()
(True, 'deal')
>>> state = random_playout(state, random.Random(3))
>>> state.is_terminal(), state.phase(), len(state.returns())
(True, 'over', 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tapete.cards import CardSet
from tapete.engine.api import CHANCE, TERMINAL, State, mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS, Event
from tapete.errors import IllegalActionError, NotationError
from tapete.games.pocha.actions import (
    AUCTION,
    BIDDING,
    DEAL,
    NAMING,
    OVER,
    PHASE_NAMES,
    PLAY,
    SWAP2,
    SWAP7,
    TURN,
    action_text,
    parse_action,
)
from tapete.games.pocha.explain import why_illegal
from tapete.games.pocha.scoring import hand_scores
from tapete.games.pocha.tables import SUIT_MASK
from tapete.games.pocha.view import PochaView, hand_view

if TYPE_CHECKING:
    from tapete.games.pocha.game import PochaGame

#: ``_OUTCOMES[k][action]``: the chance outcome ``(action, 1/k)``, built once.
#: (Typed ``Any`` so that compiled code passes the tuples through without unboxing them.)
_OUTCOMES: Final[list[tuple[Any, ...]]] = [()] + [
    tuple((c, 1.0 / k) for c in range(48)) for k in range(1, 49)
]
SEVEN_SLOT: Final = 6
TWO_SLOT: Final = 1


@mypyc_attr(allow_interpreted_subclasses=True)
class PochaState(State):
    """A position in one hand of La Pocha (see :class:`~tapete.games.pocha.game.PochaGame`).

    ``hands`` are card-id bitmasks per seat; ``finished`` the tricks as
    ``(leader, card ids, winner)``; ``bids`` -1 until made. In a *ronda subastada*
    ``auction`` holds ``(seat, offer)`` (offer -1: a pass) and ``auction_winner`` the seat
    that named trumps (its bid is its winning offer).
    """

    def __init__(self, game: PochaGame) -> None:
        self.game = game
        rules = game.rules
        self.rules = rules
        self._history = []
        self._events = []
        self.n_players = rules.n_players
        self.hand_size = game.hand_size
        self.dealer = game.dealer
        self.mano = (game.dealer + 1) % rules.n_players
        self._phase = DEAL
        self._undealt = rules.deck.mask
        self._undealt_list = list(range(rules.deck_size))
        self._dealt = 0
        self._last_slot = game.hand_size * rules.n_players - 1
        self._slot_seat = game.slot_seats
        self._to_args = game.to_args
        self._next_seat = game.next_seat
        self._card_ids = rules.card_ids
        self._n_cards = rules.deck_size
        self._bits = game.local_bits
        self._above = rules.above
        self._follow_only = rules.follow_only
        self._undertrump_must = rules.undertrump_must
        self._bid_base = rules.bid_base
        self._all_bids = game.bid_actions
        self._deal_visible = game.deal_visible
        self._deal_events = game.deal_events
        self._play_events = game.play_events
        self._subastada = game.subastada
        #: ``ronda_india`` / ``ronda_ciega``: who sees the cards dealt (see the game).
        self.india = game.india
        self.ciega = game.ciega
        self.hands = [0] * rules.n_players
        self.trump_card = -1
        self.trump_suit = -1
        self._trump_mask = 0
        self.trump_card_holder = -1
        self.swaps: list[tuple[int, int, int]] = []
        self.bids = [-1] * rules.n_players
        #: The seat whose bid closes the bidding (the dealer unless it won the auction).
        self._last_bidder = game.dealer
        self.auction: list[tuple[int, int]] = []
        self.auction_winner = -1
        self._auction_out = 0
        self._high_offer = -1
        self._to_move = self.mano
        self.tricks_won = [0] * rules.n_players
        self.leader = self.mano
        self.trick: list[int] = []
        self._led = -1
        self._best_led = -1
        self._best_trump = -1
        self._winner = -1
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.scores: list[int] | None = None
        self._legal = -1
        self._swap_asked = 0
        self._finished_tricks: list[Any] = []
        #: Events every seat sees alike (public, or hidden from it), by move: built once.

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL when scored."""
        phase = self._phase
        if phase <= TURN:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """``deal``, ``turn``, ``seven-swap``, ``two-swap``, ``bidding``, ``play`` or ``over``."""
        return PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the hand is scored."""
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        """True while cards are being dealt or turned up."""
        return self._phase <= TURN

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted: cards (deal/turn/play), bids, swap/pass."""
        phase = self._phase
        if phase == PLAY:
            legal = self._legal
            if legal < 0:
                legal = self._play_mask()
            bits0, bits1, bits2, bits3 = self._bits
            return [
                *bits0[legal & 0xFFF],
                *bits1[legal >> 16 & 0xFFF],
                *bits2[legal >> 32 & 0xFFF],
                *bits3[legal >> 48 & 0xFFF],
            ]
        if phase <= TURN:
            return list(self._undealt_list)
        if phase == BIDDING:
            return self._bid_actions()
        if phase == AUCTION:
            return self._auction_actions()
        if phase == NAMING:
            base = self.rules.trump_base
            return [base, base + 1, base + 2, base + 3]
        if phase in (SWAP7, SWAP2):
            rules = self.rules
            if self.hands[self._to_move] >> self.swap_card() & 1:
                return [rules.swap, rules.pass_]
            return [rules.pass_]
        return []

    def chance_recipient(self) -> int | None:
        """The seat that receives the next card dealt (``None`` for the turned-up card)."""
        return self._slot_seat[self._dealt] if self._phase == DEAL else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card, equally likely."""
        if self._phase > TURN:
            return []
        cards = self._undealt_list
        table = _OUTCOMES[len(cards)]
        return [table[c] for c in cards]

    def is_legal(self, action: Any) -> bool:
        """True when ``action`` may be applied now (any value: a non-int is no action)."""
        if type(action) is not int:
            return State.is_legal(self, action)
        act: int = action
        if self._phase == PLAY:
            if not 0 <= act < self._n_cards:
                return False
            legal = self._legal
            if legal < 0:
                legal = self._play_mask()
            return bool(legal >> self._card_ids[act] & 1)
        return why_illegal(self, act) is None

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused; any value: a
        non-int is refused by the engine's checks)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        act: int = action  # (an unboxed int in the compiled core)
        phase = self._phase
        if 0 <= act < self._n_cards:
            card = self._card_ids[act]
            if phase == PLAY:
                legal = self._legal
                if legal < 0:
                    legal = self._play_mask()
                if legal >> card & 1:
                    self._play(act, card)
                    self._history.append(act)
                    return
            elif phase == DEAL and self._undealt >> card & 1:
                dealt = self._dealt
                if dealt < self._last_slot:  # the common case, inlined for speed
                    self._undealt ^= 1 << card
                    self._undealt_list.remove(act)
                    to = self._slot_seat[dealt]
                    self.hands[to] |= 1 << card
                    self._dealt = dealt + 1
                    self._events.append(self._deal_events[to][act])
                else:
                    self._deal(act)
                self._history.append(act)
                return
        State.apply_action(self, act)  # the checked general path

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(action, self._card_ids[action])
        elif phase <= TURN:
            self._deal(action)
        elif phase == BIDDING:
            self._bid(action - self._bid_base)
        elif phase == AUCTION:
            self._offer(action)
        elif phase == NAMING:
            self._name_trumps(action - self.rules.trump_base)
        else:
            self._swap(action == self.rules.swap)

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        return why_illegal(self, action)

    def _action_to_string(self, action: int) -> str:
        """``deal 3o``, ``turn 4b``, ``bid 2``, ``play Rc``, ``swap``, ``pass``."""
        if action >= self.rules.hand_actions:
            raise NotationError(f"{action!r} is not an action of a hand of pocha")
        return action_text(self.rules, self._phase, action)

    def string_to_action(self, text: str) -> int:
        """The action written ``text``: ``deal 3o``, ``turn 4b``, ``bid 2``, ``play Rc``...

        A card verb must fit the phase (``play`` during the play, ``deal`` while dealing,
        ``turn`` for the turned-up card): another is refused (:class:`IllegalActionError`).
        """
        seat = self.current_player()
        return parse_action(self.rules, self._phase, text, seat, self.phase())

    def returns(self) -> list[float]:
        """The hand's points per seat once scored (zeros before)."""
        if self.scores is None:
            return [0.0] * self.n_players
        return [float(s) for s in self.scores]

    def clone(self) -> PochaState:
        """An independent copy."""
        other = self._copy_base()
        other.rules = self.rules
        other.n_players = self.n_players
        other.hand_size = self.hand_size
        other.dealer = self.dealer
        other.mano = self.mano
        other._phase = self._phase
        other._undealt = self._undealt
        other._undealt_list = list(self._undealt_list)
        other._dealt = self._dealt
        other._last_slot = self._last_slot
        other._slot_seat = self._slot_seat
        other._to_args = self._to_args
        other._next_seat = self._next_seat
        other._card_ids = self._card_ids
        other._n_cards = self._n_cards
        other._bits = self._bits
        other._above = self._above
        other._follow_only = self._follow_only
        other._undertrump_must = self._undertrump_must
        other._bid_base = self._bid_base
        other._all_bids = self._all_bids
        other._deal_visible = self._deal_visible
        other._deal_events = self._deal_events
        other._play_events = self._play_events
        other._subastada = self._subastada
        other.india = self.india
        other.ciega = self.ciega
        other._last_bidder = self._last_bidder
        other.auction = list(self.auction)
        other.auction_winner = self.auction_winner
        other._auction_out = self._auction_out
        other._high_offer = self._high_offer
        other.hands = list(self.hands)
        other.trump_card = self.trump_card
        other.trump_suit = self.trump_suit
        other._trump_mask = self._trump_mask
        other.trump_card_holder = self.trump_card_holder
        other.swaps = list(self.swaps)
        other.bids = list(self.bids)
        other._to_move = self._to_move
        other.tricks_won = list(self.tricks_won)
        other.leader = self.leader
        other.trick = list(self.trick)
        other._led = self._led
        other._best_led = self._best_led
        other._best_trump = self._best_trump
        other._winner = self._winner
        other.finished = list(self.finished)
        other.scores = None if self.scores is None else list(self.scores)
        other._legal = self._legal
        other._swap_asked = self._swap_asked
        other._finished_tricks = list(self._finished_tricks)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, tuple(self.hands), self._undealt, self.trump_card, self.trump_suit,
            self.trump_card_holder, tuple(self.swaps), tuple(self.bids), self._to_move,
            tuple(self.tricks_won), self.leader, tuple(self.trick), tuple(self.finished),
            tuple(self.auction), self.auction_winner, self._last_bidder,
        )  # fmt: skip

    # -- rules --------------------------------------------------------------------------------
    def _deal(self, action: int) -> None:
        card = self._card_ids[action]
        self._undealt &= ~(1 << card)
        self._undealt_list.remove(action)
        rules = self.rules
        if self._phase == TURN:
            self._events.append((CHANCE, "turn", action, EVERYONE, NO_ARGS))
            self.trump_card = card
            self._set_trump(card >> 4)
            self._after_trump()
            return
        seat = self._slot_seat[self._dealt]
        visible = self._deal_visible[seat]
        if not self._undealt and rules.dealer_last_card and not self._subastada:
            visible = EVERYONE  # the dealer's last card is shown: it sets the trumps
        self._events.append((CHANCE, "deal", action, visible, self._to_args[seat]))
        self.hands[seat] |= 1 << card
        self._dealt += 1
        if self._dealt < self.hand_size * self.n_players:
            return
        if self._subastada:  # ronda subastada: nothing is turned up, trumps are auctioned
            self._phase = AUCTION
            self._to_move = self.mano
        elif self._undealt:
            self._phase = TURN
        elif rules.dealer_last_card:
            self.trump_card = card
            self.trump_card_holder = self.dealer
            self._set_trump(card >> 4)
            self._after_trump()
        else:
            self._start_bidding()

    def _set_trump(self, suit: int) -> None:
        self.trump_suit = suit
        self._trump_mask = SUIT_MASK[suit]

    def _after_trump(self) -> None:
        # No swap in a hand whose own cards are unseen (ronda india, ronda ciega): being
        # offered it would tell the holder of the 7 his card, and nobody could claim it.
        if (
            self.rules.seven_swap
            and not self.india
            and not self.ciega
            and self.trump_card_holder < 0
            and self.trump_card & 15 not in (SEVEN_SLOT, TWO_SLOT)
            and self.rules.deck.mask >> (16 * self.trump_suit + SEVEN_SLOT) & 1
        ):
            self._phase = SWAP7
            self._to_move = self.mano
            self._swap_asked = 0
        else:
            self._start_bidding()

    def swap_card(self) -> int:
        """The card id that may be swapped for the turned-up card now (the 7 or the 2)."""
        return 16 * self.trump_suit + (SEVEN_SLOT if self._phase == SWAP7 else TWO_SLOT)

    def _swap(self, swap: bool) -> None:
        seat = self._to_move
        rules = self.rules
        if swap:
            self._events.append((seat, "swap", rules.swap, EVERYONE, NO_ARGS))
            card = self.swap_card()
            self.hands[seat] = self.hands[seat] & ~(1 << card) | 1 << self.trump_card
            self.swaps.append((seat, card, self.trump_card))
            self.trump_card = card
            if self._phase == SWAP7 and rules.deck.mask >> (16 * self.trump_suit + TWO_SLOT) & 1:
                self._phase = SWAP2
                self._to_move = self.mano
                self._swap_asked = 0
            else:
                self._start_bidding()
            return
        self._events.append((seat, "pass", rules.pass_, EVERYONE, NO_ARGS))
        self._swap_asked += 1
        if self._swap_asked == self.n_players:
            self._start_bidding()
        else:
            self._to_move = self._next_seat[seat]

    def _start_bidding(self) -> None:
        self._phase = BIDDING
        self._to_move = self.mano

    # -- the ronda subastada's auction ---------------------------------------------------------
    def must_offer(self) -> bool:
        """In the auction: every other seat passed without an offer, so this one must offer."""
        return self._high_offer < 0 and self._auction_out.bit_count() == self.n_players - 1

    def _auction_actions(self) -> list[int]:
        """Offers above the highest so far (any number at first), and ``pass`` unless the
        seat is the last one left without an offer made."""
        base = self._bid_base
        offers = list(range(base + self._high_offer + 1, base + self.hand_size + 1))
        if self.must_offer():
            return offers
        return [*offers, self.rules.pass_]

    def _offer(self, action: int) -> None:
        seat = self._to_move
        rules = self.rules
        if action == rules.pass_:
            self._events.append((seat, "pass", action, EVERYONE, NO_ARGS))
            self.auction.append((seat, -1))
            self._auction_out |= 1 << seat
        else:
            self._events.append((seat, "offer", action, EVERYONE, NO_ARGS))
            self._high_offer = action - self._bid_base
            self.auction.append((seat, self._high_offer))
            self.auction_winner = seat  # the highest offer so far
        active = self.n_players - self._auction_out.bit_count()
        if self._high_offer >= 0 and (active == 1 or self._high_offer == self.hand_size):
            self._phase = NAMING  # nobody is left to outbid the highest offer
            self._to_move = self.auction_winner
            return
        nxt = self._next_seat[seat]
        while self._auction_out >> nxt & 1:
            nxt = self._next_seat[nxt]
        self._to_move = nxt

    def _name_trumps(self, suit: int) -> None:
        winner = self._to_move
        self._events.append((winner, "trumps", self.rules.trump_base + suit, EVERYONE, NO_ARGS))
        self._set_trump(suit)
        self.bids[winner] = self._high_offer  # the winning offer is the winner's bid
        self._phase = BIDDING
        self._to_move = self._next_seat[self.mano] if self.mano == winner else self.mano
        if winner == self.dealer:
            self._last_bidder = (self.dealer - 1) % self.n_players

    def _bid_actions(self) -> list[int]:
        """The legal bid actions: any number of tricks, but the last to bid (the dealer) may
        not square."""
        every = self._all_bids
        if self._to_move != self._last_bidder or not self.rules.dealer_restriction:
            return list(every)
        forbidden = self._bid_base + self.hand_size - sum([b for b in self.bids if b >= 0])
        return [a for a in every if a != forbidden]

    def _bid(self, bid: int) -> None:
        seat = self._to_move
        self._events.append((seat, "bid", self._bid_base + bid, EVERYONE, NO_ARGS))
        self.bids[seat] = bid
        if seat == self._last_bidder:
            self._phase = PLAY
            self._to_move = self.leader = self.mano
            self._legal = -1
        else:
            nxt = self._next_seat[seat]
            self._to_move = self._next_seat[nxt] if nxt == self.auction_winner else nxt

    def _play_mask(self) -> int:
        """The card ids the seat to move may play (cached until the next card is played)."""
        legal = self._legal
        if legal >= 0:
            return legal
        hand = self.hands[self._to_move]
        if not self.trick:
            legal = hand
        else:
            led = self._led
            follow = hand & SUIT_MASK[led]
            if self._follow_only:
                legal = follow or hand
            elif follow:
                if led != self.trump_suit and self._best_trump >= 0:
                    legal = follow  # s5: the trick is trumped, any card of the suit led
                else:
                    legal = follow & self._above[self._best_led] or follow  # s1, s2
            elif self.trump_suit < 0 or led == self.trump_suit:
                legal = hand
            else:
                trumps = hand & self._trump_mask
                if self._best_trump >= 0:
                    over = trumps & self._above[self._best_trump]  # s3
                    legal = over or (trumps if self._undertrump_must and trumps else hand)  # s4
                else:
                    legal = trumps or hand  # s3 (any trump), s4
        self._legal = legal
        return legal

    def _play(self, action: int, card: int) -> None:
        """Play ``card`` (action number ``action``): the one copy of the trick's logic."""
        seat = self._to_move
        self._events.append(self._play_events[seat][action])
        self.hands[seat] ^= 1 << card
        trick = self.trick
        suit = card >> 4
        if not trick:
            self._led = suit
            self._best_led = card
            self._winner = seat
            self._best_trump = card if suit == self.trump_suit else -1
        else:
            above = self._above
            best_trump = self._best_trump
            if suit == self.trump_suit and (best_trump < 0 or above[best_trump] >> card & 1):
                self._best_trump = best_trump = card
                self._winner = seat
            if suit == self._led and above[self._best_led] >> card & 1:
                self._best_led = card
                if best_trump < 0:
                    self._winner = seat
        trick.append(card)
        self._legal = -1
        if len(trick) < self.n_players:
            self._to_move = self._next_seat[seat]
            return
        winner = self._winner
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == self.hand_size:
            self._phase = OVER
            self.scores = hand_scores(self.rules, self.bids, self.tricks_won)

    # -- information --------------------------------------------------------------------------
    def winning_seat(self) -> int | None:
        """The seat whose card wins the trick being played so far (``None`` before its
        first card)."""
        return self._winner if self.trick else None

    def _public_known(self) -> int:
        """Cards whose place every seat knows: the trump card and the swapped cards."""
        known = 0
        if self.trump_card >= 0 and self._phase > TURN:
            known |= 1 << self.trump_card
        for _, gave, took in self.swaps:
            known |= 1 << gave | 1 << took
        return known

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards ``seat`` cannot place: others' hands and the stock, less what was shown."""
        own = 0
        if seat is not None:
            if self.india:  # every card but its own
                for other, hand in enumerate(self.hands):
                    if other != seat:
                        own |= hand
            elif not self.ciega:
                own = self.hands[seat]
        played = 0
        for c in self.trick:
            played |= 1 << c
        for _, cards, _ in self.finished:
            for c in cards:
                played |= 1 << c
        return CardSet(self.rules.deck.mask & ~(own | played | self._public_known()))

    def seat_events(self, seat: int | None) -> tuple[Event, ...]:
        """The hand's events as ``seat`` saw them (the engine keeps them materialised)."""
        return self.events(seat)

    def view(self, seat: int | None) -> PochaView:
        """What ``seat`` may know now (``None``: a spectator)."""
        return hand_view(self, seat)

    def __str__(self) -> str:
        deck = self.rules.deck
        lines = [f"pocha: {self.n_players} players, {self.hand_size} cards, dealer {self.dealer}, "
                 f"phase {self.phase()}"]  # fmt: skip
        if self.trump_card >= 0:
            lines.append(f"trump card {deck.format_card(self.trump_card)}")
        for seat in range(self.n_players):
            bid = self.bids[seat]
            lines.append(
                f"seat {seat}: {deck.format_cards(CardSet(self.hands[seat]))}"
                f"  bid {'-' if bid < 0 else bid}  won {self.tricks_won[seat]}"
            )
        if self.trick:
            lines.append(f"trick (led by seat {self.leader}): {deck.format_cards(self.trick)}")
        return "\n".join(lines)
