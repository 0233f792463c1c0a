"""La Pocha's score sheet at the end of a whole session's replay: a row for each hand with its
size, each seat's bid/won and the running totals, the totals under it, and the sheet, longer
than the side panel, a scrolling region the keyboard reaches (axe-core)."""

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
    rows = sheet.locator("tbody tr")
    assert rows.count() == len(view["sheet"]) > 10
    for i, hand in enumerate(view["sheet"]):
        cells = rows.nth(i).locator("td")
        assert cells.nth(0).inner_text() == str(hand["hand_size"])
        # each seat: its bid and tricks won ("2/1") over the running total
        bw = [cells.nth(s + 1).locator(".bw").inner_text() for s in range(4)]
        assert bw == [f"{b}/{w}" for b, w in zip(hand["bids"], hand["won"], strict=True)]
        totals = [cells.nth(s + 1).locator(".tot").inner_text() for s in range(4)]
        assert totals == [str(x) for x in hand["totals"]]
    totals = sheet.locator("tfoot th").all_inner_texts()
    assert totals == ["Total", *(str(x) for x in view["totals"])]
    box = sheet.locator("xpath=..")
    assert box.evaluate("b => b.scrollHeight > b.clientHeight")  # longer than the panel
    assert not axe_serious(page)
    no_js_errors(page)
