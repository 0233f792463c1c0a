"""Corrections and penalties of a tournament (docs/tournaments.md, "Corrections and
penalties"): the migration 0015 up from 0014 and back on SQLite and PostgreSQL, and
``POST /api/tournaments/{name}/adjust``: who may, what is refused, and that the director's
adjustment enters the standings by exactly its points, shows in the view and both exports,
and is still there after a restart."""

from __future__ import annotations

import csv
import datetime as dt
import io
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import inspect, text

from tapete.storage import Store

from .conftest import Server
from .harness import SAME, error_code, signed_in, wait_for
from .test_migrations import downgrade_to, upgrade_to


def test_the_migration_0015_adds_tournament_adjustments_and_takes_them_back(
    db_url: str,
) -> None:
    """A tournament stored at 0014 keeps its row through the upgrade (its adjustments table
    empty, an adjustment stored) and the downgrade (the adjustments table dropped)."""
    store = Store(db_url)
    try:
        upgrade_to(store, "0014")
        assert "tournament_adjustments" not in inspect(store.engine).get_table_names()
        moment = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
        with store.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO accounts (name, name_key, password_hash, created_at) "
                    "VALUES ('Dir', 'dir', 'x', :m)"
                ),
                {"m": moment},
            )
            connection.execute(
                text(
                    "INSERT INTO tournaments (name, name_key, game, params, rounds, "
                    "deals_per_round, table_size, clock, bot_delay, method, duplicate, status, "
                    "current_round, director, created_at, seed) VALUES ('Old', 'old', 'pocha', "
                    "'{}', 1, 1, 3, 30.0, 0.0, 'swiss', :f, 'finished', 1, "
                    "(SELECT id FROM accounts), :m, 's')"
                ),
                {"m": moment, "f": False},
            )
        upgrade_to(store, "0015")
        assert "tournament_adjustments" in inspect(store.engine).get_table_names()
        with store.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tournament_adjustments (tournament_id, round, entrant, points, "
                    "reason, made_by, made_at) SELECT id, 1, 'b1', -2.5, 'late', director, :m "
                    "FROM tournaments"
                ),
                {"m": moment},
            )
            points = connection.execute(text("SELECT points FROM tournament_adjustments"))
            assert points.scalars().all() == [-2.5]
        downgrade_to(store, "0014")
        assert "tournament_adjustments" not in inspect(store.engine).get_table_names()
        with store.engine.connect() as connection:
            names = connection.execute(text("SELECT name FROM tournaments")).scalars().all()
            assert names == ["Old"]
        store.migrate()
        assert "tournament_adjustments" in inspect(store.engine).get_table_names()
    finally:
        store.close()


BASE = "/api/tournaments/Adj_Cup"


def _settings() -> dict[str, object]:
    """Two rounds of one-card La Pocha for three bots, not duplicate (a round's score is
    the table's result)."""
    return {
        "name": "Adj_Cup",
        "game": "pocha",
        "params": {"hand_size": 1},
        "table_size": 3,
        "rounds": 2,
        "clock": 0.5,
        "method": "round_robin",
        "duplicate": False,
        "bot_delay": 0.0,
    }


def _totals(shown: dict[str, Any], adjustments: list[tuple[int, str, float]]) -> dict[str, float]:
    """Every entrant's total recomputed: its tables' results plus the adjustments given."""
    totals: dict[str, float] = {}
    for played in shown["rounds_played"]:
        for table in played["tables"]:
            for key, score in zip(table["seats"], table["result"], strict=True):
                totals[key] = totals.get(key, 0.0) + float(score)
    for _, key, points in adjustments:
        totals[key] = totals.get(key, 0.0) + points
    return totals


