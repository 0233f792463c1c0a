"""What the modules of the compiled rules core share: :func:`mypyc_attr`, which mypyc reads
when it compiles them (setup.py, ``TAPETE_COMPILE=1``) and which does nothing at run time
(the rules core needs the standard library only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any


def _no_mypyc_attr(*args: Any, **kwargs: Any) -> Callable[[Any], Any]:
    """Run-time stand-in for ``mypy_extensions.mypyc_attr`` (stdlib only at run time)."""
    return lambda cls: cls


if TYPE_CHECKING:  # mypyc reads the real one when it compiles (setup.py, TAPETE_COMPILE=1)
    from mypy_extensions import mypyc_attr as mypyc_attr
globals().setdefault("mypyc_attr", _no_mypyc_attr)
