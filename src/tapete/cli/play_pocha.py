"""La Pocha: play a whole game against bots in the terminal.

Type a card (``3o``, ``Rc``, any case, or with the printed numbers: ``1o``, ``12c``) or a bid
(``2``) when it is your turn, in English, Spanish or Russian (``juego 3o``, ``ставка 2``);
``help`` lists the commands and the legal choices, ``sheet`` shows the score sheet, ``last``
the last trick, ``rules`` the rules in force, ``quit`` leaves (and offers to save the game).
Bad input is refused with the reason and asked again. ``--lang es|ru`` (default: the locale's)
prints every text in Spanish or Russian (:mod:`tapete.cli.texts`).

Everything shown comes from your seat's view and its events (values: cards, seats, bids),
turned into text here; the table never reads the game's internals.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from tapete.cards import Card
from tapete.cli.common import LEFT_STATUS, add_play_options
from tapete.cli.prompt import POCHA_SUITS, pocha_text, read_line
from tapete.cli.table import TerminalTable, play_table, table_game
from tapete.cli.texts import N_
from tapete.engine.events import Event
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.pocha import PochaMatchState, PochaMatchView, PochaView, SheetRow

SUIT_STYLE = {"o": "yellow", "c": "red", "e": "blue", "b": "green"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play pocha`` (the same as every ``play``)."""
    add_play_options(parser, N_("3-8, default 4; or -p n_players=N"))


def styled(text: str) -> str:
    """A card (or card list) coloured by suit for rich."""
    return " ".join(f"[{SUIT_STYLE.get(t[-1], 'white')}]{t}[/]" for t in text.split())


