"""Clubs (docs/clubs.md) on a real ``tapete serve``: who may do what with a club (nobody,
a non-member, a member, an administrator), the privacy of a club's tables (the lobby's
list, the table's answer, joining it, its WebSocket, its record), the standings by scores
and by ratings over the club's season; and the migration from 0011.

One server for the module. Its finished games are La Pocha with one card a hand for
three (two members and the ``rule`` bot) played by the move clock (0.5 s)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from sqlalchemy import inspect, text

from tapete.storage import Store
from tapete.storage import store as st

from .conftest import Server
from .harness import SAME, signed_in, wait_for
from .harness import error_code as code
from .test_migrations import downgrade_to, store_old_table

GAME = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1}}
RULE = {"kind": "bot", "player": "rule"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("clubs")
    srv = Server(f"sqlite:///{folder / 'tapete.sqlite3'}", folder).start()
    try:
        yield srv
    finally:
        srv.stop()


def account(server: Server, name: str) -> httpx.Client:
    """A client signed in as a new account ``name``."""
    return signed_in(server.url, name)


def ws_first(server: Server, table_id: str, cookie: str | None) -> dict[str, Any]:
    """The first message the table's WebSocket sends (with the session ``cookie``)."""

    async def go() -> dict[str, Any]:
        headers = {"Cookie": f"tapete_session={cookie}"} if cookie else {}
        url = server.url.replace("http", "ws") + f"/ws/{table_id}"
        async with websockets.connect(url, additional_headers=headers) as socket:
            # a refused socket may be closed already: its message is still read
            with contextlib.suppress(websockets.ConnectionClosed):
                await socket.send(json.dumps({"type": "hello", "protocol": 2}))
            return dict(json.loads(await socket.recv()))

    return asyncio.run(go())


def test_who_may_do_what_with_a_club(served: Server) -> None:
    anonymous = httpx.Client(base_url=served.url, timeout=30, headers=SAME)
    ana, bea, cid = (
        account(served, "ana_auth"),
        account(served, "bea_auth"),
        account(served, "cid_auth"),
    )
    assert code(anonymous.post("/api/clubs", json={"name": "Anon"})) == (401, "not_signed_in")
    assert code(anonymous.get("/api/clubs/Nobody")) == (401, "not_signed_in")
    bare = httpx.Client(base_url=served.url, timeout=30, cookies=ana.cookies)
    assert code(bare.post("/api/clubs", json={"name": "NoHeader"})) == (403, "csrf")
    made = ana.post("/api/clubs", json={"name": "Auth_Club", "standings": "scores"})
    assert made.status_code == 201, made.text
    assert made.json()["members"] == [{"name": "ana_auth", "role": "admin"}]
    assert code(bea.post("/api/clubs", json={"name": "auth_club"})) == (409, "club_name_taken")
    assert code(bea.post("/api/clubs", json={"name": "a <b>"})) == (400, "club_name_characters")
    assert code(bea.post("/api/clubs", json={"name": "  ab "})) == (400, "club_name_length")
    dan = account(served, "dan_auth")
    spaced = dan.post("/api/clubs", json={"name": " Peña   del Tresillo "})
    assert spaced.status_code == 201, spaced.text
    assert spaced.json()["name"] == "Peña del Tresillo"
    assert code(ana.post("/api/clubs", json={"name": "PEÑA DEL  tresillo"})) == (
        409,
        "club_name_taken",
    )
    assert dan.get("/api/clubs/peña del tresillo").json()["name"] == "Peña del Tresillo"
    bad_season = {"name": "Seasoned", "season_start": "2026-05-01", "season_end": "2026-01-01"}
    assert code(bea.post("/api/clubs", json=bad_season)) == (400, "bad_season")
    # a non-member: the club does not exist for it
    assert code(bea.get("/api/clubs/Auth_Club")) == (404, "unknown_club")
    assert code(bea.get("/api/clubs/No_Such_Club")) == (404, "unknown_club")
    assert code(bea.post("/api/clubs/Auth_Club/members", json={"name": "bea_auth"})) == (
        404,
        "unknown_club",
    )
    assert code(bea.post("/api/clubs/Auth_Club/leave")) == (404, "unknown_club")
    # the administrator adds a member; a member sees it but may not change it
    added = ana.post("/api/clubs/Auth_Club/members", json={"name": "BEA_AUTH"})
    assert added.status_code == 200, added.text
    assert {m["name"]: m["role"] for m in added.json()["members"]} == {
        "ana_auth": "admin",
        "bea_auth": "member",
    }
    shown = bea.get("/api/clubs/auth_club").json()
    assert shown["role"] == "member" and [s["name"] for s in shown["standings"]] != []
    assert code(bea.post("/api/clubs/Auth_Club/members", json={"name": "cid_auth"})) == (
        403,
        "not_club_admin",
    )
    assert code(bea.post("/api/clubs/Auth_Club/members/ana_auth/remove")) == (
        403,
        "not_club_admin",
    )
    assert code(ana.post("/api/clubs/Auth_Club/members", json={"name": "nobody_here"})) == (
        404,
        "unknown_account",
    )
    assert [c["name"] for c in bea.get("/api/clubs").json()["clubs"]] == ["Auth_Club"]
    assert cid.get("/api/clubs").json()["clubs"] == []
    # the last administrator may not leave others behind; promoted, it may
    assert code(ana.post("/api/clubs/Auth_Club/leave")) == (409, "club_last_admin")
    promoted = ana.post("/api/clubs/Auth_Club/members", json={"name": "bea_auth", "role": "admin"})
    assert {m["name"]: m["role"] for m in promoted.json()["members"]}["bea_auth"] == "admin"
    assert ana.post("/api/clubs/Auth_Club/leave").status_code == 200
    assert code(ana.get("/api/clubs/Auth_Club")) == (404, "unknown_club")
    assert bea.post("/api/clubs/Auth_Club/members", json={"name": "cid_auth"}).status_code == 200
    removed = bea.post("/api/clubs/Auth_Club/members/cid_auth/remove")
    assert [m["name"] for m in removed.json()["members"]] == ["bea_auth"]
    assert code(cid.get("/api/clubs/Auth_Club")) == (404, "unknown_club")
    assert code(bea.post("/api/clubs/Auth_Club/members/cid_auth/remove")) == (
        404,
        "not_club_member",
    )


