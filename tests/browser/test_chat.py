"""Chat at the table in the browser (issue 28): two players in two browser contexts and a
spectator talk, a quick phrase reads in each page's language, an HTML message stays text,
mute hides a person's messages (and is undone, and kept over a reload), a table with chat off
has no input and says so, a seats-only table shows the spectator nothing the seats wrote, the
lobby's Chat choice reaches the table, and axe-core finds nothing serious with the chat open."""

from __future__ import annotations

import json
from typing import Any

from .conftest import Server, axe_serious, lobby_page, no_js_errors, shot, watch_errors

HTML = '<img src=x onerror="window.__chatXss = 1"><b>bold?</b>'
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "player": "rule"}]


def _table(server: Server, chat: str) -> tuple[str, dict[str, Any], str]:
    """A La Pocha table for Ana (seat 0, creator) and Bea (seat 1) and a bot: its id, the
    creator's answer and Bea's token. No clock and slow bots: the chat is what is tested."""
    made = server.create(
        "pocha",
        SEATS,
        params={"n_players": 3, "hand_size": 8},
        name="Ana",
        seat=0,
        bot_delay=1.0,
        chat=chat,
    )
    table_id = made["table"]["id"]
    bea = server.call("POST", f"/api/tables/{table_id}/join", {"name": "Bea", "seat": 1})
    return table_id, made, str(bea["token"])


def _open(context_factory: Any, server: Server, table_id: str, token: str | None, **kw: Any) -> Any:
    """The table page in a new browser context (a seat with ``token``, else watching)."""
    ctx = context_factory(**kw)
    if token is not None:
        key = json.dumps(f"tapete.token.{table_id}")
        ctx.add_init_script(f"localStorage.setItem({key}, {json.dumps(token)})")
    page = ctx.new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id) + ("" if token is not None else "?watch"))
    page.wait_for_selector("#chat:not([hidden])")
    return page


def _line(page: Any, author: str, text: str) -> Any:
    """The chat line of ``author`` saying ``text`` (waits for it to be there)."""
    locator = page.locator(f'#chat-list li[data-author="{author}"]', has_text=text)
    locator.first.wait_for(state="attached")
    return locator.first


def _say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_two_players_and_a_spectator_chat(server: Server, context_factory: Any) -> None:
    table_id, made, bea_token = _table(server, "all")
    ana = _open(context_factory, server, table_id, made["token"])
    bea = _open(context_factory, server, table_id, bea_token, locale="es-ES")
    spy = _open(context_factory, server, table_id, None)

    # a message typed by one appears for the other and for the spectator
    _say(ana, "Hola a todos")
    for page in (ana, bea, spy):
        line = _line(page, "seat:0:Ana", "Hola a todos")
        assert line.locator(".chat-who").inner_text() == "Ana"
    assert ana.locator("#chat-input").input_value() == ""
    # the length counter follows the input
    ana.fill("#chat-input", "abc")
    assert ana.locator("#chat-count").inner_text() == "3 of 300"
    ana.fill("#chat-input", "")

    # a quick phrase in each reader's language: Bea's page is in Spanish
    ana.click("#chat-phrases button[data-phrase=gg]")
    assert _line(ana, "seat:0:Ana", "Good game").is_visible()
    assert _line(bea, "seat:0:Ana", "Buena partida").is_visible()
    bea.click("#chat-phrases button[data-phrase=thanks]")
    assert _line(ana, "seat:1:Bea", "Thanks").is_visible()
    assert _line(spy, "seat:1:Bea", "Thanks").is_visible()
    assert bea.locator("#chat-phrases button[data-phrase=wp]").inner_text() == "Bien jugado"

    # HTML is shown as text, never made into elements
    _say(bea, HTML)
    for page in (ana, spy):
        line = _line(page, "seat:1:Bea", "bold?")
        assert line.locator(".chat-text").inner_text() == HTML
        assert page.locator("#chat-list img, #chat-list b").count() == 0
        assert page.evaluate("() => window.__chatXss") is None

    # the spectator writes too, under a number
    _say(spy, "saludos desde la grada")
    line = _line(ana, "spectator:1", "saludos desde la grada")
    assert line.locator(".chat-who").inner_text() == "Spectator 1"
    assert _line(bea, "spectator:1", "saludos").locator(".chat-who").inner_text() == "Espectador 1"
    _line(spy, "spectator:1", "saludos")  # nobody mutes oneself
    assert spy.locator('#chat-people button[data-author="spectator:1"]').count() == 0
    assert spy.locator('#chat-people button[data-author="seat:0:Ana"]').count() == 1

    # mute: Ana hides Bea, even what Bea says next; the spectator still reads her
    mute = ana.locator('#chat-people button[data-author="seat:1:Bea"]')
    assert mute.inner_text() == "Mute Bea" and mute.get_attribute("aria-pressed") == "false"
    mute.click()
    assert mute.get_attribute("aria-pressed") == "true"
    _say(bea, "me oyes?")
    _line(spy, "seat:1:Bea", "me oyes?")
    hidden = _line(ana, "seat:1:Bea", "me oyes?")
    assert not hidden.is_visible()
    assert all(
        not li.is_visible() for li in ana.locator('#chat-list li[data-author="seat:1:Bea"]').all()
    )
    assert _line(ana, "seat:0:Ana", "Hola a todos").is_visible()
    # kept over a reload (localStorage, per table)
    ana.reload()
    ana.wait_for_selector("#chat:not([hidden])")
    hidden = _line(ana, "seat:1:Bea", "me oyes?")
    assert not hidden.is_visible()
    unmute = ana.locator('#chat-people button[data-author="seat:1:Bea"]')
    assert unmute.inner_text() == "Unmute Bea"
    unmute.click()
    assert _line(ana, "seat:1:Bea", "me oyes?").is_visible()
    assert unmute.get_attribute("aria-pressed") == "false"

    shot(ana, "chat-open")
    assert not axe_serious(ana)
    assert not axe_serious(bea)
    for page in (ana, bea, spy):
        no_js_errors(page)


