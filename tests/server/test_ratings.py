"""Ratings (docs/ratings.md) on a real ``tapete serve``: what a rated table refuses, the
ratings updated once when a rated game ends (and again after a restart, never twice), the
leaderboard and a player's profile, and what neither shows; the migration from 0010.

One server for the module; its games are La Pocha with one card a hand for three (two
accounts and the ``rule`` bot), played by the move clock (0.5 s): the two people never
act, their stand-in plays for them, and the game ends in about two seconds."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce
from sqlalchemy import delete, inspect, text

from tapete.accounts.ratings import BOT_RATINGS, START_MU, START_SIGMA, Ratings
from tapete.engine import GameRecord, load_game
from tapete.storage import Store
from tapete.storage import store as st
from tapete.storage.models import RatedGameRow, RatingHistoryRow, RatingRow

from .conftest import Server
from .harness import PASSWORD, SAME, signed_in, wait_for
from .harness import error_code as code
from .test_migrations import downgrade_to, store_old_table

#: The shortest rated game: one card a hand, three seats, the clock at its least.
GAME = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1}}
RATED = {**GAME, "rated": True, "hints": False, "clock": 0.5, "bot_delay": 0.0}
RULE = {"kind": "bot", "player": "rule"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("ratings")
    srv = Server(f"sqlite:///{folder / 'tapete.sqlite3'}", folder).start()
    try:
        yield srv
    finally:
        srv.stop()


def account(server: Server, name: str) -> httpx.Client:
    """A client signed in as a new account ``name``."""
    return signed_in(server.url, name, csrf_header=False)


def play_rated(server: Server, first: httpx.Client, second: httpx.Client) -> str:
    """A rated game of ``first`` (seat 0, creating it) and ``second`` (seat 1) and the
    rule bot, played to its end by the clock; its table id."""
    created = first.post(
        "/api/tables", json={**RATED, "seats": [{}, {}, RULE], "seat": 0}, headers=SAME
    )
    assert created.status_code == 201, created.text
    table_id = str(created.json()["table"]["id"])
    joined = second.post(f"/api/tables/{table_id}/join", json={"name": "x", "seat": 1},
                         headers=SAME)  # fmt: skip
    assert joined.status_code == 200, joined.text
    wait_for(
        lambda: httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] == "finished",
        "the game's end",
    )
    return table_id


def board(server: Server) -> dict[str, dict[str, Any]]:
    answer = httpx.get(f"{server.url}/api/ratings/pocha")
    assert answer.status_code == 200, answer.text
    return {p["name"]: p for p in answer.json()["players"]}


def test_a_rated_table_refuses_what_it_cannot_rate(served: Server) -> None:
    anonymous = httpx.Client(base_url=served.url, timeout=30)
    body = {**RATED, "seats": [{}, {}, RULE], "seat": 0, "name": "Ana"}
    assert code(anonymous.post("/api/tables", json=body, headers=SAME)) == (
        401,
        "rated_needs_account",
    )
    ana = account(served, "ana_refused")
    assert code(ana.post("/api/tables", json=body)) == (403, "csrf")  # the cookie's authority
    changes: list[tuple[dict[str, Any], str]] = [
        ({"hints": True}, "rated_hints_on"),
        ({"clock": None}, "rated_no_clock"),
        ({"seats": [RULE, RULE, RULE], "seat": None}, "rated_no_people"),
        ({"seats": [{}, {"kind": "bot", "player": "rule", "params": {"x": 1}}, RULE]},
         "unrated_bot"),
    ]  # fmt: skip
    for changed, expected in changes:
        answer = ana.post("/api/tables", json={**body, **changed}, headers=SAME)
        assert code(answer) == (400, expected), changed
    unrated = ana.post(
        "/api/tables", json={**body, "seats": [{}, {"kind": "bot", "player": "nobody"}]},
        headers=SAME,
    )  # fmt: skip
    assert code(unrated) == (400, "unrated_bot") and unrated.json()["error"]["seat"] == 1
    created = ana.post("/api/tables", json=body, headers=SAME)
    assert created.status_code == 201, created.text
    info = created.json()["table"]
    assert info["rated"] is True and info["hints"] is False
    assert info["seats"][0]["name"] == "ana_refused"  # an account plays under its name
    join = f"/api/tables/{info['id']}/join"
    assert code(anonymous.post(join, json={"name": "Eve"}, headers=SAME)) == (
        401,
        "rated_needs_account",
    )
    assert code(ana.post(join, json={"name": "again"}, headers=SAME)) == (409, "rated_seated")
    # an unrated table is as before: anybody joins by a name
    plain = anonymous.post("/api/tables", json={**GAME, "seats": [{}, {}, RULE]}).json()
    assert plain["table"]["rated"] is False
    joined = anonymous.post(f"/api/tables/{plain['table']['id']}/join", json={"name": "Eve"})
    assert joined.status_code == 200, joined.text


def expected_mus(result: list[float]) -> tuple[float, float]:
    """OpenSkill's update of two new accounts (seats 0 and 1) beside the rule bot."""
    model = PlackettLuce()
    teams = [
        [model.rating(mu=START_MU, sigma=START_SIGMA)],
        [model.rating(mu=START_MU, sigma=START_SIGMA)],
        [model.rating(mu=BOT_RATINGS["rule"][0], sigma=BOT_RATINGS["rule"][1])],
    ]
    new = model.rate(teams, scores=result)
    return float(new[0][0].mu), float(new[1][0].mu)


