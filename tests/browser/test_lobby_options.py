"""The lobby's newer choices: Tresillo among the games, the "hints allowed" option (off: the
table has no hint button and the server refuses hints), and the bot levels' whole names on a
phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    DESKTOP,
    PHONE,
    Server,
    axe_serious,
    lobby_page,
    no_js_errors,
    seat_page,
    shot,
    watch_errors,
)


def _hint_answer(server: Server, table_id: str, token: str) -> dict[str, Any]:
    """The server's answer to a hint asked by the seat of ``token`` for the current state."""
    import asyncio
    import json
    from concurrent.futures import ThreadPoolExecutor

    import websockets

    async def ask() -> dict[str, Any]:
        url = server.base.replace("http", "ws") + f"/ws/{table_id}"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "state":
                    await ws.send(json.dumps({"type": "hint", "state": msg["state"]}))
                elif msg["type"] in ("hint", "refused", "error"):
                    return dict(msg)

    # Playwright's sync API holds this thread's event loop: ask from another thread
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(ask())).result(timeout=60)


BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}

#: For each seat's menus (its kind, its bot's level): the width its longest option's text needs
#: (any may be chosen and shown) and the width it has.
MEASURE = """() => [...document.querySelectorAll('#seats select')]
  .filter((s) => getComputedStyle(s).display !== 'none')
  .map((s) => {
    const style = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = (a, b) => (ctx.measureText(b).width > ctx.measureText(a).width ? b : a);
    const text = [...s.options].map((o) => o.text).reduce(widest, '');
    // the menu's arrow takes about 20px right of the text
    const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = s.clientWidth - pad - 20;
    return { text, need: ctx.measureText(text).width, room };
  })"""


def test_a_table_without_hints_from_the_lobby(server: Server, context_factory: Any) -> None:
    page = lobby_page(context_factory, server)
    assert page.locator("#hints").is_checked()  # hints are allowed unless turned off
    page.fill("#my-name", "Ana")
    page.locator("#hints").uncheck()
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    table_id = page.url.rsplit("/", 1)[-1]
    info = server.call("GET", f"/api/tables/{table_id}")
    assert info["hints"] is False
    page.wait_for_selector("#turn.mine", timeout=30_000)
    page.wait_for_timeout(800)  # the page's hint probe has come back
    assert page.locator("#actions button[data-key=hint]").count() == 0
    assert page.locator("#actions button[data-action]").count() >= 1
    no_js_errors(page)


def test_hints_on_and_off_at_the_table(server: Server, context_factory: Any) -> None:
    for allowed in (True, False):
        created = server.create(
            "pocha",
            [ME, BOT, BOT],
            params={"n_players": 3, "hand_size": 2},
            name="Ana",
            seat=0,
            hints=allowed,
        )
        page = seat_page(context_factory, server, created)
        page.wait_for_selector("#turn.mine", timeout=30_000)
        page.wait_for_timeout(800)
        shown = page.locator("#actions button[data-key=hint]").count()
        assert shown == (1 if allowed else 0)
        answer = _hint_answer(server, created["table"]["id"], created["token"])
        if allowed:
            assert answer["type"] == "hint"
        else:
            assert (answer["type"], answer["code"]) == ("refused", "hints_off")
        no_js_errors(page)


def test_tresillo_in_the_lobby(server: Server, context_factory: Any) -> None:
    page = lobby_page(context_factory, server, "Tresillo")
    assert page.locator("#seats .seat-row").count() == 4
    page.fill("#my-name", "Ana")
    shot(page, "lobby-tresillo-desktop")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#hand button.card")
    assert "Tresillo" in page.locator("#title").inner_text()
    no_js_errors(page)


