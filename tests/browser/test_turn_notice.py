"""Your turn, noticed: when the turn comes while the tab is hidden, the tab's title says so
(and a short sound, when chosen); the title is the game's again once the tab is seen. A
hidden tab draws every state at once (no trick held)."""

from __future__ import annotations

from typing import Any

from .conftest import Server, no_js_errors, seat_page

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}

HIDE = """
  window.__hidden = true;
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => window.__hidden});
  Object.defineProperty(document, 'visibilityState', {configurable: true,
    get: () => (window.__hidden ? 'hidden' : 'visible')});
"""


def test_the_title_says_your_turn_in_a_hidden_tab(server: Server, context_factory: Any) -> None:
    # Ana deals: the three bots bid before her, while her tab is hidden
    created = server.create("pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3, "dealer": 0},
                            name="Ana", seat=0, bot_delay=0.2)  # fmt: skip
    table_id = created["table"]["id"]
    ctx = context_factory()
    ctx.add_init_script(HIDE)
    ctx.add_init_script(
        f"localStorage.setItem('tapete.token.{table_id}', '{created['token']}');"
        "localStorage.setItem('tapete.turnSound', '1');"
    )
    page = ctx.new_page()
    page.goto(server.table_url(table_id))
    page.wait_for_function("() => document.title.startsWith('● Your turn · La Pocha')")
    assert page.evaluate("() => window.__tapete.turnNotice && window.__tapete.holdMs === 0")
    assert page.locator("#turn-sound").is_checked()  # the sound chosen is kept
    # the tab is seen again: the title is the game's
    page.evaluate(
        "() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.wait_for_function("() => !document.title.includes('Your turn')")
    assert page.title().startswith("La Pocha")
    no_js_errors(page)


def test_no_notice_in_a_visible_tab(server: Server, context_factory: Any) -> None:
    created = server.create("pocha", [ME, BOT, BOT, BOT], params={"hand_size": 3, "dealer": 0},
                            name="Ana", seat=0)  # fmt: skip
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#turn.mine")
    assert "Your turn" not in page.title()
    assert page.evaluate("() => window.__tapete.turnNotice") is False
    no_js_errors(page)
