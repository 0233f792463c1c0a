"""The browser pages: the lobby, a table, a replay and the rules of each game (docs/web.md)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse

from tapete.web.answers import error_response

#: The pages, scripts, styles and catalogs the server serves.
STATIC = Path(__file__).resolve().parent.parent / "static"
#: The games with a rules page (each under its deal's and its match's name).
RULES_GAMES = frozenset(
    g
    for base in ("pocha", "ombre", "trynka", "tresillo", "lhombre")
    for g in (base, f"{base}-match")
)

router = APIRouter(include_in_schema=False)


def _page(name: str) -> Response:
    path = STATIC / name
    if not path.is_file():
        return error_response(404, "no_page", f"the page {name} is not installed")
    return FileResponse(path)


@router.get("/")
async def lobby_page() -> Response:
    """The lobby."""
    return _page("index.html")


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> Response:
    """A table (the page reads its id from the address)."""
    return _page("table.html")


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> Response:
    """A finished table's replay."""
    return _page("replay.html")


@router.get("/rules/{game}")
async def rules_page(game: str, request: Request) -> Response:
    """How to play ``game`` (docs/web.md, *How to play*); ``404 unknown_game`` else."""
    if game not in RULES_GAMES:
        return error_response(404, "unknown_game", f"there are no rules for {game[:40]!r}")
    return _page("rules.html")
