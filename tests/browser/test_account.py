"""The lobby's account panel (docs/accounts.md): create an account, add this browser's
anonymous game to it, sign out and in again, change the password. The one browser test of
the accounts (the rest: tests/server/test_accounts.py)."""

from __future__ import annotations

import secrets
from typing import Any

from .conftest import Server, axe_serious, lobby_page, no_js_errors


def test_create_an_account_claim_this_browsers_game_sign_out_and_in(
    server: Server, context_factory: Any
) -> None:
    created = server.create("pocha", [{"kind": "human"}], name="Tomás", seat=0)
    table_id = created["table"]["id"]
    page = lobby_page(context_factory, server, **{table_id: created["token"]})
    panel = page.locator("#account")
    panel.locator("#account-login").wait_for()
    assert axe_serious(page) == []
    name = "br_" + secrets.token_hex(4)  # the session's server keeps its accounts
    page.fill("#account-name", name)
    page.fill("#account-password", "a long password")
    page.click("#account-register")
    assert panel.locator("[data-testid=account-name]").inner_text() == name  # waits for it
    page.click("#account-claim")
    message = panel.locator("[data-testid=account-message]")
    assert message.inner_text() == "1 game of this browser is in your account."
    page.click("#account-logout")
    panel.locator("#account-login").wait_for()
    assert page.evaluate("document.cookie") == ""  # the session cookie is HttpOnly anyway
    page.reload()
    page.fill("#account-name", name.upper())
    page.fill("#account-password", "a wrong password")
    page.click("#account-login")
    assert message.inner_text() == "Wrong account name or password."
    page.fill("#account-password", "a long password")
    page.click("#account-login")
    assert panel.locator("[data-testid=account-name]").inner_text() == name
    # the change of password: the two new ones must agree, then it is changed
    panel.locator("details.account-password summary").click()
    page.fill("#password-current", "a long password")
    page.fill("#password-new", "another long one")
    page.fill("#password-again", "another long ONE")
    page.click("#password-change")
    panel.locator("[data-testid=account-message]", has_text="passwords differ").wait_for()
    page.fill("#password-again", "another long one")
    page.click("#password-change")
    panel.locator("[data-testid=account-message]", has_text="password is changed").wait_for()
    page.click("#account-logout")
    page.fill("#account-name", name)
    page.fill("#account-password", "another long one")
    page.click("#account-login")
    assert panel.locator("[data-testid=account-name]").inner_text() == name
    no_js_errors(page)
