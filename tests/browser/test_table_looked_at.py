"""Defects of the table page found by looking at its screenshots (issue 28, ``table_shots.py``),
each checked where the layout checks of ``test_table_layout.py`` do not reach: La Pocha's
score sheet showed the hand that ended's bids in the next hand's row; Ombre's session sheet
ran out of the side panel at 1366x768; on a phone, *See the table* left the page scrolled down
to the side panel."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PHONE, Server, no_js_errors, seat_page, shot, wait_turn_or_end, watch_errors
from .test_pages import _finished_table
from .test_play import _click_something
from .test_table_layout import CHECKER, _advance

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}

# Kept by the page at each state drawn: the current row of La Pocha's score sheet while the
# hand that ended is on the felt (a "synthetic" state, see table.js *pacing*).
ROWS_AT_DEAL_END = """
window.__rows = [];
document.addEventListener('tapete:state', (e) => {
  if (!e.detail.synthetic) return;
  const row = document.querySelector('#panels .score-sheet tr.current');
  const cells = row ? [...row.querySelectorAll('td')].slice(1) : [];
  window.__rows.push(row ? cells.map((td) => td.innerText.trim()) : null);
});
"""


def test_the_next_hands_row_waits_for_its_bids(server: Server, context_factory: Any) -> None:
    created = server.create(
        "pocha-match",
        [ME, BOT, BOT, BOT],
        params={"hand_sequence": "3,2"},
        name="Ana",
        seat=0,
        bot_delay=0.05,
    )
    page = _seated_watching(server, context_factory, created, None, ROWS_AT_DEAL_END)
    for _ in range(40):
        if page.evaluate("() => window.__rows.length") or wait_turn_or_end(page) == "over":
            break
        _click_something(page)
    rows = page.evaluate("() => window.__rows")
    assert rows, "the end of the first hand was not drawn"
    # the next hand (2 cards) has no bids yet: its row is dots, not the last hand's bids
    for row in rows:
        assert row == ["·"] * 4, rows
    no_js_errors(page)


def test_ombres_session_sheet_fits_the_side_panel(server: Server, context_factory: Any) -> None:
    created = server.create(
        "ombre-match",
        [ME, BOT, BOT],
        params={"num_deals": 2},
        name="Anastasia Wilhelmina",
        seat=0,
        bot_delay=0.05,
    )
    page = seat_page(context_factory, server, created, viewport={"width": 1366, "height": 768})
    sheet = page.locator("[data-testid=deal-sheet]")
    for _ in range(80):
        if sheet.count() or wait_turn_or_end(page, timeout=120) == "over":
            break
        _advance(page)
    sheet.wait_for()
    shot(page, "looked-at-ombre-sheet")
    # a seat, the ombre, the outcome and three seats' columns, none cut at the panel's edge
    wide = page.evaluate(
        """() => {
          const wrap = document.querySelector('[data-testid=deal-sheet]').closest('.sheet-wrap');
          return [wrap.scrollWidth, wrap.clientWidth];
        }"""
    )
    assert wide[0] <= wide[1] + 1, wide
    no_js_errors(page)


def test_see_the_table_brings_the_table_in_sight_on_a_phone(
    server: Server, context_factory: Any
) -> None:
    table_id = _finished_table(server, "pocha", 4, hand_size=3)
    page = context_factory(viewport=PHONE).new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id))
    page.wait_for_selector(".end-dialog")
    # read down the side panel under the dialog, as a phone's player does
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 300")
    page.locator("[data-key=hide-result]").click()
    page.wait_for_selector("[data-key=show-result]")
    top = page.evaluate("() => document.getElementById('felt').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"] / 2, top
    no_js_errors(page)


@pytest.mark.parametrize(
    ("game", "n", "name"), [("tresillo", 4, "Tresillo a cuatro"), ("lhombre", 3, "L'hombre danés")]
)
def test_a_phone_shows_a_long_games_name_whole(
    server: Server, context_factory: Any, game: str, n: int, name: str
) -> None:
    created = server.create(game, [ME] + [BOT] * (n - 1), name="Ana", seat=0)
    page = seat_page(context_factory, server, created, viewport=PHONE, locale="es-ES")
    short = page.locator("#title .title-short")
    short.wait_for()
    assert short.inner_text() == name
    # in its box, not cut ("Tresillo…", "L'homb…"): it may take two lines
    cut = page.evaluate(
        """() => {
          const el = document.querySelector('#title .title-short');
          const title = document.getElementById('title');
          return [el.scrollHeight - el.clientHeight, title.scrollWidth - title.clientWidth];
        }"""
    )
    assert cut[0] <= 1 and cut[1] <= 1, cut
    no_js_errors(page)


def test_a_finished_trynka_session_counts_its_last_bank(
    server: Server, context_factory: Any
) -> None:
    table_id = _finished_table(server, "trynka-match", 3, n_players=3, banks=2)
    page = context_factory().new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id))
    page.wait_for_selector(".end-dialog")
    # the session's panel: its last bank, not one past it ("Bank 3 of 2")
    assert "Bank 2 of 2" in page.locator("#panels").inner_text()
    no_js_errors(page)


# Kept by the page at each deal's end it draws between deals (a "synthetic" state): how many
# of the last trick's cards have their index (the top-left corner, which says what the card
# is) under something else, and where the deal's outcome is told.
CARDS_AT_DEAL_END = """
window.__ends = [];
document.addEventListener('tapete:state', (e) => {
  if (!e.detail.synthetic) return;
  const felt = document.getElementById('felt');
  const center = felt.querySelector('.center');
  // the middle lets clicks through: hit-tested here only
  const parts = center ? [center, ...center.querySelectorAll('*')] : [];
  parts.forEach((el) => (el.style.pointerEvents = 'auto'));
  let covered = 0;
  const cards = [...felt.querySelectorAll('.trick-card .card')];
  for (const card of cards) {
    card.scrollIntoView({ block: 'center' });
    const r = card.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width * 0.15, r.top + r.height * 0.12);
    if (!top || !card.contains(top)) covered += 1;
  }
  parts.forEach((el) => (el.style.pointerEvents = ''));
  // the cards "X takes the trick" lies over, if it is on the felt
  const tag = felt.querySelector('[data-testid=trick-winner] .tag');
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const over = (c) => hit(c.getBoundingClientRect(), tag.getBoundingClientRect());
  const under = tag ? cards.filter(over).length : 0;
  window.__ends.push({
    cards: cards.length,
    covered,
    under,
    label: !!document.querySelector('#felt [data-testid=trick-winner], #turn .trick-taker'),
    onFelt: !!felt.querySelector('[data-testid=announcement]'),
    inTurn: (document.querySelector('#turn [data-testid=announcement]') || {}).innerText || null,
  });
});
"""


@pytest.mark.parametrize(
    ("size", "game", "n"),
    [
        # the phone's two games in every run; the desktop's in the slow run (CI time)
        pytest.param("desktop", "lhombre-match", 3, marks=pytest.mark.slow),
        ("phone", "lhombre-match", 3),
        ("phone", "tresillo-match", 4),
    ],
)
def test_a_deals_end_shows_its_last_trick_and_names_whole(
    server: Server, context_factory: Any, size: str, game: str, n: int
) -> None:
    """At a deal's end the last trick's cards can be read: its outcome is told under the felt,
    in the turn line (stacked with "X takes the trick" over the cards, the two hid them wholly
    on a phone), and the trick's label covers none of them: where it can only lie over them
    (a phone's) it is told in the turn line too. The end's dialog has room for
    a longer name than the side panel's sheets ("Anastasi…" in an 820px dialog): whole where
    it fits (a desktop's sheet then still fits the dialog)."""
    name = "Anastasia Wilhelmina Kowalczyk"
    created = server.create(
        game, [ME] + [BOT] * (n - 1), params={"num_deals": 2}, name=name, seat=0, bot_delay=0.05
    )
    viewport = PHONE if size == "phone" else {"width": 1366, "height": 768}
    page = _seated_watching(server, context_factory, created, viewport, CARDS_AT_DEAL_END)
    for _ in range(80):
        if wait_turn_or_end(page, timeout=120) == "over":
            break
        _advance(page)
    page.wait_for_selector(".end-dialog")
    ends = [e for e in page.evaluate("() => window.__ends") if e["cards"] and e["label"]]
    assert ends, "no deal's end with its last trick was drawn"
    for end in ends:
        assert end["covered"] == 0 and end["under"] == 0, ends
        assert not end["onFelt"] and end["inTurn"], ends
    heads = page.locator(f".end-dialog th[title='{name}']").all_inner_texts()
    assert heads, "the end's sheet has no column for the long name"
    if size == "desktop":
        # whole where it fits, wrapped in its column ("Anastasia Wilhelmina…" was cut at 22)
        assert all(" ".join(h.split()) == name for h in heads), heads
        assert page.locator(".end-dialog .sheet-wrap.scrolls").count() == 0
    no_js_errors(page)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_hand_cards_mark_is_not_under_the_next_card(
    server: Server, context_factory: Any, size: str
) -> None:
    """A matador's star (and Trynka's joker) sat on its card's top right corner, which the next
    card of the hand covers: on a phone it peeked out as a yellow dot between two cards
    (Tresillo's trick screenshot). Every card of a dealt hand is marked here, so the check does
    not wait for a deal that gives this seat a matador."""
    created = server.create("ombre", [ME, BOT, BOT], name="Ana", seat=0)
    viewport = PHONE if size == "phone" else {"width": 1366, "height": 768}
    page = seat_page(context_factory, server, created, viewport=viewport)
    page.locator("#hand button.card").nth(5).wait_for()
    page.evaluate(CHECKER)
    layout = page.evaluate(
        """() => {
          for (const el of document.querySelectorAll('#hand .card')) el.classList.add('matador');
          window.__layout.bad = [];
          window.__layoutCheck('marks');
          return window.__layout;
        }"""
    )
    assert layout.get("marks", 0) >= 6, layout
    under = [line for line in layout["bad"] if "the mark" in line]
    assert not under, "\n".join(under)
    no_js_errors(page)


def test_the_final_sheet_says_what_was_not_shared_out(server: Server, context_factory: Any) -> None:
    """At a session's end what is left on the table (Tresillo's plate, Ombre's pool, Danish
    l'hombre's pot) is shared equally and what does not divide stays unassigned: Ombre's sheet
    did not say that a pool of 6 gave each player 2 (its rows did not add up to the final
    balances); Tresillo's said "Plate: empty" while its balances added up to 3 less than they
    began. The sheet is drawn here from a session's view as the server sends it at the end."""
    created = server.create("tresillo-match", [ME, BOT, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    page.locator("#felt .seat").first.wait_for()
    texts = page.evaluate(
        """async () => {
          const { finalSession } = await import('/static/js/games/common.js');
          const ctx = { seatName: (s) => 'Seat ' + s, seatShort: (s) => 'S' + s };
          const view = (left, unassigned) => ({ game: 'tresillo-match', num_deals: 1,
            plate: [], unassigned, results: [{ player: 3, outcome: 'puesta',
            changes: [0, 0, 0, -3], plate_after: left ? [left] : [] }] });
          const lead = [['Plate', 'empty']];
          return [[3, 3], [11, 3], [0, 0]].map(([left, u]) => {
            const cells = (r) => [String(r.player)];
            const node = finalSession(view(left, u), ctx, ['Player'], cells, { lead });
            return node.querySelector('dl.kv').textContent;
          });
        }"""
    )
    # a plate of 3 among four: nothing each, 3 not shared; of 11: 2 each, 3 not shared
    assert "Not shared out3" in texts[0] and "Shared out" not in texts[0], texts
    assert "Shared out at the end2 each" in texts[1] and "Not shared out3" in texts[1], texts
    assert texts[2] == "Plateempty", texts
    no_js_errors(page)


# Kept by the page at each trick's pause mid-deal (a finished trick drawn, not a deal's end): how
# many of the trick's cards "X takes the trick" lies over when it is on the felt, and whether it
# is told in the turn line instead.
LABEL_AT_TRICK_PAUSE = """
window.__pauses = [];
document.addEventListener('tapete:state', (e) => {
  if (e.detail.synthetic || !e.detail.trickDone) return;
  const felt = document.getElementById('felt');
  const cards = [...felt.querySelectorAll('.trick-card .card')];
  const tag = felt.querySelector('[data-testid=trick-winner] .tag');
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const over = (c) => hit(c.getBoundingClientRect(), tag.getBoundingClientRect());
  const under = tag ? cards.filter(over).length : 0;
  window.__pauses.push({ cards: cards.length, under, onFelt: !!tag,
    inTurn: !!document.querySelector('#turn .trick-taker') });
});
"""


@pytest.mark.parametrize(("game", "n"), [("ombre", 3), ("pocha", 4)])
def test_a_paused_tricks_label_lies_over_none_of_its_cards_on_a_phone(
    server: Server, context_factory: Any, game: str, n: int
) -> None:
    """Looked at (La Pocha's and Ombre's trick on a phone, rounds E and G): mid-deal, while a
    finished trick pauses, "X takes the trick" lay over the middle of its cards (only their
    indices were kept clear). Where the felt has no room clear of them it is told in the turn
    line, as at a deal's end."""
    params = {"hand_size": 5} if game == "pocha" else {}
    created = server.create(
        game, [ME] + [BOT] * (n - 1), params=params, name="Ana", seat=0, bot_delay=0.05
    )
    page = _seated_watching(server, context_factory, created, PHONE, LABEL_AT_TRICK_PAUSE)
    for _ in range(60):
        if page.evaluate("() => window.__pauses.length") >= 3:
            break
        if wait_turn_or_end(page, timeout=120) == "over":
            break
        _advance(page)
    pauses = [p for p in page.evaluate("() => window.__pauses") if p["cards"] == n]
    assert pauses, "no finished trick was drawn mid-deal"
    for pause in pauses:
        assert pause["under"] == 0, pauses
        assert pause["onFelt"] or pause["inTurn"], pauses
    no_js_errors(page)


def _seated_watching(
    server: Server, context_factory: Any, created: Any, viewport: Any, script: str
) -> Any:
    """The seat's table page with ``script`` (what it records as the table plays) run first."""
    table_id = created["table"]["id"]
    ctx = context_factory(viewport=viewport) if viewport else context_factory()
    ctx.add_init_script(script)
    ctx.add_init_script(f"localStorage.setItem('tapete.token.{table_id}', '{created['token']}')")
    page = ctx.new_page()
    watch_errors(page)
    page.goto(server.table_url(table_id))
    return page


#: The screenshots' desktop.
WIDE = {"width": 1366, "height": 768}


def test_a_long_seat_note_leaves_the_games_name_whole_on_a_desktop(
    server: Server, context_factory: Any
) -> None:
    """Looked at (Spanish Tresillo on a desktop, round I): beside "Juegas como Anastasia
    Wilhelmina Kowalczyk" the top bar's title was cut to "Tresillo a cuatro: partida com…".
    Where the whole title does not fit, the game's name alone is shown (the whole title stays
    for screen readers), as on a phone."""
    created = server.create(
        "tresillo-match", [ME] + [BOT] * 3, params={"num_deals": 2},
        name="Anastasia Wilhelmina Kowalczyk", seat=0,
    )  # fmt: skip
    page = _seated_watching(
        server, context_factory, created, WIDE, "localStorage.setItem('tapete.lang', 'es');"
    )
    page.wait_for_function(
        "() => document.getElementById('seat-note').textContent.includes('Anastasia')"
        " && document.body.dataset.state !== undefined"
    )
    # the title fitted once the table is drawn (and at every state after)
    page.wait_for_function(
        "() => { const el = document.getElementById('title');"
        " return el.scrollWidth <= el.clientWidth + 1; }"
    )
    got = page.evaluate(
        """() => { const el = document.getElementById('title');
          const seen = [...el.children].filter((c) => c.getBoundingClientRect().width > 1);
          return { cut: el.scrollWidth > el.clientWidth + 1, seen: seen.map((c) => c.textContent),
                   whole: el.querySelector('.title-whole').textContent }; }"""
    )
    assert not got["cut"], got
    assert got["seen"] == ["Tresillo a cuatro"], got  # the game's name
    assert got["whole"].startswith("Tresillo a cuatro"), got
    # a short name leaves the whole title in sight
    short = server.create(
        "tresillo-match", [ME] + [BOT] * 3, params={"num_deals": 2}, name="Ana", seat=0
    )
    page = _seated_watching(
        server, context_factory, short, WIDE, "localStorage.setItem('tapete.lang', 'es');"
    )
    page.wait_for_function("() => document.getElementById('seat-note').textContent.includes('Ana')")
    seen = page.evaluate(
        "() => [...document.getElementById('title').children]"
        ".filter((c) => c.getBoundingClientRect().width > 1).map((c) => c.textContent)"
    )
    assert len(seen) == 1 and seen[0].startswith("Tresillo a cuatro"), seen
    no_js_errors(page)
