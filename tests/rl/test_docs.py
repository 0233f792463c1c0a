"""Every Python block of docs/rl.md runs, in both installs (the page's examples stay true).

Each ```python block runs alone, in a fresh namespace (every block of the page imports what
it uses), compiled with the page's own line numbers: a failure's traceback points at
``docs/rl.md`` line by line, and each test's id is the block's first line (``line40``).

A block that needs a package that is not installed — the ``rl`` extra (open_spiel,
pettingzoo, gymnasium), which the compiled install (``python3 dev.py compiled-test``) has only
with ``TAPETE_COMPILED_EXTRAS`` — is *skipped*, and the reason names the package; a block that
needs tapete alone runs in both installs. Blocks are checked before they run (their imports,
and the modules of tapete they import, imported) and while they run (a module imported by
tapete on the way, e.g. a player module). A block whose first line is ``# slow`` runs only
under ``-m slow``.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import io
import re
from pathlib import Path
from typing import Any

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
TEXT = PAGE.read_text(encoding="utf-8")
#: (first line of the code, code) of every ```python block, in the page's order
BLOCKS = [
    (TEXT.count("\n", 0, m.start(1)) + 1, m.group(1))
    for m in re.finditer(r"^```python\n(.*?)^```", TEXT, re.S | re.M)
]
#: the pip requirement of a module that is not its own name
PIP_NAMES = {"pyspiel": "open_spiel"}


def _outside(error: ModuleNotFoundError) -> str:
    """The package ``error`` could not import when it is not installed at all (a module
    missing inside an installed package, or inside tapete, is the block's error: re-raised)."""
    top = (error.name or "").split(".")[0]
    if not top or top == "tapete":
        raise error
    try:
        installed = importlib.util.find_spec(top) is not None
    except ValueError:  # sys.modules[top] is None: its import is blocked
        installed = False
    if installed:
        raise error
    return top


def _not_installed(error: BaseException) -> str | None:
    """The package not installed that ``error`` (or an error it came from) could not import."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, ModuleNotFoundError):
            with contextlib.suppress(ModuleNotFoundError):
                return _outside(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def missing(source: str) -> str | None:
    """The first package a block imports (itself, or through the tapete modules it imports)
    that is not installed; ``None`` when all are. A missing tapete module is an error."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # `from tapete.rl import gymnasium` imports the module tapete.rl.gymnasium
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name == name and name != names[0]:
                    continue  # `from x import function`: a name, not a module
                return _outside(error)
    return None


def _reason(line: int, package: str) -> str:
    pip = PIP_NAMES.get(package, package)
    return f"docs/rl.md line {line} needs {package} (pip: {pip}; the 'rl' extra), not installed"


def _params() -> list[Any]:
    params: list[Any] = []
    for line, code in BLOCKS:
        slow = code.lstrip().startswith("# slow")
        marks = [pytest.mark.slow] if slow else []
        params.append(pytest.param(line, code, marks=marks, id=f"line{line}"))
    return params


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) >= 10
    assert all(code.strip() for _, code in BLOCKS)


def test_a_missing_package_is_named() -> None:
    assert missing("import no_such_package_of_the_docs_test.sub\n") == (
        "no_such_package_of_the_docs_test"
    )
    assert missing("from no_such_package_of_the_docs_test import x\n") == (
        "no_such_package_of_the_docs_test"
    )
    assert missing("import json\nfrom tapete.engine import Game\n") is None
    with pytest.raises(ModuleNotFoundError):  # tapete's own modules must be there
        missing("import tapete.no_such_module_of_the_docs_test\n")


@pytest.mark.parametrize(("line", "code"), _params())
def test_example_runs(line: int, code: str) -> None:
    package = missing(code)
    if package is not None:
        pytest.skip(_reason(line, package))
    # compiled as the page itself, so that a traceback names docs/rl.md and its line
    program = compile("\n" * (line - 1) + code, str(PAGE), "exec")
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(program, {"__name__": "docs_rl"})
    except Exception as error:  # a package imported on the way (a player module...)?
        package = _not_installed(error)
        if package is None:
            raise
        pytest.skip(_reason(line, package))
    if "print(" in code:
        assert out.getvalue().strip(), f"docs/rl.md line {line}: the block printed nothing"
