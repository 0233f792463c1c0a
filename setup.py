"""Optional compiled build of the rules core.

``pip install .`` installs pure Python (the reference, and what development uses). With
``TAPETE_COMPILE=1`` (and mypy installed, ``--no-build-isolation``), the hot modules below
are compiled with mypyc from the same typed source: same behaviour, several times faster.
``python3 dev.py compiled ...`` builds such an environment in ``.venv-compiled``.
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled by mypyc (each must stay valid for mypyc's native classes).
COMPILED = [
    "src/tapete/errors.py",
    "src/tapete/engine/api.py",
    "src/tapete/games/pocha/tables.py",
    "src/tapete/games/pocha/state.py",
    "src/tapete/games/pocha/game.py",
]

ext_modules = []
if os.environ.get("TAPETE_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
