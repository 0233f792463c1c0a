"""Ombre: play a session against bots in the terminal.

When it is your turn type ``ombre`` (I play) or ``pass`` in the auction; in the exchange type
the cards to throw away (``♥7 ♦6``, or ``H7 D6``) and then ``draw``; name trumps with a suit
(``♣`` or ``C`` or ``clubs``); in play type a card (``♣K`` or ``CK``). ``?`` lists the legal
choices, ``money`` shows the pool and balances, ``quit`` leaves (and offers to save). Bad
input is refused with the reason and asked again. ``--lang es|ru`` (default: the locale's)
prints every text in Spanish or Russian (:mod:`tapete.cli.texts`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rich.console import Console

from tapete.cards import Card, CardSet
from tapete.cli.common import LEFT_STATUS, add_play_options
from tapete.cli.exchange import ExchangeTable
from tapete.cli.ombre_cards import TAKE_BACK, sorted_hand, styled, trump_order
from tapete.cli.prompt import ombre_text, read_line
from tapete.cli.table import play_table, table_game
from tapete.cli.texts import N_
from tapete.engine.events import Event
from tapete.errors import ConfigError
from tapete.games.ombre import OmbreMatchState, OmbreState
from tapete.games.ombre.actions import SUIT_CODES
from tapete.games.ombre.view import DealResult, OmbreMatchView, OmbreView

__all__ = ["OmbreTable", "add_arguments", "run", "sorted_hand", "styled", "trump_order"]
SEAT_NAMES = (N_("West"), N_("East"), N_("North"))
#: The outcomes of a deal by their proper names.
OUTCOMES = {"sacardo": N_("sacardo"), "codille": N_("codille"), "puesta": N_("puesta"),
            "codille_split": N_("codille (split)")}  # fmt: skip
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play ombre`` (those of every ``play``, and ``--deals``)."""
    add_play_options(parser, N_("always 3"))
    parser.add_argument("--deals", type=int, default=None, help=N_("deals in the session"))


#: The names of the highest trumps (Punto only when trumps are red).
MATADORS = (N_("Spadille"), N_("Manille"), N_("Basto"), N_("Punto"))


