"""Ratings (``docs/ratings.md``): a game's leaderboard and a player's profile, as JSON and
as pages, and the update of the ratings when a rated table finishes (:func:`start`).

Everything here is public: a leaderboard lists account names and ratings, a profile an
account's ratings, their history, its rated games (with their replays) and the game's own
counts. Neither says anything else of an account (no password hash, session, claimed
anonymous game or administrator flag)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request, Response

from tapete.accounts.ratings import Ratings
from tapete.accounts.stats import base_game
from tapete.engine import registered_games
from tapete.storage import Store
from tapete.table import TableError, TableManager
from tapete.web.routes.pages import _page

log = logging.getLogger("tapete.web")

router = APIRouter()


def ratings_of(request: Request) -> Ratings:
    """The ratings of the app serving ``request`` (made on first use, on its store)."""
    state = request.app.state
    store: Store = state.store
    found: Ratings | None = getattr(state, "ratings", None)
    if found is None or found.store is not store:
        found = state.ratings = Ratings(store)
    return found


#: The games in the lobby's order (others after them, by name).
LOBBY_ORDER = ("pocha", "ombre", "trynka", "tresillo", "lhombre")


def rated_games() -> list[str]:
    """The games a rating is kept for: each registered game's base name, once, in the
    lobby's order.

    >>> rated_games()
    ['pocha', 'ombre', 'trynka', 'tresillo', 'lhombre']
    """
    names = {base_game(name) for name in registered_games()}
    first = [g for g in LOBBY_ORDER if g in names]
    return first + sorted(names - set(first))


async def start(app_state: Any, store: Store, manager: TableManager) -> None:
    """Update the ratings of every rated table that finishes in this process, and now of
    those that finished without (a restart between a table's end and its update): the
    update is made once whatever happens (``rated_games``)."""
    ratings = app_state.ratings = Ratings(store)
    loop = asyncio.get_running_loop()
    running: set[asyncio.Task[bool]] = set()

    def rate(table_id: str) -> None:
        task = loop.create_task(asyncio.to_thread(ratings.apply, table_id))
        running.add(task)
        task.add_done_callback(lambda done: _finish(done, running, table_id))

    manager.rated_finished = rate
    for table_id in await asyncio.to_thread(ratings.pending):
        try:
            await asyncio.to_thread(ratings.apply, table_id)
        except Exception:
            log.exception("the ratings of table %s could not be updated", table_id)


def _finish(task: asyncio.Task[bool], running: set[asyncio.Task[bool]], table_id: str) -> None:
    running.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("the ratings of table %s could not be updated: %r", table_id, task.exception())


@router.get("/api/ratings/{game}")
async def leaderboard(game: str, request: Request) -> dict[str, Any]:
    """A game's leaderboard (``404 unknown_game`` for a game without ratings)."""
    base = base_game(game[:64])
    if base not in rated_games():
        raise TableError("unknown_game", f"there is no game {game[:40]!r}", 404)
    players = await asyncio.to_thread(ratings_of(request).leaderboard, base)
    return {"game": base, "games": rated_games(), "players": players}


@router.get("/api/players/{name}")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """A player's profile (``404 unknown_profile``)."""
    return await asyncio.to_thread(ratings_of(request).profile, name[:200])


@router.get("/ratings", include_in_schema=False)
async def leaderboard_page() -> Response:
    """The leaderboards (the page shows La Pocha's first)."""
    return _page("ratings.html")


@router.get("/ratings/{game}", include_in_schema=False)
async def game_leaderboard_page(game: str) -> Response:
    """A game's leaderboard (the page reads the game from the address)."""
    return _page("ratings.html")


@router.get("/players/{name}", include_in_schema=False)
async def profile_page(name: str) -> Response:
    """A player's profile (the page reads the name from the address)."""
    return _page("player.html")
