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

from rich.console import Console

from tapete.cards import Card
from tapete.cli.ombre_cards import sorted_hand, styled, trump_order
from tapete.cli.ombre_family import OmbreFamilyTable, add_session_arguments
from tapete.cli.prompt import ombre_text
from tapete.cli.table import play_table
from tapete.cli.texts import N_
from tapete.engine import Game
from tapete.engine.events import Event
from tapete.games.ombre import OmbreMatchState, OmbreState
from tapete.games.ombre.view import DealResult, OmbreMatchView, OmbreView

__all__ = ["OmbreTable", "add_arguments", "run", "sorted_hand", "styled", "trump_order"]
SEAT_NAMES = (N_("West"), N_("East"), N_("North"))
#: The outcomes of a deal by their proper names.
OUTCOMES = {"sacardo": N_("sacardo"), "codille": N_("codille"), "puesta": N_("puesta"),
            "codille_split": N_("codille (split)")}  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play ombre`` (those of every ``play``, and ``--deals``)."""
    add_session_arguments(parser, N_("always 3"))


#: The names of the highest trumps (Punto only when trumps are red).
MATADORS = (N_("Spadille"), N_("Manille"), N_("Basto"), N_("Punto"))


class OmbreTable(OmbreFamilyTable[OmbreView, DealResult]):
    """The terminal table of a session of Ombre (``ombre-match``)."""

    family = "ombre"
    matadors = MATADORS
    deal_view_type = OmbreView

    match_game = "ombre-match"
    players_error = "Ombre is played by 3 players (--players 3)"

    def _open(self, game: Game) -> None:
        state = game.new_initial_state()
        assert isinstance(state, OmbreMatchState)
        self.game = game
        self.state: OmbreMatchState = state
        self._shows: list[tuple[int, Card]] = []  # the face-up deal choosing the dealer

    def _seat_label(self, seat: int) -> str:
        return self.t(SEAT_NAMES[seat])

    @property
    def deal(self) -> OmbreState | None:
        """The deal in progress, if any."""
        return self.state.deal

    def view(self) -> OmbreMatchView:
        """The person's view of the session now."""
        return self.state.view(self.me)

    def _intro(self) -> None:
        c, t = self.console, self.t
        deals = int(getattr(self.game, "params", {}).get("num_deals", 0))
        c.print(
            t.ngettext(
                "Ombre — 3 players, {deals} deal; you are {name} (seat {seat}, {place}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                "Ombre — 3 players, {deals} deals; you are {name} (seat {seat}, {place}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                deals, deals=deals, name=self.names[self.me], seat=self.me,
                place=t(SEAT_NAMES[self.me]), seed=self.seed)
            if self.named else
            t.ngettext(
                "Ombre — 3 players, {deals} deal; your seat: {seat} ({place}). Seed {seed} "
                "(--seed {seed} plays this session again).",
                "Ombre — 3 players, {deals} deals; your seat: {seat} ({place}). Seed {seed} "
                "(--seed {seed} plays this session again).",
                deals, deals=deals, seat=self.me, place=t(SEAT_NAMES[self.me]), seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(
            t("Type 'ombre' or 'pass', cards to discard then 'draw', a suit, a card; 'help' for "
              "help.") + "\n",
            markup=False,
        )  # fmt: skip

    def _session_over(self) -> None:
        c, t = self.console, self.t
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

    def _resumed_deal(self, deal: OmbreView) -> None:
        self._dealt_cards = 27

    # -- what happened: the person's events -----------------------------------------------------
    def _deal_begins(self, view: OmbreView) -> None:
        self.console.rule(
            self.t("deal {n}: dealer: {who}; pool {pool} after the antes",
                   n=self.view().deal_index + 1, who=self.names[view.dealer], pool=view.pool)
        )  # fmt: skip

    def _noted(self, event: Event) -> bool:
        if event.kind == "show":
            self._shows.append((event.arg("to"), Card(int(event.arg("card")))))
            return False
        self._flush_shows()
        return True

    def _deal_event(self, event: Event, name: str) -> None:
        c, t = self.console, self.t
        kind = event.kind
        if kind == "deal":
            self._card_dealt()
        elif kind in ("pass", "bid"):
            words = {"ombre": N_("I play"), "sans_prendre": N_("sans prendre")}
            said = t(words.get(event.arg("contract"), N_("pass")))
            c.print(f"  {name}: {said}")
        elif kind == "exchange":
            self._exchanged(name, event.actor, event.arg("count", 0))
        elif kind == "rest" and not event.hidden:
            rest = styled(str(event.arg("card")))
            c.print("  " + t("the rest of the stock: {cards}", cards=rest))
        elif kind == "vole":
            c.print(f"  {name}: " + t("vole!"))

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

    def _all_passed(self) -> str:
        t = self.t
        if getattr(self.game, "params", {}).get("all_pass") == "throw_in_pay_two":
            return t("all passed: the cards are thrown in and each player puts two more units "
                     "into the pool")  # fmt: skip
        return t("all passed: the cards are thrown in, the pool is carried forward")

    def _deal_result(self, result: DealResult) -> None:
        c, t = self.console, self.t
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

    def _marked_dealer(self, result: DealResult) -> int | None:
        return None  # the dealer plays like the others

    def _pot_text(self, result: DealResult | None) -> str:
        """The pool: after the deal of ``result`` (after the last deal, before the leftover
        pool is shared), else the deal's in progress (else the session's)."""
        if result is not None:
            pool = result.pool_after
        else:
            deal = self.deal_view()
            pool = deal.pool if deal is not None else self.view().pool
        return self.t("pool: {pool}", pool=pool)

    # -- the person's turn -------------------------------------------------------------------------
    def _show_game(self, view: OmbreView, trumps: int) -> None:
        if view.phase == "play":
            won = ", ".join(f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won))
            symbol = "♣♦♥♠"[view.trumps - 4] if view.trumps is not None else "?"
            self.console.print(self.t("trumps {suit}; tricks: {tricks}", suit=styled(symbol),
                                      tricks=won))  # fmt: skip
            self._show_on_table(view)

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
            return self._exchange_prompt()
        if phase == "trumps":
            return t("name trumps (♣ ♦ ♥ ♠ or C D H S): ")
        return t("your card: ")

    def _typed(self, answer: str, phase: str) -> list[str]:
        return self._expand(answer, phase)

    def _kept_discards(self, cards: list[str]) -> list[str]:
        wanted = {f"discard {card}" for text in cards for card in self._expand_cards(text)}
        return [t for t in self._pending if t not in wanted]

    def _expand_cards(self, text: str) -> list[str]:
        return [t.split(" ", 1)[1] for t in self._expand(text, "exchange")]


def run(args: argparse.Namespace) -> int:
    """Play a session of Ombre in the terminal."""
    return play_table(lambda: OmbreTable(args, Console(highlight=False)), args)
