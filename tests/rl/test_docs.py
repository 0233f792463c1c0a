"""Every Python block of docs/rl.md runs (the page's examples stay true)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from .conftest import GAMES, load_ready

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 7


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index: int) -> None:
    for name in GAMES:
        load_ready(name)  # the page uses every game: skip until their contracts are there
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(BLOCKS[index], f"docs/rl.md block {index}", "exec"), {"__name__": "doc"})
    if "print(" in BLOCKS[index]:
        assert out.getvalue().strip()
