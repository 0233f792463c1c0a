"""``tapete play ombre`` with scripted input: bad input is refused and asked again."""

from __future__ import annotations

import argparse
import io
import random

import pytest
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


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's default language comes from the locale: English for these tests."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


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


def _money_tables(text: str, title: str) -> list[tuple[list[list[str]], int]]:
    """Every table titled ``title`` in the output: its rows (cells) and the pool under it."""
    out = []
    for chunk in text.split(title)[1:]:
        rows: list[list[str]] = []
        for line in chunk.splitlines():
            if line.startswith("pool: "):
                out.append((rows, int(line.removeprefix("pool: "))))
                break
            if line.startswith("│"):
                rows.append([cell.strip() for cell in line.strip("│").split("│")])
    return out


@pytest.mark.parametrize("selection", ["rotate", "black_ace_each_deal"])
def test_money_after_each_deal_is_that_deal_s(selection: str) -> None:
    """The table after a deal shows the balances and pool as that deal left them, also when
    the next deal starts at once (rotating dealer: its antes are not yet counted) and after
    the last deal (before the leftover pool is shared)."""
    out = io.StringIO()
    rng = random.Random(5)
    table: OmbreTable

    def read(prompt: str) -> str:
        deal = table.state.deal
        assert deal is not None
        return deal.action_to_string(rng.choice(deal.legal_actions()))

    args = _args(deals=3, param=[f"dealer_selection={selection}", "pool=4"])
    table = OmbreTable(args, Console(file=out, width=100, highlight=False), read)
    assert table.run() == 0
    tables = _money_tables(out.getvalue(), "after the deal")
    results = table.state.results
    assert len(tables) == len(results) == 3
    balances = [0, 0, 0]
    for (rows, pool), result in zip(tables, results, strict=True):
        balances = [b + c for b, c in zip(balances, result.changes, strict=True)]
        assert [int(row[2]) for row in rows] == balances
        assert [int(row[1]) for row in rows] == list(result.changes)
        assert pool == result.pool_after
    ((final_rows, final_pool),) = _money_tables(out.getvalue(), "final balances")
    assert [int(row[1]) for row in final_rows] == table.state.balances
    assert final_pool == table.state.pool
