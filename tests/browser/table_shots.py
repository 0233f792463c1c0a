"""Screenshots of each game for people to look at (not a test): the lobby with the game
chosen, the table in the bidding (with a hint asked) and in trick play, the end of a deal, the
end of the match and the table after it, and the rules page; at desktop (1366x768) and phone
(390x844) sizes, in English, Spanish and Russian.

    .venv/bin/python tests/browser/table_shots.py [--out DIR] [--sizes desktop,phone]
        [--langs en,es,ru] [--moments lobby,bid,trick,dealend,end,table,rules] [game ...]

Starts ``tapete serve`` on a free loopback port with a throw-away SQLite file; at each table
the page holds seat 0 ("Ana") against rule bots and plays its first legal choice at each
turn. Writes ``DIR/{game}-{moment}-{size}-{lang}.png`` (what is in the window, so what lies
below the fold is not in it) and ``...-full.png`` (the whole page) where the page is taller
than the window. DIR defaults to /tmp/shots (outside the repository: PNGs are not committed).
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
GAMES = {
    "pocha": ("pocha-match", 4, {"hand_sequence": "3,2"}),
    "ombre": ("ombre-match", 3, {"num_deals": 2}),
    "tresillo": ("tresillo-match", 4, {"num_deals": 2}),
    "lhombre": ("lhombre-match", 3, {"num_deals": 2}),
    "trynka": ("trynka-match", 3, {"n_players": 3, "banks": 2}),
}
SIZES: dict[str, Any] = {
    "desktop": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}
LANGS = ("en", "es", "ru")
MOMENTS = ("lobby", "bid", "trick", "dealend", "end", "table", "rules")
LONG_NAME = "Anastasia Wilhelmina Kowalczyk"

TURN_OR_OVER = """(summaryDone) => {
  if (document.querySelector('[data-testid=game-over]')) return 'over';
  // a deal's end where this seat has no turn next (Tresillo's dealer sits out the next deal)
  if (!summaryDone && document.querySelector('#deal-summary:not([hidden])')) return 'summary';
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

    def __call__(self, page: Any, name: str, moment: str) -> None:
        if moment not in self.moments:
            return
        page.screenshot(path=str(self.out / f"{name}.png"))
        tall = page.evaluate("() => document.documentElement.scrollHeight > window.innerHeight + 2")
        if tall:
            page.screenshot(path=str(self.out / f"{name}-full.png"), full_page=True)
        print(name, flush=True)


def _ask_hint(page: Any) -> None:
    btn = page.locator("#actions .hint-btn")
    if not btn.count():
        return
    btn.click()
    page.wait_for_selector("[data-testid=hint], [data-testid=hint-failed]", timeout=120_000)


def _state(page: Any) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.state || -1)"))


def _play_one(page: Any) -> None:
    """This seat's move: in the Ombre family's auction a bid (a deal all pass has no play),
    at an exchange cards thrown away until the draw may be made, else the first choice."""
    before = _state(page)
    phase = page.evaluate("() => document.body.dataset.phase || ''")
    game = str(page.evaluate("() => document.body.dataset.game || ''")).split("-")[0]
    speak = page.locator("#actions button[data-action]:not([data-action=pass]):not([disabled])")
    legal = page.locator("#hand button.card.legal")
    if game in ("ombre", "tresillo", "lhombre") and phase == "auction" and speak.count():
        speak.first.click()
    elif phase == "exchange" and legal.count():
        draw = page.locator("#actions button[data-action=draw]")
        chosen = 0
        while not (chosen and draw.count()) and chosen < 12:
            page.locator("#hand button.card.legal:not(.selected)").first.click()
            chosen += 1
            page.wait_for_function(
                "n => document.querySelectorAll('#hand button.card.selected').length === n",
                arg=chosen,
            )
        draw.click()
        before += chosen
    elif legal.count():
        legal.first.click()
    else:
        buttons = "#actions button[data-action]:not([disabled]), #actions button[data-verb]"
        page.locator(buttons).first.click()
    page.wait_for_function(
        "b => Number(document.body.dataset.state || -1) > b"
        " || document.querySelector('#refusal span')",
        arg=before,
        timeout=60_000,
    )


