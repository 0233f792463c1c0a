"""The terminal tables speak the person's language (``--lang es|ru``): every text they print
comes from the catalogs, the actions in the words the table reads back, the games' own terms.

The tables are driven through their input and output, as a person would: a Spanish or Russian
table that printed an English sentence of the terminal would show one of its fragments."""

from __future__ import annotations

import argparse
import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from rich.console import Console

from tapete.cli.main import build_parser
from tapete.cli.play_ombre import OmbreTable
from tapete.cli.play_pocha import PochaTable
from tapete.cli.play_trynka import TrynkaTable
from tapete.cli.table import TerminalTable
from tapete.i18n import messages, ngettext, translate

CLI = Path(__file__).parents[2] / "src" / "tapete" / "cli"


def _terminal_msgids() -> tuple[set[str], set[tuple[str, str]]]:
    """The terminal's texts, and its texts with plural forms (``ngettext``)."""
    ids: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    for path in CLI.glob("*.py"):
        for _line, msgid, _comments, _context in extract_from_file(
            "python", str(path), keywords={"t": None, "N_": None, "ngettext": (1, 2)}
        ):
            if isinstance(msgid, str):
                ids.add(msgid)
            else:
                plurals.add((msgid[0], msgid[1]))
    return ids, plurals


MSGIDS, PLURALS = _terminal_msgids()


def _all_forms(lang: str) -> list[str]:
    """Every form of every plural text of the terminal in ``lang`` (for counts 1, 2, 5)."""
    return [ngettext(lang, one, many, n) for one, many in PLURALS for n in (1, 2, 5)]


def _english_fragments(lang: str) -> list[str]:
    """Pieces of the terminal's English texts that no translation of ``lang`` contains."""
    translations = " ".join([*(translate(lang, m) for m in MSGIDS), *_all_forms(lang)])
    out = set()
    for msgid in MSGIDS | {text for pair in PLURALS for text in pair}:
        for piece in re.split(r"\{\w+\}", msgid):
            piece = piece.strip(" :;,.()—→'?!>*=")
            if re.search(r"[a-z]{3}", piece) and piece not in translations:
                out.add(piece)
    return sorted(out)


def test_the_terminal_has_texts_to_check() -> None:
    assert len(MSGIDS) > 100 and "your card: " in MSGIDS and "three tens" in MSGIDS
    assert ("exchanges {n} card", "exchanges {n} cards") in PLURALS and len(PLURALS) > 10
    assert "trick to {who} with {card}" in _english_fragments("es") or "trick to" in " ".join(
        _english_fragments("es")
    )


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_terminal_text_is_translated(lang: str) -> None:
    catalog = messages(lang)
    missing = sorted(m for m in MSGIDS if m not in catalog)
    assert not missing, missing
    for msgid in MSGIDS:  # the same fields in the translation (nothing lost, nothing unfilled)
        assert set(re.findall(r"\{\w+\}", msgid)) == set(re.findall(r"\{\w+\}", catalog[msgid]))
    for one, many in PLURALS:  # a translated form for every count, every field filled in
        for n in (1, 2, 5, 11, 21, 22):
            text = ngettext(lang, one, many, n)
            assert text not in (one.replace("{n}", str(n)), many.replace("{n}", str(n))), one


def _table(
    game: str, argv: list[str], read: Callable[[str], str]
) -> tuple[TerminalTable, io.StringIO]:
    args = build_parser().parse_args(["play", game, *argv])
    assert isinstance(args, argparse.Namespace)
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False)
    table: TerminalTable
    if game == "pocha":
        table = PochaTable(args, console)
        table.read = read
    elif game == "ombre":
        table = OmbreTable(args, console, read)
    else:
        table = TrynkaTable(args, console, read)
    return table, out


