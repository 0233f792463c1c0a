"""Trynka (Трынька): play a session of banks against bots in the terminal.

The table always shows the bank, the level, whose turn it is and, on your turn, your choices
with their costs. Type an action in English, Russian or Spanish (``bet 3`` / ``ставлю 3`` /
``apuesto 3``, ``fold`` / ``упал`` / ``me retiro``, ``reveal`` / ``вскрываюсь`` / ``veo``…);
Enter alone answers ``no-flash`` when a card is about to be dealt to you; ``help`` lists the
commands and your choices, ``money`` shows the table again, ``rules`` the rules in force,
``quit`` leaves (and offers to save the session: ``tapete play --resume FILE``).

Everything shown is made here from your views and your events (values, not sentences), in
the table's language (``--lang``), with the players' names.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from tapete.cards import CardSet, Deck
from tapete.cli.common import LEFT_STATUS, add_play_options
from tapete.cli.prompt import read_line, trynka_text
from tapete.cli.table import TerminalTable, play_table, table_game
from tapete.cli.texts import N_, Texts
from tapete.engine.events import Event
from tapete.errors import ConfigError, TapeteError
from tapete.games.trynka import (
    TrynkaActions,
    TrynkaMatchGame,
    TrynkaMatchState,
    TrynkaMatchView,
    TrynkaView,
    hand_value,
)
from tapete.games.trynka.values import JOKER

ENGLISH = Texts("en")
#: The flags of the hand values (sixes_over_aces, two_aces_22, trips_score, trynka_flush).
Flags = tuple[bool, bool, bool, bool]
PLAIN: Flags = (False, False, False, False)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play trynka`` (those of every ``play``, ``--banks``, ``--balance``)."""
    add_play_options(parser, N_("2-8, default 4"))
    parser.add_argument("--banks", type=int, default=5, help=N_("banks to play (default 5)"))
    parser.add_argument("--balance", type=int, default=100, help=N_("starting chips (default 100)"))


_TRIPLES = {
    "A": N_("three aces"), "6": N_("three sixes"), "7": N_("three sevens"),
    "8": N_("three eights"), "9": N_("three nines"), "10": N_("three tens"),
    "J": N_("three jacks"), "Q": N_("three queens"), "K": N_("three kings"),
}  # fmt: skip
_PHASES = {
    "deal": N_("dealing"), "blind": N_("blind stakes"), "round1": N_("first betting round"),
    "blind_look": N_("looking at the cards"), "betting": N_("betting"),
    "closed": N_("betting closed"), "reveal": N_("reveal"), "svara_proposal": N_("svara?"),
    "svara_join": N_("joining the svara"), "over": N_("bank over"),
    "tens_window": N_("three tens?"),
}  # fmt: skip