def test_the_director_adjusts_a_score_and_it_stays(tmp_path: Path) -> None:
    """Anonymous 401, no forgery-guard header refused, another account 403; bad rounds,
    entrants, points and reasons 400 ``bad_adjustment``; the director's two adjustments of
    the finished tournament move the standings by exactly their points, are listed (no
    account ids) and exported (JSON, the CSV's ``adjustment`` column), and survive a
    restart of the server."""
    served = Server(f"sqlite:///{tmp_path / 'tapete.sqlite3'}", tmp_path).start()
    try:
        director, other = signed_in(served.url, "adj_boss"), signed_in(served.url, "adj_other")
        unguarded = signed_in(served.url, "adj_unguarded", csrf_header=False)
        anonymous = httpx.Client(base_url=served.url, timeout=30, headers=SAME)
        assert director.post("/api/tournaments", json=_settings()).status_code == 201
        assert director.post(BASE + "/bots", json={"bot": "rule", "count": 3}).status_code == 200
        early = {"round": 1, "entrant": "b1", "points": 1.0, "reason": "too early"}
        assert error_code(director.post(BASE + "/adjust", json=early)) == (400, "bad_adjustment")
        assert director.post(BASE + "/start", json={}).status_code == 200
        done = wait_for(
            lambda: (a := anonymous.get(BASE).json())["status"] == "finished" and a, "the end"
        )
        assert done["adjustments"] == []
        before = {s["entrant"]: s["total"] for s in done["standings"]}
        assert before == pytest.approx(_totals(done, []))
        penalty = {"round": 1, "entrant": "b1", "points": -2.5, "reason": "late to the table"}
        # who may
        assert error_code(anonymous.post(BASE + "/adjust", json=penalty)) == (
            401, "not_signed_in",
        )  # fmt: skip
        assert error_code(unguarded.post(BASE + "/adjust", json=penalty))[1] == "csrf"
        assert error_code(other.post(BASE + "/adjust", json=penalty)) == (403, "not_director")
        nonsense = {**penalty, "round": 9, "reason": " "}  # who may is asked first
        assert error_code(other.post(BASE + "/adjust", json=nonsense)) == (403, "not_director")
        assert error_code(director.post("/api/tournaments/Nope/adjust", json=penalty)) == (
            404, "unknown_tournament",
        )  # fmt: skip
        # what is refused
        for bad in (
            {**penalty, "round": 0},
            {**penalty, "round": 3},
            {**penalty, "entrant": "p1"},
            {**penalty, "points": 1e6 + 1},
            {**penalty, "points": -2e6},
            {**penalty, "reason": "   "},
        ):
            assert error_code(director.post(BASE + "/adjust", json=bad)) == (
                400, "bad_adjustment",
            ), bad  # fmt: skip
        for number in ("NaN", "Infinity"):
            body = f'{{"round": 1, "entrant": "b1", "points": {number}, "reason": "x"}}'
            answer = director.post(
                BASE + "/adjust", content=body, headers={"Content-Type": "application/json"}
            )
            assert error_code(answer) == (400, "bad_adjustment"), answer.text
        assert anonymous.get(BASE).json()["adjustments"] == []
        # the director's: a penalty in round 1, a correction in round 2
        answer = director.post(BASE + "/adjust", json=penalty)
        assert answer.status_code == 200, answer.text
        fix = {"round": 2, "entrant": "b2", "points": 1.25, "reason": "miscounted trick"}
        shown = director.post(BASE + "/adjust", json=fix).json()
        made = [(1, "b1", -2.5), (2, "b2", 1.25)]
        after = {s["entrant"]: s["total"] for s in shown["standings"]}
        assert after == pytest.approx(_totals(shown, made))
        assert {k: after[k] - before[k] for k in after} == pytest.approx(
            {"b1": -2.5, "b2": 1.25, "b3": 0.0}
        )
        order = [s["total"] for s in shown["standings"]]
        assert order == sorted(order, reverse=True)
        listed = shown["adjustments"]
        assert [(a["round"], a["entrant"], a["points"]) for a in listed] == made
        assert [a["reason"] for a in listed] == ["late to the table", "miscounted trick"]
        assert listed[0]["name"] == "rule bot 1"
        assert all(set(a) == {"round", "entrant", "name", "points", "reason", "made_at"}
                   for a in listed)  # fmt: skip
        assert dt.datetime.fromisoformat(listed[0]["made_at"]).tzinfo is not None
        # the exports
        exported = anonymous.get(BASE + "/export.json").json()
        assert exported["adjustments"] == listed
        assert exported["standings"] == shown["standings"]
        rows = list(csv.DictReader(io.StringIO(anonymous.get(BASE + "/export.csv").text)))
        assert len(rows) == 3 * 2
        extra = {(int(r["round"]), r["entrant"]): float(r["adjustment"]) for r in rows}
        assert extra == {(n, k): 0.0 for n in (1, 2) for k in ("b1", "b2", "b3")} | {
            (1, "b1"): -2.5, (2, "b2"): 1.25,
        }  # fmt: skip
        last = {r["entrant"]: float(r["total_after_round"]) for r in rows if r["round"] == "2"}
        assert last == pytest.approx(after)
        # stored: a restart shows them again
        served.stop()
        served.start()
        again = wait_for(lambda: (a := anonymous.get(BASE)).status_code == 200 and a.json(), "up")
        assert again["adjustments"] == listed and again["standings"] == shown["standings"]
        # who made them is kept in the database (not shown)
        with sqlite3.connect(tmp_path / "tapete.sqlite3") as connection:
            makers = connection.execute(
                "SELECT a.name FROM tournament_adjustments j JOIN accounts a ON a.id = j.made_by"
                " ORDER BY j.id"
            ).fetchall()
        assert makers == [("adj_boss",), ("adj_boss",)]
    finally:
        served.stop()
