"""Ombre's and Tresillo's side panels (drawn by games/common.js's helpers) against the server's
views: the tricks per side, the balances with the pool or the plate, and the session's sheet
of finished deals, in the replay of a whole bots' session (and axe-core on it)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, axe_serious, no_js_errors, watch_errors

#: Each game's sheet columns before the seats', and its balances panel (title, first entry).
GAMES = {
    "ombre-match": {
        "seats": 3,
        "columns": ["#", "Ombre", "Outcome"],
        "side": "ombre",
        "balances": ("Pool and balances", "Pool"),
    },
    "tresillo-match": {
        "seats": 4,
        "columns": ["#", "Player", "Contract", "Outcome"],
        "side": "player",
        "balances": ("Plate and balances", "Plate"),
    },
}


def _finished(server: Server, game: str, seats: int) -> str:
    return server.finished(game, seats, {"num_deals": 2}, bot_delay=0)


def _show(page: Any, n: int) -> None:
    """The replay at step ``n`` (the slider moved there)."""
    page.evaluate(
        "n => { const s = document.getElementById('slider'); s.value = String(n);"
        " s.dispatchEvent(new Event('input')); }",
        n,
    )
    page.wait_for_selector(f"body[data-frame='{n}']", state="attached")


def _panel(page: Any, title: str) -> Any:
    return page.locator(f"#panels section[aria-label='{title}']")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_panels_show_the_servers_views(server: Server, context_factory: Any, game: str) -> None:
    spec = GAMES[game]
    side = spec["side"]
    # a session with a step of play, some tricks taken (the playing side's tricks and the
    # others'), and for Ombre one that ends with money in the pool (shared out at the end:
    # the panel must show the session's final balances, not the last deal's): the deals are
    # random, so a few tries find one (a session whose deals were all passed has money in
    # the pool and no play: a CI run drew one)
    found: tuple[str, int, int, dict[str, Any]] | None = None
    for _ in range(10):
        table_id = _finished(server, game, spec["seats"])
        total = server.call("GET", f"/api/tables/{table_id}/frames/0")["total"]
        end = server.call("GET", f"/api/tables/{table_id}/frames/{total}")["spectator"]
        played = None
        for n in range(total // 4, total):
            # between two deals (the next dealer chosen) a match's view has no live deal
            deal = server.call("GET", f"/api/tables/{table_id}/frames/{n}")["spectator"]["deal"]
            if deal is not None and deal.get(side) is not None and sum(deal["tricks_won"]) >= 2:
                played = (table_id, total, n, deal)
                break
        if played is not None:
            found = played  # (the last one played, if none leaves money in the pool)
            if game != "ombre-match" or end["results"][-1].get("pool_after"):
                break
    assert found is not None, "no session with a step of tricks taken"
    table_id, total, n, deal = found
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    _show(page, n)
    tricks = _panel(page, "Tricks per side")
    tw, own = deal["tricks_won"], deal[side]
    labels = tricks.locator("dt").all_inner_texts()
    values = [int(x) for x in tricks.locator("dd").all_inner_texts()]
    assert tricks.locator("[data-testid=player-tricks]").inner_text() == str(tw[own])
    out = deal["dealer"] if game == "tresillo-match" else None  # Tresillo's dealer sits out
    others = [s for s in range(spec["seats"]) if s not in (own, out)]
    if game == "ombre-match":
        assert labels[0].startswith("Ombre (") and labels[1] == "Defenders"
        assert values == [tw[own], sum(tw) - tw[own], *(tw[s] for s in others)]
    else:  # the dealer sits out: no line of his
        assert labels[0].startswith("Player (")
        assert values == [tw[own], *(tw[s] for s in others)]
    # the other seats' lines are marked as parts of the defenders' sum only under it
    marked = [label.startswith("· ") for label in labels[len(labels) - len(others) :]]
    assert marked == [game == "ombre-match"] * len(others)

    # the session's end: the balances panel and one sheet row a deal
    _show(page, total)
    view = server.call("GET", f"/api/tables/{table_id}/frames/{total}")["spectator"]
    title, first = spec["balances"]
    balances = _panel(page, title)
    assert balances.locator("dt").first.inner_text() == first
    shown = balances.locator("dd").all_inner_texts()[-len(view["balances"]) :]
    # the session over: its own balances and money (what was left shared out), though the felt
    # still shows the last deal
    assert view["current_player"] == -4
    assert [int(x) for x in shown] == view["balances"]
    if game == "ombre-match":
        assert balances.locator("dd").first.inner_text() == str(view["pool"])
        # and says what the last deal's pool gave each (the felt's corner still shows it)
        left = view["results"][-1].get("pool_after") or 0
        each = (left - (view.get("unassigned") or 0)) // 3  # Ombre's three players
        labels = balances.locator("dt").all_inner_texts()
        if each > 0:
            assert labels[1] == "Shared out at the end", labels
            assert balances.locator("dd").nth(1).inner_text() == f"{each} each"
        else:
            assert "Shared out at the end" not in labels, labels
    sheet = page.locator("[data-testid=deal-sheet]")
    head = sheet.locator("thead th").all_inner_texts()
    columns = spec["columns"]
    assert head[: len(columns)] == columns and len(head) == len(columns) + spec["seats"]
    rows = [row.split("\t") for row in sheet.locator("tbody tr").all_inner_texts()]
    results = view["results"]
    assert len(rows) == len(results) == 2
    for i, (row, result) in enumerate(zip(rows, results, strict=True)):
        assert row[0] == str(i + 1)
        who = result.get("ombre" if game == "ombre-match" else "player")
        assert row[1] == ("–" if who is None else head[len(columns) + who])
        assert [int(c) for c in row[len(columns) :]] == list(result["changes"])
    assert not axe_serious(
        page
    )  # a sheet too wide or long for the panel scrolls: it takes the focus
    no_js_errors(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_balances_panel_says_what_was_shared_out_at_the_end(
    server: Server, context_factory: Any, game: str
) -> None:
    """A replay's last step showed 'Pool 6' on the felt (the last deal's pool) and 'Pool 0' in
    the side panel with the session's balances, and nothing said the 6 went 2 to each: the
    balances panel says it once the session is over, as the end dialog's sheet does, and not
    before. Drawn here from views as the server sends them (deterministic, no bots' session)."""
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.base + "/")
    got = page.evaluate(
        """async (game) => {
          const mod = (await import(`/static/js/games/${game.split('-')[0]}.js`)).default;
          const ctx = { seatName: (s) => 'Seat ' + s, seatShort: (s) => 'S' + s };
          const seats = game === 'ombre-match' ? 3 : 4;
          const result = { ombre: 0, player: 0, outcome: 'puesta', contract: 'entrada',
            changes: Array(seats).fill(0),
            ...(seats === 3 ? { pool_after: 6 } : { plate_after: [3, 3, 3, 3] }) };
          const view = (over) => ({ game, num_deals: 1, current_player: over ? -4 : 1,
            results: [result], balances: Array(seats).fill(0), pool: 0, plate: [], deal: null });
          return [true, false].map((over) => {
            const panels = mod.panels(view(over), {}, ctx);
            const p = panels.find((x) => / and balances$/.test(x.title));
            return [...p.node.querySelectorAll('dt')]
              .map((dt) => dt.textContent + '=' + dt.nextElementSibling.textContent);
          });
        }""",
        game,
    )
    # Ombre's pool of 6 among three: 2 each; Tresillo's plate of 12 among four: 3 each
    each = "2 each" if game == "ombre-match" else "3 each"
    assert f"Shared out at the end={each}" in got[0], got
    assert not any(x.startswith("Shared out") for x in got[1]), got
    no_js_errors(page)


