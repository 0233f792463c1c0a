#!/usr/bin/env python3
"""Regenerate the golden playthroughs in ``tests/golden/``.

Each file is the transcript of one seeded random game (``tapete.engine.random_playout``
with ``random.Random(seed)``), headed by the line that says how to make it again. Review the
diff after a rules change: every changed line is a changed game.

    .venv/bin/python tools/regen_golden.py            # all registered games
    .venv/bin/python tools/regen_golden.py pocha      # only these
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import tapete
from tapete.engine import GameRecord, random_playout, transcript

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEEDS = (1, 2)
#: Extra parameter sets per game beyond the defaults (small matches keep files short).
EXTRA: dict[str, list[dict[str, object]]] = {
    "pocha": [{"n_players": 3, "hand_size": 4, "seven_swap": True}],
    "pocha-match": [{"n_players": 3, "hand_sequence": "1,2,1"}],
}


def golden_text(game_name: str, params: dict[str, object], seed: int) -> str:
    """The golden file's content for one game, parameters and seed."""
    game = tapete.load_game(game_name, **params)
    state = random_playout(game.new_initial_state(), random.Random(seed))
    header = f"# golden: {json.dumps({'game': game_name, 'params': params, 'seed': seed})}"
    return header + "\n" + transcript(GameRecord.from_state(state)) + "\n"


def cases(names: list[str]) -> list[tuple[str, dict[str, object], int]]:
    """Every (game, params, seed) to write."""
    out = []
    for name in names:
        for params in [{}, *EXTRA.get(name, [])]:
            out.extend((name, params, seed) for seed in SEEDS)
    return out


def file_name(game_name: str, params: dict[str, object], seed: int) -> str:
    """``pocha-n_players=3-hand_size=4-seed1.txt``."""
    parts = [game_name, *(f"{k}={v}" for k, v in params.items()), f"seed{seed}"]
    return "-".join(str(p).replace(",", "_") for p in parts) + ".txt"


def main(argv: list[str]) -> int:
    """Write the files; print what was written."""
    names = argv or tapete.registered_games()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, params, seed in cases(names):
        path = GOLDEN / file_name(name, params, seed)
        path.write_text(golden_text(name, params, seed), encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
