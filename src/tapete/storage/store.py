"""The store: one SQLAlchemy engine, Alembic migrations, and a group-committing writer thread.

Every write is a function of a :class:`~sqlalchemy.orm.Session` handed to :meth:`Store.write`;
one thread runs the writes waiting at that moment in one transaction (group commit) and
resolves each one's future once that transaction is committed, so a caller that awaits
its write knows the data is stored. A write that fails is retried alone, so one bad write
never takes others down with it. Reads run on a small pool of threads.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import datetime as dt
import hashlib
import logging
import os
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Any, TypeVar, cast

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tapete.errors import TapeteError
from tapete.storage.models import (
    ActionRow,
    ChatRow,
    OwnerRow,
    RateBucketRow,
    SeatRow,
    SettingRow,
    TableRow,
)

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Table statuses in which a table is alive (resumed after a restart).
LIVE_STATUSES = ("open", "playing")


class StoreError(TapeteError):
    """A storage operation that cannot be done (a conflicting write, a missing table)."""


def default_url(folder: str | os.PathLike[str] | None = None) -> str:
    """The SQLite file ``tapete.sqlite3`` in ``folder`` (default: the current folder)."""
    path = os.path.abspath(os.path.join(folder or os.getcwd(), "tapete.sqlite3"))
    return f"sqlite:///{path}"


def hash_token(token: str) -> str:
    """The SHA-256 (hex) under which a token is stored.

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> dt.datetime:
    """The current time (UTC, aware)."""
    return dt.datetime.now(dt.UTC)


def iso(moment: dt.datetime | None) -> str | None:
    """``2026-12-01T09:00:00Z`` (naive times are UTC, as SQLite returns them)."""
    if moment is None:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment.isoformat(timespec="seconds") + "Z"


@dataclasses.dataclass
class SeatData:
    """A seat as stored: ``kind`` is ``human`` or ``bot``."""

    seat: int
    kind: str
    player: str | None = None
    player_params: dict[str, Any] = dataclasses.field(default_factory=dict)
    name: str | None = None
    token_hash: str | None = None
    #: The person is away (their clock ran out): the ``rule`` bot plays for them.
    away: bool = False


@dataclasses.dataclass
class TableData:
    """A table as stored, with its seats."""

    id: str
    game: str
    params: dict[str, Any]
    seats: list[SeatData]
    clock: float | None
    bot_delay: float
    status: str = "open"
    admin_token_hash: str = ""
    move_number: int = 0
    created_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    result: list[float] | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    #: The running move clock: the state number it belongs to and when it runs out (Unix s).
    clock_move: int | None = None
    clock_deadline: float | None = None
    #: The seats may ask for hints (protocol.md, ``hint``; off: refused ``hints_off``).
    hints: bool = True
    #: Who may chat: ``all``, ``seats`` or ``off`` (protocol.md, *Chat*).
    chat: str = "all"
    #: A rated table (docs/ratings.md): its accounts' ratings change when it finishes.
    rated: bool = False
    #: The club whose members alone see and join it (docs/clubs.md), or ``None``.
    club: int | None = None
    #: Dealt from ``DeckChance(deal_seed)`` (docs/tournaments.md), or ``None``: at random.
    deal_seed: str | None = None
    #: The tournament whose round it is (docs/tournaments.md), or ``None``.
    tournament: int | None = None


@dataclasses.dataclass(frozen=True)
class ActionData:
    """One logged action: sequence number, seat (-1 chance), number and text."""

    seq: int
    seat: int
    action: int
    text: str


@dataclasses.dataclass(frozen=True)
class ChatData:
    """One chat message of a table: its number there (``seq``), the state number it was
    said at (``move``), who said it (``seat`` and its ``name`` then, or spectator number
    ``spectator``), its ``text`` or quick ``phrase`` (a code), and when (``at``)."""

    seq: int
    move: int
    seat: int | None
    name: str | None
    spectator: int | None
    text: str | None
    phrase: str | None
    at: dt.datetime | None = None


