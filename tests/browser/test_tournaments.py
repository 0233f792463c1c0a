"""Tournaments in the browser (docs/tournaments.md), issue 33's check: a 6-player, 2-round
duplicate tournament of La Pocha (three a table, one card each) with four people, each an
account in its own browser, and two bots runs to its standings, the server restarted between
the rounds on the same SQLite file; the standings the page shows equal those computed here
from the tables' stored results. The rest: tests/server/test_tournaments.py."""

from __future__ import annotations

import math
import secrets
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tapete.tournaments import duplicate_scores, standings

from .conftest import (
    PHONE,
    Server,
    _free_port,
    axe_serious,
    lobby_page,
    no_js_errors,
    start_serve,
    stop_serve,
    turn_state,
    watch_errors,
)
from .test_ratings import act, sign_up


def shown(value: float) -> str:
    """A total as the page writes it in English (two decimals at most, no "-0")."""
    rounded = round(value, 2) + 0.0
    text = f"{rounded:,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def play_round(pages: list[Any], number: int, limit: float = 120.0) -> None:
    """Each person opens its seat from the tournament page and plays its table to the end."""
    for page in pages:
        page.wait_for_selector(f"body[data-round='{number}'] [data-testid=play-seat]")
        page.locator("[data-testid=play-seat]").click()
        page.wait_for_url("**/t/*")
    deadline = time.monotonic() + limit
    ended: set[int] = set()
    while len(ended) < len(pages):
        assert time.monotonic() < deadline, f"round {number} did not end"
        waiting = True
        for i, page in enumerate(pages):  # people at two tables: nobody waits for another
            state = "over" if i in ended else turn_state(page)
            if state == "over":
                ended.add(i)
            elif state == "turn":
                act(page)
                waiting = False
        if waiting:
            pages[0].wait_for_timeout(100)


def page_standings(page: Any) -> list[tuple[str, str, str, float]]:
    """The standings as the page shows them: entrant key, rank, total, and the total given."""
    rows = page.locator("[data-testid=standings] tbody tr")
    return [
        (
            str(rows.nth(i).get_attribute("data-entrant")),
            rows.nth(i).locator("[data-testid=rank]").inner_text(),
            rows.nth(i).locator("[data-testid=total]").inner_text(),
            float(str(rows.nth(i).get_attribute("data-total"))),
        )
        for i in range(rows.count())
    ]


def round_tables(server: Server, name: str, number: int) -> list[str]:
    """The ids of a round's tables, in their order."""
    tour = server.call("GET", f"/api/tournaments/{quote(name)}")
    (played,) = [r for r in tour["rounds_played"] if r["round"] == number]
    return [t["table_id"] for t in sorted(played["tables"], key=lambda t: t["index"])]


def expected_standings(server: Server, name: str) -> list[tuple[str, str, str]]:
    """The standings computed from the tables' stored records (whose deals are the same at
    both tables of a round): each round's results, the duplicate scores (seat against seat
    across the round's tables), ranked with tie-breaks."""
    tour = server.call("GET", f"/api/tournaments/{quote(name)}")
    rounds = []
    for played in tour["rounds_played"]:
        tables = sorted(played["tables"], key=lambda t: t["index"])
        results, deals = [], []
        for table in tables:
            record = server.call("GET", f"/api/tables/{table['table_id']}/record")
            assert record["result"] is not None
            results.append([float(x) for x in record["result"]])
            deals.append([a for a in record["actions"] if a.split()[0] in ("deal", "turn")])
        assert len(tables) == 2 and deals[0] == deals[1]  # duplicate: the same cards
        scores = duplicate_scores(results)
        rounds.append([(t["seats"], s) for t, s in zip(tables, scores, strict=True)])
    assert len(rounds) == 2
    return [(s.entrant, str(s.rank), shown(s.total)) for s in standings(rounds)]


