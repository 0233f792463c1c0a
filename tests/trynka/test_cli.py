"""``tapete play trynka`` with scripted input: bad input is refused and asked again."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from tapete.cli import play_trynka


def test_play_scripted_session(capsys: pytest.CaptureFixture[str]) -> None:
    answers: Iterator[str] = iter(["", "", "", "bet 99", "nonsense", "decline"] + ["fold"] * 50)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    parser = argparse.ArgumentParser()
    play_trynka.add_arguments(parser)
    args = parser.parse_args(["--players", "3", "--banks", "2"])
    args.seed = 5
    assert play_trynka.run(args, read=read) == 0
    out = capsys.readouterr().out
    assert "bank" in out and "level" in out
    assert "cannot" in out  # the bad inputs were refused with a reason
