"""Golden playthroughs: every file in tests/golden must be reproduced exactly.

Regenerate with ``.venv/bin/python tools/regen_golden.py`` after a deliberate rules change.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
_spec = importlib.util.spec_from_file_location(
    "regen_golden", Path(__file__).parent.parent / "tools" / "regen_golden.py"
)
assert _spec is not None and _spec.loader is not None
regen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regen)

FILES = sorted(GOLDEN.glob("*.txt"))


def test_there_are_golden_files_for_pocha() -> None:
    assert any(f.name.startswith("pocha-seed") for f in FILES)
    assert any(f.name.startswith("pocha-match") for f in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_playthrough(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = json.loads(text.splitlines()[0].removeprefix("# golden: "))
    assert regen.golden_text(header["game"], header["params"], header["seed"]) == text
