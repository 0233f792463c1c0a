"""Whole games played in the browser against bots: La Pocha and Ombre by clicking, Trynka
with the keyboard only; two people at one table with a reload in the middle."""

from __future__ import annotations

import json
import re
from typing import Any

from .conftest import PHONE, Server, no_js_errors, seat_page, shot, wait_turn_or_end, watch_errors

BOTS = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
ACTIONS = "#actions button[data-action]:not([disabled]), #actions button[data-verb]"


def _state(page: Any) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.state || -1)"))


def _wait_change(page: Any, before: int) -> None:
    """Wait until the table's state number moves past ``before`` (or a refusal shows): an
    event of the page, with a generous bound (20 s ran out once at a load of 8, a phone's
    Danish l'hombre deal in a CI-like run beside two helpers)."""
    try:
        page.wait_for_function(
            "b => Number(document.body.dataset.state || -1) > b"
            " || document.querySelector('#refusal span')",
            arg=before,
            timeout=60000,
        )
    except Exception as error:
        raise AssertionError(f"the table stayed at state {before}: {_stuck(page)}") from error


def _stuck(page: Any) -> str:
    """What the page shows when a click moved nothing: its pacing, turn line, phase, hand and
    buttons (a CI run's only clue)."""
    return str(
        page.evaluate(
            """() => JSON.stringify({
              tapete: window.__tapete, phase: document.body.dataset.phase,
              turn: document.querySelector('#turn')?.textContent,
              hand: [...document.querySelectorAll('#hand button.card')].map((b) => b.className),
              actions: document.querySelector('#actions')?.innerHTML.slice(0, 2000),
              offline: !!document.querySelector('#offline'),
            })"""
        )
    )


def _phase(page: Any) -> str:
    return str(page.evaluate("() => document.body.dataset.phase || ''"))


def _click_something(page: Any) -> None:
    """Click a raised (legal) card if there is one, else the first action button."""
    before = _state(page)
    legal = page.locator("#hand button.card.legal")
    if legal.count():
        legal.first.click()
    else:
        page.locator(ACTIONS).first.click()
    _wait_change(page, before)