_Op = tuple[Callable[[Session], Any], "concurrent.futures.Future[Any]"]


class Store:
    """The database of a server: SQLite by default, PostgreSQL by URL.

    >>> import tempfile
    >>> store = Store(default_url(tempfile.mkdtemp()))
    >>> store.migrate()
    >>> store.call(list_live_tables)
    []
    >>> store.close()
    """

    def __init__(self, url: str, *, batch_limit: int = 512) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 8
            kwargs["max_overflow"] = 8
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._batch_limit = batch_limit
        self._queue: queue.SimpleQueue[_Op | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._writer, name="tapete-store", daemon=True)
        self._thread.start()
        self._readers = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="tapete-read")
        self._closed = False
        self._lock_guard = threading.Lock()
        self._lock_connection: Connection | None = None
        self._lock_pid: int | None = None
        self._claimed: set[str] = set()

    # -- schema ---------------------------------------------------------------------------
    def migrate(self) -> None:
        """Create or upgrade the schema to the newest Alembic revision; when that applies
        migrations, says so in one line of the ``tapete.storage`` log (Alembic's own lines
        are not shown)."""
        config = Config()
        config.set_main_option(
            "script_location", str(resources.files("tapete.storage") / "migrations")
        )
        script = ScriptDirectory.from_config(config)
        quiet = logging.getLogger("alembic")
        level = quiet.level
        quiet.setLevel(logging.WARNING)  # not a line per step: one line below, if any
        try:
            with self.engine.begin() as connection:
                before = MigrationContext.configure(connection).get_current_revision()
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                after = MigrationContext.configure(connection).get_current_revision()
        finally:
            quiet.setLevel(level)
        if after != before and after is not None:
            steps = sum(1 for _ in script.iterate_revisions(after, before))
            log.info(
                "database %s revision %s (%d migration%s)",
                "created at" if before is None else f"upgraded from revision {before} to",
                after,
                steps,
                "" if steps == 1 else "s",
            )

    # -- running operations ----------------------------------------------------------------
    def write(self, op: Callable[[Session], T]) -> concurrent.futures.Future[T]:
        """Queue ``op(session)`` for the writer thread; the future resolves after commit."""
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        if self._closed:
            future.set_exception(StoreError("the store is closed"))
            return future
        self._queue.put((op, future))
        return future

    def read(self, op: Callable[[Session], T]) -> concurrent.futures.Future[T]:
        """Run ``op(session)`` on a reader thread."""
        return self._readers.submit(self._run_alone, op, False)

    async def awrite(self, op: Callable[[Session], T]) -> T:
        """Await :meth:`write`."""
        return await asyncio.wrap_future(self.write(op))

    async def aread(self, op: Callable[[Session], T]) -> T:
        """Await :meth:`read`."""
        return await asyncio.wrap_future(self.read(op))

    def call(self, op: Callable[[Session], T]) -> T:
        """Run a write ``op`` and wait for it (for tools and tests)."""
        return self.write(op).result()

    # -- ownership of tables (several processes on PostgreSQL) ------------------------------
    def claim(self, table_id: str, address: str) -> bool:
        """Take the table ``table_id`` for this process: on PostgreSQL a session advisory lock
        on a connection kept for the purpose (released when the process dies), recorded with
        this process's ``address``; on SQLite (one process) always true."""
        if self.is_sqlite:
            return True
        with self._lock_guard:
            if table_id in self._claimed:
                return True
            if self._lock_connection is None:
                self._lock_connection = self.engine.connect()
                self._lock_pid = int(
                    self._lock_connection.execute(text("SELECT pg_backend_pid()")).scalar_one()
                )
            got = bool(
                self._lock_connection.execute(
                    text("SELECT pg_try_advisory_lock(:key)"), {"key": _lock_key(table_id)}
                ).scalar()
            )
            self._lock_connection.commit()
            if not got:
                return False
            self._claimed.add(table_id)
        with Session(self.engine) as session:
            row = session.get(OwnerRow, table_id)
            if row is None:
                session.add(
                    OwnerRow(
                        table_id=table_id, address=address, since=now(), backend_pid=self._lock_pid
                    )
                )
            else:
                row.address, row.since, row.backend_pid = address, now(), self._lock_pid
            session.commit()
        return True

    def release(self, table_id: str) -> None:
        """Give the table ``table_id`` up (unlock its advisory lock): this process no longer
        serves it, and another may claim it. Session locks take room in PostgreSQL's shared
        lock table, so a process must not keep those of every table it ever served."""
        if self.is_sqlite:
            return
        with self._lock_guard:
            if table_id not in self._claimed or self._lock_connection is None:
                return
            self._lock_connection.execute(
                text("SELECT pg_advisory_unlock(:key)"), {"key": _lock_key(table_id)}
            )
            self._lock_connection.commit()
            self._claimed.discard(table_id)

    def owner(self, table_id: str) -> str | None:
        """The address of the process that holds ``table_id``'s lock now, or ``None`` when
        that is not known (nobody holds it, or its holder has not written its address yet:
        a row left by an earlier holder does not count)."""
        if self.is_sqlite:
            return None
        key = _lock_key(table_id)
        with self.engine.connect() as connection:
            address = connection.execute(
                text(
                    "SELECT o.address FROM table_owners o JOIN pg_locks l"
                    " ON l.locktype = 'advisory' AND l.granted AND l.pid = o.backend_pid"
                    " AND l.classid::bigint = :high AND l.objid::bigint = :low"
                    " AND l.objsubid = 1"
                    " AND l.database = (SELECT oid FROM pg_database"
                    " WHERE datname = current_database())"
                    " WHERE o.table_id = :table_id"
                ),
                {"high": (key >> 32) & 0xFFFFFFFF, "low": key & 0xFFFFFFFF, "table_id": table_id},
            ).scalar()
        return None if address is None else str(address)

    def shared_secret(self, key: str = "forward_secret") -> str:
        """A random secret every process on this database shares (made by the first to ask).

        The processes mark the lobby requests they forward to each other with it, so that a
        client cannot pass its own requests off as forwarded ones."""
        for _ in range(3):
            with Session(self.engine) as session:
                row = session.get(SettingRow, key)
                if row is not None:
                    return row.value
                session.add(SettingRow(key=key, value=secrets.token_urlsafe(32)))
                try:
                    session.commit()
                except IntegrityError:  # another process made it first: read that one
                    session.rollback()
        raise StoreError(f"the shared setting {key} could not be read")

    def close(self) -> None:
        """Finish the queued writes, stop the threads and dispose of the engine."""
        if self._closed:
            return
        self._closed = True
        if self._lock_connection is not None:
            # Unlock explicitly: closing only returns the connection to the pool, and the
            # server ends a dropped session's locks a moment later, not at once.
            with contextlib.suppress(Exception):
                self._lock_connection.execute(text("SELECT pg_advisory_unlock_all()"))
                self._lock_connection.commit()
            self._lock_connection.close()
            self._claimed.clear()
        self._queue.put(None)
        self._thread.join()
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    def _run_alone(self, op: Callable[[Session], T], commit: bool = True) -> T:
        with Session(self.engine, expire_on_commit=False) as session:
            result = op(session)
            if commit:
                session.commit()
            return result

    def _writer(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < self._batch_limit:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._run_batch(batch)
            if stop:
                return

    def _run_batch(self, batch: list[_Op]) -> None:
        live = [(op, future) for op, future in batch if future.set_running_or_notify_cancel()]
        if len(live) > 1:
            try:
                with Session(self.engine, expire_on_commit=False) as session:
                    rows = _BatchedRows(session)
                    results = [op(session) for op, _ in live]
                    rows.flush()
                    session.commit()
            except Exception:  # one write failed: retry each alone below
                pass
            else:
                for (_, future), result in zip(live, results, strict=True):
                    future.set_result(result)
                return
        for op, future in live:
            try:
                future.set_result(self._run_alone(op))
            except Exception as e:
                future.set_exception(e)


_BATCH_KEY = "tapete_batched_rows"


class _BatchedRows:
    """The rows that the writes of one group-committed batch leave to be written together.

    :func:`append_actions` and :func:`set_clock`, run in a batch, do not execute their
    statements: they add their parameters here, and the batch sends each statement once
    with all of them (an executemany: one prepared statement on SQLite, a pipeline on
    PostgreSQL with psycopg). Before any other statement runs on the session (an
    ``execute`` or a flush of ORM objects) the waiting rows are written first, so the
    writes keep the order in which they were queued. The compare-and-set of the move
    numbers is checked on the summed row count: when it falls short, or a row is refused
    (an action written twice), the batch fails and each write is retried alone."""

    def __init__(self, session: Session) -> None:
        self.session = session
        #: Statement -> (parameter sets, whether each must change exactly one row), in order.
        self.pending: dict[Any, tuple[list[dict[str, Any]], bool]] = {}
        session.info[_BATCH_KEY] = self
        event.listen(session, "do_orm_execute", self._before_other)
        event.listen(session, "before_flush", self._before_other)
        self._flushing = False

    def add(self, statement: Any, params: list[dict[str, Any]], *, checked: bool) -> None:
        """Leave ``params`` to be executed with ``statement`` (``checked``: one row each)."""
        rows, _ = self.pending.setdefault(statement, ([], checked))
        rows.extend(params)

    def _before_other(self, *_args: Any) -> None:
        if not self._flushing:
            self.flush()

    def flush(self) -> None:
        """Execute the waiting rows now, one executemany per statement."""
        if not self.pending:
            return
        pending, self.pending = self.pending, {}
        self._flushing = True
        try:
            connection = self.session.connection()
            for statement, (rows, checked) in pending.items():
                changed = connection.execute(statement, rows)
                if checked and changed.rowcount != len(rows):
                    raise StoreError("a table's log is not at the move a write expected")
        finally:
            self._flushing = False


def _batched(session: Session) -> _BatchedRows | None:
    """The batch ``session`` runs, or ``None`` when it runs a write alone."""
    rows = session.info.get(_BATCH_KEY)
    return rows if isinstance(rows, _BatchedRows) else None


def _lock_key(table_id: str) -> int:
    """The advisory lock key of a table (64 bits of its id's SHA-256).

    >>> _lock_key("abc") == _lock_key("abc") != _lock_key("abd")
    True
    """
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


# -- operations (functions of a session) -----------------------------------------------------
def insert_table(table: TableData) -> Callable[[Session], None]:
    """Store a new table with its seats."""

    def op(session: Session) -> None:
        moment = table.created_at or now()
        session.add(
            TableRow(
                id=table.id,
                game=table.game,
                params=table.params,
                clock=table.clock,
                bot_delay=table.bot_delay,
                hints=table.hints,
                chat=table.chat,
                rated=table.rated,
                club=table.club,
                deal_seed=table.deal_seed,
                tournament=table.tournament,
                status=table.status,
                admin_token_hash=table.admin_token_hash,
                move_number=0,
                created_at=moment,
                updated_at=moment,
                finished_at=None,
                result=None,
                record=None,
                rematch_of=table.rematch_of,
                rematch=None,
            )
        )
        session.flush()
        for seat in table.seats:
            session.add(
                SeatRow(
                    table_id=table.id,
                    seat=seat.seat,
                    kind=seat.kind,
                    player=seat.player,
                    player_params=seat.player_params,
                    name=seat.name,
                    token_hash=seat.token_hash,
                    away=seat.away,
                )
            )

    return op


def update_seat(table_id: str, seat: SeatData) -> Callable[[Session], None]:
    """Write a seat's kind, player, name and token."""

    def op(session: Session) -> None:
        session.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
            .values(
                kind=seat.kind,
                player=seat.player,
                player_params=seat.player_params,
                name=seat.name,
                token_hash=seat.token_hash,
            )
        )

    return op


