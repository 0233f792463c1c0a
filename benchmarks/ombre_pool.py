"""Pool Ombre duplicate-arena runs of one player against ``rule``: margin, sacardo and declarations.

Run: ``.venv/bin/python benchmarks/ombre_pool.py OUT_DIR [OUT_DIR ...] [--player NAME]
[--against OTHER_DIR ...]``, where each ``OUT_DIR`` is the ``--out`` folder of a ``tapete arena
ombre --players P,rule,rule`` run. For every deal and seat the player's return there is compared
with the mean return of ``rule`` in that seat of the same deal (the other rotations); a deal's
margin is the mean over its three seats, and the pooled margin is the mean over all deals with
its 95% interval (normal). Also printed: each side's declaration rate (seat-games in which it
said "I play") and sacardo rate as ombre. With ``--against`` (runs of another player on the same
seeds and deals), the paired difference of the two players' margins deal by deal.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any


def _deals(folder: str, player: str | None) -> tuple[dict[tuple[int, int], float], dict[str, Any]]:
    """Per (arena seed, deal): the margin; and the counts of declarations and sacardos."""
    by_deal: dict[tuple[int, int], dict[int, dict[str, list[float]]]] = {}
    counts = {"search": [0, 0, 0], "rule": [0, 0, 0]}  # seat-games, declarations, sacardos
    for line in Path(folder, "records.jsonl").read_text().splitlines():
        record = json.loads(line)
        meta = record["meta"]
        key = (meta["arena_seed"], meta["deal"])
        actions = record["actions"]
        bids = [a for a in actions if a in ("ombre", "pass")]
        result = record["result"]
        eldest = _eldest(record)  # the seat of the first "ombre": count from the eldest
        ombre_seat = None
        for i, a in enumerate(bids):
            if a == "ombre":
                ombre_seat = (eldest + i) % 3
                break
        for seat, name in enumerate(record["players"]):
            side = "rule" if name == "rule" else "search"
            if player is not None and side == "search" and name != player:
                continue
            slot = by_deal.setdefault(key, {}).setdefault(seat, {"search": [], "rule": []})
            slot[side].append(result[seat])
            counts[side][0] += 1
            if ombre_seat == seat:
                counts[side][1] += 1
                counts[side][2] += result[seat] > 0
    margins: dict[tuple[int, int], float] = {}
    for key, seats in by_deal.items():
        diffs = [
            statistics.mean(s["search"]) - statistics.mean(s["rule"])
            for s in seats.values()
            if s["search"] and s["rule"]
        ]
        if diffs:
            margins[key] = statistics.mean(diffs)
    return margins, counts


def _eldest(record: dict[str, Any]) -> int:
    """The eldest hand of a one-deal record (the dealer defaults to seat 2: eldest 0)."""
    dealer = int(record.get("params", {}).get("dealer", 2))
    return (dealer + 1) % 3


def _summary(margins: list[float]) -> str:
    mean = statistics.mean(margins)
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] over {len(margins)} deals"


def main() -> None:
    """Print the pooled figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", nargs="+")
    parser.add_argument("--player", default=None)
    parser.add_argument("--against", nargs="*", default=[])
    args = parser.parse_args()
    margins: dict[tuple[int, int], float] = {}
    totals = {"search": [0, 0, 0], "rule": [0, 0, 0]}
    for run in args.runs:
        found, counts = _deals(run, args.player)
        margins.update(found)
        for side in totals:
            totals[side] = [a + b for a, b in zip(totals[side], counts[side], strict=True)]
    print("margin over rule:", _summary(list(margins.values())))
    for side, (games, declared, won) in totals.items():
        print(
            f"{side}: declared {declared}/{games} = {declared / max(1, games):.1%}, "
            f"sacardo {won}/{declared} = {won / max(1, declared):.1%}"
        )
    if args.against:
        other: dict[tuple[int, int], float] = {}
        for run in args.against:
            other.update(_deals(run, None)[0])
        paired = [margins[k] - other[k] for k in margins if k in other]
        print("paired difference (runs - against):", _summary(paired))


if __name__ == "__main__":
    main()
