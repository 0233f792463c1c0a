"""A group-committed batch sends its action rows (and move clocks) as one executemany per
statement, on SQLite and PostgreSQL, and keeps the guarantees of writes run one by one: every
future resolves after its rows are committed, a bad write (an action logged twice, a stale move
number) fails alone, and the writes keep their order within the transaction."""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import sqlalchemy.exc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from sqlalchemy import event
from sqlalchemy.orm import Session

from tapete.storage import Store, StoreError
from tapete.storage import store as st
from tapete.storage.store import SeatData, TableData

_names = itertools.count()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    the_store = Store(db_url)
    the_store.migrate()
    try:
        yield the_store
    finally:
        the_store.close()


def new_tables(store: Store, count: int) -> list[str]:
    ids = [f"b{next(_names)}" for _ in range(count)]
    for table_id in ids:
        store.call(
            st.insert_table(TableData(table_id, "pocha", {}, [SeatData(0, "human")], None, 0.5))
        )
    return ids


def in_one_batch(store: Store, ops: list[Callable[[Session], Any]]) -> list[Any]:
    """Queue ``ops`` while the writer is held, so that they run as one batch; their outcomes."""
    held, release = threading.Event(), threading.Event()

    def hold(_session: Session) -> None:
        held.set()
        release.wait(30)

    blocker = store.write(hold)
    assert held.wait(30)
    futures = [store.write(op) for op in ops]
    release.set()
    blocker.result(30)
    concurrent.futures.wait(futures, timeout=60)
    return [f.exception() or f.result() for f in futures]


class Statements:
    """The statements the engine sends: (SQL, number of parameter sets) of each."""

    def __init__(self, store: Store) -> None:
        self.sent: list[tuple[str, int]] = []
        event.listen(store.engine, "before_cursor_execute", self._record)

    def _record(
        self, _conn: Any, _cursor: Any, sql: str, params: Any, _ctx: Any, many: bool
    ) -> None:
        self.sent.append((sql, len(params) if many else 1))

    def count(self, start: str) -> list[int]:
        """The sizes of the statements that begin with ``start``."""
        return [n for sql, n in self.sent if sql.lstrip().upper().startswith(start)]


def log_of(store: Store, table_id: str) -> list[tuple[int, int, int, str]]:
    actions = store.read(lambda s: st.load_actions(s, table_id)).result()
    return [(a.seq, a.seat, a.action, a.text) for a in actions]


def test_a_batch_sends_its_rows_in_one_statement(store: Store) -> None:
    ids = new_tables(store, 30)
    sent = Statements(store)
    ops: list[Callable[[Session], Any]] = []
    for n, table_id in enumerate(ids):
        ops.append(st.append_actions(table_id, 0, [(0, n, f"a{n}"), (-1, n + 1, f"b{n}")]))
        ops.append(st.set_clock(table_id, 2, 1000.0 + n))
    outcomes = in_one_batch(store, ops)
    assert outcomes == [None] * len(ops)
    assert sent.count("INSERT INTO ACTIONS") == [60]
    assert sorted(sent.count("UPDATE TABLES")) == [30, 30]
    for n, table_id in enumerate(ids):
        assert log_of(store, table_id) == [(0, 0, n, f"a{n}"), (1, -1, n + 1, f"b{n}")]
        table = store.read(functools.partial(st.get_table, table_id=table_id)).result()
        assert table is not None
        assert (table.move_number, table.clock_move, table.clock_deadline) == (2, 2, 1000.0 + n)


