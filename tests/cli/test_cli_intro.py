"""The opening line of every terminal table names the person only when a name was given:
without ``--name`` it says the seat (not "you are you"), in every language."""

from __future__ import annotations

import pytest

from tapete.cli.main import main

GAMES = ["pocha", "ombre", "tresillo", "lhombre", "trynka"]


def _opening(game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *argv: str) -> str:  # fmt: skip
    answers = iter(["quit", "n"])  # leave at the first prompt, without saving
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers, "n"))
    main(["play", game, "--seed", "4", "--seat", "1", *argv])
    return capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("game", GAMES)
def test_without_a_name_the_opening_line_says_the_seat(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _opening(game, monkeypatch, capsys, "--lang", "en")
    assert "your seat: 1" in line and "you are" not in line, line
    assert "Seed 4 (--seed 4 " in line


@pytest.mark.parametrize("game", GAMES)
def test_a_name_given_is_said_with_the_seat(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _opening(game, monkeypatch, capsys, "--lang", "en", "--name", "Ana")
    assert "you are Ana (seat 1" in line and "your seat" not in line, line


@pytest.mark.parametrize(("lang", "words"), [("es", "tu asiento: 1"), ("ru", "ваше место: 1")])
@pytest.mark.parametrize("game", GAMES)
def test_the_seat_is_said_in_spanish_and_russian(
    game: str, lang: str, words: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    line = _opening(game, monkeypatch, capsys, "--lang", lang)
    assert words in line and "seat" not in line, line
