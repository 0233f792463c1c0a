"""Danish l'hombre at the terminal (``tapete play lhombre``), driven through the table's
input and output as a person would: the auction in the Union's ladder words, the game
declared, the buying, the tourné's turned card, a nolo ouvert's open hand, the tricks and
the result."""

from __future__ import annotations

import argparse
import io
import random
import re
from collections.abc import Callable, Sequence

import pytest
from rich.console import Console

from tapete.cli.main import build_parser, main
from tapete.cli.play_lhombre import LhombreTable
from tapete.engine import PlayerView
from tapete.games.lhombre import BID_BASE
from tapete.players import load
from tapete.players.base import Player


def _table(read: Callable[[str], str], *argv: str) -> tuple[LhombreTable, io.StringIO]:
    args = build_parser().parse_args(["play", "lhombre", *argv])
    assert isinstance(args, argparse.Namespace)
    out = io.StringIO()
    table = LhombreTable(args, Console(file=out, width=120, highlight=False), read)
    return table, out


def _person(table_of: Callable[[], LhombreTable], wants: Sequence[str], seed: int) -> object:
    """A person who bids the first of ``wants`` they may (else passes), declares the game
    named after it, names hearts, discards two cards then draws, and plays a card at random;
    each answer in a short form (a game without ``declare``, cards in lower case)."""
    rng = random.Random(seed)

    def read(prompt: str) -> str:
        table = table_of()
        deal = table.state.deal
        assert deal is not None
        texts = [deal.action_to_string(a) for a in deal.legal_actions()]
        phase = deal.phase()
        if phase == "auction":
            return next((w for w in wants if w in texts), "pass")
        if phase == "declare":
            games = [text.split(" ", 1)[1] for text in texts]
            return next((g for g in wants[1:] if g in games), games[0])
        if phase == "trumps":
            return "H"
        if phase == "exchange":
            pending = {text.split(" ", 1)[1] for text in table._pending}
            cards = [t.split(" ", 1)[1] for t in texts if t.startswith("discard")]
            cards = [card for card in cards if card not in pending]
            if len(pending) >= 2 or not cards:
                return "draw"
            return cards[0].lower()
        plays = [t.split(" ", 1)[1] for t in texts if t.startswith("play")]
        return rng.choice(plays)

    return read


def _check_tricks(text: str, table: LhombreTable) -> None:
    """Every deal's announced tricks add up to the result's, seat by seat; each winner took
    the trick with a card that was played."""
    deals = text.split("after the deal")[:-1]
    results = table.view().results
    assert len(deals) == len(results)
    for part, result in zip(deals, results, strict=True):
        announced = re.findall(r"→ trick (\d) to (\S+) with (\S+)", part)
        if result.outcome == "all_pass":
            assert not announced and "thrown in" in part
            continue
        assert [int(n) for n, _, _ in announced] == list(range(1, 10))
        counts = [sum(1 for _, who, _ in announced if who == name) for name in table.names]
        assert counts == list(result.tricks_won)
        for _, who, card in announced:
            assert f"{who}: {card}" in part


