"""The commands around the tables speak the person's language too: ``--help`` of every command
of the terminal, the argument parser's refusals, ``tapete games``, ``replay``, ``random`` and
``arena``, with ``--lang es|ru`` or the locale (``LANG``)."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapete.cli.main import build_parser, main

#: The commands whose help is checked (all of them: the server's ``serve`` and ``connect``
#: speak the language too).
COMMANDS = (
    "games", "bots", "play", "random", "replay", "bench", "arena", "analyse", "serve", "connect"
)  # fmt: skip


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if path or name in COMMANDS:
                    yield from _parsers(sub, (*path, name))


def _helps(parser: argparse.ArgumentParser) -> list[str]:
    """The English help texts of a parser's options, sub-commands and description."""
    out = [a.help for a in parser._actions if isinstance(a.help, str) and len(a.help) > 3]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            out += [c.help for c in action._choices_actions if isinstance(c.help, str)]
    return [*out, *([parser.description] if parser.description else [])]


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_every_help_text_is_translated(lang: str) -> None:
    english = dict(_parsers(build_parser("en")))
    translated = dict(_parsers(build_parser(lang)))
    assert set(english) == set(translated) and len(english) >= 12
    for path, parser in translated.items():
        page = re.sub(r"\s+", " ", parser.format_help())
        assert not page.startswith("usage:") and " options:" not in page, path
        for text in _helps(english[path]):
            words = re.sub(r"\s+", " ", text % {"prog": parser.prog} if "%(" in text else text)
            assert words.replace("%%", "%") not in page, (path, text)


@pytest.mark.parametrize(
    ("env", "word"),
    [("es_ES.UTF-8", "muestra esta ayuda"), ("ru_RU.UTF-8", "показать эту справку")],
)
def test_help_follows_the_locale(
    env: str, word: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", env)
    with pytest.raises(SystemExit) as stop:
        main(["replay", "--help"])
    assert stop.value.code == 0
    assert word in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "en", "replay", "--help"])  # --lang wins over the locale
    assert "show this help message" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "said"),
    [("es", "argumento --seat: valor no válido (int): 'x'"),
     ("ru", "аргумент --seat: неверное значение (int): 'x'"),
     ("en", "argument --seat: invalid int value: 'x'")],
)  # fmt: skip
def test_the_parsers_refusals_follow_the_language(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "pocha", "--lang", lang, "--seat", "x"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert ("usage:" in err) == (lang == "en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("es", ["Juegos", "parámetro", "significado", "opciones propias de la partida"]),
     ("ru", ["Игры", "параметр", "значение", "собственные параметры матча"])],
)  # fmt: skip
def test_games_speaks_the_language(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from tapete.engine import game_class
    from tapete.i18n.rules import rule_messages

    assert main(["games", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out, word
    assert "parameter" not in out and "meaning" not in out and "the match's own" not in out
    summary = rule_messages(lang)[game_class("ombre-match").summary]
    assert summary.split()[0] in out


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_bots_lists_every_option_meaning_translated(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tapete bots`` in Spanish and Russian: every option's meaning is printed in the
    language, none in English (an option added without a translation fails here)."""
    from tapete.cli.cmd_games import bot_groups, option_meaning
    from tapete.cli.texts import Texts
    from tapete.players.base import available, options, unavailable

    monkeypatch.setenv("COLUMNS", "1000")  # one line a row: each meaning printed whole
    assert main(["bots", "--lang", lang]) == 0
    out = capsys.readouterr().out
    listed = [p for name in available() for _, group in bot_groups(name) for p in group]
    assert len({p.help for p in listed}) >= 30, "the search bots are listed here"
    # the bots this machine cannot run are not listed; their options are checked too
    declared = [*listed, *(p for name in unavailable() for p in options(name))]
    t = Texts(lang)
    for p in declared:
        if not re.search(r"[A-Za-z]{2}", p.help):
            continue
        meaning = option_meaning(p, t)
        assert meaning != p.help, (lang, p.name, p.help)
        if p in listed:
            assert meaning in out and p.help not in out, (lang, p.name)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("es", ["# triunfo:", "# baza ", "# fin de la mano:", "asiento 0", "escritos 2 registros"]),
     ("ru", ["# козырь:", "# взятка ", "# сдача окончена:", "место 0", "записаны 2 партии"])],
)  # fmt: skip
def test_random_and_replay_speak_the_language(
    lang: str, words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "r.jsonl"
    game = ["random", "pocha-match", "-p", "hand_sequence=2,1", "--count", "2"]
    assert main([*game, "--out", str(records), "--lang", lang]) == 0
    assert main(["replay", str(records), "--lang", lang]) == 0
    captured = capsys.readouterr()
    text = captured.out + captured.err
    for word in words:
        assert word in text, word
    assert not re.search(r"# (trick|trumps|hand over|bids and tricks|result)\b", text)
    # the action lines too: who acted, the verbs, who received a card
    assert not re.search(r"\b(chance|seat \d|deal|bid|play) ", text)


@pytest.mark.parametrize(
    ("lang", "chance", "end"),
    [("es", "azar", "sin terminar tras 7 acciones"),
     ("ru", "случай", "не закончена после 7 действий")],
)  # fmt: skip
def test_replay_of_an_unfinished_record_speaks_the_language(
    lang: str, chance: str, end: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "r.jsonl"
    assert main(["random", "pocha", "--count", "1", "--seed", "3", "--out", str(records)]) == 0
    record = json.loads(records.read_text())
    record["actions"] = record["actions"][:7]
    del record["result"]
    short = tmp_path / "short.json"
    short.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(short), "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 7 + 1 and lines[-1] == "# " + end
    assert all(chance in line and "→" in line for line in lines[1:8])
    assert main(["replay", str(short)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "# unfinished after 7 actions"


def test_arena_speaks_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "pocha", "--players", "random,random,random,random", "--deals", "1",
            "--workers", "1", "--no-chart", "--no-progress"]  # fmt: skip
    argv += ["--out", str(tmp_path / "a")]
    assert main([*argv, "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    for word in ("игрок", "среднее/сдача", "статистика игры", "сдач/с", "записано:"):
        assert word in out, word
    assert "game statistics" not in out and "wrote " not in out
    assert json.loads((tmp_path / "a" / "results.json").read_text())["games"] == 4
