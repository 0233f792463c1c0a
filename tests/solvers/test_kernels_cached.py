"""Every numba kernel of ``tapete.solvers`` is cached on disk: a process loads it in a few
seconds instead of compiling it (Ombre's solver was recursive, which numba does not cache,
and compiled anew in every process: about 27 CPU-seconds at each server's start)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

numba = pytest.importorskip("numba")

import tapete.solvers  # noqa: E402


def _kernels() -> list[tuple[str, object]]:
    from numba.core.registry import CPUDispatcher

    found = []
    for info in pkgutil.iter_modules(tapete.solvers.__path__):
        module = importlib.import_module(f"tapete.solvers.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.__module__ == module.__name__:
                found.append((f"{module.__name__}.{name}", value))
    return found


def test_every_kernel_is_cached_on_disk() -> None:
    kernels = _kernels()
    names = {name for name, _ in kernels}
    # the Ombre solver's entry points are among them
    assert {
        "tapete.solvers.ombre_kernel.solve",
        "tapete.solvers.ombre_kernel.card_values",
        "tapete.solvers.ombre_kernel.reaches",
    } <= names
    uncached = [name for name, k in kernels if type(k._cache).__name__ == "NullCache"]  # type: ignore[attr-defined]
    assert not uncached, uncached
