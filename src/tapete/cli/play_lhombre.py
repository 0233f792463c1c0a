"""Danish l'hombre: play a session against bots in the terminal.

When it is your turn bid a word of the Union's ladder (``spil``, ``bedre``, ``tourné``,
``respekt``, ``solo``, ``ren-nolo``, ``nolo-ouvert``) or ``pass``; having won the auction,
name your game (``spil``, ``tourné``, ``købe-nolo``...; ``declare`` may be left out); name
trumps with a suit (``♥``, ``H``, ``hearts`` or ``hjerter``); in the buying type the cards to
throw away (``♥7 ♦6``) and then ``draw``; in play type a card (``♣K`` or ``CK``), or ``tout``
after five tricks. ``help`` lists the legal choices, ``money`` shows the scores, ``last`` the
last trick, ``quit`` leaves (and offers to save). The game terms are the Danish ones in every
language (:mod:`tapete.cli.texts`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from rich.console import Console

from tapete.cards import Card, CardSet
from tapete.cli.common import LEFT_STATUS, add_play_options
from tapete.cli.exchange import ExchangeTable
from tapete.cli.ombre_cards import TAKE_BACK, sorted_hand, styled
from tapete.cli.prompt import ombre_text, read_line
from tapete.cli.table import play_table, table_game
from tapete.cli.texts import N_
from tapete.cli.words import RULES_PAGES
from tapete.engine.events import Event
from tapete.errors import ConfigError
from tapete.games.lhombre import LhombreMatchState, LhombreState
from tapete.games.lhombre.actions import GAME_WORDS, GAMES, LEVEL_WORDS
from tapete.games.lhombre.rules import nolo_trick_winner
from tapete.games.lhombre.view import LhombreDealResult, LhombreMatchView, LhombreView
from tapete.games.ombre.tables import trick_winner

__all__ = ["LhombreTable", "add_arguments", "contract_word", "run"]

RULES_PAGES.setdefault("lhombre", "docs/lhombre.md")  # where ``rules`` points

#: The names of the highest trumps (ponto only when trumps are red) [docs/lhombre.md].
MATADORS = (N_("Spadille"), N_("Manille"), N_("Basta"), N_("Ponto"))
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
#: How a deal ended, the sentence of each outcome (``{contract}``, ``{player}``).
OUTCOME_TEXTS = {
    "won": N_("{contract} won by {player}"),
    "bet": N_("{contract} lost by {player}: bet"),
    "kruk": N_("{contract} lost by {player}: kruk"),
    "tout_won": N_("{contract} won by {player} with the tout: all nine tricks"),
    "tout_lost": N_("{contract} won by {player}, but the tout failed"),
}
#: The words a game is declared with, without ``declare`` (and the ladder's words).
_GAME_WORD = {word: word for word in GAME_WORDS} | {
    "kobe-nolo": "købe-nolo", "tourne": "tourné", "tourne-respekt": "tourné-respekt",
    "respekt": "tourné-respekt", "bedre": "bedre-spil",
}  # fmt: skip
_LADDER = {*LEVEL_WORDS, "tourne", "kobe-nolo", "købe-nolo", "solo-spar", "tourné-respekt",
           "nolo", "pass", "pas", "draw", "tout"}  # fmt: skip


def contract_word(code: str | None) -> str:
    """A game's code (``kobe_nolo``) as its written name (``købe-nolo``).

    >>> contract_word("tourne_respekt"), contract_word(None)
    ('tourné-respekt', '')
    """
    return GAME_WORDS[GAMES.index(code)] if code in GAMES else ""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play lhombre`` (those of every ``play``, and ``--deals``)."""
    add_play_options(parser, N_("always 3"))
    parser.add_argument("--deals", type=int, default=None, help=N_("deals in the session"))


