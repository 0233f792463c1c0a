"""The account API (``docs/accounts.md``): register, sign in and out, who is signed in,
change the password, and claim the seats this browser played anonymously.

Anonymous play needs none of it. The session is a cookie (:data:`~tapete.web.access.
SESSION_COOKIE`): ``HttpOnly``, ``SameSite=Lax``, ``Path=/``, ``Secure`` when the request
came over HTTPS (directly, or through a trusted proxy's ``X-Forwarded-Proto``). Every
state-changing request here passes :func:`~tapete.web.access.same_origin`."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from tapete.accounts import SESSION_LIFETIME, Account
from tapete.storage import store as st
from tapete.table.manager import history_entry
from tapete.web.access import (
    SESSION_COOKIE,
    accounts_of,
    current_account,
    limit_login,
    limit_register,
    require_account,
    same_origin,
    session_token,
)
from tapete.web.settings import manager_of

router = APIRouter(prefix="/api/account", dependencies=[])

Guarded = Depends(same_origin)


class _Body(BaseModel):
    """An account request body: no unknown fields, strict JSON types."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CredentialsIn(_Body):
    """``register`` and ``login``: the account's name and password."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=4096)


class PasswordIn(_Body):
    """``password``: the current password and the new one."""

    current: str = Field(max_length=4096)
    new: str = Field(max_length=4096)


class ClaimIn(_Body):
    """``claim``: the seat tokens this browser holds."""

    tokens: list[str] = Field(max_length=200)


def _shown(account: Account) -> dict[str, Any]:
    """What the pages are told of an account."""
    return {"name": account.name, "is_admin": account.is_admin}


def _set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(SESSION_LIFETIME.total_seconds()),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


@router.post("/register", status_code=201, dependencies=[Guarded])
async def register(body: CredentialsIn, request: Request, response: Response) -> dict[str, Any]:
    """Create an account and sign in with it."""
    await limit_register(request)
    accounts = accounts_of(request)
    account = await asyncio.to_thread(accounts.register, body.name, body.password)
    token = await asyncio.to_thread(accounts.open_session, account.id)
    _set_session(request, response, token)
    return {"account": _shown(account)}


@router.post("/login", dependencies=[Guarded])
async def login(body: CredentialsIn, request: Request, response: Response) -> dict[str, Any]:
    """Sign in (``401 bad_login``, ``403 banned``, ``429 too_many_logins``)."""
    await limit_login(request, body.name)
    accounts = accounts_of(request)
    account, token = await asyncio.to_thread(accounts.login, body.name, body.password)
    old = session_token(request)
    if old is not None:  # signing in again ends the session the browser had
        await asyncio.to_thread(accounts.logout, old)
    _set_session(request, response, token)
    return {"account": _shown(account)}


@router.post("/logout", dependencies=[Guarded])
async def logout(request: Request, response: Response) -> dict[str, Any]:
    """Sign out: the session ends and the cookie is removed."""
    await asyncio.to_thread(accounts_of(request).logout, session_token(request))
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return {"ok": True}


@router.get("/me")
async def me(account: Annotated[Account | None, Depends(current_account)]) -> dict[str, Any]:
    """The account signed in, or ``{"account": null}``."""
    return {"account": None if account is None else _shown(account)}


@router.post("/password", dependencies=[Guarded])
async def change_password(
    body: PasswordIn, request: Request, account: Annotated[Account, Depends(require_account)]
) -> dict[str, Any]:
    """Change the password (the current one given); the account's other sessions end."""
    accounts = accounts_of(request)
    keep = session_token(request)
    await asyncio.to_thread(
        lambda: accounts.change_password(account, body.current, body.new, keep=keep)
    )
    return {"ok": True}


@router.post("/claim", dependencies=[Guarded])
async def claim(
    body: ClaimIn, request: Request, account: Annotated[Account, Depends(require_account)]
) -> dict[str, Any]:
    """Link the seats of these tokens (this browser's anonymous games) to the account."""
    pairs = await asyncio.to_thread(accounts_of(request).claim, account, body.tokens)
    return {"claimed": [{"table": t, "seat": s} for t, s in pairs]}


@router.get("/games")
async def games(
    request: Request, account: Annotated[Account, Depends(require_account)]
) -> dict[str, Any]:
    """The finished or closed games of the seats the account claimed, newest first (each
    as in ``/api/history``)."""
    pairs = await asyncio.to_thread(accounts_of(request).claimed, account)
    store = manager_of(request).store

    def read(session: Session) -> list[tuple[st.TableData, int]]:
        found = []
        for table_id, seat in pairs[-200:]:
            data = st.get_table(session, table_id)
            if data is not None and data.status in ("finished", "closed"):
                found.append((data, seat))
        return found

    out = [history_entry(data, seat) for data, seat in await store.aread(read)]
    out.sort(key=lambda g: str(g["finished_at"]), reverse=True)
    return {"games": out}
