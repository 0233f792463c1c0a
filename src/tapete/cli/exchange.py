"""What the terminal tables of Ombre, Tresillo and Danish l'hombre share: the person's turn
with discards that wait for ``draw`` (and can be taken back), tricks of three cards won by
Ombre's trick rule, the trump order with the matadors' names, and the money table (the rest
of a session's table: :mod:`tapete.cli.ombre_family`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol

from rich.table import Table

from tapete.cards import Card, CardSet
from tapete.cli.ombre_cards import TAKE_BACK, sorted_hand, styled, trump_order
from tapete.cli.table import TerminalTable
from tapete.engine import State
from tapete.engine.events import Event
from tapete.errors import TapeteError
from tapete.games.ombre_family.tables import trick_winner


class DealView(Protocol):
    """What these tables read of a seat's view of the deal."""

    @property
    def hand(self) -> CardSet:
        """The seat's cards."""
        ...


class ExchangeTable(TerminalTable):
    """An Ombre-like table: a deal in progress (:attr:`deal`), a stock to exchange with, the
    trumps (``_trumps``: a suit's index + 4, -1 before they are named)."""

    #: The names of the highest trumps (the fourth only when trumps are red).
    matadors: tuple[str, ...]
    _trumps = -1
    _tricks_seen = 0

    def _init_exchange(self) -> None:
        """The state every deal starts from, kept as the events come."""
        self._trick: list[tuple[int, int]] = []  # the trick being played: (seat, card)
        self._pending: list[str] = []  # discards typed, applied on 'draw'
        self._draws: list[Card] = []  # the cards the person drew in the exchange
        self._since = 0  # the events printed so far (a move number of the session)
        self._deals_seen = 0
        self._in_deal = False

    @property
    @abstractmethod
    def deal(self) -> State | None:
        """The deal in progress, if any."""

    @abstractmethod
    def deal_view(self, seat: int | None = None) -> DealView | None:
        """A seat's (the person's by default) view of the live deal, if any."""

    @abstractmethod
    def shown(self, text: str) -> str:
        """An engine action text in the table's words."""

    @abstractmethod
    def _prompt(self, phase: str, texts: list[str]) -> str:
        """What the person is asked in ``phase`` (``texts``: the legal actions, shown)."""

    @abstractmethod
    def _typed(self, answer: str, phase: str) -> list[str]:
        """The person's answer as engine action texts (several discards at once)."""

    def _take_back(self, cards: list[str]) -> None:
        """Take back pending discards (all of them without cards named)."""
        self._pending = self._kept_discards(cards) if cards else []
        self._show_turn()

    @abstractmethod
    def _kept_discards(self, cards: list[str]) -> list[str]:
        """The pending discards left when those of ``cards`` (as typed) are taken back."""

    @abstractmethod
    def _show_turn(self) -> None:
        """What the person sees before answering: the trick, the discards, the hand."""

    @abstractmethod
    def _print_event(self, event: Event) -> None:
        """Print one of the person's events."""

    def _after_events(self) -> None:
        """What the new events (printed) finished, before a finished deal is shown."""

    @abstractmethod
    def _deal_over(self, index: int) -> None:
        """Show how the deal ``index`` (from 0) of the session ended."""

    def _catch_up(self) -> None:
        state = self.state
        events = state.events(self.me, self._since)
        self._since = state.move_number()
        for event in events:
            self._print_event(event)
        self._after_events()
        index = self._progress()
        while self._deals_seen < index:
            self._deals_seen += 1
            self._deal_over(self._deals_seen - 1)

    def _hand_of(self, seat: int) -> CardSet:
        deal = self.deal_view(seat)
        return deal.hand if deal is not None else CardSet()

    def _ask(self) -> bool:
        deal = self.deal
        assert deal is not None
        self._show_turn()
        while True:
            legal = deal.legal_actions()
            texts = [self.shown(deal.action_to_string(a)) for a in legal]
            phase = deal.phase()
            if phase == "exchange" and self._pending and self.shown("draw") not in texts:
                texts.append(self.shown("draw"))  # the discards typed wait for it
            answer = self._read_answer(self._prompt(phase, texts), texts)
            if answer is None:
                return False
            if self._table_command(answer):
                continue
            words = answer.split()
            if phase == "exchange" and words and words[0].lower() in TAKE_BACK:
                self._take_back(words[1:])
                continue
            try:
                typed = self._typed(answer, phase)
                if phase == "exchange":  # discards wait for 'draw' (they can be taken back)
                    typed = [*self._pending, *typed]
                actions = self._parse_all(typed)
            except TapeteError as e:
                self._refuse(e, answer)
                continue
            if phase == "exchange" and not any(text.split()[0] == "draw" for text in typed):
                self._pending = typed
                self._show_turn()  # go on discarding, take back, then 'draw'
                continue
            self._pending = []
            for action in actions:
                self.state.apply_action(action)
            self._catch_up()
            if deal.phase() == "exchange" and deal.current_player() == self.me:
                self._show_turn()
                continue
            return True

    def _parse_all(self, texts: list[str]) -> list[int]:
        """Check every text on a copy first, so a bad one leaves the table unchanged."""
        trial = self.state.clone()
        out = []
        for text in texts:
            action = trial.string_to_action(text)
            trial.apply_action(action)
            out.append(action)
        return out

    def _flush_draws(self) -> None:
        """The cards the person drew, on one line."""
        if self._draws:
            drew = " ".join(str(card) for card in self._draws)
            self.console.print("  " + self.t("you draw {cards}", cards=styled(drew)))
            self._draws = []

    def _played(self, actor: int, card: int) -> None:
        """A card played; at the third, who took the trick and with which card."""
        c, t = self.console, self.t
        c.print(f"  {self.names[actor]}: {styled(str(Card(card)))}")
        self._trick.append((actor, card))
        if len(self._trick) < 3:
            return
        cards = [played for _, played in self._trick]
        index = self._trick_winner(cards)
        winner = self._trick[index][0]
        self._tricks_seen += 1
        played = [(s, styled(str(Card(x)))) for s, x in self._trick]
        self._trick = []
        won_with = styled(str(Card(cards[index])))
        c.print("  → " + t("trick {n} to {who} with {card}", n=self._tricks_seen,
                           who=self.names[winner], card=won_with))  # fmt: skip
        self._keep_last_trick(played, winner)

    def _trick_winner(self, cards: list[int]) -> int:
        """Which of a trick's three cards (in playing order) takes it."""
        return trick_winner(self._trumps, cards)

    def _tricks_taken(self, tricks: Sequence[int], dealer: int = -1) -> str:
        """The tricks each seat took in the deal (not the dealer who sat it out)."""
        return ", ".join(
            self.t.ngettext("{who}: {n} trick", "{who}: {n} tricks", won, who=self.names[seat])
            for seat, won in enumerate(tricks)
            if seat != dealer
        )

    def _show_trump_order(self) -> None:
        """The trumps from the highest, the matadors by their names."""
        order = trump_order(self._trumps).split()
        named = [
            f"{styled(card)} {self.t(name)}"
            for card, name in zip(order, self.matadors, strict=False)
        ]
        if self._trumps in (4, 7):  # black trumps: the ace is Basto's, no fourth matador
            named = named[:3]
        lower = styled(" ".join(order[len(named) :]))
        self.console.print("  " + self.t("trump order: {cards}", cards=", ".join(named) + ", "
                                                                        + lower))  # fmt: skip

    def _show_dealt(self, hands: Sequence[tuple[int, CardSet]]) -> None:
        """With ``--reveal``: every seat's cards as dealt."""
        for seat, hand in hands:
            cards = styled(sorted_hand(hand.mask, -1))
            self.console.print(
                "  " + self.t("{who}, as dealt: {cards}", who=self.names[seat], cards=cards)
            )

    def _money_table(
        self,
        title: str,
        balances: Sequence[int],
        changes: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> None:
        """Every seat's balance (and the deal's change, the dealer marked, when given)."""
        t = self.t
        table = Table(title=title, title_justify="left")
        table.add_column(t("player"))
        if changes is not None:
            table.add_column(t("this deal"))
        table.add_column(t("balance"))
        for s, name in enumerate(self.names):
            if s == dealer:
                name += " " + t("(dealer)")
            cells = [name]
            if changes is not None:
                cells.append(f"{changes[s]:+d}")
            cells.append(str(balances[s]))
            table.add_row(*cells)
        self.console.print(table)
