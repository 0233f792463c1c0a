"""The worked example's bid model (examples/train_pocha_ppo.py, ``--bid-model``): its points
are the game's scoring, it learns the trick counts it is shown, and it then bids for the most
expected points; a short run (2 s) trains and evaluates with it end to end."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tapete.engine import load_game
from tapete.games.pocha.scoring import score

pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_pocha_ppo.py"


@pytest.fixture(scope="module")
def ppo() -> dict[str, Any]:
    return runpy.run_path(str(SCRIPT))


def test_the_bid_models_points_are_the_games_scoring(ppo: dict[str, Any]) -> None:
    rules = load_game("pocha", n_players=4, hand_size=3).rules  # type: ignore[attr-defined]
    model = ppo["BidModel"](5, 3, 8, 1e-3, 0, rules)
    for bid in range(4):
        for won in range(4):
            assert model.points[bid, won] == score(rules, bid, won)
    # the expected points are the points weighted by the predicted trick counts
    x = np.zeros(5, np.float32)
    p = ppo["softmax"](model.net.forward(model._inputs(np.repeat(x[None], 4, 0), np.arange(4)))[0])
    expected = model.expected(x, [0, 1, 2, 3])
    assert np.allclose(expected, (p * model.points[np.arange(4)]).sum(1))


def test_the_bid_model_learns_the_tricks_and_bids_for_the_most_points(
    ppo: dict[str, Any],
) -> None:
    """Hands whose first cell is 1 take 2 tricks whatever was bid, the others none: after
    fitting, the model bids 2 with the first and 0 with the others (the exact bids)."""
    rules = load_game("pocha", n_players=4, hand_size=3).rules  # type: ignore[attr-defined]
    model = ppo["BidModel"](4, 3, 16, 3e-3, 1, rules)
    norm = ppo["Normaliser"](4)
    rng = np.random.default_rng(5)
    seen = rng.integers(0, 2, size=(2000, 4)).astype(np.float32)
    norm.update(seen)
    for obs in seen:
        model.remember(obs, int(rng.integers(0, 4)), 2 if obs[0] else 0)
    before = model.fit(norm, 1, 256)
    after = before
    for _ in range(30):
        after = model.fit(norm, 10, 256)
    assert after < before / 4, (before, after)
    strong, weak = np.array([1, 0, 1, 0], np.float32), np.array([0, 1, 0, 1], np.float32)
    assert model.choose(norm(strong[None])[0], [0, 1, 2, 3], rng, 0.0) == 2
    assert model.choose(norm(weak[None])[0], [0, 1, 2, 3], rng, 0.0) == 0
    # a bid the table forbids is not chosen: the best of the others
    assert model.choose(norm(strong[None])[0], [0, 1, 3], rng, 0.0) in (0, 1, 3)


def test_a_short_run_trains_and_evaluates_with_the_bid_model(
    ppo: dict[str, Any], tmp_path: Path
) -> None:
    args = ["--hand-size", "3", "--steps", "2048", "--eval-deals", "2", "--bid-model"]
    assert ppo["main"]([*args, "--split-deals", "2", "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "pocha_ppo.json").read_text())
    assert report["training"]["decisions"] >= 2048
    assert set(report["evaluation"]["split"]["bids"]["agent"]) <= {f"bid {b}" for b in range(4)}
    assert (tmp_path / "pocha_ppo.npz").exists()
