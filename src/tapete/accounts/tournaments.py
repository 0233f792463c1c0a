"""The tournaments a server runs (``docs/tournaments.md``): create one, register and
withdraw, add bots, start it, and then its rounds by themselves: each round's tables are
made and started by the server, scored when the last one finishes (duplicate scores for a
duplicate tournament), and the next round seated from the standings, until the last.

The stored state is the truth: a round's tables are made in one transaction with the
tournament's round number moving from ``r - 1`` to ``r`` (and the primary key of
``tournament_tables``), so a round is never made twice, whatever process or restart tries;
the scores and standings are computed from the tables' stored results whenever they are
asked for. :meth:`Tournaments.resume` (at server start) starts the tables of a round made
just before a stop and scores a round whose tables finished while the server was down.

Seats: an account's seat at a round table holds a token made by the server (an HMAC of the
table and seat under a secret kept in the database's ``server_settings``), stored hashed as
every seat's token; the account asks for it again (``GET /api/tournaments/{name}/seat``).
The tables know the seat by the account's name only; which account sits where is kept in
``tournament_tables`` (entrant keys), apart from the game records.

Deals per round: a game with a deal-count parameter (``num_deals``: Ombre's, Tresillo's and
Danish l'hombre's matches) plays that many deals at each table; every other game plays one
table game per round (La Pocha's match plays its ``hand_sequence``), so ``deals_per_round``
must be 1 for it.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import dataclasses
import datetime as dt
import hashlib
import hmac
import io
import json
import logging
import math
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tapete.accounts.names import check_title, name_key
from tapete.accounts.service import Account
from tapete.engine import load_game
from tapete.errors import ConfigError
from tapete.players.base import available as available_players
from tapete.storage import Store
from tapete.storage import store as st
from tapete.storage.models import (
    AccountRow,
    TableRow,
    TournamentAdjustmentRow,
    TournamentEntrantRow,
    TournamentRow,
    TournamentTableRow,
)
from tapete.storage.store import SeatData, TableData, hash_token
from tapete.table import Elsewhere, TableError, TableManager
from tapete.table.base import new_table_id, new_token
from tapete.tournaments.pairing import seat_round
from tapete.tournaments.scoring import duplicate_scores, standings

log = logging.getLogger("tapete.tournaments")
T = TypeVar("T")

METHODS = ("swiss", "round_robin")
#: The most rounds, entrants and bots added at once.
MAX_ROUNDS = 50
MAX_ENTRANTS = 1000
MAX_DEALS = 240
#: The parameter a game counts its deals by (``deals_per_round`` sets it).
DEALS_PARAM = "num_deals"
#: The key of the secret the seat tokens are made from (``server_settings``).
SEAT_SECRET = "tournament_seats"
#: The most points one adjustment adds or takes, and the longest reason.
MAX_ADJUSTMENT = 1e6
MAX_REASON = 200


def _unknown(name: str) -> TableError:
    return TableError("unknown_tournament", f"there is no tournament {name[:40]!r}", 404)


def _bad(detail: str) -> TableError:
    return TableError("bad_tournament", detail, 400)


def _bad_adjustment(detail: str) -> TableError:
    return TableError("bad_adjustment", detail, 400)


#: The adjustments of a tournament by round and entrant key (their points summed).
Adjusted = dict[tuple[int, str], float]


@dataclasses.dataclass(frozen=True)
class Settings:
    """What ``POST /api/tournaments`` asks for."""

    name: str
    game: str
    params: dict[str, Any]
    rounds: int
    deals_per_round: int
    clock: float
    method: str
    duplicate: bool
    table_size: int | None = None
    bot_delay: float = 0.5


def game_params(settings: Settings) -> tuple[str, dict[str, Any], int]:
    """The game's name, its stored parameters (with the table size and the deals per round
    set) and its number of seats, or ``400 bad_tournament``.

    >>> game_params(Settings("T", "pocha", {"hand_size": 1}, 2, 1, 30, "swiss", True, 3))
    ('pocha', {'hand_size': 1, 'n_players': 3}, 3)
    >>> game_params(Settings("T", "ombre-match", {}, 2, 4, 30, "swiss", True))[1]
    {'num_deals': 4}
    """
    if not isinstance(settings.params, dict) or len(settings.params) > 32:
        raise _bad("params must be an object of game parameters")
    params = dict(settings.params)
    try:
        known = dict(getattr(load_game(settings.game), "params", {}))
    except (ConfigError, TypeError, KeyError) as e:
        raise _bad(f"unknown game {settings.game!r}: {e}") from None
    size = settings.table_size
    if size is not None and "n_players" in known and "n_players" not in params:
        params["n_players"] = size
    deals = settings.deals_per_round
    if not 1 <= deals <= MAX_DEALS:
        raise _bad(f"deals_per_round must be from 1 to {MAX_DEALS}")
    if DEALS_PARAM in known:
        if params.get(DEALS_PARAM, deals) != deals:
            raise _bad(f"params.{DEALS_PARAM} and deals_per_round differ")
        params[DEALS_PARAM] = deals
    elif deals != 1:
        raise _bad(
            f"{settings.game} plays one game per table: deals_per_round must be 1 "
            f"(a match game with {DEALS_PARAM} plays several deals)"
        )
    try:
        game = load_game(settings.game, **params)
    except (ConfigError, TypeError) as e:
        raise _bad(f"bad game parameters: {e}") from None
    seats = game.num_players()
    if size is not None and size != seats:
        raise _bad(f"{settings.game} with these parameters has {seats} seats, not {size}")
    return game.name, dict(game.given_params), seats


def check_settings(settings: Settings) -> None:
    """``400 bad_tournament`` for settings out of range (the game's are checked apart)."""
    if not 1 <= settings.rounds <= MAX_ROUNDS:
        raise _bad(f"rounds must be from 1 to {MAX_ROUNDS}")
    if not (math.isfinite(settings.clock) and 0.5 <= settings.clock <= 3600):
        raise _bad("clock must be from 0.5 to 3600 seconds")
    if not (math.isfinite(settings.bot_delay) and 0 <= settings.bot_delay <= 10):
        raise _bad("bot_delay must be from 0 to 10 seconds")
    if settings.method not in METHODS:
        raise _bad(f"method must be one of {', '.join(METHODS)}")


def round_seed(seed: str, round_number: int, table_index: int | None = None) -> str:
    """The deal seed of a round's tables (duplicate: ``table_index`` ``None``, the same for
    every table) or of one table, derived from the tournament's secret seed (one seed does
    not tell another).

    >>> round_seed("s", 1) == round_seed("s", 1), round_seed("s", 1) == round_seed("s", 2)
    (True, False)
    """
    key = f"{seed}:round:{round_number}" + ("" if table_index is None else f":{table_index}")
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def round_scores(duplicate: bool, results: Sequence[Sequence[float]]) -> list[list[float]]:
    """The round scores of a finished round's tables: their results, or in a duplicate
    tournament each seat against the others who held the same cards."""
    if duplicate:
        return duplicate_scores(results)
    return [[float(x) for x in r] for r in results]


@dataclasses.dataclass
class _Table:
    round: int
    index: int
    table_id: str
    seats: list[str]
    status: str
    result: list[float] | None
    record: str | None = None


class Tournaments:
    """The tournaments kept in ``store``, their tables run by ``manager``."""

    def __init__(self, store: Store, manager: TableManager) -> None:
        self.store = store
        self.manager = manager
        self._secret: bytes | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self._running: set[asyncio.Task[None]] = set()

    # -- store access ------------------------------------------------------------------------
    def _read(self, op: Callable[[Session], T]) -> T:
        return self.store.read(op).result()

    def _write(self, op: Callable[[Session], T]) -> T:
        return self.store.write(op).result()

    @staticmethod
    def _find(session: Session, name: str, *, lock: bool = False) -> TournamentRow:
        """The tournament ``name`` (``404 unknown_tournament``); with ``lock`` its row is
        locked for the transaction (PostgreSQL: a registration and the start, which counts
        the entrants, do not cross; SQLite has one writer anyway)."""
        query = select(TournamentRow).where(TournamentRow.name_key == name_key(name.strip()[:64]))
        row = session.scalars(query.with_for_update() if lock else query).first()
        if row is None:
            raise _unknown(name)
        return row

    @staticmethod
    def _entrants(session: Session, tid: int) -> list[TournamentEntrantRow]:
        return list(
            session.scalars(
                select(TournamentEntrantRow)
                .where(TournamentEntrantRow.tournament_id == tid)
                .order_by(TournamentEntrantRow.registered_at, TournamentEntrantRow.key)
            )
        )

    @staticmethod
    def _tables(session: Session, tid: int, with_records: bool = False) -> list[_Table]:
        rows = session.execute(
            select(TournamentTableRow, TableRow)
            .join(TableRow, TableRow.id == TournamentTableRow.table_id)
            .where(TournamentTableRow.tournament_id == tid)
            .order_by(TournamentTableRow.round, TournamentTableRow.table_index)
        ).all()
        return [
            _Table(
                link.round,
                link.table_index,
                link.table_id,
                list(link.seats),
                table.status,
                list(table.result) if table.result is not None else None,
                table.record if with_records else None,
            )
            for link, table in rows
        ]

    @staticmethod
    def _adjustments(session: Session, tid: int) -> list[TournamentAdjustmentRow]:
        return list(
            session.scalars(
                select(TournamentAdjustmentRow)
                .where(TournamentAdjustmentRow.tournament_id == tid)
                .order_by(TournamentAdjustmentRow.id)
            )
        )

    def _seat_secret(self) -> bytes:
        if self._secret is None:
            self._secret = self.store.shared_secret(SEAT_SECRET).encode()
        return self._secret

    def seat_token(self, table_id: str, seat: int) -> str:
        """The token of an account's ``seat`` at a tournament table (made again on demand
        from the server's secret; the table keeps its hash)."""
        digest = hmac.new(self._seat_secret(), f"{table_id}:{seat}".encode(), "sha256")
        return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()

    # -- registering -------------------------------------------------------------------------
    def create(self, account: Account, settings: Settings) -> dict[str, Any]:
        """A new tournament directed by ``account`` (``409 tournament_exists`` for a name
        taken, ``400 tournament_name_length`` / ``tournament_name_characters`` for a name
        the rules of club names refuse, ``400 bad_tournament`` for bad settings)."""
        shown = check_title(settings.name, "tournament")
        check_settings(settings)
        game, params, seats = game_params(settings)

        def op(session: Session) -> None:
            session.add(
                TournamentRow(
                    name=shown,
                    name_key=name_key(shown),
                    game=game,
                    params=params,
                    rounds=settings.rounds,
                    deals_per_round=settings.deals_per_round,
                    table_size=seats,
                    clock=float(settings.clock),
                    bot_delay=float(settings.bot_delay),
                    method=settings.method,
                    duplicate=bool(settings.duplicate),
                    status="registering",
                    current_round=0,
                    director=account.id,
                    created_at=st.now(),
                    seed=secrets.token_hex(16),
                )
            )
            session.flush()

        try:
            self._write(op)
        except IntegrityError:
            raise TableError("tournament_exists", "a tournament of that name exists", 409) from None
        return self.show(shown)

    def _open(self, session: Session, name: str) -> TournamentRow:
        row = self._find(session, name, lock=True)
        if row.status != "registering":
            raise TableError("tournament_started", "the tournament has started", 409)
        return row

    def _check_room(self, session: Session, row: TournamentRow, adding: int) -> None:
        count = session.scalar(
            select(func.count()).where(TournamentEntrantRow.tournament_id == row.id)
        )
        if int(count or 0) + adding > MAX_ENTRANTS:
            raise _bad(f"a tournament has at most {MAX_ENTRANTS} entrants")

    @staticmethod
    def _entrant_of(session: Session, tid: int, account: Account) -> TournamentEntrantRow | None:
        return session.scalars(
            select(TournamentEntrantRow).where(
                TournamentEntrantRow.tournament_id == tid,
                TournamentEntrantRow.account_id == account.id,
            )
        ).first()

    @staticmethod
    def _next_number(session: Session, tid: int, prefix: str) -> int:
        """The next free number of the entrant keys ``{prefix}{n}`` (``p``: people, ``b``:
        bots; in order of entry, saying nothing of the accounts)."""
        keys = session.scalars(
            select(TournamentEntrantRow.key).where(
                TournamentEntrantRow.tournament_id == tid,
                TournamentEntrantRow.key.startswith(prefix),
            )
        ).all()
        return 1 + max((int(k[1:]) for k in keys if k[1:].isdigit()), default=0)

    def register(self, account: Account, name: str) -> None:
        """Enter ``account`` (``409 already_registered``, ``409 tournament_started``)."""

        def op(session: Session) -> None:
            row = self._open(session, name)
            if self._entrant_of(session, row.id, account) is not None:
                raise TableError("already_registered", "you are registered already", 409)
            self._check_room(session, row, 1)
            session.add(
                TournamentEntrantRow(
                    tournament_id=row.id,
                    key=f"p{self._next_number(session, row.id, 'p')}",
                    account_id=account.id,
                    bot=None,
                    name=account.name,
                    registered_at=st.now(),
                )
            )
            session.flush()

        try:
            self._write(op)
        except IntegrityError:
            raise TableError("already_registered", "you are registered already", 409) from None

    def withdraw(self, account: Account, name: str) -> None:
        """Take ``account`` out before the start (``409 not_registered`` if it is not in)."""

        def op(session: Session) -> None:
            row = self._open(session, name)
            entrant = self._entrant_of(session, row.id, account)
            if entrant is None:
                raise TableError("not_registered", "you are not registered", 409)
            session.delete(entrant)

        self._write(op)

    def _director(self, session: Session, account: Account, name: str) -> TournamentRow:
        row = self._find(session, name, lock=True)
        if row.director != account.id:
            raise TableError("not_director", "only the tournament's director may do that", 403)
        return row

    def _add_bots(self, session: Session, row: TournamentRow, bot: str, count: int) -> None:
        first = self._next_number(session, row.id, "b")
        moment = st.now()
        for n in range(first, first + count):
            session.add(
                TournamentEntrantRow(
                    tournament_id=row.id,
                    key=f"b{n}",
                    account_id=None,
                    bot=bot,
                    name=f"{bot} bot {n}",
                    registered_at=moment,
                )
            )
        session.flush()

    def add_bots(self, account: Account, name: str, bot: str, count: int) -> None:
        """Enter ``count`` bots playing as ``bot`` (the director, before the start)."""
        if bot not in available_players():
            raise _bad(f"there is no bot {bot[:40]!r} (bots: {', '.join(available_players())})")
        if not 1 <= count <= MAX_ENTRANTS:
            raise _bad(f"count must be from 1 to {MAX_ENTRANTS}")

        def op(session: Session) -> None:
            row = self._director(session, account, name)
            if row.status != "registering":
                raise TableError("tournament_started", "the tournament has started", 409)
            self._check_room(session, row, count)
            self._add_bots(session, row, bot, count)

        self._write(op)

    def adjust(
        self, account: Account, name: str, round: int, entrant: str, points: float, reason: str
    ) -> None:
        """Add ``points`` (negative: a penalty) to ``entrant``'s score of round ``round``,
        for ``reason`` (its director, also once it is finished: a correction); stored with
        who made it and when. ``400 bad_adjustment`` for a round not played or being played,
        an unknown entrant key, points not finite or beyond :data:`MAX_ADJUSTMENT`, an empty
        or too long reason; ``403 not_director``."""

        def op(session: Session) -> None:
            row = self._director(session, account, name)  # who may, before what
            text = " ".join(str(reason).split())
            if not text or len(text) > MAX_REASON:
                raise _bad_adjustment(f"the reason must be 1 to {MAX_REASON} characters")
            if isinstance(points, bool) or not isinstance(points, (int, float)):
                raise _bad_adjustment("points must be a number")
            if not (math.isfinite(points) and abs(points) <= MAX_ADJUSTMENT):
                raise _bad_adjustment(
                    f"points must be a number from {-MAX_ADJUSTMENT:g} to {MAX_ADJUSTMENT:g}"
                )
            if isinstance(round, bool) or not 1 <= round <= row.current_round:
                raise _bad_adjustment(
                    f"round must be a round scored or being played (1 to {row.current_round})"
                )
            if entrant not in {e.key for e in self._entrants(session, row.id)}:
                raise _bad_adjustment(f"there is no entrant {str(entrant)[:40]!r}")
            session.add(
                TournamentAdjustmentRow(
                    tournament_id=row.id,
                    round=round,
                    entrant=entrant,
                    points=float(points),
                    reason=text,
                    made_by=account.id,
                    made_at=st.now(),
                )
            )
            session.flush()

        self._write(op)

    # -- views -------------------------------------------------------------------------------
    def listing(self) -> list[dict[str, Any]]:
        """Every tournament, newest first: name, game, status, round, rounds, entrants."""

        def op(session: Session) -> list[dict[str, Any]]:
            counts = dict(
                session.execute(
                    select(TournamentEntrantRow.tournament_id, func.count()).group_by(
                        TournamentEntrantRow.tournament_id
                    )
                ).all()
            )
            rows = session.scalars(
                select(TournamentRow).order_by(TournamentRow.created_at.desc()).limit(500)
            ).all()
            return [
                {
                    "name": r.name,
                    "game": r.game,
                    "status": r.status,
                    "round": r.current_round,
                    "rounds": r.rounds,
                    "entrants": int(counts.get(r.id, 0)),
                }
                for r in rows
            ]

        return self._read(op)

    def show(self, name: str, *, records: bool = False) -> dict[str, Any]:
        """A tournament as anybody sees it (see ``docs/tournaments.md``); with ``records``
        each table's full record too (the export)."""

        def op(session: Session) -> dict[str, Any]:
            row = self._find(session, name)
            director = session.get(AccountRow, row.director)
            entrants = self._entrants(session, row.id)
            tables = self._tables(session, row.id, with_records=records)
            adjustments = self._adjustments(session, row.id)
            shown = director.name if director else None
            return _view(row, shown, entrants, tables, records, adjustments)

        return self._read(op)

    def export_csv(self, name: str) -> str:
        """A row per entrant per scored round: round, table, seat, entrant, name, score,
        duplicate score (empty when not duplicate), the director's adjustments of the
        entrant's round (summed; 0 when none), total after the round (adjustments in)."""
        shown = self.show(name)
        names = {e["key"]: e["name"] for e in shown["entrants"]}
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["round", "table", "table_id", "seat", "entrant", "name", "score",
             "duplicate_score", "adjustment", "total_after_round"]
        )  # fmt: skip
        adjusted: dict[tuple[int, str], float] = {}
        for a in shown["adjustments"]:
            pair = (a["round"], a["entrant"])
            adjusted[pair] = adjusted.get(pair, 0.0) + a["points"]
        totals: dict[str, float] = {}
        for played in shown["rounds_played"]:
            if not played["scored"]:
                continue
            lines = []
            for table in played["tables"]:
                for seat, key in enumerate(table["seats"]):
                    score = table["result"][seat] if table["result"] is not None else 0.0
                    counted = table["scores"][seat]
                    extra = adjusted.get((played["round"], key), 0.0)
                    totals[key] = totals.get(key, 0.0) + counted + extra
                    lines.append((played["round"], table, seat, key, score, counted, extra))
            for number, table, seat, key, score, counted, extra in lines:
                writer.writerow(
                    [number, table["index"], table["table_id"], seat, key, names.get(key, key),
                     score, counted if shown["duplicate"] else "", extra,
                     round(totals[key], 9)]
                )  # fmt: skip
        return out.getvalue()

    def round_entrants(self, table_id: str) -> frozenset[int] | None:
        """For a table of a duplicate tournament's round still being played (its deals are
        dealt at the round's other tables too): the ids of the accounts entered in the
        tournament, who may not watch it or read its record before the round is over.
        ``None`` for any other table."""

        def op(session: Session) -> frozenset[int] | None:
            link = session.scalars(
                select(TournamentTableRow).where(TournamentTableRow.table_id == table_id)
            ).first()
            if link is None:
                return None
            row = session.get(TournamentRow, link.tournament_id)
            if row is None or not row.duplicate or row.status != "running":
                return None
            if row.current_round != link.round:
                return None
            ids = session.scalars(
                select(TournamentEntrantRow.account_id).where(
                    TournamentEntrantRow.tournament_id == row.id,
                    TournamentEntrantRow.account_id.is_not(None),
                )
            ).all()
            return frozenset(int(i) for i in ids if i is not None)

        return self._read(op)

    def seat(self, account: Account, name: str) -> dict[str, Any]:
        """The account's seat at its table of the current round: table id, seat, token
        (``404 no_seat`` when it has none)."""

        def op(session: Session) -> tuple[int, str, int] | None:
            row = self._find(session, name)
            entrant = self._entrant_of(session, row.id, account)
            if entrant is None:
                return None
            key = entrant.key
            links = session.scalars(
                select(TournamentTableRow).where(
                    TournamentTableRow.tournament_id == row.id,
                    TournamentTableRow.round == row.current_round,
                )
            ).all()
            for link in links:
                if key in link.seats:
                    return row.current_round, link.table_id, list(link.seats).index(key)
            return None

        found = self._read(op)
        if found is None:
            raise TableError("no_seat", "you have no seat in this round", 404)
        number, table_id, seat = found
        return {
            "round": number,
            "table_id": table_id,
            "seat": seat,
            "token": self.seat_token(table_id, seat),
        }

    # -- running -----------------------------------------------------------------------------
    def _lock(self, tid: int) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    async def start(self, account: Account, name: str, fill_with: str | None) -> dict[str, Any]:
        """Start the tournament (its director): with ``fill_with`` bots of that name fill
        the entrants up to a multiple of the table size, else ``409 tournament_uneven``
        when they are not; round 1's tables are made and started."""
        if fill_with is not None and fill_with not in available_players():
            raise _bad(f"there is no bot {fill_with[:40]!r}")

        def op(session: Session) -> int:
            row = self._director(session, account, name)
            if row.status != "registering":
                raise TableError("tournament_started", "the tournament has started", 409)
            count = len(self._entrants(session, row.id))
            size = row.table_size
            missing = max(size - count, (-count) % size)
            if missing and fill_with is not None:
                self._check_room(session, row, missing)
                self._add_bots(session, row, fill_with, missing)
            elif missing:
                raise TableError(
                    "tournament_uneven",
                    f"{count} entrants do not fill tables of {size}: add bots or ask to fill",
                    409,
                )
            row.status = "running"
            return row.id

        tid = await asyncio.to_thread(self._write, op)
        async with self._lock(tid):
            await self._make_round(tid, 1)
        return await asyncio.to_thread(self.show, name)

    def _plan(self, tid: int, number: int) -> tuple[list[TableData], list[list[str]]] | None:
        """The tables of round ``number`` (not stored yet), or ``None`` when the tournament
        is not at round ``number - 1`` any more."""

        def op(
            session: Session,
        ) -> tuple[TournamentRow, list[TournamentEntrantRow], list[_Table], Adjusted]:
            row = session.get(TournamentRow, tid)
            assert row is not None
            session.expunge(row)
            adjusted = _adjusted(self._adjustments(session, tid))
            return row, self._entrants(session, tid), self._tables(session, tid), adjusted

        row, entrants, tables, adjusted = self._read(op)
        if row.status != "running" or row.current_round != number - 1:
            return None
        keys = [e.key for e in entrants]
        by_key = {e.key: e for e in entrants}
        scored = _scored_rounds(row.duplicate, tables, adjusted)
        totals = {s.entrant: s.total for s in standings(scored)}
        met: dict[frozenset[str], int] = {}
        for table in tables:
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1 :]:
                    pair = frozenset((a, b))
                    met[pair] = met.get(pair, 0) + 1
        seating = seat_round(
            keys, row.table_size, number - 1, row.method,  # type: ignore[arg-type]
            totals, met, f"{row.seed}:seating",
        )  # fmt: skip
        made = []
        for index, seated in enumerate(seating):
            table_id = new_table_id()
            seats = []
            for i, key in enumerate(seated):
                entrant = by_key[key]
                if entrant.account_id is None:
                    seats.append(SeatData(i, "bot", entrant.bot or "rule", {}))
                else:
                    token = self.seat_token(table_id, i)
                    seats.append(SeatData(i, "human", None, {}, entrant.name, hash_token(token)))
            made.append(
                TableData(
                    id=table_id,
                    game=row.game,
                    params=dict(row.params),
                    seats=seats,
                    clock=row.clock,
                    bot_delay=row.bot_delay,
                    status="open",
                    admin_token_hash=hash_token(new_token()),
                    created_at=st.now(),
                    hints=False,
                    chat="seats",
                    rated=False,
                    deal_seed=round_seed(row.seed, number, None if row.duplicate else index),
                    tournament=row.id,
                )
            )
        return made, seating

    async def _make_round(self, tid: int, number: int) -> None:
        """Make round ``number``'s tables once (see the module), then start them."""
        plan = await asyncio.to_thread(self._plan, tid, number)
        if plan is not None:
            made, seating = plan

            def op(session: Session) -> bool:
                moved = session.execute(
                    update(TournamentRow)
                    .where(TournamentRow.id == tid, TournamentRow.current_round == number - 1)
                    .values(current_round=number)
                )
                if moved.rowcount != 1:  # type: ignore[attr-defined]
                    return False
                for index, (data, seated) in enumerate(zip(made, seating, strict=True)):
                    st.insert_table(data)(session)
                    session.add(
                        TournamentTableRow(
                            tournament_id=tid,
                            round=number,
                            table_index=index,
                            table_id=data.id,
                            seats=list(seated),
                        )
                    )
                session.flush()
                return True

            try:
                made_here = await self.store.awrite(op)
            except IntegrityError:
                made_here = False
            if made_here:
                log.info("tournament %d: round %d made (%d tables)", tid, number, len(made))
        await self._start_tables(tid, number)

    async def _start_tables(self, tid: int, number: int) -> None:
        def op(session: Session) -> list[str]:
            return list(
                session.scalars(
                    select(TournamentTableRow.table_id).where(
                        TournamentTableRow.tournament_id == tid,
                        TournamentTableRow.round == number,
                    )
                )
            )

        for table_id in await self.store.aread(op):
            try:
                table = await self.manager.get(table_id)
                if table is not None and table.data.status == "open":
                    await table.call(table.start)
            except Elsewhere:
                continue  # another process serves it (and started it)
            except TableError as e:
                if e.code != "already_started":
                    log.warning("tournament table %s not started: %s", table_id, e.code)

    async def advance(self, tid: int) -> None:
        """Score the current round if all its tables are over, then make the next round
        or finish the tournament (nothing when the round is still being played)."""
        async with self._lock(tid):

            def op(session: Session) -> tuple[str, int, int, list[_Table]]:
                row = session.get(TournamentRow, tid)
                assert row is not None
                tables = [t for t in self._tables(session, tid) if t.round == row.current_round]
                return row.status, row.current_round, row.rounds, tables

            status, number, rounds, tables = await self.store.aread(op)
            if status != "running" or number == 0:
                return
            if not tables or any(t.status not in ("finished", "closed") for t in tables):
                return
            if number >= rounds:

                def finish(session: Session) -> None:
                    session.execute(
                        update(TournamentRow)
                        .where(TournamentRow.id == tid, TournamentRow.status == "running")
                        .values(status="finished")
                    )

                await self.store.awrite(finish)
                log.info("tournament %d finished", tid)
                return
            await self._make_round(tid, number + 1)

    def table_finished(self, table_id: str) -> None:
        """The manager's hook: a table finished; if it is a tournament's, advance it."""

        async def go() -> None:
            tid = await self.store.aread(
                lambda s: s.scalar(
                    select(TournamentTableRow.tournament_id).where(
                        TournamentTableRow.table_id == table_id
                    )
                )
            )
            if tid is not None:
                await self.advance(int(tid))

        task = asyncio.get_running_loop().create_task(go())
        self._running.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a tournament round could not advance: %r", task.exception())

    async def resume(self) -> None:
        """At server start: start the tables of each running tournament's round (made just
        before a stop) and advance every round whose tables finished while it was down."""
        ids = await self.store.aread(
            lambda s: list(
                s.scalars(select(TournamentRow.id).where(TournamentRow.status == "running"))
            )
        )
        for tid in ids:
            try:
                number = await self.store.aread(
                    lambda s, t=tid: s.get(TournamentRow, t).current_round  # type: ignore[misc]
                )
                async with self._lock(tid):
                    if number == 0:  # started, but round 1 was not made
                        await self._make_round(tid, 1)
                    else:
                        await self._start_tables(tid, number)
                await self.advance(tid)
            except Exception:
                log.exception("tournament %d could not be resumed", tid)

    async def wait(self) -> None:
        """Wait for the rounds being advanced (tests; the server's stop)."""
        while self._running:
            await asyncio.gather(*list(self._running), return_exceptions=True)


