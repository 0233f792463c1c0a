"""Clubs in the browser (docs/clubs.md): a member creates a club on the club page and a
table of the club from the lobby's form; another account, not a member, does not see the
table in its lobby and, opening its link, is told there is no such table; the member sees
it in the lobby, marked with the club. The rest: tests/server/test_clubs.py."""

from __future__ import annotations

import secrets
from typing import Any

from .conftest import Server, lobby_page, no_js_errors


def sign_up(page: Any, name: str) -> None:
    """Create the account ``name`` in the lobby's Account panel."""
    page.locator("#account-login").wait_for()
    page.fill("#account-name", name)
    page.fill("#account-password", "a long password")
    page.click("#account-register")
    assert page.locator("#account [data-testid=account-name]").inner_text() == name


def open_ids(page: Any) -> list[str]:
    """The tables the lobby's open list links to, once it is drawn."""
    page.wait_for_function(
        "() => !document.querySelector('#open-tables').textContent.includes('…')"
    )
    return [
        str(page.locator("#open-tables a.btn").nth(i).get_attribute("href")).split("/")[-1]
        for i in range(page.locator("#open-tables a.btn").count())
    ]


def test_a_club_table_is_invisible_to_a_non_member(server: Server, context_factory: Any) -> None:
    ana_name, out_name = "ana_" + secrets.token_hex(3), "out_" + secrets.token_hex(3)
    club = "Club_" + secrets.token_hex(3)
    ana = lobby_page(context_factory, server)
    sign_up(ana, ana_name)
    ana.click("#account-clubs")  # the Account panel's "My clubs"
    ana.wait_for_selector("body[data-ready=yes]")
    assert "null" not in ana.locator("#club").inner_text()  # no empty notice drawn as "null"
    ana.fill("#new-club-name", club)
    ana.click("#create-club")
    ana.wait_for_url(f"**/clubs/{club}")
    ana.wait_for_selector("[data-testid=club-members]")
    assert (
        ana.locator(f"[data-member={ana_name}] [data-testid=role]").inner_text() == "administrator"
    )
    # the lobby's form offers the club; the table it makes is the club's
    ana.goto(server.base + "/")
    ana.wait_for_selector(f"#club option[value={club}]", state="attached")
    ana.select_option("#club", club)
    ana.select_option("#seat-kind-0", "me")
    ana.select_option("#seat-kind-1", "human")  # a free seat: the table stays open
    ana.click("#create-button")
    ana.wait_for_url("**/t/*")
    table_id = ana.url.split("/t/")[1].split("?")[0]
    # a signed-in non-member: not in its lobby, and its link shows no such table
    out = lobby_page(context_factory, server)
    sign_up(out, out_name)
    out.wait_for_function("() => document.querySelector('#club-field').hidden")
    assert table_id not in open_ids(out)
    out.goto(server.table_url(table_id))
    out.get_by_text("There is no such table.").first.wait_for()
    # the member sees it, marked with the club
    ana.goto(server.base + "/")
    ana.wait_for_selector(f"#open-tables [data-club={club}]")
    assert table_id in open_ids(ana)
    no_js_errors(ana)
    no_js_errors(out)