def exact_bid(record: dict[str, Any], seat: int) -> int:
    """Whether the seat made its bid exactly, from the record replayed here."""
    rec = GameRecord.from_dict(record)
    state = load_game(rec.game, **rec.params).new_initial_state()
    for action in rec.actions:
        state.apply_string(action)
    bids, won = state.bids, state.tricks_won  # type: ignore[attr-defined]
    return int(bids[seat] == won[seat])


def test_a_rated_game_moves_the_ratings_once_and_shows_them(served: Server) -> None:
    ana, bruno = account(served, "Ana_R"), account(served, "bruno_r")
    assert "Ana_R" not in board(served)
    table_id = play_rated(served, ana, bruno)
    info = httpx.get(f"{served.url}/api/tables/{table_id}").json()
    result = info["result"]
    rows = wait_for(lambda: {n: p for n, p in board(served).items() if n in ("Ana_R", "bruno_r")}
                    if len(board(served).keys() & {"Ana_R", "bruno_r"}) == 2 else None,
                    "the ratings")  # fmt: skip
    mu0, mu1 = expected_mus(result)
    assert rows["Ana_R"]["mu"] == pytest.approx(mu0, abs=1e-3)
    assert rows["bruno_r"]["mu"] == pytest.approx(mu1, abs=1e-3)
    assert rows["Ana_R"]["games"] == rows["bruno_r"]["games"] == 1
    ranks = sorted(board(served).values(), key=lambda p: p["rank"])
    assert [p["rating"] for p in ranks] == sorted((p["rating"] for p in ranks), reverse=True)

    profile = httpx.get(f"{served.url}/api/players/ana_r")  # any case
    assert profile.status_code == 200, profile.text
    shown = profile.json()
    assert set(shown) == {"name", "ratings", "history", "games", "stats"}
    assert shown["name"] == "Ana_R"
    assert [(r["game"], r["games"], r["mu"]) for r in shown["ratings"]] == [
        ("pocha", 1, rows["Ana_R"]["mu"])
    ]
    assert [(h["table"], h["rating"]) for h in shown["history"]] == [
        (table_id, rows["Ana_R"]["rating"])
    ]
    assert shown["history"][0]["before"] == 0.0  # a new account: 25 - 3 x 25/3
    (game,) = shown["games"]
    assert (game["table"], game["seat"], game["result"]) == (table_id, 0, result)
    assert game["players"] == ["Ana_R", "bruno_r", "bot:rule"]
    assert httpx.get(served.url + game["replay"]).status_code == 200
    record = httpx.get(f"{served.url}/api/tables/{table_id}/record").json()
    assert shown["stats"]["pocha"]["bids"] == 1
    assert shown["stats"]["pocha"]["exact"] == exact_bid(record, 0)
    assert shown["stats"]["pocha"]["games"] == 1

    # nothing of the account but its name: not in the profile, the table or its record
    for text_shown in (profile.text, httpx.get(f"{served.url}/api/tables/{table_id}").text,
                       str(record)):  # fmt: skip
        for secret in ("argon2", "password", "is_admin", "account", "session", "token_hash"):
            assert secret not in text_shown.lower(), secret
    assert code(httpx.get(f"{served.url}/api/players/nobody_here")) == (404, "unknown_profile")
    assert code(httpx.get(f"{served.url}/api/ratings/chess")) == (404, "unknown_game")
    assert httpx.get(f"{served.url}/ratings/pocha").status_code == 200
    assert httpx.get(f"{served.url}/players/Ana_R").status_code == 200

    # once: a restart changes nothing; an update lost to a crash is made at the start
    before = board(served)
    served.stop()
    store = Store(served.db)
    try:
        assert Ratings(store).pending() == []
        assert Ratings(store).apply(table_id) is False  # done already
        store.call(lambda s: s.execute(delete(RatedGameRow)))  # as if it never happened
        store.call(lambda s: s.execute(delete(RatingHistoryRow)))
        store.call(lambda s: s.execute(delete(RatingRow)))
        assert Ratings(store).pending() == [table_id]
    finally:
        store.close()
    served.start()
    assert board(served) == before