def _random_person(
    get: Callable[[], TerminalTable], first: list[str], seed: int
) -> Callable[[str], str]:
    """Answers ``first``, then a random legal action in the engine's (English) words."""
    rng = random.Random(seed)
    script = list(first)

    def read(prompt: str) -> str:
        if script:
            return script.pop(0)
        state = get().state
        deal = getattr(state, "deal", None)
        if isinstance(get(), OmbreTable) and deal is not None:
            state = deal
        return state.action_to_string(rng.choice(state.legal_actions()))

    return read


CASES = [
    ("pocha", "es", ["-p", "hand_sequence=1,3", "--bots", "random", "--reveal"],
     ["ayuda", "última", "hoja"]),
    ("pocha", "ru", ["-p", "hand_sequence=2,1", "-p", "n_players=3"], ["помощь", "последняя"]),
    ("ombre", "es", ["--deals", "2", "--reveal"], ["ayuda", "dinero", "última"]),
    ("ombre", "ru", ["--deals", "2", "--bots", "random"], ["помощь", "деньги"]),
    ("trynka", "es", ["--players", "3", "--banks", "3", "--reveal"], ["ayuda", "dinero"]),
    ("trynka", "ru", ["--players", "4", "--banks", "3"], ["помощь", "деньги"]),
]  # fmt: skip


@pytest.mark.parametrize(("game", "lang", "argv", "first"), CASES)
def test_a_whole_session_prints_no_english_sentence(
    game: str, lang: str, argv: list[str], first: list[str]
) -> None:
    holder: list[TerminalTable] = []
    read = _random_person(lambda: holder[0], first, seed=7)
    table, out = _table(game, ["--seed", "7", "--lang", lang, *argv], read)
    holder.append(table)
    assert table.run() == 0
    text = out.getvalue()
    found = [p for p in _english_fragments(lang) if re.search(rf"\b{re.escape(p)}\b", text)]
    assert not found, found
    winner = translate(lang, "You played as {name} (seat {seat}).").split("{")[0]
    assert winner in text
    assert translate(lang, "commands: {commands}").split("{")[0] in text
    if lang == "es":
        assert re.search(r"\b(ayuda|salir)\b", text) and "quit" not in text
    else:
        assert "помощь" in text and "выход" in text and "quit" not in text


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_quitting_and_the_save_offer_follow_the_language(lang: str, tmp_path: Path) -> None:
    quit_word = {"es": "salir", "ru": "выход"}[lang]
    answers = iter([quit_word, str(tmp_path / "g.json")])
    table, out = _table("trynka", ["--seed", "3", "--lang", lang], lambda prompt: next(answers))
    prompts: list[str] = []
    original = table.read

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return original(prompt)

    table.read = read
    assert table.run() == 1
    text = out.getvalue()
    assert translate(lang, "You left the table.") in text
    assert translate(lang, "saved: {command}").split("{")[0] in text
    offer = "save the game to resume it? file (Enter: {file}, n: no): "
    assert prompts[-1].startswith(translate(lang, offer).split("{")[0])
    assert (tmp_path / "g.json").exists()


@pytest.mark.parametrize(("game", "family"), [("pocha-match", "pocha"), ("ombre-match", "ombre"),
                                              ("trynka-match", "trynka")])  # fmt: skip