def test_a_club_table_is_seen_and_joined_by_its_members_only(served: Server) -> None:
    ana, bea, out = (
        account(served, "ana_priv"),
        account(served, "bea_priv"),
        account(served, "out_priv"),
    )
    anonymous = httpx.Client(base_url=served.url, timeout=30, headers=SAME)
    assert ana.post("/api/clubs", json={"name": "Priv_Club"}).status_code == 201
    assert ana.post("/api/clubs/Priv_Club/members", json={"name": "bea_priv"}).status_code == 200
    body = {**GAME, "seats": [{}, {}, RULE], "seat": 0, "club": "Priv_Club"}
    assert code(anonymous.post("/api/tables", json=body)) == (401, "club_needs_account")
    assert code(out.post("/api/tables", json=body)) == (404, "unknown_club")
    created = ana.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    table_id = str(created.json()["table"]["id"])
    assert created.json()["table"]["seats"][0]["name"] == "ana_priv"
    public = anonymous.post("/api/tables", json={**GAME, "seats": [{}, {}, RULE]}).json()
    public_id = str(public["table"]["id"])

    def listed(client: httpx.Client) -> dict[str, Any]:
        return {t["id"]: t for t in client.get("/api/tables?status=all").json()["tables"]}

    for stranger in (anonymous, out):
        seen = listed(stranger)
        assert public_id in seen and table_id not in seen
        assert code(stranger.get(f"/api/tables/{table_id}")) == (404, "unknown_table")
        join = stranger.post(f"/api/tables/{table_id}/join", json={"name": "x", "seat": 1})
        assert code(join) == (404, "unknown_table")
        assert code(stranger.get(f"/api/tables/{table_id}/steps")) == (404, "unknown_table")
    assert listed(bea)[table_id]["club"] == "Priv_Club"
    # the list fills its limit past the club tables a stranger may not see
    newer = ana.post("/api/tables", json=body)
    assert newer.status_code == 201, newer.text
    newer_id = str(newer.json()["table"]["id"])
    for stranger in (anonymous, out):
        firsts = stranger.get("/api/tables?status=all&limit=1").json()["tables"]
        assert [t["id"] for t in firsts] == [public_id]
    assert [t["id"] for t in bea.get("/api/tables?status=all&limit=1").json()["tables"]] == [
        newer_id
    ]
    assert "club" not in listed(bea)[public_id]
    assert bea.get(f"/api/tables/{table_id}").json()["club"] == "Priv_Club"
    # the WebSocket: a non-member is told the table does not exist, a member is served
    assert ws_first(served, table_id, None)["code"] == "unknown_table"
    assert ws_first(served, table_id, out.cookies["tapete_session"])["code"] == "unknown_table"
    assert ws_first(served, table_id, bea.cookies["tapete_session"]).get("code") != "unknown_table"
    joined = bea.post(f"/api/tables/{table_id}/join", json={"name": "ignored", "seat": 1})
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"]["seats"][1]["name"] == "bea_priv"


