"""Tresillo drawn with the Spanish pack, as its players know it (issue 28): the engine writes
its cards in Ombre's French notation (docs/tresillo.md: oros = ♦, copas = ♥, espadas = ♠,
bastos = ♣; rey = K, caballo = Q, sota = J), the table draws and names them as the Spanish
pack's (hand, corner boxes, log, replay); the French pack is a setting of the page,
remembered; the other games keep their packs."""

from __future__ import annotations

import re
from typing import Any

from .conftest import Server, axe_serious, no_js_errors, seat_page, shot, watch_errors
from .test_tresillo import _play_out

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
SPANISH = re.compile(r"\bof (oros|copas|espadas|bastos)\b")
FRENCH = re.compile(r"\bof (clubs|diamonds|hearts|spades)\b")
SPANISH_OF = {"♦": "oros", "♥": "copas", "♠": "espadas", "♣": "bastos"}
RANK_OF = {"K": "rey", "Q": "caballo", "J": "sota", "A": "ace"}


def _hand(page: Any) -> list[tuple[str, str]]:
    """Each card of the hand: its notation (the engine's) and its spoken name."""
    cards = page.locator("#hand button.card")
    out = []
    for i in range(cards.count()):
        card = cards.nth(i)
        out.append((card.get_attribute("data-card") or "", card.get_attribute("aria-label") or ""))
    return out


def test_tresillo_is_drawn_and_named_from_the_spanish_pack(
    server: Server, context_factory: Any
) -> None:
    created = server.create(
        "tresillo", [ME, BOT, BOT, BOT], params={"palo_de_favor": "diamonds"}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    hand = _hand(page)
    assert len(hand) == 9
    for code, name in hand:
        # the French notation stays the card's (the actions sent), its name is the Spanish card
        suit, rank = code[0], code[1:]
        assert name.startswith(RANK_OF.get(rank, name.split(" ")[0])), (code, name)
        assert f"of {SPANISH_OF[suit]}" in name, (code, name)
        assert not FRENCH.search(name), name
    # the corner box names the palo de favor as a Spanish suit, without a French symbol
    assert page.locator("[data-testid=favor]").inner_text() == "oros"
    # the card's face is the Spanish pack's (its "pinta" frame and Spanish rank letters)
    face = page.locator("#hand button.card .card-face").first.evaluate(
        "el => decodeURIComponent(getComputedStyle(el).backgroundImage)"
    )
    assert 'stroke-width="4"' in face and "♠" not in face
    # the keyboard picks a card by its Spanish notation too: the rey de copas is "rc"
    code, _ = hand[0]
    spanish = {"K": "r", "Q": "c", "J": "s"}.get(code[1:], code[1:].lower())
    page.locator("#hand").focus()
    page.keyboard.type(spanish + {"♦": "o", "♥": "c", "♠": "e", "♣": "b"}[code[0]])
    assert page.evaluate("document.activeElement.dataset.card") == code
    shot(page, "tresillo-spanish-pack-desktop")
    assert not axe_serious(page)
    # a whole deal: the log names the Spanish suits only
    _play_out(page)
    log = page.locator("#log").inner_text()
    thrown_in = "thrown in" in log  # everybody passed: no card was played, no trumps named
    assert (
        thrown_in
        or SPANISH.search(log)
        or re.search(r"\b(oros|copas|espadas|bastos) trumps\b", log)
    ), log
    assert not FRENCH.search(log) and not re.search(r"\b(clubs|diamonds|hearts|spades)\b", log)
    # the replay names them so too
    replay = context_factory().new_page()
    watch_errors(replay)
    replay.goto(server.replay_url(created["table"]["id"]))
    replay.wait_for_selector("body[data-frame='0']")
    listed = replay.locator("#transcript").inner_text()
    assert SPANISH.search(listed) and not FRENCH.search(listed)
    no_js_errors(page)
    no_js_errors(replay)


def test_the_french_pack_is_a_remembered_setting(server: Server, context_factory: Any) -> None:
    created = server.create(
        "tresillo", [ME, BOT, BOT, BOT], params={"palo_de_favor": "diamonds"}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    picker = page.locator("select#pack")
    assert picker.input_value() == "spanish"
    picker.select_option("french")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#hand button.card')]"
        ".every((b) => / of (clubs|diamonds|hearts|spades)$/.test(b.getAttribute('aria-label')))"
    )
    assert page.locator("[data-testid=favor]").inner_text() == "♦ diamonds"
    assert page.evaluate("localStorage.getItem('tapete.pack.tresillo')") == "french"
    # kept on the next visit
    page.reload()
    page.wait_for_selector("#hand button.card")
    assert page.locator("select#pack").input_value() == "french"
    assert all(FRENCH.search(name) for _, name in _hand(page))
    shot(page, "tresillo-french-pack-desktop")
    no_js_errors(page)


def test_other_games_keep_their_packs(server: Server, context_factory: Any) -> None:
    created = server.create("ombre", [ME, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    page.wait_for_selector("#hand button.card")
    assert all(FRENCH.search(name) for _, name in _hand(page))
    assert page.locator("select#pack").count() == 0  # no pack to choose
    # the lobby shows Tresillo's game with Spanish cards
    lobby = context_factory().new_page()
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("#game-choice input[value=tresillo]")
    minis = lobby.locator("#game-choice label:has(input[value=tresillo]) .card[data-card]")
    codes = [minis.nth(i).get_attribute("data-card") or "" for i in range(minis.count())]
    assert codes and all(re.fullmatch(r"(A|[2-7]|S|C|R)[oceb]", c) for c in codes), codes
    no_js_errors(page)