class LhombreTable(ExchangeTable):
    """The terminal table of a session of Danish l'hombre (``lhombre-match``).

    Everything it prints comes from the person's views and events: the text is made here.
    """

    family = "lhombre"
    commands = ("money", "last", "rules")
    matadors = MATADORS

    def __init__(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str] = read_line,
    ) -> None:
        self.game = table_game(args, "lhombre-match", num_deals=args.deals)
        state = self.game.new_initial_state()
        if not isinstance(state, LhombreMatchState):
            raise ConfigError("the l'hombre table plays a session (lhombre-match)")
        self.state: LhombreMatchState = state
        if getattr(args, "players", None) not in (None, 3):
            raise ConfigError("Danish l'hombre is played by 3 players (--players 3)")
        if not 0 <= args.seat < 3:
            raise ConfigError("--seat must be 0, 1 or 2")
        self._sit_down(args, console, read)
        self._init_exchange()
        self._dealt_cards = 0
        self._dealt: list[CardSet] = []
        self._open_shown = False

    @property
    def deal(self) -> LhombreState | None:
        """The deal in progress, if any."""
        deal = self.state.deal
        return deal if isinstance(deal, LhombreState) else None

    def view(self) -> LhombreMatchView:
        """The person's view of the session now."""
        return self.state.view(self.me)

    def deal_view(self, seat: int | None = None) -> LhombreView | None:
        """A seat's (the person's by default) view of the live deal, if any."""
        deal = self.state.view(self.me if seat is None else seat).deal
        return deal if isinstance(deal, LhombreView) else None

    def run(self) -> int:
        """Play the whole session; returns 0 (or 1 if the person quit)."""
        c, t = self.console, self.t
        deals = self.game.params["num_deals"]
        c.print(
            t.ngettext(
                "Danish l'hombre — 3 players, {deals} deal; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                "Danish l'hombre — 3 players, {deals} deals; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                deals, deals=deals, name=self.names[self.me], seat=self.me, seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(
            t("Type a bid ('spil', 'solo'...) or 'pass', your game, a suit, cards to discard "
              "then 'draw', a card; 'help' for help.") + "\n",
            markup=False,
        )  # fmt: skip
        if not self.play_turns():
            return LEFT_STATUS
        self._show_money(t("final balances"))
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
            self._open_shown = deal.open_hand is not None
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
        self._last_trick_text = ""
        self._open_shown = False
        forehand = (view.dealer + 1) % 3
        self.console.rule(
            self.t("deal {n} of {total}: dealer {who}, forehand {forehand}",
                   n=self.view().deal_index + 1, total=self.game.params["num_deals"],
                   who=self.names[view.dealer], forehand=self.names[forehand])
        )  # fmt: skip

    def _print_event(self, event: Event) -> None:
        c, t = self.console, self.t
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
        elif kind == "deal":
            self._dealt_cards += 1
            if self._dealt_cards == 27:
                if self.reveal:
                    self._dealt = [self._hand_of(seat) for seat in range(3)]
                self._show_hand(sorted_hand(self._hand_of(self.me).mask, -1))
        elif kind == "pass":
            c.print(f"  {name}: {self.shown('pass')}")
        elif kind == "bid":
            c.print(f"  {name}: {LEVEL_WORDS[int(event.arg('level')) - 1]}")
        elif kind == "declare":
            code = str(event.arg("contract"))
            c.print(f"  {name}: " + t("plays {contract}", contract=contract_word(code)))
            if code in ("bedre_spil", "solo_spar"):
                c.print("  " + self._trumps_are("spades"))
                self._show_trump_order()
        elif kind == "trumps":
            c.print(f"  {name}: " + self._trumps_are(str(event.arg("suit"))))
            self._show_trump_order()
        elif kind == "turn":
            card = Card(int(event.arg("card")))
            self._trumps = int(card.suit)
            c.print("  " + t("the tourné turns up {card}: trumps are {suit}",
                             card=styled(str(card)), suit=styled(str(card)[:1])))  # fmt: skip
            self._show_trump_order()
        elif kind == "exchange":
            self._exchanged(name, actor, int(event.arg("count", 0)))
        elif kind == "tout":
            c.print(f"  {name}: {self.shown('tout')}! " + t("he will take all nine tricks"))
        elif kind == "play":
            self._show_open_hand()
            self._played(actor, int(event.arg("card")))

    def _trumps_are(self, suit: str) -> str:
        """Set the trumps (a suit's code); the sentence naming them."""
        symbol = SYMBOLS[suit]
        self._trumps = "♣♦♥♠".index(symbol) + 4
        return self.t("trumps are {suit}", suit=styled(symbol))

    def _exchanged(self, name: str, actor: int, k: int) -> None:
        t = self.t
        view = self.deal_view()
        if view is not None and actor == view.player and view.turned is not None:
            text = t.ngettext("takes the turned card and draws {n}",
                              "takes the turned card and draws {n}", k)  # fmt: skip
        elif k == 0:
            text = t("takes no card")
        else:
            text = t.ngettext("exchanges {n} card", "exchanges {n} cards", k)
        self.console.print(f"  {name}: {text}")

    def _show_open_hand(self) -> None:
        """A nolo ouvert: the player's hand, laid open once the play begins (once a deal)."""
        view = self.deal_view()
        if self._open_shown or view is None or view.open_hand is None or view.player is None:
            return
        self._open_shown = True
        if view.player != self.me:
            cards = styled(sorted_hand(view.open_hand.mask, -1))
            self.console.print(
                "  " + self.t("the open hand of {who}: {cards}", who=self.names[view.player],
                              cards=cards)
            )  # fmt: skip

    def _played(self, actor: int, card: int) -> None:
        """A card played; at the third, who took the trick (nolo games: no trumps)."""
        if len(self._trick) < 2:
            super()._played(actor, card)
            return
        c, t = self.console, self.t
        c.print(f"  {self.names[actor]}: {styled(str(Card(card)))}")
        self._trick.append((actor, card))
        cards = [played for _, played in self._trick]
        trumps = self._trumps
        index = nolo_trick_winner(cards) if trumps < 0 else trick_winner(trumps, cards)
        winner = self._trick[index][0]
        self._tricks_seen += 1
        played = [(s, styled(str(Card(x)))) for s, x in self._trick]
        self._trick = []
        won_with = styled(str(Card(cards[index])))
        c.print("  → " + t("trick {n} to {who} with {card}", n=self._tricks_seen,
                           who=self.names[winner], card=won_with))  # fmt: skip
        self._keep_last_trick(played, winner)

    def _deal_over(self, index: int) -> None:
        c, t = self.console, self.t
        view = self.view()
        result = view.results[index]
        if result.outcome == "all_pass":
            c.print("  " + t("all passed: the cards are thrown in, nothing is paid"))
        else:
            assert result.player is not None
            c.print("  " + self._tricks_taken(result.tricks_won))
            contract = contract_word(result.contract)
            said = t(OUTCOME_TEXTS.get(result.outcome, result.outcome), contract=contract,
                     player=self.names[result.player])  # fmt: skip
            c.print(f"  [bold]{said}[/]")
        if self.reveal and self._dealt:
            self._show_dealt(list(enumerate(self._dealt)))
        balances = [int(b) for b in view.finished[index].standings]
        self._show_money(t("after the deal"), result, balances)
        self._in_deal = False
        self._dealt = []

    def _show_money(
        self,
        title: str,
        result: LhombreDealResult | None = None,
        balances: Sequence[int] | None = None,
    ) -> None:
        """The scores: given, or those of the deal in progress (else of the session)."""
        if balances is None:
            deal = self.deal_view()
            balances = deal.balances if deal is not None else self.view().balances
        if result is None:
            self._money_table(title, balances)
        else:
            self._money_table(title, balances, result.changes, result.dealer)

    def _show(self, command: str) -> None:
        self._show_money(self.t("now"))  # "money"

    # -- the person's turn -------------------------------------------------------------------------
    def _show_turn(self) -> None:
        view = self.deal_view()
        assert view is not None
        c, t = self.console, self.t
        phase = view.phase
        trumps = int(view.trumps) if view.trumps is not None else -1
        if phase == "auction" and view.bid is not None and view.bidder is not None:
            c.print(t("highest bid: {bid} ({who})", bid=view.bid, who=self.names[view.bidder]))
        if phase == "play" and view.player is not None:
            won = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won))
            contract = contract_word(view.contract)
            if trumps >= 0:
                c.print(t("the game: {contract} in {suit}, player {player}; tricks: {tricks}",
                          contract=contract, suit=styled("♣♦♥♠"[trumps - 4]),
                          player=self.names[view.player], tricks=won))  # fmt: skip
            else:
                c.print(t("the game: {contract} (no trumps), player {player}; tricks: {tricks}",
                          contract=contract, player=self.names[view.player],
                          tricks=won))  # fmt: skip
            if view.open_hand is not None and view.player != self.me:
                c.print(t("the open hand of {who}: {cards}", who=self.names[view.player],
                          cards=styled(sorted_hand(view.open_hand.mask, -1))))  # fmt: skip
            trick = view.current_trick
            if trick is not None and trick.cards:
                played = ", ".join(
                    f"{self.names[(trick.leader + i) % 3]} {styled(str(card))}"
                    for i, card in enumerate(trick.cards)
                )
                c.print(t("on the table: {cards}", cards=played))
        if phase == "exchange" and view.discards:
            c.print(t("discarded so far: {cards}",
                      cards=styled(sorted_hand(view.discards.mask, trumps))))  # fmt: skip
        if phase == "exchange" and self._pending:
            pending = " ".join(text.split(" ", 1)[1] for text in self._pending)
            c.print(t("to discard on '{draw}': {cards} ('{back}' takes them back)",
                      draw=self.shown("draw"), cards=styled(pending),
                      back=t(TAKE_BACK[0])))  # fmt: skip
        self._show_hand(sorted_hand(view.hand.mask, trumps))

    def _show_hand(self, cards: str) -> None:
        """Print the person's hand, unless the same line was just printed."""
        moves = self.state.move_number()
        if (cards, moves) != getattr(self, "_hand_shown", None):
            self.console.print(self.t("your hand: {cards}", cards=styled(cards)))
        self._hand_shown = (cards, moves)

    def shown(self, text: str) -> str:
        """An engine action text in the table's words: the Danish bids and games as they
        are, the other verbs in the person's language (``juego solo``, ``пас``)."""
        return self.t.action("lhombre", text)

    def _prompt(self, phase: str, texts: list[str]) -> str:
        t = self.t
        if phase == "auction":
            return t("you say ({choices}): ", choices=" / ".join(texts))
        if phase == "declare":
            games = [text.split(" ", 1)[1] for text in texts]
            return t("your game ({choices}): ", choices=" / ".join(games))
        if phase == "trumps":
            return t("name trumps (♣ ♦ ♥ ♠ or C D H S): ")
        if phase == "exchange":
            view = self.deal_view()
            stock = view.stock_left if view is not None else 0
            most = min(9, stock)
            if view is not None and view.player == self.me and view.turned is not None:
                most = min(10, stock + 1)  # the turned card is in the hand: ten to choose from
            return t(
                "cards to discard (stock {stock}, up to {most}), '{back} CARD' to take one "
                "back, '{draw}' to draw: ", stock=stock, most=most,
                back=t(TAKE_BACK[0]), draw=self.shown("draw"),
            )  # fmt: skip
        if self.shown("tout") in texts:
            return t("your card (or '{tout}' to take all nine tricks): ", tout=self.shown("tout"))
        return t("your card: ")

    def _typed(self, answer: str, phase: str) -> list[str]:
        """The person's short forms as action texts: a game without ``declare``, a suit
        without ``trumps``, cards to discard or play (Spanish and Russian verbs too)."""
        answer = self.t.typed("lhombre", answer)  # the words shown (texts.ACTION_WORDS)
        words = "-".join(answer.strip().lower().split())
        if phase == "declare" and words in _GAME_WORD:
            return [f"declare {_GAME_WORD[words]}"]
        if words in _LADDER or words in _GAME_WORD or words.startswith("declare"):
            return [answer.strip()]
        first = answer.split()[0].lower() if answer.split() else ""
        if phase == "trumps" and first not in ("trumps", "trump", "triunfo", "козыри"):
            answer = f"trumps {answer}"
        return ombre_text(answer, phase)

    def _take_back(self, cards: list[str]) -> None:
        """Take back pending discards (all of them without cards named)."""
        if not cards:
            self._pending = []
        else:
            wanted = set(ombre_text(" ".join(cards), "exchange"))
            self._pending = [text for text in self._pending if text not in wanted]
        self._show_turn()


def run(args: argparse.Namespace) -> int:
    """Play a session of Danish l'hombre in the terminal."""
    return play_table(lambda: LhombreTable(args, Console(highlight=False)), args)