def test_a_database_of_0010_upgrades_to_ratings_and_back(db_url: str) -> None:
    """The tables of 0011 come on a database of the accounts' tapete; its tables are
    unrated, and 0011 can be undone."""

    store_old_table(db_url, "0010", "old11", status="finished")
    store = Store(db_url)
    try:
        store.migrate()
        assert {"ratings", "rating_history", "account_seats", "rated_games"} <= set(
            inspect(store.engine).get_table_names()
        )
        data = store.call(lambda s: st.get_table(s, "old11"))
        assert data is not None and data.rated is False and data.clock == 30.0
        ratings = Ratings(store)
        assert ratings.pending() == [] and ratings.leaderboard("pocha") == []
        assert ratings.apply("old11") is False  # not a rated table
        downgrade_to(store, "0010")
        assert "ratings" not in inspect(store.engine).get_table_names()
        with store.engine.connect() as connection:  # the table stays, without the column
            assert connection.execute(text("SELECT id FROM tables")).scalars().all() == ["old11"]
        store.migrate()
        data = store.call(lambda s: st.get_table(s, "old11"))
        assert data is not None and data.rated is False
    finally:
        store.close()


def _random_record(game: str, params: dict[str, Any], seed: int) -> tuple[Any, str]:
    """A game of random moves to its end: its final state and its record."""
    import random

    played = load_game(game, **params)
    state, rng = played.new_initial_state(), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    names = tuple(f"p{i}" for i in range(played.num_players()))
    return state, GameRecord.from_state(state, players=names).to_json()


def test_the_games_own_counts_agree_with_the_matches_deal_sheets() -> None:
    """Ombre's deals as ombre and sacardo, Trynka's chips and La Pocha's deals, read from
    the record, agree with what the match itself kept of each deal (its DealSummary)."""
    from tapete.accounts.stats import game_stats

    seen_sacardo = 0
    for seed in range(6):
        state, record = _random_record("ombre-match", {"num_deals": 4}, seed)
        counts = game_stats(record)
        deals = state.finished
        for seat, mine in enumerate(counts):
            as_ombre = [d for d in deals if d.detail("ombre") == seat]
            sacardo = sum(d.detail("outcome") == "sacardo" for d in as_ombre)
            assert (mine["deals"], mine["as_ombre"], mine["sacardo"]) == (
                len(deals),
                len(as_ombre),
                sacardo,
            )
            seen_sacardo += sacardo
    assert seen_sacardo > 0  # the comparison met a sacardo
    state, record = _random_record("trynka-match", {}, 1)
    deals = state.finished
    chips = [c["chips"] for c in game_stats(record)]
    assert chips == [sum(d.returns[s] for d in deals) for s in range(len(chips))]
    assert any(chips) and sum(chips) == 0
    state, record = _random_record("pocha-match", {"n_players": 3}, 2)
    counts = game_stats(record)
    assert [c["bids"] for c in counts] == [len(state.finished)] * 3
    assert all(0 <= c["exact"] <= c["bids"] for c in counts)


