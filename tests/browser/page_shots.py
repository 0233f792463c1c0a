"""Screenshots of what table_shots.py does not take, for people to look at (not a test): the
lobby as it is seen after choosing each game (the window, with the sticky Create bar where it
is) and with its rules open and scrolled to their end; the lobby's *Your past games* with
entries; the replay of a short match of each game (its start, a trick half played, the jumps
by deal and trick, its end); a rules page opened at a word of its glossary. At desktop
(1366x768) and phone (390x844) sizes, in English, Spanish and Russian.

    .venv/bin/python tests/browser/page_shots.py [--out DIR] [--sizes desktop,phone]
        [--langs en,es,ru] [--moments choose,history,replay,glossary] [game ...]

Starts ``tapete serve`` on a free loopback port with a throw-away SQLite file. The past games
are two short La Pocha games played by the page at seat 0 (a long name) against rule bots; the
replays are of short matches (two deals or banks) played by rule bots alone. Writes
``DIR/{game}-{moment}-{size}-{lang}.png`` (the window) and ``...-full.png`` (the whole page)
where the page is taller than the window. DIR defaults to /tmp/shotsB (outside the
repository: PNGs are not committed).
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

BOT = {"kind": "bot", "player": "rule"}
#: one short game of each: (game's name, players, parameters)
GAMES = {
    "pocha": ("pocha-match", 3, {"n_players": 3, "hand_sequence": "2,1"}),
    "ombre": ("ombre-match", 3, {"num_deals": 2}),
    "tresillo": ("tresillo-match", 4, {"num_deals": 2}),
    "lhombre": ("lhombre-match", 3, {"num_deals": 2}),
    "trynka": ("trynka-match", 3, {"n_players": 3, "banks": 2}),
}
#: the first word of each game's glossary (its rules page's anchor term-{word})
GLOSSARY = {
    "pocha": "muestra",
    "ombre": "codille",
    "tresillo": "entrada",
    "lhombre": "kruk",
    "trynka": "svara",
}
SIZES: dict[str, Any] = {
    "desktop": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}
LANGS = ("en", "es", "ru")
MOMENTS = ("choose", "history", "replay", "glossary")
LONG_NAME = "Anastasia Wilhelmina Kowalczyk"

MY_TURN = """() => {
  if (document.querySelector('[data-testid=game-over]')) return 'over';
  if ((window.__tapete || {}).pending) return null;
  const mine = document.querySelector('#turn.mine');
  const acts = document.querySelectorAll('#hand button.card.legal,'
    + ' #actions button[data-action]:not([disabled]), #actions button[data-verb]');
  return mine && acts.length ? 'turn' : null;
}"""


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Shooter:
    """Saves a page's window (and its whole length when it is taller) under ``out``."""

    def __init__(self, out: Path, moments: set[str]) -> None:
        self.out = out
        self.moments = moments

    def __call__(self, page: Any, name: str, full: bool = True) -> None:
        page.screenshot(path=str(self.out / f"{name}.png"))
        tall = page.evaluate("() => document.documentElement.scrollHeight > window.innerHeight + 2")
        if full and tall:
            page.screenshot(path=str(self.out / f"{name}-full.png"), full_page=True)
        print(name, flush=True)


def _context(browser: Any, size: str, lang: str) -> Any:
    touch = size == "phone"
    locale = {"en": "en-US"}.get(lang, lang)
    return browser.new_context(
        viewport=SIZES[size], locale=locale, has_touch=touch, is_mobile=touch
    )


def _play_as(browser: Any, base: str, game: str, params: dict[str, Any], n: int) -> str:
    """A game played to its end by the page at seat 0 (LONG_NAME, its first choice at each
    turn) against rule bots; its table's id."""
    body = {"game": game, "params": params, "bot_delay": 0.05, "name": LONG_NAME, "seat": 0,
            "seats": [{"kind": "human"}] + [BOT] * (n - 1)}  # fmt: skip
    created = _call(base, "POST", "/api/tables", body)
    table_id = str(created["table"]["id"])
    ctx = browser.new_context(viewport=SIZES["desktop"])
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', {json.dumps(created['token'])});"
    )
    page = ctx.new_page()
    page.goto(f"{base}/t/{table_id}")
    for _ in range(200):
        got = page.wait_for_function(MY_TURN, timeout=120_000)
        if got.json_value() == "over":
            break
        before = int(page.evaluate("() => Number(document.body.dataset.state || -1)"))
        legal = page.locator("#hand button.card.legal")
        if legal.count():
            legal.first.click()
        else:
            buttons = "#actions button[data-action]:not([disabled]), #actions button[data-verb]"
            page.locator(buttons).first.click()
        page.wait_for_function(
            "b => Number(document.body.dataset.state || -1) > b", arg=before, timeout=60_000
        )
    ctx.close()
    return table_id


def _bots_game(base: str, game: str) -> str:
    """A game played by rule bots alone, waited for to its end; its table's id."""
    name, n, params = GAMES[game]
    body = {"game": name, "params": params, "bot_delay": 0.0, "seats": [BOT] * n}
    table_id = str(_call(base, "POST", "/api/tables", body)["table"]["id"])
    deadline = time.monotonic() + 600
    while _call(base, "GET", f"/api/tables/{table_id}").get("status") != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game}: the bots' game did not end")
        time.sleep(0.3)
    return table_id


