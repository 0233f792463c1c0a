"""Tresillo: play a session against bots in the terminal.

Four at the table: in each deal the dealer deals, sits out, and pays and receives like the
others. In the auction say ``entrada``, ``vuelta``, ``solo`` (with a palo de favor also
``entrada-favor`` / ``solo-favor``) or ``pass``; name trumps with a suit (``♠``, ``S``,
``espadas``); in the exchange type the cards to throw away (``♥7 ♦6``, ``H7 D6``, or the
numbers printed on Spanish cards: ``7c`` is the 7 of copas, ♥7) and then ``draw``; in play a
card, or ``surrender`` (before your card to the fourth trick); after a surrendered entrada
``defend`` or ``accept``. ``help`` lists the in-game commands and the legal choices,
``money`` the balances and the plate, ``last`` the last trick, ``rules`` the rules in force,
``quit`` leaves (and offers to save). Bad input is refused with the reason and asked again.
``--lang es|ru`` (default: the locale's) prints every text in Spanish or Russian (the
catalogs of :mod:`tapete.cli.texts`) and the table reads the words it shows: ``paso``,
``robo``, ``me rindo``, ``la defiendo``, ``bien`` / ``пас``, ``беру``, ``сдаюсь``...

>>> tresillo_text("Paso", "auction"), tresillo_text("entrada de favor", "auction")
(['pass'], ['entrada-favor'])
>>> tresillo_text("7c 1o", "exchange"), tresillo_text("espadas", "trumps")
(['discard ♥7', 'discard ♦A'], ['trumps ♠'])
>>> tresillo_text("хожу d12", "play"), tresillo_text("me rindo", "play")
(['play D12'], ['surrender'])
>>> shown_action("es", "trumps ♠"), shown_action("ru", "entrada-favor")
('triunfo espadas', 'энтрада фавор')
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rich.console import Console

from tapete.cards import Card
from tapete.cli.ombre_cards import sorted_hand, styled
from tapete.cli.ombre_family import SYMBOLS, OmbreFamilyTable, add_session_arguments
from tapete.cli.prompt import spanish_card
from tapete.cli.table import play_table
from tapete.cli.texts import N_, Texts
from tapete.engine import Game
from tapete.engine.events import Event
from tapete.errors import ConfigError, TapeteError
from tapete.games.tresillo import TresilloMatchGame, TresilloMatchState, TresilloState
from tapete.games.tresillo.actions import parse_card
from tapete.games.tresillo.view import TresilloDealResult, TresilloMatchView, TresilloView

#: The suits by their Spanish names (oros ♦, copas ♥...; by their engine code: SYMBOLS).
SPANISH_SUIT = {"♣": "bastos", "♦": "oros", "♥": "copas", "♠": "espadas"}
RUSSIAN_SUIT = {"♣": "трефы", "♦": "бубны", "♥": "червы", "♠": "пики"}
#: The highest trumps by their Tresillo names (Punto only when trumps are red).
MATADORS = (N_("Espada"), N_("Mala"), N_("Basto"), N_("Punto"))
#: The games of the auction by their contract code.
CONTRACTS = {
    "entrada": N_("entrada"), "entrada_favor": N_("entrada de favor"), "vuelta": N_("vuelta"),
    "solo": N_("solo"), "solo_favor": N_("solo de favor"),
}  # fmt: skip
#: The outcomes of a deal by their proper names.
OUTCOMES = {
    "sacada": N_("sacada"), "codillo": N_("codillo"), "puesta": N_("puesta"),
    "surrendered": N_("puesta"), "vuelta_surrendered": N_("puesta"),
    "defended": N_("sacada of the defence"), "defended_codillo": N_("codillo"),
    "defended_saved": N_("puesta of the defender"), "defended_puesta": N_("puestas gemelas"),
    "codillo_split": N_("codillo"),
}  # fmt: skip

#: How the engine's verbs are shown in each language (and read back: :func:`tresillo_text`).
ACTION_WORDS: dict[str, dict[str, str]] = {
    "es": {"pass": "paso", "entrada-favor": "entrada de favor", "solo-favor": "solo de favor",
           "draw": "robo", "surrender": "me rindo", "defend": "la defiendo", "accept": "bien",
           "trumps": "triunfo", "discard": "descarto", "play": "tiro"},
    "ru": {"pass": "пас", "entrada": "энтрада", "entrada-favor": "энтрада фавор",
           "vuelta": "вуэльта", "solo": "соло", "solo-favor": "соло фавор", "draw": "беру",
           "surrender": "сдаюсь", "defend": "защищаю", "accept": "принимаю",
           "trumps": "козыри", "discard": "сброс", "play": "хожу", "bola": "бола"},
}  # fmt: skip
#: Words of every language that the table reads, and the engine's verb they mean.
VERBS: dict[str, str] = {
    **{verb: verb for verb in ("pass", "entrada", "entrada-favor", "vuelta", "solo",
                               "solo-favor", "draw", "surrender", "defend", "accept",
                               "trumps", "discard", "play", "bola")},
    "бола": "bola",
    "paso": "pass", "пас": "pass", "энтрада": "entrada", "вуэльта": "vuelta", "соло": "solo",
    "robo": "draw", "robar": "draw", "беру": "draw", "прикуп": "draw",
    "rindo": "surrender", "сдаюсь": "surrender", "defiendo": "defend", "защищаю": "defend",
    "bien": "accept", "принимаю": "accept",
    "trump": "trumps", "triunfo": "trumps", "triunfos": "trumps", "козыри": "trumps",
    "козырь": "trumps",
    "descarto": "discard", "descarte": "discard", "сброс": "discard", "сбрасываю": "discard",
    "tiro": "play", "juego": "play", "jugar": "play", "хожу": "play", "ход": "play",
}  # fmt: skip
#: Answers of several words.
PHRASES: dict[str, str] = {
    "entrada de favor": "entrada-favor", "entrada favor": "entrada-favor",
    "solo de favor": "solo-favor", "solo favor": "solo-favor",
    "энтрада фавор": "entrada-favor", "соло фавор": "solo-favor",
    "me rindo": "surrender", "la defiendo": "defend", "la sigo": "defend",
}  # fmt: skip
#: Suits as words, symbols or letters, in every language the table speaks.
SUITS: dict[str, str] = {
    **{symbol: symbol for symbol in SPANISH_SUIT},
    **{name: symbol for symbol, name in SPANISH_SUIT.items()},
    **{name: symbol for symbol, name in RUSSIAN_SUIT.items()},
    **{code: symbol for code, symbol in SYMBOLS.items()},
    "c": "♣", "d": "♦", "h": "♥", "s": "♠", "basto": "♣", "oro": "♦", "copa": "♥",
    "espada": "♠", "трефа": "♣", "бубна": "♦", "черви": "♥", "пика": "♠",
}  # fmt: skip
#: The Spanish pack's suit letters and ranks in the French notation Tresillo's cards use.
_SPANISH_TO_FRENCH_SUIT = {"o": "♦", "c": "♥", "e": "♠", "b": "♣"}
_SPANISH_TO_FRENCH_RANK = {"S": "J", "C": "Q", "R": "K"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``tapete play tresillo`` (those of every ``play``, and ``--deals``)."""
    add_session_arguments(parser, N_("always 4"))


