"""``tapete play trynka`` with scripted input: bad input is refused and asked again."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from tapete.cli import play_trynka
from tapete.cli.common import LEFT_STATUS, LEFT_TEXT


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
    assert play_trynka.run(args, read=read) == LEFT_STATUS  # the input ended: left the table
    out = capsys.readouterr().out
    assert LEFT_TEXT in out
    assert "bank" in out and "level" in out
    assert "cannot" in out  # the bad inputs were refused with a reason


def test_every_event_reads_as_a_sentence() -> None:
    """The terminal's texts are made from the events' values, for every kind of event."""
    import random

    import tapete
    from tapete.engine.chance import random_playout

    game = tapete.load_game(
        "trynka-match", n_players=5, banks=30, stop_when_broke=False, reveal_public=True
    )
    state = random_playout(game.new_initial_state(), random.Random(4))
    deck = game.rules.deck
    kinds: dict[str, int] = {}
    for event in state.events(0):
        text = play_trynka.event_text(deck, event)
        if text is not None:
            assert text and "None" not in text, (event, text)
            kinds[event.kind] = kinds.get(event.kind, 0) + 1
    assert {"draw", "bet", "fold", "reveal", "show"} <= set(kinds), kinds
    assert any("takes the bank" in (play_trynka.event_text(deck, e) or "") for e in state.events(0))
