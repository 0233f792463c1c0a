"""La Pocha's score sheet at the end of a whole session's replay: a row for each hand with its
size and the running totals, the totals under it, and the sheet, longer than the side panel,
a scrolling region the keyboard reaches (axe-core)."""

from __future__ import annotations

import time
from typing import Any

from .conftest import Server, axe_serious, no_js_errors, watch_errors

BOT = {"kind": "bot", "player": "rule"}


def test_the_whole_sessions_sheet(server: Server, context_factory: Any) -> None:
    created = server.create("pocha-match", [BOT] * 4, bot_delay=0)
    table_id = str(created["table"]["id"])
    deadline = time.monotonic() + 180
    while server.call("GET", f"/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.5)
    total = server.call("GET", f"/api/tables/{table_id}/frames/0")["total"]
    view = server.call("GET", f"/api/tables/{table_id}/frames/{total}")["spectator"]
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    page.locator("#last").click()
    page.wait_for_selector(f"body[data-frame='{total}']", state="attached")
    sheet = page.locator("table[aria-label='Score sheet']")
    rows = [row.split("\t") for row in sheet.locator("tbody tr").all_inner_texts()]
    assert len(rows) == len(view["sheet"]) > 10
    for row, hand in zip(rows, view["sheet"], strict=True):
        assert row == [str(hand["hand_size"]), *(str(x) for x in hand["totals"])]
    totals = sheet.locator("tfoot th").all_inner_texts()
    assert totals == ["Total", *(str(x) for x in view["totals"])]
    box = sheet.locator("xpath=..")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight")  # longer than the panel
    assert not axe_serious(page)
    no_js_errors(page)