def value_words(
    deck: Deck, cards: Sequence[int], flags: Flags = PLAIN, t: Texts = ENGLISH, joker: bool = False
) -> str:
    """A three-card hand's value as a player says it, under the value options in force
    (``flags``: sixes_over_aces, two_aces_22, trips_score, trynka_flush; ``joker``: Seka's
    7♣ stands for any card), from the engine's own value of the hand.

    >>> def hand(text): return [int(card) for card in CardSet.parse(text)]
    >>> from tapete.cards import RUSSIAN_24, RUSSIAN_36
    >>> value_words(RUSSIAN_24, hand('A♠ 10♠ 9♥')), value_words(RUSSIAN_24, hand('6♠ 6♥ 6♦'))
    ('21 (suit total)', 'three sixes')
    >>> value_words(RUSSIAN_24, hand('9♠ 9♥ 9♦'))
    '9 (suit total)'
    >>> value_words(RUSSIAN_24, hand('9♠ 9♥ 9♦'), (False, False, True, False))
    '27 (three nines)'
    >>> value_words(RUSSIAN_24, hand('A♠ A♥ 7♦')), value_words(RUSSIAN_24, hand('A♠ A♥ 7♦'),
    ...     (False, True, False, False))
    ('11 (suit total)', '22 (two aces)')
    >>> value_words(RUSSIAN_24, hand('8♦ 7♦ 6♦'), (False, False, False, True))
    '21 (trynka: three of one suit)'
    >>> value_words(RUSSIAN_36, hand('A♠ A♥ 7♣'), joker=True)
    'three aces (with the joker)'
    >>> value_words(RUSSIAN_24, hand('A♠ 10♠ 9♥'), t=Texts("ru"))
    '21 очко (одной масти)'
    """
    sixes_over_aces, two_aces_22, trips_score, trynka_flush = flags
    if len(cards) != 3:
        return str(len(cards))
    value = hand_value(
        CardSet(list(cards)),
        sixes_over_aces=sixes_over_aces,
        two_aces_22=two_aces_22,
        trips_score=trips_score,
        trynka_flush=trynka_flush,
        joker=joker,
    )
    texts = deck.format_cards(list(cards)).split()
    wild = joker and int(JOKER) in [int(c) for c in cards]
    plain = [text for card, text in zip(cards, texts, strict=True) if not (wild and card == JOKER)]
    ranks = [text[:-1] for text in plain]
    suffix = " " + t("(with the joker)") if wild else ""
    lift = 1 if trynka_flush else 0
    points = value.points
    if value.category == (2 if sixes_over_aces else 3) + lift:
        return t(_TRIPLES["A"]) + suffix
    if value.category == (3 if sixes_over_aces else 2) + lift:
        return t(_TRIPLES["6"]) + suffix
    if trynka_flush and value.category == 2:
        flush = t.ngettext(
            "{points} (trynka: three of one suit)",
            "{points} (trynka: three of one suit)",
            points,
            points=points,
        )
        return flush + suffix
    if len(set(ranks)) == 1:
        triple = t(_TRIPLES.get(ranks[0], ranks[0]))
        if ranks[0] == "10" and not trips_score and not wild:
            return triple  # worth one ten, with the right to a redeal
        if trips_score:
            return t.ngettext(
                "{points} ({hand})", "{points} ({hand})", points, points=points, hand=triple
            ) + (suffix)
    if two_aces_22 and points == 22 and ranks.count("A") + wild >= 2:
        return t("22 (two aces)") + suffix
    return (
        t.ngettext("{points} (suit total)", "{points} (suit total)", points, points=points) + suffix
    )


class Speaker:
    """Names and texts for one table: events as sentences in its language."""

    def __init__(
        self,
        deck: Deck,
        names: Sequence[str],
        t: Texts = ENGLISH,
        flags: Flags = PLAIN,
        joker: bool = False,
    ) -> None:
        self.deck, self.names, self.t, self.flags = deck, list(names), t, flags
        self.joker = joker

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def who(self, seats: Sequence[int]) -> str:
        """Several names."""
        return ", ".join(self.name(s) for s in seats)

    def cards(self, cards: Sequence[int]) -> str:
        """Cards in the pack's notation."""
        return self.deck.format_cards(list(cards))

    def value(self, cards: Sequence[int]) -> str:
        """A hand's value in words."""
        return value_words(self.deck, cards, self.flags, self.t, self.joker)

    def outcome(self, event: Event) -> list[str]:
        """The public outcomes an event carries, as sentences."""
        t = self.t
        out: list[str] = []
        for key, value in event.args:
            if key == "out":
                out.append(t("{who}: out", who=self.name(value)))
            elif key == "tie" and event.arg("svara") is not None:
                out.append(t("a tie"))
            elif key == "tie":
                out.append(t("a tie: the revealer must beat"))
            elif key == "shown_cards":
                out += [
                    t(
                        "{who}: {cards} = {value}",
                        who=self.name(s),
                        cards=self.cards(cards),
                        value=self.value(cards),
                    )
                    for s, cards in value
                ]
            elif key == "showdown":
                out.append(t("showdown: best {who}", who=self.who(value)))
            elif key == "svara":
                fee = event.arg("fee", 0)
                text = t("svara: {who}", who=self.who(value))
                out.append(text + (t(", join fee {fee}", fee=fee) if fee else ""))
            elif key == "winner":
                out.append(
                    t.ngettext(
                        "the bank ({won}) goes to {who}",
                        "the bank ({won}) goes to {who}",
                        int(event.arg("won", 0)),
                        who=self.name(value),
                        won=event.arg("won"),
                    )
                )
            elif key == "split":
                shares = event.arg("shares", ())
                parts = ", ".join(
                    f"{self.name(s)} {a}" for s, a in zip(value, shares, strict=False)
                )
                out.append(t("the bank is split: {parts}", parts=parts))
            elif key == "look":
                out.append(t("looking at their cards: {who}", who=self.who(value)))
            elif key == "dealt_in":
                out.append(t("new deal, the bank stays: {who} dealt in", who=self.who(value)))
        return out

    def event(self, event: Event) -> str | None:
        """The sentence for ``event`` (``None``: nothing worth printing)."""
        t = self.t
        kind, actor = event.kind, event.actor
        who = self.name(actor)
        head: str
        if kind == "draw":
            card = self.deck.format_card(event.arg("card"))
            to = event.arg("to")
            if to == -1:
                head = t("the table turns {card}", card=card)
            else:
                head = t("first-dealer draw: {who} {card}", who=self.name(to), card=card)
        elif kind == "deal":
            if event.hidden or event.arg("card") is None:
                return None
            card = self.deck.format_card(event.arg("card"))
            head = t("{who} — a card face up: {card}", who=self.name(event.arg("to")),
                     card=card)  # fmt: skip
        elif kind in ("no_flash", "decline") and not event.args:
            return None
        elif kind == "decline" and event.arg("look") is not None and len(event.args) == 1:
            return "; ".join(self.outcome(event))
        elif kind in ("blind", "overblind", "bet"):
            action = t.action("trynka", f"{kind} {event.arg('amount')}")
            head = t("{who}: {action}", who=who, action=action)
        elif kind == "reveal":
            action = t.action("trynka", "reveal")
            head = t("{who}: {action} → {other} (pays {cost})", who=who, action=action,
                     other=self.name(event.arg("to")), cost=event.arg("cost"))  # fmt: skip
        elif kind == "tens":
            action = t.action("trynka", "claim-tens")
            head = t("{who}: {action} — redeal", who=who, action=action)
        else:
            call = {"propose": "propose-svara", "no_flash": "no-flash"}.get(kind, kind)
            head = t("{who}: {action}", who=who, action=t.action("trynka", call))
        return "; ".join([head, *self.outcome(event)])


