"""Confidence-interval arithmetic on hand-made samples."""

from __future__ import annotations

import math

import pytest

from tapete.arena.stats import mean_ci, paired_diff_ci, t_cdf, t_quantile


@pytest.mark.parametrize(
    ("df", "q"),
    [(1, 12.7062), (2, 4.3027), (3, 3.1824), (4, 2.7764), (9, 2.2622), (29, 2.0452),
     (99, 1.9842), (10_000, 1.9602)],
)  # fmt: skip
def test_t_quantile_matches_the_tables(df: int, q: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(q, abs=1e-4)
    assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-5)
    assert t_quantile(0.025, df) == pytest.approx(-q, abs=1e-4)


def test_mean_ci_by_hand() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(((1.5**2) * 2 + (0.5**2) * 2) / 3)  # 1.2910
    half = 3.182446 * sd / 2.0
    assert ci.mean == 2.5
    assert ci.sd == pytest.approx(sd)
    assert (ci.low, ci.high) == pytest.approx((2.5 - half, 2.5 + half), abs=1e-5)
    assert ci.n == 4 and ci.excludes_zero()
    assert ci.half_width == pytest.approx(half, abs=1e-5)


def test_constant_and_tiny_samples() -> None:
    ci = mean_ci([3.0, 3.0, 3.0])
    assert (ci.low, ci.mean, ci.high) == (3.0, 3.0, 3.0)
    assert math.isnan(mean_ci([]).mean)
    one = mean_ci([2.0])
    assert one.mean == 2.0 and math.isnan(one.low)


def test_paired_difference() -> None:
    a = [10.0, 12.0, 9.0, 11.0, 13.0]
    b = [8.0, 11.0, 9.0, 7.0, 10.0]
    d = paired_diff_ci(a, b)
    diffs = [2.0, 1.0, 0.0, 4.0, 3.0]
    assert d.mean == pytest.approx(2.0)
    assert d.sd == pytest.approx(math.sqrt(sum((x - 2.0) ** 2 for x in diffs) / 4))
    half = 2.776445 * d.sd / math.sqrt(5)
    assert d.low == pytest.approx(2.0 - half, abs=1e-5)
    with pytest.raises(ValueError):
        paired_diff_ci([1.0], [1.0, 2.0])
