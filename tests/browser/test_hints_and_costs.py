"""Hints with their reasons and a thinking state, in the page's language; Trynka's costs as
the server prices them; the lobby's parameters in Spanish and Russian."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from .conftest import Server, no_js_errors, seat_page, shot, wait_turn_or_end

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}


def _server_state(server: Server, table_id: str, token: str) -> dict[str, Any]:
    """The server's own ``state`` message for a seat (a second connection with its token)."""
    import websockets

    async def ask() -> dict[str, Any]:
        url = server.base.replace("http", "ws") + f"/ws/{table_id}"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "state":
                    return dict(msg)

    # Playwright's sync API holds this thread's event loop: ask from another thread
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(ask())).result(timeout=30)


def _watch_thinking(page: Any) -> None:
    page.evaluate(
        """() => {
          window.__sawThinking = false;
          new MutationObserver(() => {
            if (document.querySelector('#hint .thinking')) window.__sawThinking = true;
          }).observe(document.getElementById('hint'), {childList: true, subtree: true});
        }"""
    )


def test_a_hint_thinks_then_says_what_and_why(server: Server, context_factory: Any) -> None:
    server.wait_kernels()  # the search's own reasons, not the rule bot's stand-in
    created = server.create("ombre", [ME, BOT, BOT], name="Ana", seat=0, bot_delay=0.2)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_selector("#actions button[data-key=hint]")
    _watch_thinking(page)
    page.locator("#actions button[data-key=hint]").click()
    # a search bot's first hint may compile its kernels: the table shows that it thinks
    page.wait_for_selector("[data-testid=hint] li", timeout=120_000)
    assert page.evaluate("() => window.__sawThinking")
    text = page.locator("[data-testid=hint]").inner_text()
    assert "would choose" in text
    assert "Your hand counts about" in text and "tricks with" in text
    # the search's own simulation of "I play" and passing, beside the rule bot's count
    assert "Simulating" in text and "possible deals" in text and "passing" in text
    live = page.locator("#announcer").inner_text()
    assert "would choose" in live  # read out to screen readers too
    assert page.locator("#actions button[data-key=hint]").get_attribute("aria-disabled") is None
    shot(page, "hint-ombre-desktop")
    # playing the hinted choice clears the hint
    page.locator("#actions button[data-action]:not([disabled])").first.click()
    page.wait_for_function("() => !document.querySelector('[data-testid=hint]')")
    no_js_errors(page)


def test_a_hint_in_spanish(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created, locale="es-ES")
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_selector("#actions button[data-key=hint]")
    assert page.locator("#actions button[data-key=hint]").inner_text() != "Hint"
    page.locator("#actions button[data-key=hint]").click()
    page.wait_for_selector("[data-testid=hint] li", timeout=120_000)
    text = page.locator("[data-testid=hint]").inner_text()
    assert "elegiría" in text and "Apostar" in text
    assert "Tu mano vale unas" in text and "baza" in text  # "1 baza", "2 bazas": plurals
    assert "would choose" not in text and "tricks" not in text
    no_js_errors(page)


@pytest.mark.parametrize(
    "params",
    [{}, {"reveal_basis": "blind_stakes"}, {"dark_reveal_cost": "own_blind"}],
    ids=["classic", "blind-stakes", "own-blind"],
)
def test_trynka_buttons_show_the_servers_costs(
    server: Server, context_factory: Any, params: dict[str, Any]
) -> None:
    checked = 0
    # the deals and the bots' choices are random: a reveal is offered in most games, not all
    # (six games without one failed a CI run once); a game ends in seconds
    for _attempt in range(16):
        created = server.create(
            "trynka",
            [ME, BOT, BOT],
            params={"n_players": 3, "flash_limit": 0, **params},
            name="Ana",
            seat=0,
        )
        table_id, token = created["table"]["id"], created["token"]
        page = seat_page(context_factory, server, created)
        for _ in range(30):
            if wait_turn_or_end(page) == "over":
                break
            state = _server_state(server, table_id, token)
            texts = [a["text"] for a in state["legal"]]
            view = state["view"]
            if "reveal" in texts:
                badge = page.locator("#actions button[data-action=reveal] .cost").inner_text()
                assert int(badge) == view["reveal_cost"] > 0, (params, view["level"])
                checked += 1
                page.locator("#actions button[data-action=reveal]").click()
            elif any(t.startswith("blind") for t in texts):
                page.locator("#actions button[data-verb=blind]").click()
            elif any(t.startswith("bet") for t in texts):
                button = page.locator("#actions button[data-verb=bet]")
                low = min(int(t.split()[1]) for t in texts if t.startswith("bet"))
                assert int(button.locator(".cost").inner_text()) == low
                button.click()
            else:
                page.locator("#actions button[data-action]").first.click()
            page.wait_for_function(
                "n => document.body.dataset.state !== n", arg=str(state["state"])
            )
        page.context.close()
        if checked >= 2:
            break
    assert checked >= 1, "no reveal came up"


