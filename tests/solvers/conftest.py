import pytest

pytest.importorskip("numba", reason="the solvers need numba (a base dependency: pip install -e .)")