def test_the_update_on_either_database_is_made_once(db_url: str) -> None:
    """A finished rated table stored by hand (two accounts, the rule bot): its update is
    made once on SQLite and PostgreSQL, the bot's rating does not move, and a seat whose
    token changed since the account took it is not the account's."""
    from tapete.accounts import Accounts, Passwords

    state, record = _random_record("pocha", {"n_players": 3, "hand_size": 1}, 4)
    store = Store(db_url)
    try:
        store.migrate()
        accounts = Accounts(store, Passwords.for_tests())
        ana, bea, cai = (accounts.register(n, PASSWORD) for n in ("ana", "bea", "cai"))
        seats = [
            st.SeatData(0, "human", name="ana", token_hash=st.hash_token("t0")),
            st.SeatData(1, "human", name="bea", token_hash=st.hash_token("t1")),
            st.SeatData(2, "bot", player="rule"),
        ]
        data = st.TableData("rated1", "pocha", {"n_players": 3, "hand_size": 1}, seats,
                            clock=30.0, bot_delay=0.0, status="playing", rated=True)  # fmt: skip
        store.call(st.insert_table(data))
        ratings = Ratings(store)
        ratings.seat_account("rated1", 0, ana, st.hash_token("t0"))
        ratings.seat_account("rated1", 1, bea, st.hash_token("t1"))
        ratings.seat_account("rated1", 2, cai, st.hash_token("an old token"))  # not cai's now
        assert ratings.pending() == [] and ratings.apply("rated1") is False  # not finished
        result = list(state.returns())
        store.call(st.append_actions("rated1", 0, [], status="finished", result=result,
                                     record=record))  # fmt: skip
        assert ratings.pending() == ["rated1"]
        assert ratings.apply("rated1") is True
        assert ratings.apply("rated1") is False and ratings.pending() == []
        board = {p["name"]: p for p in ratings.leaderboard("pocha-match")}  # one game
        assert set(board) == {"ana", "bea"}
        mu0, mu1 = expected_mus(result)
        assert board["ana"]["mu"] == pytest.approx(mu0, abs=1e-3)
        assert board["bea"]["mu"] == pytest.approx(mu1, abs=1e-3)
        assert ratings.profile("CAI")["ratings"] == []
        shown = ratings.profile("bea")
        assert [g["table"] for g in shown["games"]] == ["rated1"]
        assert shown["stats"]["pocha"]["exact"] == exact_bid(json_record(record), 1)
        # a club's rated table: the rating moves, the public profile names no such table
        data = dataclasses.replace(data, id="club1", club=1)
        store.call(st.insert_table(data))
        ratings.seat_account("club1", 0, ana, st.hash_token("t0"))
        ratings.seat_account("club1", 1, bea, st.hash_token("t1"))
        store.call(st.append_actions("club1", 0, [], status="finished", result=result,
                                     record=record))  # fmt: skip
        assert ratings.apply("club1") is True
        shown = ratings.profile("bea")
        assert [g["table"] for g in shown["games"]] == ["rated1"]
        assert [p["table"] for p in shown["history"]] == ["rated1", None]
        assert shown["ratings"][0]["games"] == 2
        assert "club1" not in json.dumps(shown)
    finally:
        store.close()


def json_record(text_record: str) -> dict[str, Any]:
    import json

    value: dict[str, Any] = json.loads(text_record)
    return value
