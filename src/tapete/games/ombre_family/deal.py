"""The deal state every game of the Ombre family subclasses: the deal of 3 × 9 cards in
packets of three, the exchange with the stock, nine tricks, the events and the hidden cards.

What is the game's own comes in named hooks (python-chess's variants, pokerkit's one
``State``): the auction and its words (:meth:`FamilyDealState._other_actions`,
:meth:`~FamilyDealState._apply_other`), who exchanges and how many cards
(:meth:`~FamilyDealState._player_exchanges`, :meth:`~FamilyDealState.min_discards`), what
follows the exchange (:meth:`~FamilyDealState._after_exchange`), the extra plays (vole,
bola, surrender, tout: :meth:`~FamilyDealState._play_extras`,
:meth:`~FamilyDealState._apply_play_extra`), the settlement
(:meth:`~FamilyDealState._settle`), the cards a seat sees besides its own
(:meth:`~FamilyDealState._seen_cards`), the refusals of its own rules
(:meth:`~FamilyDealState._refusal`) and its view (:meth:`~FamilyDealState.view`); its
words are data (``WORDS``, :class:`~tapete.games.ombre_family.actions.ActionWords`).
``docs/ombre-family.md`` says how a member is added.

Seats are numbered in anti-clockwise playing order. The three seats that play a deal,
:attr:`~FamilyDealState.active`, begin with :attr:`~FamilyDealState.first_speaker` (the seat
after the dealer: Ombre's eldest hand, Tresillo's mano, Danish l'hombre's forehand), who
receives the first packet and speaks first.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Final, Self

from tapete.cards import Card, CardSet
from tapete.engine.api import CHANCE, TERMINAL, PlayerView, State, Trick, mypyc_attr
from tapete.engine.events import EVERYONE, NO_ARGS, prebuilt_events
from tapete.errors import IllegalActionError, NotationError
from tapete.games.ombre_family.actions import (
    AUCTION,
    CARD_ID,
    CHANCE_PHASES,
    COUNT,
    DEAL,
    DISCARD,
    N_CARDS,
    OVER,
    PLAY,
    STOCK,
    SUIT_CODES,
    TO,
    TURN,
    ActionWords,
    card_actions,
    cards_text,
)
from tapete.games.ombre_family.explain import why_illegal
from tapete.games.ombre_family.tables import FULL_MASK, legal_plays, trick_winner

# Prebuilt raw events of the card actions (no allocation on the hot path), for up to four
# seats.
_DEAL_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "deal", 1 << s, TO[s]) for s in range(4)
)
_DRAW_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "draw", 1 << s, TO[s]) for s in range(4)
)
_TURN_EVENTS: Final = prebuilt_events(N_CARDS, CHANCE, "turn", EVERYONE)
_PLAY_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "play", EVERYONE) for s in range(4))
_DISCARD_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "discard", 1 << s) for s in range(4))


@mypyc_attr(allow_interpreted_subclasses=True)
class FamilyDealState(State):
    """A position in one deal of a game of the Ombre family (subclassed by each game).

    The subclass's ``__init__`` calls :meth:`_start_deal` and then sets its own fields; the
    class attribute :attr:`DRAW` is the game's action ending a seat's discards.
    """

    #: The action that ends a seat's discards and takes as many cards from the stock.
    DRAW: int = -1
    #: ``PHASE_NAMES[phase]``: the name of each phase the game has (``phase_table``).
    PHASE_NAMES: tuple[str, ...] = ()
    #: The game's words (its ``actions`` module's ``WORDS``).
    WORDS: ActionWords
    #: The refusals' words: the player, the exchange, the stock; the reason code of a card
    #: already out of the pack.
    PLAYER_WORD = "the player"
    EXCHANGE_WORD = "exchange"
    STOCK_WORD = "stock"
    ALREADY_OUT = "already_out"
    #: The deal's rules object (its ``privilege``: matadors need not follow an unforcing
    #: trump lead); each game's own rules class.
    rules: Any

    def _start_deal(self, seats: int) -> None:
        """The fields of a deal about to be dealt by ``self.game``'s dealer at a table of
        ``seats`` (the dealer sits out at four)."""
        game: Any = self.game
        self._history = []
        self._events = []
        self.dealer: int = game.dealer
        self.num_seats: int = seats
        #: The three seats that play, in order of speaking (the first speaker first).
        self.active: tuple[int, ...] = tuple(
            s for s in ((self.dealer + k) % seats for k in range(1, seats + 1))
            if seats == 3 or s != self.dealer
        )  # fmt: skip
        #: The seat after the dealer: first dealt, first to speak.
        self.first_speaker: int = self.active[0]
        self._next: tuple[int, ...] = tuple(
            self.active[(self.active.index(s) + 1) % 3] if s in self.active else -1
            for s in range(seats)
        )
        self.start_balances: tuple[int, ...] = tuple(game.balances)
        self.balances = list(game.balances)
        self._phase = DEAL
        self._dealt = 0  # card ids out of the pack (dealt, drawn, turned up)
        self._ndealt = 0
        self.hands = [0] * seats
        self.discards = [0] * seats
        self.drawn = [0] * seats
        self.stock_left = 13
        self._to_move = self.first_speaker
        #: The seat playing against the others (``-1`` until the auction names one).
        self.player = -1
        self.trumps = -1
        #: The card turned up for the player (Tresillo's vuelta, the tourné), else -1.
        self.turned = -1
        self._order: tuple[int, ...] = ()
        self._exch = 0
        self._to_draw = 0
        self.leader = -1
        self.trick: list[int] = []
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0] * seats
        self.outcome: str | None = None
        self._legal = -1
        self._tricks_view: tuple[Trick, ...] = ()
        self._trick_view: Trick | None = None

    def next_seat(self, seat: int) -> int:
        """The next seat in playing order after ``seat`` (a dealer who sits out skipped)."""
        return self._next[seat]

    # -- hooks ----------------------------------------------------------------------------------
    @abstractmethod
    def _other_actions(self, phase: int) -> list[int]:
        """The legal actions of a phase that is the game's own (the auction…)."""

    @abstractmethod
    def _apply_other(self, phase: int, seat: int, action: int) -> None:
        """Apply an action of a phase that is the game's own (emitting its event)."""

    def _play_extras(self) -> list[int]:
        """The actions besides a card open to the seat on play (vole, bola, surrender…)."""
        return []

    def _apply_play_extra(self, seat: int, action: int) -> None:
        """Apply one of :meth:`_play_extras` (emitting its event)."""
        raise NotImplementedError  # a game with extra plays gives it

    def _player_exchanges(self) -> bool:
        """Whether the player exchanges too (not in a game played without buying)."""
        return True

    def min_discards(self, seat: int) -> int:
        """The fewest cards ``seat`` must discard before drawing."""
        return 0

    @abstractmethod
    def _after_exchange(self) -> None:
        """What follows the last exchange (trumps named, the rest turned up, the play)."""

    @abstractmethod
    def _settle(self) -> None:
        """Settle the deal once the ninth trick is played (the phase is set to ``OVER``)."""

    def _seen_cards(self, seat: int | None) -> int:
        """The cards ``seat`` may place besides its own, the played and the turned ones (the
        stock's rest turned up, a hand played open)."""
        return 0

    def _rest_chance(self, action: int, card: int) -> None:
        """A card from the pack at a chance phase that is the game's own (Ombre's rest)."""
        raise NotImplementedError  # a game with a chance phase of its own gives it

    @abstractmethod
    def _refusal(self, phase: int, action: int) -> IllegalActionError | None:
        """Why the illegal ``action`` is refused by the game's own rules (its phases, its
        words: the auction, trumps, extra plays); ``None`` leaves it to the family's
        (:mod:`tapete.games.ombre_family.explain`)."""

    @abstractmethod
    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (``None``: a spectator): the game's view class made
        with :meth:`shared_view_fields` and its own fields."""

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        return why_illegal(self, action)

    def _action_to_string(self, action: int) -> str:
        return self.WORDS.text(action, self._phase)

    def string_to_action(self, text: Any) -> int:
        """The action written ``text``; a card verb must fit the phase (any value: a
        non-string is a :class:`NotationError`)."""
        if not isinstance(text, str):
            raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
        return self.WORDS.parse(text, self._phase, self)

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards come from the pack, TERMINAL when settled."""
        phase = self._phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """The name of the phase (the game's ``PHASE_NAMES``)."""
        return self.PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the deal is settled (or thrown in)."""
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        """True while a card comes from the pack."""
        return self._phase in CHANCE_PHASES

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted (cards first)."""
        phase = self._phase
        if phase == PLAY:
            actions = card_actions(self._play_mask())
            extras = self._play_extras()
            if extras:
                actions.extend(extras)
            return actions
        if phase in CHANCE_PHASES:
            return card_actions(FULL_MASK & ~self._dealt)
        if phase == DISCARD:
            seat = self._to_move
            actions = card_actions(self.hands[seat]) if self._may_discard_more(seat) else []
            if self._may_draw(seat):
                actions.append(self.DRAW)
            return actions
        if phase == OVER:
            return []
        return self._other_actions(phase)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely."""
        if self._phase not in CHANCE_PHASES:
            return []
        cards = card_actions(FULL_MASK & ~self._dealt)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused; any value: a
        non-int is refused by the engine's checks)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        return self._apply_int(action)

    def _apply_int(self, action: int) -> None:
        """:meth:`apply_action` of an int (an unboxed one in the compiled core)."""
        phase = self._phase
        if 0 <= action < N_CARDS:
            card = CARD_ID[action]
            if phase == PLAY and self._play_mask() >> card & 1:
                self._events.append(_PLAY_EVENTS[self._to_move][action])
                self._play(card)
                self._history.append(action)
                return
            if phase in CHANCE_PHASES and not self._dealt >> card & 1:
                self._chance(action, card)
                self._history.append(action)
                return
        State.apply_action(self, action)  # the checked general path

    def _apply(self, action: int) -> None:
        phase = self._phase
        seat = self._to_move
        if phase in CHANCE_PHASES:
            self._chance(action, CARD_ID[action])
        elif phase == PLAY:
            if action < N_CARDS:
                self._events.append(_PLAY_EVENTS[seat][action])
                self._play(CARD_ID[action])
            else:
                self._apply_play_extra(seat, action)
        elif phase == DISCARD:
            if action == self.DRAW:
                k = self._draw_count(seat)
                self._events.append((seat, "exchange", action, EVERYONE, COUNT[k]))
                if k:
                    self._to_draw = k
                    self._phase = STOCK
                else:
                    self._next_exchanger()
            else:
                self._events.append(_DISCARD_EVENTS[seat][action])
                card = CARD_ID[action]
                self.hands[seat] &= ~(1 << card)
                self.discards[seat] |= 1 << card
        else:
            self._apply_other(phase, seat, action)

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's change of balance in this deal."""
        return [float(b - s) for b, s in zip(self.balances, self.start_balances, strict=True)]

    def clone(self) -> Self:
        """An independent copy."""
        other = self._copy_base()
        other.balances = list(self.balances)
        other.hands = list(self.hands)
        other.discards = list(self.discards)
        other.drawn = list(self.drawn)
        other.trick = list(self.trick)
        other.finished = list(self.finished)
        other.tricks_won = list(self.tricks_won)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, self.dealer, tuple(self.hands), tuple(self.discards), self._dealt,
            tuple(self.drawn), self.stock_left, self._to_move, self.player, self.trumps,
            self.turned, self._exch, self._to_draw, self.leader, tuple(self.trick),
            tuple(self.finished), tuple(self.tricks_won), tuple(self.balances), self.outcome,
            *self._own_key(),
        )  # fmt: skip

    @abstractmethod
    def _own_key(self) -> tuple[Any, ...]:
        """The game's own fields that tell two positions apart (auction, money…)."""

    def __str__(self) -> str:
        lines = [
            f"{self.game.name}: dealer seat {self.dealer}, phase {self.phase()}, "
            f"{self._money_text()}balances {' '.join(str(b) for b in self.balances)}"
        ]
        if self.player >= 0:
            lines.append(self._player_text())
        if self.trumps >= 0:
            lines.append(f"trumps: {SUIT_CODES[self.trumps - 4]}")
        for seat in self.active:
            lines.append(
                f"seat {seat}: {cards_text(self.hands[seat])}  won {self.tricks_won[seat]}"
            )
        if self.trick:
            played = sum(1 << c for c in self.trick)
            lines.append(f"trick (led by seat {self.leader}): {cards_text(played)}")
        if self.outcome:
            lines.append(f"result: {self.outcome}")
        return "\n".join(lines)

    def _money_text(self) -> str:
        """The money on the table in :meth:`__str__` (``pool 3, ``), if any."""
        return ""

    def _player_text(self) -> str:
        """Who plays what, in :meth:`__str__`."""
        return f"player: seat {self.player}"

    # -- the deal -------------------------------------------------------------------------------
    def deal_recipient(self) -> int:
        """The seat that receives the next card of the deal (packets of three from the first
        speaker)."""
        return self.active[(self._ndealt // 3) % 3]

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to: dealt in packets, turned up, or drawn."""
        phase = self._phase
        if phase == DEAL:
            return self.deal_recipient()
        return self._to_move if phase in (STOCK, TURN) else None

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
                self._to_move = self.first_speaker
        elif phase == STOCK:
            seat = self._to_move
            self._events.append(_DRAW_EVENTS[seat][action])
            self.hands[seat] |= 1 << card
            self.drawn[seat] += 1
            self.stock_left -= 1
            self._to_draw -= 1
            if self._to_draw == 0:
                self._next_exchanger()
        elif phase == TURN:
            self._events.append(_TURN_EVENTS[action])
            self.turned = card
            self.trumps = int(Card(card).suit)
            self.hands[self.player] |= 1 << card
            self.stock_left -= 1
            self._start_exchange()
        else:
            self._rest_chance(action, card)

    # -- the exchange -----------------------------------------------------------------------------
    def _start_exchange(self) -> None:
        p = self.player
        order = (p, self.next_seat(p), self.next_seat(self.next_seat(p)))
        self._order = order if self._player_exchanges() else order[1:]
        self._exch = 0
        self._phase = DISCARD
        self._to_move = self._order[0]

    def _draw_count(self, seat: int) -> int:
        """How many cards ``seat`` draws for its discards (the turned card is the player's
        first)."""
        k: int = self.discards[seat].bit_count()
        return k - 1 if seat == self.player and self.turned >= 0 else k

    def _may_draw(self, seat: int) -> bool:
        return bool(self.discards[seat].bit_count() >= self.min_discards(seat))

    def _may_discard_more(self, seat: int) -> bool:
        if not self.hands[seat]:
            return False
        if seat == self.player and self.turned >= 0:
            return bool(self.discards[seat].bit_count() < min(10, self.stock_left + 1))
        return bool(self.discards[seat].bit_count() < min(9, self.stock_left))

    def _next_exchanger(self) -> None:
        self._exch += 1
        if self._exch < len(self._order):
            self._phase = DISCARD
            self._to_move = self._order[self._exch]
            return
        self._after_exchange()

    # -- the play -------------------------------------------------------------------------------
    def _start_play(self, leader: int) -> None:
        self._phase = PLAY
        self.leader = self._to_move = leader
        self._legal = -1

    def _legal_mask(self, hand: int, led: int) -> int:
        """The cards of ``hand`` that may be played on ``led`` (-1: a lead)."""
        return legal_plays(self.trumps, hand, led, self.rules.privilege)

    def _trick_index(self, trick: list[int]) -> int:
        """The index (in playing order) of the card winning ``trick`` (so far)."""
        return trick_winner(self.trumps, trick)

    def _seat_winning(self, trick: list[int]) -> int:
        """The seat whose card wins the (non-empty) ``trick`` so far."""
        seat = self.leader
        for _ in range(self._trick_index(trick)):
            seat = self._next[seat]
        return seat

    def _play_mask(self) -> int:
        legal = self._legal
        if legal < 0:
            led = self.trick[0] if self.trick else -1
            legal = self._legal = self._legal_mask(self.hands[self._to_move], led)
        return legal

    def _play(self, card: int) -> None:
        seat = self._to_move
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        self._legal = -1
        if len(trick) < 3:
            self._to_move = self._next[seat]
            return
        winner = self._seat_winning(trick)
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == 9:
            self._phase = OVER
            self._settle()

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
        """Cards ``seat`` cannot place: others' hands and discards, the unseen stock."""
        known = self.played_mask() | self._seen_cards(seat)
        if seat is not None:
            known |= self.hands[seat] | self.discards[seat]
        if self.turned >= 0:
            known |= 1 << self.turned
        return CardSet(FULL_MASK & ~known)

    def finished_tricks(self) -> tuple[Trick, ...]:
        """The finished tricks as views (built once per trick)."""
        tricks = self._tricks_view
        if len(tricks) != len(self.finished):
            tricks = self._tricks_view = tuple(Trick.of(*trick) for trick in self.finished)
        return tricks

    def current_trick(self) -> Trick:
        """The trick in progress as a view (rebuilt only when it changed)."""
        trick = self.trick
        cached = self._trick_view
        # The last card tells tricks apart: a winner leading again gives the same leader and
        # count, but a card is played once a deal.
        if (
            cached is None
            or cached.leader != self.leader
            or len(cached.cards) != len(trick)
            or (trick and cached.cards[-1] != trick[-1])
        ):
            winning = self._seat_winning(trick) if trick else None
            cached = self._trick_view = Trick.of(self.leader, trick, winning=winning)
        return cached

    def shared_view_fields(self, seat: int | None) -> dict[str, Any]:
        """The fields every view of the family has, as keyword arguments of the game's
        view class (what ``cli/ombre_family.py`` reads)."""
        hands, discards = self.hands, self.discards
        return {
            "game": self.game.name,
            "seat": seat,
            "current_player": self.current_player(),
            "spec": self.game.spec,
            "move": len(self._history),
            "events": self.events(seat),
            "dealer": self.dealer,
            "balances": tuple(self.balances),
            "hand": _cards(hands[seat]) if seat is not None else _NO_CARDS,
            "discards": _cards(discards[seat]) if seat is not None else _NO_CARDS,
            "cards_held": tuple(h.bit_count() for h in hands),
            "discarded": tuple(d.bit_count() for d in discards),
            "drawn": tuple(self.drawn),
            "stock_left": self.stock_left,
            "tricks_won": tuple(self.tricks_won),
            "finished_tricks": self.finished_tricks(),
            "outcome": self.outcome,
        }


_NO_CARDS: Final = CardSet(0)


def _cards(mask: int) -> CardSet:
    return CardSet(mask) if mask else _NO_CARDS


__all__ = ["NO_ARGS", "FamilyDealState"]