def test_a_duplicate_tournament_runs_to_its_standings_across_a_restart(
    tmp_path: Path, context_factory: Any
) -> None:
    port = _free_port()
    db = tmp_path / "tapete.sqlite3"
    proc, log = start_serve(tmp_path, port, db)
    try:
        server = Server(f"http://127.0.0.1:{port}")
        name = "Cup " + secrets.token_hex(3)
        people = [lobby_page(context_factory, server) for _ in range(4)]
        accounts = [f"p{i}_{secrets.token_hex(3)}" for i in range(4)]
        for page, account in zip(people, accounts, strict=True):
            sign_up(page, account)
        director = people[0]

        # the director creates it from the lobby's link and the tournaments' form
        director.click("#tournaments-link")
        director.wait_for_selector("body[data-ready=yes] [data-testid=create-tournament]")
        assert axe_serious(director) == []
        director.fill("#new-t-name", name)
        director.select_option("#new-t-game", "pocha")
        # the game's options as the lobby shows them: one card each
        director.click("#new-t-options summary")
        director.fill("#new-t-param-hand_size", "1")
        director.fill("#new-t-table-size", "3")
        director.fill("#new-t-rounds", "2")
        director.fill("#new-t-deals", "1")
        director.fill("#new-t-clock", "120")
        director.check("#new-t-duplicate")
        director.click("#create-tournament")
        director.wait_for_selector("[data-testid=settings], [role=alert]:not(:empty)")
        assert director.locator("[role=alert]:not(:empty)").count() == 0, director.locator(
            "[role=alert]"
        ).all_inner_texts()
        director.wait_for_selector("[data-testid=settings]")

        # the four register; the director adds two bots and starts it
        url = director.url
        for page in people:
            if page is not director:
                page.goto(url)
            page.click("#register")
            page.wait_for_selector("#withdraw")
        director.fill("#bot-count", "2")
        director.click("#add-bots")
        director.wait_for_function(
            "() => document.querySelectorAll('[data-testid=entrants] li').length === 6"
        )
        assert axe_serious(director) == []
        director.click("#start")
        play_round(people, 1)

        # round 2 is seated once round 1 is scored; then the server restarts
        for page in people:
            page.goto(url)
        people[0].wait_for_selector("body[data-round='2']", timeout=60000)
        before = round_tables(server, name, 2)
        stop_serve(proc, log)
        proc, log = start_serve(tmp_path, port, db)
        for page in people:
            page.goto(url)
        # while round 2 is played its tables (dealt alike) are sealed: a visitor not
        # signed in is told so; an account not entered watches from the page
        watch = "[data-testid=round][data-round='2'] [data-testid=watch]"
        sealed = "[data-testid=round][data-round='2'] [data-testid=sealed]"
        anonymous = context_factory().new_page()
        watch_errors(anonymous)
        anonymous.goto(url)
        anonymous.locator(sealed).first.wait_for()
        assert anonymous.locator(watch).count() == 0
        people[1].locator(sealed).first.wait_for()
        assert people[1].locator(watch).count() == 0  # an entrant is offered no other table
        anonymous.goto(f"{server.base}/t/{round_tables(server, name, 2)[0]}?watch=1")
        anonymous.locator("#refusal", has_text="duplicate round").wait_for()
        spectator = lobby_page(context_factory, server)
        sign_up(spectator, f"watch_{secrets.token_hex(3)}")
        spectator.goto(url)
        spectator.locator(watch).first.click()
        spectator.wait_for_url("**/t/*?watch=1")
        spectator.wait_for_selector("#felt")
        assert spectator.locator("#refusal").inner_text() == ""
        play_round(people, 2)

        # the standings: shown to everybody once the tournament is over, and right
        for page in people:
            page.goto(url)
            page.wait_for_selector("body[data-status=finished] [data-testid=standings]")
        expected = expected_standings(server, name)
        assert round_tables(server, name, 2) == before  # round 2 was made once
        link = str(director.locator("#export-csv").get_attribute("href"))
        csv = director.request.get(server.base + link)
        assert csv.ok and len(csv.text().strip().splitlines()) == 1 + 6 * 2  # entrant x round
        for page in people:
            rows = page_standings(page)
            assert [(key, rank, total) for key, rank, total, _ in rows] == expected
            for (_, _, total, given), (_, _, shown_total) in zip(rows, expected, strict=True):
                assert shown(given) == shown_total == total
                assert math.isfinite(given)
        # the director's penalty of a point: listed for everybody, in the standings at once
        totals = {key: given for key, _, _, given in page_standings(director)}
        penalised = page_standings(director)[0][0]
        assert people[1].locator("[data-testid=adjust-form]").count() == 0
        director.select_option("#adj-round", "2")
        director.select_option("#adj-entrant", penalised)
        director.fill("#adj-points", "-1")
        director.fill("#adj-reason", "late to the table")
        director.click("#adjust")
        listed = f"[data-testid=adjustment-list] tr[data-entrant='{penalised}'][data-round='2']"
        director.wait_for_selector(listed)
        after = {key: given for key, _, _, given in page_standings(director)}
        moved = {key: after[key] - totals[key] for key in totals}
        assert set(after) == set(totals) and abs(moved.pop(penalised) + 1) < 1e-9
        assert all(abs(x) < 1e-9 for x in moved.values())
        people[1].reload()
        people[1].locator(listed, has_text="late to the table").wait_for()
        assert axe_serious(director) == []
        director.select_option("#lang", "es")
        director.get_by_role("heading", name="Clasificación final").wait_for()
        assert director.locator("#tournament-title").inner_text() == f"Torneo: {name}"
        for page in [*people, spectator]:
            no_js_errors(page)
    finally:
        stop_serve(proc, log)


