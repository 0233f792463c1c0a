"""The replay page as its screenshots showed it (issue 28, round F): a replay's step 0 was an
empty table in every game (no hands, no dealer: nothing is dealt before the first actions, the
first dealer's lot and the cards one by one); the current action must stay in sight in the list
of actions when a long replay is stepped far down (the fix of 8fdc6c4 had no test that failed
without it)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, axe_serious, no_js_errors
from .test_replay_looked_at import _open
from .test_replay_nav import _finished, _wait_frame

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
#: the words at step 0 and on the button to the deal
WORDS = {
    "en": ("No cards dealt yet", "Show the cards dealt"),
    "es": ("Aún no se ha repartido ninguna carta", "Ver las cartas repartidas"),
    "ru": ("Карты ещё не сданы", "Показать сданные карты"),
}
#: the boxes of the note before the deal and of every seat on the felt
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const note = document.querySelector('#felt [data-testid=not-dealt]');
  return { note: note && box(note), felt: box(document.getElementById('felt')),
           seats: [...document.querySelectorAll('#felt .seat')].map(box) };
}"""


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


@pytest.mark.parametrize(
    ("game", "n", "params", "size", "lang"),
    [
        ("pocha-match", 3, {"n_players": 3, "hand_sequence": "2,1"}, "desktop", "en"),
        ("pocha-match", 3, {"n_players": 3, "hand_sequence": "2,1"}, "phone", "es"),
        ("trynka-match", 3, {"n_players": 3, "banks": 2}, "phone", "ru"),
        ("tresillo-match", 4, {"num_deals": 2}, "desktop", "ru"),
    ],
)
def test_step_zero_says_nothing_is_dealt_and_leads_to_the_deal(
    server: Server,
    context_factory: Any,
    game: str,
    n: int,
    params: dict[str, Any],
    size: str,
    lang: str,
) -> None:
    table_id = _finished(server, game, n, **params)
    steps = server.call("GET", f"/api/tables/{table_id}/steps")
    record = server.call("GET", f"/api/tables/{table_id}/record")
    page = _open(server, context_factory, table_id, PHONE if size == "phone" else DESKTOP, lang)
    # step 0: no card anywhere, and the felt says so (it was an empty table)
    assert page.locator("#felt .card, #panels .card").count() == 0
    note = page.locator("#felt [data-testid=not-dealt]")
    heading, button = WORDS[lang]
    assert note.is_visible() and note.locator("h2").inner_text() == heading
    # on the felt, clear of every seat (a phone's middle is narrow) and inside the felt
    boxes = page.evaluate(BOXES)
    assert all(_apart(boxes["note"], seat) for seat in boxes["seats"]), boxes
    felt = boxes["felt"]
    assert felt["left"] <= boxes["note"]["left"] and boxes["note"]["right"] <= felt["right"]
    # its button goes to the cards dealt: every seat holds cards, a seat acts next, chance
    # (the deal or the trump turned) acted last
    to_dealt = page.locator("#felt [data-testid=to-dealt]")
    assert to_dealt.inner_text() == button
    to_dealt.click()
    page.wait_for_function("() => document.body.dataset.frame !== '0'")
    at = int(page.evaluate("Number(document.body.dataset.frame)"))
    assert steps["actors"][at] >= 0 and steps["actors"][at - 1] == -1, at
    assert record["actions"][at - 1].split(" ")[0] in ("deal", "turn"), record["actions"][at - 1]
    assert page.locator("#felt [data-testid=not-dealt]").count() == 0
    if size == "desktop":
        seats = page.locator("#felt .seat:not(.out)")  # Tresillo's dealer sits out at four
        assert seats.count() >= 3
        for s in range(seats.count()):
            assert seats.nth(s).locator(".card").count() >= 1, (s, at)
    else:
        rows = page.locator("[data-testid=open-hands] li")
        assert rows.count() == n
        assert all(rows.nth(s).locator(".card").count() >= 1 for s in range(n)), at
    assert not axe_serious(page)
    no_js_errors(page)


