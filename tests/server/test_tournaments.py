"""Tournaments (docs/tournaments.md): the migration from 0012, seeded tables (the same deal
seed deals the same cards whoever plays, also after the log is replayed), and the
tournament routes: who may do what, a duplicate La Pocha tournament run to its standings
across a restart and a backup, its exports."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import inspect, text

from tapete.storage import Store
from tapete.storage import store as st
from tapete.storage.store import SeatData, TableData
from tapete.table import LiveTable, TableManager

from .conftest import Server
from .harness import SAME, error_code, signed_in, wait_for
from .test_migrations import downgrade_to, store_old_table


def test_the_migration_from_0012_adds_tournaments_and_deal_seeds(db_url: str) -> None:
    """On SQLite and PostgreSQL: a table stored at 0012 is still there, unseeded, after the
    upgrade; the downgrade drops the tournament tables and keeps it."""
    store_old_table(db_url, "0012", "old13")
    store = Store(db_url)
    try:
        store.migrate()
        assert {"tournaments", "tournament_entrants", "tournament_tables"} <= set(
            inspect(store.engine).get_table_names()
        )
        data = store.call(lambda s: st.get_table(s, "old13"))
        assert data is not None and data.deal_seed is None and data.tournament is None
        assert data.clock == 30.0
        downgrade_to(store, "0012")
        names = set(inspect(store.engine).get_table_names())
        assert "tournaments" not in names and "tournament_tables" not in names
        columns = {c["name"] for c in inspect(store.engine).get_columns("tables")}
        assert "deal_seed" not in columns and "tournament" not in columns
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT id FROM tables")).scalars().all() == ["old13"]
        store.migrate()
        assert store.call(lambda s: st.get_table(s, "old13")) is not None
    finally:
        store.close()


# -- seeded tables -----------------------------------------------------------------------------
MATCH = {"n_players": 3, "hand_sequence": [1, 2, 1]}


def _bots(table_id: str, players: tuple[str, ...], seed: str | None) -> TableData:
    return TableData(
        id=table_id,
        game="pocha-match",
        params=dict(MATCH),
        seats=[SeatData(i, "bot", p, {}) for i, p in enumerate(players)],
        clock=None,
        bot_delay=0.0,
        created_at=st.now(),
        deal_seed=seed,
    )


async def _play_out(store: Store, tables: list[TableData]) -> dict[str, list[st.ActionData]]:
    manager = TableManager(store, idle_close=60.0)
    try:
        for data in tables:
            await store.awrite(st.insert_table(data))
            live = await manager.require(data.id)
            await live.call(live.start)
        for _ in range(2000):
            done = await store.aread(
                lambda s: [st.get_table(s, d.id) for d in tables]  # type: ignore[misc]
            )
            if all(d is not None and d.status == "finished" for d in done):
                break
            await asyncio.sleep(0.02)
        return {
            d.id: await store.aread(lambda s, i=d.id: st.load_actions(s, i))  # type: ignore[misc]
            for d in tables
        }
    finally:
        await manager.stop()


def _chance(actions: list[st.ActionData]) -> list[int]:
    return [a.action for a in actions if a.seat < 0]


def test_tables_with_one_deal_seed_deal_the_same_cards_also_replayed(tmp_path: Path) -> None:
    """Two tables of La Pocha's match with the same seed and different bots deal the same
    cards at each of their three hands; a third with another seed does not; and a table
    rebuilt from the first part of its log (as after a restart) draws the rest as logged,
    and refuses a log whose cards its seed would not have dealt."""
    store = Store(st.default_url(tmp_path))
    store.migrate()
    try:
        logs = asyncio.run(
            _play_out(
                store,
                [
                    _bots("seedA", ("rule", "rule", "rule"), "round-1"),
                    _bots("seedB", ("random", "rule", "random"), "round-1"),
                    _bots("seedC", ("rule", "rule", "rule"), "round-2"),
                ],
            )
        )
        a, b, c = (_chance(logs[k]) for k in ("seedA", "seedB", "seedC"))
        assert len(a) > 3 * 2 and a == b  # first dealer, then every hand's cards and trump
        assert a != c
        assert [x.action for x in logs["seedA"]] != [x.action for x in logs["seedB"]]
        # a restart in the middle: the log up to the second hand's first card, replayed
        full = logs["seedB"]
        data = store.call(lambda s: st.get_table(s, "seedB"))
        assert data is not None
        chance_at = [i for i, x in enumerate(full) if x.seat < 0]
        cut = next(i for i in chance_at if i > 0 and full[i - 1].seat >= 0)
        table = LiveTable.restore(store, data, full[:cut], idle_close=60.0)
        drawn = []
        while table.state.is_chance_node():
            drawn.append(table._draw())
            table._push(-1, drawn[-1])
        assert drawn == [x.action for x in full[cut : cut + len(drawn)]] and drawn
        assert LiveTable.restore(store, data, full, idle_close=60.0).state.is_terminal()
        # a log whose chance does not follow the seed is refused
        unseeded = TableData(**{**data.__dict__, "deal_seed": "another"})
        try:
            LiveTable.restore(store, unseeded, full, idle_close=60.0)
        except st.StoreError as e:
            assert "deal seed" in str(e)
        else:
            raise AssertionError("a log dealt from another seed was replayed")
    finally:
        store.close()


# -- the routes ----------------------------------------------------------------------------------
def settings(name: str, **changes: object) -> dict[str, object]:
    """A short duplicate La Pocha tournament: three seats, one card, two rounds."""
    base: dict[str, object] = {
        "name": name,
        "game": "pocha",
        "params": {"hand_size": 1},
        "table_size": 3,
        "rounds": 2,
        "deals_per_round": 1,
        "clock": 0.5,
        "method": "swiss",
        "duplicate": True,
        "bot_delay": 0.0,
    }
    return {**base, **changes}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tournaments")
    srv = Server(f"sqlite:///{folder / 'tapete.sqlite3'}", folder).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_who_may_do_what_with_a_tournament(served: Server) -> None:
    """Every tournament route for an anonymous client, an account that does not direct the
    tournament and its director; the forgery guard; refusals with their codes."""
    anonymous = httpx.Client(base_url=served.url, timeout=30, headers=SAME)
    director, other = signed_in(served.url, "td_boss"), signed_in(served.url, "td_other")
    unguarded = signed_in(served.url, "td_unguarded", csrf_header=False)
    base = "/api/tournaments/Open_Cup"
    # creating: an account, guarded; bad settings refused
    assert error_code(anonymous.post("/api/tournaments", json=settings("Open_Cup"))) == (
        401, "not_signed_in",
    )  # fmt: skip
    assert error_code(unguarded.post("/api/tournaments", json=settings("Open_Cup")))[1] == "csrf"
    for bad in (
        settings("Bad_Cup", deals_per_round=3),  # La Pocha's one hand per table
        settings("Bad_Cup", params={"hand_size": 1, "n_players": 4}),  # not 3 seats
        settings("Bad_Cup", game="nothing"),
        settings("Bad_Cup", clock=0.0),
    ):
        assert error_code(director.post("/api/tournaments", json=bad)) == (400, "bad_tournament")
    made = director.post("/api/tournaments", json=settings("Open_Cup"))
    assert made.status_code == 201, made.text
    assert made.json()["director"] == "td_boss" and made.json()["seed"] is None
    assert error_code(other.post("/api/tournaments", json=settings("open_cup"))) == (
        409, "tournament_exists",
    )  # fmt: skip
    # reading: anybody
    assert anonymous.get("/api/tournaments").json()["tournaments"][0]["name"] == "Open_Cup"
    for path in ("", "/export.json", "/export.csv"):
        assert anonymous.get(base + path).status_code == 200
    assert error_code(anonymous.get("/api/tournaments/Nope")) == (404, "unknown_tournament")
    # anonymous: nothing else
    for path in ("/register", "/withdraw", "/bots", "/start"):
        assert error_code(anonymous.post(base + path, json={}))[0] == 401
    assert error_code(anonymous.get(base + "/seat")) == (401, "not_signed_in")
    assert error_code(unguarded.post(base + "/register"))[1] == "csrf"
    # an account that does not direct it: enters and leaves, no director's controls
    assert other.post(base + "/register").status_code == 200
    assert error_code(other.post(base + "/register")) == (409, "already_registered")
    assert other.post(base + "/withdraw").status_code == 200
    assert error_code(other.post(base + "/withdraw")) == (409, "not_registered")
    assert other.post(base + "/register").status_code == 200
    assert error_code(other.post(base + "/bots", json={"count": 1})) == (403, "not_director")
    assert error_code(other.post(base + "/start", json={})) == (403, "not_director")
    assert error_code(other.get(base + "/seat")) == (404, "no_seat")
    # the director
    assert error_code(director.post(base + "/bots", json={"bot": "nobody"}))[1] == (
        "bad_tournament"
    )
    entrants = director.post(base + "/bots", json={"bot": "rule", "count": 1}).json()["entrants"]
    assert [e["bot"] for e in entrants] == [False, True]
    assert error_code(director.post(base + "/start", json={})) == (409, "tournament_uneven")
    started = director.post(base + "/start", json={"fill_with": "rule"})
    assert started.status_code == 200, started.text
    assert len(started.json()["entrants"]) == 3 and started.json()["current_round"] == 1
    for who in (director, other):
        assert error_code(who.post(base + "/register")) == (409, "tournament_started")
    assert error_code(director.post(base + "/bots", json={})) == (409, "tournament_started")
    assert error_code(director.post(base + "/start", json={})) == (409, "tournament_started")
    seat = other.get(base + "/seat").json()
    assert seat["round"] == 1 and seat["seat"] in (0, 1, 2) and seat["token"]
    assert error_code(director.get(base + "/seat")) == (404, "no_seat")  # it directs only


def play_seat(server: Server, client: httpx.Client, name: str) -> str:
    """Play the account's seat of the current round through the WebSocket (the first legal
    action each time) until its table is over; the table's id."""
    seat = wait_for(
        lambda: (a := client.get(f"/api/tournaments/{name}/seat")).status_code == 200 and a.json(),
        "a seat",
    )

    async def go() -> None:
        url = server.url.replace("http", "ws") + f"/ws/{seat['table_id']}"
        async with websockets.connect(url) as socket:
            await socket.send(json.dumps({"type": "hello", "protocol": 2, "token": seat["token"]}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                if message["type"] != "state":
                    continue
                if message["status"] in ("finished", "closed"):
                    return
                if message["legal"] and message["to_move"] == seat["seat"]:
                    choice = message["legal"][0]["action"]
                    await socket.send(
                        json.dumps({"type": "action", "state": message["state"], "action": choice})
                    )

    asyncio.run(go())
    return str(seat["table_id"])


def recomputed(client: httpx.Client, shown: dict[str, Any]) -> dict[str, float]:
    """Every entrant's total from the tables' own records (their returns), each seat scored
    against the others who held the same cards at the other tables of its round."""
    totals: dict[str, float] = {}
    for played in shown["rounds_played"]:
        results = []
        for table in played["tables"]:
            record = client.get(f"/api/tables/{table['table_id']}/record").json()
            results.append([float(x) for x in record["result"]])
        for t, table in enumerate(played["tables"]):
            for s, key in enumerate(table["seats"]):
                others = [results[u][s] for u in range(len(results)) if u != t]
                score = results[t][s] - sum(others) / len(others)
                totals[key] = totals.get(key, 0.0) + score
    return totals


def links(db: Path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db) as connection:
        return sorted(
            connection.execute("SELECT round, table_index, table_id FROM tournament_tables")
        )


#: The tournament's address, its name written in another case and spacing.
COPA = "/api/tournaments/copa  pocha"


def test_a_duplicate_pocha_tournament_survives_a_restart_and_a_backup(tmp_path: Path) -> None:
    """Six entrants (four accounts, two bots), two duplicate rounds of one-card La Pocha:
    the server is killed in the middle of round 1 and started again on the same file (the
    round ends, round 2 is made once); a backup taken during round 2 (sqlite3's backup API)
    and served from a new file finishes the tournament as the first server does; the
    standings agree with the tables' records; the exports hold every table."""
    db = tmp_path / "tapete.sqlite3"
    first = Server(f"sqlite:///{db}", tmp_path).start()
    try:
        people = [signed_in(first.url, n) for n in ("Ana", "Bea", "Cid", "Dan")]
        made = people[0].post("/api/tournaments", json=settings("Copa Pocha"))
        assert made.status_code == 201, made.text
        for person in people:
            assert person.post(COPA + "/register").status_code == 200
        assert people[0].post(COPA + "/bots", json={"count": 2}).status_code == 200
        started = people[0].post(COPA + "/start", json={})
        assert started.status_code == 200, started.text
        one = started.json()["rounds_played"]
        assert [len(r["tables"]) for r in one] == [2]
        assert all(t["status"] == "playing" for t in one[0]["tables"])
        # killed while round 1 plays (the people's clocks are running: each table waits at
        # least one clock for an absent person; if the machine is slow enough that round 1
        # ended first, the restart scores it instead, the other path checked here)
        first.kill()
        assert [r for r, _, _ in links(db)].count(1) == 2
        first.start()
        shown = wait_for(
            lambda: (
                (a := people[1].get("/api/tournaments/Copa Pocha").json())["current_round"] == 2
                and a
            ),
            "round 2",
        )
        assert [t["table_id"] for t in shown["rounds_played"][0]["tables"]] == [
            t["table_id"] for t in one[0]["tables"]
        ]
        assert [(r, i) for r, i, _ in links(db)] == [(1, 0), (1, 1), (2, 0), (2, 1)]
        # the backup, in the middle of round 2
        copy = tmp_path / "backup" / "tapete.sqlite3"
        copy.parent.mkdir()
        with sqlite3.connect(db) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        play_seat(first, people[0], "Copa Pocha")  # Ana plays her seat of round 2
        done = wait_for(
            lambda: (
                (a := people[1].get("/api/tournaments/Copa Pocha").json())["status"] == "finished"
                and a
            ),
            "the end",
        )
        check_finished(people[1], done, db)
        exported = people[1].get(COPA + "/export.json").json()
        records = [t["record"] for r in exported["rounds_played"] for t in r["tables"]]
        assert len(records) == 4 and all(r is not None and r["result"] for r in records)
        seated = {p for r in records for p in r["players"]}  # the accounts' names, the bots
        assert seated == {"Ana", "Bea", "Cid", "Dan", "bot:rule"}
        rows = list(csv.DictReader(io.StringIO(people[1].get(COPA + "/export.csv").text)))
        assert len(rows) == 6 * 2
        last = {r["entrant"]: float(r["total_after_round"]) for r in rows if r["round"] == "2"}
        assert last == pytest.approx({s["entrant"]: s["total"] for s in done["standings"]})
    finally:
        first.stop()
    assert [(r, i) for r, i, _ in links(db)] == [(1, 0), (1, 1), (2, 0), (2, 1)]
    restored = Server(f"sqlite:///{copy}", copy.parent).start()
    try:
        reader = httpx.Client(base_url=restored.url, timeout=30)
        again = wait_for(
            lambda: (
                (a := reader.get("/api/tournaments/Copa Pocha").json())["status"] == "finished"
                and a
            ),
            "the end from the backup",
        )
        check_finished(reader, again, copy)
        assert again["rounds_played"][0] == done["rounds_played"][0]  # round 1 as it was
        assert again["entrants"] == done["entrants"]
    finally:
        restored.stop()
    assert links(copy) == links(db)  # the same tables: nothing made again


def check_finished(client: httpx.Client, shown: dict[str, Any], db: Path) -> None:
    """Two scored rounds of two tables; the standings' totals are the records' duplicate
    scores summed, ranked by total; the seed is shown now."""
    assert shown["seed"] and len(shown["rounds_played"]) == 2
    assert all(r["scored"] and len(r["tables"]) == 2 for r in shown["rounds_played"])
    totals = recomputed(client, shown)
    table = {s["entrant"]: s["total"] for s in shown["standings"]}
    assert table == pytest.approx(totals)
    assert len(table) == 6 and sum(table.values()) == pytest.approx(0.0, abs=1e-6)
    order = [s["total"] for s in shown["standings"]]
    assert order == sorted(order, reverse=True)
    ranks = [s["rank"] for s in shown["standings"]]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    # duplicate: both tables of a round were dealt the same cards
    with sqlite3.connect(db) as connection:
        for played in shown["rounds_played"]:
            dealt = [
                connection.execute(
                    "SELECT action FROM actions WHERE table_id = ? AND seat < 0 ORDER BY seq",
                    (table["table_id"],),
                ).fetchall()
                for table in played["tables"]
            ]
            assert dealt[0] and dealt[0] == dealt[1]


def test_a_round_that_ended_while_the_server_was_down_is_scored_once(db_url: str) -> None:
    """On SQLite and PostgreSQL, in process: a tournament of bots whose round 1 finishes
    while nobody listens for it (as when the server stops between a table's end and the
    round's scoring) moves to round 2 when the service resumes, and a second resume (a
    second process, a restart) makes nothing again; it then runs to its end."""
    from tapete.accounts import Accounts, Passwords
    from tapete.accounts.tournaments import Settings, Tournaments

    async def go() -> None:
        store = Store(db_url)
        store.migrate()
        manager = TableManager(store, idle_close=60.0)
        try:
            director = Accounts(store, Passwords.for_tests()).register("Tdir", "a long password")
            service = Tournaments(store, manager)  # its hook is not installed: deaf
            spec = Settings("Deaf", "pocha", {"hand_size": 1}, 2, 1, 5.0, "round_robin",
                            False, 3, 0.0)  # fmt: skip
            await asyncio.to_thread(service.create, director, spec)
            await asyncio.to_thread(service.add_bots, director, "Deaf", "rule", 3)
            shown = await service.start(director, "Deaf", None)
            first = shown["rounds_played"][0]["tables"][0]["table_id"]
            for _ in range(500):
                data = await store.aread(lambda s: st.get_table(s, first))
                if data is not None and data.status == "finished":
                    break
                await asyncio.sleep(0.02)
            assert (await asyncio.to_thread(service.show, "Deaf"))["current_round"] == 1
            again, twice = Tournaments(store, manager), Tournaments(store, manager)
            manager.table_finished = again.table_finished  # (the server's start does so)
            await asyncio.gather(again.resume(), twice.resume())
            shown = await asyncio.to_thread(service.show, "Deaf")
            assert shown["current_round"] == 2 and len(shown["rounds_played"]) == 2
            assert [len(r["tables"]) for r in shown["rounds_played"]] == [1, 1]
            for _ in range(500):
                shown = await asyncio.to_thread(service.show, "Deaf")
                if shown["status"] == "finished":
                    break
                await asyncio.sleep(0.02)
            await again.wait()
            assert shown["status"] == "finished" and len(shown["rounds_played"]) == 2
            results = [t["result"] for r in shown["rounds_played"] for t in r["tables"]]
            totals: dict[str, float] = {}
            for played, result in zip(shown["rounds_played"], results, strict=True):
                for key, score in zip(played["tables"][0]["seats"], result, strict=True):
                    totals[key] = totals.get(key, 0.0) + score  # not duplicate: the results
            assert {s["entrant"]: s["total"] for s in shown["standings"]} == totals
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_a_tournament_table_nobody_watches_plays_to_its_end(tmp_path: Path) -> None:
    """A table closes when nobody has watched it for the idle time, but not a tournament's
    round table while it plays: the absent person's clock runs out, the bot plays the seat,
    and the table finishes (an ordinary table of the same kind is closed)."""
    from tapete.accounts import Accounts, Passwords
    from tapete.accounts.tournaments import Settings, Tournaments

    async def go() -> None:
        store = Store(st.default_url(tmp_path))
        store.migrate()
        manager = TableManager(store, idle_close=0.3)
        try:
            accounts = Accounts(store, Passwords.for_tests())
            director = accounts.register("Absent", "a long password")
            service = Tournaments(store, manager)
            manager.table_finished = service.table_finished
            spec = Settings("Idle Cup", "pocha", {"hand_size": 1}, 1, 1, 0.6, "swiss",
                            False, 3, 0.0)  # fmt: skip
            await asyncio.to_thread(service.create, director, spec)
            await asyncio.to_thread(service.register, director, "Idle Cup")
            await asyncio.to_thread(service.add_bots, director, "Idle Cup", "rule", 2)
            shown = await service.start(director, "Idle Cup", None)
            table_id = shown["rounds_played"][0]["tables"][0]["table_id"]
            # an ordinary table like it: a person's seat that nobody takes, and two bots
            plain = _bots("plain", ("rule", "rule", "rule"), None)
            plain.game, plain.params, plain.clock = "pocha", {"n_players": 3, "hand_size": 1}, 0.6
            plain.seats[0] = SeatData(0, "human", None, {}, "Nobody", "x" * 64)
            await store.awrite(st.insert_table(plain))
            live = await manager.require("plain")
            await live.call(live.start)
            for _ in range(300):
                shown = await asyncio.to_thread(service.show, "Idle Cup")
                other = await store.aread(lambda s: st.get_table(s, "plain"))
                if (
                    shown["status"] == "finished"
                    and other is not None
                    and other.status != "playing"
                ):
                    break
                await asyncio.sleep(0.05)
            await service.wait()
            assert shown["status"] == "finished"
            assert shown["rounds_played"][0]["tables"][0]["status"] == "finished"
            data = await store.aread(lambda s: st.get_table(s, table_id))
            assert data is not None and data.tournament is not None and data.result is not None
            assert other is not None and other.status == "closed"
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def first_answer(server: Server, table_id: str, cookie: str | None, token: str | None) -> Any:
    """The first message a table's WebSocket answers a hello with (seat ``token`` or none)
    from a client signed in with the session ``cookie`` (or nobody)."""

    async def go() -> Any:
        headers = {"Cookie": f"tapete_session={cookie}"} if cookie else {}
        url = server.url.replace("http", "ws") + f"/ws/{table_id}"
        async with websockets.connect(url, additional_headers=headers) as socket:
            hello: dict[str, Any] = {"type": "hello", "protocol": 2}
            await socket.send(json.dumps(hello | ({"token": token} if token else {})))
            return json.loads(await asyncio.wait_for(socket.recv(), 30))

    return asyncio.run(go())


def test_a_running_duplicate_round_is_watched_by_no_entrant(served: Server) -> None:
    """While a duplicate round is played, its tables (and a finished one's record) are for
    their seats and for signed-in accounts not entered: an entrant or an anonymous client
    would see the cards its own table holds too."""
    director, ana, cid = (signed_in(served.url, n) for n in ("sd_boss", "sd_ana", "sd_cid"))
    base = "/api/tournaments/Sealed Cup"
    made = director.post("/api/tournaments", json=settings("Sealed Cup", clock=120.0))
    assert made.status_code == 201, made.text
    assert ana.post(base + "/register").status_code == 200
    assert director.post(base + "/bots", json={"bot": "rule", "count": 5}).status_code == 200
    assert director.post(base + "/start", json={}).status_code == 200
    seat = ana.get(base + "/seat").json()
    mine = str(seat["table_id"])

    def tables() -> list[dict[str, Any]]:
        return list(director.get(base).json()["rounds_played"][0]["tables"])

    other = next(str(t["table_id"]) for t in tables() if t["table_id"] != mine)
    wait_for(lambda: next(t for t in tables() if t["table_id"] == other)["status"] == "finished",
             "the bots' table's end")  # fmt: skip
    anonymous = httpx.Client(base_url=served.url, timeout=30)
    for table_id in (mine, other):
        assert first_answer(served, table_id, None, None)["code"] == "round_sealed"
        refused = first_answer(served, table_id, ana.cookies["tapete_session"], None)
        assert refused["code"] == "round_sealed"
        watching = first_answer(served, table_id, cid.cookies["tapete_session"], None)
        assert watching["type"] == "welcome" and watching["seat"] is None
    mine_seen = first_answer(served, mine, ana.cookies["tapete_session"], seat["token"])
    assert mine_seen["type"] == "welcome" and mine_seen["seat"] == seat["seat"]
    for client in (anonymous, ana):
        assert error_code(client.get(f"/api/tables/{other}/record")) == (403, "round_sealed")
    assert cid.get(f"/api/tables/{other}/record").status_code == 200
    assert director.get(base).json()["current_round"] == 1  # the round was still running
