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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from tapete.cards import CardSet, Suit
from tapete.engine.api import CHANCE, TERMINAL, State, Trick
from tapete.engine.events import EVERYONE, NO_ARGS, Event, prebuilt_events
from tapete.errors import IllegalActionError
from tapete.games.ombre.actions import (
    AUCTION,
    CARD_ID,
    COUNT,
    DEAL,
    DISCARD,
    DRAW,
    N_CARDS,
    OMBRE,
    OVER,
    PASS,
    PHASE_NAMES,
    PLAY,
    REST,
    SANS_PRENDRE,
    SP_ASK,
    STOCK,
    SUIT_CODES,
    TO,
    TRUMP_SUITS,
    TRUMPS,
    TRUMPS_BASE,
    VOLE,
    action_text,
    card_actions,
    cards_text,
    parse_action,
)
from tapete.games.ombre.explain import why_illegal
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.scoring import settle
from tapete.games.ombre.tables import FULL_MASK, SPADILLE, legal_plays, trick_winner, trump_order
from tapete.games.ombre.view import OmbreView

if TYPE_CHECKING:
    from tapete.games.ombre.game import OmbreGame


# Prebuilt raw events of the card actions (no allocation on the hot path).
_DEAL_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "deal", 1 << s, TO[s]) for s in range(3)
)
_DRAW_EVENTS: Final = tuple(
    prebuilt_events(N_CARDS, CHANCE, "draw", 1 << s, TO[s]) for s in range(3)
)
_PLAY_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "play", EVERYONE) for s in range(3))
_DISCARD_EVENTS: Final = tuple(prebuilt_events(N_CARDS, s, "discard", 1 << s) for s in range(3))
_SUITS: Final = {int(s): s for s in TRUMP_SUITS}


class SharedEvents(State):
    """Materialises each event once for all the seats that see it alike (the seats who see
    the action share one :class:`Event`, the others another), so that a view at every
    decision of every seat costs one event value per action, not one per seat."""

    _shared_events: dict[int, Event] | None = None

    def _materialize(self, seat: int | None, start: int, stop: int) -> list[Event]:
        raw = self._events
        cache = self._shared_events
        if cache is None:
            cache = self._shared_events = {}
        offset = self._move_offset()
        out = []
        for index in range(start, stop):
            actor, kind, action, visible, public = raw[index]
            sees = visible == EVERYONE or (seat is not None and seat >= 0 and visible >> seat & 1)
            key = 2 * index + (0 if sees else 1)
            event = cache.get(key)
            if event is None:
                move = offset + index
                if sees:
                    secret = self._event_args_for(move, kind, action)
                    args = public + secret if secret else public
                    event = Event(move, actor, kind, action, args)
                else:
                    event = Event(move, actor, kind, None, public, True)
                cache[key] = event
            out.append(event)
        return out


