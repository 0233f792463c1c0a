"""Danish l'hombre in the browser: forehand, middle hand and rear hand on the seats; the Union's
ladder on the bid buttons; the game declared, trumps named or turned up by the tourné; the
buying from the talon; a nolo ouvert's open hand seen by a spectator; the deal's ending and
the scores; a whole session by clicking, in English, Spanish and Russian, on a desktop and on
a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import (
    PHONE,
    Server,
    axe_serious,
    lobby_page,
    no_js_errors,
    seat_page,
    shot,
    wait_turn_or_end,
    watch_errors,
)
from .test_play import _phase, _state, _wait_change

BOT = {"kind": "bot", "player": "rule"}
ME = {"kind": "human"}
BID_WORDS = ("spil", "bedre", "tourné", "respekt", "solo", "ren-nolo", "nolo-ouvert")
#: The Union's table with the solo made dearer (won 5, bet 6, kruk 7): the page must show
#: the table's own points, not a copy of the default.
POINTS = "1/1/2 1/1/2 2/2/3 2/2/3 3/3/4 5/6/7 4/4/5 4/4/5 6/6/7"


def _actions(page: Any) -> list[str]:
    """The action texts of the buttons on show."""
    return list(
        page.locator("#actions button[data-action]").evaluate_all(
            "bs => bs.map(b => b.dataset.action)"
        )
    )


def _click(page: Any, action: str) -> None:
    before = _state(page)
    page.locator(f"#actions button[data-action='{action}']").click()
    _wait_change(page, before)


def _am_player(page: Any) -> bool:
    return "Player" in page.locator(".seat.me .tags").inner_text() or bool(
        page.locator(".seat.me .tag.gold").count()
    )


def _exchange(page: Any, count: int) -> None:
    """Choose ``count`` cards to throw away and buy as many (none: draw at once)."""
    before = _state(page)
    cards = page.locator("#hand button.card.legal")
    count = min(count, cards.count())
    for i in range(count):
        cards.nth(i).click()
        page.wait_for_function(
            "n => document.querySelectorAll('#hand button.card.selected').length >= n", arg=i + 1
        )
    page.locator("#actions button[data-action='draw']").click()
    # the discards and the draw are several actions: wait until this seat's buying is done
    page.wait_for_function(
        "a => Number(document.body.dataset.state) > a.b + a.n"
        " && !document.querySelector('#actions button[data-action=draw]')",
        arg={"b": before, "n": count},
        timeout=30_000,
    )


def _talon(page: Any) -> int:
    box = page.locator("[data-testid=talon]")
    return int(box.inner_text()) if box.count() else 0


def _play_out_step(page: Any, bid: str | None = None) -> str:
    """One answer of this seat (see :func:`_play_out`); returns the phase it answered in."""
    phase = _phase(page)
    actions = _actions(page)
    if phase == "auction":
        _click(page, bid if bid in actions else "pass")
    elif phase == "declare":
        _click(page, next(a for a in actions if a.startswith("declare ")))
    elif phase == "trumps":
        _click(page, next(a for a in actions if a.startswith("trumps ")))
    elif phase == "exchange":
        turned = page.locator("[data-testid=turned]").count() > 0
        wanted = 2 if turned and _am_player(page) else 1
        _exchange(page, wanted if _talon(page) else 0)
    else:
        before = _state(page)
        page.locator("#hand button.card.legal").first.click()
        _wait_change(page, before)
    return phase


def _play_out(page: Any, bid: str | None = None, limit: int = 150) -> set[str]:
    """Play until the deal (or the session) is over: make ``bid`` when it is offered, else
    pass; declare the first game offered, name the first suit, buy one card (two after a
    tourné's turned card), play the first legal card. Returns the phases this seat acted in."""
    phases: set[str] = set()
    for _ in range(limit):
        if wait_turn_or_end(page, timeout=60) == "over":
            return phases
        phases.add(_play_out_step(page, bid))
    raise AssertionError("the deal did not end")


def test_a_solo_deal_by_clicking(server: Server, context_factory: Any) -> None:
    # seat 2 deals: Ana (seat 0) is forehand and speaks first; she bids a solo straight away
    created = server.create(
        "lhombre", [ME, BOT, BOT], params={"points": POINTS}, name="Ana", seat=0
    )
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "auction"
    assert "Danish l'hombre" in page.locator("#title").inner_text()
    assert "Forehand" in page.locator(".seat[data-seat='0']").inner_text()
    assert "Middle hand" in page.locator(".seat[data-seat='1']").inner_text()
    assert "Rear hand (dealer)" in page.locator(".seat[data-seat='2']").inner_text()
    assert page.locator("#hand button.card").count() == 9
    # the first bid is spil; solo and the nolos may be bid straight away; nothing else
    actions = _actions(page)
    assert set(actions) == {"pass", "spil", "solo", "ren-nolo", "nolo-ouvert"}
    labels = page.locator("#actions button[data-action]").all_inner_texts()
    assert {"Pass", "Spil", "Solo", "Ren nolo", "Nolo ouvert"} <= set(labels)
    title = page.locator("#actions button[data-action='ren-nolo']").get_attribute("title")
    assert title == "Step 6 of the ladder: Solo spar / Ren nolo"
    # the Union's table, with this table's points
    ladder = page.locator("[data-testid=ladder] tbody tr")
    assert ladder.count() == 9
    assert ladder.nth(5).inner_text().split() == ["Solo", "5", "6", "7"]
    assert ladder.nth(8).inner_text().split() == ["Nolo", "ouvert", "6", "6", "7"]
    shot(page, "lhombre-auction-desktop")
    assert not axe_serious(page)
    _click(page, "solo")
    assert "Ana bids Solo" in page.locator("#log").inner_text()
    phases = _play_out(page)
    page.wait_for_selector("[data-testid=game-over]")
    shot(page, "lhombre-over-desktop")
    assert not axe_serious(page)
    log = page.locator("#log").inner_text()
    ending = page.locator("[data-testid=announcement]").inner_text()
    scores = page.locator("[data-testid=scores] dd").all_inner_texts()
    assert len(scores) == 3 and sum(int(s) for s in scores) == 0  # each pays the player
    # nine tricks on the seats; the player's in the tricks panel
    stats = page.locator(".seat .stat").all_inner_texts()
    tricks = [int(re.search(r"Tricks (\d)", x).group(1)) for x in stats]  # type: ignore[union-attr]
    assert sum(tricks) == 9
    player = int(page.locator(".seat:has(.tag.gold)").first.get_attribute("data-seat") or -1)
    assert page.locator("[data-testid=player-tricks]").inner_text() == str(tricks[player])
    if "declare" in phases:
        # Ana held the solo: she declared it, named trumps, bought nothing and played it
        assert {"declare", "trumps", "play"} <= phases and "exchange" not in phases
        assert "Ana declares Solo" in log and "names" in log
        assert page.locator("[data-testid=contract]").inner_text() == "Solo"
        assert page.locator("[data-testid=trumps]").count() == 1
        assert page.locator("[data-testid=points]").inner_text() == "won 5 · bet 6 · kruk 7"
        score = int(scores[0])
        if ending == "Solo is won":
            assert score == 10
        elif ending.startswith("Solo is bet"):
            assert score == -12
        elif ending.startswith("Solo is kruk"):
            assert score == -14
        else:  # the tout: one point more when made, one less when missed
            assert ending in (
                "Solo is won with the tout: all nine tricks",
                "Solo is won, but the tout failed",
            )
            assert score in (12, 8)
        banner = page.locator("[data-testid=game-over]").inner_text()
        assert "Solo" in banner and "by Ana" in banner
    else:  # a bot went above the solo (step 6 or 7): Ana defended
        assert any(w in ending for w in ("won", "bet", "kruk")), ending
        contract = page.locator("[data-testid=contract]").inner_text()
        assert contract in ("Solo spar", "Ren nolo", "Nolo ouvert"), contract  # above a solo
    no_js_errors(page)


def _nolo_ouvert_table(server: Server, context_factory: Any) -> tuple[Any, str]:
    """Ana, forehand, bids nolo ouvert straight away: nobody can outbid it."""
    created = server.create("lhombre", [ME, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    _click(page, "nolo-ouvert")
    return page, created["table"]["id"]


def test_a_nolo_ouvert_lies_open_for_a_spectator(server: Server, context_factory: Any) -> None:
    page, table_id = _nolo_ouvert_table(server, context_factory)
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "declare"
    assert _actions(page) == ["declare nolo-ouvert"]
    turn = page.locator("#turn")
    assert turn.inner_text().removesuffix("?").strip() == "You won the auction: declare your game"
    assert turn.locator("a.term-help").count() == 1  # the word's "?" link to the rules page
    _click(page, "declare nolo-ouvert")
    watcher = context_factory().new_page()
    watch_errors(watcher)
    watcher.goto(server.table_url(table_id) + "?watch")
    # the nolo ouvert's player does not buy; the defenders do; then Ana leads
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "play"
    watcher.wait_for_function("() => document.body.dataset.phase === 'play'")
    # Ana is told that her hand lies open
    assert "Open hand (nolo ouvert)" in page.locator(".seat.me .tags").inner_text()
    mine = page.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    assert len(mine) == 9
    watcher.wait_for_selector(".seat[data-seat='0'] .shown .card")
    shown = watcher.locator(".seat[data-seat='0'] .shown .card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    assert shown == mine
    label = watcher.locator(".seat[data-seat='0'] .shown").get_attribute("aria-label")
    assert label == "Open hand (nolo ouvert)"
    # the other seats' cards stay face down
    assert watcher.locator(".seat[data-seat='1'] .shown").count() == 0
    assert watcher.locator(".seat[data-seat='1'] .backs .card").count() == 9
    assert watcher.locator("[data-testid=contract]").inner_text() == "Nolo ouvert"
    assert "no trumps" in watcher.locator(".corner-info").first.inner_text()
    shot(watcher, "lhombre-nolo-ouvert-spectator")
    assert not axe_serious(watcher)
    _play_out(page)
    ending = page.locator("[data-testid=announcement]").inner_text()
    assert ending.startswith("Nolo ouvert is"), ending
    log = page.locator("#log").inner_text()
    assert "Ana bids Nolo ouvert" in log and "Ana declares Nolo ouvert" in log
    no_js_errors(page)
    no_js_errors(watcher)


def _tourne_table(server: Server, context_factory: Any) -> Any | None:
    """A page where Ana has won the auction with spil (holding each higher spil game as the
    earlier seat) and declared a tourné, or ``None`` when a bot went higher."""
    created = server.create("lhombre", [ME, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    for _ in range(12):
        assert wait_turn_or_end(page) == "turn"
        actions = _actions(page)
        if _phase(page) == "declare":
            if "declare tourné" not in actions:
                return None
            _click(page, "declare tourné")
            return page
        if _phase(page) != "auction":
            return None
        # hold the bot's step (an earlier seat may say the same word), or open with spil
        held = [a for a in actions if a in BID_WORDS[:4]]
        if not held:
            return None
        _click(page, held[0])
    return None


def test_a_tourne_turns_up_trumps_and_the_player_buys(server: Server, context_factory: Any) -> None:
    for _ in range(6):  # a bot may go above the spil games with a solo or a nolo
        page = _tourne_table(server, context_factory)
        if page is not None:
            break
    else:
        pytest.skip("a bot outbid every spil")
    assert wait_turn_or_end(page) == "turn"
    assert _phase(page) == "exchange"
    # the turned card is shown to all and its suit is trumps; it went into Ana's hand
    turned = page.locator(".corner-info .info-box .card[data-card]").first.get_attribute(
        "data-card"
    )
    assert turned and turned[0] in page.locator("[data-testid=trumps]").inner_text()
    assert page.locator("[data-testid=contract]").inner_text() == "Tourné"
    assert page.locator(f"#hand button.card[data-card='{turned}']").count() == 1
    assert page.locator("#hand button.card").count() == 10
    assert "The tourné turns up" in page.locator("#log").inner_text()
    assert _talon(page) == 12
    shot(page, "lhombre-tourne-desktop")
    assert not axe_serious(page)
    # one card thrown away is not enough: the tourné buys one beyond the turned card
    cards = page.locator("#hand button.card.legal")
    draw = page.locator("#actions button[data-key='act:draw'], #actions button[data-action='draw']")
    cards.nth(0).click()
    page.wait_for_selector("#hand button.card.selected")
    button = page.locator("#actions button.primary").last
    assert button.inner_text() == "Choose 1 more to throw away"
    assert button.is_disabled()
    cards.nth(1).click()
    page.wait_for_function(
        "() => document.querySelectorAll('#hand button.card.selected').length === 2"
    )
    assert draw.inner_text() == "Discard 2 and draw"
    before = _state(page)
    draw.click()
    page.wait_for_function(
        "b => Number(document.body.dataset.state) > b + 2"
        " && !document.querySelector('#actions button[data-action=draw]')",
        arg=before,
        timeout=30_000,
    )
    # two thrown away, one bought: nine cards, the talon one card shorter
    page.wait_for_function("() => document.querySelectorAll('#hand button.card').length === 9")
    assert "Ana draws from the stock" in page.locator("#log").inner_text()
    phases = _play_out(page)
    assert "play" in phases
    ending = page.locator("[data-testid=announcement]").inner_text()
    assert ending.startswith("Tourné is"), ending
    no_js_errors(page)


SESSION_WORDS = [
    # (locale, words on the table, words of the other languages that must not be there); a
    # whole session is about 20 s: the default run plays it in Russian, the slow run in all three
    pytest.param(
        "en-US",
        ["Forehand", "The Union's table", "Scores", "Deals (1 of 3)"],
        ["Mano", "Счёт"],
        marks=pytest.mark.slow,
    ),
    pytest.param(
        "es-ES",
        ["Mano", "Tabla de la Unión", "Puntuación"],
        ["Pass", "Scores", "Forehand"],
        marks=pytest.mark.slow,
    ),
    ("ru-RU", ["Первая рука", "Таблица Союза", "Счёт"], ["Pass", "Scores", "Forehand"]),
]


@pytest.mark.parametrize(("locale", "words", "gone"), SESSION_WORDS)
def test_a_whole_session_in_each_language(
    server: Server, context_factory: Any, locale: str, words: list[str], gone: list[str]
) -> None:
    created = server.create(
        "lhombre-match", [ME, BOT, BOT], params={"num_deals": 3}, name="Ana", seat=0
    )
    viewport = PHONE if locale.startswith("ru") else None
    page = seat_page(context_factory, server, created, locale=locale, viewport=viewport)
    assert wait_turn_or_end(page) == "turn"
    text = page.locator("body").inner_text()
    for word in words:
        assert word in text, (locale, word)
    lines = [
        x
        for sel in ("#panels", "#actions", "#felt")
        for x in page.locator(sel).inner_text().split("\n")
    ]
    for word in gone:
        assert word not in lines, (locale, word)
    if viewport is PHONE:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"lhombre-session-{locale[:2]}")
    _play_out(page, bid="spil")
    page.wait_for_selector("[data-testid=game-over]")
    sheet = page.locator("[data-testid=deal-sheet] tbody tr")
    assert sheet.count() == 3
    final = [int(x) for x in page.locator("[data-testid=scores] dd").all_inner_texts()]
    changes = [[int(c) for c in row.split("\t")[3:]] for row in sheet.all_inner_texts()]
    assert [sum(col) for col in zip(*changes, strict=True)] == final
    shot(page, f"lhombre-session-over-{locale[:2]}")
    assert not axe_serious(page)
    no_js_errors(page)


def test_the_lobby_makes_a_lhombre_session(server: Server, context_factory: Any) -> None:
    page = lobby_page(context_factory, server, "Danish l'hombre")
    assert page.locator("#seats .seat-row").count() == 3
    bots = page.locator("#seat-bot-1 option").evaluate_all("os => os.map(o => o.value)")
    # the search levels play Danish l'hombre too (issue 30)
    assert {"rule", "random", "search-easy", "search-normal", "search-strong"} <= set(bots), bots
    presets = page.locator("#preset option").evaluate_all("os => os.map(o => o.textContent)")
    assert presets == [
        "The Union's rules",
        "Every bid one step up",
        "Only the player scores",
        "Short session (3 deals)",
    ]
    # the options in the page's words, their choices named
    auction = page.locator("#param-auction")
    assert auction.locator("option").evaluate_all("os => os.map(o => o.textContent)") == [
        "the Union's ladder",
        "one step per bid",
    ]
    assert "Who pays whom" in page.locator("label[for=param-settlement]").text_content()
    assert "bedre spil" in page.locator("#param-points-help").text_content()
    page.locator("#preset").select_option(label="Short session (3 deals)")
    assert page.locator("[data-param=num_deals]").input_value() == "3"
    page.locator("details.advanced summary").click()  # every rule, as the lobby lists them
    page.locator("#param-auction").select_option("steps")
    shot(page, "lobby-lhombre-desktop")
    assert not axe_serious(page)
    page.fill("#my-name", "Ana")
    page.locator("#create button[type=submit]").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector("#hand button.card")
    assert page.locator("#title").inner_text() == "Danish l'hombre: whole match"
    info = server.call("GET", "/api/tables/" + page.url.rsplit("/", 1)[-1])
    assert info["game"] == "lhombre-match"
    assert info["params"]["num_deals"] == 3 and info["params"]["auction"] == "steps"
    assert "Deals (1 of 3)" in page.locator("#panels").inner_text()
    no_js_errors(page)


#: Calls the page's l'hombre module in the page's language with every kind of entry the
#: server sends: each bid, each game declared, each suit, the tout, each ending, each event.
PROBE = """async (lang) => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.setLanguage(lang, { remember: false });
  const m = await import('/static/js/games/lhombre.js');
  const mod = m.default;
  const names = ['Ana', 'Bo', 'Cy'];
  const ctx = { seatName: (s) => names[s], seatShort: (s) => names[s], selected: [], mySeat: 0,
    legal: [{ text: 'tout' }], view: { spec: { params: {} } }, tableParams: {} };
  const live = { phase: 'play', dealer: 2, player: 0, contract: 'solo', trumps: 'hearts',
    tricks_won: [5, 0, 0], balances: [0, 0, 0], passed: [], discards: [], tout: true };
  const bids = ['spil', 'bedre', 'tourné', 'respekt', 'solo', 'ren-nolo', 'nolo-ouvert'];
  const games = m.GAMES.map((g) => g.word);
  const legal = ['pass', ...bids, ...games.map((g) => 'declare ' + g),
    'trumps ♣', 'trumps ♦', 'trumps ♥', 'trumps ♠', 'tout', 'draw'].map((text) => ({ text }));
  const buttons = mod.actionButtons(legal, live, ctx)
    .map((b) => [b.action ? b.action.text : null, b.label]);
  const outcomes = ['won', 'bet', 'kruk', 'tout_won', 'tout_lost', 'all_pass'];
  const sentences = {
    outcome: outcomes.map((o) => m.outcomeText(o, 'solo', 'Ana')),
    ending: outcomes.map((o) => m.endingText(o, 'kobe_nolo')),
    turn: ['auction', 'declare', 'trumps', 'exchange', 'play'].map((phase) => {
      const said = mod.turnText({ ...live, phase, current_player: 0 }, ctx, true);
      if (typeof said === 'string' || !said) return said;  // a sentence with its "?" link:
      const copy = said.cloneNode(true);                   // the sentence's own words
      copy.querySelectorAll('.term-help').forEach((a) => a.remove());
      return copy.textContent.trim();
    }),
    events: ['spil', 'declare tourné', 'turn ♥5', 'tout', 'pass', 'trumps ♠', 'declare solo-spar']
      .map((text) =>
      mod.describe({ text, actor: 1 }, ctx)),
    tags: [0, 1, 2].map((s) => mod.seatTags(live, s).map((x) => x.text).join(', ')),
  };
  // the buying's button: too few cards chosen for a tourné's player, too many for the talon
  const buying = (over, selected) => mod.actionButtons(
    ['discard ♠2', 'discard ♠3', 'discard ♠4'].map((text) => ({ text })),
    { ...live, phase: 'exchange', stock_left: 2, ...over }, { ...ctx, selected }).pop();
  const exchange = [
    buying({ player: 0, contract: 'tourne', stock_left: 12 }, ['♠2']),
    buying({ player: 1, contract: 'spil' }, ['♠2', '♠3', '♠4']),
    buying({ player: 1, contract: 'spil' }, ['♠2', '♠3']),
  ].map((b) => [b.action ? b.action.text : null, b.label]);
  return { buttons, sentences, exchange, games: m.GAMES.map((g) => m.gameText(g.code)) };
}"""


def test_every_entry_the_server_sends_has_words_in_each_language(
    server: Server, context_factory: Any
) -> None:
    page = lobby_page(context_factory, server)
    said = {lang: page.evaluate(PROBE, lang) for lang in ("en", "es", "ru")}
    en = said["en"]
    # one button per entry (the exchange's one for 'draw'), each with words
    actions = [a for a, _ in en["buttons"]]
    assert actions[:8] == ["pass", *BID_WORDS]
    assert actions[8:17] == [
        "declare spil", "declare bedre-spil", "declare tourné", "declare købe-nolo",
        "declare tourné-respekt", "declare solo", "declare solo-spar", "declare ren-nolo",
        "declare nolo-ouvert",
    ]  # fmt: skip
    assert actions[17:] == ["trumps ♣", "trumps ♦", "trumps ♥", "trumps ♠", "tout", "draw"]
    labels = dict(en["buttons"])
    assert labels["tout"] == "Tout: I take all nine tricks"
    assert labels["trumps ♥"] == "♥ hearts" and labels["pass"] == "Pass"
    assert en["games"] == [
        "Spil", "Bedre spil", "Tourné", "Købe nolo", "Tourné-respekt", "Solo", "Solo spar",
        "Ren nolo", "Nolo ouvert",
    ]  # fmt: skip
    assert [label for a, label in en["buttons"] if a.startswith("declare ")] == en["games"]
    assert en["sentences"]["outcome"][2] == "Solo lost by Ana: kruk"
    assert en["sentences"]["ending"][1] == "Købe nolo is bet: lost on a tie"
    assert en["sentences"]["turn"][4] == "Your turn: play a card, or declare the tout"
    assert en["exchange"] == [
        [None, "Choose 1 more to throw away"],
        [None, "Choose at most 2: the talon holds 2"],
        ["draw", "Discard 2 and draw"],
    ]
    assert en["sentences"]["events"][:4] == [
        "Bo bids Spil",
        "Bo declares Tourné",
        "the tourné turns up five of hearts: trumps are hearts",
        "Bo declares the tout: all nine tricks",
    ]
    assert en["sentences"]["events"][6] == "Bo declares Solo spar: spades are trumps"
    assert en["sentences"]["tags"] == [
        "Forehand, Player, Tout",
        "Middle hand",
        "Rear hand (dealer)",
    ]
    for lang in ("es", "ru"):
        other = said[lang]
        # the Danish games keep their names; every sentence and every other button is the
        # language's, with its values filled in
        assert other["games"] == en["games"]
        for (action, mine), (_, english) in zip(other["buttons"], en["buttons"], strict=True):
            assert mine, action
            if action == "draw" or not (action in BID_WORDS or action.startswith("declare ")):
                assert mine != english, (lang, action, mine)
        for (_, mine), (_, english) in zip(other["exchange"], en["exchange"], strict=True):
            assert mine != english and "{" not in mine, (lang, mine)
        for kind, texts in other["sentences"].items():
            for mine, english in zip(texts, en["sentences"][kind], strict=True):
                assert mine and mine != english and "{" not in mine, (lang, kind, mine)
    no_js_errors(page)


def test_a_replay_shows_every_hand_and_the_ending(server: Server, context_factory: Any) -> None:
    from .test_pages import _finished_table

    for _ in range(5):  # a deal that was played (the bots may all pass)
        table_id = _finished_table(server, "lhombre", 3)
        record = server.call("GET", f"/api/tables/{table_id}/record")
        if any(text.startswith("declare ") for text in record["actions"]):
            break
    else:
        pytest.skip("the bots passed five deals in a row")
    total = len(record["actions"])
    page = context_factory(locale="es-ES").new_page()
    watch_errors(page)
    page.goto(server.replay_url(table_id))
    page.wait_for_selector("#transcript li")
    assert page.locator("#transcript li").count() == total + 1
    # the actions in Spanish words, the Danish games as they are
    transcript = page.locator("#transcript").inner_text()
    assert "paso" in transcript and "pass" not in transcript
    for text in record["actions"]:
        if text.startswith("declare "):
            assert "declarar " + text.split(" ", 1)[1] in transcript
    # the 27 cards dealt (three times three to each seat): every hand face up
    for _ in range(27):
        page.locator("#next").click()
    page.wait_for_selector("body[data-frame='27']", state="attached")
    assert page.locator(".seat .open-hand .card").count() == 27
    assert "Postre (reparte)" in page.locator(".seat[data-seat='2']").inner_text()
    page.keyboard.press("End")
    assert page.locator("#pos").inner_text() == f"{total} / {total}"
    page.wait_for_selector(f"body[data-frame='{total}']", state="attached")
    shot(page, "replay-lhombre-desktop")
    assert page.locator("[data-testid=ladder] tbody tr").count() == 9  # the record's points
    ending = page.locator("[data-testid=announcement]")
    assert ending.count() == 1
    assert "ganado" in ending.inner_text() or " es " in ending.inner_text()
    no_js_errors(page)


def test_a_hint_names_a_button_of_the_ladder(server: Server, context_factory: Any) -> None:
    created = server.create("lhombre", [ME, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created)
    assert wait_turn_or_end(page) == "turn"
    page.wait_for_selector("#actions button[data-key=hint]")
    labels = page.locator("#actions button[data-action]").all_inner_texts()
    page.locator("#actions button[data-key=hint]").click()
    page.wait_for_selector("[data-testid=hint]", timeout=60_000)
    text = page.locator("[data-testid=hint]").inner_text()
    assert "would choose" in text
    assert any(label in text for label in labels), (text, labels)
    no_js_errors(page)


def test_the_play_on_a_phone(server: Server, context_factory: Any) -> None:
    created = server.create("lhombre", [ME, BOT, BOT], name="Ana", seat=0)
    page = seat_page(context_factory, server, created, viewport=PHONE)
    assert wait_turn_or_end(page) == "turn"
    _click(page, "solo")
    for _ in range(10):  # to the first card played (Ana's solo, or a bot's nolo)
        assert wait_turn_or_end(page) == "turn"
        if _phase(page) == "play":
            break
        _play_out_step(page)
    assert _phase(page) == "play"
    assert page.locator("[data-testid=contract]").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "lhombre-play-phone")
    assert not axe_serious(page)
    no_js_errors(page)


def test_the_pages_tables_agree_with_the_engine(server: Server, context_factory: Any) -> None:
    """The page's own small tables of the game (the nine games in the `points` order with
    their words, steps and trumps; the ladder's words; the player's fewest discards) are the
    engine's."""
    from tapete.games.lhombre.actions import (
        BUYING_GAMES,
        GAME_LEVEL,
        GAME_WORDS,
        GAMES,
        LEVEL_WORDS,
        NOLO_GAMES,
        TOURNE_GAMES,
    )

    page = context_factory().new_page()
    page.goto(server.base + "/")
    got = page.evaluate(
        """async () => {
            const m = await import('/static/js/games/lhombre.js');
            return { games: m.GAMES, bids: m.BIDS.map((b) => b.word),
                     least: m.GAMES.map((g) => m.leastDiscards(g.code)) };
        }"""
    )
    assert [g["code"] for g in got["games"]] == list(GAMES)
    assert [g["word"] for g in got["games"]] == list(GAME_WORDS)
    assert [g["step"] for g in got["games"]] == list(GAME_LEVEL)
    # the sets hold the games' indices
    assert [not g["trumps"] for g in got["games"]] == [i in NOLO_GAMES for i in range(9)]
    assert got["bids"] == list(LEVEL_WORDS)
    expected = [2 if i in TOURNE_GAMES else 1 if i in BUYING_GAMES else 0 for i in range(9)]
    assert got["least"] == expected
