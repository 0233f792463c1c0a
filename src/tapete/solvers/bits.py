"""Bit helpers for ``uint64`` card masks and a small seeded generator, compiled by numba.

Every function is ``@njit``: call them from other kernels (they also work from Python, where
each call pays numba's dispatch cost).

>>> import numpy as np
>>> int(popcount(np.uint64(0b1011))), int(lowest_index(np.uint64(0b1000))), int(highest_index(np.uint64(0b1010)))
(3, 3, 3)
>>> state = np.array([seed_state(7)], dtype=np.uint64)
>>> 0 <= int(next_below(state, 10)) < 10
True
"""  # noqa: E501

from __future__ import annotations

from typing import Any

import numpy as np

from tapete.solvers.jit import jit

U1: Any = np.uint64(1)
U0: Any = np.uint64(0)
_DEBRUIJN: Any = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE: Any = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_TABLE[((1 << _i) * 0x03F79D71B4CB0A89 & 0xFFFFFFFFFFFFFFFF) >> 58] = _i


@jit(cache=True, inline="always")
def popcount(x: Any) -> Any:
    """The number of set bits of a ``uint64``."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@jit(cache=True, inline="always")
def lowest_index(x: Any) -> Any:
    """The index of the lowest set bit of a non-zero ``uint64``."""
    low = x & (~x + np.uint64(1))
    return _DEBRUIJN_TABLE[np.int64((low * _DEBRUIJN) >> np.uint64(58))]


@jit(cache=True, inline="always")
def highest_index(x: Any) -> Any:
    """The index of the highest set bit of a non-zero ``uint64``."""
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    top = x ^ (x >> np.uint64(1))
    return _DEBRUIJN_TABLE[np.int64((top * _DEBRUIJN) >> np.uint64(58))]


@jit(cache=True, inline="always")
def bit(i: Any) -> Any:
    """``1 << i`` as a ``uint64``."""
    return np.uint64(1) << np.uint64(i)


def seed_state(seed: int) -> int:
    """A non-zero 64-bit generator state from any integer seed (splitmix64 of it)."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return z or 1


@jit(cache=True, inline="always")
def next_u64(state: Any) -> Any:
    """The next output of the xorshift64* generator whose state is ``state[0]`` (updated)."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@jit(cache=True, inline="always")
def next_below(state: Any, n: Any) -> Any:
    """A number ``0 … n-1`` (``n`` ≥ 1) from the generator ``state``."""
    return np.int64((next_u64(state) >> np.uint64(32)) % np.uint64(n))


@jit(cache=True, inline="always")
def next_unit(state: Any) -> Any:
    """A float in ``[0, 1)`` from the generator ``state``."""
    return np.float64(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@jit(cache=True, inline="always")
def select_bit(x: Any, k: Any) -> Any:
    """The index of the ``k``-th (from 0, lowest first) set bit of ``x``."""
    for _ in range(k):
        x &= x - np.uint64(1)
    return lowest_index(x)
