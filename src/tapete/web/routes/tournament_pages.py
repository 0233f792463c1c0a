"""The tournaments' pages (``docs/tournaments.md``): ``/tournaments`` (the list and, for a
signed-in account, the form that creates one) and ``/tournaments/{name}`` (one tournament,
live). Both serve the same static page, which reads the address; the JSON it shows comes
from the ``/api/tournaments`` routes (:mod:`tapete.web.routes.tournaments`)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from tapete.web.routes.pages import _page

router = APIRouter()


@router.get("/tournaments", include_in_schema=False)
async def tournaments_page() -> Response:
    """The tournaments and the form that creates one."""
    return _page("tournament.html")


@router.get("/tournaments/{name}", include_in_schema=False)
async def tournament_page(name: str) -> Response:
    """A tournament's page (the page reads the name from the address)."""
    return _page("tournament.html")
