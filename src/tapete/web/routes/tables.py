"""A table's play WebSocket, and a finished table's record and replay (its frames, and its
steps at a glance)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.websockets import WebSocket

from tapete.errors import RecordError
from tapete.table import LiveTable, TableError
from tapete.web.frames import frame, steps
from tapete.web.play import play_socket
from tapete.web.routes.clubs import check_visible
from tapete.web.routes.tournaments import may_watch, round_sealed
from tapete.web.settings import manager_of, settings_of

router = APIRouter()


async def _finished(table_id: str, request: Request) -> LiveTable:
    """The table, once it is over (``409 not_finished`` before)."""
    table = await manager_of(request).require(table_id)
    await check_visible(request, table)
    if table.data.status not in ("finished", "closed"):
        raise TableError("not_finished", "the record is offered once the table is over", 409)
    if not await may_watch(request, table):
        raise round_sealed(table)
    return table


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, request: Request) -> Response:
    """The tapete record of a finished or closed table."""
    table = await _finished(table_id, request)
    return Response(
        table.record().to_json(),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="tapete-{table_id}.json"'},
    )


@router.get("/api/tables/{table_id}/frames/{n}")
async def frames(table_id: str, n: int, request: Request) -> dict[str, Any]:
    """One step of a finished table's replay: every seat's view after ``n`` actions."""
    table = await _finished(table_id, request)
    try:
        shown = frame(table.record(), n)
    except RecordError as e:
        raise TableError("bad_frame", str(e), 404) from None
    shown["chat"] = await table.replay_chat(n)  # none when the chat was for the seats
    return shown


@router.get("/api/tables/{table_id}/steps")
async def replay_steps(table_id: str, request: Request) -> dict[str, Any]:
    """A finished table's replay at a glance: who took each action, where each deal starts
    and each trick ends (the replay viewer's list and its jumps)."""
    table = await _finished(table_id, request)
    try:
        return steps(table.record())
    except RecordError as e:
        raise TableError("bad_frame", str(e), 404) from None


@router.websocket("/ws/{table_id}")
async def websocket(websocket: WebSocket, table_id: str) -> None:
    """Play or watch a table (protocol.md, *Play*); a club's table: its members only, as
    if it did not exist for anybody else (docs/clubs.md); a duplicate round's table: its
    seats only, for the tournament's entrants and the anonymous (docs/tournaments.md)."""
    try:
        table = await manager_of(websocket).get(table_id)
    except Exception:  # held by another process, or not loadable: play_socket says so
        table = None
    seats_only = False
    if table is not None:
        try:
            await check_visible(websocket, table)
        except TableError:
            await websocket.accept()
            await websocket.send_json(
                {"type": "error", "code": "unknown_table", "detail": "there is no such table"}
            )
            await websocket.close(4004)
            return
        seats_only = not await may_watch(websocket, table)
    await play_socket(
        websocket,
        manager_of(websocket),
        table_id,
        settings_of(websocket).worker,
        seats_only=seats_only,
    )