def test_chat_off_shows_no_input_and_says_so(server: Server, context_factory: Any) -> None:
    table_id, made, _ = _table(server, "off")
    for page in (
        _open(context_factory, server, table_id, made["token"]),
        _open(context_factory, server, table_id, None),
    ):
        assert page.locator("#chat-note").inner_text() == "Chat is off at this table."
        assert not page.locator("#chat-input").is_visible()
        assert not page.locator("#chat-phrases button").first.is_visible()
        assert not axe_serious(page)
        no_js_errors(page)


def test_seats_only_hides_the_seats_messages_from_the_spectator(
    server: Server, context_factory: Any
) -> None:
    table_id, made, bea_token = _table(server, "seats")
    ana = _open(context_factory, server, table_id, made["token"])
    bea = _open(context_factory, server, table_id, bea_token)
    spy = _open(context_factory, server, table_id, None)
    assert "spectators do not see it" in ana.locator("#chat-note").inner_text()
    assert "cannot read or write" in spy.locator("#chat-note").inner_text()
    assert not spy.locator("#chat-input").is_visible()
    _say(ana, "plan secreto")
    _line(bea, "seat:0:Ana", "plan secreto")
    _line(ana, "seat:0:Ana", "plan secreto")
    # the spectator was sent nothing (tests/server/test_chat.py proves it on the socket);
    # its page holds no trace of it, nor after a reload (no history for it either)
    assert "plan secreto" not in spy.content()
    spy.reload()
    spy.wait_for_selector("#chat:not([hidden])")
    assert spy.locator("#chat-list li").count() == 0
    assert "plan secreto" not in spy.content()
    for page in (ana, bea, spy):
        no_js_errors(page)


def test_the_lobbys_chat_choice_reaches_the_table(server: Server, context_factory: Any) -> None:
    page = lobby_page(context_factory, server, "La Pocha")
    page.fill("#my-name", "Ana")
    page.select_option("#chat-mode", "seats")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#chat:not([hidden])")
    assert page.locator("#chat").get_attribute("data-mode") == "seats"
    table_id = page.url.split("/t/")[1].split("?")[0]
    assert server.call("GET", f"/api/tables/{table_id}")["chat"] == "seats"
    no_js_errors(page)


def _play_and_chat(server: Server, table_id: str, token: str) -> int:
    """Say "hola" at the seat's first turn, play its first legal action whenever it is to
    move until the table is over, then say "gg"; returns the state number "hola" was said at."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    import websockets

    async def play() -> int:
        url = server.base.replace("http", "ws") + f"/ws/{table_id}"
        said_at = -1
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if msg["type"] == "chat" and msg.get("phrase") == "gg":
                    return said_at
                if msg["type"] == "chat":
                    said_at = msg["move"]
                if msg["type"] != "state":
                    continue
                if msg["status"] == "finished":
                    await ws.send(json.dumps({"type": "chat", "phrase": "gg"}))
                elif msg["legal"]:
                    if said_at < 0:
                        await ws.send(json.dumps({"type": "chat", "text": "hola"}))
                    choice = msg["legal"][0]["action"]
                    move = {"type": "action", "state": msg["state"], "action": choice}
                    await ws.send(json.dumps(move))

    # Playwright's sync API holds this thread's event loop: play from another thread
    with ThreadPoolExecutor(1) as pool:
        return int(pool.submit(lambda: asyncio.run(play())).result(timeout=120))


def test_the_replay_shows_the_chat_said_up_to_each_step(
    server: Server, context_factory: Any
) -> None:
    bots = [{"kind": "human"}, {"kind": "bot", "player": "rule"}, {"kind": "bot", "player": "rule"}]
    made = server.create("pocha", bots, params={"n_players": 3, "hand_size": 1}, name="Ana", seat=0)
    table_id = made["table"]["id"]
    said_at = _play_and_chat(server, table_id, made["token"])
    assert said_at > 0
    page = context_factory(locale="es-ES").new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("body[data-frame='0']")
    assert page.locator("#replay-chat").is_hidden()  # nothing was said before the first step
    for step, shown in ((said_at - 1, []), (said_at, ["Ana: hola"])):
        page.locator("#slider").fill(str(step))
        page.wait_for_selector(f"body[data-frame='{step}']")
        assert page.locator("#replay-chat-list li").all_inner_texts() == shown
        assert page.locator("#replay-chat").is_visible() == bool(shown)
    page.keyboard.press("End")
    page.wait_for_selector("#replay-chat-list li >> text=Buena partida")
    lines = page.locator("#replay-chat-list li").all_inner_texts()
    assert lines == ["Ana: hola", "Ana: Buena partida"]
    assert not axe_serious(page)
    no_js_errors(page)
