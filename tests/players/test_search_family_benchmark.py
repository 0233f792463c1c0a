"""``benchmarks/search_family.py``: its all-seeing oracle stays all-seeing (the true deal
solved, whatever the contract search's own defaults become), and a short run writes its
figures."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from tapete.players.search.family import DECLARE_CREDIT

BENCHMARK = Path(__file__).parents[2] / "benchmarks" / "search_family.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("search_family_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_oracle_solves_the_true_deal_with_the_solved_deals_credit() -> None:
    bench = _benchmark()
    oracle = bench.Oracle(bench.Truth())
    family = oracle._family
    assert (family.contract.sim, family.contract.credit) == ("solve", DECLARE_CREDIT)
    assert family.contract.worlds == 1 and family.cards.worlds == 1
    assert family.auction_prior is False


def test_a_short_run_writes_every_deal(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "tresillo", "--players", "search-easy,oracle",
         "--deals", "2", "--seed", "7", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    players = json.loads(out.read_text())["players"]
    assert set(players) == {"search-easy", "oracle"}
    assert all(len(p["per_deal"]) == 2 for p in players.values())
    assert "share" in players["search-easy"]
