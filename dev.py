#!/usr/bin/env python3
"""Set up tapete's environment and run it: the commands of the README.

    python3 dev.py [serve] [options]         start the online tables server on the embedded
                                            SQLite database and print the address to open
    python3 dev.py play [GAME] [options]   start a game in the terminal (default: pocha)
    python3 dev.py test [pytest options]    lint, type-check and run the whole test suite
    python3 dev.py compiled [tapete args]   the same tapete, its rules core compiled with
                                            mypyc, in .venv-compiled (e.g. `compiled bench pocha`)
    python3 dev.py compiled-test            the rules tests against the compiled core
    python3 dev.py jscheck                  type-check (tsc --checkJs) and lint (ESLint) the
                                            browser pages' JavaScript; needs Node.js and npm

Each creates the virtual environment ``.venv`` (and reinstalls when ``pyproject.toml``
changes) with the standard library only, so a fresh machine needs nothing but Python 3.11+.
Running (``serve``, ``play`` and the other ``tapete`` sub-commands) installs tapete with
its base dependencies only; ``test`` adds the ``dev`` extra. Each keeps its own install
stamp, so the two do not reinstall each other. Any other first word runs the ``tapete``
command line: ``python3 dev.py bench pocha``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
EXTRAS = os.environ.get("TAPETE_EXTRAS", "dev")


def _stamp(extras: str) -> Path:
    return VENV / f".tapete-installed-{extras or 'base'}"


def _wanted_stamp(extras: str) -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {extras}"


def _installed(extras: str) -> bool:
    stamp = _stamp(extras)
    return stamp.exists() and stamp.read_text() == _wanted_stamp(extras)


def ensure_environment(extras: str = EXTRAS) -> None:
    """Create ``.venv`` and install tapete (with ``extras``, ``""`` for the base
    dependencies only) when missing or out of date. The ``dev`` install covers the base."""
    if not PYTHON.exists():
        print(f"creating the virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if _installed(extras) or (not extras and _installed(EXTRAS)):
        return
    target = f"{ROOT}[{extras}]" if extras else str(ROOT)
    print(f"installing tapete{f'[{extras}]' if extras else ''} into {VENV} ...", flush=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([PYTHON, "-m", "pip", "install", "-q", "-e", target], check=True, cwd=ROOT)
    _stamp(extras).write_text(_wanted_stamp(extras))


COMPILED_VENV = ROOT / ".venv-compiled"
COMPILED_BIN = COMPILED_VENV / ("Scripts" if os.name == "nt" else "bin")
#: what the compiled core's tests need beside tapete's own dependencies (not the whole dev
#: toolchain: the browser, server and research tests run once, in the pure environment)
COMPILED_EXTRAS = os.environ.get("TAPETE_COMPILED_EXTRAS", "test")


def ensure_compiled_environment() -> None:
    """``.venv-compiled``: tapete (non-editable) with the rules core compiled by mypyc, as
    ``pip install tapete`` gives it (here with ``TAPETE_COMPILE=1``: compiling must work)."""
    python = COMPILED_BIN / ("python.exe" if os.name == "nt" else "python")
    stamp = COMPILED_VENV / ".tapete-compiled"
    digest = hashlib.sha256()
    for path in [*sorted((ROOT / "src").rglob("*.py")), ROOT / "pyproject.toml", ROOT / "setup.py"]:
        digest.update(path.read_bytes())
    digest.update(COMPILED_EXTRAS.encode())
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(COMPILED_VENV)
    print(f"building the compiled tapete in {COMPILED_VENV} ...", flush=True)
    pip = [python, "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--upgrade", "pip", "setuptools>=77", "wheel", "mypy==2.4.1"], check=True)
    subprocess.run(  # the dependencies (tapete itself pure: it is replaced just below)
        [*pip, f"{ROOT}[{COMPILED_EXTRAS}]"], check=True, env={**os.environ, "TAPETE_COMPILE": "0"}
    )
    # setuptools' build folder keeps the extension modules of an earlier build: a module no
    # longer compiled (taken out of setup.py's COMPILED) would be packed into the wheel again
    for old in (ROOT / "build").glob("lib.*"):
        shutil.rmtree(old, ignore_errors=True)
    subprocess.run(  # then tapete itself, compiled
        [*pip, "--no-build-isolation", "--force-reinstall", "--no-deps", f"{ROOT}"],
        check=True,
        env={**os.environ, "TAPETE_COMPILE": "1"},
    )
    stamp.write_text(digest.hexdigest())


def run(*command: object) -> int:
    """Run a command from the environment's bin folder; returns its exit status."""
    print("$", " ".join(str(c) for c in command), flush=True)
    try:
        return subprocess.run([str(c) for c in command], cwd=ROOT).returncode
    except KeyboardInterrupt:  # Ctrl+C stops the command (it got the signal too): no traceback
        return 130


