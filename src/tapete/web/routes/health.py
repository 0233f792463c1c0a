"""Liveness, this process's figures (loopback clients only) and the hand-over another server
process asks for (protocol.md, *Several processes*)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.table import OLDEST_PROTOCOL
from tapete.web.answers import forwarded, on_this_machine
from tapete.web.gcpolicy import watch as collector_watch
from tapete.web.protocol import PROTOCOL_VERSION
from tapete.web.settings import manager_of, settings_of

router = APIRouter()


@router.get("/healthz")
async def healthz() -> dict[str, Any]:
    """Liveness and the protocol version."""
    return {
        "ok": True,
        "protocol": PROTOCOL_VERSION,
        "protocols": list(range(OLDEST_PROTOCOL, PROTOCOL_VERSION + 1)),
    }


@router.get("/healthz/gc")
async def healthz_gc(request: Request, since: float | None = None) -> dict[str, Any]:
    """The cyclic collector's pauses in this process (``tapete.web.gcpolicy``): counts,
    total and longest pause by generation, the full collections' pauses (those that
    ended after ``since``, Unix seconds). Loopback clients only (else ``404``)."""
    if not on_this_machine(request):
        raise StarletteHTTPException(404, "Not Found")
    return {**collector_watch.figures(since), "policy": settings_of(request).policy.figures()}


@router.post("/internal/tables/{table_id}/hand-over")
async def hand_over(table_id: str, request: Request) -> dict[str, Any]:
    """From another server process (with the shared secret; else ``404``): give the
    table up if nobody watches it here, so that the process its client reached serves
    it instead of relaying (protocol.md, *Several processes*)."""
    if not forwarded(request):
        raise StarletteHTTPException(404, "Not Found")
    released = await manager_of(request).hand_over(table_id[:32])
    if released:
        counts = settings_of(request).counts
        counts["handovers_out"] = counts.get("handovers_out", 0) + 1
    return {"released": released}


@router.get("/healthz/server")
async def healthz_server(request: Request) -> dict[str, Any]:
    """This process: its worker number, its address, the tables it serves, the
    WebSockets it relayed to another process and the tables handed over (loopback
    clients only, else ``404``)."""
    if not on_this_machine(request):
        raise StarletteHTTPException(404, "Not Found")
    manager = manager_of(request)
    settings = settings_of(request)
    counts = settings.counts
    return {
        "worker": settings.worker,
        "address": manager.address,
        "tables": len(manager.tables),
        "relays": counts.get("relays", 0),
        "handovers_in": counts.get("handovers_in", 0),
        "handovers_out": counts.get("handovers_out", 0),
    }
