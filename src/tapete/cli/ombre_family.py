"""What the terminal tables of the Ombre family (Ombre, Tresillo, Danish l'hombre) share
beyond the exchange (:mod:`tapete.cli.exchange`): the options and the seats, the session's
course (its opening lines, the play, its end), resuming a saved session, the beginning and the
end of a deal, the events every one of them prints alike (the cards drawn, the trumps named,
the cards played), the money table with the pot under it, and the person's turn as far as it
is the same (the trick on the table, the discards, the hand).

Each table keeps what is its own: its words, its auction and contracts, how a deal's outcome
is told, what lies in the pot (Ombre's pool, Tresillo's plate, none in l'hombre).
"""

from __future__ import annotations

import argparse
from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from rich.console import Console

from tapete.cards import Card, CardSet
from tapete.cli.common import LEFT_STATUS, add_play_options
from tapete.cli.exchange import DealView, ExchangeTable
from tapete.cli.ombre_cards import TAKE_BACK, sorted_hand, styled
from tapete.cli.prompt import read_line
from tapete.cli.table import table_game
from tapete.cli.texts import N_
from tapete.engine import Game, Trick
from tapete.engine.events import Event
from tapete.engine.match import DealSummary, MatchState, MatchView
from tapete.errors import ConfigError

#: The suits by their engine code.
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def add_session_arguments(parser: argparse.ArgumentParser, players: str) -> None:
    """Options of ``tapete play GAME`` of the family (those of every ``play``, and
    ``--deals``); ``players`` says which counts of players the game takes."""
    add_play_options(parser, players)
    parser.add_argument("--deals", type=int, default=None, help=N_("deals in the session"))


class DealShown(DealView, Protocol):
    """What these tables read of a seat's view of the deal."""

    @property
    def phase(self) -> str:
        """The deal's phase (``auction``, ``exchange``, ``play``...)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def trumps(self) -> int | None:
        """The trump suit once named."""
        ...

    @property
    def balances(self) -> Sequence[int]:
        """Every seat's balance as the deal has it."""
        ...

    @property
    def discards(self) -> CardSet:
        """The seat's cards thrown away in the exchange."""
        ...

    @property
    def stock_left(self) -> int:
        """The cards left in the stock."""
        ...

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played."""
        ...

    @property
    def finished_tricks(self) -> Sequence[Trick]:
        """The tricks of the deal played to the end."""
        ...


class DealOutcome(Protocol):
    """What these tables read of a finished deal's result."""

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def outcome(self) -> str:
        """How the deal ended (``all_pass``...)."""
        ...

    @property
    def changes(self) -> Sequence[int]:
        """Every seat's gain or loss in the deal."""
        ...


R_co = TypeVar("R_co", bound=DealOutcome, covariant=True)
DV = TypeVar("DV", bound=DealShown)
R = TypeVar("R", bound=DealOutcome)


class SessionView(Protocol[R_co]):
    """What these tables read of the person's view of the session."""

    @property
    def deal_index(self) -> int:
        """The finished deals."""
        ...

    @property
    def balances(self) -> Sequence[int]:
        """Every seat's balance in the session."""
        ...

    @property
    def finished(self) -> Sequence[DealSummary]:
        """The finished deals' summaries."""
        ...

    @property
    def results(self) -> Sequence[R_co]:
        """The finished deals' results."""
        ...


