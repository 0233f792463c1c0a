"""A newcomer's first evening, on exactly the install the README's start command makes.

The working tree is copied to a temporary folder (as a fresh clone would be), and
``python3 dev.py --port P`` there creates its own ``.venv`` with what running needs (no dev
extra) and starts the server, as the README says. Then Debian's chromium, driven by
Playwright, goes through the lobby: for every game it offers and every bot level it offers
for that game, it creates a table with bots of that level, asks a hint at the first decision
(an answer must come, with a reason), and plays the first trick (Trynka: the first round of
bets). It fails if a level offered cannot be seated, a hint never answers or says nothing,
or a page shows an error.

Two tests on one install and server: the bounded one runs in CI's default run; the sweep of
every level is marked slow (``python3 dev.py test -m slow``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
if CHROMIUM is None:
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

#: Seconds the start command may take to create its environment and start (pip from the
#: package index, the first time).
START_LIMIT = 900


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _copy_tree(target: Path) -> None:
    """The project's files as a clone has them (tracked and new, not ignored ones); outside
    a git checkout (an exported tree), every file but environments, caches and databases."""
    found = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=False,
        capture_output=True,
    )
    if found.returncode != 0:
        shutil.copytree(
            ROOT,
            target,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(
                ".venv*", ".git", "__pycache__", "*.sqlite3*", "artifacts", ".*_cache", "*.so"
            ),
        )
        return
    listed = found.stdout.split(b"\0")
    for raw in listed:
        if not raw:
            continue
        source = ROOT / raw.decode()
        if not source.is_file():
            continue  # deleted in the working tree
        dest = target / raw.decode()
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, dest)


class Started:
    """The server started by the start command: its address and its output so far."""

    def __init__(self, base: str, log: Path, folder: Path) -> None:
        self.base = base
        self.log = log
        self.folder = folder

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    folder = tmp_path_factory.mktemp("clone")
    _copy_tree(folder)
    port = _free_port()
    log = folder / "start.log"
    python = getattr(sys, "_base_executable", None) or shutil.which("python3") or "python3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHONPATH"))}
    env.pop("TAPETE_EXTRAS", None)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [python, "dev.py", "--port", str(port)],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    server = Started(base, log, folder)
    try:
        deadline = time.monotonic() + START_LIMIT
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the start command did not start:\n" + server.output())
            time.sleep(0.5)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def _installed(folder: Path) -> set[str]:
    """The distributions in the start command's environment."""
    pip = subprocess.run(
        [str(folder / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line.split("==")[0].lower() for line in pip.splitlines() if "==" in line}


#: Milliseconds a decision may take to come: on a fresh install the server compiles the
#: search kernels (about a minute on two cores) before the search bots' first moves.
FIRST_MOVES_MS = 600_000

#: Milliseconds the hint button may take to show: the page asks the server whether it gives
#: hints when the table opens (a probe), and a loaded machine answers a moment later.
HINT_BUTTON_MS = 60_000


def _turn_or_end(page: Any, timeout_ms: int = FIRST_MOVES_MS) -> str:
    page.wait_for_function(
        """() => document.querySelector('[data-testid=game-over]')
              || (document.querySelector('#turn.mine') && document.querySelector(
                   '#hand button.card.legal, #actions button[data-action]:not([disabled]),'
                   + ' #actions button[data-verb]'))""",
        timeout=timeout_ms,
    )
    over = page.locator("[data-testid=game-over]").count() > 0
    return "over" if over else "turn"


def _act(page: Any) -> None:
    """Play a legal card, else press the first action (an exchange discards nothing)."""
    before = int(page.evaluate("() => Number(document.body.dataset.state || -1)"))
    legal = page.locator("#hand button.card.legal")
    draw = page.locator("#actions button[data-action=draw]")
    if draw.count():  # the exchange: cards are chosen, then one button draws
        draw.first.click()
    elif legal.count():
        legal.first.click()
    else:
        page.locator(
            "#actions button[data-action]:not([disabled]), #actions button[data-verb]"
        ).first.click()
    page.wait_for_function(
        "b => Number(document.body.dataset.state || -1) > b"
        " || document.querySelector('#refusal span')",
        arg=before,
        timeout=60_000,
    )


def _first_round_over(page: Any, game: str, acted: int) -> bool:
    if game == "trynka":  # the first round of bets: every seat spoke once after me
        return acted >= 1 and _turn_or_end(page) in ("turn", "over")
    return "takes the trick" in page.locator("#log").inner_text()


@contextlib.contextmanager
def _lobby_levels(started: Started) -> Iterator[tuple[Any, list[list[str]]]]:
    """A chromium page on the lobby and the levels it offers for each game (five games, each
    with `rule` and `random`); the page may show no JavaScript error until the end."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="en-US")
            errors: list[str] = []
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            levels_by_game = _levels_offered(started, page)
            assert len(levels_by_game) == 5, levels_by_game
            for levels in levels_by_game:
                assert "rule" in levels and "random" in levels, levels
            yield page, levels_by_game
            assert not errors, errors
        finally:
            browser.close()


def test_the_start_command_installs_what_running_needs_and_a_table_plays(
    started: Started,
) -> None:
    """The bounded part (in CI's default run): the install and banner, the five games and
    their levels in the lobby, and one table of `rule` bots with a hint and its first trick
    (while the fresh install compiles the kernels, the hint comes from the rule fallback)."""
    _check_install(started)
    with _lobby_levels(started) as (page, levels_by_game):
        assert any("search-strong" in levels for levels in levels_by_game), levels_by_game
        seen = _one_table(started, page, 0, "rule")
        assert seen.startswith("pocha/rule: "), seen


def _check_install(started: Started) -> None:
    installed = _installed(started.folder)
    assert "pytest" not in installed and "mypy" not in installed  # no development toolchain
    assert {"numba", "numpy"} <= installed  # the search bots and hints are the main job
    banner = started.output()
    assert started.base.replace("127.0.0.1", "") in banner or started.base in banner, banner
    assert "Running upgrade" not in banner and "INFO" not in banner  # a quiet start


def _levels_offered(started: Started, page: Any) -> list[list[str]]:
    """The bot levels the lobby offers for each game, in the lobby's order of games."""
    page.goto(started.base + "/")
    page.wait_for_selector("#seat-kind-0")
    count = page.locator("#game-choice label").count()
    offered = []
    for index in range(count):
        page.goto(started.base + "/")
        page.wait_for_selector("#seat-kind-0")
        page.locator("#game-choice label").nth(index).click()
        page.locator("#kind-deal").check()
        offered.append(
            page.locator("#seat-bot-1 option").evaluate_all("els => els.map(e => e.value)")
        )
    return offered


@pytest.mark.slow
def test_every_game_and_bot_level_offered_works_on_the_start_commands_install(
    started: Started,
) -> None:
    """Every game and every level the lobby offers: a table, a hint with a reason, the first
    trick (about 10 minutes on two cores: the kernels' first compile, then 30-odd tables)."""
    _check_install(started)
    seen: list[str] = []
    with _lobby_levels(started) as (page, levels_by_game):
        for index, levels in enumerate(levels_by_game):
            for level in levels:
                seen.append(_one_table(started, page, index, level))
    assert any(s.startswith("pocha/search-strong") for s in seen), seen
    assert any(s.startswith("trynka/trynka-cfr") for s in seen), seen


def _one_table(started: Started, page: Any, game_index: int, level: str) -> str:
    """Create a table of the chosen game with ``level`` bots from the lobby, ask a hint at the
    first decision, play the first trick; returns ``game/level: hint``."""
    page.goto(started.base + "/")
    page.wait_for_selector("#seat-kind-0")
    page.locator("#game-choice label").nth(game_index).click()
    page.locator("#kind-deal").check()
    page.fill("#my-name", "Ana")
    seats = page.locator("select[id^=seat-kind-]").count()
    for s in range(1, seats):
        page.select_option(f"#seat-kind-{s}", "bot")
        page.select_option(f"#seat-bot-{s}", level)
    page.locator("#create-button").click()
    try:
        page.wait_for_url(re.compile(r".*/t/.+"), timeout=120_000)
    except Exception as e:
        shown = page.locator("#create-error").inner_text()
        raise AssertionError(f"{level}: the table was not created: {shown}") from e
    page.wait_for_function("() => document.body.dataset.game")
    game = str(page.evaluate("() => document.body.dataset.game"))
    assert _turn_or_end(page) == "turn", f"{game}/{level}: no first decision"
    hint = page.locator(".hint-btn")
    try:  # the button shows once the server has answered the page's hint probe
        hint.wait_for(timeout=HINT_BUTTON_MS)
    except Exception as e:
        raise AssertionError(f"{game}/{level}: no hint button") from e
    assert hint.count() == 1, f"{game}/{level}: {hint.count()} hint buttons"
    hint.click()
    page.wait_for_selector("[data-testid=hint], [data-testid=hint-failed]", timeout=FIRST_MOVES_MS)
    answer = page.locator("[data-testid=hint], [data-testid=hint-failed]").inner_text()
    assert page.locator("[data-testid=hint]").count() == 1, f"{game}/{level}: {answer}"
    reasons = page.locator("[data-testid=hint] li").count()
    assert reasons >= 1, f"{game}/{level}: a hint without a reason: {answer!r}"
    acted = 0
    for _ in range(40):
        if _first_round_over(page, game, acted):
            break
        if _turn_or_end(page) == "over":
            break
        _act(page)
        acted += 1
    else:
        raise AssertionError(f"{game}/{level}: the first trick did not end")
    assert page.locator("#refusal span").count() == 0 or acted > 0
    return f"{game}/{level}: {answer.splitlines()[0]}"
