"""The store on SQLite and PostgreSQL: migrations, the action log's guarantees, group commit
that keeps one failing write from taking others down, history, table ownership."""

from __future__ import annotations

import concurrent.futures

import pytest
import sqlalchemy.exc

from tapete.storage import Store, StoreError
from tapete.storage import store as st
from tapete.storage.store import SeatData, TableData


def new_table(store: Store, table_id: str) -> None:
    store.call(
        st.insert_table(
            TableData(
                table_id, "pocha", {}, [SeatData(0, "human"), SeatData(1, "bot", "rule")], None, 0.5
            )
        )
    )


def test_migrations_and_the_log(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        store.migrate()  # idempotent
        new_table(store, "t1")
        store.call(st.append_actions("t1", 0, [(-1, 3, "deal Ao"), (0, 64, "bid 0")]))
        with pytest.raises(sqlalchemy.exc.IntegrityError):  # the same sequence number twice
            store.call(st.append_actions("t1", 1, [(0, 64, "bid 0")]))
        with pytest.raises(StoreError):  # a gap
            store.call(st.append_actions("t1", 5, [(0, 64, "bid 0")]))
        log = store.read(lambda s: st.load_actions(s, "t1")).result()
        assert [(a.seq, a.seat, a.action, a.text) for a in log] == [
            (0, -1, 3, "deal Ao"),
            (1, 0, 64, "bid 0"),
        ]
        table = store.read(lambda s: st.get_table(s, "t1")).result()
        assert table is not None and table.move_number == 2 and table.seats[1].player == "rule"
        assert store.read(st.list_live_tables).result() == ["t1"]
    finally:
        store.close()


def test_group_commit_isolates_a_failing_write(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        for i in range(20):
            new_table(store, f"g{i}")
        # many writes queued at once, one of them bad: the others are all stored
        futures = [store.write(st.append_actions(f"g{i}", 0, [(0, 1, "x")])) for i in range(20)]
        futures.append(store.write(st.append_actions("g3", 0, [(0, 1, "again")])))
        done = [f.exception() for f in concurrent.futures.as_completed(futures, timeout=60)]
        assert sum(e is not None for e in done) == 1
        for i in range(20):
            log = store.read(lambda s, i=i: st.load_actions(s, f"g{i}")).result()
            assert [a.text for a in log] == ["x"]
    finally:
        store.close()


def test_history_and_status(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        new_table(store, "h1")
        store.call(st.update_seat("h1", SeatData(0, "human", name="Ana", token_hash="abc")))
        assert store.read(lambda s: st.player_history(s, name="Ana")).result() == []
        store.call(st.set_status("h1", "finished", record="{}"))
        games = store.read(lambda s: st.player_history(s, name="Ana")).result()
        assert [(t.id, seat) for t, seat in games] == [("h1", 0)]
        by_token = store.read(lambda s: st.player_history(s, token_hash="abc")).result()
        assert [t.id for t, _ in by_token] == ["h1"]
        assert store.read(lambda s: st.get_record(s, "h1")).result() == ("finished", "{}")
    finally:
        store.close()


def test_one_owner_per_table_on_postgresql(postgres: object) -> None:
    url = postgres.new_database()  # type: ignore[attr-defined]
    first, second = Store(url), Store(url)
    try:
        first.migrate()
        assert first.claim("t", "http://a") and first.claim("t", "http://a")
        assert not second.claim("t", "http://b")
        assert second.owner("t") == "http://a"
        assert second.claim("u", "http://b") and not first.claim("u", "http://a")
        first.close()  # the owner goes away: its lock is released
        assert second.claim("t", "http://b") and second.owner("t") == "http://b"
    finally:
        first.close()
        second.close()