def test_the_pages_refuse_in_words_and_show_each_visitor_its_controls(
    server: Server, context_factory: Any
) -> None:
    """An anonymous visitor gets no create form and the unknown tournament's sentence; the
    form refuses options that are not JSON and a name taken; somebody else registers and
    withdraws but has no director's controls; an uneven start is refused in Russian; a
    phone's page does not overflow sideways."""
    name = "Liga " + secrets.token_hex(3)
    anonymous = context_factory().new_page()
    watch_errors(anonymous)
    anonymous.goto(server.base + "/tournaments")
    anonymous.wait_for_selector("body[data-ready=yes] [data-testid=sign-in-to-create]")
    assert anonymous.locator("[data-testid=create-tournament]").count() == 0
    anonymous.goto(server.base + "/tournaments/" + quote("No such " + name))
    anonymous.get_by_text("There is no such tournament.").wait_for()

    director = lobby_page(context_factory, server)
    sign_up(director, "d_" + secrets.token_hex(3))
    director.goto(server.base + "/tournaments")
    director.wait_for_selector("[data-testid=create-tournament]")
    director.fill("#new-t-name", name)
    # the options follow the game chosen; one the rules refuse is named, nothing is made
    director.select_option("#new-t-game", "ombre")
    assert director.locator("#new-t-param-hand_size").count() == 0
    assert director.locator("#new-t-param-all_pass").count() == 1
    assert director.locator("#new-t-param-n_players").count() == 0  # the table size says it
    director.select_option("#new-t-game", "pocha")
    director.click("#new-t-options summary")
    director.fill("#new-t-param-hand_size", "99")
    director.click("#create-tournament")
    director.wait_for_selector("[role=alert]:not(:empty)")
    assert "hand_size" in director.locator("[role=alert]:not(:empty)").first.inner_text()
    # nothing typed is lost
    assert director.input_value("#new-t-name") == name
    assert director.input_value("#new-t-param-hand_size") == "99"
    director.fill("#new-t-param-hand_size", "1")
    director.click("#create-tournament")
    director.wait_for_selector("[data-testid=director-controls]")
    director.goto(server.base + "/tournaments")
    director.wait_for_selector(f"[data-testid=tournaments] [data-tournament='{name}']")
    director.fill("#new-t-name", name.upper())
    director.click("#create-tournament")
    director.get_by_text("That tournament name is taken.").wait_for()

    other = lobby_page(context_factory, server, viewport=PHONE, locale="ru-RU")
    sign_up(other, "o_" + secrets.token_hex(3))
    other.goto(server.base + "/tournaments/" + quote(name))
    other.click("#register")
    other.click("#withdraw")
    other.click("#register")
    other.wait_for_selector("#withdraw")
    assert other.locator("[data-testid=director-controls]").count() == 0
    fits = "() => document.documentElement.scrollWidth <= window.innerWidth"
    assert other.evaluate(fits)
    other.goto(server.base + "/tournaments")  # the list's wide table scrolls in its own box
    other.wait_for_selector(f"[data-testid=tournaments] [data-tournament='{name}']")
    assert other.evaluate(fits)
    assert axe_serious(other) == []
    director.goto(server.base + "/tournaments/" + quote(name))
    director.select_option("#lang", "ru")
    director.click("#start")  # two entrants cannot fill a table of three
    director.get_by_text("Участники не заполняют столы", exact=False).wait_for()
    assert axe_serious(other) == []
    for page in (anonymous, director, other):
        no_js_errors(page)