def _table_scores(duplicate: bool, tables: list[_Table]) -> dict[tuple[int, int], list[float]]:
    """The round scores of each table (by round and index) of the rounds whose every table
    is over (a table closed unplayed counts 0 for every seat)."""
    by_round: dict[int, list[_Table]] = {}
    for table in tables:
        by_round.setdefault(table.round, []).append(table)
    out: dict[tuple[int, int], list[float]] = {}
    for group in by_round.values():
        if any(t.status not in ("finished", "closed") for t in group):
            continue
        results = [t.result or [0.0] * len(t.seats) for t in group]
        for t, scores in zip(group, round_scores(duplicate, results), strict=True):
            out[(t.round, t.index)] = scores
    return out


def _adjusted(rows: Sequence[TournamentAdjustmentRow]) -> Adjusted:
    """The adjustments' points summed by round and entrant."""
    out: Adjusted = {}
    for a in rows:
        out[(a.round, a.entrant)] = out.get((a.round, a.entrant), 0.0) + a.points
    return out


def _scored_rounds(
    duplicate: bool, tables: list[_Table], adjusted: Adjusted | None = None
) -> list[list[tuple[list[str], list[float]]]]:
    """The rounds whose every table is over, as :func:`standings` takes them, each
    entrant's round score with the director's adjustments of that round added."""
    scores = _table_scores(duplicate, tables)
    extra = adjusted or {}
    by_round: dict[int, list[tuple[list[str], list[float]]]] = {}
    for t in tables:
        if (t.round, t.index) in scores:
            counted = [
                score + extra.get((t.round, key), 0.0)
                for key, score in zip(t.seats, scores[(t.round, t.index)], strict=True)
            ]
            by_round.setdefault(t.round, []).append((t.seats, counted))
    return [by_round[n] for n in sorted(by_round)]


