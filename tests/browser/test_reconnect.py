"""The connection lost and back: while it is lost a banner says so and the hand and buttons are
marked disabled; a card clicked meanwhile is not lost: it is named in the banner and played
once the connection is back (if the table has not moved on; else the page says why).

The WebSocket goes through a route the test controls (Playwright's ``route_web_socket``): it
is cut, new connections are refused while "offline", then let through again."""

from __future__ import annotations

from typing import Any

from .conftest import AXE, Server, no_js_errors, wait_turn_or_end
from .test_play import _state

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}


def _axe_play_area(page: Any) -> list[Any]:
    """axe-core's serious and critical violations in the play area (the banner, the hand and
    the buttons marked disabled)."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run('.play-area', {resultTypes: ['violations']})")
    bad = [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]
    return [(v["id"], [n["html"][:160] for n in v["nodes"]]) for v in bad]


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
    banner.locator("[data-testid=reconnect]").click()
    page.wait_for_function("b => Number(document.body.dataset.state) > b", arg=before)
    page.wait_for_selector("[data-testid=offline]", state="detached")
    assert f"Ana bids {action.split()[1]}" in page.locator("#log").inner_text()
    assert page.evaluate("() => window.__tapete.outbox") is None
    no_js_errors(page)
