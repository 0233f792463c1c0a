"""Tresillo and La Pocha's variants in Spanish and Russian, and their replays: every hand face
up, stepping through to the end without a JavaScript error."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, no_js_errors, seat_page, shot, wait_turn_or_end, watch_errors
from .test_pages import _finished_table

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}

#: (locale, texts of the Tresillo table in that language, English texts that must be gone)
TRESILLO_WORDS = [
    ("es-ES", ["Plato y saldos", "Tresillo a cuatro", "Reparte: no juega", "Entrada"], ["Plate"]),
    # the games' names in Cyrillic, as the lobby and the rules page write them (the table's
    # buttons and corner box said "Entrada", "Vuelta")
    (
        "ru-RU",
        ["Блюдо и счёт", "Тресильо", "Сдающий: не играет", "Энтрада", "Вуэльта", "Соло"],
        ["Plate", "Pass", "Entrada", "Vuelta", "Solo"],
    ),
]

# Tresillo's words of its own where a msgid is shared with another game (a context, tp()):
# Russian "Solo" stayed Latin (Danish l'hombre's Danish game name), Spanish "está apostando"
# (La Pocha's bet of tricks) for Tresillo's auction.
TRESILLO_OWN = [
    ("es-ES", "Solo", "Bot 2 está pujando"),
    ("ru-RU", "Соло", "Bot 2 торгуется"),
]


@pytest.mark.parametrize(("locale", "words", "gone"), TRESILLO_WORDS)
def test_tresillo_in_spanish_and_russian(
    server: Server, context_factory: Any, locale: str, words: list[str], gone: list[str]
) -> None:
    created = server.create("tresillo-match", [ME, BOT, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created, locale=locale)
    assert wait_turn_or_end(page) == "turn"
    text = page.locator("body").inner_text()
    for word in words:
        assert word in text, (locale, word)
    lines = [
        x for sel in ("#panels", "#actions") for x in page.locator(sel).inner_text().split("\n")
    ]
    for word in gone:
        assert word not in lines, word
    shot(page, f"tresillo-table-{locale[:2]}-desktop")
    no_js_errors(page)


@pytest.mark.parametrize(("locale", "solo", "bidding"), TRESILLO_OWN)
def test_tresillo_says_its_own_solo_and_bidding(
    server: Server, context_factory: Any, locale: str, solo: str, bidding: str
) -> None:
    """Tresillo's contract and auction line from its own page module, in the page's
    language; La Pocha's and Danish l'hombre's words are left as they were."""
    created = server.create("tresillo-match", [ME, BOT, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created, locale=locale)
    page.locator("#felt .seat").first.wait_for()
    said = page.evaluate(
        """async () => {
          const { default: tresillo, contractText } = await import('/static/js/games/tresillo.js');
          const { t } = await import('/static/js/i18n.js');
          const ctx = { seatName: (s) => 'Bot ' + (s + 1) };
          return {
            solo: contractText('solo'),
            bidding: tresillo.turnText({ phase: 'auction', current_player: 1 }, ctx, false),
            shared: [t('Solo'), t('{who} is bidding', { who: 'X' })],
          };
        }"""
    )
    assert said["solo"] == solo, said
    assert said["bidding"] == bidding, said
    pocha_bidding = {"es-ES": "X está apostando", "ru-RU": "X заказывает"}[locale]
    assert said["shared"] == ["Solo", pocha_bidding], said
    no_js_errors(page)


def test_the_auction_in_spanish_and_russian(server: Server, context_factory: Any) -> None:
    for locale, offer, turn in (
        ("es-ES", "Ofrecer", "El triunfo se subasta"),
        ("ru-RU", "Заявить", "Козыри разыгрываются"),
    ):
        created = server.create(
            "pocha",
            [ME, BOT, BOT, BOT],
            params={"n_players": 4, "hand_size": 3, "ronda_subastada": True},
            name="Ana",
            seat=0,
        )
        page = seat_page(context_factory, server, created, locale=locale)
        assert wait_turn_or_end(page) == "turn"
        assert offer in page.locator("#actions").inner_text()
        assert turn in page.locator("#turn").inner_text()
        no_js_errors(page)


@pytest.mark.parametrize(
    ("game", "n", "params", "cards"),
    [
        ("tresillo", 4, {}, 27),  # three hands of nine; the dealer holds none
        ("pocha", 4, {"hand_size": 1, "ronda_india": True}, 4),
        ("pocha", 4, {"hand_size": 3, "ronda_subastada": True}, 12),
    ],
)
def test_replays_of_the_new_games(
    server: Server,
    context_factory: Any,
    game: str,
    n: int,
    params: dict[str, Any],
    cards: int,
) -> None:
    table_id = _finished_table(server, game, n, **params)
    record = server.call("GET", f"/api/tables/{table_id}/record")
    total = len(record["actions"])
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    assert page.locator("#transcript li").count() == total + 1
    # once the cards are dealt (the first `cards` actions) every hand is face up
    for _ in range(cards):
        page.locator("#next").click()
    assert page.locator("#pos").inner_text() == f"{cards} / {total}"
    page.wait_for_selector(f"body[data-frame='{cards}']", state="attached")
    assert page.locator(".seat .open-hand .card").count() == cards
    if game == "tresillo":
        shot(page, "replay-tresillo-desktop")
    elif "ronda_india" in params:
        shot(page, "replay-pocha-india-desktop")
    page.keyboard.press("End")
    assert page.locator("#pos").inner_text() == f"{total} / {total}"
    no_js_errors(page)