class OmbreTable(ExchangeTable):
    """The terminal table: owns the session, asks the person, lets the bots play.

    Everything it prints comes from the person's views and events (``state.view(me)``,
    ``state.events(me, since)``): the text is made here from their values.
    """

    family = "ombre"
    commands = ("money", "last", "rules")
    matadors = MATADORS

    def __init__(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str] = read_line,
    ) -> None:
        self.game = table_game(args, "ombre-match", num_deals=args.deals)
        state = self.game.new_initial_state()
        assert isinstance(state, OmbreMatchState)
        self.state: OmbreMatchState = state
        if getattr(args, "players", None) not in (None, 3):
            raise ConfigError("Ombre is played by 3 players (--players 3)")
        if not 0 <= args.seat < 3:
            raise ConfigError("--seat must be 0, 1 or 2")
        self._sit_down(args, console, read, lambda seat: self.t(SEAT_NAMES[seat]))
        self._init_exchange()
        self._dealt_cards = 0
        self._dealt: list[CardSet] = []
        self._shows: list[tuple[int, Card]] = []  # the face-up deal choosing the dealer

    @property
    def deal(self) -> OmbreState | None:
        """The deal in progress, if any."""
        return self.state.deal

    def view(self) -> OmbreMatchView:
        """The person's view of the session now."""
        return self.state.view(self.me)

    def deal_view(self, seat: int | None = None) -> OmbreView | None:
        """A seat's (the person's by default) view of the live deal, if any."""
        deal = self.state.view(self.me if seat is None else seat).deal
        return deal if isinstance(deal, OmbreView) else None

    def run(self) -> int:
        """Play the whole session; returns 0 (or 1 if the person quit)."""
        c, t = self.console, self.t
        deals = int(getattr(self.game, "params", {}).get("num_deals", 0))
        c.print(
            t.ngettext(
                "Ombre — 3 players, {deals} deal; you are {name} (seat {seat}, {place}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                "Ombre — 3 players, {deals} deals; you are {name} (seat {seat}, {place}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                deals, deals=deals, name=self.names[self.me], seat=self.me,
                place=t(SEAT_NAMES[self.me]), seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(
            t("Type 'ombre' or 'pass', cards to discard then 'draw', a suit, a card; 'help' for "
              "help.") + "\n",
            markup=False,
        )  # fmt: skip
        if not self.play_turns():
            return LEFT_STATUS
        view = self.view()
        last = view.results[-1].pool_after if view.results else 0
        if last - view.unassigned:
            share = (last - view.unassigned) // 3
            c.print(t("the pool of {pool} is shared: {share} to each player", pool=last,
                      share=share))  # fmt: skip
        self._show_money(t("final balances"))
        if view.unassigned:
            c.print(t.ngettext("{n} unit of the pool could not be shared and stays unassigned",
                               "{n} units of the pool could not be shared and stay unassigned",
                               view.unassigned))  # fmt: skip
        self._print_winners(list(self.view().balances))
        return 0

    def _resumed(self) -> None:
        self._since = self.state.move_number()
        view = self.view()
        self._deals_seen = view.deal_index
        deal = self.deal_view()
        self._in_deal = deal is not None
        if deal is not None:
            self._dealt_cards = 27
            self._trumps = int(deal.trumps) if deal.trumps is not None else -1
            trick = deal.current_trick
            if trick is not None:
                self._trick = [((trick.leader + i) % 3, int(c)) for i, c in enumerate(trick.cards)]
        self.console.print(self.t("resumed at deal {n}", n=view.deal_index + 1))

    # -- what happened: the person's events -----------------------------------------------------
    def _begin_deal(self) -> None:
        view = self.deal_view()
        assert view is not None
        self._in_deal = True
        self._dealt_cards = 0
        self._trumps = -1
        self._trick = []
        self._tricks_seen = 0
        self.console.rule(
            self.t("deal {n}: dealer: {who}; pool {pool} after the antes",
                   n=self.view().deal_index + 1, who=self.names[view.dealer], pool=view.pool)
        )  # fmt: skip

    def _print_event(self, event: Event) -> None:
        c, t = self.console, self.t
        kind, actor = event.kind, event.actor
        name = self.names[actor] if actor >= 0 else ""
        if kind == "show":
            self._shows.append((event.arg("to"), Card(int(event.arg("card")))))
            return
        self._flush_shows()
        if kind != "draw":
            self._flush_draws()
        if not self._in_deal:
            self._begin_deal()
        if kind == "draw":
            card = event.arg("card")
            if event.arg("to") == self.me and card is not None:
                self._draws.append(Card(int(card)))
        elif kind == "deal":
            self._dealt_cards += 1
            if self._dealt_cards == 27:
                if self.reveal:
                    self._dealt = [self._hand_of(seat) for seat in range(3)]
                self._show_hand(sorted_hand(self._hand_of(self.me).mask, -1))
        elif kind in ("pass", "bid"):
            words = {"ombre": N_("I play"), "sans_prendre": N_("sans prendre")}
            said = t(words.get(event.arg("contract"), N_("pass")))
            c.print(f"  {name}: {said}")
        elif kind == "exchange":
            k = event.arg("count", 0)
            text = t.ngettext("exchanges {n} card", "exchanges {n} cards", k)
            c.print(f"  {name}: {text}")
        elif kind == "rest" and not event.hidden:
            rest = styled(str(event.arg("card")))
            c.print("  " + t("the rest of the stock: {cards}", cards=rest))
        elif kind == "trumps":
            suit = event.arg("suit")
            self._trumps = SUIT_CODES.index(suit) + 4
            c.print(f"  {name}: " + t("trumps are {suit}", suit=styled(SYMBOLS[suit])))
            self._show_trump_order()
        elif kind == "vole":
            c.print(f"  {name}: " + t("vole!"))
        elif kind == "play":
            self._played(actor, int(event.arg("card")))

    def _flush_shows(self) -> None:
        """The face-up deal that chose the dealer, in one line."""
        if not self._shows:
            return
        to, card = self._shows[-1]
        count = len(self._shows)
        self.console.print(
            "  " + self.t.ngettext("dealer chosen face up: {n} card, the black ace {card}: {who}",
                                   "dealer chosen face up: {n} cards, the black ace {card}: {who}",
                                   count, card=styled(str(card)), who=self.names[to])
        )  # fmt: skip
        self._shows = []

    def _deal_over(self, index: int) -> None:
        c, t = self.console, self.t
        view = self.view()
        result = view.results[index]
        summary = view.finished[index]
        if result.outcome == "all_pass":
            if getattr(self.game, "params", {}).get("all_pass") == "throw_in_pay_two":
                c.print("  " + t("all passed: the cards are thrown in and each player puts two "
                                 "more units into the pool"))  # fmt: skip
            else:
                c.print(
                    "  " + t("all passed: the cards are thrown in, the pool is carried forward")
                )
        else:
            assert result.ombre is not None
            c.print("  " + self._tricks_taken(result.tricks_won))
            ombre = self.names[result.ombre]
            best = max(range(3), key=lambda x: result.tricks_won[x])
            text = {
                "sacardo": N_("the ombre ({ombre}) wins and takes the pool"),
                "codille": N_("the ombre ({ombre}) pays the amount of the pool to: {who}"),
                "puesta": N_("the ombre ({ombre}) doubles the pool"),
                "codille_split": N_("the ombre ({ombre}) pays the pool to the two defenders"),
            }.get(result.outcome, "")
            outcome = t(OUTCOMES.get(result.outcome, result.outcome))
            said = t(text, ombre=ombre, who=self.names[best]) if text else ""
            c.print(f"  [bold]{outcome}[/]: {said}")
        if self.reveal and self._dealt:
            self._show_dealt(list(enumerate(self._dealt)))
        # The deal as it ended: with a rotating dealer the next deal (and its antes) has
        # already begun, and after the last deal the leftover pool is shared afterwards.
        balances = [int(b) for b in summary.standings]
        self._show_money(t("after the deal"), result, balances, result.pool_after)
        self._in_deal = False
        self._dealt = []

    def _show_money(
        self,
        title: str,
        result: DealResult | None = None,
        balances: Sequence[int] | None = None,
        pool: int | None = None,
    ) -> None:
        """The balances and the pool: given, or those of the deal in progress (else of the
        session)."""
        deal = self.deal_view()
        money: OmbreMatchView | OmbreView = deal if deal is not None else self.view()
        if balances is None:
            balances = money.balances
        if pool is None:
            pool = money.pool
        self._money_table(title, balances, result.changes if result is not None else None)
        self.console.print(self.t("pool: {pool}", pool=pool))

    def _show(self, command: str) -> None:
        self._show_money(self.t("now"))  # "money"

    # -- the person's turn -------------------------------------------------------------------------
    def _show_turn(self) -> None:
        view = self.deal_view()
        assert view is not None
        c, t = self.console, self.t
        phase = view.phase
        trumps = int(view.trumps) if view.trumps is not None else -1
        if phase == "play":
            won = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won))
            symbol = "♣♦♥♠"[view.trumps - 4] if view.trumps is not None else "?"
            c.print(t("trumps {suit}; tricks: {tricks}", suit=styled(symbol), tricks=won))
            if view.current_trick is not None and view.current_trick.cards:
                leader = view.current_trick.leader
                played = ", ".join(
                    f"{self.names[(leader + i) % 3]} {styled(str(card))}"
                    for i, card in enumerate(view.current_trick.cards)
                )
                c.print(t("on the table: {cards}", cards=played))
        if phase == "exchange" and view.discards:
            cards = styled(sorted_hand(view.discards.mask, trumps))
            c.print(t("discarded so far: {cards}", cards=cards))
        if phase == "exchange" and self._pending:
            pending = " ".join(text.split(" ", 1)[1] for text in self._pending)
            c.print(
                t("to discard on '{draw}': {cards} ('{back}' takes them back)",
                  draw=t.action("ombre", "draw"), cards=styled(pending), back=t(TAKE_BACK[0]))
            )  # fmt: skip
        self._show_hand(sorted_hand(view.hand.mask, trumps))

    def _show_hand(self, cards: str) -> None:
        """Print the person's hand, unless the same line was just printed."""
        moves = self.state.move_number()
        if (cards, moves) != getattr(self, "_hand_shown", None):
            self.console.print(self.t("your hand: {cards}", cards=styled(cards)))
        self._hand_shown = (cards, moves)

    def _expand(self, answer: str, phase: str) -> list[str]:
        """The person's short forms as action texts (``♥7 ♦6`` → two discards), in English,
        Spanish or Russian (:func:`tapete.cli.prompt.ombre_text`)."""
        translated = ombre_text(answer, phase)
        if translated != [answer]:
            return translated
        words = answer.split()
        if not words:
            return [answer]
        first = words[0].lower()
        if first in ("ombre", "pass", "draw", "vole", "sans-prendre", "discard", "play", "trumps"):
            if first in ("discard", "play") and len(words) > 2:
                return [f"{first} {w}" for w in words[1:]]
            return [answer]
        if answer.lower() in ("i play", "sans prendre"):
            return [answer]
        if phase == "exchange":
            return [f"discard {w}" for w in words]
        if phase == "trumps":
            return [f"trumps {answer}"]
        if phase == "play":
            return [f"play {answer}"]
        return [answer]

    def shown(self, text: str) -> str:
        """An engine action text in the table's words."""
        return self.t.action("ombre", text)

    def _prompt(self, phase: str, texts: list[str]) -> str:
        t = self.t
        if phase in ("auction", "sans-prendre"):
            return t("you say ({choices}): ", choices=" / ".join(texts))
        if phase == "exchange":
            view = self.deal_view()
            stock = view.stock_left if view is not None else 0
            return t(
                "cards to discard (stock {stock}, up to {most}), '{back} CARD' to take one "
                "back, '{draw}' to draw: ", stock=stock, most=min(9, stock),
                back=t(TAKE_BACK[0]), draw=t.action("ombre", "draw"),
            )  # fmt: skip
        if phase == "trumps":
            return t("name trumps (♣ ♦ ♥ ♠ or C D H S): ")
        return t("your card: ")

    def _typed(self, answer: str, phase: str) -> list[str]:
        return self._expand(answer, phase)

    def _take_back(self, cards: list[str]) -> None:
        """Take back pending discards (all of them without cards named)."""
        if not cards:
            self._pending = []
        else:
            wanted = {f"discard {card}" for text in cards for card in self._expand_cards(text)}
            self._pending = [t for t in self._pending if t not in wanted]
        self._show_turn()

    def _expand_cards(self, text: str) -> list[str]:
        return [t.split(" ", 1)[1] for t in self._expand(text, "exchange")]


def run(args: argparse.Namespace) -> int:
    """Play a session of Ombre in the terminal."""
    return play_table(lambda: OmbreTable(args, Console(highlight=False)), args)
