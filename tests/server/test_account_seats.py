"""The one link of an account to its seat (``account_seats``, ``tapete.accounts.seats``):
migration 0014 merges ``rated_seats`` and ``club_seats`` into it and takes it back apart,
on SQLite and PostgreSQL; the ratings and the clubs write the same row and read it alike."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from tapete.accounts import Accounts, Passwords
from tapete.accounts.clubs import Clubs
from tapete.accounts.ratings import Ratings
from tapete.accounts.seats import held_seats
from tapete.storage import Store

from .test_migrations import downgrade_to, upgrade_to

LINK = "SELECT table_id, seat, account_id, token_hash FROM {}"


def _rows(connection: Connection, table: str) -> set[tuple[Any, ...]]:
    return {tuple(r) for r in connection.execute(text(LINK.format(table))).all()}


def _table(connection: Connection, table_id: str, rated: bool, club: int | None) -> None:
    connection.execute(
        text(
            "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
            "admin_token_hash, move_number, created_at, updated_at, rated, club) VALUES "
            "(:id, 'pocha', '{\"n_players\": 3}', 30.0, 0.0, 'playing', 'h', 0, :m, :m, "
            ":rated, :club)"
        ),
        {
            "id": table_id,
            "m": dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
            "rated": rated,
            "club": club,
        },
    )


def _seat(connection: Connection, table_id: str, seat: int, token_hash: str) -> None:
    connection.execute(
        text(
            "INSERT INTO seats (table_id, seat, kind, player_params, name, token_hash) "
            "VALUES (:t, :s, 'human', '{}', 'x', :h)"
        ),
        {"t": table_id, "s": seat, "h": token_hash},
    )


def _link(connection: Connection, table: str, table_id: str, seat: int, account: int) -> None:
    connection.execute(
        text(
            f"INSERT INTO {table} (table_id, seat, account_id, token_hash) VALUES (:t, :s, :a, :h)"
        ),
        {"t": table_id, "s": seat, "a": account, "h": f"h-{table_id}-{seat}"},
    )


def test_0014_merges_rated_and_club_seats_and_splits_them_back(db_url: str) -> None:
    """Rows of ``rated_seats`` and ``club_seats`` (one seat in both: a rated club table's)
    are in ``account_seats`` once each after the upgrade, read as held while the seat keeps
    its token; the downgrade puts them back by the table's kind (a rated club table's seat
    in both)."""
    old = Store(db_url)
    try:
        upgrade_to(old, "0013")
        with old.engine.begin() as connection:
            for i, name in ((1, "Ana"), (2, "Bob")):
                connection.execute(
                    text(
                        "INSERT INTO accounts (id, name, name_key, password_hash, created_at) "
                        "VALUES (:i, :n, :k, 'x', :m)"
                    ),
                    {"i": i, "n": name, "k": name.lower(), "m": dt.datetime(2026, 1, 1)},
                )
            _table(connection, "rated", rated=True, club=None)
            _table(connection, "club", rated=False, club=7)
            _table(connection, "both", rated=True, club=7)
            _link(connection, "rated_seats", "rated", 0, 1)
            _link(connection, "rated_seats", "both", 0, 1)
            _link(connection, "rated_seats", "both", 1, 2)  # joined: the route noted it rated only
            _link(connection, "club_seats", "both", 0, 1)  # the creator's seat: noted twice
            _link(connection, "club_seats", "club", 2, 2)
            _seat(connection, "both", 0, "h-both-0")  # still held
            _seat(connection, "both", 1, "somebody else's")  # left and taken by another
            _seat(connection, "club", 2, "h-club-2")
        assert "account_seats" not in inspect(old.engine).get_table_names()
    finally:
        old.close()
    store = Store(db_url)
    try:
        upgrade_to(store, "0014")
        names = set(inspect(store.engine).get_table_names())
        assert "account_seats" in names and not {"rated_seats", "club_seats"} & names
        both0, both1 = ("both", 0, 1, "h-both-0"), ("both", 1, 2, "h-both-1")
        rated0, club2 = ("rated", 0, 1, "h-rated-0"), ("club", 2, 2, "h-club-2")
        with store.engine.connect() as connection:
            linked = connection.execute(text(LINK.format("account_seats"))).all()
        assert sorted(tuple(r) for r in linked) == sorted([both0, both1, club2, rated0])
        assert store.call(lambda s: held_seats(s, ["both", "club", "rated", "none"])) == {
            "both": {0: 1},
            "club": {2: 2},
            "rated": {},  # no seat row holds the token
            "none": {},
        }
        assert store.call(lambda s: held_seats(s, ["both", "club"], 2)) == {
            "both": {},
            "club": {2: 2},
        }
        downgrade_to(store, "0013")
        names = set(inspect(store.engine).get_table_names())
        assert "account_seats" not in names and {"rated_seats", "club_seats"} <= names
        with store.engine.connect() as connection:
            assert _rows(connection, "rated_seats") == {rated0, both0, both1}
            assert _rows(connection, "club_seats") == {club2, both0, both1}
    finally:
        store.close()


def test_the_ratings_and_the_clubs_write_one_link_and_read_it(sqlite_url: str) -> None:
    """A rated club table's seat noted by both features is one row; the ratings' ``seated``
    sees it while the seat keeps the token, then no more."""
    store = Store(sqlite_url)
    try:
        store.migrate()
        ana = Accounts(store, Passwords.for_tests()).register("Ana", "a long password")
        with store.engine.begin() as connection:
            _table(connection, "both", rated=True, club=1)
            _seat(connection, "both", 1, "token-1")
        ratings, clubs = Ratings(store), Clubs(store)
        ratings.seat_account("both", 1, ana, "token-1")
        clubs.seat_account("both", 1, ana, "token-1")
        with store.engine.connect() as connection:
            assert _rows(connection, "account_seats") == {("both", 1, ana.id, "token-1")}
        assert ratings.seated("both", ana) == [1]
        with store.engine.begin() as connection:
            connection.execute(text("UPDATE seats SET token_hash = 'another' WHERE seat = 1"))
        assert ratings.seated("both", ana) == []
        clubs.seat_account("both", 1, ana, "another")  # taken again: the link is replaced
        with store.engine.connect() as connection:
            assert _rows(connection, "account_seats") == {("both", 1, ana.id, "another")}
        assert ratings.seated("both", ana) == [1]
    finally:
        store.close()