_ACTIONS = cast(Table, ActionRow.__table__)
_TABLES = cast(Table, TableRow.__table__)
_INSERT_ACTIONS = insert(_ACTIONS)
_SET_CLOCK = update(_TABLES).where(_TABLES.c.id == bindparam("b_id"))
_UPDATE_MOVE: dict[tuple[str, ...], Any] = {}


def _update_move(columns: tuple[str, ...]) -> Any:
    """The statement that sets ``columns`` of a table whose move number is ``b_move``
    (one object per set of columns, so that a batch sends equal ones together).

    >>> _update_move(("move_number",)) is _update_move(("move_number",))
    True
    """
    statement = _UPDATE_MOVE.get(columns)
    if statement is None:
        statement = _UPDATE_MOVE[columns] = update(_TABLES).where(
            _TABLES.c.id == bindparam("b_id"), _TABLES.c.move_number == bindparam("b_move")
        )
    return statement


def append_actions(
    table_id: str,
    first_seq: int,
    actions: Sequence[tuple[int, int, str]],
    *,
    status: str | None = None,
    result: list[float] | None = None,
    record: str | None = None,
) -> Callable[[Session], None]:
    """Log ``(seat, action, text)`` from sequence number ``first_seq`` on, and update the
    table's move number (and status, result and record when given), in one transaction.

    The log's primary key (table, sequence number) refuses an action written twice."""

    def op(session: Session) -> None:
        # Core statements on the tables (no ORM objects): this runs for every action played.
        moment = now()
        rows = [
            {
                "table_id": table_id,
                "seq": first_seq + i,
                "seat": seat,
                "action": action,
                "text": text,
                "created_at": moment,
            }
            for i, (seat, action, text) in enumerate(actions)
        ]
        values: dict[str, Any] = {"move_number": first_seq + len(actions), "updated_at": moment}
        if status is not None:
            values["status"] = status
            if status in ("finished", "closed"):
                values["finished_at"] = moment
        if result is not None:
            values["result"] = result
        if record is not None:
            values["record"] = record
        batch = _batched(session)
        if batch is not None:  # written with the other writes of the batch (_BatchedRows)
            if rows:
                batch.add(_INSERT_ACTIONS, rows, checked=False)
            batch.add(
                _update_move(tuple(values)),
                [{"b_id": table_id, "b_move": first_seq, **values}],
                checked=True,
            )
            return
        session.flush()
        if rows:
            session.execute(_INSERT_ACTIONS, rows)
        changed = session.execute(
            _update_move(tuple(values)), {"b_id": table_id, "b_move": first_seq, **values}
        )
        if changed.rowcount != 1:  # type: ignore[attr-defined]
            raise StoreError(f"table {table_id}: the log is not at move {first_seq}")

    return op