@pytest.mark.parametrize("seed", [1, 4])
def test_a_session_through_the_main_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """``tapete play lhombre`` plays two deals from scripted answers on standard input:
    every trick is announced to its winner, each deal's result is said, and the final
    balances sum to zero."""
    table: list[LhombreTable] = []
    original = LhombreTable.__init__

    def keep(self: LhombreTable, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        table.append(self)

    monkeypatch.setattr(LhombreTable, "__init__", keep)
    read = _person(lambda: table[0], ["spil", "spil"], seed)
    monkeypatch.setattr("builtins.input", read)
    assert main(["play", "lhombre", "--seed", str(seed), "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "Danish l'hombre — 3 players, 2 deals" in out
    _check_tricks(out, table[0])
    assert "final balances" in out and "Winner" in out
    assert sum(table[0].view().balances) == 0
    for result in table[0].view().results:
        if result.outcome != "all_pass":
            assert result.player is not None
            assert f"by {table[0].names[result.player]}" in out


def test_the_tourne_turns_a_card_into_the_players_hand() -> None:
    """The person bids spil and declares the tourné: the turned card is shown, its suit is
    trumps, it is in the hand, and the buying takes one card fewer than discarded."""
    for seed in range(1, 60):
        holder: list[LhombreTable] = []
        read = _person(lambda h=holder: h[0], ["spil", "tourné"], seed)  # type: ignore[misc]
        table, out = _table(read, "--seed", str(seed), "--deals", "1")  # type: ignore[arg-type]
        holder.append(table)
        assert table.run() == 0
        result = table.view().results[0]
        if result.player == table.me and result.contract == "tourne":
            break
    else:
        pytest.fail("the person never played a tourné")
    text = out.getvalue()
    turned = re.search(r"the tourné turns up (\S+): trumps are (\S)", text)
    assert turned is not None and turned[1][0] == turned[2]
    assert "you: plays tourné" in text
    assert "trump order: ♠A Spadille, " in text
    drew = re.search(r"you: takes the turned card and draws (\d)", text)
    assert drew is not None and int(drew[1]) == 1  # two discarded, one drawn
    _check_tricks(text, table)


class _NoloOuvertBot(Player):
    """The rule bot, except that it bids nolo ouvert at its first turn in the auction."""

    name = "ouvert"

    def __init__(self) -> None:
        super().__init__()
        self.rule = load("rule")

    def start(self, game: object, seat: int) -> None:
        self.rule.start(game, seat)  # type: ignore[arg-type]

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        ouvert = BID_BASE + 6
        if ouvert in legal_actions:
            return ouvert
        return self.rule.choose(view, legal_actions, rng)


def test_a_nolo_ouvert_hand_is_laid_open_and_won_by_the_highest_of_the_suit() -> None:
    """A bot bids nolo ouvert: the person sees its hand open on the table before the first
    card, tricks go by the nolo order (no trumps), and the result is won, bet or kruk by the
    tricks the player took."""
    holder: list[LhombreTable] = []
    read = _person(lambda: holder[0], ["pass"], 7)
    table, out = _table(read, "--seed", "7", "--deals", "1")  # type: ignore[arg-type]
    holder.append(table)
    table.bots[1] = _NoloOuvertBot()
    table.bots[1].start(table.game, 1)
    assert table.run() == 0
    text = out.getvalue()
    assert f"{table.names[1]}: nolo-ouvert" in text
    assert f"{table.names[1]}: plays nolo-ouvert" in text
    opened = re.search(rf"the open hand of {table.names[1]}: ((?:\S\S ?)+)", text)
    assert opened is not None and len(opened[1].split()) in range(8, 10)
    assert "trump order" not in text
    _check_tricks(text, table)
    result = table.view().results[0]
    taken = result.tricks_won[1]
    expected = "won" if taken == 0 else "bet" if taken == 1 else "kruk"
    assert result.outcome == expected
    said = "nolo-ouvert won by" if expected == "won" else f"nolo-ouvert lost by {table.names[1]}"
    assert said in text


def test_help_refusals_and_quit() -> None:
    """``help`` lists the ladder's words, a bid not on the ladder is refused with a reason,
    ``money`` shows the table, and the end of the input leaves the table (status 1)."""
    answers = iter(["help", "solo-x", "money", "rules"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    table, out = _table(read, "--seed", "2", "--deals", "1")
    assert table.run() == 1
    text = out.getvalue()
    assert re.search(r"legal: pass, spil, solo, ren-nolo, nolo-ouvert", text)
    assert "cannot read" in text or "not allowed" in text
    assert "balance" in text
    assert "docs/lhombre.md" in text
    assert "You left the table." in text


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_the_table_speaks_spanish_and_russian_with_the_danish_terms(lang: str) -> None:
    """With ``--lang es|ru`` the table's sentences come from the catalogs (no English
    sentence of the table is printed) and the ladder's words stay the Danish ones."""
    from tapete.i18n import ngettext, translate

    holder: list[LhombreTable] = []
    read = _person(lambda: holder[0], ["spil", "spil"], 3)
    table, out = _table(read, "--seed", "3", "--deals", "1", "--lang", lang, "--name", "Ana")  # type: ignore[arg-type]
    holder.append(table)
    assert table.run() == 0
    text = out.getvalue()
    start = (
        "Danish l'hombre — 3 players, {deals} deal; you are {name} (seat {seat}). Seed "
        "{seed} (--seed {seed} plays this session again)."
    )
    plural = start.replace("{deals} deal;", "{deals} deals;")
    said = ngettext(lang, start, plural, 1, deals=1, name=table.names[0], seat=0, seed=3)
    assert said != start and said.split(" (--seed")[0] in text
    assert "Danish l'hombre —" not in text and "your hand:" not in text
    assert translate(lang, "your hand: {cards}", cards="").strip() in text
    assert re.search(r": (spil|pass)\b", text)