@pytest.mark.parametrize("lang", ["es", "ru"])
def test_rules_at_the_table_follow_the_language(game: str, family: str, lang: str) -> None:
    """``rules`` prints the summary and each option's meaning from the rules catalog: those
    translated there are printed in the language (the catalog covers today's options)."""
    from tapete.cli.texts import Texts
    from tapete.cli.words import rules_text
    from tapete.engine import load_game
    from tapete.i18n.rules import rule_messages

    text = rules_text(load_game(game), family, Texts(lang), every=True)
    catalog = rule_messages(lang)
    cls = type(load_game(game))
    translated = [p.help for p in cls.parameters if p.help in catalog]
    assert len(translated) >= len(cls.parameters) * 3 // 4  # the catalog is not stale
    for english in translated:
        assert catalog[english] in text and f": {english}\n" not in text + "\n"
    assert text.startswith(catalog[cls.summary])
    assert translate(lang, "Rules in force (* = not the default):") in text
    option = {"ombre-match": ("num_deals", 3)}.get(game, ("n_players", 3))
    short = rules_text(load_game(game, **dict([option])), family, Texts(lang))
    assert len(short.splitlines()) <= 5 and f"{option[0]} = {option[1]}" in short
    assert {"es": "reglas todo", "ru": "правила все"}[lang] in short


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_action_shown_is_read_back_as_itself(lang: str) -> None:
    """The words a table shows for an action (in the prompt, in help, in the events) are
    words it reads: typed back, they are the same action, in every game and language."""
    import tapete
    from tapete.cli.prompt import ombre_text, pocha_text, trynka_text
    from tapete.cli.texts import Texts

    t = Texts(lang)
    checked = 0
    for name, params in (
        ("pocha-match", {"hand_sequence": "3,2", "seven_swap": True}),
        ("pocha-match", {"hand_sequence": "3,3", "ronda_subastada": "full_hands"}),
        ("ombre", {"auction": "sans_prendre", "vole": True}),
        ("trynka", {"n_players": 4}),
    ):
        game = tapete.load_game(name, **params)
        for seed in range(6):
            state = game.new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                if not state.is_chance_node():
                    phase = state.phase()
                    for action in state.legal_actions():
                        text = state.action_to_string(action)
                        shown = t.action(name.split("-")[0], text)
                        if name.startswith("pocha"):
                            hand = getattr(state, "deal", None)
                            inner = hand.phase() if hand is not None else phase
                            back = state.string_to_action(pocha_text(shown, inner))
                        elif name == "ombre":
                            (typed,) = ombre_text(shown, phase)
                            back = state.string_to_action(typed)
                        else:
                            back = state.string_to_action(trynka_text(shown.split(" / ")[0]))
                        assert back == action, (name, text, shown)
                        checked += 1
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 500


#: Russian nouns after a count, by the form the count takes (1 and 21; 2-4 and 22; 5-20...);
#: after 1 the noun also takes its case ("меняет 1 карту", "по 1 карте").
RUSSIAN_FORMS = {
    "взятк": ({"взятка", "взятку"}, {"взятки"}, {"взяток"}),
    "карт": ({"карта", "карту", "карте"}, {"карты"}, {"карт"}),
    "сдач": ({"сдача", "сдачу"}, {"сдачи"}, {"сдач"}),
    "игрок": ({"игрок"}, {"игрока"}, {"игроков"}),
    "очк": ({"очко"}, {"очка"}, {"очков"}),
    "фишк": ({"фишка", "фишку"}, {"фишки"}, {"фишек"}),
}


def _russian_form(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


@pytest.mark.parametrize(
    ("game", "argv"),
    [
        ("ombre", ["--deals", "3"]),
        ("pocha", ["-p", "hand_sequence=1,2,5,2,1", "-p", "n_players=3"]),
        ("trynka", ["--players", "5", "--banks", "3"]),
    ],
)
def test_russian_counts_take_their_plural_forms(game: str, argv: list[str]) -> None:
    """Every count printed with its noun in a Russian session takes the noun's form for that
    number (1 взятка, 2 взятки, 5 взяток; по 1 карте, по 2 карты, по 5 карт)."""
    holder: list[TerminalTable] = []
    read = _random_person(lambda: holder[0], [], seed=3)
    table, out = _table(game, ["--seed", "3", "--lang", "ru", *argv], read)
    holder.append(table)
    assert table.run() == 0
    text = out.getvalue()
    found = 0
    for number, word in re.findall(r"\b(\d+) ([а-яё]+)", text):
        stem = next((s for s in RUSSIAN_FORMS if word.startswith(s)), None)
        if stem is None:
            continue
        assert word in RUSSIAN_FORMS[stem][_russian_form(int(number))], (number, word)
        found += 1
    assert found >= 3
