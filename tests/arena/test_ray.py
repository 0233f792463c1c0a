"""The Ray backend gives the same results as local processes (a local Ray started here)."""

from __future__ import annotations

from typing import Any

import pytest

from tapete.arena import ArenaConfig, run_arena

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'tapete[ray]')")


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


@pytest.mark.slow
def test_ray_backend_equals_local() -> None:
    config = ArenaConfig.build(
        "pocha", "rule,random,rule,random", deals=6, seed=3, game_params={"hand_size": 2},
        chunk_size=2,
    )  # fmt: skip
    local = run_arena(config)
    ray_config = ArenaConfig.build(
        "pocha", "rule,random,rule,random", deals=6, seed=3, game_params={"hand_size": 2},
        chunk_size=2, backend="ray", workers=2,
    )  # fmt: skip
    on_ray = run_arena(ray_config)
    assert not ray.is_initialized()  # the arena shut down the Ray it started
    assert on_ray.summary["timing"]["backend"] == "ray"
    assert _without_timing(on_ray.summary) == _without_timing(local.summary)
    assert on_ray.records() == local.records()