class OmbreState(SharedEvents):
    """A position in one deal of Ombre (see :class:`~tapete.games.ombre.game.OmbreGame`)."""

    def __init__(self, game: OmbreGame) -> None:
        self.game: OmbreGame = game
        rules: OmbreRules = game.rules
        self.rules = rules
        self._history = []
        self._events = []
        self.dealer: int = game.dealer
        self.eldest = (self.dealer + 1) % 3
        self.start_balances: tuple[int, ...] = tuple(game.balances)
        self.start_pool: int = game.pool
        ante = rules.ante
        self.balances = [b - ante for b in game.balances]
        self.pool: int = game.pool + 3 * ante
        self._phase = DEAL
        self._dealt = 0  # card ids out of the pack (dealt, drawn, turned up)
        self._ndealt = 0
        self.hands = [0, 0, 0]
        self.discards = [0, 0, 0]
        self.drawn = [0, 0, 0]
        self.stock_left = 13
        self.rest = 0
        self._to_move = self.eldest
        self._speeches = 0
        self.ombre = -1
        self.sans_prendre = False
        self.forced = False
        self._forced_pending = False
        self._challenger = -1
        self.trumps = -1
        self._order: tuple[int, ...] = ()
        self._exch = 0
        self._exchange_done = False
        self._to_draw = 0
        self.leader = -1
        self.trick: list[int] = []
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.tricks_won = [0, 0, 0]
        self.vole_announced = False
        self.matadors = 0
        self.outcome: str | None = None
        self._legal = -1
        self._tricks_view: tuple[Trick, ...] = ()
        self._trick_view: Trick | None = None

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards come from the pack, TERMINAL when settled."""
        phase = self._phase
        if phase in (DEAL, STOCK, REST):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """``deal``, ``auction``, ``sans-prendre``, ``trumps``, ``exchange``, ``stock``,
        ``rest``, ``play`` or ``over``."""
        return PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the deal is settled (or thrown in)."""
        return self._phase == OVER

    def is_chance_node(self) -> bool:
        """True while a card comes from the pack."""
        phase = self._phase
        return phase in (DEAL, STOCK, REST)

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted (cards first)."""
        phase = self._phase
        if phase == PLAY:
            actions = card_actions(self._play_mask())
            if self._vole_open():
                actions.append(VOLE)
            return actions
        if phase in (DEAL, STOCK, REST):
            return card_actions(FULL_MASK & ~self._dealt)
        if phase == DISCARD:
            seat = self._to_move
            actions = card_actions(self.hands[seat]) if self._may_discard_more(seat) else []
            if self._may_draw(seat):
                actions.append(DRAW)
            return actions
        if phase == AUCTION:
            return self._auction_actions()
        if phase == SP_ASK:
            return [PASS, SANS_PRENDRE]
        if phase == TRUMPS:
            return [TRUMPS_BASE, TRUMPS_BASE + 1, TRUMPS_BASE + 2, TRUMPS_BASE + 3]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card still in the pack, equally likely."""
        phase = self._phase
        if phase not in (DEAL, STOCK, REST):
            return []
        cards = card_actions(FULL_MASK & ~self._dealt)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        phase = self._phase
        if 0 <= action < N_CARDS:
            card = CARD_ID[action]
            if phase == PLAY and self._play_mask() >> card & 1:
                self._events.append(_PLAY_EVENTS[self._to_move][action])
                self._play(card)
                self._history.append(action)
                return
            if (phase in (DEAL, STOCK, REST)) and not self._dealt >> card & 1:
                self._chance(action, card)
                self._history.append(action)
                return
        State.apply_action(self, action)  # the checked general path

    def _apply(self, action: int) -> None:
        phase = self._phase
        seat = self._to_move
        events = self._events
        if phase in (DEAL, STOCK, REST):
            self._chance(action, CARD_ID[action])
        elif phase == PLAY:
            if action == VOLE:
                events.append((seat, "vole", action, EVERYONE, NO_ARGS))
                self.vole_announced = True
            else:
                events.append(_PLAY_EVENTS[seat][action])
                self._play(CARD_ID[action])
        elif phase == DISCARD:
            if action == DRAW:
                k = self.discards[seat].bit_count()
                events.append((seat, "exchange", action, EVERYONE, COUNT[k]))
                self._draw()
            else:
                events.append(_DISCARD_EVENTS[seat][action])
                card = CARD_ID[action]
                self.hands[seat] &= ~(1 << card)
                self.discards[seat] |= 1 << card
        elif phase in (AUCTION, SP_ASK):
            events.append((seat, "pass" if action == PASS else "bid", action, EVERYONE, NO_ARGS))
            self._speak(action)
        elif phase == TRUMPS:
            events.append((seat, "trumps", action, EVERYONE, NO_ARGS))
            self.trumps = int(TRUMP_SUITS[action - TRUMPS_BASE])
            if self._exchange_done:
                self._start_play()
            else:
                self._start_exchange()

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        return why_illegal(self, action)

    def _action_to_string(self, action: int) -> str:
        """``deal ♣7``, ``stock ♥3``, ``rest ♦2``, ``ombre``, ``pass``, ``sans-prendre``,
        ``discard ♥7``, ``draw``, ``trumps ♣``, ``play ♣K``, ``vole``."""
        return action_text(action, self._phase)

    def string_to_action(self, text: str) -> int:
        """The action written ``text``; a card verb must fit the phase (``play`` in play)."""
        return parse_action(text, self._phase, self)

    # -- results --------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's change of balance in this deal (antes included).

        The sum of the returns plus the pool's change (``pool - start_pool``) is zero.
        """
        return [float(b - s) for b, s in zip(self.balances, self.start_balances, strict=True)]

    def pool_change(self) -> int:
        """How much the pool grew (negative: shrank) in this deal."""
        return self.pool - self.start_pool

    def clone(self) -> OmbreState:
        """An independent copy."""
        other = self._copy_base()
        other.balances = list(self.balances)
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
            tuple(self.drawn), self.stock_left, self.rest, self._to_move, self._speeches,
            self.ombre, self.sans_prendre, self.forced, self._forced_pending, self._challenger,
            self.trumps, self._exch, self._exchange_done, self._to_draw, self.leader,
            tuple(self.trick), tuple(self.finished), tuple(self.tricks_won), self.vole_announced,
            self.pool, tuple(self.balances), self.outcome,
        )  # fmt: skip

    # -- deal and auction ---------------------------------------------------------------------
    def deal_recipient(self) -> int:
        """The seat that receives the next card of the deal (packets of three from eldest)."""
        return (self.eldest + self._ndealt // 3) % 3

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to: dealt in packets, or drawn from the stock."""
        if self._phase == DEAL:
            return self.deal_recipient()
        return self._to_move if self._phase == STOCK else None

    def _chance(self, action: int, card: int) -> None:
        self._dealt |= 1 << card
        phase = self._phase
        if phase == DEAL:
            seat = (self.eldest + self._ndealt // 3) % 3
            self._events.append(_DEAL_EVENTS[seat][action])
            self.hands[seat] |= 1 << card
            self._ndealt += 1
            if self._ndealt == 27:
                self._phase = AUCTION
                self._to_move = self.eldest
        elif phase == STOCK:
            seat = self._to_move
            self._events.append(_DRAW_EVENTS[seat][action])
            self.hands[seat] |= 1 << card
            self.drawn[seat] += 1
            self.stock_left -= 1
            self._to_draw -= 1
            if self._to_draw == 0:
                self._next_exchanger()
        else:
            visible = self._rest_seats()
            self._events.append((CHANCE, "rest", action, visible, NO_ARGS))
            self.rest |= 1 << card
            self.stock_left -= 1
            if not self.stock_left:
                self._after_exchange()

    def _auction_actions(self) -> list[int]:
        if self._forced_pending:
            return [OMBRE]
        sp = self.rules.sans_prendre_auction
        if self.ombre < 0:
            return [PASS, OMBRE, SANS_PRENDRE] if sp else [PASS, OMBRE]
        if sp and not self.sans_prendre:
            return [PASS, SANS_PRENDRE]
        return [PASS]

    def _speak(self, action: int) -> None:
        seat = self._to_move
        if self._phase == SP_ASK:
            if action == PASS:
                self.ombre = self._challenger
            self.sans_prendre = True
            self._challenger = -1
            self._phase = AUCTION
        elif self._forced_pending:
            self._forced_pending = False
            self.forced = True
            self.ombre = seat
            self._after_auction()
            return
        elif action == OMBRE:
            self.ombre = seat
        elif action == SANS_PRENDRE:
            if self.ombre >= 0:
                self._challenger = seat
                self._phase = SP_ASK
                self._to_move = self.ombre
                return
            self.ombre = seat
            self.sans_prendre = True
        self._speeches += 1
        if self._speeches < 3:
            self._to_move = (self.eldest + self._speeches) % 3
            return
        if self.ombre >= 0:
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
            self._to_move = self.ombre
        else:
            self._start_exchange()

    # -- exchange -----------------------------------------------------------------------------
    def _start_exchange(self) -> None:
        o = self.ombre
        order = (o, (o + 1) % 3, (o + 2) % 3)
        self._order = order[1:] if self.sans_prendre else order
        self._exch = 0
        self._phase = DISCARD
        self._to_move = self._order[0]

    def _may_draw(self, seat: int) -> bool:
        return seat != self.ombre or self.discards[seat].bit_count() >= self.rules.min_discard_ombre

    def _may_discard_more(self, seat: int) -> bool:
        return self.discards[seat].bit_count() < min(9, self.stock_left) and self.hands[seat] != 0

    def _draw(self) -> None:
        k = self.discards[self._to_move].bit_count()
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
        self._exchange_done = True
        if self.rules.rest_visible != "none" and self.stock_left:
            self._phase = REST
            return
        self._after_exchange()

    def _after_exchange(self) -> None:
        self._exchange_done = True
        if self.trumps >= 0:
            self._start_play()
        else:
            self._phase = TRUMPS
            self._to_move = self.ombre

    # -- play ---------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._phase = PLAY
        self.leader = self._to_move = self.eldest if self.rules.eldest_leads else self.ombre
        self._legal = -1
        if self.rules.matador_payments:
            run = 0
            hand = self.hands[self.ombre]
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
            and self.tricks_won[self.ombre] == 5
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
            self._to_move = (seat + 1) % 3
            return
        winner = (self.leader + trick_winner(self.trumps, trick)) % 3
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == 9:
            self._settle()

    def _settle(self) -> None:
        """Sacardo, codille or puesta and the extra payments (see :mod:`.scoring`)."""
        self._phase = OVER
        self.outcome, self.pool = settle(
            self.rules, self.ombre, self.tricks_won, self.pool, self.balances,
            self.sans_prendre, self.matadors, self.vole_announced,
        )  # fmt: skip

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

    def _rest_seats(self) -> int:
        """The seat bitmask (or EVERYONE) of who sees the stock's rest turned up."""
        visible = self.rules.rest_visible
        if visible == "all":
            return EVERYONE
        if visible == "none" or self.ombre < 0 or not self._order:
            return 0
        if visible == "last_exchanger":  # the classic rule: the last to exchange may look
            return 1 << self._order[-1]
        return 1 << self.ombre

    def rest_visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` may see the cards of the stock turned up after the exchange."""
        visible = self.rules.rest_visible
        if visible == "all":
            return True
        return seat is not None and bool(self._rest_seats() >> seat & 1)

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards ``seat`` cannot place: others' hands and discards, the unseen stock."""
        known = self.played_mask()
        if seat is not None:
            known |= self.hands[seat] | self.discards[seat]
        if self.rest_visible_to(seat):
            known |= self.rest
        return CardSet(FULL_MASK & ~known)

    def _current_trick_view(self) -> Trick:
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
            cached = self._trick_view = Trick.of(self.leader, trick)
        return cached

    def view(self, seat: int | None) -> OmbreView:
        """What ``seat`` may know now (``None``: a spectator)."""
        phase = self._phase
        finished = self.finished
        tricks = self._tricks_view
        if len(tricks) != len(finished):
            tricks = self._tricks_view = tuple(Trick.of(*trick) for trick in finished)
        hands = self.hands
        discards = self.discards
        return OmbreView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            spec=self.game.spec,
            move=len(self._history),
            events=self.events(seat),
            phase=PHASE_NAMES[phase],
            dealer=self.dealer,
            ombre=self.ombre if self.ombre >= 0 and not self._forced_pending else None,
            sans_prendre=self.sans_prendre,
            forced=self.forced,
            trumps=_SUITS[self.trumps] if self.trumps >= 0 else None,
            pool=self.pool,
            balances=tuple(self.balances),
            hand=_cards(hands[seat]) if seat is not None else _NO_CARDS,
            discards=_cards(discards[seat]) if seat is not None else _NO_CARDS,
            cards_held=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count()),
            discarded=(discards[0].bit_count(), discards[1].bit_count(), discards[2].bit_count()),
            drawn=tuple(self.drawn),
            stock_left=self.stock_left,
            rest=_cards(self.rest) if self.rest and self.rest_visible_to(seat) else _NO_CARDS,
            tricks_won=tuple(self.tricks_won),
            current_trick=self._current_trick_view() if phase == PLAY else None,
            finished_tricks=tricks if phase >= PLAY else (),
            vole=self.vole_announced,
            outcome=self.outcome,
        )

    def __str__(self) -> str:
        lines = [
            f"ombre: dealer seat {self.dealer}, phase {self.phase()}, pool {self.pool}, "
            f"balances {' '.join(str(b) for b in self.balances)}"
        ]
        if self.ombre >= 0:
            sp = " sans prendre" if self.sans_prendre else ""
            lines.append(f"ombre: seat {self.ombre}{sp}")
        if self.trumps >= 0:
            lines.append(f"trumps: {SUIT_CODES[self.trumps - 4]}")
        for seat in range(3):
            lines.append(
                f"seat {seat}: {cards_text(self.hands[seat])}  won {self.tricks_won[seat]}"
            )
        if self.trick:
            lines.append(f"trick (led by seat {self.leader}): {cards_text(_mask(self.trick))}")
        if self.outcome:
            lines.append(f"result: {self.outcome}")
        return "\n".join(lines)


_NO_CARDS: Final = CardSet(0)


def _cards(mask: int) -> CardSet:
    return CardSet(mask) if mask else _NO_CARDS


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