def event_text(
    deck: Deck, event: Event, names: Sequence[str] | None = None, t: Texts = ENGLISH
) -> str | None:
    """The sentence the terminal prints for ``event`` (``None``: nothing worth printing);
    seats are named by ``names`` (``seat N`` without them)."""
    if names is None:
        names = [f"seat {s}" for s in range(8)]
    return Speaker(deck, names, t).event(event)


def choices_text(
    codec: TrynkaActions, legal: Sequence[int], view: TrynkaView, t: Texts = ENGLISH
) -> list[str]:
    """The legal actions with their costs, amounts grouped (``bet 2…10``), in the words the
    table reads (``ставлю 2…10`` in Russian)."""
    out: list[str] = []
    amounts: dict[str, list[int]] = {}
    for action in legal:
        amount = codec.amount_of(action)
        if amount is not None:
            amounts.setdefault(amount[0], []).append(amount[1])
        elif action == codec.reveal:
            out.append(f"{t.action('trynka', 'reveal')} ({view.reveal_cost})")
        elif action == codec.join:
            out.append(f"{t.action('trynka', 'join')} ({view.join_fee})")
        else:
            out.append(t.action("trynka", codec.text(action)))
    for verb, values in amounts.items():
        span = _span(values)
        words = t.action("trynka", f"{verb} {values[0]}")
        out.append(words.replace(f" {values[0]}", f" {span}"))
    return out


def _span(values: Sequence[int]) -> str:
    """Amounts as a player reads them: ``2…10`` when every amount between is allowed,
    ``4, 6…10`` (the step shown by its first two) when they go up in steps (doubled stakes).

    >>> _span([3]), _span([2, 3, 4]), _span([4, 6, 8, 10]), _span([2, 5])
    ('3', '2…4', '4, 6…10', '2, 5')
    """
    if len(values) == 1:
        return f"{values[0]}"
    step = values[1] - values[0]
    if any(b - a != step for a, b in itertools.pairwise(values)):
        return ", ".join(str(v) for v in values)
    if step == 1:
        return f"{values[0]}…{values[-1]}"
    if len(values) == 2:
        return f"{values[0]}, {values[1]}"
    return f"{values[0]}, {values[1]}…{values[-1]}"


