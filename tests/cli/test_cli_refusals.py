"""A refused answer is told in one sentence, in every game and language: never a frame and a
second message glued together ("no se puede: No se entiende: ..."), never the engine's words.

The tables are driven through their input and output: the text a table prints between a bad
answer and its next question is the refusal."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console

from tapete.cli.main import build_parser
from tapete.cli.play_ombre import OmbreTable
from tapete.cli.play_pocha import PochaTable
from tapete.cli.play_tresillo import TresilloTable
from tapete.cli.play_trynka import TrynkaTable
from tapete.cli.table import TerminalTable

#: Answers no table can read, and answers it reads but the rules refuse at the first question.
BAD = {
    "pocha": ["zz", "juego 9x", "99"],
    "ombre": ["zz", "хожу Z9", "draw"],
    "tresillo": ["zz", "tiro 9x", "draw"],
    "trynka": ["zz", "apuesto muchos", "bet 99"],
}
ARGS = {
    "pocha": ["-p", "hand_sequence=3,1"],
    "ombre": ["--deals", "1"],
    "tresillo": ["--deals", "1"],
    "trynka": ["--banks", "1", "--players", "3"],
}


def _refusals(game: str, lang: str, seed: int) -> list[str]:
    """The refusals printed to the bad answers of :data:`BAD` (then random legal play)."""
    args = build_parser().parse_args(
        ["play", game, "--seed", str(seed), "--lang", lang, *ARGS[game]]
    )
    out = io.StringIO()
    console = Console(file=out, width=500, highlight=False)
    script = list(BAD[game])
    rng = random.Random(seed)
    said: list[str] = []
    mark = [0, False]  # where the output was at the last question, and if it answered badly
    holder: list[TerminalTable] = []

    def read(prompt: str) -> str:
        if mark[1]:
            said.append(out.getvalue()[int(mark[0]) :].strip())
        mark[0] = len(out.getvalue())
        mark[1] = bool(script)
        if script:
            return script.pop(0)
        state = holder[0].state
        deal = getattr(state, "deal", None)
        if game in ("ombre", "tresillo") and deal is not None:
            state = deal
            if state.phase() == "exchange" and rng.random() < 0.5:
                return "draw"  # discards wait for it: the legal list does not offer it
        return state.action_to_string(rng.choice(state.legal_actions()))

    makers: dict[str, Callable[[], TerminalTable]] = {
        "pocha": lambda: PochaTable(args, console),
        "ombre": lambda: OmbreTable(args, console, read),
        "tresillo": lambda: TresilloTable(args, console, read),
        "trynka": lambda: TrynkaTable(args, console, read),
    }
    table = makers[game]()
    table.read = read
    holder.append(table)
    table.run()
    return said


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
@pytest.mark.parametrize("game", ["pocha", "ombre", "tresillo", "trynka"])
def test_each_refusal_is_one_sentence(game: str, lang: str) -> None:
    said = _refusals(game, lang, seed=4)
    assert len(said) == len(BAD[game])
    for text in said:
        assert text and "\n" not in text, text
        # no second message after a colon or a full stop (a capital letter starts one)
        assert not re.search(r"[:.]\s+[A-ZÁÉÍÓÚÑА-ЯЁ]", text), text
        assert not re.search(r"\bseat \d|phase |'deal|<card>", text), text
        if lang == "en":
            assert text.startswith("not allowed: "), text
        else:
            assert text[0].isupper() and text.endswith("."), text
            assert not re.search(r"no se puede|нельзя|not allowed", text), text
    unreadable = said[0]
    assert "zz" in unreadable  # the answer is named
    if lang != "en":  # English says what the engine expected ("expected 'bid <n>'...")
        assert {"es": "'ayuda'", "ru": "«помощь»"}[lang] in unreadable


def _help_after_a_discard(game: str, seed: int) -> str | None:
    """What 'help' prints once the person has typed a discard (None if it never exchanges)."""
    args = build_parser().parse_args(["play", game, "--seed", str(seed), "--deals", "1"])
    out = io.StringIO()
    console = Console(file=out, width=500, highlight=False)
    rng = random.Random(seed)
    steps: list[str] = []
    holder: list[TerminalTable] = []

    def read(prompt: str) -> str:
        state = holder[0].state
        deal = getattr(state, "deal", None)
        target = deal if deal is not None else state
        legal = [str(target.action_to_string(a)) for a in target.legal_actions()]
        if len(steps) < 3 and (steps or target.phase() == "exchange"):
            steps.append(out.getvalue())
            answers = [next(text for text in legal if text.startswith("discard")), "help", "draw"]
            return answers[len(steps) - 1]
        if target.phase() == "auction" and rng.random() < 0.9:  # the person bids
            return next((text for text in legal if text != "pass"), legal[0])
        return rng.choice(legal)

    table: TerminalTable
    if game == "ombre":
        table = OmbreTable(args, console, read)
    else:
        table = TresilloTable(args, console, read)
    holder.append(table)
    table.run()
    return steps[2][len(steps[1]) :] if len(steps) == 3 else None


@pytest.mark.parametrize("game", ["ombre", "tresillo"])
def test_help_offers_draw_once_discards_are_typed(game: str) -> None:
    """In the exchange the discards typed wait for 'draw': 'help' lists it among the choices
    (the engine offers it only once a card is discarded)."""
    seen = [text for seed in range(40) if (text := _help_after_a_discard(game, seed))]
    assert seen, "the person never reached the exchange"
    for shown in seen:
        legal = next(line for line in shown.splitlines() if line.startswith("legal: "))
        assert re.search(r"\bdraw\b", legal), legal
