import pytest

pytest.importorskip("numba", reason="the solvers need numba (pip install -e '.[solvers]')")
