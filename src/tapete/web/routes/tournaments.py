"""Tournaments (``docs/tournaments.md``): create one, register and withdraw, add bots and
start it (its director), follow it (anybody: settings, entrants, every round's tables, the
standings), an account's seat at its round table, and the exports (JSON with every table's
record, CSV a row per entrant per round); and :func:`start`, which runs the rounds.

Reading a tournament is public (its tables are public too: anybody may watch them). Creating
one, registering and asking for one's seat need a signed-in account (``401 not_signed_in``);
adding bots, starting and adjusting a score are for its director (``403 not_director``). Every
state-changing request passes :func:`~tapete.web.access.same_origin`."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from tapete.accounts import Account
from tapete.accounts.tournaments import Settings, Tournaments
from tapete.storage import Store
from tapete.table import LiveTable, TableError, TableManager
from tapete.web.access import current_account, require_account, same_origin

router = APIRouter()

Guarded = Depends(same_origin)
Signed = Annotated[Account, Depends(require_account)]


class _Body(BaseModel):
    """A tournament request body: no unknown fields."""

    model_config = ConfigDict(extra="forbid")


class TournamentIn(_Body):
    """``POST /api/tournaments``."""

    name: str = Field(max_length=200)
    game: str = Field(max_length=64)
    params: dict[str, Any] = Field(default_factory=dict)
    rounds: int = Field(ge=1, le=50)
    deals_per_round: int = Field(1, ge=1, le=240)
    clock: float
    method: Literal["swiss", "round_robin"] = "swiss"
    duplicate: bool = False
    table_size: int | None = Field(None, ge=2, le=8)
    bot_delay: float = 0.5


class BotsIn(_Body):
    """``POST /api/tournaments/{name}/bots``: the table bot and how many."""

    bot: str = Field("rule", max_length=64)
    count: int = Field(1, ge=1, le=1000)


class StartIn(_Body):
    """``POST /api/tournaments/{name}/start``: fill up with these bots, or not."""

    fill_with: str | None = Field(None, max_length=64)


class AdjustIn(_Body):
    """``POST /api/tournaments/{name}/adjust``: points added to an entrant's round score
    (negative: a penalty) and why."""

    round: int
    entrant: str = Field(max_length=32)
    points: float
    reason: str = Field(max_length=200)


def tournaments_of(request: HTTPConnection) -> Tournaments:
    """The tournaments of the app serving ``request``."""
    found: Tournaments = request.app.state.tournaments
    return found


async def may_watch(conn: HTTPConnection, table: LiveTable) -> bool:
    """Whether whoever is on ``conn`` may watch ``table`` as a spectator, or read its record:
    a table of a duplicate round still being played deals what the round's other tables
    deal, so only a signed-in account that is not entered in the tournament may, until the
    round is over (the seats play it with their tokens; docs/tournaments.md)."""
    if table.data.tournament is None:
        return True
    entrants = await asyncio.to_thread(tournaments_of(conn).round_entrants, table.data.id)
    if entrants is None:
        return True
    account = await current_account(conn)  # type: ignore[arg-type]
    return account is not None and account.id not in entrants


def round_sealed(table: LiveTable) -> TableError:
    """The refusal of :func:`may_watch`."""
    return TableError(
        "round_sealed",
        f"table {table.data.id} plays a duplicate round: it is watched by signed-in accounts "
        "not playing the tournament, and by everyone once the round is over",
        403,
    )


async def start(app_state: Any, store: Store, manager: TableManager) -> Tournaments:
    """Run the tournaments' rounds in this process: told of every table that finishes,
    and now resuming those whose round finished while the server was down."""
    tournaments = app_state.tournaments = Tournaments(store, manager)
    manager.table_finished = tournaments.table_finished
    await tournaments.resume()
    return tournaments


@router.post("/api/tournaments", status_code=201, dependencies=[Guarded])
async def create(body: TournamentIn, request: Request, account: Signed) -> dict[str, Any]:
    """Create a tournament: the account asking is its director."""
    settings = Settings(**body.model_dump())
    return await asyncio.to_thread(tournaments_of(request).create, account, settings)


@router.get("/api/tournaments")
async def listing(request: Request) -> dict[str, Any]:
    """Every tournament (newest first)."""
    return {"tournaments": await asyncio.to_thread(tournaments_of(request).listing)}


@router.get("/api/tournaments/{name}")
async def show(name: str, request: Request) -> dict[str, Any]:
    """A tournament: settings, entrants, rounds and their tables, standings."""
    return await asyncio.to_thread(tournaments_of(request).show, name[:200])


@router.post("/api/tournaments/{name}/register", dependencies=[Guarded])
async def register(name: str, request: Request, account: Signed) -> dict[str, Any]:
    """Enter the signed-in account (before the start)."""
    tournaments = tournaments_of(request)
    await asyncio.to_thread(tournaments.register, account, name[:200])
    return await asyncio.to_thread(tournaments.show, name[:200])


@router.post("/api/tournaments/{name}/withdraw", dependencies=[Guarded])
async def withdraw(name: str, request: Request, account: Signed) -> dict[str, Any]:
    """Take the signed-in account out (before the start)."""
    tournaments = tournaments_of(request)
    await asyncio.to_thread(tournaments.withdraw, account, name[:200])
    return await asyncio.to_thread(tournaments.show, name[:200])


@router.post("/api/tournaments/{name}/bots", dependencies=[Guarded])
async def bots(name: str, body: BotsIn, request: Request, account: Signed) -> dict[str, Any]:
    """Enter bots (the director, before the start)."""
    tournaments = tournaments_of(request)
    await asyncio.to_thread(tournaments.add_bots, account, name[:200], body.bot, body.count)
    return await asyncio.to_thread(tournaments.show, name[:200])


@router.post("/api/tournaments/{name}/start", dependencies=[Guarded])
async def start_tournament(
    name: str, request: Request, account: Signed, body: StartIn | None = None
) -> dict[str, Any]:
    """Start it (the director): round 1's tables are made and started."""
    fill = body.fill_with if body is not None else None
    return await tournaments_of(request).start(account, name[:200], fill)


@router.post("/api/tournaments/{name}/adjust", dependencies=[Guarded])
async def adjust(name: str, body: AdjustIn, request: Request, account: Signed) -> dict[str, Any]:
    """Add a correction or a penalty to an entrant's score of a round (the director, also
    once the tournament is finished); the tournament as shown then."""
    tournaments = tournaments_of(request)
    await asyncio.to_thread(
        tournaments.adjust, account, name[:200], body.round, body.entrant, body.points,
        body.reason,
    )  # fmt: skip
    return await asyncio.to_thread(tournaments.show, name[:200])


@router.get("/api/tournaments/{name}/seat")
async def seat(name: str, request: Request, account: Signed) -> dict[str, Any]:
    """The signed-in account's seat at its table of the current round, with its token."""
    return await asyncio.to_thread(tournaments_of(request).seat, account, name[:200])


@router.get("/api/tournaments/{name}/export.json")
async def export_json(name: str, request: Request) -> Response:
    """The whole tournament with every table's record."""
    shown = await asyncio.to_thread(tournaments_of(request).show, name[:200], records=True)
    return Response(
        json.dumps(shown, ensure_ascii=False),
        media_type="application/json",
        headers={"Content-Disposition": 'attachment; filename="tournament.json"'},
    )


@router.get("/api/tournaments/{name}/export.csv")
async def export_csv(name: str, request: Request) -> Response:
    """A row per entrant per scored round."""
    text = await asyncio.to_thread(tournaments_of(request).export_csv, name[:200])
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="tournament.csv"'},
    )