class TrynkaTable(TerminalTable):
    """The terminal table of a Trynka session: the person at ``me``, bots elsewhere."""

    family = "trynka"
    commands = ("money", "rules")

    def __init__(
        self,
        args: argparse.Namespace,
        console: Console,
        read: Callable[[str], str] = read_line,
    ) -> None:
        game = table_game(
            args, "trynka-match", n_players=args.players, banks=args.banks,
            start_balance=args.balance,
        )  # fmt: skip
        if not isinstance(game, TrynkaMatchGame):
            raise ConfigError("trynka-match is not Trynka's session here")
        self.game: TrynkaMatchGame = game
        state = game.new_initial_state()
        assert isinstance(state, TrynkaMatchState)
        self.state: TrynkaMatchState = state
        n = game.num_players()
        if not 0 <= args.seat < n:
            raise ConfigError(f"--seat must be 0…{n - 1}")
        self._sit_down(args, console, read)
        self.deck = game.rules.deck
        self.codec = game.rules.bank.actions
        bank = game.rules.bank
        self.speak = Speaker(self.deck, self.names, self.t, bank.value_flags, bank.joker)
        self._printed = 0  # the move number up to which the person's events are printed
        self._bank_shown = -1
        self._first_dealer_shown = False
        self._held: list[CardSet] = []  # with --reveal: what every seat held

    def view(self) -> TrynkaMatchView:
        """The person's view of the session."""
        return self.state.view(self.me)

    # -- the session -------------------------------------------------------------------------
    def run(self) -> int:
        """Play the session; returns 0 (or 1 if the person left)."""
        t, c = self.t, self.console
        c.print(
            t.ngettext(
                "Trynka — {n} player; you are {name} (seat {seat}). Seed {seed} (--seed {seed} "
                "plays this session again).",
                "Trynka — {n} players; you are {name} (seat {seat}). Seed {seed} (--seed {seed} "
                "plays this session again).",
                len(self.names), name=self.names[self.me], seat=self.me, seed=self.seed)
            if self.named else
            t.ngettext(
                "Trynka — {n} player; your seat: {seat}. Seed {seed} (--seed {seed} plays this "
                "session again).",
                "Trynka — {n} players; your seat: {seat}. Seed {seed} (--seed {seed} plays this "
                "session again).",
                len(self.names), seat=self.me, seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(t("Type an action like 'bet 2' or 'fold'; 'help' for help.") + "\n", markup=False)
        if not self.play_turns():
            return LEFT_STATUS
        self._catch_up()
        self._show_held()
        returns = self.state.returns()
        self._final_balances(returns)
        self._print_winners(returns)
        return 0

    def _final_balances(self, returns: Sequence[float]) -> None:
        t = self.t
        start = self.game.rules.bank.balances
        table = Table(title=t("final balances"), title_justify="left")
        for column in (t("player"), t("chips"), t("won or lost")):
            table.add_column(column)
        for seat, chips in enumerate(returns):
            change = chips - start[seat] if seat < len(start) else chips
            table.add_row(self.names[seat], f"{chips:g}", f"{change:+g}")
        self.console.print(table)

    def _resumed(self) -> None:
        self._printed = self.state.move_number()
        view = self.view()
        self._bank_shown = view.deal_index if isinstance(view.deal, TrynkaView) else -1
        self._first_dealer_shown = True
        self.console.print(self.t("resumed at bank {n}", n=view.deal_index + 1))

    # -- the turn loop's hooks ----------------------------------------------------------------
    def _catch_up(self) -> None:
        """Print the person's events not printed yet, a new bank's heading, a reveal's hands."""
        t, c = self.t, self.console
        state = self.state
        for event in state.events(self.me, self._printed):
            text = self.speak.event(event)
            if text is not None:
                c.print(f"· {text}", style="cyan", markup=False)
            if event.kind == "reveal" and self.me in (event.actor, event.arg("to")):
                self._show_reveal(event)
        self._printed = state.move_number()
        view = self.view()
        if view.first_dealer is not None and not self._first_dealer_shown:
            c.print("· " + t("first dealer: {who}", who=self.names[view.first_dealer]),
                    style="cyan", markup=False)  # fmt: skip
            self._first_dealer_shown = True
        if view.deal_index != self._bank_shown and isinstance(view.deal, TrynkaView):
            self._show_held()
            self._bank_shown = view.deal_index
            dealer = self.names[view.deal.dealer]
            heading = t("bank {n}, dealer: {who}", n=self._bank_shown + 1, who=dealer)
            c.print("· " + heading, style="cyan", markup=False)
        deal = state.deal
        if self.reveal and deal is not None and any(deal.hands):
            # the host shows what the bots held, as asked: the only use of the true hands
            self._held = [deal.hand(s) for s in range(len(self.names))]

    def _show_held(self) -> None:
        if not (self.reveal and self._held):
            return
        for seat in range(len(self.names)):
            if seat != self.me:
                cards = self.deck.format_cards(self._held[seat])
                self.console.print(
                    "  " + self.t("{who} held {cards}", who=self.names[seat], cards=cards),
                    style="magenta", markup=False,
                )  # fmt: skip
        self._held = []

    def _show_reveal(self, event: Event) -> None:
        """A reveal between the person and another seat: both hands and their values (from the
        person's view: the engine shows the two hands to those two players only)."""
        bank = self.view().deal
        other = event.arg("to") if event.actor == self.me else event.actor
        if not isinstance(bank, TrynkaView) or len(bank.hand) != 3:
            return
        theirs = list(bank.shown[other])
        if len(theirs) != 3:
            return
        mine = list(bank.hand)
        s = self.speak
        self.console.print(
            "  " + self.t("{who} shows you {cards} = {value}; you have {mine} = {my_value}",
                          who=self.names[other], cards=s.cards(theirs), value=s.value(theirs),
                          mine=s.cards(mine), my_value=s.value(mine)),
            style="bold", markup=False,
        )  # fmt: skip

    # -- the table ---------------------------------------------------------------------------
    def render(self) -> None:
        """Print the table as the person's view shows it."""
        t = self.t
        match = self.view()
        view = match.deal
        if not isinstance(view, TrynkaView) or view.seat is None:
            return
        me = view.seat
        table = Table(title=t("Trynka — bank no. {n}, dealer: {who}", n=match.deal_index + 1,
                              who=self.names[view.dealer]))  # fmt: skip
        for column in (t("player"), t("chips"), t("paid this bank"), t("state"), t("cards seen")):
            table.add_column(column)
        for seat in range(view.n_players):
            name = self.names[seat]
            if seat == me and name != t("you"):
                name += " " + t("(you)")
            if seat == view.current_player:
                name = f"▶ {name}"
            cards = view.hand if seat == me else view.shown[seat]
            hidden = view.cards_held[seat] - len(cards)
            text = self.deck.format_cards(cards) + (" " if cards and hidden else "")
            text += ("▒ " * hidden).strip()
            table.add_row(
                name, str(view.balances[seat]), str(view.paid[seat]), self._state_of(view, seat),
                text,
            )  # fmt: skip
        self.console.print(table)
        phase = t(_PHASES.get(view.phase, view.phase))
        self.console.print(
            t("pot {pot}   level {level} (cap {cap})   {phase}", pot=view.bank, level=view.level,
              cap=view.level_cap, phase=phase),
            markup=False,
        )  # fmt: skip
        if view.looked[me] and len(view.hand) == 3:
            self.console.print(
                t("your hand {cards} = {value}", cards=self.deck.format_cards(view.hand),
                  value=self.speak.value(list(view.hand))),
                markup=False,
            )  # fmt: skip

    def _state_of(self, view: TrynkaView, seat: int) -> str:
        t = self.t
        if seat not in view.participants:
            return t("not dealt in")
        flags = [t("in") if view.active[seat] else t("out")]
        if view.dark[seat]:
            flags.append(t("blind"))
        return ", ".join(flags)

    # -- the person's turn -------------------------------------------------------------------
    def _ask(self) -> bool:
        state, codec, t = self.state, self.codec, self.t
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            return True
        if not (codec.flash in legal or codec.keep in legal):
            self.render()
        bank = self.view().deal
        assert isinstance(bank, TrynkaView)
        choices = choices_text(codec, legal, bank, t)
        hint = " " + t("(Enter = {action})", action=t.action("trynka", "no-flash"))
        if codec.no_flash not in legal:
            hint = ""
        self.console.print(
            t("your turn — choices: {choices}", choices=", ".join(choices)) + hint, markup=False
        )
        while True:
            empty = "no-flash" if codec.no_flash in legal else None
            answer = self._read_answer(t("your action> "), choices, empty=empty)
            if answer is None:
                return False
            if self._table_command(answer):
                continue
            text = trynka_text(answer)
            try:
                action = state.string_to_action(text)
            except TapeteError as e:
                self._refuse(e, answer)
                continue
            error = state.why_illegal(action)
            if error is not None:
                self._refuse(error)
                continue
            state.apply_action(action)
            return True

    def _show(self, command: str) -> None:
        self.render()  # "money": the table again


def run(args: argparse.Namespace, read: Callable[[str], str] | None = None) -> int:
    """Play a session of banks; returns the exit status."""
    return play_table(lambda: TrynkaTable(args, Console(highlight=False), read or read_line), args)
