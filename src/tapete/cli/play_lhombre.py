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

from rich.console import Console

from tapete.cards import Card
from tapete.cli.ombre_cards import sorted_hand, styled
from tapete.cli.ombre_family import OmbreFamilyTable, add_session_arguments
from tapete.cli.prompt import ombre_text
from tapete.cli.table import play_table
from tapete.cli.texts import N_
from tapete.cli.words import RULES_PAGES
from tapete.engine import Game
from tapete.engine.events import Event
from tapete.errors import ConfigError
from tapete.games.lhombre import LhombreMatchState, LhombreState
from tapete.games.lhombre.actions import GAME_WORDS, GAMES, LEVEL_WORDS
from tapete.games.lhombre.rules import nolo_trick_winner
from tapete.games.lhombre.view import LhombreDealResult, LhombreMatchView, LhombreView
from tapete.games.ombre_family.tables import trick_winner

__all__ = ["LhombreTable", "add_arguments", "contract_word", "run"]

RULES_PAGES.setdefault("lhombre", "docs/lhombre.md")  # where ``rules`` points

#: The names of the highest trumps (ponto only when trumps are red) [docs/lhombre.md].
MATADORS = (N_("Spadille"), N_("Manille"), N_("Basta"), N_("Ponto"))
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
    add_session_arguments(parser, N_("always 3"))


class LhombreTable(OmbreFamilyTable[LhombreView, LhombreDealResult]):
    """The terminal table of a session of Danish l'hombre (``lhombre-match``)."""

    family = "lhombre"
    matadors = MATADORS
    deal_view_type = LhombreView

    match_game = "lhombre-match"
    players_error = "Danish l'hombre is played by 3 players (--players 3)"

    def _open(self, game: Game) -> None:
        state = game.new_initial_state()
        if not isinstance(state, LhombreMatchState):
            raise ConfigError("the l'hombre table plays a session (lhombre-match)")
        self.game = game
        self.state: LhombreMatchState = state
        self._open_shown = False
        #: The rules keep a pot (``settlement = pot``): its lines are shown.
        self._pot = state.rules.pot

    @property
    def deal(self) -> LhombreState | None:
        """The deal in progress, if any."""
        deal = self.state.deal
        return deal if isinstance(deal, LhombreState) else None

    def view(self) -> LhombreMatchView:
        """The person's view of the session now."""
        return self.state.view(self.me)

    def _intro(self) -> None:
        c, t = self.console, self.t
        deals = self.game.params["num_deals"]
        c.print(
            t.ngettext(
                "Danish l'hombre — 3 players, {deals} deal; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                "Danish l'hombre — 3 players, {deals} deals; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                deals, deals=deals, name=self.names[self.me], seat=self.me, seed=self.seed)
            if self.named else
            t.ngettext(
                "Danish l'hombre — 3 players, {deals} deal; your seat: {seat}. Seed {seed} "
                "(--seed {seed} plays this session again).",
                "Danish l'hombre — 3 players, {deals} deals; your seat: {seat}. Seed {seed} "
                "(--seed {seed} plays this session again).",
                deals, deals=deals, seat=self.me, seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(
            t("Type a bid ('spil', 'solo'...) or 'pass', your game, a suit, cards to discard "
              "then 'draw', a card; 'help' for help.") + "\n",
            markup=False,
        )  # fmt: skip

    def _resumed_deal(self, deal: LhombreView) -> None:
        self._dealt_cards = 27
        self._open_shown = deal.open_hand is not None

    def _has_turned_card(self, view: LhombreView, seat: int) -> bool:
        return seat == view.player and view.turned is not None

    # -- what happened: the person's events -----------------------------------------------------
    def _deal_begins(self, view: LhombreView) -> None:
        self._open_shown = False
        forehand = (view.dealer + 1) % 3
        self.console.rule(
            self.t("deal {n} of {total}: dealer {who}, forehand {forehand}",
                   n=self.view().deal_index + 1, total=self.game.params["num_deals"],
                   who=self.names[view.dealer], forehand=self.names[forehand])
        )  # fmt: skip
        if view.ante:
            self.console.print(
                self.t("the pot was empty: each player puts {amount} into it", amount=view.ante)
            )

    def _deal_event(self, event: Event, name: str) -> None:
        c, t = self.console, self.t
        kind, actor = event.kind, event.actor
        if kind == "deal":
            self._card_dealt()
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
        self._show_open_hand()
        super()._played(actor, card)

    def _trick_winner(self, cards: list[int]) -> int:
        """Which card takes the trick (nolo games: no trumps)."""
        trumps = self._trumps
        return nolo_trick_winner(cards) if trumps < 0 else trick_winner(trumps, cards)

    def _deal_result(self, result: LhombreDealResult) -> None:
        assert result.player is not None
        self.console.print("  " + self._tricks_taken(result.tricks_won))
        contract = contract_word(result.contract)
        said = self.t(OUTCOME_TEXTS.get(result.outcome, result.outcome), contract=contract,
                      player=self.names[result.player])  # fmt: skip
        self.console.print(f"  [bold]{said}[/]")
        if self._pot and result.pot_paid:
            key = (N_("{player} takes {amount} from the pot") if result.pot_paid > 0
                   else N_("{player} pays {amount} into the pot"))  # fmt: skip
            self.console.print(
                "  " + self.t(key, player=self.names[result.player], amount=abs(result.pot_paid))
            )

    def _pot_text(self, result: LhombreDealResult | None) -> str:
        """With ``settlement = pot``: the pot after ``result`` (else now)."""
        if not self._pot:
            return ""
        if result is not None:
            pot = result.pot_after
        else:
            deal = self.deal_view()
            pot = deal.pot if deal is not None else self.view().pot
        return self.t("the pot: {pot}", pot=pot)

    def _session_over(self) -> None:
        c, t = self.console, self.t
        view = self.view()
        last = view.results[-1].pot_after if view.results else 0
        if self._pot and last - view.unassigned:
            c.print(t("the {pot} left in the pot are shared: {share} to each player",
                      pot=last, share=(last - view.unassigned) // 3))  # fmt: skip
        super()._session_over()
        if view.unassigned:
            c.print(t.ngettext("{n} unit of the pot could not be shared and stays unassigned",
                               "{n} units of the pot could not be shared and stay unassigned",
                               view.unassigned))  # fmt: skip

    # -- the person's turn -------------------------------------------------------------------------
    def _show_game(self, view: LhombreView, trumps: int) -> None:
        c, t = self.console, self.t
        phase = view.phase
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
            self._show_on_table(view)

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
            return self._exchange_prompt()
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

    def _kept_discards(self, cards: list[str]) -> list[str]:
        wanted = set(ombre_text(" ".join(cards), "exchange"))
        return [text for text in self._pending if text not in wanted]


def run(args: argparse.Namespace) -> int:
    """Play a session of Danish l'hombre in the terminal."""
    return play_table(lambda: LhombreTable(args, Console(highlight=False)), args)
