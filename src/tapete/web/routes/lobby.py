"""The lobby's API (protocol.md, *Lobby*): the games and their parameters, the bots, where
friends open this server, tables created, listed, joined, left, started and rematched, and a
player's past games."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from tapete.accounts.ratings import check_rated
from tapete.engine import game_class, load_game, registered_games
from tapete.players.base import available as available_players
from tapete.players.base import unavailable as unavailable_players
from tapete.players.kernels import KERNELS
from tapete.storage.store import hash_token
from tapete.table import LiveTable, SeatSpec, TableError, TableSpec
from tapete.web.access import current_account, same_origin
from tapete.web.routes.clubs import check_visible, clubs_of, visible_infos
from tapete.web.routes.ratings import ratings_of
from tapete.web.settings import manager_of, settings_of

router = APIRouter()


# -- request bodies ---------------------------------------------------------------------------
class _Body(BaseModel):
    """A lobby request body: no unknown fields, and strict JSON types (a string is never
    read as a number or a boolean, nor a number as a boolean; a whole number is a number
    where seconds are asked)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(_Body):
    """One seat of a new table."""

    kind: Literal["human", "bot"] = "human"
    player: str | None = Field(None, max_length=64)
    params: dict[str, Any] = Field(default_factory=dict)


class CreateIn(_Body):
    """``POST /api/tables``."""

    game: str = Field(max_length=64)
    params: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list, max_length=16)
    clock: float | None = None
    bot_delay: float = 0.5
    name: str | None = Field(None, max_length=200)
    seat: int | None = None
    hints: bool = True
    chat: Literal["all", "seats", "off"] = "all"
    rated: bool = False
    club: str | None = Field(None, max_length=200)


class JoinIn(_Body):
    """``POST /api/tables/{id}/join``."""

    name: str = Field(max_length=200)
    seat: int | None = None


class TokenIn(_Body):
    """A seat token."""

    token: str = Field(max_length=200)


class AdminIn(_Body):
    """The admin token of a table."""

    admin_token: str = Field(max_length=200)


@functools.cache
def _players_allowed(game: str) -> list[int] | None:
    """The numbers of players a table of ``game`` may have (its ``n_players`` parameter's
    range or choices, else the number its default deal has); ``None`` if not known.

    >>> _players_allowed("pocha"), _players_allowed("ombre")
    ([3, 4, 5, 6, 7, 8], [3])
    """
    cls = game_class(game)
    for param in cls.parameters:
        if param.name == "n_players":
            if param.choices:
                return sorted(int(c) for c in param.choices)
            if param.low is not None and param.high is not None:
                return list(range(param.low, param.high + 1))
            return None
    try:
        return [load_game(game).num_players()]
    except Exception:
        return None


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    """The registered games and their parameters."""
    out = []
    for name in registered_games():
        cls = game_class(name)
        out.append(
            {
                "name": name,
                "summary": cls.summary,
                "players": _players_allowed(name),
                "params": [
                    {
                        "name": p.name,
                        "default": p.default,
                        "help": p.help,
                        "allowed": p.allowed(),
                        "choices": list(p.choices) or None,
                        "low": p.low,
                        "high": p.high,
                    }
                    for p in cls.parameters
                ],
            }
        )
    return out


@router.get("/api/server")
async def server(request: Request) -> dict[str, Any]:
    """Where friends open this server (protocol.md, *Server*): ``public_url`` (``null``
    unless set), ``lan`` (the network's addresses when it listens on every interface),
    ``local_only`` (it listens on a loopback address: nobody else can reach it)."""
    return settings_of(request).server_info


@router.get("/api/players")
async def players() -> list[str]:
    """The bots that can take a seat."""
    return available_players()


@router.get("/api/bots")
async def bots() -> dict[str, Any]:
    """The bots that can take a seat, those registered that cannot run here (with the
    modules they miss), and whether the search kernels are still loading."""
    return {
        "players": available_players(),
        "unavailable": [
            {"name": name, "reason": "player_unavailable", "missing": list(modules)}
            for name, modules in unavailable_players().items()
        ],
        "loading": KERNELS.loading(),
    }


@router.post("/api/tables", status_code=201)
async def create_table(body: CreateIn, request: Request) -> dict[str, Any]:
    """Create a table (protocol.md, *create a table*)."""
    await settings_of(request).limiter.check(request, "create")
    account, club = None, None
    if body.rated or body.club is not None:  # docs/ratings.md, docs/clubs.md: an account
        await same_origin(request)
        account = await current_account(request)
    if body.club is not None:  # docs/clubs.md: a member's, the seat under the account's name
        if account is None:
            raise TableError("club_needs_account", "a club's table is a member's: sign in", 401)
        club = (await asyncio.to_thread(clubs_of(request).membership, account, body.club)).id
    spec = TableSpec(
        game=body.game,
        params=body.params,
        seats=tuple(SeatSpec(s.kind, s.player, s.params) for s in body.seats),
        clock=body.clock,
        bot_delay=body.bot_delay,
        name=body.name,
        seat=body.seat,
        hints=body.hints,
        chat=body.chat,
        rated=body.rated,
        club=club,
    )
    if body.rated:
        check_rated(spec, account)
    if account is not None:
        spec = dataclasses.replace(spec, name=account.name)
    table, admin, seat, token = await manager_of(request).create(spec)
    if account is not None and seat is not None and token is not None:
        # one account_seats link serves both; a rated table's also lists the game as the
        # account's
        link = ratings_of(request).seat_account if body.rated else None
        if link is None and club is not None:
            link = clubs_of(request).seat_account
        if link is not None:
            await asyncio.to_thread(link, table.data.id, seat, account, hash_token(token))
    return {"table": table.info(), "admin_token": admin, "seat": seat, "token": token}


