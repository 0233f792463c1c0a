"""Clubs (``docs/clubs.md``): a club has members and administrators, private tables that
only its members see and join, and standings over the season it defines: the sum of its
members' scores at the club's finished tables, or OpenSkill ratings computed from the
club's games alone (the model of :mod:`tapete.accounts.ratings`).

A club's name has letters, digits, single spaces and ``_ - . ' &``
(:func:`~tapete.accounts.names.check_title`), unique case-insensitively. Everything about a
club is for its members: to anybody else a club does not exist (``404 unknown_club``).

Every method blocks (the store is waited for): the web routes run them in a thread.

>>> import tempfile
>>> from tapete.accounts import Accounts, Passwords
>>> from tapete.storage import Store, default_url
>>> store = Store(default_url(tempfile.mkdtemp()))
>>> store.migrate()
>>> accounts = Accounts(store, Passwords.for_tests())
>>> ana, bob = (accounts.register(n, "a long password") for n in ("Ana", "Bob"))
>>> clubs = Clubs(store)
>>> clubs.create(ana, "Tresillistas").name
'Tresillistas'
>>> clubs.add_member(ana, "tresillistas", "Bob")
>>> [(m["name"], m["role"]) for m in clubs.show(bob, "Tresillistas")["members"]]
[('Ana', 'admin'), ('Bob', 'member')]
>>> store.close()
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from openskill.models import PlackettLuce
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tapete.accounts.errors import AccountError
from tapete.accounts.names import check_title, name_key
from tapete.accounts.ratings import BOT_RATINGS, START_MU, START_SIGMA, shown_rating
from tapete.accounts.seats import held_seats, link_seat
from tapete.accounts.service import Account
from tapete.storage import Store
from tapete.storage import store as st
from tapete.storage.models import (
    AccountRow,
    ClubMemberRow,
    ClubRow,
    SeatRow,
    TableRow,
)

T = TypeVar("T")

#: How a club's standings are made.
STANDINGS = ("scores", "ratings")
#: The roles of a club's members.
ROLES = ("admin", "member")
#: The most members a club has, and the most clubs an account creates.
MAX_MEMBERS = 500
MAX_CLUBS_CREATED = 20
#: The most finished tables the standings read (the newest of the season).
MAX_STANDING_TABLES = 5000


@dataclasses.dataclass(frozen=True)
class Club:
    """A club as the routes see it."""

    id: int
    name: str
    season_start: dt.date | None
    season_end: dt.date | None
    standings: str


def _club(row: ClubRow) -> Club:
    return Club(row.id, row.name, row.season_start, row.season_end, row.standings)


def _unknown(name: str) -> AccountError:
    return AccountError("unknown_club", f"there is no club {name[:40]!r}", 404)


def check_season(start: dt.date | None, end: dt.date | None) -> None:
    """``400 bad_season`` when the season ends before it starts.

    >>> check_season(dt.date(2026, 1, 1), dt.date(2025, 1, 1))
    Traceback (most recent call last):
    ...
    tapete.accounts.errors.AccountError: a season ends on or after the day it starts
    """
    if start is not None and end is not None and end < start:
        raise AccountError("bad_season", "a season ends on or after the day it starts")


class Clubs:
    """The clubs kept in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.model = PlackettLuce(mu=START_MU, sigma=START_SIGMA)

    def _read(self, op: Callable[[Session], T]) -> T:
        return self.store.read(op).result()

    def _write(self, op: Callable[[Session], T]) -> T:
        return self.store.write(op).result()

    # -- membership ------------------------------------------------------------------------
    @staticmethod
    def _member(session: Session, name: str, account: Account) -> tuple[ClubRow, str]:
        """The club ``name`` and the account's role in it, or ``404 unknown_club`` (also
        for a club the account is not a member of: it does not learn that it exists)."""
        row = session.scalars(
            select(ClubRow).where(ClubRow.name_key == name_key(name.strip()[:64]))
        ).first()
        if row is None:
            raise _unknown(name)
        role = session.scalars(
            select(ClubMemberRow.role).where(
                ClubMemberRow.club_id == row.id, ClubMemberRow.account_id == account.id
            )
        ).first()
        if role is None:
            raise _unknown(name)
        return row, role

    def _admin(self, session: Session, name: str, account: Account) -> ClubRow:
        row, role = self._member(session, name, account)
        if role != "admin":
            raise AccountError("not_club_admin", "only the club's administrators may do that", 403)
        return row

    def membership(self, account: Account, name: str) -> Club:
        """The club ``name`` if ``account`` is a member (``404 unknown_club`` else)."""
        return self._read(lambda s: _club(self._member(s, name, account)[0]))

    def club_ids(self, account: Account | None) -> set[int]:
        """The ids of the clubs ``account`` is a member of (none for nobody)."""
        if account is None:
            return set()
        return set(
            self._read(
                lambda s: s.scalars(
                    select(ClubMemberRow.club_id).where(ClubMemberRow.account_id == account.id)
                ).all()
            )
        )

    def is_member(self, account: Account | None, club_id: int) -> bool:
        """Whether ``account`` is a member of the club ``club_id``."""
        return club_id in self.club_ids(account)

    def table_clubs(self, table_ids: Iterable[str]) -> dict[str, tuple[int, str]]:
        """The club (id, name) of each of these tables that has one."""
        ids = list(table_ids)[:1000]
        if not ids:
            return {}

        def op(session: Session) -> dict[str, tuple[int, str]]:
            rows = session.execute(
                select(TableRow.id, ClubRow.id, ClubRow.name)
                .join(ClubRow, ClubRow.id == TableRow.club)
                .where(TableRow.id.in_(ids))
            ).all()
            return {str(t): (int(c), str(n)) for t, c, n in rows}

        return self._read(op)

    def club_name(self, club_id: int) -> str | None:
        """The name of the club ``club_id``."""
        return self._read(
            lambda s: s.scalars(select(ClubRow.name).where(ClubRow.id == club_id)).first()
        )

    # -- changes ---------------------------------------------------------------------------
    def create(
        self,
        account: Account,
        name: str,
        *,
        season_start: dt.date | None = None,
        season_end: dt.date | None = None,
        standings: str = "scores",
    ) -> Club:
        """A new club, ``account`` its administrator (``409 club_name_taken``)."""
        name = check_title(name, "club")
        check_season(season_start, season_end)
        if standings not in STANDINGS:
            raise AccountError("bad_standings", "standings are scores or ratings")
        key = name_key(name)

        def op(session: Session) -> Club | None:
            if session.scalars(select(ClubRow.id).where(ClubRow.name_key == key)).first():
                return None
            made = session.scalar(
                select(func.count())
                .select_from(ClubMemberRow)
                .where(ClubMemberRow.account_id == account.id, ClubMemberRow.role == "admin")
            )
            if (made or 0) >= MAX_CLUBS_CREATED:
                raise AccountError("too_many_clubs", "this account administers enough clubs", 409)
            moment = st.now()
            row = ClubRow(
                name=name,
                name_key=key,
                created_at=moment,
                season_start=season_start,
                season_end=season_end,
                standings=standings,
            )
            session.add(row)
            session.flush()
            session.add(
                ClubMemberRow(club_id=row.id, account_id=account.id, role="admin", joined_at=moment)
            )
            return _club(row)

        try:
            club = self._write(op)
        except IntegrityError:
            club = None
        if club is None:
            raise AccountError("club_name_taken", "that club name is taken", 409)
        return club

    def add_member(self, admin: Account, club: str, member: str, role: str = "member") -> None:
        """Add the account ``member`` (``404 unknown_account``), or give it ``role``
        (an administrator's request: ``403 not_club_admin`` else)."""
        if role not in ROLES:
            raise AccountError("bad_role", "a role is admin or member")
        key = name_key(member.strip()[:64])

        def op(session: Session) -> None:
            row = self._admin(session, club, admin)
            account = session.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
            if account is None:
                raise AccountError("unknown_account", f"there is no account {member[:40]!r}", 404)
            found = session.get(ClubMemberRow, (row.id, account.id))
            if found is not None:
                found.role = role if role == "admin" else found.role
                return
            count = session.scalar(
                select(func.count())
                .select_from(ClubMemberRow)
                .where(ClubMemberRow.club_id == row.id)
            )
            if (count or 0) >= MAX_MEMBERS:
                raise AccountError("club_full", "the club has as many members as it may", 409)
            session.add(
                ClubMemberRow(club_id=row.id, account_id=account.id, role=role, joined_at=st.now())
            )

        self._write(op)

    def remove_member(self, admin: Account, club: str, member: str) -> None:
        """Remove the account ``member`` (an administrator's request; ``404
        not_club_member`` for an account that is not one)."""
        key = name_key(member.strip()[:64])

        def op(session: Session) -> None:
            row = self._admin(session, club, admin)
            account = session.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
            if account is None or session.get(ClubMemberRow, (row.id, account.id)) is None:
                raise AccountError("not_club_member", f"{member[:40]!r} is not a member", 404)
            _remove(session, row, account.id)

        self._write(op)

    def leave(self, account: Account, club: str) -> None:
        """``account`` leaves the club (``409 club_last_admin`` for its last administrator
        while others remain)."""

        def op(session: Session) -> None:
            row, _ = self._member(session, club, account)
            _remove(session, row, account.id)

        self._write(op)

    def seat_account(self, table_id: str, seat: int, account: Account, token_hash: str) -> None:
        """Note that ``account`` took ``seat`` of the club table ``table_id`` (holding the
        token of ``token_hash``): the link of ``account_seats`` (:mod:`tapete.accounts.seats`),
        the same one a rated table's seat has."""

        def op(session: Session) -> None:
            link_seat(session, table_id, seat, account.id, token_hash)

        self._write(op)

    # -- reading ---------------------------------------------------------------------------
    def mine(self, account: Account) -> list[dict[str, Any]]:
        """The clubs of ``account``, by name: name and role."""

        def op(session: Session) -> list[dict[str, Any]]:
            rows = session.execute(
                select(ClubRow.name, ClubMemberRow.role)
                .join(ClubMemberRow, ClubMemberRow.club_id == ClubRow.id)
                .where(ClubMemberRow.account_id == account.id)
                .order_by(ClubRow.name_key)
            ).all()
            return [{"name": n, "role": r} for n, r in rows]

        return self._read(op)

    def show(self, account: Account, name: str) -> dict[str, Any]:
        """What a member sees of the club: its name, season, standings mode, the asker's
        role and name, the members (name, role) and the standings."""

        def op(session: Session) -> dict[str, Any]:
            row, role = self._member(session, name, account)
            members = session.execute(
                select(AccountRow.id, AccountRow.name, ClubMemberRow.role)
                .join(ClubMemberRow, ClubMemberRow.account_id == AccountRow.id)
                .where(ClubMemberRow.club_id == row.id)
                .order_by(AccountRow.name_key)
            ).all()
            return {
                "name": row.name,
                "season_start": _day(row.season_start),
                "season_end": _day(row.season_end),
                "standings_mode": row.standings,
                "role": role,
                "me": account.name,
                "members": [{"name": n, "role": r} for _, n, r in members],
                "standings": self._standings(session, row, {int(i): str(n) for i, n, _ in members}),
            }

        return self._read(op)

    def _standings(
        self, session: Session, club: ClubRow, members: dict[int, str]
    ) -> list[dict[str, Any]]:
        """Per member: games and the sum of scores, or a rating from the club's games,
        over the finished club tables of the season (by the day each finished)."""
        query = select(TableRow).where(
            TableRow.club == club.id, TableRow.status == "finished", TableRow.result.is_not(None)
        )
        tables = list(
            session.scalars(query.order_by(TableRow.finished_at.desc()).limit(MAX_STANDING_TABLES))
        )
        tables = [t for t in tables if _in_season(t.finished_at, club)]
        tables.sort(key=lambda t: (_aware(t.finished_at), t.id))
        ids = [t.id for t in tables]
        seats: dict[str, dict[int, SeatRow]] = {i: {} for i in ids}
        if ids:
            for s in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
                seats[s.table_id][s.seat] = s
        linked = {
            table_id: {seat: a for seat, a in held.items() if a in members}
            for table_id, held in held_seats(session, ids).items()
        }
        games = dict.fromkeys(members, 0)
        scores = dict.fromkeys(members, 0.0)
        ratings = {a: (START_MU, START_SIGMA) for a in members}
        for table in tables:
            result = [float(x) for x in table.result or []]
            at = linked[table.id]
            for seat, account in at.items():
                if seat < len(result):
                    games[account] += 1
                    scores[account] += result[seat]
            if club.standings == "ratings" and at and len(result) > 1:
                teams = []
                for seat in range(len(result)):
                    if seat in at:
                        mu, sigma = ratings[at[seat]]
                    else:
                        held = seats[table.id].get(seat)
                        bot = held.player if held is not None and held.kind == "bot" else None
                        mu, sigma = BOT_RATINGS.get(bot or "", (START_MU, START_SIGMA))
                    teams.append([self.model.rating(mu=mu, sigma=sigma)])
                new = self.model.rate(teams, scores=result)
                for seat, account in at.items():
                    ratings[account] = (float(new[seat][0].mu), float(new[seat][0].sigma))
        out = []
        for account, name in members.items():
            entry: dict[str, Any] = {"name": name, "games": games[account]}
            if club.standings == "ratings":
                mu, sigma = ratings[account]
                entry.update(rating=shown_rating(mu, sigma), mu=mu, sigma=sigma)
            else:
                entry["score"] = scores[account]
            out.append(entry)
        key = "rating" if club.standings == "ratings" else "score"
        out.sort(key=lambda e: (-e[key], -e["games"], name_key(e["name"])))
        for rank, entry in enumerate(out, 1):
            entry["rank"] = rank
        return out


