"""La Pocha: play a whole game against bots in the terminal.

Type a card (``3o``, ``Rc``) or a bid (``2``) when it is your turn; ``?`` lists the legal
choices, ``sheet`` shows the score sheet, ``quit`` leaves. Bad input is refused with the
reason and asked again.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from tapete.cli.common import add_game_params, game_from_args, make_bots, table_randomness
from tapete.cli.table import TerminalTable
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.pocha import PochaMatchState, PochaState
from tapete.games.pocha.match import SheetRow

SUIT_STYLE = {"o": "yellow", "c": "red", "e": "blue", "b": "green"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play pocha``."""
    parser.add_argument("--players", type=int, default=4, help="players at the table (3-8)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument(
        "--bots", default=None, help="bot of each other seat, comma separated (default: rule)"
    )
    parser.add_argument(
        "--reveal", action="store_true", help="show the bots' hands after each hand"
    )
    parser.add_argument("--name", default="you", help="your name on the score sheet")
    add_game_params(parser)


def styled(text: str) -> str:
    """A card (or card list) coloured by suit for rich."""
    return " ".join(f"[{SUIT_STYLE.get(t[-1], 'white')}]{t}[/]" for t in text.split())


class PochaTable(TerminalTable):
    """The terminal table: owns the state, asks the person, lets the bots play."""

    def __init__(self, args: argparse.Namespace, console: Console) -> None:
        params: dict[str, Any] = {"n_players": args.players}
        self.game = game_from_args("pocha-match", args.param, **params)
        self.state = self.game.new_initial_state()
        assert isinstance(self.state, PochaMatchState)
        n = self.game.num_players()
        if not 0 <= args.seat < n:
            raise ConfigError(f"--seat must be 0…{n - 1}")
        self.me = args.seat
        self.read = lambda prompt: input(prompt)  # looked up at call time (tests patch it)
        self.seed, self.deal_rng, self.bot_rng = table_randomness(args.seed)
        others = [s for s in range(n) if s != self.me]
        self.bots = make_bots(args.bots or "rule", others)
        self.names = [args.name if s == self.me else f"{self.bots[s].name}-{s}" for s in range(n)]
        self.reveal = args.reveal
        self.console = console
        self._dealt_hands: list[str] = []
        self._tricks_seen = 0
        self._last_winner = 0

    @property
    def hand(self) -> PochaState:
        """The hand being played."""
        assert isinstance(self.state, PochaMatchState) and self.state.hand is not None
        return self.state.hand

    def run(self) -> int:
        """Play the whole game; returns 0 (or 1 if the person quit)."""
        state = self.state
        assert isinstance(state, PochaMatchState)
        c = self.console
        c.print(f"[bold]La Pocha[/] — {self.game!r}; you are seat {self.me}. Seed {self.seed}.")
        c.print("Type a card like [bold]3o[/] or a bid like [bold]2[/]; '?' for help.\n")
        if not self.play_turns():
            return 1
        self._show_sheet()
        winners = state.winners()
        c.print("\n[bold]Winner[/]: " + ", ".join(self.names[w] for w in winners))
        return 0

    def _progress(self) -> int:
        assert isinstance(self.state, PochaMatchState)
        return self.state.hand_index

    def _after_chance(self, phase: str, text: str) -> None:
        hand = self.hand if isinstance(self.state, PochaMatchState) and self.state.hand else None
        if hand is not None and hand.phase() not in ("deal", "turn") and not self._dealt_hands:
            self._on_dealt()

    def _on_dealt(self) -> None:
        hand = self.hand
        deck = hand.rules.deck
        from tapete.cards import CardSet

        self._dealt_hands = [deck.format_cards(CardSet(h)) for h in hand.hands]
        trump = hand.view(self.me)
        c = self.console
        c.rule(
            f"hand {self.state.hand_index + 1}/{len(self.game.sizes)}: "  # type: ignore[attr-defined]
            f"{hand.hand_size} cards, dealer {self.names[hand.dealer]}"
        )
        if trump.trump_card is not None:
            held = (
                " (the dealer's last card, in his hand)"
                if trump.trump_card_holder is not None
                else ""
            )
            c.print(f"trumps: {styled(str(trump.trump_card))}{held}")
        else:
            c.print("no trumps this hand")

    def _announce(self, seat: int, text: str) -> None:
        verb, _, arg = text.partition(" ")
        shown = styled(arg) if verb == "play" else arg
        self.console.print(f"  {self.names[seat]}: {verb} {shown}".rstrip())

    def _after_action(self, hand_before: int) -> None:
        state = self.state
        assert isinstance(state, PochaMatchState)
        if state.hand_index != hand_before:  # the hand just ended (a new one may be dealing)
            self.console.print(f"  → last trick to {self.names[self._last_winner]}")
            self._show_row(state.sheet[-1])
            if self.reveal:
                for seat, cards in enumerate(self._dealt_hands):
                    if seat != self.me:
                        self.console.print(f"  {self.names[seat]} held {styled(cards)}")
            self._dealt_hands = []
            self._tricks_seen = 0
            return
        hand = self.hand
        if len(hand.finished) > self._tricks_seen:
            self._tricks_seen = len(hand.finished)
            self.console.print(f"  → trick to {self.names[hand.finished[-1][2]]}")
        if hand.finished:
            self._last_winner = hand.finished[-1][2]

    def _show_row(self, row: SheetRow) -> None:
        table = Table(title="hand result", title_justify="left")
        for col in ("player", "bid", "won", "points", "total"):
            table.add_column(col)
        for s in range(len(row.bids)):
            table.add_row(
                self.names[s], str(row.bids[s]), str(row.won[s]), f"{row.points[s]:+d}",
                str(row.totals[s]),
            )  # fmt: skip
        self.console.print(table)

    def _show_sheet(self) -> None:
        state = self.state
        assert isinstance(state, PochaMatchState)
        table = Table(title="score sheet", title_justify="left")
        table.add_column("hand")
        table.add_column("cards")
        for name in self.names:
            table.add_column(name)
        for i, row in enumerate(state.sheet):
            cells = [f"{row.bids[s]}/{row.won[s]} {row.totals[s]}" for s in range(len(row.bids))]
            table.add_row(str(i + 1), str(row.hand_size), *cells)
        self.console.print(table)

    def _show_turn(self) -> None:
        hand = self.hand
        view = hand.view(self.me)
        deck = hand.rules.deck
        c = self.console
        bids = ", ".join(
            f"{self.names[s]} {'-' if b is None else b}" for s, b in enumerate(view.bids)
        )
        c.print(f"bids: {bids}    tricks: " + ", ".join(
            f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won)
        ))  # fmt: skip
        if view.trump_card is not None:
            c.print(f"trump card: {styled(str(view.trump_card))}")
        if view.current_trick is not None and view.current_trick.cards:
            played = " ".join(str(card) for card in view.current_trick.cards)
            c.print(f"trick (led by {self.names[view.current_trick.leader]}): {styled(played)}")
        c.print(f"your hand: {styled(deck.format_cards(view.hand))}")

    def _ask(self) -> bool:
        hand = self.hand
        self._show_turn()
        while True:
            legal = hand.legal_actions()
            texts = [hand.action_to_string(a) for a in legal]
            phase = hand.phase()
            if phase == "bidding":
                prompt = f"your bid ({', '.join(t.split()[1] for t in texts)}): "
            elif phase == "play":
                prompt = "your card: "
            else:
                prompt = f"{phase} ({' / '.join(texts)}): "
            answer = self._read_answer(prompt, texts)
            if answer is None:
                return False
            if answer == "sheet":
                self._show_sheet()
                continue
            if answer and answer.split()[0] not in ("bid", "play", "swap", "pass"):
                answer = f"{'bid' if phase == 'bidding' else 'play'} {answer}"
            try:
                action = hand.string_to_action(answer)
                self.state.apply_action(action)
            except (IllegalActionError, NotationError) as e:
                detail = e.detail if isinstance(e, IllegalActionError) else str(e)
                self.console.print(f"[red]not allowed[/]: {detail}")
                continue
            self._announce(self.me, answer)
            return True


def run(args: argparse.Namespace) -> int:
    """Play a game of La Pocha in the terminal."""
    return PochaTable(args, Console(highlight=False)).run()