class OmbreFamilyTable(ExchangeTable, Generic[DV, R]):
    """The terminal table of a session of the Ombre family: owns the session, asks the
    person, lets the bots play.

    Everything it prints comes from the person's views and events (``state.view(me)``,
    ``state.events(me, since)``): the text is made here from their values. ``DV`` is the
    game's view of a deal, ``R`` its result of a finished deal.
    """

    commands = ("money", "last", "rules")
    #: The session's game (``ombre-match``...).
    match_game: str
    #: The error when ``--players`` is not the game's count of players.
    players_error: str
    #: The class of the game's views of a deal (what :meth:`deal_view` gives).
    deal_view_type: type[DV]
    state: MatchState
    _hand_shown: tuple[str, int] | None = None  # the hand last printed, and when
    _dealt_cards = 0  # the cards dealt so far in the deal, to every seat

    def __init__(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str] = read_line,
    ) -> None:
        self._open(table_game(args, self.match_game, num_deals=args.deals))
        n = self.game.num_players()
        if getattr(args, "players", None) not in (None, n):
            raise ConfigError(self.players_error)
        if not 0 <= args.seat < n:
            raise ConfigError(f"--seat must be {', '.join(map(str, range(n - 1)))} or {n - 1}")
        self._sit_down(args, console, read, self._seat_label)
        self._init_exchange()
        self._dealt: dict[int, CardSet] = {}  # with --reveal: every seat's cards as dealt

    @abstractmethod
    def _open(self, game: Game) -> None:
        """Take the session's ``game`` (``--resume``: the record's) and its new state."""

    def _seat_label(self, seat: int) -> str:
        """What a bot's name says of its seat (``rule-1``)."""
        return str(seat)

    @abstractmethod
    def view(self) -> SessionView[R]:
        """The person's view of the session now."""

    def deal_view(self, seat: int | None = None) -> DV | None:
        """A seat's (the person's by default) view of the live deal, if any."""
        view = self.state.view(self.me if seat is None else seat)
        deal = view.deal if isinstance(view, MatchView) else None
        return deal if isinstance(deal, self.deal_view_type) else None

    # -- the session --------------------------------------------------------------------------
    def run(self) -> int:
        """Play the whole session; returns 0 (or 1 if the person quit)."""
        self._intro()
        if not self.play_turns():
            return LEFT_STATUS
        self._session_over()
        return 0

    @abstractmethod
    def _intro(self) -> None:
        """The opening lines: the game, the seats, the seed, what to type."""

    def _session_over(self) -> None:
        """The end of the session: the final balances and the winners."""
        self._show_money(self.t("final balances"))
        self._print_winners(list(self.view().balances))

    def _resumed(self) -> None:
        self._since = self.state.move_number()
        view = self.view()
        self._deals_seen = view.deal_index
        deal = self.deal_view()
        self._in_deal = deal is not None
        if deal is not None:
            self._trumps = int(deal.trumps) if deal.trumps is not None else -1
            self._trick = self._on_table(deal)
            self._tricks_seen = len(deal.finished_tricks)
            self._resumed_deal(deal)
        self.console.print(self.t("resumed at deal {n}", n=view.deal_index + 1))

    @abstractmethod
    def _resumed_deal(self, deal: DV) -> None:
        """Set what the table tracks of the live deal as the resumed view has it."""

    def _next_seat(self, seat: int, dealer: int) -> int:
        """Who plays after ``seat`` in a trick."""
        return (seat + 1) % len(self.names)

    def _on_table(self, deal: DV) -> list[tuple[int, int]]:
        """The cards of the trick being played, each with its seat."""
        trick = deal.current_trick
        if trick is None:
            return []
        out = []
        seat = trick.leader
        for card in trick.cards:
            out.append((seat, int(card)))
            seat = self._next_seat(seat, deal.dealer)
        return out

    # -- what happened: the person's events -----------------------------------------------------
    def _begin_deal(self) -> None:
        view = self.deal_view()
        assert view is not None
        self._in_deal = True
        self._dealt_cards = 0
        self._trumps = -1
        self._trick = []
        self._tricks_seen = 0
        self._last_trick_text = ""
        self._deal_begins(view)

    @abstractmethod
    def _deal_begins(self, view: DV) -> None:
        """A new deal: set what the table tracks of it, and say it (its dealer...)."""

    def _noted(self, event: Event) -> bool:
        """Note ``event`` before it is printed; False when it is not printed on its own."""
        return True

    def _print_event(self, event: Event) -> None:
        if not self._noted(event):
            return
        kind, actor = event.kind, event.actor
        name = self.names[actor] if actor >= 0 else ""
        if kind != "draw":
            self._flush_draws()
        if not self._in_deal:
            self._begin_deal()
        if kind == "draw":
            card = event.arg("card")
            if event.arg("to") == self.me and card is not None:
                self._draws.append(Card(int(card)))
        elif kind == "trumps":
            self.console.print(f"  {name}: " + self._trumps_are(str(event.arg("suit"))))
            self._show_trump_order()
        elif kind == "play":
            self._played(actor, int(event.arg("card")))
        else:
            self._deal_event(event, name)

    @abstractmethod
    def _deal_event(self, event: Event, name: str) -> None:
        """Print an event of the game's own (``name``: its actor's, or ``""``)."""

    def _card_dealt(self) -> None:
        """A card dealt (of three hands of nine): the last one shows the person's hand."""
        self._dealt_cards += 1
        if self._dealt_cards == 27:
            if self.reveal:
                self._dealt = {seat: self._hand_of(seat) for seat in range(3)}
            self._show_hand(sorted_hand(self._hand_of(self.me).mask, -1))

    def _trumps_are(self, suit: str) -> str:
        """Set the trumps (a suit's code); the sentence naming them."""
        symbol = SYMBOLS[suit]
        self._trumps = "♣♦♥♠".index(symbol) + 4
        return self.t("trumps are {suit}", suit=styled(symbol))

    def _has_turned_card(self, view: DV, seat: int) -> bool:
        """Whether ``seat`` holds the card turned up for trumps (his exchange takes it)."""
        return False

    def _exchanged(self, name: str, actor: int, k: int) -> None:
        """A seat's exchange: ``k`` cards drawn (the turned card taken, or none)."""
        t = self.t
        view = self.deal_view()
        if view is not None and self._has_turned_card(view, actor):
            text = t.ngettext("takes the turned card and draws {n}",
                              "takes the turned card and draws {n}", k)  # fmt: skip
        elif k == 0:
            text = t("takes no card")
        else:
            text = t.ngettext("exchanges {n} card", "exchanges {n} cards", k)
        self.console.print(f"  {name}: {text}")

    def _deal_over(self, index: int) -> None:
        view = self.view()
        result = view.results[index]
        if result.outcome == "all_pass":
            self.console.print("  " + self._all_passed())
        else:
            self._deal_result(result)
        if self.reveal and self._dealt:
            self._show_dealt(sorted(self._dealt.items()))
        # The deal as it ended: with a rotating dealer the next deal (and its antes) may
        # already have begun.
        balances = [int(b) for b in view.finished[index].standings]
        self._show_money(self.t("after the deal"), result, balances)
        self._in_deal = False
        self._dealt = {}

    def _all_passed(self) -> str:
        """What a deal that all passed comes to."""
        return self.t("all passed: the cards are thrown in, nothing is paid")

    @abstractmethod
    def _deal_result(self, result: R) -> None:
        """Print how a deal that was played ended: the tricks, the outcome."""

    # -- the money ------------------------------------------------------------------------------
    def _show_money(
        self, title: str, result: R | None = None, balances: Sequence[int] | None = None
    ) -> None:
        """The balances (with a deal's changes) and the pot: given, or those of the deal in
        progress (else of the session)."""
        if balances is None:
            deal = self.deal_view()
            balances = deal.balances if deal is not None else self.view().balances
        if result is None:
            self._money_table(title, balances)
        else:
            self._money_table(title, balances, result.changes, self._marked_dealer(result))
        pot = self._pot_text(result)
        if pot:
            self.console.print(pot)

    def _marked_dealer(self, result: R) -> int | None:
        """The seat marked as the dealer in a deal's money table."""
        return result.dealer

    def _pot_text(self, result: R | None) -> str:
        """The line under the money table: what is in the pot after ``result`` (else now)."""
        return ""

    def _show(self, command: str) -> None:
        self._show_money(self.t("now"))  # "money"

    # -- the person's turn -------------------------------------------------------------------------
    def _show_turn(self) -> None:
        view = self.deal_view()
        assert view is not None
        c, t = self.console, self.t
        trumps = int(view.trumps) if view.trumps is not None else -1
        self._show_game(view, trumps)
        if view.phase == "exchange" and view.discards:
            cards = styled(sorted_hand(view.discards.mask, trumps))
            c.print(t("discarded so far: {cards}", cards=cards))
        if view.phase == "exchange" and self._pending:
            pending = " ".join(text.split(" ", 1)[1] for text in self._pending)
            c.print(
                t("to discard on '{draw}': {cards} ('{back}' takes them back)",
                  draw=self.shown("draw"), cards=styled(pending), back=t(TAKE_BACK[0]))
            )  # fmt: skip
        self._show_hand(sorted_hand(view.hand.mask, trumps))

    @abstractmethod
    def _show_game(self, view: DV, trumps: int) -> None:
        """The person's turn before the exchange and the hand: the bids, the game, the
        tricks (:meth:`_show_on_table`)."""

    def _show_on_table(self, view: DV) -> None:
        """The cards of the trick being played, if any."""
        played = self._on_table(view)
        if played:
            cards = ", ".join(f"{self.names[s]} {styled(str(Card(x)))}" for s, x in played)
            self.console.print(self.t("on the table: {cards}", cards=cards))

    def _hand_moment(self) -> int:
        """What a hand printed again is new at: the hand is not printed twice in a moment."""
        return self.state.move_number()

    def _show_hand(self, cards: str) -> None:
        """Print the person's hand, unless the same line was just printed."""
        key = (cards, self._hand_moment())
        if key != self._hand_shown:
            self.console.print(self.t("your hand: {cards}", cards=styled(cards)))
        self._hand_shown = key

    def _exchange_prompt(self) -> str:
        """What the person is asked in the exchange."""
        t = self.t
        view = self.deal_view()
        stock = view.stock_left if view is not None else 0
        most = min(9, stock)
        if view is not None and self._has_turned_card(view, self.me):
            most = min(10, stock + 1)  # the turned card is in the hand: ten to choose from
        return t(
            "cards to discard (stock {stock}, up to {most}), '{back} CARD' to take one "
            "back, '{draw}' to draw: ", stock=stock, most=most,
            back=t(TAKE_BACK[0]), draw=self.shown("draw"),
        )  # fmt: skip
