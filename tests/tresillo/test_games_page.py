"""``tapete games tresillo`` / ``tresillo-match``: the pages read right (the match's own
options first, those taken from the deal game singled out, the money it carries said as
the session's start), and the short list keeps a long summary under itself."""

from __future__ import annotations

import re

import pytest

from tapete.cli.main import main
from tapete.engine import game_class


def _page(name: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["games", name]) == 0
    return capsys.readouterr().out


def test_the_match_page_singles_out_its_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    text = _page("tresillo-match", capsys)
    own, taken = text.split("options taken from its deal game tresillo")
    assert "the match's own options" in " ".join(own.split())
    for name in ("num_deals", "first_dealer"):
        assert re.search(rf"│ {name}\s+│", own) and not re.search(rf"│ {name}\s+│", taken)
    deal_params = [p.name for p in game_class("tresillo").parameters if p.name != "dealer"]
    for name in deal_params:
        assert re.search(rf"│ {name}\s+│", taken), name
        assert not re.search(rf"│ {name}\s+│", own), name
    assert "before this deal" not in taken and "the puestas on the plate before the first" in taken
    assert "plate, balances: the values the session starts with" in taken
    assert "tresillo's options set by the match for each deal: dealer" in taken


def test_the_deal_page_keeps_the_deal_s_own_meanings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    text = _page("tresillo", capsys)
    assert "the dealer's seat, who sits out" in text and "before this deal" in text
    assert "options taken" not in text and "starts with" not in text


def test_a_long_summary_wraps_under_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["games"]) == 0
    head = capsys.readouterr().out.split("\n\n")[0]
    lines = head.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  tresillo "))
    end = next(i for i, line in enumerate(lines) if line.startswith("  tresillo-match"))
    assert end > start + 1 and all(line.startswith(" " * 17) for line in lines[start + 1 : end])
    assert all(len(line) <= 80 for line in lines)
    shown = " ".join(" ".join(lines[start:end]).split()[1:])
    assert shown == " ".join(game_class("tresillo").summary.split())