def _start(ana: httpx.Client, bea: httpx.Client, club: str) -> str:
    body = {**GAME, "seats": [{}, {}, RULE], "seat": 0, "club": club, "clock": 0.5,
            "bot_delay": 0.0}  # fmt: skip
    created = ana.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    table_id = str(created.json()["table"]["id"])
    assert (
        bea.post(f"/api/tables/{table_id}/join", json={"name": "b", "seat": 1}).status_code == 200
    )
    return table_id


def test_the_standings_sum_the_season_scores_or_rate_the_club_games(served: Server) -> None:
    ana, bea = account(served, "ana_std"), account(served, "bea_std")
    today = dt.datetime.now(dt.UTC).date()
    assert ana.post("/api/clubs", json={"name": "Sum_Club"}).status_code == 201
    rated = {"name": "Rate_Club", "standings": "ratings", "season_start": today.isoformat()}
    assert ana.post("/api/clubs", json=rated).status_code == 201
    past = {"name": "Past_Club", "season_end": (today - dt.timedelta(days=1)).isoformat()}
    assert ana.post("/api/clubs", json=past).status_code == 201
    for club in ("Sum_Club", "Rate_Club", "Past_Club"):
        assert ana.post(f"/api/clubs/{club}/members", json={"name": "bea_std"}).status_code == 200
    tables = [_start(ana, bea, "Sum_Club") for _ in range(2)] + [_start(ana, bea, "Rate_Club")]
    tables.append(_start(ana, bea, "Past_Club"))  # the four play at once, by the clock
    for t in tables:
        wait_for(lambda t=t: ana.get(f"/api/tables/{t}").json()["status"] == "finished", "ends")
    results = [ana.get(f"/api/tables/{t}").json() for t in tables]
    assert all(r["status"] == "finished" for r in results)
    returns = [r["result"] for r in results]
    sums = bea.get("/api/clubs/Sum_Club").json()["standings"]
    by_name = {s["name"]: s for s in sums}
    assert by_name["ana_std"]["games"] == 2 and by_name["bea_std"]["games"] == 2
    assert by_name["ana_std"]["score"] == pytest.approx(returns[0][0] + returns[1][0])
    assert by_name["bea_std"]["score"] == pytest.approx(returns[0][1] + returns[1][1])
    assert [s["rank"] for s in sums] == [1, 2]
    assert sums[0]["score"] >= sums[1]["score"]
    ratings = {s["name"]: s for s in bea.get("/api/clubs/Rate_Club").json()["standings"]}
    assert ratings["ana_std"]["games"] == 1 and "score" not in ratings["ana_std"]
    one = returns[2]
    if one[0] != one[1]:  # the better return gets the higher rating
        better = "ana_std" if one[0] > one[1] else "bea_std"
        worse = "bea_std" if better == "ana_std" else "ana_std"
        assert ratings[better]["mu"] > ratings[worse]["mu"]
    outsider = httpx.Client(base_url=served.url, timeout=30)
    shown = {g["table"] for g in outsider.get("/api/history?name=ana_std").json()["games"]}
    assert shown.isdisjoint(tables)  # a club's games are not told to others by name
    mine = {g["table"]: g for g in bea.get("/api/history?name=ana_std").json()["games"]}
    assert set(tables) <= set(mine) and mine[tables[0]]["club"] == "Sum_Club"
    past_rows = bea.get("/api/clubs/Past_Club").json()["standings"]
    assert [s["games"] for s in past_rows] == [0, 0]  # its season ended yesterday


def test_the_migration_from_0011_adds_clubs_and_keeps_tables_public(db_url: str) -> None:
    """On SQLite and PostgreSQL: a table stored at 0011 is still there, clubless, after
    the upgrade; and the downgrade drops the club tables and keeps it."""
    url = db_url
    store_old_table(url, "0011", "old12")
    store = Store(url)
    try:
        store.migrate()
        assert {"clubs", "club_members", "account_seats"} <= set(
            inspect(store.engine).get_table_names()
        )
        data = store.call(lambda s: st.get_table(s, "old12"))
        assert data is not None and data.club is None and data.clock == 30.0
        downgrade_to(store, "0011")
        assert "clubs" not in inspect(store.engine).get_table_names()
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT id FROM tables")).scalars().all() == ["old12"]
        store.migrate()
        assert store.call(lambda s: st.get_table(s, "old12")) is not None
    finally:
        store.close()