def _view(
    row: TournamentRow,
    director: str | None,
    entrants: list[TournamentEntrantRow],
    tables: list[_Table],
    records: bool,
    adjustments: Sequence[TournamentAdjustmentRow] = (),
) -> dict[str, Any]:
    names = {e.key: e.name for e in entrants}
    scored = _scored_rounds(row.duplicate, tables, _adjusted(adjustments))
    scores_of = _table_scores(row.duplicate, tables)
    by_round: dict[int, list[dict[str, Any]]] = {}
    for t in tables:
        entry: dict[str, Any] = {
            "index": t.index,
            "table_id": t.table_id,
            "seats": t.seats,
            "names": [names.get(k, k) for k in t.seats],
            "status": t.status,
            "result": t.result,
            "scores": scores_of.get((t.round, t.index)),
        }
        if records:
            entry["record"] = json.loads(t.record) if t.record else None
        by_round.setdefault(t.round, []).append(entry)
    return {
        "name": row.name,
        "game": row.game,
        "params": dict(row.params),
        "rounds": row.rounds,
        "deals_per_round": row.deals_per_round,
        "table_size": row.table_size,
        "clock": row.clock,
        "bot_delay": row.bot_delay,
        "method": row.method,
        "duplicate": bool(row.duplicate),
        "status": row.status,
        "current_round": row.current_round,
        "director": director,
        "seed": row.seed if row.status == "finished" else None,
        "entrants": [{"key": e.key, "name": e.name, "bot": e.bot is not None} for e in entrants],
        "rounds_played": [
            {
                "round": number,
                "scored": all(t["scores"] is not None for t in group),
                "tables": group,
            }
            for number, group in sorted(by_round.items())
        ],
        "standings": [
            {
                "rank": s.rank,
                "entrant": s.entrant,
                "name": names.get(s.entrant, s.entrant),
                "total": s.total,
                "opponents_total": s.opponents_total,
                "firsts": s.firsts,
                "rounds": s.rounds,
            }
            for s in standings(scored)
        ],
        "adjustments": [
            {
                "round": a.round,
                "entrant": a.entrant,
                "name": names.get(a.entrant, a.entrant),
                "points": a.points,
                "reason": a.reason,
                "made_at": _moment(a.made_at),
            }
            for a in adjustments
        ],
    }


def _moment(value: dt.datetime) -> str:
    """An instant as ISO 8601 in UTC (SQLite gives it back without its zone)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(dt.UTC).isoformat()