def _context(browser: Any, size: str, lang: str) -> Any:
    """A browser context of that size and language; a phone's is a touch screen (no keyboard
    help is shown there)."""
    touch = size == "phone"
    locale = {"en": "en-US"}.get(lang, lang)
    return browser.new_context(
        viewport=SIZES[size], locale=locale, has_touch=touch, is_mobile=touch
    )


def table_shots(browser: Any, base: str, game: str, size: str, lang: str, shoot: Shooter) -> None:
    """Play one short match at seat 0 and take the table's moments."""
    name, n, params = GAMES[game]
    body = {"game": name, "params": params, "bot_delay": 0.2, "name": LONG_NAME, "seat": 0,
            "seats": [{"kind": "human"}] + [BOT] * (n - 1)}  # fmt: skip
    created = _call(base, "POST", "/api/tables", body)
    table_id = created["table"]["id"]
    ctx = _context(browser, size, lang)
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', {json.dumps(created['token'])});"
        f"localStorage.setItem('tapete.admin.{table_id}', {json.dumps(created['admin_token'])});"
    )
    page = ctx.new_page()
    page.goto(f"{base}/t/{table_id}?lang={lang}")
    stem = f"{game}-{{}}-{size}-{lang}"
    done: set[str] = set()
    for _ in range(400):
        got = page.wait_for_function(TURN_OR_OVER, arg="dealend" in done, timeout=300_000)
        if got.json_value() == "over":
            break
        if "dealend" not in done and page.locator("#deal-summary:not([hidden])").count():
            done.add("dealend")
            shoot(page, stem.format("dealend"), "dealend")
        if got.json_value() == "summary":
            continue
        phase = page.evaluate("() => document.body.dataset.phase || ''")
        if "bid" not in done and phase not in ("play", "exchange", "discard"):
            done.add("bid")
            _ask_hint(page)
            shoot(page, stem.format("bid"), "bid")
        elif "trick" not in done and phase == "play" and page.locator(".trick-card").count() >= 2:
            done.add("trick")
            _ask_hint(page)
            shoot(page, stem.format("trick"), "trick")
        _play_one(page)
    page.wait_for_selector("[data-testid=game-over]", timeout=300_000)
    shoot(page, stem.format("end"), "end")
    page.locator("[data-key=hide-result]").click()
    shoot(page, stem.format("table"), "table")
    ctx.close()


def page_shots(browser: Any, base: str, game: str, size: str, lang: str, shoot: Shooter) -> None:
    """The lobby with ``game`` chosen, and the game's rules page."""
    ctx = _context(browser, size, lang)
    page = ctx.new_page()
    if "lobby" in shoot.moments:
        page.goto(f"{base}/?lang={lang}")
        page.wait_for_selector("#seat-kind-0")
        # the radio itself is hidden under its label (a phone's layout): clicked by script
        page.locator(f"#game-choice input[value='{game}']").evaluate("i => i.click()")
        page.wait_for_selector("#seat-kind-0")
        shoot(page, f"{game}-lobby-{size}-{lang}", "lobby")
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
        page.screenshot(path=str(shoot.out / f"{game}-lobbyopts-{size}-{lang}.png"), full_page=True)
    if "rules" in shoot.moments:
        page.goto(f"{base}/rules/{game}?lang={lang}")
        page.wait_for_load_state("networkidle")
        shoot(page, f"{game}-rules-{size}-{lang}", "rules")
    ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--moments", default=",".join(MOMENTS))
    ap.add_argument("games", nargs="*", default=list(GAMES))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shoot = Shooter(out, set(args.moments.split(",")))
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
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for game in args.games:
                for size in args.sizes.split(","):
                    for lang in args.langs.split(","):
                        page_shots(browser, base, game, size, lang, shoot)
                        if shoot.moments & {"bid", "trick", "dealend", "end", "table"}:
                            table_shots(browser, base, game, size, lang, shoot)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


if __name__ == "__main__":
    main()
