"""Writing an arena's results: ``results.json``, ``results.csv``, ``scores.png``,
``records.jsonl`` (one game record per line, replayable with ``tapete replay``).
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

from tapete.arena.core import ArenaResult


def write_results(
    result: ArenaResult, out: Path, chart: bool = True, records: bool = True
) -> dict[str, Path]:
    """Write every output file into ``out`` (created); returns their paths by kind.

    ``records=False`` leaves ``records.jsonl`` alone (the command line writes it game by game
    as the arena plays, so that a stopped or interrupted run keeps its records).
    """
    paths = write_summary(result.summary, out, chart)
    if records:
        paths["records"] = out / "records.jsonl"
        with paths["records"].open("w", encoding="utf-8") as f:
            for line in result.records():
                f.write(line + "\n")
    return paths


def write_summary(summary: dict[str, Any], out: Path, chart: bool = True) -> dict[str, Path]:
    """Write ``results.json``, ``results.csv`` and (with matplotlib) ``scores.png``."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / "results.json", "csv": out / "results.csv"}
    paths["json"].write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    write_csv(summary, paths["csv"])
    if chart:
        png = out / "scores.png"
        if write_chart(summary, png):
            paths["png"] = png
    return paths


def write_csv(summary: dict[str, Any], path: Path) -> None:
    """One row per player (score with its interval, rating) then one per margin."""
    ratings = (summary.get("ratings") or {}).get("players") or {}
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(
            ["kind", "player", "versus", "mean", "ci_low", "ci_high", "sd", "n",
             "rating_mu", "rating_sigma", "rating_ordinal", "forfeits"]
        )  # fmt: skip
        for name, p in summary["players"].items():
            s, r = p["score"], ratings.get(name, {})
            w.writerow(
                ["player", name, "", s["mean"], s["ci_low"], s["ci_high"], s["sd"], s["n"],
                 r.get("mu", ""), r.get("sigma", ""), r.get("ordinal", ""), p.get("forfeits", 0)]
            )  # fmt: skip
        for m in summary["margins"]:
            w.writerow(
                ["margin", m["a"], m["b"], m["mean"], m["ci_low"], m["ci_high"], m["sd"], m["n"],
                 "", "", "", ""]
            )  # fmt: skip


def write_chart(summary: dict[str, Any], path: Path) -> bool:
    """A PNG of each player's mean score per deal and each margin, with 95% intervals.

    Returns False (and writes nothing) when matplotlib is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    players = summary["players"]
    margins = summary["margins"]
    labels = [*players, *(f"{m['a']} − {m['b']}" for m in margins)]
    rows = [p["score"] for p in players.values()] + list(margins)
    means = [r["mean"] for r in rows]
    errs = [
        [r["mean"] - r["ci_low"] if r["ci_low"] is not None else 0.0 for r in rows],
        [r["ci_high"] - r["mean"] if r["ci_high"] is not None else 0.0 for r in rows],
    ]
    colours = ["tab:blue"] * len(players) + ["tab:orange"] * len(margins)
    fig, ax = plt.subplots(figsize=(max(5.0, 1.3 * len(labels) + 2), 4.0))
    ax.bar(range(len(labels)), means, yerr=errs, capsize=6, color=colours)
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(labels)), labels, rotation=20, ha="right")
    config = summary["config"]
    unit = "match" if config["game"].endswith("-match") else "deal"
    units = "matches" if unit == "match" else "deals"
    ax.set_ylabel(f"mean score per {unit} (95% CI)")
    ax.set_title(
        f"{config['game']}: {summary['deals']} {units} × {summary['seatings_per_deal']} "
        f"seatings, seed {config['seed']}"
    )
    for i, m in enumerate(means):
        if not math.isnan(m):
            ax.annotate(f"{m:.2f}", (i, m), textcoords="offset points", xytext=(8, 0), fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