def test_pocha_whole_hand_by_clicking(server: Server, context_factory: Any) -> None:
    # Ana deals (seat 0 is the dealer): she bids last, under the dealer's restriction
    created = server.create(
        "pocha", [ME, BOTS, BOTS, BOTS], params={"hand_size": 5, "dealer": 0}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    # the trump card and the bids table are on show
    assert page.locator(".corner-info .info-box .card").count() >= 1
    assert "Bids and tricks" in page.locator("#panels").inner_text()
    tried_illegal = False
    bids = 0
    for _ in range(60):
        if wait_turn_or_end(page) == "over":
            break
        if _phase(page) == "bidding":
            bids += 1
            buttons = page.locator("#actions button[data-action^='bid']")
            assert buttons.count() >= 1
            if bids == 1:
                shot(page, "pocha-bidding-desktop")
                others = page.locator(
                    "#panels table.sheet tbody tr td:nth-child(2)"
                ).all_inner_texts()
                total = sum(int(b) for b in others[1:])
                forbidden = page.locator("[data-testid=forbidden-bid]")
                if 5 - total >= 0:
                    assert forbidden.inner_text() == str(5 - total)
                    assert (
                        page.locator(f"#actions button[data-action='bid {5 - total}']").count() == 0
                    )
                    off = page.locator("#actions button[disabled]")
                    assert off.inner_text() == f"Bid {5 - total}"
                else:
                    assert forbidden.count() == 0
        if not tried_illegal and _phase(page) == "play":
            unplayable = page.locator("#hand button.card:not(.legal)")
            if unplayable.count():
                before = page.locator("#log li").count()
                unplayable.first.click()
                page.wait_for_selector("#refusal span")
                reason = page.locator("#refusal").inner_text()
                assert re.search(r"must (follow|overtake|trump|overtrump)", reason), reason
                assert page.locator("#hand button.card").count() >= 1  # nothing was played
                tried_illegal = True
                del before
                shot(page, "pocha-refused-desktop")
        _click_something(page)
    else:
        raise AssertionError("the hand did not end")
    banner = page.locator("[data-testid=game-over]")
    assert banner.is_visible()
    assert "Points this hand" in banner.inner_text()
    log = page.locator("#log").inner_text()
    assert "Ana plays" in log and "takes the trick" in log and "The trump card is" in log
    # every change is also said in the ARIA live region
    live = page.locator("#announcer")
    assert live.get_attribute("aria-live") == "polite"
    assert "plays" in live.inner_text() or "takes the trick" in live.inner_text()
    shot(page, "pocha-over-desktop")
    no_js_errors(page)


def test_ombre_whole_deal_with_an_exchange(server: Server, context_factory: Any) -> None:
    created = server.create("ombre", [ME, BOTS, BOTS], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    exchanged = False
    for _ in range(80):
        if wait_turn_or_end(page) == "over":
            break
        phase = _phase(page)
        if phase == "auction" and page.locator("#actions button[data-action=ombre]").count():
            before = _state(page)
            page.locator("#actions button[data-action=ombre]").click()
            _wait_change(page, before)
            continue
        if phase == "exchange" and page.locator("#actions button[data-action=draw]").count():
            cards = page.locator("#hand button.card.legal")
            assert cards.count() >= 2
            picked = [cards.nth(i).get_attribute("data-card") for i in range(2)]
            cards.nth(0).click()
            page.locator("#hand button.card.selected").first.wait_for()
            page.locator(f"#hand button.card[data-card='{picked[1]}']").click()
            assert page.locator("#hand button.card.selected").count() == 2
            draw = page.locator("#actions button[data-action=draw]")
            assert "Discard 2 and draw" in draw.inner_text()
            shot(page, "ombre-exchange-desktop")
            before = _state(page)
            draw.click()
            # two discards then the draw: three actions of this seat
            page.wait_for_function(
                "b => Number(document.body.dataset.state) >= b + 3", arg=before, timeout=20000
            )
            hand = [
                page.locator("#hand button.card").nth(i).get_attribute("data-card")
                for i in range(page.locator("#hand button.card").count())
            ]
            assert not set(picked) & set(hand), (picked, hand)
            exchanged = True
            continue
        if phase == "trumps":
            shot(page, "ombre-trumps-desktop")
        _click_something(page)
        if phase == "play" and page.locator(".card.matador").count():
            assert page.locator("#panels").inner_text().count("Spadille") == 1
    else:
        raise AssertionError("the deal did not end")
    assert exchanged, "this seat never exchanged"
    text = page.locator("[data-testid=game-over]").inner_text()
    assert re.search(r"Sacardo|Codille|Puesta|passed", text), text
    assert page.locator("[data-testid=announcement]").count() == 1
    assert "Pool and balances" in page.locator("#panels").inner_text()
    shot(page, "ombre-over-desktop")
    no_js_errors(page)


def test_ombre_only_a_pass_is_asked_for_after_another_seat_declared(
    server: Server, context_factory: Any
) -> None:
    """Seat 0 deals, so it speaks last in the auction: where a bot has said "I play" it may
    only pass, and the turn line says so instead of asking it to play (tables are dealt
    until a bot declares before it: about one in two)."""
    for _ in range(20):
        created = server.create("ombre", [ME, BOTS, BOTS], params={"dealer": 0}, name="Ana",
                                seat=0)  # fmt: skip
        page = seat_page(context_factory, server, created)
        page.wait_for_selector("#hand button.card")
        assert wait_turn_or_end(page) == "turn"
        assert _phase(page) == "auction"
        buttons = page.locator("#actions button[data-action]")
        names = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        turn = page.locator("#turn").inner_text()
        if names == ["pass"]:
            assert re.search(r"plays as ombre: you can only pass", turn), turn
            assert "Will you play" not in turn
            shot(page, "ombre-only-pass-desktop")
            no_js_errors(page)
            return
        assert "ombre" in names and "Will you play as ombre?" in turn, (names, turn)
        page.close()
    raise AssertionError("no bot declared before seat 0 in 20 deals")


def _tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate(
            "s => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _trynka_bank_by_keyboard(server: Server, context_factory: Any) -> tuple[Any, bool, bool]:
    created = server.create(
        "trynka", [ME, BOTS], params={"n_players": 2, "flash_limit": 0}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#turn")
    blind = revealed = False
    for _ in range(40):
        if wait_turn_or_end(page) == "over":
            break
        before = _state(page)
        acts = page.evaluate(
            "() => [...document.querySelectorAll('#actions [data-action], #actions [data-verb]')]"
            ".map(b => b.dataset.verb || b.dataset.action.split(' ')[0])"
        )
        if "blind" in acts and not blind:
            _tab_to(page, "#actions button[data-verb=blind]")
            shot(page, "trynka-blind-desktop")
            blind = True
        elif "reveal" in acts:
            _tab_to(page, "#actions button[data-action=reveal]")
            assert page.locator("#actions button[data-action=reveal] .cost").inner_text().isdigit()
            revealed = True
        elif "show" in acts:
            _tab_to(page, "#actions button[data-action=show]")
        elif "bet" in acts:
            _tab_to(page, "#actions button[data-verb=bet]")
        else:
            _tab_to(page, "#actions button")
        page.keyboard.press("Enter")
        _wait_change(page, before)
        page.wait_for_timeout(50)
        # focus is never lost: it stays on the page's controls after every redraw
        assert page.evaluate("() => document.activeElement !== document.body")
    return page, blind, revealed


def test_trynka_whole_bank_with_blind_and_reveal_keyboard_only(
    server: Server, context_factory: Any
) -> None:
    # the bot may fold before anyone can reveal, and a reveal that ties starts a svara (new
    # cards) that the bot may end by folding: play new banks until one has a blind and ends
    # with the reveal's two hands on show (the other seat's three cards)
    shown = ".seat[data-seat='1'] .shown .card"
    for _attempt in range(20):  # about one bank in four has both
        page, blind, revealed = _trynka_bank_by_keyboard(server, context_factory)
        assert page.locator("[data-testid=game-over]").is_visible()
        if blind and revealed and page.locator(shown).count() == 3:
            break
    else:
        raise AssertionError("no bank with a blind and a reveal that showed the hands in 20 tries")
    log = page.locator("#log").inner_text()
    assert "Ana plays blind for" in log and "Ana reveals" in log
    assert not re.search("[а-яё]", log, re.IGNORECASE)  # the English page has no Cyrillic
    assert page.locator("[data-testid=bank]").count() == 1
    shot(page, "trynka-over-desktop")
    no_js_errors(page)


def test_two_people_at_one_table_one_reloads(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, ME, BOTS, BOTS], params={"hand_size": 4}, name="Ana", seat=0
    )
    table_id = created["table"]["id"]
    ana = seat_page(context_factory, server, created)
    # Bea opens the shared link and takes the free seat
    bea_ctx = context_factory()
    bea = bea_ctx.new_page()
    watch_errors(bea)
    bea.goto(server.table_url(table_id))
    bea.locator("#join-name").fill("Bea")
    bea.locator("#join form button[type=submit]").click()
    bea.wait_for_selector("#hand button.card")
    assert "Bea" in ana.locator("#felt").inner_text() or ana.wait_for_function(
        "() => document.querySelector('#felt').innerText.includes('Bea')"
    )
    reloaded = False
    for _ in range(80):
        ended = 0
        for who, page in (("ana", ana), ("bea", bea)):
            state = page.evaluate(
                "() => document.querySelector('[data-testid=game-over]') ? 'over'"
                " : (document.querySelector('#turn.mine') ? 'turn' : 'wait')"
            )
            if state == "over":
                ended += 1
                continue
            if state != "turn":
                continue
            if who == "bea" and page.locator("#hand button.card.legal").count():
                # Bea plays from the keyboard: the card's notation, then Enter
                card = page.locator("#hand button.card.legal").first.get_attribute("data-card")
                before = _state(page)
                page.keyboard.type(card)
                assert page.evaluate("() => document.activeElement.dataset.card") == card
                page.keyboard.press("Enter")
                _wait_change(page, before)
            else:
                _click_something(page)
            if who == "ana" and not reloaded and _phase(ana) == "play":
                ana.reload()
                ana.wait_for_selector("#hand button.card")
                reloaded = True
        if ended == 2:
            break
        ana.wait_for_timeout(150)
    else:
        raise AssertionError("the hand did not end for both")
    assert reloaded
    for page in (ana, bea):
        assert page.locator("[data-testid=game-over]").is_visible()
        no_js_errors(page)
    # each saw only its own hand: the seats' names and the same result
    res_a = ana.locator("[data-testid=game-over] table").inner_text()
    res_b = bea.locator("[data-testid=game-over] table").inner_text()
    assert res_a == res_b


def test_phone_width_table_is_usable(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, BOTS, BOTS, BOTS], params={"hand_size": 8}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created, viewport=PHONE)
    page.wait_for_selector("#hand button.card")
    wait_turn_or_end(page)
    # every card of the hand fits in the screen's width
    boxes = [
        page.locator("#hand button.card").nth(i).bounding_box()
        for i in range(page.locator("#hand button.card").count())
    ]
    assert all(
        b is not None and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 1 for b in boxes
    ), json.dumps(boxes)
    shot(page, "pocha-table-phone")
    no_js_errors(page)


def test_arrow_keys_and_enter_play_a_whole_hand(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha", [ME, BOTS, BOTS, BOTS], params={"hand_size": 3}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    played = 0
    for _ in range(20):
        if wait_turn_or_end(page) == "over":
            break
        before = _state(page)
        if _phase(page) == "play":
            held = page.locator("#hand button.card").count()
            _tab_to(page, "#hand button.card")
            # from the hand's tab stop, the arrows walk the cards; Enter plays a legal one
            for _step in range(held):
                if page.evaluate("() => document.activeElement.classList.contains('legal')"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            _wait_change(page, before)
            page.wait_for_function(
                "n => document.querySelectorAll('#hand button.card').length < n", arg=held
            )
            played += 1
        else:
            _tab_to(page, "#actions button[data-action]:not([disabled])")
            page.keyboard.press("Enter")
            _wait_change(page, before)
        assert page.evaluate("() => document.activeElement !== document.body")
    assert page.locator("[data-testid=game-over]").is_visible()
    assert played == 3
    no_js_errors(page)