def set_status(
    table_id: str, status: str, *, record: str | None = None, rematch: str | None = None
) -> Callable[[Session], None]:
    """Change a table's status (and store its record or rematch id)."""

    def op(session: Session) -> None:
        moment = now()
        values: dict[str, Any] = {"status": status, "updated_at": moment}
        if status in ("finished", "closed"):
            values["finished_at"] = moment
        if record is not None:
            values["record"] = record
        if rematch is not None:
            values["rematch"] = rematch
        session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    return op


def set_away(table_id: str, seat: int, away: bool) -> Callable[[Session], None]:
    """Mark a seat away (its person's clock ran out) or back."""

    def op(session: Session) -> None:
        session.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
            .values(away=away)
        )

    return op


_BUCKETS = cast(Table, RateBucketRow.__table__)
#: Takes between two clean-ups of the shared buckets that are full again (per process).
_BUCKET_SWEEP = 500
_bucket_takes = 0


def take_token(
    kind: str, address: str, rate: float, burst: float, moment: float | None = None
) -> Callable[[Session], float]:
    """Take one token from the shared bucket of ``kind`` and ``address`` (``rate`` tokens a
    second, at most ``burst``; a new bucket is full): returns 0 if there was one, else the
    seconds until there is. One atomic statement (an upsert), so processes sharing the
    database share the bucket; ``moment`` is Unix seconds (default: now).

    >>> import tempfile
    >>> store = Store(default_url(tempfile.mkdtemp()))
    >>> store.migrate()
    >>> [store.call(take_token("join", "203.0.113.5", 1.0, 2.0, 100.0)) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> store.call(take_token("join", "203.0.113.5", 1.0, 2.0, 101.0))
    0.0
    >>> store.close()
    """
    now = time.time() if moment is None else moment

    def op(session: Session) -> float:
        global _bucket_takes
        c = _BUCKETS.c
        elapsed = case((c.at < now, now - c.at), else_=0.0)
        refilled = c.tokens + elapsed * rate
        full = case((refilled > burst, burst), else_=refilled)
        dialect = session.get_bind().dialect.name
        upsert: Any = (pg_insert if dialect == "postgresql" else sqlite_insert)(_BUCKETS)
        statement = (
            upsert.values(kind=kind, address=address, tokens=burst - 1, at=now, granted=burst >= 1)
            .on_conflict_do_update(
                index_elements=[c.kind, c.address],
                set_={
                    "tokens": case((full >= 1, full - 1), else_=full),
                    "granted": full >= 1,
                    "at": case((c.at < now, now), else_=c.at),
                },
            )
            .returning(c.tokens, c.granted)
        )
        tokens, granted = session.execute(statement).one()
        _bucket_takes += 1
        if _bucket_takes % _BUCKET_SWEEP == 0:  # forget this kind's buckets full again
            session.execute(
                delete(_BUCKETS).where(c.kind == kind, c.at < now - burst / max(rate, 1e-9))
            )
        return 0.0 if granted else (1 - float(tokens)) / rate

    return op