def test_a_rule_that_names_a_seat_counts_seats_from_one(
    server: Server, context_factory: Any
) -> None:
    # Every rule showed Tresillo's dealer as "3" (its index) where the seats below count
    # from 1: the fourth seat. It is "Seat 4" now, and "Seat 1" sends the first seat (0)
    page = lobby_page(context_factory, server, "Tresillo")
    page.locator("details.advanced > summary").click()
    dealer = page.locator("#param-first_dealer")  # a whole match by default
    dealer.wait_for()
    assert dealer.evaluate("s => s.tagName") == "SELECT"
    assert dealer.evaluate("s => s.selectedOptions[0].text") == "Seat 4"
    assert dealer.evaluate("s => [...s.options].map((o) => o.text)") == [
        f"Seat {n}" for n in range(1, 5)
    ]
    dealer.select_option(label="Seat 1")
    page.fill("#my-name", "Ana")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    info = server.call("GET", f"/api/tables/{page.url.rsplit('/', 1)[-1]}")
    assert info["params"]["first_dealer"] == 0
    no_js_errors(page)


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en-US", "a guess"), ("es-ES", "una suposición"), ("ru-RU", "это предположение")],
)
def test_the_lobby_says_tourne_respekt_is_a_guess(
    server: Server, context_factory: Any, locale: str, words: str
) -> None:
    # issue 29: no source read gives Danish l'hombre's tourné-respekt more than its rank and
    # value, and the lobby's help for the points says so, in the page's language
    page = lobby_page(context_factory, server, locale=locale)
    page.locator("#game-choice input[value=lhombre]").check(force=True)  # its card covers it
    page.locator("details.advanced > summary").click()
    help_text = page.locator("#param-points-help").inner_text()
    assert "respekt" in help_text and words in help_text, help_text
    no_js_errors(page)


def test_a_seat_rule_offers_only_the_seats_the_table_has(
    server: Server, context_factory: Any
) -> None:
    # Tresillo for three offered "Seat 4" to deal first (the engine refuses it: no such seat)
    page = lobby_page(context_factory, server, "Tresillo")
    page.locator("details.advanced > summary").click()
    dealer = page.locator("#param-first_dealer")
    dealer.wait_for()
    enabled = "s => [...s.options].filter((o) => !o.disabled).map((o) => o.text)"
    assert dealer.evaluate(enabled) == [f"Seat {n}" for n in range(1, 5)]
    page.locator("#param-n_players").fill("3")
    page.locator("#param-n_players").dispatch_event("change")
    assert dealer.evaluate(enabled) == [f"Seat {n}" for n in range(1, 4)]
    assert dealer.evaluate("s => s.selectedOptions[0].text") == "Seat 3"  # the last seat deals
    page.fill("#my-name", "Ana")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    info = server.call("GET", f"/api/tables/{page.url.rsplit('/', 1)[-1]}")
    assert info["params"]["n_players"] == 3 and info["params"]["first_dealer"] in (2, None)
    no_js_errors(page)


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_bot_levels_are_not_cut_off(
    server: Server, context_factory: Any, width: str, lang: str
) -> None:
    # Russian "Клубный игрок (простые правила)" was cut on a phone
    page = context_factory(viewport=PHONE if width == "phone" else DESKTOP).new_page()
    watch_errors(page)
    page.goto(server.base + f"/?lang={lang}")
    page.wait_for_selector("#seat-bot-1")
    for game in ("pocha", "trynka", "tresillo", "lhombre"):
        page.locator(f"#game-choice input[value='{game}']").evaluate("i => i.click()")
        page.wait_for_selector("#seat-bot-1")
        select = page.locator("#seat-bot-1")
        # every level of the menu, the longest names included
        for value in select.evaluate("s => [...s.options].map(o => o.value)"):
            select.select_option(value)
            for item in page.evaluate(MEASURE):
                assert item["need"] <= item["room"], (game, width, item)
    viewport = page.viewport_size
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    page.locator("#game-choice input[value='pocha']").evaluate("i => i.click()")
    if width == "phone":
        page.locator("#seats").scroll_into_view_if_needed()
        shot(page, f"lobby-seats-phone-{lang}")
    assert not axe_serious(page)
    no_js_errors(page)


#: Each game's card in the lobby and the sticky Create bar: their boxes in the window.
CARD_AND_BAR = """(game) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  };
  const card = document.querySelector(`#game-choice input[value="${game}"]`).closest('.game-opt');
  return { card: box(card), bar: box(document.querySelector('#create .create-bar')),
           height: window.innerHeight, focused: document.activeElement?.name === 'game'
             ? document.activeElement.value : null,
           checked: document.querySelector('#game-choice input:checked').value };
}"""

