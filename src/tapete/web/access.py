"""Who may call each route, and the guards of the account routes (``docs/accounts.md``).

:data:`ACCESS` classifies every route of the app: ``public`` (anybody; the tables' own
tokens decide what a seat may do), ``account`` (a signed-in account: ``401 not_signed_in``
else) or ``admin`` (an administrator's account: ``403 not_admin`` else).
``tests/server/test_accounts.py`` walks ``app.routes`` and fails on a route left out.

Cross-site request forgery: the session cookie is ``SameSite=Lax`` (a cross-site form's
POST does not carry it), and every state-changing account request must also
(:func:`same_origin`) carry the header ``X-Tapete-CSRF: 1`` (a page of another site cannot
send a custom header without a CORS preflight, which this server never grants) and, when
the browser says where it comes from (``Sec-Fetch-Site``, ``Origin``), come from this
site; else ``403 csrf``. The lobby's other requests carry no cookie authority (a seat's or
a table's token travels in the body), so a forged one can do only what its sender could.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from fastapi import Depends, Request

from tapete.accounts import Account, AccountError, Accounts, Passwords, name_key
from tapete.storage import Store
from tapete.storage import store as st
from tapete.web.limits import AddressBuckets

Access = Literal["public", "account", "admin"]

#: The session cookie (its value a random token; the server keeps only its SHA-256).
SESSION_COOKIE = "tapete_session"
#: The header every state-changing account request carries (value ``1``).
CSRF_HEADER = "X-Tapete-CSRF"

#: Every route of the app, ``"METHOD /path"`` (``WS`` a WebSocket, ``MOUNT`` static files).
ACCESS: dict[str, Access] = {
    # the lobby and the tables (protocol.md): anonymous play
    "GET /api/games": "public",
    "GET /api/server": "public",
    "GET /api/players": "public",
    "GET /api/bots": "public",
    "POST /api/tables": "public",  # a rated one: a signed-in account (docs/ratings.md)
    "GET /api/tables": "public",
    "GET /api/tables/{table_id}": "public",  # a club's table: its members (docs/clubs.md)
    "POST /api/tables/{table_id}/join": "public",  # a rated table's: an account
    "POST /api/tables/{table_id}/leave": "public",  # the seat's token
    "POST /api/tables/{table_id}/start": "public",  # the table's admin token
    "POST /api/tables/{table_id}/rematch": "public",  # the table's admin token
    "GET /api/history": "public",
    "POST /api/history": "public",
    "GET /api/tables/{table_id}/record": "public",
    "GET /api/tables/{table_id}/frames/{n}": "public",
    "GET /api/tables/{table_id}/steps": "public",
    "WS /ws/{table_id}": "public",
    # health (its figures: loopback clients only) and the processes' hand-over (shared secret)
    "GET /healthz": "public",
    "GET /healthz/gc": "public",
    "GET /healthz/server": "public",
    "POST /internal/tables/{table_id}/hand-over": "public",
    # pages, static files and the API's description
    "GET /": "public",
    "GET /t/{table_id}": "public",
    "GET /replay/{table_id}": "public",
    "GET /rules/{game}": "public",
    "MOUNT /static": "public",
    "GET /openapi.json": "public",
    "GET /docs": "public",
    "GET /docs/oauth2-redirect": "public",
    "GET /redoc": "public",
    # accounts (docs/accounts.md)
    "POST /api/account/register": "public",
    "POST /api/account/login": "public",
    "POST /api/account/logout": "public",
    "GET /api/account/me": "public",  # the account signed in, or null
    "POST /api/account/password": "account",
    "POST /api/account/claim": "account",
    "GET /api/account/games": "account",
    # ratings (docs/ratings.md): leaderboards and profiles are public
    "GET /api/ratings/{game}": "public",
    "GET /api/players/{name}": "public",
    "GET /ratings": "public",
    "GET /ratings/{game}": "public",
    "GET /players/{name}": "public",
    # clubs (docs/clubs.md): members only (404 unknown_club to others), changes by admins
    "POST /api/clubs": "account",
    "GET /api/clubs": "account",
    "GET /api/clubs/{name}": "account",
    "POST /api/clubs/{name}/members": "account",  # the club's administrators
    "POST /api/clubs/{name}/members/{member}/remove": "account",  # the club's administrators
    "POST /api/clubs/{name}/leave": "account",
    "GET /clubs": "public",
    "GET /clubs/{name}": "public",
    # tournaments (docs/tournaments.md): public to read (their tables too), accounts enter
    "POST /api/tournaments": "account",  # the creator directs it
    "GET /api/tournaments": "public",
    "GET /api/tournaments/{name}": "public",
    "POST /api/tournaments/{name}/register": "account",
    "POST /api/tournaments/{name}/withdraw": "account",
    "POST /api/tournaments/{name}/bots": "account",  # its director
    "POST /api/tournaments/{name}/start": "account",  # its director
    "POST /api/tournaments/{name}/adjust": "account",  # its director
    "GET /api/tournaments/{name}/seat": "account",  # the account's own seat
    "GET /api/tournaments/{name}/export.json": "public",
    "GET /api/tournaments/{name}/export.csv": "public",
    # tournaments' pages (docs/tournaments.md)
    "GET /tournaments": "public",
    "GET /tournaments/{name}": "public",
}


@dataclasses.dataclass(frozen=True)
class AccountLimits:
    """Rate limits of the account requests, each ``(per second, burst)`` or ``None``:
    sign-in attempts per client address and per account name, accounts registered per
    client address. Every attempt counts, right or wrong (a password check is costly)."""

    login_address: tuple[float, float] | None = (10 / 60, 10.0)
    login_name: tuple[float, float] | None = (5 / 60, 5.0)
    register: tuple[float, float] | None = (10 / 3600, 10.0)


@dataclasses.dataclass(frozen=True)
class AccountSettings:
    """How the server keeps accounts: its password hashing (:class:`Passwords`; tests ask
    for :meth:`Passwords.for_tests` explicitly) and its :class:`AccountLimits`."""

    passwords: Passwords = dataclasses.field(default_factory=Passwords)
    limits: AccountLimits = dataclasses.field(default_factory=AccountLimits)


class AccountLimiter:
    """:class:`AccountLimits` applied: buckets in this process's memory, or on PostgreSQL
    rows of the database shared by every server process (as the lobby's limits)."""

    def __init__(self, limits: AccountLimits) -> None:
        self.pairs = {
            "login_ip": limits.login_address,
            "login_name": limits.login_name,
            "register_ip": limits.register,
        }
        self.buckets = {k: AddressBuckets(*p) for k, p in self.pairs.items() if p is not None}

    async def take(self, store: Store, kind: str, key: str) -> None:
        """``429`` (``too_many_logins`` or ``too_many_accounts``) when ``key`` has no
        ``kind`` token left."""
        pair = self.pairs.get(kind)
        if pair is None:
            return
        if store.engine.dialect.name == "postgresql":
            wait = await store.awrite(st.take_token(kind, key[:64], *pair))
        else:
            wait = self.buckets[kind].take(key, time.monotonic())
        if wait > 0:
            code = "too_many_accounts" if kind == "register_ip" else "too_many_logins"
            raise AccountError(code, f"too many attempts; try again in {wait:.0f} s", 429,
                               retry_after=wait)  # fmt: skip


def client_address(request: Request) -> str:
    """The client's address (after :mod:`tapete.web.proxy`)."""
    return request.client.host if request.client is not None else "unknown"


async def limit_login(request: Request, name: str) -> None:
    """Take a sign-in attempt's tokens: one of its address, one of the name it tries."""
    limiter, store = _state(request).limiter, _store(request)
    await limiter.take(store, "login_ip", client_address(request))
    await limiter.take(store, "login_name", "name:" + name_key(name.strip()[:64]))


async def limit_register(request: Request) -> None:
    """Take a registration's token of its client address."""
    await _state(request).limiter.take(_store(request), "register_ip", client_address(request))


@dataclasses.dataclass
class _AccountState:
    settings: AccountSettings
    limiter: AccountLimiter
    accounts: Accounts | None = None


def install(app_state: Any, settings: AccountSettings | None) -> None:
    """Keep the account settings on the app (``create_app``)."""
    chosen = settings if settings is not None else AccountSettings()
    app_state.account_state = _AccountState(chosen, AccountLimiter(chosen.limits))


def _state(request: Request) -> _AccountState:
    state: _AccountState = request.app.state.account_state
    return state


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def accounts_of(request: Request) -> Accounts:
    """The accounts of the app serving ``request`` (made on first use, on its store)."""
    state = _state(request)
    if state.accounts is None or state.accounts.store is not _store(request):
        state.accounts = Accounts(_store(request), state.settings.passwords)
    return state.accounts


def session_token(request: Request) -> str | None:
    """The session cookie's token, if any."""
    return request.cookies.get(SESSION_COOKIE) or None


async def current_account(request: Request) -> Account | None:
    """The account signed in on ``request`` (its session cookie), or ``None``."""
    token = session_token(request)
    if token is None:
        return None
    return await asyncio.to_thread(accounts_of(request).session_account, token)


async def require_account(
    account: Annotated[Account | None, Depends(current_account)],
) -> Account:
    """The signed-in account, or ``401 not_signed_in``."""
    if account is None:
        raise AccountError("not_signed_in", "sign in first", 401)
    return account


async def require_admin(account: Annotated[Account, Depends(require_account)]) -> Account:
    """The signed-in administrator, or ``403 not_admin``."""
    if not account.is_admin:
        raise AccountError("not_admin", "only an administrator may do that", 403)
    return account


def _origin_host(origin: str) -> str:
    """``host[:port]`` of an ``Origin`` header's value (lower case).

    >>> _origin_host("https://Cards.example.org"), _origin_host("http://127.0.0.1:8000")
    ('cards.example.org', '127.0.0.1:8000')
    """
    return urlsplit(origin).netloc.lower()


async def same_origin(request: Request) -> None:
    """The cross-site request forgery guard of a state-changing account request (see the
    module): ``403 csrf`` unless it carries :data:`CSRF_HEADER` and comes from this site."""
    if request.headers.get(CSRF_HEADER) != "1":
        raise AccountError(
            "csrf", f"a state-changing account request carries {CSRF_HEADER}: 1", 403
        )
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise AccountError("csrf", "a request from another site", 403)
    origin = request.headers.get("origin")
    if origin is not None:
        hosts = {request.headers.get("host", "").lower()}
        public = request.app.state.settings.server_info.get("public_url")
        if public:
            hosts.add(_origin_host(public))
        if _origin_host(origin) not in hosts:
            raise AccountError("csrf", "a request from another site", 403)
