"""Where an Ombre player's duplicate margin over ``rule`` comes from, by what it did differently.

Run: ``.venv/bin/python benchmarks/ombre_phases.py OUT_DIR [OUT_DIR ...]``, where each
``OUT_DIR`` is the ``--out`` folder of a ``tapete arena ombre --players P,rule,rule`` run. For
every deal and seat the player's return there is compared with the mean return of ``rule`` in
that seat of the same deal (the other rotations, as in ``ombre_pool.py``), and the seat-deal is
classed by the auction (who of the two said "I play" in that seat: both, the player only, ``rule``
only, or neither, with the same or another ombre), and, where both declared, by the contract
(the same discards, the same trumps). Printed per class: the seat-deals, their mean margin with a
95% interval, and their share of the margin per deal (the shares add up to the pooled margin).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any


def _contract(record: dict[str, Any]) -> tuple[int | None, frozenset[str], str | None]:
    """The ombre's seat (None: all passed), its discards and the trumps of a one-deal record."""
    actions = record["actions"]
    eldest = (int(record.get("params", {}).get("dealer", 2)) + 1) % 3
    bids = [a for a in actions if a in ("ombre", "pass")]
    ombre = next(((eldest + i) % 3 for i, a in enumerate(bids) if a == "ombre"), None)
    discards: list[str] = []
    if ombre is not None:
        for a in actions[actions.index("ombre") + 1 :]:
            if a.startswith("discard"):
                discards.append(a)
            elif a != "pass":
                break
    trumps = next((a for a in actions if a.startswith("trumps")), None)
    return ombre, frozenset(discards), trumps


def _class(mine: tuple[Any, ...], rules: list[tuple[Any, ...]], seat: int) -> str:
    declared = mine[0] == seat
    rule_declared = [r[0] == seat for r in rules]
    if declared and all(rule_declared):
        discards = "same discards" if all(r[1] == mine[1] for r in rules) else "other discards"
        trumps = "same trumps" if all(r[2] == mine[2] for r in rules) else "other trumps"
        return f"both declare, {discards}, {trumps}"
    if declared:
        return "declares, rule passes" if not any(rule_declared) else "declares, rule in one"
    if any(rule_declared):
        return "passes, rule declares" if all(rule_declared) else "passes, rule in one"
    if mine[0] is None and all(r[0] is None for r in rules):
        return "all pass"
    same = all(r[0] == mine[0] for r in rules)
    return "both defend, same ombre" if same else "both defend, other ombre"


def main() -> None:
    """Print the margin by class."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", nargs="+")
    args = parser.parse_args()
    seats: dict[tuple[int, int, int], dict[str, list[Any]]] = defaultdict(
        lambda: {"mine": [], "rule": []}
    )
    for run in args.runs:
        for line in Path(run, "records.jsonl").read_text().splitlines():
            record = json.loads(line)
            meta = record["meta"]
            contract = _contract(record)
            for seat, name in enumerate(record["players"]):
                side = "rule" if name == "rule" else "mine"
                key = (meta["arena_seed"], meta["deal"], seat)
                seats[key][side].append((*contract, record["result"][seat]))
    classes: dict[str, list[float]] = defaultdict(list)
    deals = {key[:2] for key in seats}
    for key, sides in seats.items():
        if not sides["mine"] or not sides["rule"]:
            continue
        mine = sides["mine"][0]
        rule_mean = statistics.mean(r[3] for r in sides["rule"])
        classes[_class(mine, sides["rule"], key[2])].append(mine[3] - rule_mean)
    total = 0.0
    for name, margins in sorted(classes.items(), key=lambda item: -len(item[1])):
        mean = statistics.mean(margins)
        half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else 0
        share = sum(margins) / 3 / len(deals)
        total += share
        print(
            f"{name:45s} {len(margins):4d} seat-deals  {mean:+.3f} [{mean - half:+.3f}, "
            f"{mean + half:+.3f}]  share {share:+.3f}"
        )
    print(f"margin per deal {total:+.3f} over {len(deals)} deals")


if __name__ == "__main__":
    main()