def choose_shots(browser: Any, base: str, game: str, size: str, lang: str, shoot: Shooter) -> None:
    """The lobby's window after a click on the game's card, then with its rules open and
    scrolled to the end of the form."""
    ctx = _context(browser, size, lang)
    page = ctx.new_page()
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("#seat-kind-0")
    # the card's label, clicked where it is in sight (a person scrolls to it first)
    label = page.locator(f"#game-choice .game-opt:has(input[value='{game}']) label")
    label.scroll_into_view_if_needed()
    label.click(position={"x": 20, "y": 12})
    page.wait_for_function(
        f"() => document.querySelector('#game-choice input[value={game}]').checked"
    )
    shoot(page, f"{game}-choose-{size}-{lang}", full=False)
    page.locator("details.advanced > summary").click()
    page.locator("details.advanced .field").last.scroll_into_view_if_needed()
    shoot(page, f"{game}-rulesopen-{size}-{lang}", full=False)
    ctx.close()


def history_shots(browser: Any, base: str, size: str, lang: str, shoot: Shooter) -> None:
    """The lobby's *Your past games* for LONG_NAME, scrolled into sight."""
    ctx = _context(browser, size, lang)
    page = ctx.new_page()
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("#seat-kind-0")
    page.fill("#history-name", LONG_NAME)
    page.locator("#history-form button[type=submit]").click()
    page.wait_for_selector("#history [data-testid=past-line]")
    page.locator("#history-title").scroll_into_view_if_needed()
    shoot(page, f"lobby-history-{size}-{lang}")
    ctx.close()


def replay_shots(
    browser: Any, base: str, game: str, table_id: str, size: str, lang: str, shoot: Shooter
) -> None:
    """A finished match's replay: its start, a trick half played (moved to with the slider),
    the first trick of the second deal (reached with the jump buttons, as a person does), and
    its end (with the list of actions followed to its last line)."""
    ctx = _context(browser, size, lang)
    page = ctx.new_page()
    steps = _call(base, "GET", f"/api/tables/{table_id}/steps")
    page.goto(f"{base}/replay/{table_id}?lang={lang}")
    page.wait_for_function("() => Number(document.getElementById('slider').max) > 0")
    total = int(page.evaluate("() => Number(document.getElementById('slider').max)"))
    tricks = steps.get("tricks") or []
    # a trick half played: one card before the middle trick's last
    mid_trick = tricks[len(tricks) // 2] - 1 if tricks else total // 2
    for step, moment in ((0, "replay0"), (mid_trick, "replaytrick"), (total, "replayend")):
        page.evaluate(
            "n => { const s = document.getElementById('slider'); s.value = String(n);"
            " s.dispatchEvent(new Event('input', { bubbles: true })); }",
            step,
        )
        page.wait_for_function(
            "n => document.body.dataset.frame === String(n)", arg=step
        )  # the table drawn is this step's
        shoot(page, f"{game}-{moment}-{size}-{lang}")
        if moment == "replaytrick":
            # the jumps: to the next deal, then to the end of its first trick
            for button in ("#next-deal", "#next-trick"):
                if page.locator(f"{button}:not([hidden]):not([disabled])").count():
                    before = page.evaluate("() => document.body.dataset.frame")
                    page.locator(button).click()
                    page.wait_for_function("b => document.body.dataset.frame !== b", arg=before)
            shoot(page, f"{game}-replayjump-{size}-{lang}")
    ctx.close()


def glossary_shots(
    browser: Any, base: str, game: str, size: str, lang: str, shoot: Shooter
) -> None:
    """The game's rules page opened at the first word of its glossary (highlighted)."""
    ctx = _context(browser, size, lang)
    page = ctx.new_page()
    page.goto(f"{base}/rules/{game}?lang={lang}#term-{GLOSSARY[game]}")
    page.wait_for_function(f"() => document.body.dataset.rules === '{lang}:{game}'")
    shoot(page, f"{game}-glossary-{size}-{lang}", full=False)
    ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/shotsB")
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--moments", default=",".join(MOMENTS))
    ap.add_argument("games", nargs="*", default=list(GAMES))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    moments = set(args.moments.split(","))
    shoot = Shooter(out, moments)
    folder = Path(tempfile.mkdtemp())
    port = _port()
    log = (folder / "serve.log").open("wb")
    cmd = [sys.executable, "-c", "import sys; from tapete.cli.main import main; "
           "sys.exit(main(sys.argv[1:]))", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--db", f"sqlite:///{folder / 't.sqlite3'}"]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/healthz", timeout=2)
            break
        except OSError:
            time.sleep(0.2)
    chromium = shutil.which("chromium") or "chromium"
    sizes, langs = args.sizes.split(","), args.langs.split(",")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            if "history" in moments:
                _play_as(browser, base, "pocha", {"n_players": 3, "hand_size": 1}, 3)
                _play_as(browser, base, "pocha-match", {"hand_sequence": "1,1"}, 4)
                for size in sizes:
                    for lang in langs:
                        history_shots(browser, base, size, lang, shoot)
            replays = {g: _bots_game(base, g) for g in args.games} if "replay" in moments else {}
            for game in args.games:
                for size in sizes:
                    for lang in langs:
                        if "choose" in moments:
                            choose_shots(browser, base, game, size, lang, shoot)
                        if game in replays:
                            replay_shots(browser, base, game, replays[game], size, lang, shoot)
                        if "glossary" in moments:
                            glossary_shots(browser, base, game, size, lang, shoot)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


if __name__ == "__main__":
    main()
