"""The build of tapete: its rules core compiled with mypyc when it can be.

A wheel (``pip install .``, ``pip wheel .``, ``python -m build``) compiles the hot rules
modules below with mypyc (pyproject's ``[build-system]`` brings mypy into the build
environment) when a C compiler is there: same typed source, same behaviour, several times
faster. Without a C compiler, or if compiling fails, it warns and installs pure Python.
An editable install (``pip install -e .``, what development uses) stays pure Python, and
so does any build with ``TAPETE_COMPILE=0``; ``TAPETE_COMPILE=1`` makes a failure to
compile an error instead of a warning. ``tapete.is_compiled()`` says which one is running.
With the mypyc modules it builds the hand-written C extension ``tapete.rl._cells`` (the
observation encoder's native part, :data:`NATIVE`; the encoder takes its pure path, with
the same tensors, when it is not there).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import sysconfig
import warnings
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The modules compiled by mypyc (each must stay valid for mypyc's native classes).
COMPILED = [
    "src/tapete/errors.py",
    # the Game/State contracts, module by module (api.py gives all their names)
    "src/tapete/engine/compiling.py",
    "src/tapete/engine/params.py",
    "src/tapete/engine/player_view.py",
    "src/tapete/engine/protocol.py",
    "src/tapete/engine/api.py",
    "src/tapete/engine/chance.py",  # sample_chance: every chance node of the environments
    "src/tapete/games/pocha/tables.py",
    "src/tapete/games/pocha/state.py",
    "src/tapete/games/pocha/game.py",
    "src/tapete/games/trynka/values.py",
    "src/tapete/games/trynka/rules.py",
    "src/tapete/games/trynka/state.py",
    "src/tapete/games/trynka/game.py",
    "src/tapete/games/ombre_family/tables.py",
    "src/tapete/games/ombre_family/deal.py",
    "src/tapete/games/ombre_family/game.py",
    "src/tapete/games/ombre/rules.py",
    "src/tapete/games/ombre/scoring.py",
    "src/tapete/games/ombre/state.py",
    "src/tapete/games/ombre/game.py",
    "src/tapete/games/tresillo/rules.py",
    "src/tapete/games/tresillo/scoring.py",
    "src/tapete/games/tresillo/state.py",
    "src/tapete/games/tresillo/game.py",
    "src/tapete/games/lhombre/rules.py",
    "src/tapete/games/lhombre/state.py",
    "src/tapete/games/lhombre/game.py",
    # the observation encoder, module by module (its __main__ is not compiled)
    "src/tapete/rl/encoding/__init__.py",
    "src/tapete/rl/encoding/survey.py",
    "src/tapete/rl/encoding/layout.py",
    "src/tapete/rl/encoding/stream.py",
    "src/tapete/rl/encoding/rawlog.py",
    "src/tapete/rl/encoding/encoder.py",
    # what the OpenSpiel adapter's states and observers answer at every action
    "src/tapete/rl/calls.py",
    "src/tapete/rl/aec.py",
]
#: The hand-written C extension modules (CPython's own headers only), built with the mypyc
#: ones: the observation encoder's native stream tensor (``tapete.rl._cells``; the encoder
#: uses memoryviews of numpy arrays when it is not there, with the same cells).
NATIVE = [Extension("tapete.rl._cells", ["src/tapete/rl/_cells.c"])]
#: mypy's options for the build: the observation encoder (``tapete[rl]``) imports numpy,
#: which the build environment need not have (it is then typed as ``Any``; same code).
MYPY_OPTIONS = ["--ignore-missing-imports"]

#: The commands that build the extension modules (metadata, sdist and editable builds don't).
BUILDING = {"bdist_wheel", "build", "build_ext", "install", "bdist"}

WANTED = os.environ.get("TAPETE_COMPILE", "auto").strip().lower() or "auto"
#: ``TAPETE_COMPILE=1``: compiling must succeed (dev.py's compiled environment, CI).
REQUIRED = WANTED in ("1", "true", "yes")


def _fall_back(reason: str) -> list[Any]:
    if REQUIRED:
        raise SystemExit(
            f"tapete: TAPETE_COMPILE=1 but the rules core cannot be compiled: {reason}"
        )
    warnings.warn(
        f"tapete: installing the pure-Python rules core ({reason}); it is several times "
        "slower than the mypyc-compiled one",
        stacklevel=2,
    )
    return []


def _has_c_compiler() -> bool:
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    return bool(command) and shutil.which(command[0]) is not None


def compiled_modules() -> list[Any]:
    """The mypyc extension modules to build, or ``[]`` (pure Python) with the reason."""
    if WANTED in ("0", "false", "no"):
        return []
    if not REQUIRED and ("editable_wheel" in sys.argv or not BUILDING.intersection(sys.argv[1:])):
        return []
    if not _has_c_compiler():
        return _fall_back("no C compiler found")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return [*NATIVE, *_fall_back("mypy (mypyc) is not installed in the build environment")]
    try:
        return [*NATIVE, *mypycify([*MYPY_OPTIONS, *COMPILED], opt_level="3")]
    except (Exception, SystemExit) as error:  # mypyc reports type errors by exiting
        return [*NATIVE, *_fall_back(f"mypyc failed: {error}")]


class BuildExtOrPure(build_ext):
    """``build_ext`` that falls back to the pure-Python modules when a C build fails."""

    def run(self) -> None:
        """Build the extensions; on failure remove what was built and warn (or raise with
        ``TAPETE_COMPILE=1``)."""
        try:
            super().run()
        except Exception as error:
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            self.distribution.ext_modules = []
            _fall_back(f"compiling the C code failed: {error}")


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": BuildExtOrPure})