def set_clock(table_id: str, move: int, deadline: float) -> Callable[[Session], None]:
    """Remember that the move clock of state number ``move`` runs out at ``deadline``."""

    def op(session: Session) -> None:
        params = [{"b_id": table_id, "clock_move": move, "clock_deadline": deadline}]
        batch = _batched(session)
        if batch is not None:  # written with the other writes of the batch (_BatchedRows)
            batch.add(_SET_CLOCK, params, checked=False)
        else:
            session.execute(_SET_CLOCK, params[0])

    return op


def _table_data(row: TableRow, seats: Iterable[SeatRow]) -> TableData:
    return TableData(
        id=row.id,
        game=row.game,
        params=dict(row.params),
        seats=[
            SeatData(s.seat, s.kind, s.player, dict(s.player_params), s.name, s.token_hash, s.away)
            for s in sorted(seats, key=lambda s: s.seat)
        ],
        clock=row.clock,
        bot_delay=row.bot_delay,
        status=row.status,
        admin_token_hash=row.admin_token_hash,
        move_number=row.move_number,
        created_at=row.created_at,
        finished_at=row.finished_at,
        result=list(row.result) if row.result is not None else None,
        rematch_of=row.rematch_of,
        rematch=row.rematch,
        clock_move=row.clock_move,
        clock_deadline=row.clock_deadline,
        hints=row.hints,
        chat=row.chat,
        rated=bool(row.rated),
        club=row.club,
        deal_seed=row.deal_seed,
        tournament=row.tournament,
    )


