"""numba's ``njit`` with a type that mypy understands (numba ships no type information).

>>> @jit(cache=False)
... def twice(x: int) -> int:
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def jit(**options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``, typed as keeping the decorated function's signature."""
    return cast(Callable[[F], F], numba.njit(**options))