#: Compiles the search players' numba kernels into numba's disk cache (what a server's loader
#: does as it starts), so that the test processes load them instead of each compiling them.
WARM_KERNELS = (
    "from tapete.players.kernels import WARMED, load_one\nfor p, g in WARMED: load_one(p, g)"
)


JS_TOOLS = ROOT / "tools" / "js"
#: the pages' scripts, from the repository's root (what tools/js/eslint.config.js lints)
JS_SOURCES = "src/tapete/web/static/js"


def _js_stamp() -> Path:
    # inside node_modules: ``npm ci`` starts by removing that folder, stamp included
    return JS_TOOLS / "node_modules" / ".tapete-lock"


def ensure_js_tools(npm: str) -> None:
    """Install the JavaScript development tools (TypeScript, ESLint) into ``tools/js/node_modules``
    with ``npm ci`` (the exact versions of ``package-lock.json``) when missing or when the lock
    changed since."""
    wanted = hashlib.sha256((JS_TOOLS / "package-lock.json").read_bytes()).hexdigest()
    stamp = _js_stamp()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    print(f"installing the JavaScript checks' tools into {JS_TOOLS}/node_modules ...", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=JS_TOOLS, check=True)
    stamp.write_text(wanted)


def jscheck() -> int:
    """The browser pages' JavaScript: its JSDoc types checked by ``tsc --checkJs`` and ESLint's
    recommended rules (``tools/js``), both on ``src/tapete/web/static/js``. Non-zero when either
    finds something, or when npm (Node.js) is not installed."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        print(
            "dev.py jscheck: Node.js and npm are needed for the JavaScript checks (tsc, ESLint)"
            " and `npm` or `node` is not on PATH: install them (Debian: apt-get install nodejs"
            " npm)",
            file=sys.stderr,
            flush=True,
        )
        return 1
    try:
        ensure_js_tools(npm)
    except subprocess.CalledProcessError as error:
        print(f"dev.py jscheck: npm ci failed (status {error.returncode})", file=sys.stderr)
        return error.returncode or 1
    modules = JS_TOOLS / "node_modules"
    tsc = run(node, modules / "typescript" / "bin" / "tsc", "-p", JS_TOOLS / "tsconfig.json")
    eslint = run(
        node,
        modules / "eslint" / "bin" / "eslint.js",
        "--config",
        JS_TOOLS / "eslint.config.js",
        "--max-warnings",
        "0",
        JS_SOURCES,
    )
    return tsc or eslint


#: set to 1 (CI does) to make ``dev.py test`` fail when npm is missing, instead of skipping
#: the JavaScript checks with a note
REQUIRE_JS_CHECKS = "TAPETE_REQUIRE_JS_CHECKS"


def _jscheck_step() -> int:
    """``dev.py test``'s JavaScript step: ``jscheck``, or a plain note when npm is missing."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        if os.environ.get(REQUIRE_JS_CHECKS) == "1":
            return jscheck()  # says why, and fails
        print(
            "NOTE: the JavaScript checks (tsc --checkJs, ESLint; python3 dev.py jscheck) were"
            " NOT run: npm or node is not on PATH. Install Node.js and npm to run them"
            f" ({REQUIRE_JS_CHECKS}=1 makes this an error).",
            flush=True,
        )
        return 0
    return jscheck()


