"""Trynka's newer options in the browser: the three-tens window asked of every player before
each betting decision (tens_claim_moment=any_moment), Seka's joker marked on the 7♣ (and no
hand value the page would have to work out for it), and Seka's 32-card pack."""

from __future__ import annotations

from typing import Any

from .conftest import Server, axe_serious, no_js_errors, seat_page, shot, wait_turn_or_end
from .test_play import _click_something, _phase

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
SEKA_RANKS = {"7", "8", "9", "10", "J", "Q", "K", "A"}


def _ranks(page: Any) -> set[str]:
    codes = page.locator("#hand .card[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    return {c.strip("♣♦♥♠") for c in codes}


def test_the_tens_window_is_asked_before_a_bet(server: Server, context_factory: Any) -> None:
    created = server.create(
        "trynka",
        [ME, BOT, BOT, BOT],
        params={"tens_claim_moment": "any_moment"},
        name="Ana",
        seat=0,
        bot_delay=0.05,
    )
    page = seat_page(context_factory, server, created)
    seen = False
    for _ in range(60):
        if wait_turn_or_end(page) == "over":
            break
        if _phase(page) == "tens_window":
            seen = True
            assert "claim three tens" in page.locator("#turn").inner_text()
            decline = page.locator("#actions button[data-action='decline']")
            assert decline.inner_text() == "No claim: play on"
            shot(page, "trynka-tens-window-desktop")
            assert not axe_serious(page)
            break
        # look at the cards (no blind), then bet or reveal: keep the bank going
        decline = page.locator("#actions button[data-action='decline']")
        if decline.count():
            decline.click()
            page.wait_for_timeout(200)
            continue
        _click_something(page)
    assert seen, "Ana was never asked about three tens"
    no_js_errors(page)


def test_seka_pack_and_joker(server: Server, context_factory: Any) -> None:
    created = server.create(
        "trynka",
        [ME, BOT, BOT],
        params={"n_players": 3, "deck": 32, "joker": True},
        name="Ana",
        seat=0,
        bot_delay=0.05,
    )
    page = seat_page(context_factory, server, created)
    for _ in range(30):
        if wait_turn_or_end(page) == "over":
            break
        if page.locator("#hand .card[data-card]").count():
            break
        decline = page.locator("#actions button[data-action='decline']")
        (decline if decline.count() else page.locator("#actions button[data-action]").first).click()
        page.wait_for_timeout(300)
    # Ana has looked at her three cards: Seka's pack has no sixes
    assert page.locator("#hand .card[data-card]").count() == 3
    assert _ranks(page) <= SEKA_RANKS
    joker = page.locator("#hand .card[data-card='♣7'], #hand .card[data-card='7♣']")
    if joker.count():  # dealt the joker: the card carries its mark
        assert "joker" in (joker.get_attribute("aria-label") or "")
        assert "joker" in (joker.get_attribute("class") or "")
    # the page's own rules: the 7♣ is marked only under the joker rule, and a hand holding it
    # gets no value from the page (the joker's best value is the server's to work out)
    got = page.evaluate(
        """async () => {
          const m = await import('/static/js/games/trynka.js');
          const mark = (joker) => m.default.cardMark({}, '♣7', { tableParams: { joker } });
          return {
            marked: mark(true), unmarked: mark(false), other: m.default.cardMark({}, '♣8',
              { tableParams: { joker: true } }),
            withJoker: m.handValueText(['♣7', '♠A', '♠10'], { joker: true }),
            without: m.handValueText(['♣7', '♠A', '♠10'], { joker: false }),
          };
        }"""
    )
    assert got["marked"] == "joker" and got["unmarked"] is None and got["other"] is None
    assert got["withJoker"] == "(with the joker)"
    assert got["without"] == "21 points"
    no_js_errors(page)
