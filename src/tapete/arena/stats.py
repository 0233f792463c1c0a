"""Means with 95% confidence intervals (Student t), paired differences: standard library only.

>>> ci = mean_ci([1.0, 2.0, 3.0, 4.0])
>>> ci.mean, round(ci.low, 3), round(ci.high, 3)
(2.5, 0.446, 4.554)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Student's t cumulative distribution.

    >>> round(t_cdf(2.228, 10), 4)
    0.975
    """
    x = df / (df + t * t)
    tail = 0.5 * _betainc(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection).

    >>> [round(t_quantile(0.975, df), 3) for df in (1, 5, 30)]
    [12.706, 2.571, 2.042]
    """
    if not 0.0 < p < 1.0:
        raise ValueError("p must be in (0, 1)")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


@dataclasses.dataclass(frozen=True)
class MeanCI:
    """A sample mean with its standard deviation, size and two-sided confidence interval."""

    mean: float
    sd: float
    n: int
    low: float
    high: float
    level: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the interval's width (``mean ± half_width``)."""
        return (self.high - self.low) / 2.0

    def excludes_zero(self) -> bool:
        """True when the whole interval is above or below zero."""
        return self.low > 0.0 or self.high < 0.0

    def to_dict(self) -> dict[str, float | int]:
        """JSON-ready fields."""
        return {
            "mean": self.mean,
            "sd": self.sd,
            "n": self.n,
            "ci_low": self.low,
            "ci_high": self.high,
            "level": self.level,
        }


def mean_ci(values: Sequence[float], level: float = 0.95) -> MeanCI:
    """Mean and a Student-t interval over independent ``values`` (NaN bounds below 2 values).

    >>> mean_ci([5.0]).n, math.isnan(mean_ci([5.0]).low)
    (1, True)
    """
    n = len(values)
    if n == 0:
        nan = float("nan")
        return MeanCI(nan, nan, 0, nan, nan, level)
    mean = math.fsum(values) / n
    if n < 2:
        return MeanCI(mean, float("nan"), n, float("nan"), float("nan"), level)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    half = t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)
    return MeanCI(mean, sd, n, mean - half, mean + half, level)


def paired_diff_ci(a: Sequence[float], b: Sequence[float], level: float = 0.95) -> MeanCI:
    """Interval of the mean of ``a[i] - b[i]`` (paired samples, e.g. the same deals).

    >>> d = paired_diff_ci([3.0, 5.0, 4.0], [1.0, 2.0, 3.0])
    >>> d.mean, d.n
    (2.0, 3)
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    return mean_ci([x - y for x, y in zip(a, b, strict=True)], level)
