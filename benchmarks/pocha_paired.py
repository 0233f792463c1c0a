"""Paired comparison of La Pocha arena runs over the same deals (same ``--seed``).

Run: ``.venv/bin/python benchmarks/pocha_paired.py OUT_A [OUT_B ...]`` where each ``OUT`` is
an arena's ``--out`` folder (its ``records.jsonl``) of one player (the name that fills one
seat) against ``rule`` bots, duplicate. Prints, per run, the deals, the margin per deal of
that player over the others in the same seats (the mean of its games minus the mean of the
other seats' games of that deal) with a 95% interval, and the exact-bid rate of both; and,
for every run after the first, the mean paired difference of its margin from the first
run's over the deals both played, with a 95% interval (the same deals: much of their luck
cancels).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def read_run(folder: Path, player: str | None = None) -> tuple[dict[int, float], float, float]:
    """Per-deal margins of ``player`` (by default the one name that fills one seat), its
    exact-bid rate and the other seats'."""
    games: dict[int, list[tuple[list[float], int]]] = defaultdict(list)
    exact = [0, 0]
    other_exact = [0, 0]
    for line in (folder / "records.jsonl").read_text().splitlines():
        record = json.loads(line)
        players = record["players"]
        player = measured_player(players, player, folder)
        main = players.index(player)
        games[record["meta"]["deal"]].append((record["result"], main))
        hits = _exact_bids(record)
        for seat, hit in enumerate(hits):
            tally = exact if seat == main else other_exact
            tally[0] += hit
            tally[1] += 1
    margins = {}
    for deal, rows in games.items():
        mine = [result[main] for result, main in rows]
        others = [r for result, main in rows for s, r in enumerate(result) if s != main]
        margins[deal] = statistics.fmean(mine) - statistics.fmean(others)
    return margins, exact[0] / max(1, exact[1]), other_exact[0] / max(1, other_exact[1])


def measured_player(players: list[str], player: str | None, folder: Path) -> str:
    """``player`` if given, else the one name of ``players`` that fills a single seat."""
    if player is not None:
        return player
    single = {p for p in players if players.count(p) == 1}
    if len(single) != 1:
        raise SystemExit(f"{folder}: name the player (--player): {sorted(set(players))}")
    return single.pop()


def _exact_bids(record: dict[str, Any]) -> list[bool]:
    """Which seats made their bid exactly: a La Pocha score is positive only when exact
    (``exact_base`` > 0 with the default scoring)."""
    return [r > 0 for r in record["result"]]


def main() -> None:
    """Read the runs and print the margins and the paired differences."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--player", help="the player measured (default: the one alone)")
    args = parser.parse_args()
    first: dict[int, float] | None = None
    for folder in args.runs:
        margins, exact, other = read_run(folder, args.player)
        line = (
            f"{folder}: {len(margins)} deals, margin {_interval(list(margins.values()))}, "
            f"exact bids {exact:.1%} (others {other:.1%})"
        )
        if first is None:
            first = margins
        else:
            common = sorted(set(first) & set(margins))
            if len(common) > 1:
                diffs = [margins[d] - first[d] for d in common]
                line += f"; paired vs first over {len(common)} deals {_interval(diffs)}"
        print(line)


if __name__ == "__main__":
    main()