def test_a_matadors_card_and_name_stay_on_one_line(server: Server, context_factory: Any) -> None:
    """The Matadors panel broke a line inside a matador ('♣2' at one line's end, 'Манилья' at
    the next, on the Russian desktop table): each card and its name stay together. Drawn in a
    box too narrow for any two words, so that every break allowed is taken."""
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.base + "/")
    got = page.evaluate(
        """async () => {
          const mod = (await import('/static/js/games/ombre.js')).default;
          const ctx = { seatName: (s) => 'Seat ' + s, seatShort: (s) => 'S' + s };
          const view = { game: 'ombre-match', num_deals: 1, current_player: 1, results: [],
            balances: [0, 0, 0], pool: 3, deal: null };
          const out = [];
          for (const trumps of ['clubs', 'hearts']) {
            const panel = mod.panels(view, { trumps, ombre: null }, ctx)
              .find((p) => p.title === 'Matadors');
            const box = document.createElement('div');
            box.style.width = '1px';
            box.append(panel.node);
            document.body.append(box);
            const text = panel.node.firstChild;
            const lines = [];
            let at = 0;
            for (const part of text.textContent.split(' · ')) {
              const start = text.textContent.indexOf(part, at);
              const range = document.createRange();
              range.setStart(text, start);
              range.setEnd(text, start + part.length);
              const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
              lines.push([part, new Set(tops).size]);
              at = start + part.length;
            }
            box.remove();
            out.push(lines);
          }
          return out;
        }"""
    )
    for lines in got:
        assert len(lines) == 3, got  # Spadille, Basto and the suit's Manille
        assert all(n == 1 for _, n in lines), got
    no_js_errors(page)
