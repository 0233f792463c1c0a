"""Plural forms on the pages (issue 28): ``js/i18n.js`` picks the form each language's catalog
rule picks (Russian 1, 21 карта; 2, 22 карты; 5, 11 карт), and the counts the report found
wrong read right ("Hand of 1 card", "(1 trump)", "по 1 карте")."""

from __future__ import annotations

import gettext
from typing import Any

import pytest

from tapete import i18n

from .conftest import Server, no_js_errors, seat_page, watch_errors

BOT = {"kind": "bot", "player": "rule"}
COUNTS = [*range(0, 130), 1000, 1001, 1002, 1005, 1011, 1021, 1000000, 2000000, 1000001]


@pytest.fixture
def page(server: Server, context_factory: Any) -> Any:
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-kind-0")
    return page


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_pages_pick_the_catalogs_plural_form(page: Any, lang: str) -> None:
    rule = gettext.c2py(i18n.plural_forms(lang).split("plural=")[1].rstrip(";"))
    picked = page.evaluate(
        "async ([lang, counts]) => {"
        " const m = await import('/static/js/i18n.js');"
        " return counts.map((n) => m.pluralIndex(lang, n)); }",
        [lang, COUNTS],
    )
    assert picked == [rule(n) for n in COUNTS]


def test_the_counts_read_right(page: Any) -> None:
    said = page.evaluate(
        """async () => {
          const m = await import('/static/js/i18n.js');
          const hints = await import('/static/js/hints.js');
          const pocha = (await import('/static/js/games/pocha.js')).default;
          const ctx = { seatName: (s) => ['Ana', 'Bea', 'Cid'][s] };
          const out = {};
          for (const lang of ['en', 'es', 'ru']) {
            await m.setLanguage(lang, { remember: false });
            out[lang] = [1, 2, 5, 21].map((n) => [
              pocha.dealSummary({ sheet: [{ hand_size: n, points: [10, -1, 0] }] }, ctx),
              hints.reasonSentence({ code: 'bid_count', tricks: n, trumps: n }, (x) => x),
            ]);
          }
          return out;
        }"""
    )
    assert said["en"][0][0].startswith("Hand of 1 card over:")
    assert said["en"][1][0].startswith("Hand of 2 cards over:")
    assert said["en"][0][1] == "Your hand counts about 1 trick (1 trump)."
    assert said["en"][2][1] == "Your hand counts about 5 tricks (5 trumps)."
    assert said["es"][0][0].startswith("Terminada la mano de 1 carta:")
    assert "(1 triunfo)" in said["es"][0][1] and "(5 triunfos)" in said["es"][2][1]
    ru = [summary for summary, _ in said["ru"]]
    assert ru[0].startswith("Сдача по 1 карте ") and ru[3].startswith("Сдача по 21 карте ")
    assert ru[1].startswith("Сдача по 2 карты ") and ru[2].startswith("Сдача по 5 карт ")
    assert "(1 козырь)" in said["ru"][0][1] and "(2 козыря)" in said["ru"][1][1]
    assert "(5 козырей)" in said["ru"][2][1]


def test_a_seats_one_card_in_russian(server: Server, context_factory: Any) -> None:
    # a one-card hand: every other seat holds "1 карта" (not "1 карт")
    created = server.create(
        "pocha",
        [{"kind": "human"}, BOT, BOT],
        params={"hand_size": 1, "n_players": 3, "dealer": 0},
        name="Ana",
        seat=0,
    )
    page = seat_page(context_factory, server, created, locale="ru-RU")
    page.wait_for_selector(".seat[data-seat='1'] .backs")
    assert page.locator(".seat[data-seat='1'] .backs").get_attribute("aria-label") == "1 карта"
    no_js_errors(page)
