"""Golden playthroughs and perft counts: every file in tests/golden must be reproduced exactly.

Regenerate with ``.venv/bin/python tools/regen_golden.py`` after a deliberate change, and
review the diff: a changed line is a changed game, legal list or view.
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


def _header(path: Path) -> dict[str, object]:
    line = path.read_text(encoding="utf-8").splitlines()[0]
    header: dict[str, object] = json.loads(line.removeprefix("# golden: "))
    return header


def test_every_case_has_its_file_and_every_file_its_case() -> None:
    expected = {regen.file_name(n, p, s, pol) for n, p, s, pol, _ in regen.CASES}
    assert {f.name for f in FILES} == expected


def test_every_registered_game_has_playthroughs_of_both_policies() -> None:
    import tapete

    for name in tapete.registered_games():
        policies = {h["policy"] for h in map(_header, FILES) if h["game"] == name}
        assert policies == {"random", "rule"}, name


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_playthrough(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    h = _header(path)
    assert regen.golden_text(h["game"], h["params"], h["seed"], h["policy"]) == text


@pytest.mark.parametrize("name", sorted(regen.PERFT))
def test_perft_count(name: str) -> None:
    counts = json.loads((GOLDEN / "perft.json").read_text(encoding="utf-8"))
    make, depth = regen.PERFT[name]
    assert regen.perft(make(), depth) == counts[name]


def _applied(prefix: str) -> set[str]:
    """The action texts applied in the golden files of games starting with ``prefix``."""
    texts = set()
    for path in FILES:
        if path.name.startswith(prefix):
            for line in path.read_text(encoding="utf-8").splitlines()[3:]:
                if not line.startswith("#"):
                    texts.add(line.split("|")[0].split(None, 3)[-1].strip())
    return texts


def test_every_outcome_appears_in_some_playthrough() -> None:
    ombre = " ".join(f.read_text(encoding="utf-8") for f in FILES if f.name.startswith("ombre"))
    for outcome in ("sacardo", "codille", "puesta"):
        assert f'"outcome": "{outcome}"' in ombre, outcome
    assert "swap" in _applied("pocha")  # a seven swap
    trynka = _applied("trynka")
    assert "claim-tens" in trynka  # three tens: a redeal
    assert {"propose-svara", "accept"} <= trynka and any(
        t.startswith("join") for t in trynka
    )  # svara
