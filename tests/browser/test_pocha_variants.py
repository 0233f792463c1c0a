"""La Pocha's variants of the hand in the browser: the ronda india (the others' cards on their
foreheads, your own face down and played by clicking it), the ronda ciega (no card seen
before it is played) and the ronda subastada (the auction, the naming of trumps, the named
suit and no trump card); and the dealer's forbidden bid, the one the server's legal bids leave
out, as the view's forbidden_bid shows it to the dealer and to a spectator."""

from __future__ import annotations

from typing import Any

from .conftest import (
    PHONE,
    Server,
    axe_serious,
    no_js_errors,
    seat_page,
    shot,
    wait_turn_or_end,
    watch_errors,
)
from .test_hints_and_costs import _server_state
from .test_play import _click_something, _phase, _state, _wait_change

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
FACES = ".seat .card:not(.back), #hand .card:not(.back)"


def _india(server: Server) -> dict[str, Any]:
    return server.create(
        "pocha",
        [ME, BOT, BOT, BOT],
        params={"n_players": 4, "hand_size": 1, "ronda_india": True},
        name="Ana",
        seat=0,
        bot_delay=0.1,
    )


def test_ronda_india_shows_the_others_cards_and_plays_mine_face_down(
    server: Server, context_factory: Any
) -> None:
    created = _india(server)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    # my own card: one face-down card, no face anywhere in my hand
    assert page.locator("#hand .card").count() == 1
    assert page.locator("#hand .card.back").count() == 1
    # the others' cards, as the server gives them (the view's foreheads), on their seats
    state = _server_state(server, created["table"]["id"], created["token"])
    foreheads = state["view"]["foreheads"]
    assert foreheads[0] is None and all(foreheads[1:])
    for seat in (1, 2, 3):
        shown = page.locator(f".seat[data-seat='{seat}'] .shown .card")
        assert shown.count() == 1
        assert shown.first.get_attribute("data-card") == foreheads[seat]
    assert page.locator(".seat[data-seat='0'] .shown .card").count() == 0
    assert "Ronda india" in page.locator(".corner-info").first.text_content()
    shot(page, "pocha-india-desktop")
    assert not axe_serious(page)
    played = False
    for _ in range(12):
        if wait_turn_or_end(page) == "over":
            break
        if _phase(page) == "play":
            # the only legal card is mine, face down: clicking it plays it
            card = page.locator("#hand button.card.back.legal")
            assert card.count() == 1
            assert page.locator("#hand .card[data-card]").count() == 0  # its face stays hidden
            # a hint does not name the card either
            mine = _server_state(server, created["table"]["id"], created["token"])["legal"]
            name = page.evaluate(
                "async (c) => (await import('/static/js/cards.js')).cardName(c)",
                mine[0]["text"].split()[1],
            )
            page.locator("#actions button[data-key=hint]").click()
            page.wait_for_selector("[data-testid=hint]", timeout=60_000)
            said = page.locator("[data-testid=hint]").inner_text()
            assert "Play your face-down card" in said and name not in said, said
            before = _state(page)
            card.click()
            _wait_change(page, before)
            played = True
        else:
            _click_something(page)
    assert played
    page.wait_for_selector("[data-testid=game-over]")
    assert "Ana plays" in page.locator("#log").inner_text()
    no_js_errors(page)


def test_ronda_india_on_a_phone(server: Server, context_factory: Any) -> None:
    page = seat_page(context_factory, server, _india(server), viewport=PHONE)
    assert wait_turn_or_end(page) == "turn"
    assert page.locator(".seat .shown .card").count() == 3
    shot(page, "pocha-india-phone")
    no_js_errors(page)


