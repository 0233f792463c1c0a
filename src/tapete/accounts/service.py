"""The accounts of a server on its store: registering, signing in and out, changing and
resetting passwords, banning, and claiming the seats a browser played anonymously.

Every method blocks (password hashing takes tens of milliseconds with the production
parameters, and the store is waited for): the web routes run them in a thread.

>>> import tempfile
>>> from tapete.storage import Store, default_url
>>> store = Store(default_url(tempfile.mkdtemp()))
>>> store.migrate()
>>> accounts = Accounts(store, Passwords.for_tests())
>>> accounts.register("Ana", "a long password").name
'Ana'
>>> account, token = accounts.login("ANA", "a long password")
>>> accounts.session_account(token) == account
True
>>> accounts.logout(token)
>>> accounts.session_account(token) is None
True
>>> store.close()
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import secrets
from collections.abc import Callable, Iterable
from typing import TypeVar

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tapete.accounts.errors import AccountError
from tapete.accounts.names import check_name, check_password, name_key
from tapete.accounts.passwords import Passwords
from tapete.storage import Store, hash_token
from tapete.storage.models import AccountGameRow, AccountRow, LoginSessionRow, SeatRow

T = TypeVar("T")

#: How long a sign-in lasts.
SESSION_LIFETIME = dt.timedelta(days=30)
#: The seat tokens one claim may name.
MAX_CLAIM = 200


@dataclasses.dataclass(frozen=True)
class Account:
    """An account as the routes see it (never its password hash)."""

    id: int
    name: str
    is_admin: bool
    banned: bool


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, bool(row.is_admin), bool(row.banned))


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _aware(moment: dt.datetime) -> dt.datetime:
    """``moment`` with its time zone (SQLite gives UTC times back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


class Accounts:
    """The accounts kept in ``store``, their passwords hashed by ``passwords``."""

    def __init__(
        self,
        store: Store,
        passwords: Passwords | None = None,
        *,
        session_lifetime: dt.timedelta = SESSION_LIFETIME,
    ) -> None:
        self.store = store
        self.passwords = passwords if passwords is not None else Passwords()
        self.session_lifetime = session_lifetime

    # -- helpers ---------------------------------------------------------------------------
    def _read(self, op: Callable[[Session], T]) -> T:
        return self.store.read(op).result()

    def _write(self, op: Callable[[Session], T]) -> T:
        return self.store.write(op).result()

    def _row_by_name(self, name: str) -> tuple[Account, str] | None:
        key = name_key(name.strip())

        def op(session: Session) -> tuple[Account, str] | None:
            row = session.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
            return None if row is None else (_account(row), row.password_hash)

        return self._read(op)

    def find(self, name: str) -> Account | None:
        """The account ``name`` (in any case), or ``None``."""
        found = self._row_by_name(name)
        return None if found is None else found[0]

    def _require(self, name: str) -> Account:
        found = self._row_by_name(name)
        if found is None:
            raise AccountError("unknown_account", f"there is no account {name[:40]!r}", 404)
        return found[0]

    # -- accounts --------------------------------------------------------------------------
    def register(self, name: str, password: str, *, is_admin: bool = False) -> Account:
        """A new account (:class:`AccountError` ``account_name_taken`` when the name is
        taken, whatever its case; or a refused name or password)."""
        name = check_name(name)
        check_password(password)
        stored = self.passwords.hash(password)
        key = name_key(name)

        def op(session: Session) -> Account | None:
            taken = session.scalars(select(AccountRow.id).where(AccountRow.name_key == key))
            if taken.first() is not None:
                return None
            row = AccountRow(
                name=name,
                name_key=key,
                password_hash=stored,
                is_admin=is_admin,
                banned=False,
                created_at=_now(),
            )
            session.add(row)
            session.flush()
            return _account(row)

        try:
            account = self._write(op)
        except IntegrityError:  # registered at the same moment by another request
            account = None
        if account is None:
            raise AccountError("account_name_taken", "that account name is taken", 409)
        return account

    def authenticate(self, name: str, password: str) -> Account:
        """The account ``name`` if ``password`` is its password: else ``401 bad_login``
        (the same for an unknown name), or ``403 banned`` for a banned account."""
        found = self._row_by_name(name) if len(name) <= 256 else None
        if found is None:
            self.passwords.waste(password[:1024])
            raise AccountError("bad_login", "wrong account name or password", 401)
        account, stored = found
        if not self.passwords.verify(stored, password):
            raise AccountError("bad_login", "wrong account name or password", 401)
        if account.banned:
            raise AccountError("banned", "this account is banned", 403)
        if self.passwords.needs_rehash(stored):  # made with older parameters: make it again
            self._store_hash(account.id, self.passwords.hash(password))
        return account

    def _store_hash(self, account_id: int, stored: str) -> None:
        def op(session: Session) -> None:
            row = session.get(AccountRow, account_id)
            if row is not None:
                row.password_hash = stored

        self._write(op)

    # -- sessions --------------------------------------------------------------------------
    def open_session(self, account_id: int) -> str:
        """A new session of the account: its token (only its hash is stored)."""
        token = secrets.token_urlsafe(32)
        moment = _now()

        def op(session: Session) -> None:
            session.execute(  # the account's ended sessions are forgotten
                delete(LoginSessionRow).where(
                    LoginSessionRow.account_id == account_id,
                    LoginSessionRow.expires_at < moment,
                )
            )
            session.add(
                LoginSessionRow(
                    token_hash=hash_token(token),
                    account_id=account_id,
                    created_at=moment,
                    expires_at=moment + self.session_lifetime,
                )
            )

        self._write(op)
        return token

    def login(self, name: str, password: str) -> tuple[Account, str]:
        """:meth:`authenticate`, then :meth:`open_session`: the account and its token."""
        account = self.authenticate(name, password)
        return account, self.open_session(account.id)

    def session_account(self, token: str | None) -> Account | None:
        """The account signed in with ``token``, or ``None`` (no such session, ended, or
        the account banned)."""
        if not token or len(token) > 200:
            return None
        digest = hash_token(token)

        def op(session: Session) -> Account | None:
            row = session.get(LoginSessionRow, digest)
            if row is None or _aware(row.expires_at) <= _now():
                return None
            account = session.get(AccountRow, row.account_id)
            return None if account is None or account.banned else _account(account)

        return self._read(op)

    def logout(self, token: str | None) -> None:
        """End the session of ``token`` (nothing if there is none)."""
        if not token:
            return
        digest = hash_token(token)
        self._write(
            lambda session: session.execute(
                delete(LoginSessionRow).where(LoginSessionRow.token_hash == digest)
            )
        )

    def _end_sessions(self, account_id: int, *, keep: str | None = None) -> None:
        kept = hash_token(keep) if keep else None

        def op(session: Session) -> None:
            statement = delete(LoginSessionRow).where(LoginSessionRow.account_id == account_id)
            if kept is not None:
                statement = statement.where(LoginSessionRow.token_hash != kept)
            session.execute(statement)

        self._write(op)

    # -- passwords -------------------------------------------------------------------------
    def change_password(
        self, account: Account, current: str, new: str, *, keep: str | None = None
    ) -> None:
        """Set a new password, the current one given (``403 wrong_password`` else); every
        other session of the account ends (``keep``: the token of the one asking)."""
        check_password(new)
        found = self._row_by_name(account.name)
        if found is None or not self.passwords.verify(found[1], current):
            raise AccountError("wrong_password", "the current password is not that", 403)
        self._store_hash(account.id, self.passwords.hash(new))
        self._end_sessions(account.id, keep=keep)

    # -- administration (tapete admin) -----------------------------------------------------
    def reset_password(self, name: str, new: str) -> Account:
        """Give the account ``name`` a new password; its sessions end."""
        check_password(new)
        account = self._require(name)
        self._store_hash(account.id, self.passwords.hash(new))
        self._end_sessions(account.id)
        return account

    def set_admin(self, name: str, is_admin: bool = True) -> Account:
        """Make the account ``name`` an administrator (or not)."""
        account = self._require(name)
        self._write(
            lambda s: s.execute(
                update(AccountRow).where(AccountRow.id == account.id).values(is_admin=is_admin)
            )
        )
        return dataclasses.replace(account, is_admin=is_admin)

    def set_banned(self, name: str, banned: bool = True) -> Account:
        """Ban the account ``name`` (it cannot sign in, its sessions end) or lift the ban."""
        account = self._require(name)
        self._write(
            lambda s: s.execute(
                update(AccountRow).where(AccountRow.id == account.id).values(banned=banned)
            )
        )
        if banned:
            self._end_sessions(account.id)
        return dataclasses.replace(account, banned=banned)

    # -- claimed games ---------------------------------------------------------------------
    def claim(self, account: Account, tokens: Iterable[str]) -> list[tuple[str, int]]:
        """Link to the account the seats whose tokens the browser holds (unknown tokens
        are skipped): returns the ``(table, seat)`` pairs linked now or before. The
        tables and seats themselves are not changed."""
        hashes = sorted({hash_token(t) for t in tokens if t and len(t) <= 200})[:MAX_CLAIM]
        if not hashes:
            return []
        moment = _now()

        def op(session: Session) -> list[tuple[str, int]]:
            seats = session.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.token_hash.in_(hashes))
            ).all()
            have = set(
                session.execute(
                    select(AccountGameRow.table_id, AccountGameRow.seat).where(
                        AccountGameRow.account_id == account.id
                    )
                ).all()
            )
            pairs = sorted({(str(t), int(s)) for t, s in seats})
            for table_id, seat in pairs:
                if (table_id, seat) not in have:
                    session.add(
                        AccountGameRow(
                            account_id=account.id, table_id=table_id, seat=seat, claimed_at=moment
                        )
                    )
            return pairs

        return self._write(op)

    def claimed(self, account: Account) -> list[tuple[str, int]]:
        """The ``(table, seat)`` pairs the account claimed."""

        def op(session: Session) -> list[tuple[str, int]]:
            rows = session.execute(
                select(AccountGameRow.table_id, AccountGameRow.seat)
                .where(AccountGameRow.account_id == account.id)
                .order_by(AccountGameRow.claimed_at, AccountGameRow.table_id)
            ).all()
            return [(str(t), int(s)) for t, s in rows]

        return self._read(op)
