"""The connection lost and back: while it is lost a banner says so and the hand and buttons are
marked disabled; a card clicked meanwhile is not lost: it is named in the banner and played
once the connection is back (if the table has not moved on; else the page says why).

The WebSocket goes through a route the test controls (Playwright's ``route_web_socket``): it
is cut, new connections are refused while "offline", then let through again."""

from __future__ import annotations

import re
from typing import Any

from .conftest import AXE, Server, no_js_errors, wait_turn_or_end, watch_errors
from .test_play import _click_something, _state

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}


def _axe_play_area(page: Any) -> list[Any]:
    """axe-core's serious and critical violations in the play area (the banner, the hand and
    the buttons marked disabled)."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run('.play-area', {resultTypes: ['violations']})")
    bad = [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]
    return [(v["id"], [n["html"][:160] for n in v["nodes"]]) for v in bad]


def _try_now(page: Any) -> None:
    """Click the banner's *Try now*, unless the page's own retry got back first (the line is
    open again, and a retry timer may fire before the click: the banner is then gone)."""
    page.evaluate("() => document.querySelector('[data-testid=reconnect]')?.click()")


class Line:
    """The page's WebSocket, relayed to the server while ``online``."""

    def __init__(self) -> None:
        self.online = True
        self.open: list[Any] = []

    def route(self, ws: Any) -> None:
        if not self.online:
            ws.close(code=4000, reason="offline")
            return
        server = ws.connect_to_server()
        server.on_message(lambda m: ws.send(m))
        ws.on_message(lambda m: server.send(m))
        self.open.append((ws, server))

    def cut(self) -> None:
        self.online = False
        for ws, server in self.open:
            server.close()
            ws.close(code=4000, reason="offline")
        self.open.clear()


def test_a_card_clicked_while_disconnected_is_played_when_back(
    server: Server, context_factory: Any
) -> None:
    created = server.create("pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3, "dealer": 3},
                            name="Ana", seat=0)  # fmt: skip
    line = Line()
    table_id = created["table"]["id"]
    ctx = context_factory()
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', '{created['token']}');"
        f"localStorage.setItem('tapete.admin.{table_id}', '{created['admin_token']}');"
    )
    page = ctx.new_page()
    page.route_web_socket("**/ws/**", line.route)
    page.goto(server.table_url(table_id))
    # Ana bids first (seat 3 deals): her bid is her first choice
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_function("() => window.__tapete && window.__tapete.online")
    before = _state(page)
    line.cut()
    banner = page.locator("[data-testid=offline]")
    banner.wait_for()
    assert "Connection lost" in banner.inner_text()
    # the hand and the buttons are marked disabled while it lasts
    assert page.locator("#hand").get_attribute("aria-disabled") == "true"
    assert page.locator("#actions").evaluate("a => a.classList.contains('offline')")
    bid = page.locator("#actions button[data-action^='bid']").first
    action = bid.get_attribute("data-action")
    bid.click(force=True)
    page.wait_for_function("a => window.__tapete.outbox === a", arg=action)
    assert f"Bid {action.split()[1]}" in banner.inner_text()  # named, to be sent
    assert _state(page) == before  # nothing happened meanwhile
    assert not _axe_play_area(page)
    # back: the bid is sent once the connection is open again
    line.online = True
    _try_now(page)
    page.wait_for_function("b => Number(document.body.dataset.state) > b", arg=before)
    page.wait_for_selector("[data-testid=offline]", state="detached")
    assert f"Ana bids {action.split()[1]}" in page.locator("#log").inner_text()
    assert page.evaluate("() => window.__tapete.outbox") is None
    no_js_errors(page)


def test_a_choice_made_while_disconnected_is_dropped_when_the_table_moved_on(
    server: Server, context_factory: Any
) -> None:
    # Ana's bid is clicked on her phone while it is disconnected; meanwhile she bids from her
    # laptop (the same seat's token) and the bots go on. When the phone is back the table is
    # elsewhere: the bid is not sent, and the phone says so in its language (Spanish here)
    created = server.create("pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3, "dealer": 3},
                            name="Ana", seat=0)  # fmt: skip
    table_id = created["table"]["id"]
    tokens = {table_id: created["token"]}
    line = Line()
    phone = context_factory(locale="es-ES", **tokens).new_page()
    watch_errors(phone)
    phone.route_web_socket("**/ws/**", line.route)
    phone.goto(server.table_url(table_id) + "?lang=es")
    laptop = context_factory(**tokens).new_page()
    watch_errors(laptop)
    laptop.goto(server.table_url(table_id))
    assert wait_turn_or_end(phone) == "turn"
    phone.wait_for_function("() => window.__tapete && window.__tapete.online")
    before = _state(phone)
    line.cut()
    banner = phone.locator("[data-testid=offline]")
    banner.wait_for()
    bid = phone.locator("#actions button[data-action^='bid']").last
    queued = str(bid.get_attribute("data-action"))
    label = bid.inner_text().strip()
    bid.click(force=True)
    phone.wait_for_function("a => window.__tapete.outbox === a", arg=queued)
    assert label in banner.inner_text()  # «Apuesta 3» (or the like) will be sent...
    # ...but the laptop bids first (another bid), and the bots go on
    assert wait_turn_or_end(laptop) == "turn"
    other = laptop.locator("#actions button[data-action^='bid']:not([disabled])").first
    made = str(other.get_attribute("data-action"))
    assert made != queued
    other.click()
    laptop.wait_for_function("b => Number(document.body.dataset.state) > b + 1", arg=before)
    assert _state(phone) == before  # the phone saw none of it
    # the phone is back: its bid is dropped, and it says why, in Spanish
    line.online = True
    _try_now(phone)
    phone.wait_for_selector("[data-testid=offline]", state="detached")
    refusal = phone.locator("#refusal [role=alert]")
    refusal.wait_for()
    text = refusal.inner_text()
    assert "no se envió" in text and label in text, text
    assert "not sent" not in text and "moved on" not in text, text
    assert phone.evaluate("() => window.__tapete.outbox") is None
    # the phone shows the table as it is now: the laptop's bid
    assert f"Ana apuesta {made.split()[1]}" in phone.locator("#log").inner_text()
    # and nothing is broken: the phone plays the deal to its end
    for _ in range(20):
        if wait_turn_or_end(phone, timeout=60) == "over":
            break
        _click_something(phone)
    # Ana bid once, the laptop's bid: the dropped one never reached the table
    log = phone.locator("#log").inner_text()
    assert re.findall(r"Ana apuesta (\d+)", log) == [made.split()[1]], log
    no_js_errors(phone)
    no_js_errors(laptop)
