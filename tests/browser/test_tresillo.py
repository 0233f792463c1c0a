"""Tresillo in the browser: four seats with the dealer sitting out, the auction's bids on their
buttons, the contract and trumps, the exchange, the plate, and the deal's ending announced;
a whole deal and a session's first deal played by clicking, on a desktop and on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE, Server, axe_serious, no_js_errors, seat_page, shot, wait_turn_or_end
from .test_play import _click_something, _phase, _state, _wait_change

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
BIDS = ("entrada", "entrada-favor", "vuelta", "solo", "solo-favor")


def _play_out(page: Any, limit: int = 120) -> set[str]:
    """Play until the deal is over; the phases this seat acted in."""
    phases: set[str] = set()
    for _ in range(limit):
        if wait_turn_or_end(page, timeout=60) == "over":
            return phases
        phases.add(_phase(page))
        if _phase(page) == "exchange":
            # throw away the first card, then draw one
            before = _state(page)
            page.locator("#hand button.card.legal").first.click()
            page.wait_for_selector("#hand button.card.selected")
            assert "Discard 1 and draw" in page.locator("#actions").inner_text()
            page.locator("#actions button[data-action='draw']").click()
            # the discard and the draw are two actions: wait until this seat's exchange is done
            page.wait_for_function(
                "b => Number(document.body.dataset.state) > b + 1"
                " && !document.querySelector('#actions button[data-action=draw]')",
                arg=before,
            )
            continue
        _click_something(page)
    raise AssertionError("the deal did not end")


def test_tresillo_whole_deal_by_clicking(server: Server, context_factory: Any) -> None:
    # seat 3 deals and sits out; Ana (seat 0) is mano and speaks first
    created = server.create(
        "tresillo", [ME, BOT, BOT, BOT], params={"palo_de_favor": "diamonds"}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "auction"
    dealer = page.locator(".seat[data-seat='3']")
    assert "sits out" in dealer.inner_text()
    assert dealer.locator(".backs .card").count() == 0  # the dealer holds no cards
    assert page.locator("#hand button.card").count() == 9
    labels = page.locator("#actions button[data-action]").all_inner_texts()
    actions = page.locator("#actions button[data-action]").evaluate_all(
        "bs => bs.map(b => b.dataset.action)"
    )
    assert "pass" in actions and any(a in BIDS for a in actions)
    assert "Entrada" in labels and "Pass" in labels
    # diamonds are oros: the table draws Tresillo from the Spanish pack
    assert page.locator("[data-testid=favor]").inner_text() == "oros"
    assert "Plate" in page.locator(".corner-info").first.text_content()
    shot(page, "tresillo-auction-desktop")
    assert not axe_serious(page)
    # bid an entrada when Ana can, else pass; then play the deal out
    entrada = page.locator("#actions button[data-action='entrada']")
    before = _state(page)
    (entrada if entrada.count() else page.locator("#actions button[data-action='pass']")).click()
    _wait_change(page, before)
    _play_out(page)
    banner = page.locator("[data-testid=game-over]")
    assert banner.is_visible()
    shot(page, "tresillo-over-desktop")
    log = page.locator("#log").inner_text()
    assert "Ana" in log
    if "Everybody passed" not in banner.inner_text():
        # a game was played: its contract, trumps and ending are on show
        assert page.locator("[data-testid=contract]").count() == 1
        ending = page.locator("[data-testid=announcement]").inner_text()
        assert any(w in ending for w in ("Sacada", "Codillo", "Puesta", "surrendered", "Defended"))
        assert "takes the trick" in log or "surrender" in log
    no_js_errors(page)


def test_tresillo_session_on_a_phone(server: Server, context_factory: Any) -> None:
    created = server.create(
        "tresillo-match", [ME, BOT, BOT, BOT], params={"num_deals": 4}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created, viewport=PHONE)
    assert wait_turn_or_end(page) == "turn"
    assert "Tresillo" in page.locator("#title").inner_text()
    shot(page, "tresillo-table-phone")
    panels = page.locator("#panels").inner_text()
    assert "Plate and balances" in panels and "Deals (1 of 4)" in panels
    # the phone's table fits its width
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    no_js_errors(page)


def _vuelta_table(server: Server, context_factory: Any) -> Any | None:
    """A page where Ana (mano, first to speak) has bid a vuelta and is the player, or ``None``
    when a bot outbid her with a solo."""
    created = server.create("tresillo", [ME, BOT, BOT, BOT], name="Ana", seat=0, bot_delay=0.05)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    vuelta = page.locator("#actions button[data-action='vuelta']")
    assert vuelta.inner_text() == "Vuelta"
    before = _state(page)
    vuelta.click()
    _wait_change(page, before)
    # the auction ends, or a bot outbid the vuelta and Ana speaks again: then she passes (the
    # page says which: its phase, or her turn with the auction's buttons)
    page.wait_for_function(
        "() => document.body.dataset.phase !== 'auction'"
        " || (document.querySelector('#turn.mine')"
        " && document.querySelector('#actions button[data-action=pass]'))"
    )
    if _phase(page) == "auction":
        return None
    if "Ana" not in page.locator(".seat:has(.tag.gold)").first.inner_text():
        return None
    return page


def test_a_vuelta_turns_a_card_and_can_be_surrendered(server: Server, context_factory: Any) -> None:
    for _ in range(4):  # the bots may outbid the vuelta with a solo: then another table
        page = _vuelta_table(server, context_factory)
        if page is not None:
            break
    else:
        pytest.skip("the bots outbid every vuelta")
    surrendered = saw_turned = False
    for _ in range(40):
        if wait_turn_or_end(page, timeout=60) == "over":
            break
        if page.locator("[data-testid=turned]").count():
            # the vuelta's card: turned from the stock for all to see, its suit is trumps
            turned = page.locator(".corner-info .info-box .card[data-card]").first
            suit = (turned.get_attribute("data-card") or "")[0]
            # drawn from the Spanish pack: ♦ oros, ♥ copas, ♠ espadas, ♣ bastos
            spanish = {"♦": "oros", "♥": "copas", "♠": "espadas", "♣": "bastos"}[suit]
            assert page.locator("[data-testid=trumps]").inner_text() == spanish
            assert "The vuelta turns" in page.locator("#log").inner_text()
            saw_turned = True
        give_up = page.locator("#actions button[data-action='surrender']")
        if _phase(page) == "play" and give_up.count():
            assert give_up.inner_text() == "Surrender (me rindo)"
            shot(page, "tresillo-vuelta-desktop")
            give_up.click()
            surrendered = True
            break
        if _phase(page) == "exchange":
            before = _state(page)
            page.locator("#hand button.card.legal").first.click()
            page.locator("#actions button[data-action='draw']").click()
            page.wait_for_function(
                "b => Number(document.body.dataset.state) > b + 1"
                " && !document.querySelector('#actions button[data-action=draw]')",
                arg=before,
            )
            continue
        _click_something(page)
    assert surrendered, "Ana never had the chance to surrender her vuelta"
    assert saw_turned, "the vuelta's card was never shown"
    page.wait_for_selector("[data-testid=game-over]")
    banner = page.locator("[data-testid=game-over]").inner_text()
    assert "The vuelta was surrendered: puesta" in banner
    assert "Ana surrenders (me rindo)" in page.locator("#log").inner_text()
    no_js_errors(page)


def test_tresillo_for_three_deals_to_every_seat(server: Server, context_factory: Any) -> None:
    # three players: the dealer plays too (nobody sits out), nine cards each
    created = server.create("tresillo", [ME, BOT, BOT], params={"n_players": 3}, name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) in ("turn", "over")
    assert page.locator(".seat[data-seat='3']").count() == 0
    assert "sits out" not in page.locator("#felt").inner_text()
    for seat in (1, 2):
        assert page.locator(f".seat[data-seat='{seat}'] .backs .card").count() > 0
    assert page.locator("#hand button.card").count() == 9
    _play_out(page)
    banner = page.locator("[data-testid=game-over]")
    assert banner.is_visible()
    assert not axe_serious(page)
    no_js_errors(page)