def test_ronda_ciega_shows_no_card_before_it_is_played(
    server: Server, context_factory: Any
) -> None:
    created = server.create(
        "pocha",
        [ME, BOT, BOT],
        params={"n_players": 3, "hand_size": 1, "ronda_ciega": True},
        name="Ana",
        seat=0,
        bot_delay=0.1,
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "bidding"
    # nobody's card is face up: neither mine nor the others'; only the turned trump card
    assert page.locator(FACES).count() == 0
    assert page.locator("#hand .card.back").count() == 1
    assert "Ronda ciega" in page.locator(".corner-info").first.text_content()
    shot(page, "pocha-ciega-desktop")
    for _ in range(12):
        if wait_turn_or_end(page) == "over":
            break
        if _phase(page) == "play":
            assert page.locator(".seat .card:not(.back)").count() == 0
            before = _state(page)
            page.locator("#hand button.card.back.legal").click()
            _wait_change(page, before)
        else:
            _click_something(page)
    page.wait_for_selector("[data-testid=game-over]")
    no_js_errors(page)


def test_ronda_subastada_auction_and_named_trumps(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha",
        [ME, BOT, BOT, BOT],
        params={"n_players": 4, "hand_size": 3, "ronda_subastada": True},
        name="Ana",
        seat=0,
        bot_delay=0.1,
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "auction"
    assert page.locator("[data-testid=auction]").count() == 1
    offers = page.locator("#actions button[data-action^='offer']")
    assert offers.count() >= 1 and "Offer" in offers.first.inner_text()
    assert page.locator("#actions button[data-action='pass']").inner_text() == "Pass"
    assert page.locator(".corner-info .card").count() == 0  # no card is turned up
    shot(page, "pocha-auction-desktop")
    # offer the whole hand: nobody can beat it, so Ana names trumps
    before = _state(page)
    page.locator("#actions button[data-action='offer 3']").click()
    _wait_change(page, before)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "trumps"
    suits = page.locator("#actions button[data-action^='trumps']")
    assert suits.count() == 4
    assert "copas" in page.locator("#actions").inner_text()
    shot(page, "pocha-name-trumps-desktop")
    before = _state(page)
    page.locator("#actions button[data-action='trumps c']").click()
    _wait_change(page, before)
    corner = page.locator(".corner-info").first
    page.wait_for_function(
        "() => document.querySelector('.corner-info').innerText.includes('copas')"
    )
    assert corner.locator(".card").count() == 0  # the named suit, no trump card
    assert "Ana for 3" in corner.inner_text()
    log = page.locator("#log").inner_text()
    assert "Ana offers 3 tricks for trumps" in log and "Ana names copas trumps" in log
    # Ana's winning offer is her bid
    bids = page.locator("#panels table.sheet tbody tr").first.inner_text()
    assert "3" in bids
    for _ in range(20):
        if wait_turn_or_end(page) == "over":
            break
        _click_something(page)
    page.wait_for_selector("[data-testid=game-over]")
    no_js_errors(page)


def test_the_forbidden_bid_is_the_one_the_server_leaves_out(
    server: Server, context_factory: Any
) -> None:
    # Ana deals and bids last; the bots bid first
    created = server.create(
        "pocha",
        [ME, BOT, BOT],
        params={"n_players": 3, "hand_size": 4, "dealer": 0},
        name="Ana",
        seat=0,
        bot_delay=0.05,
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "bidding"
    table_id = created["table"]["id"]
    state = _server_state(server, table_id, created["token"])
    offered = {int(a["text"].split()[1]) for a in state["legal"]}
    missing = set(range(5)) - offered
    # the view's forbidden_bid is that same bid, for the dealer and for a spectator alike
    assert state["view"]["forbidden_bid"] == (next(iter(missing)) if missing else None)
    watcher = context_factory().new_page()
    watch_errors(watcher)
    watcher.goto(server.table_url(table_id) + "?watch=1")
    watcher.wait_for_selector(".seat")
    watcher.wait_for_function(
        "() => document.querySelector('#panels').innerText.includes('Bids and tricks')"
    )
    forbidden = page.locator("[data-testid=forbidden-bid]")
    watched = watcher.locator("[data-testid=forbidden-bid]")
    if missing:
        (bid,) = missing
        assert forbidden.inner_text() == str(bid)
        assert page.locator("#actions button[disabled]").inner_text() == f"Bid {bid}"
        watched.wait_for()
        assert watched.inner_text() == str(bid)  # the spectator is told too
        assert watcher.locator("#actions button").count() == 0  # but has nothing to click
    else:  # the others' bids already add up to more than the hand: every bid is allowed
        assert forbidden.count() == 0
        assert watched.count() == 0
    # once the dealer has bid, nobody is told of a forbidden bid any more
    before = _state(page)
    page.locator("#actions button[data-action^='bid']:not([disabled])").first.click()
    _wait_change(page, before)
    page.wait_for_function("() => !document.querySelector('[data-testid=forbidden-bid]')")
    watcher.wait_for_function("() => !document.querySelector('[data-testid=forbidden-bid]')")
    no_js_errors(page)
    no_js_errors(watcher)


def test_no_forbidden_bid_without_the_dealers_restriction(
    server: Server, context_factory: Any
) -> None:
    created = server.create(
        "pocha",
        [ME, BOT, BOT],
        params={"n_players": 3, "hand_size": 4, "dealer": 0, "dealer_restriction": False},
        name="Ana",
        seat=0,
        bot_delay=0.05,
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert page.locator("#actions button[data-action^='bid']").count() == 5
    assert page.locator("[data-testid=forbidden-bid]").count() == 0
    assert page.locator("#actions button[disabled]").count() == 0
    no_js_errors(page)
