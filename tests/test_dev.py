"""dev.py, the README's set-up commands: which ``tapete`` command each word runs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _dev() -> Any:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], ["serve"]),
        (["--port", "9000"], ["serve", "--port", "9000"]),
        (["play"], ["play", "pocha"]),
        (["play", "--seed", "3"], ["play", "pocha", "--seed", "3"]),
        (["play", "ombre"], ["play", "ombre"]),
        (["play", "--resume", "saved.json"], ["play", "--resume", "saved.json"]),
        (["play", "--resume=saved.json"], ["play", "--resume=saved.json"]),
        (["bench", "pocha"], ["bench", "pocha"]),
    ],
)
def test_words_run_the_tapete_command(
    argv: list[str], expected: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    dev = _dev()
    ran: list[list[str]] = []
    monkeypatch.setattr(dev, "ensure_environment", lambda *extras: None)

    def run(program: Path, *args: str) -> int:
        ran.append(list(args))
        return 0

    monkeypatch.setattr(dev, "run", run)
    assert dev.main(argv) == 0
    assert ran == [expected]