def test(extra: list[str]) -> int:
    """ruff (lint and format), mypy --strict, the import layers, the JavaScript checks
    (``jscheck``; skipped with a note when npm is missing), then pytest; meanwhile the
    search kernels are compiled once into numba's cache (a fresh clone has none: otherwise
    every test process and test server that needs them compiles them at the same time)."""
    steps = [
        [BIN / "ruff", "check", "."],
        [BIN / "ruff", "format", "--check", "."],
        [BIN / "mypy"],
        [BIN / "lint-imports"],
    ]
    warm = subprocess.Popen([BIN / "python", "-c", WARM_KERNELS], cwd=ROOT)
    try:
        for step in steps:
            status = run(*step)
            if status:
                return status
        status = _jscheck_step()
        if status:
            return status
        if warm.wait():
            print("(the search kernels did not compile ahead: the tests compile them)", flush=True)
    finally:
        if warm.poll() is None:
            warm.kill()
            warm.wait()
    workers = os.environ.get("TAPETE_TEST_WORKERS", "2")
    return run(BIN / "pytest", "-n", workers, *extra)


def compiled_test(extra: list[str]) -> int:
    """The rules tests, the conformance suite and the golden playthroughs (written by the
    pure-Python core) against the compiled core: both must behave identically."""
    ensure_compiled_environment()
    # The layers the compiled core changes: the rules, the bots and the terminal that drive
    # them (the server, browser, adapters and kernels run on the same engine API and are
    # tested once, in the pure run), and the encoder's native part against its pure one.
    tests = [
        "tests/cards",
        "tests/engine",
        "tests/pocha",
        # every game's rules are compiled: the scenarios and seams of the other four here, and
        # every action, legal list and view of their golden playthroughs below; their long
        # random conformance and property runs once, in the pure run
        *(
            str(path.relative_to(ROOT))
            for folder in ("tests/ombre", "tests/trynka", "tests/tresillo", "tests/lhombre")
            for path in sorted((ROOT / folder).glob("test_*.py"))
            if path.name
            not in (
                "test_conformance.py",
                "test_properties.py",
                "test_payment_properties.py",
                "test_pot_properties.py",
                "test_three_handed.py",  # conformance runs of Tresillo for three
                "test_games_page.py",  # the games page's texts
            )
        ),
        # the bots that play every game on it (the search bots' kernels are numba, the same in
        # both runs; La Pocha's search, on its compiled state, stays)
        "tests/players/test_availability.py",
        "tests/players/test_rule_base.py",
        "tests/players/test_rule_ombre.py",
        "tests/players/test_rule_pocha.py",
        "tests/players/test_rule_trynka.py",
        "tests/players/test_search_pocha.py",
        # the terminal that drives them (not its edge cases of pipes and full disks, which the
        # pure run covers: they test the output, not the rules)
        *(
            str(path.relative_to(ROOT))
            for path in sorted((ROOT / "tests/cli").glob("test_*.py"))
            if path.name != "test_cli_edges.py"
        ),
        "tests/test_golden.py",
        "tests/rl/test_native_cells.py",  # the encoder's C extension, built with the wheel
        "tests/rl/test_events_tensor.py",  # the raw-log writer, compiled, against the views
        "tests/rl/test_layouts_doc.py",  # python -m tapete.rl.encoding with it compiled
        # docs/rl.md's examples: those that need tapete alone run; those that need the 'rl'
        # extra (not installed by default, see COMPILED_EXTRAS) are skipped, the package named
        "tests/rl/test_docs.py",
    ]
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
    """Dispatch ``serve`` (the default), ``play``, ``test``, ``jscheck`` or any ``tapete``
    sub-command."""
    if argv and argv[0] == "test":
        ensure_environment(EXTRAS)
        return test(argv[1:])
    if argv and argv[0] == "compiled":
        ensure_compiled_environment()
        return run(COMPILED_BIN / "tapete", *argv[1:])
    if argv and argv[0] == "compiled-test":
        return compiled_test(argv[1:])
    if argv and argv[0] == "jscheck":
        return jscheck()
    ensure_environment("")
    if not argv or argv[0] == "serve" or argv[0].startswith("-"):
        rest = argv[1:] if argv and argv[0] == "serve" else argv
        return run(BIN / "tapete", "serve", *rest)
    if argv[0] == "play":
        rest = argv[1:]
        if not rest or (
            rest[0].startswith("-") and not any(a.split("=")[0] == "--resume" for a in rest)
        ):
            rest = ["pocha", *rest]  # a saved game's record names its own game
        return run(BIN / "tapete", "play", *rest)
    return run(BIN / "tapete", *argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