def test_a_bad_write_in_a_batch_fails_alone(store: Store) -> None:
    ids = new_tables(store, 6)
    store.call(st.append_actions(ids[0], 0, [(0, 1, "first")]))
    ops = [st.append_actions(t, 0 if t != ids[0] else 1, [(0, 2, "ok")]) for t in ids]
    ops.append(st.append_actions(ids[1], 0, [(0, 3, "twice")]))  # seq 0 of ids[1] again
    ops.append(st.append_actions(ids[2], 7, [(0, 3, "gap")]))  # the log is at 0 (then 1)
    outcomes = in_one_batch(store, ops)
    assert outcomes[:6] == [None] * 6
    assert isinstance(outcomes[6], sqlalchemy.exc.IntegrityError | StoreError)
    assert isinstance(outcomes[7], StoreError)
    assert log_of(store, ids[0]) == [(0, 0, 1, "first"), (1, 0, 2, "ok")]
    for table_id in ids[1:]:
        assert log_of(store, table_id) == [(0, 0, 2, "ok")]


def test_a_batch_keeps_the_order_of_its_writes(store: Store) -> None:
    (one, two) = new_tables(store, 2)

    def wrapped(session: Session) -> None:  # as a live table writes: other writes, then the log
        st.update_seat(one, SeatData(0, "human", name="Ana"))(session)
        st.append_actions(one, 0, [(0, 5, "bid 5")])(session)

    ops: list[Callable[[Session], Any]] = [
        wrapped,
        lambda s: st.count_actions(s, one),  # reads the row queued before it
        st.append_actions(two, 0, [(0, 1, "x")], status="finished", result=[1.0]),
        st.set_status(two, "closed"),  # queued after: it wins
        st.append_actions(one, 1, [(0, 6, "bid 6")]),
    ]
    outcomes = in_one_batch(store, ops)
    assert outcomes == [None, 1, None, None, None]
    assert log_of(store, one) == [(0, 0, 5, "bid 5"), (1, 0, 6, "bid 6")]
    first = store.read(lambda s: st.get_table(s, one)).result()
    second = store.read(lambda s: st.get_table(s, two)).result()
    assert first is not None and first.move_number == 2 and first.seats[0].name == "Ana"
    assert second is not None and (second.status, second.result) == ("closed", [1.0])


def test_futures_resolve_after_the_commit(store: Store) -> None:
    ids = new_tables(store, 10)
    seen: dict[str, int] = {}
    guard, looked = threading.Lock(), threading.Semaphore(0)
    futures = []
    for table_id in ids:
        future = store.write(st.append_actions(table_id, 0, [(0, 1, "x")]))

        def look(_f: concurrent.futures.Future[None], table_id: str = table_id) -> None:
            # another connection: sees only committed rows
            count = store.read(lambda s: st.count_actions(s, table_id)).result(30)
            with guard:
                seen[table_id] = count
            looked.release()

        future.add_done_callback(look)
        futures.append(future)
    for f in futures:
        f.result(60)
    assert all(looked.acquire(timeout=60) for _ in ids)  # the callbacks run after the waiters
    assert seen == {table_id: 1 for table_id in ids}


# Each write: (table index, the move number it claims, how many actions).
writes = hs.lists(hs.tuples(hs.integers(0, 3), hs.integers(0, 4), hs.integers(0, 2)), max_size=12)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(writes=writes)
def test_a_batch_stores_what_the_writes_one_by_one_would(store: Store, writes: list[Any]) -> None:
    ids = new_tables(store, 4)
    ops = [
        st.append_actions(ids[t], first, [(0, k, f"{t}:{first}:{k}") for k in range(count)])
        for t, first, count in writes
    ]
    outcomes = in_one_batch(store, ops)
    # the model: each write alone, in order
    logs: dict[int, list[tuple[int, int, int, str]]] = {t: [] for t in range(4)}
    for (t, first, count), outcome in zip(writes, outcomes, strict=True):
        if first == len(logs[t]):
            assert outcome is None
            logs[t] += [(first + k, 0, k, f"{t}:{first}:{k}") for k in range(count)]
        else:
            assert isinstance(outcome, StoreError | sqlalchemy.exc.IntegrityError)
    for t in range(4):
        assert log_of(store, ids[t]) == logs[t]