def get_table(session: Session, table_id: str) -> TableData | None:
    """The table ``table_id`` or ``None``."""
    row = session.get(TableRow, table_id)
    if row is None:
        return None
    seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
    return _table_data(row, seats)


def get_tables(
    session: Session, statuses: Sequence[str], limit: int, offset: int = 0
) -> list[TableData]:
    """Tables with one of ``statuses``, newest first (``offset`` of them skipped)."""
    rows = session.scalars(
        select(TableRow)
        .where(TableRow.status.in_(statuses))
        .order_by(TableRow.created_at.desc(), TableRow.id)
        .offset(offset)
        .limit(limit)
    ).all()
    ids = [r.id for r in rows]
    seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
    if ids:
        for s in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
            seats[s.table_id].append(s)
    return [_table_data(r, seats[r.id]) for r in rows]


def load_actions(session: Session, table_id: str, since: int = 0) -> list[ActionData]:
    """The logged actions of a table from sequence number ``since`` on, in order."""
    rows = session.execute(
        select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.text)
        .where(ActionRow.table_id == table_id, ActionRow.seq >= since)
        .order_by(ActionRow.seq)
    ).all()
    return [ActionData(seq, seat, action, text) for seq, seat, action, text in rows]


def count_actions(session: Session, table_id: str) -> int:
    """How many actions a table has logged."""
    return int(session.scalar(select(func.count()).where(ActionRow.table_id == table_id)) or 0)