def card_word(word: str) -> str:
    """A card as the engine reads it: the Spanish printed numbers (``7c`` = ♥7, ``1o`` =
    ♦A, ``12e`` = ♠K) made French, other cards upper-cased (``c7`` = ``C7``).

    >>> card_word("10b"), card_word("sc"), card_word("♠a"), card_word("h7")
    ('♣J', '♥J', '♠A', 'H7')
    """
    spanish = spanish_card(word)
    if spanish is not None:
        rank, suit = spanish[:-1], spanish[-1]
        return _SPANISH_TO_FRENCH_SUIT[suit] + _SPANISH_TO_FRENCH_RANK.get(rank, rank)
    return word.upper() if len(word) in (2, 3) else word


def tresillo_text(answer: str, phase: str) -> list[str]:
    """An answer as engine action texts (several for the cards to discard): the words of
    English, Spanish and Russian; a bare card plays (discards in the exchange), a bare suit
    names trumps."""
    lowered = " ".join(answer.strip().lower().split())
    if lowered in PHRASES:
        return [PHRASES[lowered]]
    words = lowered.split()
    if not words:
        return [answer]
    verb = VERBS.get(words[0])
    if verb is not None:
        words = words[1:]
    else:
        verb = {"exchange": "discard", "play": "play", "trumps": "trumps"}.get(phase, "")
        if not verb:
            return [answer]
    if verb == "trumps":
        return [" ".join(["trumps", *(SUITS.get(w, w) for w in words)])]
    if verb in ("discard", "play") and words:
        return [f"{verb} {card_word(w)}" for w in words]
    return [" ".join([verb, *words])]