def _remove(session: Session, club: ClubRow, account_id: int) -> None:
    """Take the account out of the club, unless it is the last administrator of others."""
    roles = dict(
        session.execute(
            select(ClubMemberRow.account_id, ClubMemberRow.role).where(
                ClubMemberRow.club_id == club.id
            )
        ).all()
    )
    admins = [a for a, r in roles.items() if r == "admin"]
    if admins == [account_id] and len(roles) > 1:
        raise AccountError(
            "club_last_admin", "the club's last administrator names another first", 409
        )
    session.execute(
        delete(ClubMemberRow).where(
            ClubMemberRow.club_id == club.id, ClubMemberRow.account_id == account_id
        )
    )


def _aware(moment: dt.datetime | None) -> dt.datetime:
    if moment is None:
        return dt.datetime.min.replace(tzinfo=dt.UTC)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _in_season(moment: dt.datetime | None, club: ClubRow) -> bool:
    """Whether a table that finished at ``moment`` counts in the club's season (its UTC
    day within the season's days, both ends included)."""
    if moment is None:
        return False
    day = _aware(moment).astimezone(dt.UTC).date()
    if club.season_start is not None and day < club.season_start:
        return False
    return not (club.season_end is not None and day > club.season_end)


def _day(day: dt.date | None) -> str | None:
    return None if day is None else day.isoformat()