GAMES = ("pocha", "ombre", "trynka", "tresillo", "lhombre")


def _clear_of_the_bar(got: dict[str, Any], game: str) -> None:
    card, bar = got["card"], got["bar"]
    assert got["checked"] == game
    # the whole card (and its How to play link) above the bar, and in the window
    assert card["bottom"] <= bar["top"], (game, got)
    assert card["top"] >= 0, (game, got)


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_chosen_game_is_never_under_the_create_bar(
    server: Server, context_factory: Any, width: str
) -> None:
    # on a 1366x768 desktop the fifth card (Danish l'hombre) lay under the sticky Create bar
    # when chosen; on a phone so did every card below the third
    view = {"width": 1366, "height": 768} if width == "desktop" else PHONE
    page = context_factory(viewport=view).new_page()
    watch_errors(page)
    page.goto(server.base + "/?lang=en")
    page.wait_for_selector("#seat-kind-0")
    for game in GAMES[1:] + GAMES[:1]:
        # chosen as by a tap on the card (the radio itself is hidden under its label)
        page.locator(f"#game-choice input[value='{game}']").evaluate("i => i.click()")
        page.wait_for_function(
            "g => document.querySelector('#game-choice input:checked').value === g", arg=game
        )
        _clear_of_the_bar(page.evaluate(CARD_AND_BAR, game), game)
    # with the keyboard: the arrow keys go from game to game, the focus stays on the choice
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("#game-choice input[value='pocha']").focus()
    for game in GAMES[1:]:
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "g => document.querySelector('#game-choice input:checked').value === g", arg=game
        )
        got = page.evaluate(CARD_AND_BAR, game)
        assert got["focused"] == game, got
        _clear_of_the_bar(got, game)
    no_js_errors(page)


#: Every menu of the lobby's rules (its parameters): the width its longest choice needs and
#: the width it has.
PARAMS_MEASURE = MEASURE.replace("#seats select", "#params select")


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_every_rule_shows_its_choices_whole(
    server: Server, context_factory: Any, width: str, lang: str
) -> None:
    # "the dealer's last car", "follow, overtake, tru", Russian "в масть, перебить, козырять,
    # перек" were cut in the lobby's Every rule
    page = context_factory(viewport=PHONE if width == "phone" else DESKTOP).new_page()
    watch_errors(page)
    page.goto(server.base + f"/?lang={lang}")
    page.wait_for_selector("#seat-kind-0")
    page.locator("details.advanced > summary").click()
    cut = []
    for game in GAMES:
        page.locator(f"#game-choice input[value='{game}']").evaluate("i => i.click()")
        page.wait_for_selector("#params select")
        measured = page.evaluate(PARAMS_MEASURE)
        assert len(measured) >= 3, (game, measured)
        cut += [(game, item) for item in measured if item["need"] > item["room"]]
    assert not cut, "\n".join(
        f"{g}: {i['text']!r} needs {i['need']:.0f}px of {i['room']:.0f}" for g, i in cut
    )
    viewport = page.viewport_size
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    no_js_errors(page)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_table_lists_say_loading_until_each_answers(
    server: Server, context_factory: Any, lang: str
) -> None:
    """Looked at (the lobby, round H): *Recently finished* stood empty, a heading with nothing
    under it, until the third of the lobby's requests for tables answered. Each list says
    "Loading…" until its own answer, and the lists are asked for together: the open tables
    are shown while the finished ones are still held back here."""
    page = context_factory(viewport=DESKTOP).new_page()
    watch_errors(page)
    held: list[Any] = []
    page.route("**/api/tables?status=finished*", lambda route: held.append(route))
    page.goto(f"{server.base}/?lang={lang}")
    page.wait_for_function("() => !document.querySelector('#open-tables li.empty[data-i18n]')")
    assert held, "the lobby did not ask for the finished tables"
    loading = {"en": "Loading…", "es": "Cargando…"}[lang]
    assert page.locator("#finished-tables").inner_text().strip() == loading
    assert page.locator("#open-tables").inner_text().strip() != loading
    held[0].continue_()
    page.wait_for_function(
        "t => document.getElementById('finished-tables').innerText.trim() !== t", arg=loading
    )
    no_js_errors(page)