class PochaTable(TerminalTable):
    """The terminal table: owns the state, asks the person, lets the bots play."""

    family = "pocha"
    commands = ("sheet", "last", "rules")

    def __init__(self, args: argparse.Namespace, console: Console) -> None:
        params: dict[str, Any] = {"n_players": args.players}  # None: -p or the default
        self.game = table_game(args, "pocha-match", **params)
        state = self.game.new_initial_state()
        if not isinstance(state, PochaMatchState):
            raise ConfigError("pocha-match is not La Pocha's whole game here")
        self.state = state
        n = self.game.num_players()
        if not 0 <= args.seat < n:
            raise ConfigError(f"--seat must be 0…{n - 1}")
        # the reader is looked up at call time (tests patch it)
        self._sit_down(args, console, lambda prompt: read_line(prompt))
        self._shown = 0  # the move number of the first event not shown yet
        self._announced = -1
        self._held: list[str] = []  # with --reveal: every seat's cards as dealt
        self._last: PochaView | None = None  # the hand's view before the last action
        self._trick: list[tuple[int, Card]] = []  # the trick being played: (seat, card)

    # -- views ----------------------------------------------------------------------------------
    def view(self) -> PochaMatchView:
        """The person's view of the whole game."""
        view = self.state.view(self.me)
        if not isinstance(view, PochaMatchView):
            raise ConfigError("pocha-match gave a view of another game")
        return view

    def hand_view(self) -> PochaView | None:
        """The person's view of the hand being played."""
        deal = self.view().deal
        return deal if isinstance(deal, PochaView) else None

    def run(self) -> int:
        """Play the whole game; returns 0 (or 1 if the person quit)."""
        c, t = self.console, self.t
        n = self.game.num_players()
        c.print(
            t.ngettext(
                "La Pocha — {n} player; you are {name} (seat {seat}). Seed {seed} (--seed "
                "{seed} plays this game again).",
                "La Pocha — {n} players; you are {name} (seat {seat}). Seed {seed} (--seed "
                "{seed} plays this game again).",
                n, name=self.names[self.me], seat=self.me, seed=self.seed)
            if self.named else
            t.ngettext(
                "La Pocha — {n} player; your seat: {seat}. Seed {seed} (--seed {seed} plays "
                "this game again).",
                "La Pocha — {n} players; your seat: {seat}. Seed {seed} (--seed {seed} plays "
                "this game again).",
                n, seat=self.me, seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(t("Type a card like 3o or a bid like 2; 'help' for help.") + "\n", markup=False)
        if not self.play_turns():
            return LEFT_STATUS
        view = self.view()
        self._show_sheet(view)
        self._print_winners(view.totals, "\n")
        return 0

    def _resumed(self) -> None:
        view = self.view()
        self._shown = view.move
        self._announced = view.deal_index
        hand = self.hand_view()
        if hand is not None and hand.current_trick is not None:
            n, leader = len(self.names), hand.current_trick.leader
            self._trick = [((leader + i) % n, c) for i, c in enumerate(hand.current_trick.cards)]
        self.console.print(self.t("resumed at hand {n}", n=view.deal_index + 1))

    # -- the turn loop's hooks ----------------------------------------------------------------
    def _progress(self) -> int:
        self._last = self.hand_view()
        return self.view().deal_index

    def _after_chance(self, phase: str, text: str) -> None:
        self._catch_up()
        hand = self.hand_view()
        index = self.view().deal_index
        if hand is not None and hand.phase not in ("deal", "turn") and index != self._announced:
            self._on_dealt(hand, index)

    def _on_dealt(self, hand: PochaView, index: int) -> None:
        self._announced = index
        if self.reveal:
            self._held = []
            for seat in range(len(self.names)):
                other = self.state.view(seat)
                deal = other.deal if isinstance(other, PochaMatchView) else None
                self._held.append(str(deal.hand) if isinstance(deal, PochaView) else "")
        c, t = self.console, self.t
        c.rule(
            t.ngettext("hand {n}/{total}: {cards} card, dealer: {who}",
                       "hand {n}/{total}: {cards} cards, dealer: {who}", hand.hand_size,
                       n=index + 1, total=len(self.view().hand_sizes), cards=hand.hand_size,
                       who=self.names[hand.dealer])
        )  # fmt: skip
        if hand.trump_card is not None:
            in_hand = hand.trump_card_holder is not None
            held = " " + t("(the dealer's last card, in his hand)") if in_hand else ""
            c.print(t("trumps: {card}", card=styled(str(hand.trump_card))) + held)
        elif hand.phase == "auction":
            c.print(t("no card turned up: trumps are auctioned this hand"))
        else:
            c.print(t("no trumps this hand"))
        if any(card is not None for card in hand.foreheads):
            c.print(t("ronda india: the card on your forehead is the one you do not see"))
        elif hand.hand_size == 1 and not hand.hand and hand.cards_held[self.me]:
            c.print(t("ronda ciega: nobody sees a card before it is played"))

    def _catch_up(self) -> None:
        """Print the events the person has not seen yet (from its seat's view)."""
        view = self.view()
        for event in self.state.events(self.me, self._shown):
            line = self._event_line(event)
            if line:
                self.console.print(line)
        self._shown = view.move

    def _event_line(self, event: Event) -> str:
        """The text of one event for the person (deals are shown with the hand)."""
        kind, t = event.kind, self.t
        if kind == "dealer":
            return "  " + t("first dealer by lot: {who}", who=self.names[event.arg("dealer")])
        if kind == "draw":
            card = styled(str(event.arg("card")))
            who = self.names[event.arg("to")]
            return "  " + t("first-dealer draw: {who} {card}", who=who, card=card)
        if kind in ("deal", "turn"):
            return ""
        name = self.names[event.actor]
        if kind in ("bid", "offer"):
            number = event.arg("bid", event.arg("offer"))
            return f"  {name}: {t.action('pocha', f'{kind} {number}')}"
        if kind == "play":
            card = event.arg("card")
            self._trick.append((event.actor, Card(int(card))))
            return f"  {name}: {t.action('pocha', 'play')} {styled(str(card))}"
        if kind == "trumps":
            return "  " + t("{who}: trumps {suit}", who=name, suit=self._suit(event.arg("suit")))
        return f"  {name}: {t.action('pocha', kind)}"  # swap, pass

    def _after_action(self, hand_before: int) -> None:
        view = self.view()
        last = self._last
        if view.deal_index != hand_before:  # the hand just ended (a new one may be dealing)
            row = view.sheet[-1]
            if last is not None and self._trick:
                gained = [s for s in range(len(row.won)) if row.won[s] > last.tricks_won[s]]
                if gained:
                    self._trick_won(gained[0], last=True)
            self._trick = []
            self._show_row(row)
            if self.reveal:
                for seat, cards in enumerate(self._held):
                    if seat != self.me:
                        held = self.t(
                            "{who} held {cards}", who=self.names[seat], cards=styled(cards)
                        )
                        self.console.print("  " + held)
            return
        hand = view.deal
        if (
            isinstance(hand, PochaView)
            and last is not None
            and len(hand.finished_tricks) > len(last.finished_tricks)
        ):
            winner = hand.finished_tricks[-1].winner
            if winner is not None:
                self._trick_won(winner)

    def _trick_won(self, winner: int, last: bool = False) -> None:
        """Say who took the trick just completed, and with which card; kept for ``last``."""
        t = self.t
        card = next((c for s, c in self._trick if s == winner), None)
        who = self.names[winner]
        if card is None:
            text = t("last trick to {who}", who=who) if last else t("trick to {who}", who=who)
            # (the English ids; the translations say "baza: {who}" / "взятка — {who}")
        elif last:
            text = t("last trick to {who} with {card}", who=who, card=styled(str(card)))
        else:
            text = t("trick to {who} with {card}", who=who, card=styled(str(card)))
        self.console.print(f"  → {text}")
        self._keep_last_trick([(s, styled(str(c))) for s, c in self._trick], winner)
        self._trick = []

    def _show(self, command: str) -> None:
        self._show_sheet(self.view())  # "sheet"

    # -- tables -------------------------------------------------------------------------------
    def _show_row(self, row: SheetRow) -> None:
        t = self.t
        table = Table(title=t("hand result"), title_justify="left")
        for col in (t("player"), t("bid"), t("won"), t("points"), t("total")):
            table.add_column(col)
        for s in range(len(row.bids)):
            table.add_row(
                self.names[s], str(row.bids[s]), str(row.won[s]), f"{row.points[s]:+d}",
                str(row.totals[s]),
            )  # fmt: skip
        self.console.print(table)

    def _show_sheet(self, view: PochaMatchView) -> None:
        t = self.t
        table = Table(title=t("score sheet"), title_justify="left")
        table.add_column(t("hand"))
        table.add_column(t("cards"))
        for name in self.names:
            table.add_column(name)
        for i, row in enumerate(view.sheet):
            cells = [f"{row.bids[s]}/{row.won[s]} {row.totals[s]}" for s in range(len(row.bids))]
            table.add_row(str(i + 1), str(row.hand_size), *cells)
        self.console.print(table)

    def _suit(self, suit: str) -> str:
        """A suit (its letter or its Spanish name) in the table's words."""
        letter = POCHA_SUITS.get(str(suit).lower(), str(suit))
        return self.t.action("pocha", f"trumps {letter}").split(" ", 1)[-1]

    def _show_turn(self, view: PochaView) -> None:
        c, t = self.console, self.t
        bids = ", ".join(
            f"{self.names[s]} {'-' if b is None else b}" for s, b in enumerate(view.bids)
        )
        tricks = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won))
        if view.phase == "auction":
            offers = ", ".join(
                f"{self.names[s]} {'-' if o is None else o}" for s, o in enumerate(view.offers)
            )
            c.print(t("offers for trumps: {offers}", offers=offers))
        else:
            c.print(t("bids: {bids}    tricks: {tricks}", bids=bids, tricks=tricks))
        if view.trump_card is not None:
            c.print(t("trump card: {card}", card=styled(str(view.trump_card))))
        elif view.trump_suit is not None:
            c.print(t("trumps: {card}", card=self._suit("oceb"[int(view.trump_suit)])))
        foreheads = [
            f"{self.names[s]} {styled(str(card))}"
            for s, card in enumerate(view.foreheads)
            if card is not None and s != self.me
        ]
        if foreheads:
            c.print(t("on the others' foreheads: {cards}", cards=", ".join(foreheads)))
        if view.current_trick is not None and view.current_trick.cards:
            n = len(self.names)
            leader = view.current_trick.leader
            played = ", ".join(
                f"{self.names[(leader + i) % n]} {styled(str(card))}"
                for i, card in enumerate(view.current_trick.cards)
            )
            c.print(t("on the table: {cards}", cards=played))
        if view.hand or not view.cards_held[self.me]:
            c.print(t("your hand: {cards}", cards=styled(str(view.hand))))
        else:
            c.print(
                t.ngettext(
                    "your hand: {n} card you do not see",
                    "your hand: {n} cards you do not see",
                    view.cards_held[self.me],
                )
            )

    def _ask(self) -> bool:
        state = self.state
        view = self.hand_view()
        if view is None:
            raise ConfigError("it is your turn but no hand is being played")
        legal = state.legal_actions()
        unseen_play = view.phase == "play" and not view.hand  # india, ciega: a forced card
        if (view.phase in ("seven-swap", "two-swap") or unseen_play) and len(legal) == 1:
            state.apply_action(legal[0])  # nothing to choose: applied and shown, not asked
            self._catch_up()
            return True
        self._show_turn(view)
        t = self.t
        while True:
            legal = state.legal_actions()
            texts = [t.action("pocha", state.action_to_string(a)) for a in legal]
            phase = view.phase
            numbers = ""
            if phase in ("bidding", "auction"):
                numbers = ", ".join(x.split()[-1] for x in texts)
                if phase == "bidding":
                    prompt = t("your bid ({numbers}): ", numbers=numbers)
                else:
                    prompt = t("your offer ({numbers}): ", numbers=numbers)
            elif phase == "play":
                prompt = t("your card: ")
            elif phase == "trumps":
                suits = " / ".join(x.split(" ", 1)[-1] for x in texts)
                prompt = t("name trumps ({choices}): ", choices=suits)
            elif phase in ("seven-swap", "two-swap"):
                prompt = t("swap the card for the trump card? ({choices}): ",
                           choices=" / ".join(texts))  # fmt: skip
            else:
                prompt = f"{' / '.join(texts)}: "
            answer = self._read_answer(prompt, texts)
            if answer is None:
                return False
            if self._table_command(answer):
                continue
            text = pocha_text(answer, phase)
            try:
                state.apply_action(state.string_to_action(text))
            except (IllegalActionError, NotationError) as e:
                self._refuse(_bid_beyond_any_hand(e, text, numbers) or e, answer)
                continue
            self._catch_up()
            return True


def _bid_beyond_any_hand(error: Exception, text: str, numbers: str) -> IllegalActionError | None:
    """A number too big for any hand (``bid 15``, which the rules cannot even write as an
    action) refused as the bids out of range are, so that every language says why; ``None``
    for any other refusal, and outside the bidding and the auction (``numbers`` empty).

    >>> _bid_beyond_any_hand(NotationError("cannot read 'bid 15'"), "bid 15", "0, 1").reason
    'bid_out_of_range'
    >>> _bid_beyond_any_hand(NotationError("cannot read 'bid x'"), "bid x", "0, 1") is None
    True
    """
    words = text.split()
    if not numbers or not isinstance(error, NotationError) or len(words) != 2:
        return None
    if not words[1].isdigit():
        return None
    if words[0] not in ("bid", "offer"):
        return None
    return IllegalActionError(
        f"{words[0]} {words[1]} is more than any hand holds; allowed now: {numbers}",
        action=text,
        reason="bid_out_of_range",
    )


def run(args: argparse.Namespace) -> int:
    """Play a game of La Pocha in the terminal."""
    return play_table(lambda: PochaTable(args, Console(highlight=False)), args)
