"""How many random games the conformance tests check: a sample in every run, and more games,
on another seed, in the slow run (``pytest -m slow``)."""

from __future__ import annotations

from typing import Any

import pytest


def conformance_games(default: int, more: int, seed: int) -> list[Any]:
    """``(games, seed)`` parameters: ``default`` games on ``seed`` in every run, and ``more``
    games on ``seed + 100`` in the slow run.

    >>> [p.values for p in conformance_games(4, 8, 1)]
    [(4, 1), (8, 101)]
    """
    return [
        pytest.param(default, seed, id=f"{default}games"),
        pytest.param(more, seed + 100, id=f"{more}more", marks=pytest.mark.slow),
    ]
