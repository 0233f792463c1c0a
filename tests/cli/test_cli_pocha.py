"""The command line: games, random + replay, bench, and a scripted game of La Pocha."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from tapete.cli.main import main
from tapete.cli.play_pocha import PochaTable, add_arguments


def test_games_lists_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "pocha"]) == 0
    out = capsys.readouterr().out
    assert "rank_order" in out and "tute | natural" in out


@pytest.mark.parametrize(
    ("lang", "whole", "numbers"),
    [("en", "whole number", "numbers, like"), ("es", "número entero", "números, como"),
     ("ru", "целое число", "числа, например")],
)  # fmt: skip
def test_games_says_what_each_option_takes_in_words(
    lang: str, whole: str, numbers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No Python type name (``int``, ``str``, ``tuple``, ``bool``) in the allowed column:
    words of the language, and a tuple default written as it is typed."""
    from tapete.cli.cmd_games import allowed_text
    from tapete.cli.texts import Texts
    from tapete.engine import game_class, registered_games

    t = Texts(lang)
    for name in registered_games():
        for param in game_class(name).parameters:
            text = allowed_text(param, t)
            assert text.split(" ")[0] not in ("int", "str", "tuple", "bool", "float"), (name, text)
    assert main(["games", "ombre", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert whole in out and numbers in out and "0/0/0" in out and "(0, 0, 0)" not in out


def test_random_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    assert main(["random", "pocha", "--seed", "4", "--count", "3", "--out", str(out),
                 "-p", "hand_size=2"]) == 0  # fmt: skip
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and json.loads(lines[0])["params"] == {"hand_size": 2}
    capsys.readouterr()
    assert main(["replay", str(out), "--index", "2"]) == 0
    transcript = capsys.readouterr().out
    assert transcript.startswith("# pocha") and "# result" in transcript
    for command in ("replay", "analyse"):  # an index the file lacks: refused, named
        assert main([command, str(out), "--index", "4"]) != 0
        assert "--index must be 1…3" in capsys.readouterr().err
    # the same seed writes the same records
    again = tmp_path / "again.jsonl"
    main(
        ["random", "pocha", "--seed", "4", "--count", "3", "--out", str(again), "-p", "hand_size=2"]
    )
    assert again.read_text() == out.read_text()


def test_replay_of_a_broken_file_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "pocha", "actions": ["deal Ao", "deal Ao"]}\n')
    assert main(["replay", str(bad)]) == 2
    assert "action 2 ('deal Ao') does not replay" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2


def test_bad_parameter_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pocha", "--seconds", "0.1", "-p", "n_players=9"]) == 2
    assert "n_players = 9 is out of range" in capsys.readouterr().err


def test_bench_prints_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pocha", "--seconds", "0.2", "-p", "hand_size=3"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "actions/s" in out and "hand_size" in out


def _table(argv: list[str]) -> PochaTable:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int)
    add_arguments(parser)
    from rich.console import Console

    return PochaTable(parser.parse_args(argv), Console(width=100, highlight=False))


def test_a_person_plays_a_short_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _table(["--seed", "7", "-p", "hand_sequence=1,3", "--bots", "random", "--reveal"])
    answers = iter(["?", "zz", "bid 99"])
    prompts = []

    def fake_input(prompt: str) -> str:
        prompts.append(prompt)
        for scripted in answers:
            return scripted
        state = table.state
        text = state.action_to_string(state.legal_actions()[-1])
        return text.split(" ", 1)[1] if " " in text else text

    monkeypatch.setattr("builtins.input", fake_input)
    assert table.run() == 0
    out = capsys.readouterr().out
    assert "legal:" in out and "not allowed" in out and "cannot read 'zz'" in out
    assert "score sheet" in out and "Winner" in out and "held" in out
    # what happened is told from the events: the lot, every bid and card, each trick
    assert "first dealer by lot" in out
    assert out.count(": bid ") >= 2 * 4 and out.count(": play ") >= 4 * 4
    assert "→ trick to" in out and "→ last trick to" in out
    assert table.state.is_terminal() and len(prompts) >= 4


def test_person_can_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table(["--seed", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt: "quit")
    assert table.run() == 1


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_a_bid_beyond_any_hand_is_refused_as_out_of_range(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``15`` cannot be written as an action of the rules (no hand holds 15 cards): the
    person is told, in their language, that a bid goes from zero to the cards in the hand,
    not that the answer was not understood."""
    from tapete.i18n import reason_text

    table = _table(["--seed", "1", "--lang", lang])
    answers = iter(["15", "quit", "n"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers, "n"))
    assert table.run() == 1
    out = " ".join(capsys.readouterr().out.split())
    if lang == "en":
        assert "bid 15 is more than any hand holds; allowed now: 0, 1" in out
    else:
        said = reason_text(lang, "bid_out_of_range")
        assert said in out
