"""``tapete play ombre`` with scripted input: bad input is refused and asked again."""

from __future__ import annotations

import argparse
import io
import random

from rich.console import Console

from tapete.cli.play_ombre import OmbreTable, add_arguments


def _args(**over: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=None)
    add_arguments(parser)
    args = parser.parse_args(["--seed", "3", "--deals", "2", "--reveal"])
    for k, v in over.items():
        setattr(args, k, v)
    return args


def test_play_a_session_with_bad_input() -> None:
    out = io.StringIO()
    rng = random.Random(1)
    table: OmbreTable

    def read(prompt: str) -> str:
        deal = table.state.deal
        assert deal is not None
        if rng.random() < 0.2:
            return rng.choice(["play ♣9", "xyz", "discard ♠A ♠A", "trumps", "?", "money"])
        text = deal.action_to_string(rng.choice(deal.legal_actions()))
        return text[5:] if text.startswith("play ") else text

    table = OmbreTable(_args(), Console(file=out, width=100, highlight=False), read)
    assert table.run() == 0
    text = out.getvalue()
    assert "not allowed" in text and "final balances" in text
    assert len(table.state.results) == 2


def test_quit() -> None:
    table = OmbreTable(_args(), Console(file=io.StringIO()), lambda prompt: "quit")
    assert table.run() == 1