@pytest.mark.parametrize(
    ("locale", "label", "help_text", "choice"),
    [
        ("es-ES", "Orden de las cartas", "Cómo se ordenan las cartas", "natural: A R C S 7…2"),
        ("ru-RU", "Старшинство карт", "Старшинство карт внутри масти", "natural: A R C S 7…2"),
    ],
)
def test_every_rule_reads_in_the_pages_language(
    server: Server, context_factory: Any, locale: str, label: str, help_text: str, choice: str
) -> None:
    page = context_factory(locale=locale).new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#params .field", state="attached")
    page.locator("details.advanced summary").click()
    field = page.locator("#params .field", has=page.locator("[data-param=rank_order]"))
    assert label in field.locator("label").inner_text()
    assert help_text in field.locator(".help").inner_text()
    options = field.locator("option").all_inner_texts()
    assert choice in options and "tute" not in options
    # the help is tied to its field for screen readers
    described = field.locator("select").get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").inner_text().startswith(help_text)
    # no parameter is left with the server's English sentence in place of its own words
    helps = page.locator("#params .help").all_inner_texts()
    english = {p["help"] for g in server.call("GET", "/api/games") for p in g["params"]}
    assert not [h for h in helps if h in english]
    no_js_errors(page)


def test_a_svara_says_who_may_join_and_for_how_much(server: Server, context_factory: Any) -> None:
    for _attempt in range(12):
        created = server.create(
            "trynka",
            [ME, BOT, BOT],
            params={"n_players": 3, "flash_limit": 0, "agreed_svara": True},
            name="Ana",
            seat=0,
            bot_delay=1.5,  # the joining round lasts while the page is looked at
        )
        table_id, token = created["table"]["id"], created["token"]
        page = seat_page(context_factory, server, created)
        for _ in range(30):
            if wait_turn_or_end(page) == "over":
                break
            state = _server_state(server, table_id, token)
            texts = [a["text"] for a in state["legal"]]
            if "propose-svara" in texts:
                page.locator("#actions button[data-action=propose-svara]").click()
            elif any(t.startswith("bet") for t in texts):
                page.locator("#actions button[data-verb=bet]").click()
            else:
                page.locator("#actions button[data-action]").first.click()
            page.wait_for_function(
                "n => document.body.dataset.state !== n", arg=str(state["state"])
            )
            if _svara_checked(page, server, table_id, token):
                return
        page.context.close()
    pytest.fail("no svara with a player to join in 12 banks")


def _svara_checked(page: Any, server: Server, table_id: str, token: str) -> bool:
    """While the bots answer, catch the svara's joining round and check what the page says
    of it against the server's view; False if none came before this seat's next turn."""
    for _ in range(40):
        state = _server_state(server, table_id, token)
        view = state["view"]
        if view.get("phase") == "svara_join" and view.get("join_fee"):
            break
        if state["to_move"] == -4 or (state["to_move"] == 0 and state["legal"]):
            return False
        page.wait_for_timeout(100)
    else:
        return False
    out = [s for s, active in enumerate(view["active"]) if not active]
    page.wait_for_function(
        "() => document.querySelector('#panels').innerText.includes('may join')", timeout=5_000
    )
    panel = page.locator("[data-testid=svara]").inner_text()
    assert f"may join for {view['join_fee']}" in panel
    # Seat 0 is the person (named Ana), who may be out too after a fold; the others are bots.
    names = {s: ("Ana" if s == 0 else f"Bot {s + 1}") for s in out}
    assert out and all(names[s] in panel for s in out)
    corner = page.locator(".corner-info").first.inner_text()
    assert f"join for {view['join_fee']}" in corner
    shot(page, "trynka-svara-desktop")
    no_js_errors(page)
    return True
