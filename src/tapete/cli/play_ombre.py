"""Ombre: play a session against bots in the terminal.

When it is your turn type ``ombre`` (I play) or ``pass`` in the auction; in the exchange type
the cards to throw away (``♥7 ♦6``, or ``H7 D6``) and then ``draw``; name trumps with a suit
(``♣`` or ``C`` or ``clubs``); in play type a card (``♣K`` or ``CK``). ``?`` lists the legal
choices, ``money`` shows the pool and balances, ``quit`` leaves. Bad input is refused with
the reason and asked again.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from tapete.cards import CardSet
from tapete.cli.common import add_game_params, game_from_args, make_bots, table_randomness
from tapete.cli.table import TerminalTable
from tapete.errors import ConfigError, IllegalActionError, NotationError, TapeteError
from tapete.games.ombre import OmbreMatchState, OmbreState
from tapete.games.ombre.match import DealResult
from tapete.games.ombre.tables import EFF_SUIT, STRENGTH

SUIT_STYLE = {"♣": "green", "♦": "red", "♥": "red", "♠": "blue"}
SEAT_NAMES = ("West", "East", "North")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play ombre``."""
    parser.add_argument("--seat", type=int, default=0, help="your seat, 0-2 (default 0)")
    parser.add_argument("--deals", type=int, default=None, help="deals in the session")
    parser.add_argument(
        "--bots", default="rule", help="bot of each other seat, comma separated (default: rule)"
    )
    parser.add_argument("--reveal", action="store_true", help="show every hand after a deal")
    parser.add_argument("--name", default="you", help="your name")
    add_game_params(parser)


def styled(text: str) -> str:
    """Cards coloured by suit for rich (``♣K ♥3``)."""
    return " ".join(f"[{SUIT_STYLE.get(t[:1], 'white')}]{t}[/]" for t in text.split())


def sorted_hand(mask: int, trumps: int) -> str:
    """A hand as text, trumps first (highest first) once trumps are named."""
    cards = list(CardSet(mask))
    if trumps >= 0:
        strength = STRENGTH[trumps]
        eff = EFF_SUIT[trumps]
        cards.sort(key=lambda c: (-(eff[c] == 8), eff[c], -strength[c]))
    return " ".join(str(c) for c in cards)


