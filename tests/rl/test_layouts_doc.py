"""docs/rl-layouts.md is what the encoders build: each game's section there is the one
``tapete.rl.encoding.layout_section`` makes now (a view that gains a field changes it)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from tapete.rl.encoding import layout_section

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl-layouts.md"
#: The games the page documents (Danish l'hombre joins once its view is settled).
DOCUMENTED = [
    "ombre", "ombre-match", "pocha", "pocha-match",
    "tresillo", "tresillo-match", "trynka", "trynka-match",
]  # fmt: skip


def sections() -> dict[str, str]:
    """The page's sections by game name (from each ``### `name``` heading to the next)."""
    text = PAGE.read_text(encoding="utf-8")
    starts = [(m.start(), m.group(1)) for m in re.finditer(r"^### `([^`]+)`$", text, re.M)]
    ends = [s for s, _ in starts[1:]] + [len(text)]
    return {name: text[s:e].rstrip("\n") + "\n" for (s, name), e in zip(starts, ends, strict=True)}


def test_the_page_documents_its_games() -> None:
    assert list(sections()) == DOCUMENTED


@pytest.mark.parametrize("name", DOCUMENTED)
def test_the_page_matches_the_code(name: str) -> None:
    assert sections()[name] == layout_section(name), (
        f"docs/rl-layouts.md is out of date for {name}: regenerate it with "
        f"python -m tapete.rl.encoding {' '.join(DOCUMENTED)}"
    )


def test_python_m_prints_the_layouts_in_either_install() -> None:
    """``python -m tapete.rl.encoding`` runs the package's ``__main__`` module, which is not
    compiled (a mypyc-compiled module has no code object for ``-m``: "No code object
    available"); ``dev.py compiled-test`` runs this against the compiled encoder."""
    import tapete.rl.encoding as encoding

    if os.environ.get("TAPETE_EXPECT_COMPILED") == "1":
        assert not str(encoding.__file__).endswith(".py"), encoding.__file__
    done = subprocess.run(
        [sys.executable, "-m", "tapete.rl.encoding", "pocha", "trynka-match"],
        capture_output=True,
        text=True,
        check=False,
        cwd=Path(__file__).resolve().parent,  # not the source tree's root: the install's
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == layout_section("pocha") + "\n" + layout_section("trynka-match") + "\n"
