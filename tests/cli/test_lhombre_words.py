"""Danish l'hombre's words at the terminal in Spanish and Russian: the verbs shown in the
person's language (``paso``, ``juego solo``, ``беру``) are read back as the same actions, the
Danish bids and games stay as they are, a whole session is played with Spanish and Russian
answers, and ``tapete games`` gives the game's summary and options in the language."""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Callable

import pytest
from rich.console import Console

import tapete
from tapete.cli.main import build_parser, main
from tapete.cli.play_lhombre import LhombreTable
from tapete.cli.texts import ACTION_WORDS, Texts
from tapete.engine import game_class
from tapete.games.lhombre.actions import GAME_WORDS, LEVEL_WORDS
from tapete.i18n.rules import rule_messages

#: Answers in the language's own verbs: (pass, declare, trumps, discard, draw, play).
ANSWERS = {
    "es": ("paso", "juego", "triunfo corazones", "descarto", "robo", "tiro"),
    "ru": ("пас", "играю", "козыри червы", "сброс", "беру", "хожу"),
}


def _table(read: Callable[[str], str], *argv: str) -> tuple[LhombreTable, io.StringIO]:
    args = build_parser().parse_args(["play", "lhombre", *argv])
    assert isinstance(args, argparse.Namespace)
    out = io.StringIO()
    return LhombreTable(args, Console(file=out, width=120, highlight=False), read), out


def _decisions(seed: int, deals: int = 6) -> list[tuple[str, list[str]]]:
    """(phase, legal action texts) at every decision of random deals, both auctions."""
    seen: list[tuple[str, list[str]]] = []
    rng = random.Random(seed)
    for i in range(deals):
        auction = "union" if i % 2 == 0 else "steps"
        state = tapete.load_game("lhombre", auction=auction).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            seen.append((state.phase(), [state.action_to_string(a) for a in legal]))
            state.apply_action(rng.choice(legal))
    return seen


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_action_shown_is_read_back_as_itself(lang: str) -> None:
    table, _ = _table(lambda prompt: "quit", "--lang", lang)
    t = Texts(lang)
    verbs: set[str] = set()
    for phase, texts in _decisions(seed=7):
        for text in texts:
            shown = table.shown(text)
            assert table._typed(shown, phase) == [text], (phase, text, shown)
            assert t.typed("lhombre", shown) == text
            verbs.add(text.split(" ", 1)[0])
    # every verb of the game was met, and those with a word of the language are shown in it
    assert {"pass", "declare", "draw", "discard", "play"} <= verbs
    for verb, word in ACTION_WORDS["lhombre"][lang].items():
        assert t.action("lhombre", verb) == word != verb
    # the Danish bids and games are the same words in every language
    for word in LEVEL_WORDS:
        assert t.action("lhombre", word) == word
    for game in GAME_WORDS:
        assert (
            t.action("lhombre", f"declare {game}")
            == f"{ACTION_WORDS['lhombre'][lang]['declare']} {game}"
        )
    assert t.action("lhombre", "tout") == ACTION_WORDS["lhombre"][lang]["tout"]


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_a_session_answered_in_spanish_and_russian(lang: str) -> None:
    """The person answers only in the language's verbs (a spil when it is offered, the first
    game, hearts, one card thrown away, a card played); the session ends and the prompt
    offered those words."""
    pass_word, declare, trumps, discard, draw, play = ANSWERS[lang]
    holder: list[LhombreTable] = []
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        deal = holder[0].state.deal
        assert deal is not None
        texts = [deal.action_to_string(a) for a in deal.legal_actions()]
        phase = deal.phase()
        if phase == "auction":
            return "spil" if "spil" in texts else pass_word
        if phase == "declare":
            return f"{declare} {texts[0].split(' ', 1)[1]}"
        if phase == "trumps":
            return trumps
        if phase == "exchange":
            cards = [x.split(" ", 1)[1] for x in texts if x.startswith("discard")]
            least = 2 if deal.view(deal.current_player()).turned is not None else 1
            if len(holder[0]._pending) >= least or not cards:
                return draw
            pending = {x.split(" ", 1)[1] for x in holder[0]._pending}
            return f"{discard} {next(c for c in cards if c not in pending)}"
        cards = [x.split(" ", 1)[1] for x in texts if x.startswith("play")]
        return f"{play} {cards[0]}"

    table, out = _table(read, "--seed", "5", "--deals", "3", "--lang", lang)
    holder.append(table)

    def refuse(error: Exception, answer: str) -> None:
        raise AssertionError(f"{answer!r} was refused: {error}")

    table._refuse = refuse  # type: ignore[method-assign]
    assert table.run() == 0
    assert len(table.view().results) == 3
    said = " ".join(prompts)
    assert f"{pass_word} / spil" in said and draw in said
    # the passes are said in the language's word
    assert f": {pass_word}\n" in out.getvalue() and ": pass\n" not in out.getvalue()
    # the first line's help names the words to type in the language
    first = out.getvalue().split("\n\n")[0]
    assert f"'{pass_word}'" in first and f"'{draw}'" in first and f"'{declare} solo'" in first


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_games_gives_the_lhombre_summary_and_options_in_the_language(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = rule_messages(lang)
    for name in ("lhombre", "lhombre-match"):
        cls = game_class(name)
        texts = [cls.summary, *(p.help for p in cls.parameters if p.help)]
        missing = [text for text in texts if text not in catalog]
        assert not missing, (name, missing)
    assert main(["games", "lhombre", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    summary = catalog[game_class("lhombre").summary]
    assert " ".join(summary.split()[:4]) in out
    assert "the dealer's seat" not in out and "won/bet/kruk per game" not in out
