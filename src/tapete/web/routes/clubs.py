"""Clubs (``docs/clubs.md``): create one, see one's members and standings, add, promote
and remove members, leave; and the guard that keeps a club's tables to its members
(:func:`check_visible`, :func:`visible_infos`).

Every club route needs a signed-in account (``401 not_signed_in``); a club is shown only
to its members (``404 unknown_club`` to anybody else, as for a club that does not exist);
changing its members is for its administrators (``403 not_club_admin``). Every
state-changing request passes :func:`~tapete.web.access.same_origin`."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tapete.accounts import Account
from tapete.accounts.clubs import Clubs
from tapete.storage import Store
from tapete.table import LiveTable, TableError
from tapete.web.access import current_account, require_account, same_origin
from tapete.web.routes.pages import _page

router = APIRouter()

Guarded = Depends(same_origin)
Signed = Annotated[Account, Depends(require_account)]


class _Body(BaseModel):
    """A club request body: no unknown fields, strict JSON types."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ClubIn(_Body):
    """``POST /api/clubs``: the club's name, its season (ISO days, either open) and how
    its standings are made."""

    name: str = Field(max_length=200)
    season_start: str | None = Field(None, max_length=10)
    season_end: str | None = Field(None, max_length=10)
    standings: Literal["scores", "ratings"] = "scores"


class MemberIn(_Body):
    """An account to add (with a role) or to make an administrator."""

    name: str = Field(max_length=200)
    role: Literal["admin", "member"] = "member"


def clubs_of(conn: HTTPConnection) -> Clubs:
    """The clubs of the app serving ``conn`` (made on first use, on its store)."""
    state = conn.app.state
    store: Store = state.store
    found: Clubs | None = getattr(state, "clubs", None)
    if found is None or found.store is not store:
        found = state.clubs = Clubs(store)
    return found


def _day(text: str | None) -> dt.date | None:
    if text is None or text == "":
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise TableError("bad_season", "a season's days are YYYY-MM-DD") from None


async def check_visible(conn: HTTPConnection, table: LiveTable) -> None:
    """``404 unknown_table`` for a club's table unless the account signed in on ``conn``
    is a member of the club: to anybody else the table does not exist."""
    club = table.data.club
    if club is None:
        return
    account = await current_account(conn)  # type: ignore[arg-type]
    if account is None or not await asyncio.to_thread(clubs_of(conn).is_member, account, club):
        raise TableError("unknown_table", f"there is no table {table.data.id!r}", 404)


async def visible_infos(
    request: Request, infos: list[dict[str, Any]], key: str = "id"
) -> list[dict[str, Any]]:
    """The lobby's list (or a player's history: ``key`` names the table id) without the
    club tables of clubs the account signed in on ``request`` is not a member of; a club
    table it may see is marked ``"club": name``."""
    clubs = clubs_of(request)
    marked = await asyncio.to_thread(clubs.table_clubs, [str(i[key]) for i in infos])
    if not marked:
        return infos
    account = await current_account(request)
    mine = await asyncio.to_thread(clubs.club_ids, account)
    out = []
    for info in infos:
        club = marked.get(str(info[key]))
        if club is None:
            out.append(info)
        elif club[0] in mine:
            out.append({**info, "club": club[1]})
    return out


@router.post("/api/clubs", status_code=201, dependencies=[Guarded])
async def create(body: ClubIn, request: Request, account: Signed) -> dict[str, Any]:
    """Create a club: the account asking is its administrator."""
    start, end = _day(body.season_start), _day(body.season_end)
    clubs = clubs_of(request)
    club = await asyncio.to_thread(
        lambda: clubs.create(
            account, body.name, season_start=start, season_end=end, standings=body.standings
        )
    )
    return await asyncio.to_thread(clubs.show, account, club.name)


@router.get("/api/clubs")
async def mine(request: Request, account: Signed) -> dict[str, Any]:
    """The clubs of the account signed in (name and role)."""
    return {"clubs": await asyncio.to_thread(clubs_of(request).mine, account)}


@router.get("/api/clubs/{name}")
async def show(name: str, request: Request, account: Signed) -> dict[str, Any]:
    """A club as its members see it: members, roles, season and standings."""
    return await asyncio.to_thread(clubs_of(request).show, account, name[:200])


@router.post("/api/clubs/{name}/members", dependencies=[Guarded])
async def add_member(
    name: str, body: MemberIn, request: Request, account: Signed
) -> dict[str, Any]:
    """Add a member, or make a member an administrator (the club's administrators)."""
    clubs = clubs_of(request)
    await asyncio.to_thread(clubs.add_member, account, name[:200], body.name, body.role)
    return await asyncio.to_thread(clubs.show, account, name[:200])


@router.post("/api/clubs/{name}/members/{member}/remove", dependencies=[Guarded])
async def remove_member(
    name: str, member: str, request: Request, account: Signed
) -> dict[str, Any]:
    """Remove a member (the club's administrators)."""
    clubs = clubs_of(request)
    await asyncio.to_thread(clubs.remove_member, account, name[:200], member[:200])
    return await asyncio.to_thread(clubs.show, account, name[:200])


@router.post("/api/clubs/{name}/leave", dependencies=[Guarded])
async def leave(name: str, request: Request, account: Signed) -> dict[str, Any]:
    """Leave the club (its last administrator names another first)."""
    await asyncio.to_thread(clubs_of(request).leave, account, name[:200])
    return {"ok": True}


@router.get("/clubs", include_in_schema=False)
async def clubs_page() -> Response:
    """The account's clubs and the form that creates one."""
    return _page("club.html")


@router.get("/clubs/{name}", include_in_schema=False)
async def club_page(name: str) -> Response:
    """A club's page (the page reads the name from the address)."""
    return _page("club.html")
