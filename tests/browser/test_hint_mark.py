"""The hint shows what it suggests (issue 28): the card in the hand or the choice's button is
marked (class ``hinted``), one at a time, and the mark goes with the next move."""

from __future__ import annotations

from typing import Any

from .conftest import Server, no_js_errors, seat_page, shot, wait_turn_or_end
from .test_play import _click_something, _phase, _state, _wait_change

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}


def _ask_hint(page: Any) -> str:
    """Ask for a hint and wait for it; the hint's first sentence."""
    page.locator("#actions .hint-btn").click()
    page.locator("[data-testid=hint]").wait_for()
    return str(page.locator("[data-testid=hint] strong").inner_text())


def test_the_hinted_card_or_button_is_marked(server: Server, context_factory: Any) -> None:
    # Ana (mano) speaks first, then plays (the deal is shuffled by the server: Ana bids, so
    # that it is played whatever the others hold)
    created = server.create("tresillo", [ME, BOT, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    button_seen = card_seen = False
    for _ in range(80):
        if wait_turn_or_end(page, timeout=180) == "over" or (button_seen and card_seen):
            break
        page.locator("#actions .hint-btn").wait_for()
        phase = _phase(page)
        if phase == "exchange":
            # throw away one card and draw (the hint is checked in the other phases)
            before = _state(page)
            page.locator("#hand button.card.legal").first.click()
            page.locator("#hand button.card.selected").wait_for()
            page.locator("#actions button[data-action='draw']").click()
            page.wait_for_function(
                "b => Number(document.body.dataset.state) > b + 1"
                " && !document.querySelector('#actions button[data-action=draw]')",
                arg=before,
            )
            continue
        if (phase == "play" and not card_seen) or (phase != "play" and not button_seen):
            head = _ask_hint(page)
            marked = page.locator(".hinted")
            assert marked.count() == 1, head
            if phase == "play":
                # the card the hint names is the one marked in the hand
                assert page.locator("#hand button.card.hinted").count() == 1
                name = (marked.get_attribute("aria-label") or "").split(" (")[0].split(",")[0]
                assert name and name in head, (name, head)
                card_seen = True
                shot(page, "hint-card-marked")
            else:
                assert page.locator("#actions button.hinted").count() == 1
                assert marked.inner_text().strip() in head, head
                button_seen = True
                shot(page, "hint-button-marked")
            before = _state(page)
            # the next state clears the mark. In the auction Ana bids rather than pass (the
            # hint's choice is often "pass"): if all four passed, the deal would end unplayed
            bid = page.locator(
                "#actions button[data-action]:not([data-action=pass]):not([disabled])"
            )
            if phase != "play" and bid.count():
                bid.first.click()
            else:
                marked.click()  # take the hint
            _wait_change(page, before)
            page.wait_for_function("() => !document.querySelector('.hinted')")
            continue
        _click_something(page)
    assert button_seen and card_seen
    no_js_errors(page)
