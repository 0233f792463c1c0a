#!/usr/bin/env python3
"""Set up tapete's environment and run it: the two commands of the README.

    python3 dev.py play [GAME] [options]   start a game in the terminal (default: pocha)
    python3 dev.py test [pytest options]    lint, type-check and run the whole test suite
    python3 dev.py compiled [tapete args]   the same tapete, its rules core compiled with
                                            mypyc, in .venv-compiled (e.g. `compiled bench pocha`)
    python3 dev.py compiled-test            the rules tests against the compiled core

Both create the virtual environment ``.venv`` (and reinstall when ``pyproject.toml``
changes) with the standard library only, so a fresh machine needs nothing but Python 3.11+.
Any other first word runs the ``tapete`` command line: ``python3 dev.py bench pocha``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".tapete-installed"
EXTRAS = os.environ.get("TAPETE_EXTRAS", "dev")


def _wanted_stamp() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {EXTRAS}"


def ensure_environment() -> None:
    """Create ``.venv`` and install tapete with its extras when missing or out of date."""
    if not PYTHON.exists():
        print(f"creating the virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if STAMP.exists() and STAMP.read_text() == _wanted_stamp():
        return
    print(f"installing tapete[{EXTRAS}] into {VENV} ...", flush=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run(
        [PYTHON, "-m", "pip", "install", "-q", "-e", f"{ROOT}[{EXTRAS}]"], check=True, cwd=ROOT
    )
    STAMP.write_text(_wanted_stamp())


COMPILED_VENV = ROOT / ".venv-compiled"
COMPILED_BIN = COMPILED_VENV / ("Scripts" if os.name == "nt" else "bin")


def ensure_compiled_environment() -> None:
    """``.venv-compiled``: tapete (non-editable) with the rules core compiled by mypyc."""
    python = COMPILED_BIN / ("python.exe" if os.name == "nt" else "python")
    stamp = COMPILED_VENV / ".tapete-compiled"
    digest = hashlib.sha256()
    for path in [*sorted((ROOT / "src").rglob("*.py")), ROOT / "pyproject.toml", ROOT / "setup.py"]:
        digest.update(path.read_bytes())
    digest.update(EXTRAS.encode())
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(COMPILED_VENV)
    print(f"building the compiled tapete in {COMPILED_VENV} ...", flush=True)
    pip = [python, "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--upgrade", "pip", "setuptools>=77", "wheel", "mypy==2.4.1"], check=True)
    subprocess.run([*pip, f"{ROOT}[{EXTRAS}]"], check=True)  # the dependencies (pure tapete)
    subprocess.run(  # then tapete itself, compiled
        [*pip, "--no-build-isolation", "--force-reinstall", "--no-deps", f"{ROOT}"],
        check=True,
        env={**os.environ, "TAPETE_COMPILE": "1"},
    )
    stamp.write_text(digest.hexdigest())


def run(*command: object) -> int:
    """Run a command from the environment's bin folder; returns its exit status."""
    print("$", " ".join(str(c) for c in command), flush=True)
    return subprocess.run([str(c) for c in command], cwd=ROOT).returncode


def test(extra: list[str]) -> int:
    """ruff (lint and format), mypy --strict, the import layers, then pytest."""
    steps = [
        [BIN / "ruff", "check", "."],
        [BIN / "ruff", "format", "--check", "."],
        [BIN / "mypy"],
        [BIN / "lint-imports"],
    ]
    for step in steps:
        status = run(*step)
        if status:
            return status
    workers = os.environ.get("TAPETE_TEST_WORKERS", "2")
    return run(BIN / "pytest", "-n", workers, *extra)


def compiled_test(extra: list[str]) -> int:
    """The rules tests, the conformance suite and the golden playthroughs (written by the
    pure-Python core) against the compiled core: both must behave identically."""
    ensure_compiled_environment()
    tests = ["tests"]
    return subprocess.run(
        [
            COMPILED_BIN / "pytest",
            "-o",
            "addopts=",
            "-q",
            "-n",
            "2",
            "-p",
            "no:cacheprovider",
            *tests,
            *extra,
        ],
        cwd=ROOT,
        env={**os.environ, "TAPETE_EXPECT_COMPILED": "1"},
    ).returncode


def main(argv: list[str]) -> int:
    """Dispatch ``play``, ``test`` or any ``tapete`` sub-command."""
    ensure_environment()
    if not argv or argv[0] == "play":
        rest = argv[1:]
        if not rest or rest[0].startswith("-"):
            rest = ["pocha", *rest]
        return run(BIN / "tapete", "play", *rest)
    if argv[0] == "test":
        return test(argv[1:])
    if argv[0] == "compiled":
        ensure_compiled_environment()
        return run(COMPILED_BIN / "tapete", *argv[1:])
    if argv[0] == "compiled-test":
        return compiled_test(argv[1:])
    return run(BIN / "tapete", *argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
