"""The browser pages' JavaScript checks (``python3 dev.py jscheck``: ``tsc --checkJs`` and ESLint,
from ``tools/js``): the set-up is coherent (read without npm), and where npm is installed the
checks pass."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_dev import _dev

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools" / "js"
STATIC = ROOT / "src" / "tapete" / "web" / "static"
PAGES_JS = STATIC / "js"
TOOL_NAMES = {"typescript", "eslint", "@eslint/js", "globals"}


def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A tsconfig/ESLint glob (``**``, ``*``) over absolute posix paths."""
    out = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
        elif pattern.startswith("**", i):
            out += ".*"
            i += 2
        elif pattern[i] == "*":
            out += "[^/]*"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(out + r"\Z")


def _matches(patterns: list[str], base: Path, path: Path) -> bool:
    """Whether ``path`` is matched by one of the globs (relative to ``base``); a pattern without
    ``*`` names a file or a folder (and all under it)."""
    target = path.resolve().as_posix()
    for pattern in patterns:
        head, star, tail = pattern.partition("*")
        if not star:
            named = (base / pattern).resolve().as_posix()
            if target == named or target.startswith(named + "/"):
                return True
            continue
        prefix = (base / head).resolve().as_posix() + ("/" if head.endswith("/") else "")
        if _glob_regex(prefix + star + tail).match(target):
            return True
    return False


def _page_scripts() -> list[Path]:
    scripts = sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.parts)
    assert len(scripts) >= 10, scripts  # the pages' modules: lobby, table, replay, games...
    return scripts


def _package() -> dict[str, Any]:
    result: dict[str, Any] = json.loads((TOOLS / "package.json").read_text())
    return result


def test_tsconfig_checks_every_page_script_and_no_vendored_code() -> None:
    config = json.loads((TOOLS / "tsconfig.json").read_text())
    options = config["compilerOptions"]
    assert options["allowJs"] is True and options["checkJs"] is True and options["noEmit"] is True
    include, exclude = config["include"], config.get("exclude", [])
    for script in _page_scripts():
        assert _matches(include, TOOLS, script), f"{script} is not type-checked"
        assert not _matches(exclude, TOOLS, script), f"{script} is excluded"
    # a library vendored beside the pages (none today) would be left to its authors
    for vendored in (STATIC / "vendor" / "lib.js", STATIC / "js" / "vendor" / "lib.js"):
        assert _matches(exclude, TOOLS, vendored), f"{vendored} would be type-checked"
    # the declarations of the globals the pages add (window.__tapete...) are part of the check
    assert "globals.d.ts" in include and "__tapete" in (TOOLS / "globals.d.ts").read_text()


def test_eslint_lints_the_page_scripts_with_the_recommended_rules() -> None:
    text = (TOOLS / "eslint.config.js").read_text()
    assert "js.configs.recommended" in text and "globals.browser" in text
    assert 'sourceType: "module"' in text
    files = re.findall(r"files:\s*\[([^\]]*)\]", text)
    patterns = [p for group in files for p in re.findall(r'"([^"]+)"', group)]
    ignores = [
        p for g in re.findall(r"ignores:\s*\[([^\]]*)\]", text) for p in re.findall(r'"([^"]+)"', g)
    ]
    for script in _page_scripts():  # ESLint's paths are from the repository's root (dev.py)
        assert _matches(patterns, ROOT, script), f"{script} is not linted"
        assert not _matches(ignores, ROOT, script), f"{script} is ignored"
    assert _matches(ignores, ROOT, STATIC / "vendor" / "lib.js")
    # no rule of the recommended set is switched off
    assert not re.search(r'"off"|:\s*0\b', text), "a rule is switched off in eslint.config.js"


def test_no_check_is_silenced_in_the_page_scripts() -> None:
    silencers = re.compile(r"@ts-ignore|@ts-nocheck|@ts-expect-error|eslint-disable")
    found = [
        f"{script.relative_to(ROOT)}:{n}"
        for script in _page_scripts()
        for n, line in enumerate(script.read_text().splitlines(), 1)
        if silencers.search(line)
    ]
    assert found == []


def test_the_lock_pins_the_tools_of_package_json() -> None:
    package = _package()
    assert "dependencies" not in package, "development tools only: devDependencies"
    wanted = package["devDependencies"]
    assert set(wanted) == TOOL_NAMES
    for name, version in wanted.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} {version} is not an exact version"
    lock = json.loads((TOOLS / "package-lock.json").read_text())
    assert lock["lockfileVersion"] >= 2
    assert lock["packages"][""]["devDependencies"] == wanted
    for name, version in wanted.items():
        entry = lock["packages"][f"node_modules/{name}"]
        assert entry["version"] == version and entry.get("dev") is True and entry["integrity"]
    assert wanted["typescript"].startswith("5.") and wanted["eslint"].startswith("9.")


def test_node_modules_is_not_committed() -> None:
    lines = {line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()}
    assert lines & {"node_modules/", "node_modules", "/tools/js/node_modules/"}
    if shutil.which("git") and (ROOT / ".git").exists():
        tracked = subprocess.run(
            ["git", "ls-files", "tools/js"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        assert tracked and not [p for p in tracked if "node_modules" in p]


def test_the_jscheck_word_runs_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    dev = _dev()
    ran: list[str] = []

    def jscheck() -> int:
        ran.append("jscheck")
        return 3

    monkeypatch.setattr(dev, "jscheck", jscheck)
    monkeypatch.setattr(dev, "ensure_environment", lambda *extras: pytest.fail("no venv needed"))
    assert dev.main(["jscheck"]) == 3
    assert ran == ["jscheck"]


def test_without_npm_the_test_command_says_the_checks_were_not_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = _dev()
    monkeypatch.setattr(dev.shutil, "which", lambda name: None)
    monkeypatch.delenv("TAPETE_REQUIRE_JS_CHECKS", raising=False)
    assert dev._jscheck_step() == 0
    out = capsys.readouterr().out
    assert "JavaScript checks" in out and "NOT run" in out and "npm" in out
    # where they are required (CI), a missing npm is an error that says why
    monkeypatch.setenv("TAPETE_REQUIRE_JS_CHECKS", "1")
    assert dev._jscheck_step() != 0
    assert "npm" in capsys.readouterr().err
    assert dev.jscheck() != 0


def test_the_javascript_checks_pass() -> None:
    if shutil.which("npm") is None or shutil.which("node") is None:
        if os.environ.get("TAPETE_REQUIRE_JS_CHECKS") == "1":
            pytest.fail("TAPETE_REQUIRE_JS_CHECKS=1 but npm or node is not on PATH")
        pytest.skip("npm or node is not on PATH: the JavaScript checks cannot run here")
    result = subprocess.run(
        [sys.executable, str(ROOT / "dev.py"), "jscheck"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