def list_live_tables(session: Session) -> list[str]:
    """Ids of the tables to resume after a restart (open or playing)."""
    return list(
        session.scalars(
            select(TableRow.id).where(TableRow.status.in_(LIVE_STATUSES)).order_by(TableRow.id)
        )
    )


def get_record(session: Session, table_id: str) -> tuple[str, str | None] | None:
    """``(status, record JSON)`` of a table, or ``None``."""
    row = session.execute(
        select(TableRow.status, TableRow.record).where(TableRow.id == table_id)
    ).first()
    return None if row is None else (row[0], row[1])


def player_history(
    session: Session, *, name: str | None = None, token_hash: str | None = None, limit: int = 100
) -> list[tuple[TableData, int]]:
    """Finished or closed tables where ``name`` or ``token_hash`` held a seat, newest first,
    each with that seat."""
    condition = SeatRow.name == name if name is not None else SeatRow.token_hash == token_hash
    pairs = session.execute(
        select(SeatRow.table_id, SeatRow.seat)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(condition, TableRow.status.in_(("finished", "closed")))
        .order_by(TableRow.finished_at.desc())
        .limit(limit)
    ).all()
    out = []
    for table_id, seat in pairs:
        table = get_table(session, table_id)
        if table is not None:
            out.append((table, seat))
    return out


def insert_chat(table_id: str, line: ChatData) -> Callable[[Session], None]:
    """Store a chat message (its primary key, table and number, refuses it twice)."""

    def op(session: Session) -> None:
        session.execute(
            insert(ChatRow).values(
                table_id=table_id,
                seq=line.seq,
                move=line.move,
                seat=line.seat,
                name=line.name,
                spectator=line.spectator,
                text=line.text,
                phrase=line.phrase,
                created_at=line.at or now(),
            )
        )

    return op


def load_chat(
    session: Session,
    table_id: str,
    *,
    limit: int,
    up_to_move: int | None = None,
) -> list[ChatData]:
    """The last ``limit`` chat messages of a table (those said at state number
    ``up_to_move`` or before, when given), oldest first."""
    query = select(ChatRow).where(ChatRow.table_id == table_id)
    if up_to_move is not None:
        query = query.where(ChatRow.move <= up_to_move)
    rows = session.scalars(query.order_by(ChatRow.seq.desc()).limit(limit)).all()
    return [
        ChatData(r.seq, r.move, r.seat, r.name, r.spectator, r.text, r.phrase, r.created_at)
        for r in reversed(rows)
    ]


def next_chat_seq(session: Session, table_id: str) -> int:
    """The number the next chat message of a table gets (0 for the first)."""
    last = session.scalar(select(func.max(ChatRow.seq)).where(ChatRow.table_id == table_id))
    return 0 if last is None else int(last) + 1
