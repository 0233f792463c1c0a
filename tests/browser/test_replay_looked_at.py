"""The replay page as its screenshots showed it (issue 28): Trynka's level box at step 0 read
"undefined (потолок undefined)"; a match's last step showed an empty table (no last trick,
everyone "Won 0"); the Result named no winner; on a phone the title was cut and the seats
showed "Bot 2 · Jugador de club" cut instead of the level on a line of its own; in Spanish and
Russian the controls took three rows on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, axe_serious, no_js_errors, watch_errors
from .test_replay_nav import _finished, _wait_frame

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}

WINS = {"en": "{who} wins", "es": "Gana {who}", "ru": "Побеждает {who}"}


def _slide(page: Any, n: int) -> None:
    page.evaluate(
        "n => { const s = document.getElementById('slider'); s.value = String(n);"
        " s.dispatchEvent(new Event('input', { bubbles: true })); }",
        n,
    )
    _wait_frame(page, n)


def _open(
    server: Server, context_factory: Any, table_id: str, size: dict[str, int], lang: str
) -> Any:
    page = context_factory(viewport=size).new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id) + f"?lang={lang}")
    page.wait_for_selector("body[data-frame='0']")
    return page


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_match_ends_with_its_last_trick_and_names_its_winner(
    server: Server, context_factory: Any, size: str
) -> None:
    table_id = _finished(server, "pocha-match", 3, n_players=3, hand_sequence="2,1")
    record = server.call("GET", f"/api/tables/{table_id}/record")
    total = len(record["actions"])
    # the server's frame carries the deal that ended where no deal is live
    end = server.call("GET", f"/api/tables/{table_id}/frames/{total}")
    assert end["spectator"]["deal"] is None
    assert end["last_deal"]["move"] == total and end["last_deal"]["spectator"]["phase"] == "over"
    page = _open(server, context_factory, table_id, PHONE if size == "phone" else DESKTOP, "en")
    page.locator("#last").click()
    _wait_frame(page, total)
    # the last trick is on the felt: the last deal has one card each
    assert page.locator("#felt .trick-card").count() == 3
    # and the seats' counts are the deal's: one trick won in all
    won = page.evaluate(
        "() => [...document.querySelectorAll('#felt .seat .stat')].map((e) => e.innerText)"
    )
    assert len(won) == 3 and sum("won 1" in w for w in won) == 1, won
    # the Result names the winner as the table's end dialog does
    result = record["result"]
    best = max(result)
    top = [s for s, r in enumerate(result) if r == best]
    text = page.locator("#result [data-testid=winner]").inner_text()
    if len(top) == 1:
        assert text == f"Bot {top[0] + 1} · Club player wins", text
    else:
        assert "share the win" in text or "draw" in text, text
    assert not axe_serious(page)
    no_js_errors(page)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_trynka_step_zero_has_no_undefined_level(
    server: Server, context_factory: Any, lang: str
) -> None:
    table_id = _finished(server, "trynka-match", 3, n_players=3, banks=2)
    total = len(server.call("GET", f"/api/tables/{table_id}/record")["actions"])
    page = _open(server, context_factory, table_id, DESKTOP, lang)
    for n in (0, 1, total):
        _slide(page, n)
        text = page.locator("main").inner_text()
        assert "undefined" not in text and "NaN" not in text, (n, text)
    # a bank is dealt at the end: its level is shown
    level = {"en": "Level", "ru": "Уровень"}[lang]
    assert page.locator("#felt .info-box", has_text=level).count() == 1
    # the jumps by deal say bank; at bank 2's start (bank 1's end on the felt) "Next bank"
    # goes on to bank 2's cards dealt (it was disabled: no deal starts after it)
    words = {"en": ("Previous bank", "Next bank"), "ru": ("Предыдущий банк", "Следующий банк")}
    assert (page.locator("#prev-deal").inner_text(), page.locator("#next-deal").inner_text()) == (
        words[lang]
    )
    second = server.call("GET", f"/api/tables/{table_id}/steps")["deals"][1]
    _slide(page, second)
    assert page.locator("#next-deal").is_enabled()
    page.locator("#next-deal").click()
    page.wait_for_function("n => Number(document.body.dataset.frame) > n", arg=second)
    assert page.locator("#felt .seat .card").count() > 0
    assert not axe_serious(page)
    no_js_errors(page)


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_on_a_phone_the_title_the_seats_and_the_controls_fit(
    server: Server, context_factory: Any, lang: str
) -> None:
    table_id = _finished(server, "pocha-match", 3, n_players=3, hand_sequence="2,1")
    page = _open(server, context_factory, table_id, PHONE, lang)
    _slide(page, 5)
    # the title is whole: nothing cut (the game's name alone, on up to two lines)
    cut = page.evaluate(
        "() => [...document.querySelectorAll('h1.title, h1.title .title-short')].filter((e) =>"
        " getComputedStyle(e).display !== 'none' && e.getClientRects().length"
        " && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))"
        ".map((e) => e.outerHTML)"
    )
    assert not cut, cut
    short = page.locator("h1.title .title-short")
    assert short.is_visible() and short.inner_text() == {"ru": "Поча"}.get(lang, "La Pocha")
    # a bot's seat shows "Bot 2" and its level on a line of its own
    for s in range(3):
        seat = page.locator(f"#felt .seat[data-seat='{s}']")
        assert (
            seat.locator(".name").inner_text().strip()
            == {
                "en": f"Bot {s + 1}",
                "es": f"Bot {s + 1}",
                "ru": f"Бот {s + 1}",
            }[lang]
        )
        assert seat.locator(".level").count() == 1
    # the controls in rows that do not wrap inside: the steps' buttons on one, the slider
    # and its count on one, the jumps two by two (they were spread over five rows in Spanish)
    rows = page.evaluate(
        """() => {
      const row = (sel) => new Set([...document.querySelectorAll(sel)]
        .filter((e) => e.getClientRects().length)
        .map((e) => { const b = e.getBoundingClientRect();
                      return Math.round(b.top + b.height / 2); }))
        .size;
      return { steps: row('#first, #prev, #play, #next, #last'), slider: row('#slider, #pos'),
               jumps: row('#jumps .btn:not([hidden])') };
    }"""
    )
    assert rows == {"steps": 1, "slider": 1, "jumps": 2}, rows
    assert not axe_serious(page)
    no_js_errors(page)
