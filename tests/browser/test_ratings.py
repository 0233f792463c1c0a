"""Ratings in the browser (docs/ratings.md): two accounts create and join a rated table of
La Pocha (one card, three seats with the rule bot) from the pages, play it by clicking
while a spectator watches, and all see the leaderboard change; the profile shows the
rating history's chart and the game with its replay. The rest: tests/server/test_ratings.py."""

from __future__ import annotations

import secrets
import time
from typing import Any

from .conftest import Server, axe_serious, lobby_page, no_js_errors, wait_turn_or_end, watch_errors

ACTIONS = "#actions button[data-action]:not([disabled]), #actions button[data-verb]"


def sign_up(page: Any, name: str) -> None:
    """Create the account ``name`` in the lobby's Account panel."""
    page.locator("#account-login").wait_for()
    page.fill("#account-name", name)
    page.fill("#account-password", "a long password")
    page.click("#account-register")
    assert page.locator("#account [data-testid=account-name]").inner_text() == name


def act(page: Any) -> None:
    """Take this seat's turn: a legal card, else the first action offered; wait for the
    table's state to move on."""
    before = int(page.evaluate("() => Number(document.body.dataset.state || -1)"))
    legal = page.locator("#hand button.card.legal")
    if legal.count():
        legal.first.click()
    else:
        page.locator(ACTIONS).first.click()
    page.wait_for_function(
        "b => Number(document.body.dataset.state || -1) > b"
        " || document.querySelector('[data-testid=game-over]')",
        arg=before,
        timeout=60000,
    )


def board_rows(page: Any, server: Server) -> dict[str, str]:
    """The leaderboard of La Pocha as the page shows it: name -> rating text."""
    page.goto(server.base + "/ratings/pocha")
    page.wait_for_selector("body[data-ready=yes]")
    rows = page.locator("[data-testid=leaderboard] tbody tr")
    return {
        str(rows.nth(i).get_attribute("data-player")): rows.nth(i)
        .locator("[data-testid=rating]")
        .inner_text()
        for i in range(rows.count())
    }


def test_two_accounts_and_a_spectator_see_the_leaderboard_change(
    server: Server, context_factory: Any
) -> None:
    ana_name, bea_name = "ana_" + secrets.token_hex(3), "bea_" + secrets.token_hex(3)
    spectator = context_factory().new_page()
    watch_errors(spectator)
    before = board_rows(spectator, server)
    assert ana_name not in before and bea_name not in before

    # Ana: an account, then a rated table from the lobby (hints go off, a clock comes)
    ana = lobby_page(context_factory, server, "La Pocha")
    sign_up(ana, ana_name)
    ana.locator("#kind-deal").check(force=True)
    ana.locator("#create details.advanced summary").click()
    ana.fill("#param-n_players", "3")
    ana.locator("#param-n_players").dispatch_event("change")
    ana.fill("#param-hand_size", "1")
    ana.select_option("#seat-kind-0", "me")
    ana.select_option("#seat-kind-1", "human")
    ana.select_option("#seat-kind-2", "bot")
    ana.select_option("#bot-delay", "0.2")
    ana.check("#rated")
    assert ana.locator("#hints").is_disabled() and not ana.locator("#hints").is_checked()
    assert ana.locator("#clock").input_value() != ""
    ana.click("#create-button")
    ana.wait_for_url("**/t/*")
    table_id = ana.url.rsplit("/", 1)[-1]
    info = server.call("GET", f"/api/tables/{table_id}")
    assert info["rated"] is True and info["hints"] is False and info["clock"]
    assert info["seats"][0]["name"] == ana_name

    # Bea: an account, then the table's link; she sits under her account's name
    bea = lobby_page(context_factory, server)
    sign_up(bea, bea_name)
    bea.goto(server.table_url(table_id))
    bea.locator("#join-rated").wait_for()
    bea.locator("#join form button[type=submit]").click()
    bea.wait_for_selector("#hand button.card")

    spectator.goto(server.table_url(table_id) + "?watch=1")
    spectator.wait_for_selector("#felt")

    deadline = time.monotonic() + 120
    ended: set[str] = set()
    while len(ended) < 2:
        assert time.monotonic() < deadline, "the rated game did not end"
        for who, page in (("ana", ana), ("bea", bea)):
            if who in ended:
                continue
            if wait_turn_or_end(page, timeout=60) == "over":
                ended.add(who)
            else:
                act(page)
    spectator.wait_for_selector("[data-testid=game-over]")

    # the leaderboard changed for everybody: both accounts are on it, rated once
    after = board_rows(spectator, server)
    deadline = time.monotonic() + 30
    while not {ana_name, bea_name} <= after.keys():  # the update follows the game's end
        assert time.monotonic() < deadline, f"the leaderboard did not change: {after}"
        after = board_rows(spectator, server)
    for page in (ana, bea):
        assert board_rows(page, server) == after
    assert axe_serious(spectator) == []

    # Ana's profile: the chart (the start and one game), the game and its replay
    ana.goto(server.base + "/")
    ana.click("#account-profile")
    ana.wait_for_selector("body[data-ready=yes]")
    assert ana.locator("[data-testid=player-name]").inner_text() == ana_name
    assert ana.locator("[data-testid=rating-chart]").get_attribute("data-points") == "2"
    assert ana.locator("[data-testid=stats-pocha] li").count() == 2  # games, exact bids
    ana.locator("[data-testid=games] a[href='/replay/" + table_id + "']").wait_for()
    assert axe_serious(ana) == []
    for page in (ana, bea, spectator):
        no_js_errors(page)
