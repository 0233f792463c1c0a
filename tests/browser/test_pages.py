"""The lobby, the languages, the replay viewer, the spectator page, axe-core and the
screenshots of every page at desktop and phone widths."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    DESKTOP,
    PHONE,
    Server,
    axe_serious,
    no_js_errors,
    seat_page,
    shot,
    wait_turn_or_end,
    watch_errors,
)

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}


def _finished_table(server: Server, game: str, n: int, **params: Any) -> str:
    """A table of bots only, played to the end (the server plays it at bot speed)."""
    created = server.create(game, [BOT] * n, params=params, bot_delay=0)
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 60
    while server.call("GET", f"/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(table_id)


def test_pages_are_served(server: Server) -> None:
    table_id = server.create("pocha", [ME, BOT, BOT, BOT])["table"]["id"]
    for path in ("/", f"/t/{table_id}", f"/replay/{table_id}"):
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            assert r.status == 200
            assert b"<!doctype html>" in r.read()[:200].lower()
    for lang in ("en", "es", "ru"):
        with urllib.request.urlopen(f"{server.base}/static/i18n/{lang}.json", timeout=10) as r:
            data = json.loads(r.read())
        assert data["lang"] == lang and "must_follow" in data["reasons"]


def test_lobby_creates_a_table_and_lists_it(server: Server, context_factory: Any) -> None:
    ctx = context_factory()
    page = ctx.new_page()
    watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#params .field", state="attached")
    # the five games, a preset, every parameter of the chosen game
    games = page.locator("#game-choice label strong").all_inner_texts()
    assert games == ["La Pocha", "Ombre", "Trynka", "Tresillo", "Danish l'hombre"]
    # (case-sensitive: not "Danish l'hombre")
    page.locator("#game-choice label", has_text=re.compile("Ombre")).click()
    assert page.locator("#seats .seat-row").count() == 3
    page.locator("#kind-deal").check(force=True)
    names = page.locator("#params [data-param]").evaluate_all(
        "els => els.map(e => e.dataset.param)"
    )
    assert "auction" in names and "num_deals" not in names
    page.locator("#preset").select_option(label="Sans prendre allowed")
    assert page.locator("[data-param=auction]").input_value() == "sans_prendre"
    page.locator("#my-name").fill("Carmen")
    page.locator("#seat-kind-1").select_option("human")  # a free seat for a friend
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector(".banner input")
    link = page.locator(".banner input").input_value()
    assert "/t/" in link
    shot(page, "table-waiting-desktop")
    # the table is open in the lobby's list, with a Join button
    other = context_factory().new_page()
    other.goto(server.base + "/")
    other.wait_for_selector("#open-tables .table-item")
    item = other.locator("#open-tables .table-item", has_text=re.compile("Ombre")).first
    assert item.locator("a", has_text="Join").count() == 1
    # the creator starts it: the free seat is given to a bot
    page.locator("#start").click()
    page.wait_for_function("() => !document.querySelector('.banner')", timeout=15000)
    no_js_errors(page)


@pytest.mark.parametrize(
    ("lang", "heading", "seat_word"),
    [("es", "Lo que ha pasado", "Reparte"), ("ru", "Ход игры", "Сдаёт")],
)
def test_switching_language_changes_the_table(
    server: Server, context_factory: Any, lang: str, heading: str, seat_word: str
) -> None:
    created = server.create(
        "pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    assert page.locator("#log-title").inner_text() == "What happened"
    english_label = page.locator("#hand button.card").first.get_attribute("aria-label")
    page.locator("#lang").select_option(lang)
    page.wait_for_function("h => document.querySelector('#log-title').innerText === h", arg=heading)
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert seat_word in page.locator("#felt").inner_text()
    label = page.locator("#hand button.card").first.get_attribute("aria-label")
    assert label != english_label
    if lang == "es":
        assert " de " in label
    # the choice is kept: a reload comes back in the same language
    page.reload()
    page.wait_for_function("h => document.querySelector('#log-title').innerText === h", arg=heading)
    shot(page, f"pocha-table-{lang}-desktop")
    no_js_errors(page)


def test_lobby_follows_the_browser_language(server: Server, context_factory: Any) -> None:
    page = context_factory(locale="ru-RU").new_page()
    page.goto(server.base + "/")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    assert page.locator("#create-title").inner_text() == "Новый стол"
    page2 = context_factory(locale="es-ES").new_page()
    page2.goto(server.base + "/")
    page2.wait_for_function("() => document.documentElement.lang === 'es'")
    assert page2.locator("#create-title").inner_text() == "Nueva mesa"


def test_replay_steps_both_ways_and_downloads(
    server: Server, context_factory: Any, tmp_path: Path
) -> None:
    table_id = _finished_table(server, "pocha", 4, hand_size=3)
    record = server.call("GET", f"/api/tables/{table_id}/record")
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    total = len(record["actions"])
    assert page.locator("#transcript li").count() == total + 1
    assert page.locator("#pos").inner_text() == f"0 / {total}"
    for _ in range(14):
        page.locator("#next").click()
    assert page.locator("#pos").inner_text() == f"14 / {total}"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#pos").inner_text() == f"13 / {total}"
    assert page.locator("#transcript li.now").get_attribute("data-move") == "13"
    page.keyboard.press("End")
    assert page.locator("#pos").inner_text() == f"{total} / {total}"
    with page.expect_download() as info:
        page.locator("#download").click()
    path = tmp_path / "record.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["actions"] == record["actions"]
    # with the server's frames every hand is face up; without them the actions are listed
    try:
        server.call("GET", f"/api/tables/{table_id}/frames/0")
        frames = True
    except urllib.error.HTTPError:
        frames = False
    page.keyboard.press("Home")
    for _ in range(13):
        page.locator("#next").click()
    if frames:
        page.wait_for_selector("body[data-frame='13']", state="attached")
        assert page.locator(".seat .open-hand .card").count() == 4 * 3  # 4 hands of 3, dealt
        assert page.locator("#panels").inner_text().count("Bid") >= 1
    else:
        assert "does not draw the table" in page.locator("#felt").inner_text()
    shot(page, "replay-desktop")
    no_js_errors(page)


def test_spectator_sees_no_hand(server: Server, context_factory: Any) -> None:
    created = server.create("pocha", [BOT, BOT, BOT, BOT], params={"hand_size": 5}, bot_delay=0.3)
    table_id = created["table"]["id"]
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id) + "?watch=1")
    page.wait_for_selector(".seat")
    assert page.locator("#hand button.card").count() == 0
    assert page.locator("#seat-note").inner_text() == "Watching"
    page.wait_for_selector(".trick-card .card", timeout=20000)
    shot(page, "spectator-desktop")
    no_js_errors(page)


def test_axe_finds_no_serious_violation(server: Server, context_factory: Any) -> None:
    finished = _finished_table(server, "ombre", 3)
    created = server.create("ombre", [ME, BOT, BOT], name="Ana", seat=0)
    problems: dict[str, Any] = {}
    for viewport, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        lobby = context_factory(viewport=viewport).new_page()
        lobby.goto(server.base + "/")
        lobby.wait_for_selector("#params .field", state="attached")
        lobby.locator("details.advanced summary").click()  # every parameter's field and help
        problems[f"lobby-{suffix}"] = axe_serious(lobby)
        table = seat_page(context_factory, server, created, viewport=viewport)
        table.wait_for_selector("#hand button.card")
        wait_turn_or_end(table)
        problems[f"table-{suffix}"] = axe_serious(table)
        table.locator("#actions button[data-key=hint]").click()
        table.wait_for_selector("[data-testid=hint] li", timeout=120_000)
        problems[f"table-hint-{suffix}"] = axe_serious(table)
        spectator = context_factory(viewport=viewport).new_page()
        spectator.goto(server.table_url(created["table"]["id"]) + "?watch=1")
        spectator.wait_for_selector(".seat")
        problems[f"spectator-{suffix}"] = axe_serious(spectator)
        replay = context_factory(viewport=viewport).new_page()
        replay.goto(server.replay_url(finished))
        replay.wait_for_selector("#transcript li")
        replay.locator("#last").click()
        total = replay.locator("#transcript li").count() - 1
        replay.wait_for_selector(f"body[data-frame='{total}']", state="attached")
        problems[f"replay-{suffix}"] = axe_serious(replay)
    summary = {
        page: [(v["id"], v["impact"], len(v["nodes"])) for v in found]
        for page, found in problems.items()
        if found
    }
    assert not summary, json.dumps(summary, indent=1)


#: The screenshots this test saves, by page, game and width (docs/web.md lists them).
SCREENSHOTS = [
    f"{page}-{width}"
    for width in ("desktop", "phone")
    for page in (
        "lobby",
        "lobby-rules-es",
        "table-pocha",
        "table-ombre",
        "table-trynka",
        "spectator-pocha",
        "replay-pocha",
        "replay-ombre",
        "replay-trynka",
    )
]


@pytest.mark.slow  # pictures for people; every page's errors and layout are tested elsewhere
def test_screenshots_of_every_page(server: Server, context_factory: Any) -> None:
    finished = {
        "pocha": _finished_table(server, "pocha", 4, hand_size=5),
        "ombre": _finished_table(server, "ombre", 3),
        "trynka": _finished_table(server, "trynka", 4),
    }
    games = {
        "pocha": ("pocha-match", [ME, BOT, BOT, BOT], {}),
        "ombre": ("ombre-match", [ME, BOT, BOT], {"num_deals": 2}),
        "trynka": ("trynka-match", [ME, BOT, BOT, BOT], {"banks": 2}),
    }
    saved = []
    for viewport, width in ((DESKTOP, "desktop"), (PHONE, "phone")):
        lobby = context_factory(viewport=viewport).new_page()
        watch_errors(lobby)
        lobby.goto(server.base + "/")
        lobby.wait_for_selector("#params .field", state="attached")
        saved.append(shot(lobby, f"lobby-{width}"))
        rules = context_factory(viewport=viewport, locale="es-ES").new_page()
        rules.goto(server.base + "/")
        rules.wait_for_selector("#params .field", state="attached")
        rules.locator("details.advanced summary").click()
        saved.append(shot(rules, f"lobby-rules-es-{width}"))
        no_js_errors(lobby)
        for name, (game, seats, params) in games.items():
            created = server.create(game, seats, params=params, name="Ana", seat=0, bot_delay=0.2)
            page = seat_page(context_factory, server, created, viewport=viewport)
            page.wait_for_selector(".seat")
            wait_turn_or_end(page)
            saved.append(shot(page, f"table-{name}-{width}"))
            no_js_errors(page)
        watched = server.create("pocha", [BOT] * 4, params={"hand_size": 8}, bot_delay=1.0)
        spectator = context_factory(viewport=viewport).new_page()
        watch_errors(spectator)
        spectator.goto(server.table_url(watched["table"]["id"]) + "?watch=1")
        spectator.wait_for_selector(".trick-card .card", timeout=30_000)
        saved.append(shot(spectator, f"spectator-pocha-{width}"))
        no_js_errors(spectator)
        for name, table_id in finished.items():
            replay = context_factory(viewport=viewport).new_page()
            watch_errors(replay)
            replay.goto(server.replay_url(table_id))
            replay.wait_for_selector("#transcript li")
            total = replay.locator("#transcript li").count() - 1
            for _ in range(total * 2 // 3):
                replay.keyboard.press("ArrowRight")
            replay.wait_for_selector(f"body[data-frame='{total * 2 // 3}']", state="attached")
            saved.append(shot(replay, f"replay-{name}-{width}"))
            no_js_errors(replay)
    print("\nscreenshots:", *[str(p) for p in saved], sep="\n  ")
    assert sorted(p.stem for p in saved) == sorted(SCREENSHOTS)
    assert all(p.stat().st_size > 10_000 for p in saved)


def test_move_clock_counts_down_on_the_seat(server: Server, context_factory: Any) -> None:
    created = server.create("ombre", [ME, BOT, BOT], name="Ana", seat=0, clock=30)
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    wait_turn_or_end(page)
    clock = page.locator(".seat.me .clock")
    first = clock.inner_text()
    assert re.fullmatch(r"0:[0-3]\d", first), first
    page.wait_for_function(
        "t => document.querySelector('.seat.me .clock').innerText !== t", arg=first, timeout=5000
    )
    assert clock.inner_text() < first
    no_js_errors(page)


CARD_SHEET = """async () => {
  const m = await import('/static/js/cards.js');
  document.body.replaceChildren();
  document.body.style.background = '#1f6b43';
  const spanish = [], french = [];
  for (const s of 'oceb') for (const r of 'A 2 3 4 5 6 7 8 9 S C R'.split(' ')) spanish.push(r + s);
  const ranks = 'A 2 3 4 5 6 7 8 9 10 J Q K'.split(' ');
  for (const s of '♣♦♥♠') for (const r of ranks) french.push(s + r);
  const names = [];
  for (const list of [spanish, french]) {
    const row = document.createElement('div');
    row.style.cssText = 'display:flex;flex-wrap:wrap;gap:6px;padding:8px;width:1220px';
    for (const c of list) {
      const el = m.cardElement(c);
      names.push(el.getAttribute('aria-label'));
      row.appendChild(el);
    }
    document.body.appendChild(row);
  }
  return names;
}"""


def test_every_card_is_drawn_and_named(server: Server, context_factory: Any) -> None:
    page = context_factory().new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    names = page.evaluate(CARD_SHEET)
    assert len(names) == 48 + 52 and len(set(names)) == 100
    assert "rey of copas" in names and "king of clubs" in names and "ten of hearts" in names
    # every face is an SVG image, none empty
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.card-face')]"
        ".map(e => e.style.backgroundImage.length)"
    )
    assert len(sizes) == 100 and min(sizes) > 1000
    shot(page, "cards-sheet")


def test_leaving_frees_the_seat(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3}, name="Ana", seat=0
    )
    table_id = created["table"]["id"]
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    page.on("dialog", lambda d: d.accept())
    page.locator("#leave").click()
    page.wait_for_url(server.base + "/")
    seat = server.call("GET", f"/api/tables/{table_id}")["seats"][0]
    assert seat["taken"] is False


def test_trynka_hand_values_in_the_page_agree_with_the_engine(
    server: Server, context_factory: Any
) -> None:
    from tapete.cards import RUSSIAN_36, CardSet
    from tapete.games.trynka import hand_value

    rng = random.Random(11)
    cards = list(RUSSIAN_36.cards)
    variants = [{}, {"sixes_over_aces": True}, {"two_aces_22": True}, {"trips_score": True}]
    hands = [rng.sample(cards, 3) for _ in range(300)]
    hands += [[c for c in cards if c.rank == r][:3] for r in {c.rank for c in cards}]  # trips
    texts = [[RUSSIAN_36.format_card(c) for c in h] for h in hands]
    page = context_factory().new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    got = page.evaluate(
        """async ([hands, variants]) => {
          const m = await import('/static/js/games/trynka.js');
          return variants.map((p) => hands.map((h) => m.handValue(h, p)));
        }""",
        [texts, variants],
    )
    for params, values in zip(variants, got, strict=True):
        for hand, value in zip(hands, values, strict=True):
            want = hand_value(CardSet(hand), **params)
            assert (value["category"], value["points"]) == tuple(want), (hand, params)


def _server_gives_hints(server: Server, table_id: str, token: str) -> bool:
    import asyncio

    import websockets

    async def ask() -> bool:
        url = server.base.replace("http", "ws") + f"/ws/{table_id}"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "state":
                    await ws.send(json.dumps({"type": "hint", "state": msg["state"]}))
                elif msg["type"] in ("hint", "refused", "error"):
                    return msg["type"] == "hint" or msg.get("code") not in (
                        "unknown_type",
                        "bad_message",
                    )

    # Playwright's sync API holds this thread's event loop: ask from another thread
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(ask())).result(timeout=30)


def test_an_actions_refusal_is_shown_while_the_hint_probe_is_out(
    server: Server, context_factory: Any
) -> None:
    """The page asks whether the server gives hints when the table opens (a ``hint`` for a
    state far ahead). A refusal that comes meanwhile for one of the page's actions (it carries
    the action's id) is shown, not taken for the probe's answer; the probe's own answer (no
    id) still brings the hint button. The WebSocket goes through a relay that answers the
    probe late, after an action's refusal."""
    created = server.create("pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3, "dealer": 3},
                            name="Ana", seat=0)  # fmt: skip
    table_id = created["table"]["id"]
    ctx = context_factory()
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', {json.dumps(created['token'])});"
    )
    page = ctx.new_page()
    watch_errors(page)
    probes: list[str] = []

    def relay(ws: Any) -> None:
        upstream = ws.connect_to_server()
        upstream.on_message(lambda m: ws.send(m))

        def from_page(message: str | bytes) -> None:
            sent = json.loads(message)
            if sent.get("type") == "hint" and sent.get("state", 0) >= 1_000_000 and not probes:
                probes.append(str(message))
                refusal = {"type": "refused", "code": "illegal", "reason": None, "state": 0,
                           "detail": "that bid may not be made", "id": "a0"}  # fmt: skip
                ws.send(json.dumps(refusal))  # an action's refusal first, then the probe goes
            upstream.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/**", relay)
    page.goto(server.table_url(table_id))
    page.wait_for_selector("#turn.mine")
    page.locator("#actions .hint-btn").wait_for(timeout=30_000)  # the probe's own answer
    assert probes, "the page sent no hint probe"
    assert "that bid may not be made" in page.locator("#refusal").inner_text()
    no_js_errors(page)


def test_hint_button_follows_the_server(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#turn.mine")
    page.wait_for_timeout(800)  # the page's own probe has come back
    button = page.locator("#actions button", has_text="Hint")
    if _server_gives_hints(server, created["table"]["id"], created["token"]):
        button.click()
        # the first hint may wait for the search bot's kernels to load
        page.wait_for_function(
            "() => document.querySelector('#hint').innerText.includes('would choose')",
            timeout=120_000,
        )
        assert "Bid" in page.locator("#hint").inner_text()
    else:
        assert button.count() == 0
    no_js_errors(page)
