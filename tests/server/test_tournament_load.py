"""``benchmarks/tournament_load.py`` in small (slow run only): twelve entrants playing their
seats through the protocol, two rounds of a duplicate tournament on SQLite; every seat of
every round played, the tournament finished, the server's round times stored."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "tournament_load.py"


@pytest.mark.slow
def test_the_tournament_load_benchmark_runs_a_small_tournament_to_its_end() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--entrants", "12", "--rounds", "2", "--limit", "240"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    figures = json.loads(done.stdout)
    assert figures["status"] == "finished" and figures["tables_played"] == 24
    assert [r["round"] for r in figures["rounds_as_stored"]] == [1, 2]
    assert all(r["tables"] == 3 for r in figures["rounds_as_stored"])
    assert figures["standings_shown"] == 12 and figures["latency_ms_p99"] is not None
