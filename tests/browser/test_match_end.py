"""The end of a match, for each game that has one: the final score ranks the seats and names
the winner, holds the whole score sheet (La Pocha: bid/won and points of every hand; Ombre and
Tresillo: every deal, the pool or plate; Danish l'hombre: every deal; Trynka: every bank and
the chips), the rematch and the replay; "See the table" shows the last deal as it ended (no
phantom "Ronda ciega" or "No trumps", no face-down cards, its bids and tricks), and the log
ends with the last trick and the winner. The replay's first step shows no phantom deal."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, Server, axe_serious, no_js_errors, shot, watch_errors

BOT = {"kind": "bot", "player": "rule"}

MATCHES = [
    ("pocha-match", 4, {"hand_sequence": "2,1,2"}, 3),
    ("ombre-match", 3, {"num_deals": 2}, 2),
    ("tresillo-match", 4, {"num_deals": 2}, 2),
    ("lhombre-match", 3, {"num_deals": 2}, 2),
    ("trynka-match", 3, {"n_players": 3, "banks": 2}, 2),
]


def _finished_table(server: Server, context_factory: Any, game: str, n: int,
                    params: dict[str, Any], viewport: dict[str, int] = DESKTOP,
                    lang: str = "en", script: str = "") -> tuple[Any, dict[str, Any]]:  # fmt: skip
    """A bots' match watched from its start (its creator's page, who may offer a rematch)
    to its final score; ``script`` (what the page records as it plays) runs first."""
    created = server.create(game, [{"kind": "human"}] + [BOT] * (n - 1), params=params)
    table_id = created["table"]["id"]
    ctx = context_factory(viewport=viewport)
    if script:
        ctx.add_init_script(script)
    ctx.add_init_script(
        f"localStorage.setItem('tapete.admin.{table_id}', {json.dumps(created['admin_token'])})"
    )
    page = ctx.new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id) + f"?watch=1&lang={lang}")
    page.wait_for_selector("#felt .banner")
    page.locator("#start").click()  # the free seat to a bot
    page.wait_for_selector("[data-testid=game-over]", timeout=180_000)
    return page, created


@pytest.mark.parametrize("lang", ["ru", pytest.param("en", marks=pytest.mark.slow)])  # CI time
def test_a_phone_sees_the_whole_final_sheet_and_the_games_name(
    server: Server, context_factory: Any, lang: str
) -> None:
    """On a 390x844 phone, Tresillo's sheet (four players: eight columns) is in the end's
    dialog without scrolling sideways (it was cut at the right); the top bar shows the game's
    name whole (it was cut to "Tresillo: …") and keeps the whole title for screen readers."""
    page, _ = _finished_table(
        server, context_factory, "tresillo-match", 4, {"num_deals": 2}, PHONE, lang
    )
    sizes = page.evaluate(
        """() => {
          const d = document.querySelector('.end-dialog');
          const wraps = [...d.querySelectorAll('.end-sheet .sheet-wrap')];
          const title = document.getElementById('title');
          const short = title.querySelector('.title-short');
          return {dialog: [d.scrollWidth, d.clientWidth],
                  sheets: wraps.map((w) => [w.scrollWidth, w.clientWidth]),
                  columns: wraps.map((w) => w.querySelectorAll('thead th').length),
                  title: [title.scrollWidth, title.clientWidth],
                  short: short.getBoundingClientRect().width,
                  whole: title.querySelector('.title-whole').textContent};
        }"""
    )
    shot(page, f"match-end-tresillo-phone-{lang}")
    assert sizes["dialog"][0] <= sizes["dialog"][1], sizes
    assert sizes["sheets"] and all(need <= room for need, room in sizes["sheets"]), sizes
    assert sizes["short"] > 0 and sizes["title"][0] <= sizes["title"][1], sizes
    assert sizes["whole"].startswith("Tresillo" if lang == "en" else "Тресильо"), sizes
    assert not axe_serious(page)
    no_js_errors(page)


@pytest.mark.parametrize(("game", "n", "params", "deals"), MATCHES, ids=[m[0] for m in MATCHES])
def test_the_end_of_a_match(server: Server, context_factory: Any, game: str, n: int,
                            params: dict[str, Any], deals: int) -> None:  # fmt: skip
    page, created = _finished_table(server, context_factory, game, n, params)
    end = page.locator("[data-testid=game-over]")
    # the winner named, the seats ranked by their result
    winner = end.locator("[data-testid=winner]").inner_text()
    assert re.search(r" wins$| share the win$|A draw", winner), winner
    rows = end.locator("table.ranking tbody tr")
    assert rows.count() == n
    places = [int(rows.nth(i).locator("td.place").inner_text()) for i in range(n)]
    results = [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(n)]
    assert places[0] == 1 and places == sorted(places) and results == sorted(results, reverse=True)
    if winner.endswith(" wins"):
        assert winner == f"{rows.nth(0).locator('th').inner_text()} wins"
    # the whole sheet: a row for every deal or bank, none cut off in a small box
    sheet = end.locator("[data-testid=final-sheet]")
    assert sheet.locator("tbody tr").count() == deals
    assert sheet.evaluate("t => !t.closest('.sheet-wrap') || t.closest('.sheet-wrap').scrollHeight"
                          " <= t.closest('.sheet-wrap').clientHeight + 1")  # fmt: skip
    # rematch and replay, one click away
    assert end.get_by_role("button", name="Rematch").count() == 1
    replay = end.get_by_role("link", name="Watch the replay")
    assert replay.get_attribute("href") == f"/replay/{created['table']['id']}"
    # the last deal's end in the side panel: its sentence (and La Pocha's table), nothing else
    summary = page.locator("#deal-summary")
    assert summary.is_visible() and "null" not in summary.inner_text()
    # the log ends with the game's end and its winner
    assert page.locator("#log [data-testid=log-end]").inner_text().endswith(winner)
    shot(page, f"match-end-{game}-desktop")
    bad = axe_serious(page)
    assert not bad, [(v["id"], [n["html"][:200] for n in v["nodes"]]) for v in bad]
    no_js_errors(page)


def test_pocha_match_end_shows_the_last_hand_not_a_phantom(
    server: Server, context_factory: Any
) -> None:
    page, created = _finished_table(server, context_factory, "pocha-match", 4,
                                    {"hand_sequence": "2,1,2"})  # fmt: skip
    end = page.locator("[data-testid=game-over]")
    sheet = end.locator("[data-testid=final-sheet]")
    view = server.call("GET", f"/api/tables/{created['table']['id']}/frames/0")
    total = view["total"]
    final = server.call("GET", f"/api/tables/{created['table']['id']}/frames/{total}")["spectator"]
    # each hand's bid/won and points, and the running totals
    for i, hand in enumerate(final["sheet"]):
        cells = sheet.locator("tbody tr").nth(i).locator("td")
        for s in range(4):
            cell = cells.nth(s + 1)
            assert cell.locator(".bw").inner_text() == f"{hand['bids'][s]}/{hand['won'][s]}"
            assert int(cell.locator(".pts").inner_text()) == hand["points"][s]
            assert int(cell.locator(".tot").inner_text()) == hand["totals"][s]
    page.get_by_role("button", name="See the table").click()
    felt = page.locator("#felt")
    text = felt.inner_text()
    assert "Ronda ciega" not in text and "No trumps" not in text
    assert felt.locator(".seat .backs .card").count() == 0  # every card was played
    last = final["sheet"][-1]
    bids = page.locator("#panels table.sheet").first.locator("tbody tr")
    assert bids.count() == 4
    for s in range(4):
        cells = bids.nth(s).locator("td").all_inner_texts()
        assert cells == [str(last["bids"][s]), str(last["won"][s])]
    # the last trick: in the corner box, and in the log before the end
    assert felt.locator(".corner-info.right .last-trick .card").count() == 4
    log = page.locator("#log li").all_inner_texts()
    assert log[-2].endswith("takes the trick") and log[-1].startswith("The game is over: ")
    no_js_errors(page)


def test_the_replay_starts_without_a_phantom_deal(server: Server, context_factory: Any) -> None:
    created = server.create("pocha-match", [BOT] * 4, params={"hand_sequence": "1,2"},
                            bot_delay=0)  # fmt: skip
    table_id = created["table"]["id"]
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    page.wait_for_selector("body[data-frame='0']", state="attached")
    felt = page.locator("#felt")
    assert "No trumps" not in felt.inner_text() and "Ronda ciega" not in felt.inner_text()
    assert felt.locator(".seat .backs .card, .seat .open-hand .card").count() == 0
    no_js_errors(page)


# Kept by the page at each deal's end drawn between deals: the side panels' text.
PANELS_AT_DEAL_END = """
window.__ends = [];
document.addEventListener('tapete:state', (e) => {
  if (e.detail.synthetic) window.__ends.push(document.getElementById('panels').innerText);
});
"""


@pytest.mark.parametrize(
    ("game", "n", "params", "count"),
    [
        # Trynka's banks: in test_a_trynka_banks_end_shows_that_bank (one match for three looks)
        ("ombre-match", 3, {"num_deals": 2}, "Deals ({k} of 2)"),
    ],
)
def test_a_deals_end_between_deals_counts_that_deal(
    server: Server, context_factory: Any, game: str, n: int, params: dict[str, Any], count: str
) -> None:
    """Looked at (round H): while bank 1's end was on the felt, between banks, the Session box
    said "Bank 2 of 2" (Ombre's sheet "Deals (2 of 2)"): the match's view comes from after the
    deal, its count already at the next one. The deal shown is the one counted."""
    page, _ = _finished_table(server, context_factory, game, n, params, script=PANELS_AT_DEAL_END)
    ends = page.evaluate("() => window.__ends")
    # the first deal's end between deals, then the last one's at the match's end
    assert len(ends) == 2, ends
    for k, text in enumerate(ends, 1):
        assert count.format(k=k) in text, (k, text)
    no_js_errors(page)


SUMMARY_AT_DEAL_END = """
window.__summaries = [];
document.addEventListener('tapete:state', (e) => {
  const box = document.querySelector('[data-testid=deal-summary-text]');
  if (e.detail.synthetic) window.__summaries.push(box ? box.innerText : null);
});
"""


LOG_AT_DEAL_END = """
window.__logGaps = [];
document.addEventListener('tapete:state', (e) => {
  const log = document.getElementById('log');
  const gap = log.scrollHeight - log.scrollTop - log.clientHeight;
  if (e.detail.synthetic) window.__logGaps.push(gap);
});
"""


def test_a_trynka_banks_end_shows_that_bank(server: Server, context_factory: Any) -> None:
    """One 2-bank Trynka match for three looks at bank 1's end (and the match's):

    * Round H: while bank 1's end was on the felt, between banks, the Session box said
      "Bank 2 of 2": the match's view comes from after the deal, its count already at the
      next one. The bank shown is the one counted.
    * Round I: the side panel said "Ana takes the bank of 4. Chips: Ana 101, Bot 2 98, Bot 3
      98" beside the felt's and the Chips table's 102, 99, 99: the chips were read from the
      next bank, its ante already paid. The sentence tells each seat's chips after the bank
      that ended, as the end's sheet does for that bank.
    * Round I: the side panel's "What happened" showed a line cut at its bottom and hid the
      last ones: the log was scrolled to its end, then the "Last deal" box appeared above it
      and the log, shorter, kept its scroll. At a deal's end the log shows its last line."""
    page, _ = _finished_table(
        server,
        context_factory,
        "trynka-match",
        3,
        {"n_players": 3, "banks": 2},
        script=PANELS_AT_DEAL_END + SUMMARY_AT_DEAL_END + LOG_AT_DEAL_END,
    )
    ends = page.evaluate("() => window.__ends")
    assert len(ends) == 2, ends  # bank 1's end between banks, then bank 2's at the match's end
    for k, text in enumerate(ends, 1):
        assert f"Bank {k} of 2" in text, (k, text)
    summaries = page.evaluate("() => window.__summaries")
    assert len(summaries) == 2 and summaries[0], summaries
    # the end's sheet: bank 1's row, each seat's chips after it (the last three cells)
    cells = page.locator("[data-testid=final-sheet] tbody tr").first.locator("td")
    after = [cells.nth(i).inner_text().strip() for i in range(cells.count())][-3:]
    told = re.findall(r"(-?\d+)(?:,|$)", summaries[0].split("Chips:")[1].strip())
    assert told == after, (summaries[0], after)
    gaps = page.evaluate("() => window.__logGaps")
    assert len(gaps) == 2, gaps
    assert all(gap <= 1 for gap in gaps), gaps
    no_js_errors(page)