#: the current action's line, seen: inside the list's own box, the side panel's (it scrolls in
#: itself on a desktop) and the window, and the top element at its middle
IN_SIGHT = """() => {
  const now = document.querySelector('#transcript li.now');
  const r = now.getBoundingClientRect();
  const boxes = [document.getElementById('transcript').getBoundingClientRect(),
                 document.querySelector('.side').getBoundingClientRect()];
  const inside = boxes.every((b) => b.top - 1 <= r.top && r.bottom <= b.bottom + 1);
  const inWindow = r.top >= -1 && r.bottom <= window.innerHeight + 1;  // a pixel's fraction
  const hit = inWindow && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return { inside, inWindow, hit: !!hit && now.contains(hit), move: now.dataset.move,
           scrollY: window.scrollY };
}"""


@pytest.mark.parametrize("lang", ["es", pytest.param("en", marks=pytest.mark.slow)])  # CI time
def test_the_current_action_stays_in_sight_far_down_a_long_replay(
    server: Server, context_factory: Any, lang: str
) -> None:
    """Two deals of Ombre (about two hundred actions) at 1366x768: the slider to the last
    steps, the End key, the keys back and the jumps; the current action's line is where it is
    seen each time (with the list left as it was, it stayed at the list's top, out of sight)."""
    table_id = _finished(server, "ombre-match", 3, num_deals=2)
    steps = server.call("GET", f"/api/tables/{table_id}/steps")
    total = steps["total"]
    assert total > 100  # a long replay: its list is many times taller than its box
    page = _open(server, context_factory, table_id, DESKTOP, lang)

    def slide(n: int) -> None:
        page.evaluate(
            "n => { const s = document.getElementById('slider'); s.value = String(n);"
            " s.dispatchEvent(new Event('input', { bubbles: true })); }",
            n,
        )
        _wait_frame(page, n)

    def seen(n: int) -> None:
        got = page.evaluate(IN_SIGHT)
        assert got["move"] == str(n) and got["inside"] and got["hit"], (n, got)
        assert got["scrollY"] == 0, (n, got)

    for n in (total - 3, total // 2, total - 40):
        slide(n)
        seen(n)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("End")
    _wait_frame(page, total)
    seen(total)
    for n in range(total - 1, total - 6, -1):
        page.keyboard.press("ArrowLeft")
        _wait_frame(page, n)
        seen(n)
    # back to a deal's start with the jumps: the list follows upwards too
    page.locator("#prev-deal").click()
    at = max(d for d in steps["deals"] if d < total - 5)
    _wait_frame(page, at)
    seen(at)
    no_js_errors(page)


#: the trick's cards covered by a label: each card's middle (a desktop's) or its top left corner,
#: the index (a phone's, where the cards may overlap each other), under the taker or outcome
COVERED = """(corner) => [...document.querySelectorAll('#felt .trick-card')].filter((c) => {
  const r = c.getBoundingClientRect();
  const x = corner ? r.left + 6 : r.left + r.width / 2;
  const y = corner ? r.top + 8 : r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return !!top && !!top.closest('[data-testid=trick-winner], [data-testid=announcement]');
}).map((c) => c.dataset.trickSeat)"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_deals_end_shows_its_outcome_beside_the_action_not_over_the_trick(
    server: Server, context_factory: Any, size: str
) -> None:
    """Looked at (Tresillo's last step at 1366x768): 'X takes the trick' and 'Sacada: the
    player wins the game' stacked over the last trick hid the winning card's lower half; the
    table tells the outcome under the felt, the replay now does too, beside the action."""
    # a session whose last deal was played to its last trick (the server shuffles: a deal
    # thrown in or surrendered has no last trick), where a few tries find one
    for _ in range(8):
        table_id = _finished(server, "tresillo-match", 4, num_deals=2)
        steps = server.call("GET", f"/api/tables/{table_id}/steps")
        total = steps["total"]
        if total in steps["tricks"]:
            break
    page = _open(server, context_factory, table_id, PHONE if size == "phone" else DESKTOP, "en")
    page.locator("#last").click()
    _wait_frame(page, total)
    assert page.locator("#felt .trick-card").count() == 3  # the last trick, three players
    assert page.locator("#felt [data-testid=announcement]").count() == 0
    outcome = page.locator("#now [data-testid=announcement]")
    assert outcome.count() == 1 and outcome.is_visible()
    assert page.locator("#now").inner_text().startswith(f"Action {total}: ")
    # who took the trick is said once, on the felt or beside the action
    assert page.locator("[data-testid=trick-winner]").count() == 1
    assert page.evaluate(COVERED, size == "phone") == []
    # the line's words keep off the window's edges (a phone's long Spanish action touched both)
    edges = page.evaluate(
        "() => [...document.querySelectorAll('#now > span')].flatMap((e) =>"
        " [...e.getClientRects()].map((r) => [r.left, window.innerWidth - r.right]))"
    )
    assert edges and all(min(pair) >= 4 for pair in edges), edges
    # a step back: the trick not complete, nothing beside the action
    page.locator("#prev").click()
    _wait_frame(page, total - 1)
    assert page.locator("#now [data-testid=announcement], #now .trick-taker").count() == 0
    assert not axe_serious(page)
    no_js_errors(page)


def test_the_next_deals_jump_shows_the_deal_that_ended(
    server: Server, context_factory: Any
) -> None:
    """Looked at (Trynka's and La Pocha's jumps): the action that ends a deal begins the next
    one, so the step reached with *Next deal* showed the new deal, nothing dealt, and the last
    trick (Trynka's showdown) of the deal before was never seen in the replay."""
    table_id = _finished(server, "pocha-match", 3, n_players=3, hand_sequence="2,1")
    steps = server.call("GET", f"/api/tables/{table_id}/steps")
    second = steps["deals"][1]
    assert second in steps["tricks"]  # the deal's last card begins the next deal
    end = server.call("GET", f"/api/tables/{table_id}/frames/{second}")
    assert end["spectator"]["deal"] is not None  # the next deal is live...
    assert end["last_deal"]["move"] == second  # ...and the one that ended comes with it
    assert end["last_deal"]["spectator"]["phase"] == "over"
    after = server.call("GET", f"/api/tables/{table_id}/frames/{second + 1}")
    assert after["last_deal"] is None
    page = _open(server, context_factory, table_id, DESKTOP, "en")
    for _ in range(2):  # to the first deal (after the first dealer's lot), then the second
        before = page.evaluate("document.body.dataset.frame")
        page.locator("#next-deal").click()
        page.wait_for_function("b => document.body.dataset.frame !== b", arg=before)
    _wait_frame(page, second)
    # the first deal's last trick, its taker, the seats' counts of it: two tricks taken
    assert page.locator("#felt .trick-card").count() == 3
    assert page.locator("[data-testid=trick-winner]").count() == 1
    assert page.locator("#felt [data-testid=not-dealt]").count() == 0
    won = page.evaluate(
        "() => [...document.querySelectorAll('#felt .seat .stat')].map((e) => e.innerText)"
    )
    assert sum(int(w.rsplit("won ", 1)[1]) for w in won) == 2, won
    # one step on: the second deal, being dealt
    page.locator("#next").click()
    _wait_frame(page, second + 1)
    assert page.locator("#felt .trick-card").count() == 0
    no_js_errors(page)


def _to_step(page: Any, n: int) -> None:
    """Move the replay's slider to step `n` (as a drag ends there) and wait for its table."""
    page.evaluate(
        """n => { const s = document.getElementById('slider'); s.value = String(n);
                  s.dispatchEvent(new Event('input')); }""",
        n,
    )
    _wait_frame(page, n)


def test_a_banks_end_counts_as_that_bank_in_the_session(
    server: Server, context_factory: Any
) -> None:
    """Looked at (Trynka's replay, round F): at the end of the first bank, drawn at the step
    whose action begins the second, the Session box already said "Bank 2 of 2"."""
    table_id = _finished(server, "trynka-match", 3, n_players=3, banks=2)
    steps = server.call("GET", f"/api/tables/{table_id}/steps")
    second = steps["deals"][1]
    assert server.call("GET", f"/api/tables/{table_id}/frames/{second}")["last_deal"]
    page = _open(server, context_factory, table_id, DESKTOP, "en")
    _to_step(page, second)
    panels = page.locator("#panels").inner_text()
    assert "Bank 1 of 2" in panels and "Bank 2 of 2" not in panels, panels
    _to_step(page, second + 1)  # the second bank, being dealt
    assert "Bank 2 of 2" in page.locator("#panels").inner_text()
    no_js_errors(page)


def test_a_phones_list_of_hands_has_cards_at_a_deals_end(
    server: Server, context_factory: Any
) -> None:
    """Looked at (La Pocha's replay on a phone, round F): at a deal's end every card is played
    and "Every hand" listed the seats' names with no card; the list is left out then, and the
    score sheet has one row for the hand that ended (its count of hands played is that hand's)."""
    table_id = _finished(server, "pocha-match", 3, n_players=3, hand_sequence="2,1")
    steps = server.call("GET", f"/api/tables/{table_id}/steps")
    second = steps["deals"][1]
    page = _open(server, context_factory, table_id, PHONE, "en")
    _to_step(page, second - 1)  # the deal's last trick being played: hands listed with cards
    rows = page.locator("[data-testid=open-hands] .hand-row")
    assert rows.count() == 3
    assert page.locator("[data-testid=open-hands] .card").count() >= 1
    _to_step(page, second)  # the deal's end: every card on the felt or taken
    assert page.locator("#felt .trick-card").count() == 3
    lists = page.locator("[data-testid=open-hands]")
    if lists.count():
        cards = [r.locator(".card").count() for r in lists.locator(".hand-row").all()]
        assert all(cards), cards
    sheet = page.locator("#panels .score-sheet tbody tr").all_inner_texts()
    sizes = [row.split()[0] for row in sheet]
    assert len(sizes) == len(set(sizes)) or sizes.count("2") == 1, sheet
    no_js_errors(page)


def test_the_side_panel_is_scrolled_to_a_sections_start(
    server: Server, context_factory: Any
) -> None:
    """Looked at (Danish l'hombre's step 0 at 1366x768, round F): the side panel was scrolled to
    show the list of actions and cut the Result's title in half at its top. Every step checked
    here leaves no section's title cut by the panel's top, the current action in sight."""
    table_id = _finished(server, "lhombre-match", 3, num_deals=2)
    page = _open(server, context_factory, table_id, DESKTOP, "en")
    check = """() => {
      const side = document.querySelector('.side');
      const top = side.getBoundingClientRect().top;
      const cut = [...side.querySelectorAll('h2')].filter((h) => {
        const r = h.getBoundingClientRect();
        return r.height > 0 && r.top < top - 0.5 && r.bottom > top + 0.5;
      }).map((h) => h.textContent);
      const now = document.querySelector('#transcript li.now').getBoundingClientRect();
      const box = side.getBoundingClientRect();
      return { scrolled: side.scrollTop, cut,
               seen: now.top >= box.top - 0.5 && now.bottom <= box.bottom + 0.5 };
    }"""
    total = int(page.evaluate("Number(document.getElementById('slider').max)"))
    for n in [*range(0, total, 9), total]:
        if n:
            _to_step(page, n)
        state = page.evaluate(check)
        assert not state["cut"] and state["seen"], (n, state)
    no_js_errors(page)