def shown_action(lang: str, text: str) -> str:
    """An engine action text in the words of ``lang`` (words :func:`tresillo_text` reads):
    ``trumps ♠`` is ``triunfo espadas`` / ``козыри пики``."""
    verb, _, rest = text.partition(" ")
    words = ACTION_WORDS.get(lang, {})
    if verb == "trumps" and lang in ("es", "ru"):
        rest = (SPANISH_SUIT if lang == "es" else RUSSIAN_SUIT).get(rest, rest)
    return " ".join(w for w in (words.get(verb, verb), rest) if w)


def _plate_text(plate: Sequence[int], t: Texts) -> str:
    return ", ".join(str(p) for p in plate) if plate else t("nothing on it")


class TresilloTable(OmbreFamilyTable[TresilloView, TresilloDealResult]):
    """The terminal table of a session of Tresillo (``tresillo-match``)."""

    family = "tresillo"
    matadors = MATADORS
    deal_view_type = TresilloView

    match_game = "tresillo-match"
    players_error = "Tresillo is played by four at the table (--players 4)"

    def _open(self, game: Game) -> None:
        if not isinstance(game, TresilloMatchGame):
            raise ConfigError(f"a Tresillo table plays tresillo-match, not {game.name}")
        self.game: TresilloMatchGame = game
        self.state: TresilloMatchState = game.new_initial_state()
        self._dealt_to_me = 0
        self._surrendered_by = -1
        self._defender = -1
        self._events_seen = 0  # the person's events printed (a new one shows the hand again)

    @property
    def deal(self) -> TresilloState | None:
        """The deal in progress, if any."""
        return self.state.deal

    def view(self) -> TresilloMatchView:
        """The person's view of the session now."""
        return self.state.view(self.me)

    def shown(self, text: str) -> str:
        """An engine action text in the table's words."""
        return shown_action(self.lang, text)

    def _intro(self) -> None:
        c, t = self.console, self.t
        deals = self.game.num_deals
        c.print(
            t.ngettext(
                "Tresillo — four at the table, {deals} deal; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                "Tresillo — four at the table, {deals} deals; you are {name} (seat {seat}). Seed "
                "{seed} (--seed {seed} plays this session again).",
                deals, deals=deals, name=self.names[self.me], seat=self.me, seed=self.seed)
            if self.named else
            t.ngettext(
                "Tresillo — four at the table, {deals} deal; your seat: {seat}. Seed {seed} "
                "(--seed {seed} plays this session again).",
                "Tresillo — four at the table, {deals} deals; your seat: {seat}. Seed {seed} "
                "(--seed {seed} plays this session again).",
                deals, deals=deals, seat=self.me, seed=self.seed),
            markup=False,
        )  # fmt: skip
        c.print(
            t("The dealer sits the deal out but pays and receives like the others. Say "
              "'entrada', 'vuelta', 'solo' or 'pass'; a suit for trumps; cards to discard "
              "then 'draw'; a card, or 'surrender' before your card to the fourth trick; "
              "'help' for help."),
            markup=False,
        )  # fmt: skip
        favor = self.game.rules.favor
        if favor >= 0:
            suit = "♣♦♥♠"[favor - 4]
            c.print(
                t("palo de favor: {suit}: its entrada and solo (de favor) outbid the plain "
                  "ones and pay {extra} more", suit=styled(suit),
                  extra=self.game.rules.favor_extra)
            )  # fmt: skip
        c.print()

    def _session_over(self) -> None:
        c, t = self.console, self.t
        view = self.view()
        last = sum(view.results[-1].plate_after) if view.results else 0
        if last - view.unassigned:
            share = (last - view.unassigned) // 4
            c.print(t("the {plate} left on the plate are shared: {share} to each player",
                      plate=last, share=share))  # fmt: skip
        self._show_money(t("final balances"))
        if view.unassigned:
            c.print(t.ngettext("{n} unit of the plate could not be shared and stays unassigned",
                               "{n} units of the plate could not be shared and stay unassigned",
                               view.unassigned))  # fmt: skip
        self._print_winners(list(view.balances))

    def _resumed_deal(self, deal: TresilloView) -> None:
        self._dealt_to_me = len(deal.hand) + len(deal.discards)
        if deal.first_player is not None:
            self._surrendered_by = deal.first_player
            self._defender = deal.player if deal.player is not None else -1

    def _next_seat(self, seat: int, dealer: int) -> int:
        nxt = (seat + 1) % 4
        return (nxt + 1) % 4 if nxt == dealer else nxt  # the dealer sits the deal out

    def _has_turned_card(self, view: TresilloView, seat: int) -> bool:
        return seat == view.player and view.contract == "vuelta"

    # -- what happened: the person's events -----------------------------------------------------
    def _after_chance(self, phase: str, text: str) -> None:
        self._catch_up()
        deal = self.deal
        if self.reveal and deal is not None and deal.phase() == "auction" and not self._dealt:
            for seat in deal.active:
                view = self.deal_view(seat)
                if view is not None:
                    self._dealt[seat] = view.hand

    def _after_events(self) -> None:
        deal = self.deal
        if deal is None or deal.phase() != "stock":  # the cards drawn, on one line
            self._flush_draws()

    def _deal_begins(self, view: TresilloView) -> None:
        c, t = self.console, self.t
        self._dealt_to_me = 0
        self._surrendered_by = self._defender = -1
        c.rule(
            t("deal {n} of {total}: dealer {who} (sits out); the plate: {plate}",
              n=self.view().deal_index + 1, total=self.game.num_deals,
              who=self.names[view.dealer], plate=_plate_text(view.plate, t))
        )  # fmt: skip
        if view.dealer == self.me:
            c.print(t("you deal this one: you sit it out, but pay and receive like the others"))
        if view.polla and view.polla_by == "dealer":
            c.print(t("the polla: the dealer puts {amount} on the plate", amount=view.polla))
        elif view.polla:
            c.print(t("the polla: each of the four puts {amount} on the plate",
                      amount=view.polla))  # fmt: skip

    def _noted(self, event: Event) -> bool:
        if event.kind not in ("deal", "draw", "discard"):
            self._events_seen += 1
        return True

    def _deal_event(self, event: Event, name: str) -> None:
        c, t = self.console, self.t
        kind, actor = event.kind, event.actor
        if kind == "deal":
            if event.arg("to") == self.me and event.arg("card") is not None:
                self._dealt_to_me += 1
                if self._dealt_to_me == 9:
                    self._show_hand(sorted_hand(self._hand_of(self.me).mask, -1))
        elif kind == "pass":
            c.print(f"  {name}: {self.shown('pass')}")
        elif kind == "bid":
            code = str(event.arg("contract"))
            said = self.shown(code.replace("_", "-"))
            favor = self.game.rules.favor
            if code.endswith("_favor") and favor >= 0:
                said += " " + styled("♣♦♥♠"[favor - 4])
            c.print(f"  {name}: {said}")
        elif kind == "turn":
            card = Card(int(event.arg("card")))
            symbol = str(card)[:1]
            c.print("  " + t("the vuelta turns up {card}: trumps are {suit}",
                             card=styled(str(card)), suit=styled(symbol)))  # fmt: skip
            self._trumps = int(card.suit)
            if self._trumps == self.game.rules.favor:
                c.print("  " + t("the palo de favor: the game pays {extra} more",
                                 extra=self.game.rules.favor_extra))  # fmt: skip
            self._show_trump_order()
        elif kind == "exchange":
            self._exchanged(name, actor, int(event.arg("count", 0)))
        elif kind == "surrender":
            self._surrendered_by = actor
            view = self.deal_view()
            c.print(f"  {name}: " + t("gives the game up"))
            if view is not None and view.phase == "defence":
                c.print("  " + t("the defenders may take the entrada over ('{defend}') or let "
                                 "it stand ('{accept}')", defend=self.shown("defend"),
                                 accept=self.shown("accept")))  # fmt: skip
        elif kind == "defend":
            self._defender = actor
            c.print(f"  {name}: " + t("defends the entrada and plays it on"))
        elif kind == "accept":
            c.print(f"  {name}: {self.shown('accept')}")
        elif kind == "bola":
            c.print(f"  {name}: {self.shown('bola')}! " + t("he will take all nine tricks"))

    def _deal_result(self, result: TresilloDealResult) -> None:
        c, t = self.console, self.t
        if any(result.tricks_won):
            c.print("  " + self._tricks_taken(result.tricks_won, result.dealer))
        outcome = t(OUTCOMES.get(result.outcome, result.outcome))
        c.print(f"  [bold]{outcome}[/]: " + self._outcome_text(result))
        for line in self._extra_payments(result):
            c.print("  " + line)

    def _extra_payments(self, result: TresilloDealResult) -> list[str]:
        """The lines of the estuches and the bola paid (the polla is said as the deal
        begins)."""
        t, names = self.t, self.names
        lines: list[str] = []
        if result.player is None:
            return lines
        player = names[result.player]
        if result.estuche_paid:
            key = (
                N_("estuches of {player} ({n}): each of the others pays him {amount}")
                if result.estuche_paid > 0
                else N_("estuches of {player} ({n}): he pays {amount} to each of the others")
            )
            lines.append(t(key, player=player, n=result.estuches,
                           amount=abs(result.estuche_paid)))  # fmt: skip
        if result.bola:
            key = (
                N_("bola made by {player}: each of the others pays him {amount}")
                if result.tricks_won[result.player] == 9
                else N_("bola missed by {player}: he pays {amount} to each of the others")
            )
            lines.append(t(key, player=player, amount=abs(result.bola_paid)))  # fmt: skip
        return lines

    def _outcome_text(self, result: TresilloDealResult) -> str:
        """The sentence of a finished deal, its amounts from the deal's payments."""
        t, names = self.t, self.names
        assert result.player is not None
        player = result.player
        contract = t(CONTRACTS.get(result.contract or "", result.contract or ""))
        code = result.outcome
        if code == "sacada":
            value = result.value
            taken = result.plate_taken
            text = t("{contract} won by {player}: each of the others pays {value}",
                     player=names[player], contract=contract, value=value)  # fmt: skip
            if taken:
                text += "; " + t("{amount} from the plate to {player}", player=names[player],
                                 amount=taken)  # fmt: skip
            return text
        amount = 3 * result.value
        if code == "codillo":
            winner = max(range(4), key=lambda s: result.tricks_won[s])
            return t("{contract} lost by {player}: {winner} took the most tricks and is paid "
                     "{amount}", player=names[player], contract=contract, winner=names[winner],
                     amount=amount)  # fmt: skip
        if code == "codillo_split":
            return t("{contract} lost by {player} with one trick against four and four: each "
                     "defender is paid {amount}", player=names[player], contract=contract,
                     amount=amount // 2)  # fmt: skip
        if code in ("puesta", "surrendered", "vuelta_surrendered"):
            key = {
                "puesta": N_("{contract} not won by {player}: {amount} go on the plate"),
                "surrendered": N_("{contract} given up by {player}, nobody defended it: "
                                  "{amount} go on the plate"),
                "vuelta_surrendered": N_("{contract} given up by {player}: {amount} go on the "
                                         "plate"),
            }[code]  # fmt: skip
            return t(key, player=names[player], contract=contract, amount=amount)
        first = self._surrendered_by if self._surrendered_by >= 0 else player
        defender = player
        pobre = next((s for s in range(4) if s not in (result.dealer, first, defender)), defender)
        if code == "defended":
            return t("the entrada given up by {first} won by its defender {defender}: {amount} "
                     "from {first} to {defender}",
                     defender=names[defender], first=names[first], amount=amount)  # fmt: skip
        if code == "defended_codillo":
            return t("the mano pobre {pobre} beat both: the puesta of {first} goes on the plate, "
                     "{defender} pays {amount} to {pobre}", pobre=names[pobre], first=names[first],
                     defender=names[defender], amount=amount)  # fmt: skip
        if code == "defended_saved":
            return t("the defender {defender} took fewer tricks than {first}: the puesta of "
                     "{first} is his, {amount} from {defender} go on the plate",
                     defender=names[defender], first=names[first], amount=amount)  # fmt: skip
        return t("the defender {defender} tied: {first} and {defender} each put {amount} on "
                 "the plate",
                 defender=names[defender], first=names[first], amount=amount)  # fmt: skip

    def _pot_text(self, result: TresilloDealResult | None) -> str:
        """The plate: after the deal of ``result``, else the deal's in progress (else the
        session's)."""
        if result is not None:
            plate = result.plate_after
        else:
            deal = self.deal_view()
            plate = deal.plate if deal is not None else self.view().plate
        return self.t("the plate: {plate}", plate=_plate_text(plate, self.t))

    # -- the person's turn -------------------------------------------------------------------------
    def _show_game(self, view: TresilloView, trumps: int) -> None:
        c, t = self.console, self.t
        phase = view.phase
        if phase == "auction" and view.bid is not None and view.bidder is not None:
            bid = self.shown(view.bid.replace("_", "-"))
            c.print(t("highest bid: {bid} ({who})", bid=bid, who=self.names[view.bidder]))
        if phase in ("play", "defence") and view.player is not None:
            won = ", ".join(
                f"{self.names[s]} {w}" for s, w in enumerate(view.tricks_won) if s != view.dealer
            )
            symbol = "♣♦♥♠"[trumps - 4] if trumps >= 0 else "?"
            contract = t(CONTRACTS.get(view.contract or "", view.contract or ""))
            c.print(t("the game: {contract} in {suit}, player {player}; tricks: {tricks}",
                      player=self.names[view.player], contract=contract, suit=styled(symbol),
                      tricks=won))  # fmt: skip
            self._show_on_table(view)

    def _hand_moment(self) -> int:
        return self._events_seen  # the hand again after an event, not after a discard typed

    def _prompt(self, phase: str, texts: list[str]) -> str:
        t = self.t
        if phase == "auction":
            return t("you say ({choices}): ", choices=" / ".join(texts))
        if phase == "trumps":
            suits = [text.split(" ", 1)[1] for text in texts]
            return t("name trumps ({choices}): ", choices=" / ".join(suits))
        if phase == "exchange":
            return self._exchange_prompt()
        if phase == "defence":
            view = self.deal_view()
            who = self.names[view.player] if view is not None and view.player is not None else ""
            return t("the entrada of {who} is given up: '{defend}' takes it over, '{accept}' "
                     "lets it stand: ", who=who, defend=self.shown("defend"),
                     accept=self.shown("accept"))  # fmt: skip
        if self.shown("bola") in texts:
            return t("your card (or '{tout}' to take all nine tricks): ", tout=self.shown("bola"))
        if self.shown("surrender") in texts:
            return t("your card (or '{surrender}' to give the game up): ",
                     surrender=self.shown("surrender"))  # fmt: skip
        return t("your card: ")

    def _typed(self, answer: str, phase: str) -> list[str]:
        return tresillo_text(answer, phase)

    def _kept_discards(self, cards: list[str]) -> list[str]:
        wanted = set()
        for card in cards:
            try:
                wanted.add(parse_card(card_word(card)))
            except TapeteError:
                continue  # not a card: nothing to take back
        return [text for text in self._pending if parse_card(text.split(" ", 1)[1]) not in wanted]


def run(args: argparse.Namespace) -> int:
    """Play a session of Tresillo in the terminal."""
    return play_table(lambda: TresilloTable(args, Console(highlight=False)), args)