class OmbreTable(TerminalTable):
    """The terminal table: owns the session, asks the person, lets the bots play."""

    def __init__(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str] = input,
    ) -> None:
        self.game = game_from_args("ombre-match", args.param, num_deals=args.deals)
        state = self.game.new_initial_state()
        assert isinstance(state, OmbreMatchState)
        self.state: OmbreMatchState = state
        if not 0 <= args.seat < 3:
            raise ConfigError("--seat must be 0, 1 or 2")
        self.me: int = args.seat
        self.seed, self.deal_rng, self.bot_rng = table_randomness(args.seed)
        self.bots = make_bots(args.bots, [s for s in range(3) if s != self.me])
        self.names = [
            args.name if s == self.me else f"{self.bots[s].name}-{SEAT_NAMES[s]}" for s in range(3)
        ]
        self.reveal: bool = args.reveal
        self.console = console
        self.read = read
        self._tricks_seen = 0
        self._announced_deal = False
        self._dealt: list[int] = []
        self._live: OmbreState | None = None  # the deal being played, kept until it is shown

    @property
    def deal(self) -> OmbreState | None:
        """The deal in progress, if any."""
        return self.state.deal

    def run(self) -> int:
        """Play the whole session; returns 0 (or 1 if the person quit)."""
        state = self.state
        c = self.console
        c.print(
            f"[bold]Ombre[/] — {self.game!r}; you are seat {self.me} "
            f"({SEAT_NAMES[self.me]}). Seed {self.seed}."
        )
        c.print("Type 'ombre' or 'pass', cards to discard then 'draw', a suit, a card; '?'.\n")
        if not self.play_turns():
            return 1
        last = state.results[-1].pool_after if state.results else 0
        if last - state.unassigned:
            share = (last - state.unassigned) // 3
            c.print(f"the pool of {last} is shared: {share} to each player")
        self._show_money("final balances")
        if state.unassigned:
            c.print(
                f"{state.unassigned} unit(s) of the pool could not be shared and stay unassigned"
            )
        return 0

    # -- chance and announcements -----------------------------------------------------------------
    def _progress(self) -> int:
        return len(self.state.results)

    def _after_chance(self, phase: str, text: str) -> None:
        state = self.state
        deal = self.deal
        if phase == "select":
            seat = state._segments[-1].shown[-1][1] if deal is None else deal.dealer
            self.console.print(f"  face up to {self.names[seat]}: {styled(text.split()[1])}")
        if deal is not None and not self._announced_deal:
            self._announced_deal = True
            self._live = deal
            self.console.rule(
                f"deal {len(state.results) + 1}: dealer {self.names[deal.dealer]}; pool "
                f"{deal.pool} after the antes"
            )
        if deal is not None and phase == "deal" and deal.phase() == "auction":
            self._dealt = list(deal.hands)
            self._show_hand(sorted_hand(deal.hands[self.me], -1))

    def _announce(self, seat: int, text: str) -> None:
        verb, _, arg = text.partition(" ")
        words = {"ombre": "I play", "pass": "pass", "sans-prendre": "sans prendre"}
        if verb in words:
            self.console.print(f"  {self.names[seat]}: {words[verb]}")
        elif verb == "discard":
            pass  # nobody sees another player's discards
        elif verb == "draw":
            deal = self.deal
            k = deal.discards[seat].bit_count() if deal is not None else 0
            self.console.print(f"  {self.names[seat]}: exchanges {k} card{'s' * (k != 1)}")
        elif verb == "trumps":
            self.console.print(f"  {self.names[seat]}: trumps are {styled(arg)}")
        elif verb == "play":
            self.console.print(f"  {self.names[seat]}: {styled(arg)}")
        else:
            self.console.print(f"  {self.names[seat]}: {text}")

    def _after_action(self, deals_before: int) -> None:
        state = self.state
        if len(state.results) != deals_before:
            self._deal_over(state.results[-1])
            return
        deal = self.deal
        if deal is None:
            return
        if len(deal.finished) > self._tricks_seen:
            self._tricks_seen = len(deal.finished)
            self.console.print(
                f"  → trick {self._tricks_seen} to {self.names[deal.finished[-1][2]]}"
            )

    def _deal_over(self, result: DealResult) -> None:
        c = self.console
        if result.outcome == "all_pass":
            c.print("  all passed: the cards are thrown in, the pool is carried forward")
        else:
            assert result.ombre is not None
            tricks = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(result.tricks_won))
            c.print(f"  tricks: {tricks}")
            ombre = self.names[result.ombre]
            best = max(range(3), key=lambda x: result.tricks_won[x])
            text = {
                "sacardo": f"{ombre} (ombre) wins and takes the pool",
                "codille": f"{ombre} (ombre) pays {self.names[best]} the amount of the pool",
                "puesta": f"{ombre} (ombre) doubles the pool",
                "codille_split": f"{ombre} (ombre) pays the pool to the two defenders",
            }.get(result.outcome, "")
            c.print(f"  [bold]{result.outcome}[/]: {text}")
        if self.reveal and self._dealt:
            for seat, mask in enumerate(self._dealt):
                c.print(f"  {self.names[seat]} was dealt {styled(sorted_hand(mask, -1))}")
        # The deal as it ended: with a rotating dealer the next deal (and its antes) has
        # already begun, and after the last deal the leftover pool is shared afterwards.
        finished = self._live
        assert finished is not None
        self._show_money("after the deal", result, finished.balances, finished.pool)
        self._live = None
        self._tricks_seen = 0
        self._announced_deal = False
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
        money = self.deal if self.deal is not None else self.state
        if balances is None:
            balances = money.balances
        if pool is None:
            pool = money.pool
        table = Table(title=title, title_justify="left")
        table.add_column("player")
        if result is not None:
            table.add_column("this deal")
        table.add_column("balance")
        for s in range(3):
            cells = [self.names[s]]
            if result is not None:
                cells.append(f"{result.changes[s]:+d}")
            cells.append(str(balances[s]))
            table.add_row(*cells)
        self.console.print(table)
        self.console.print(f"pool: {pool}")

    # -- the person's turn -------------------------------------------------------------------------
    def _show_turn(self) -> None:
        deal = self.deal
        assert deal is not None
        view = deal.view(self.me)
        c = self.console
        phase = deal.phase()
        trumps = deal.trumps
        if phase == "play":
            won = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won))
            symbol = "♣♦♥♠"[view.trumps - 4] if view.trumps is not None else "?"
            c.print(f"trumps {styled(symbol)}; tricks: {won}")
            if view.current_trick is not None and view.current_trick.cards:
                played = " ".join(str(card) for card in view.current_trick.cards)
                leader = self.names[view.current_trick.leader]
                c.print(f"trick (led by {leader}): {styled(played)}")
        if phase == "exchange" and view.discards:
            c.print(f"discarded so far: {styled(sorted_hand(view.discards.mask, trumps))}")
        self._show_hand(sorted_hand(view.hand.mask, trumps))

    def _show_hand(self, cards: str) -> None:
        """Print the person's hand, unless the same line was just printed."""
        moves = self.state.move_number()
        if (cards, moves) != getattr(self, "_hand_shown", None):
            self.console.print(f"your hand: {styled(cards)}")
        self._hand_shown = (cards, moves)

    def _expand(self, answer: str, phase: str) -> list[str]:
        """The person's short forms as action texts (``♥7 ♦6`` → two discards)."""
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

    def _ask(self) -> bool:
        deal = self.deal
        assert deal is not None
        self._show_turn()
        while True:
            legal = deal.legal_actions()
            texts = [deal.action_to_string(a) for a in legal]
            phase = deal.phase()
            if phase in ("auction", "sans-prendre"):
                prompt = f"you say ({' / '.join(texts)}): "
            elif phase == "exchange":
                left = min(9, deal.stock_left)
                prompt = f"cards to discard (stock {deal.stock_left}, up to {left}), or 'draw': "
            elif phase == "trumps":
                prompt = "name trumps (♣ ♦ ♥ ♠ or C D H S): "
            else:
                prompt = "your card: "
            answer = self._read_answer(prompt, texts)
            if answer is None:
                return False
            if answer == "money":
                self._show_money("now")
                continue
            try:
                actions = self._parse_all(self._expand(answer, phase))
            except TapeteError as e:
                detail = e.detail if isinstance(e, IllegalActionError) else str(e)
                self.console.print(f"[red]not allowed[/]: {detail}")
                continue
            for text, action in actions:
                self.state.apply_action(action)
                self._announce(self.me, text)
            if deal.phase() == "exchange" and deal.current_player() == self.me:
                self._show_turn()  # discarded some cards: go on, then 'draw'
                continue
            return True

    def _parse_all(self, texts: list[str]) -> list[tuple[str, int]]:
        """Check every text on a copy first, so a bad one leaves the table unchanged."""
        trial = self.state.clone()
        out = []
        for text in texts:
            action = trial.string_to_action(text)
            trial.apply_action(action)
            out.append((text, action))
        return out


def run(args: argparse.Namespace) -> int:
    """Play a session of Ombre in the terminal."""
    try:
        return OmbreTable(args, Console(highlight=False)).run()
    except (ConfigError, NotationError) as e:
        Console(stderr=True).print(f"[red]error[/]: {e}")
        return 2