@router.get("/api/tables")
async def list_tables(request: Request, status: str = "open", limit: int = 100) -> dict[str, Any]:
    """Tables by status, newest first."""
    if status not in ("open", "playing", "finished", "closed", "all"):
        raise TableError("bad_request", "status is open, playing, finished, closed or all")
    if not 1 <= limit <= 500:
        raise TableError("bad_request", "limit is from 1 to 500")
    infos = await manager_of(request).list_info(
        status, limit, keep=lambda infos: visible_infos(request, infos)
    )
    return {"tables": infos}


@router.get("/api/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    """One table's TableInfo (a club's table: for its members, ``"club"`` its name)."""
    table = await manager_of(request).require(table_id)
    await check_visible(request, table)
    if table.data.club is not None:
        name = await asyncio.to_thread(clubs_of(request).club_name, table.data.club)
        return {**table.info(), "club": name}
    return table.info()


@router.post("/api/tables/{table_id}/join")
async def join(table_id: str, body: JoinIn, request: Request) -> dict[str, Any]:
    """Take a seat with a display name."""
    await settings_of(request).limiter.check(request, "join")
    table = await manager_of(request).require(table_id)
    await check_visible(request, table)
    if table.data.rated:
        seat, token = await _join_rated(table, body, request)
    elif table.data.club is not None:
        seat, token = await _join_club(table, body, request)
    else:
        seat, token = await table.call(lambda: table.join(body.name, body.seat))
    return {"seat": seat, "token": token, "table": table.info()}


async def _join_rated(table: LiveTable, body: JoinIn, request: Request) -> tuple[int, str]:
    """Seat the signed-in account at a rated table under its name (docs/ratings.md):
    ``401 rated_needs_account`` for nobody, ``409 rated_seated`` for an account that holds
    a seat there already."""
    await same_origin(request)
    account = await current_account(request)
    if account is None:
        raise TableError("rated_needs_account", "a rated table seats accounts: sign in", 401)
    ratings = ratings_of(request)

    async def seat_account() -> tuple[int, str]:
        if await asyncio.to_thread(ratings.seated, table.data.id, account):
            raise TableError("rated_seated", "this account holds a seat at this table", 409)
        seat, token = await table.join(account.name, body.seat)
        await asyncio.to_thread(
            ratings.seat_account, table.data.id, seat, account, hash_token(token)
        )
        return seat, token

    return await table.call(seat_account)


async def _join_club(table: LiveTable, body: JoinIn, request: Request) -> tuple[int, str]:
    """Seat a member (:func:`check_visible` passed) at a club's table under the account's
    name, noting the seat for the club's standings (docs/clubs.md)."""
    await same_origin(request)
    account = await current_account(request)
    assert account is not None  # check_visible let only a member through
    seat, token = await table.call(lambda: table.join(account.name, body.seat))
    await asyncio.to_thread(
        clubs_of(request).seat_account, table.data.id, seat, account, hash_token(token)
    )
    return seat, token


@router.post("/api/tables/{table_id}/leave")
async def leave(table_id: str, body: TokenIn, request: Request) -> dict[str, Any]:
    """Free the seat of a token."""
    table = await manager_of(request).require(table_id)
    await table.call(lambda: table.leave(body.token))
    return {"ok": True, "table": table.info()}


@router.post("/api/tables/{table_id}/start")
async def start(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
    """Start the table, bots filling the free seats."""
    table = await manager_of(request).require(table_id)
    table.check_admin(body.admin_token)
    await table.call(table.start)
    return table.info()


@router.post("/api/tables/{table_id}/rematch", status_code=201)
async def rematch(table_id: str, body: AdminIn, request: Request) -> dict[str, Any]:
    """Offer a rematch of a finished table."""
    await settings_of(request).limiter.check(request, "create")
    table = await manager_of(request).rematch(table_id, body.admin_token)
    return {"table": table.info()}


@router.get("/api/history")
async def history_by_name(name: str, request: Request) -> dict[str, Any]:
    """A player's past games by display name (a club's tables: for its members only)."""
    games = await manager_of(request).history(name=name[:200])
    return {"games": await visible_infos(request, games, key="table")}


@router.post("/api/history")
async def history_by_token(body: TokenIn, request: Request) -> dict[str, Any]:
    """A player's past games by seat token."""
    return {"games": await manager_of(request).history(token=body.token)}
