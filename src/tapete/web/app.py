"""The FastAPI application: the lobby API, the play WebSocket and the pages, put together
from the routers of :mod:`tapete.web.routes` (``docs/protocol.md``).

>>> app = create_app("sqlite:///:memory:")
>>> sorted(p for p in app.openapi()["paths"] if p.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables/{table_id}', '/api/tables/{table_id}/frames/{n}']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from tapete.accounts import AccountError
from tapete.players.kernels import KERNELS
from tapete.storage import Store
from tapete.table import Elsewhere, TableError, TableManager
from tapete.web import access
from tapete.web.access import AccountSettings
from tapete.web.addresses import is_everywhere, is_local, listen_urls
from tapete.web.answers import error_response, forwarded
from tapete.web.gcpolicy import CollectorPolicy, settle_collector
from tapete.web.gcpolicy import watch as collector_watch
from tapete.web.limits import BodyLimit, LobbyLimiter, LobbyLimits, RateLimited
from tapete.web.protocol import MAX_HTTP_BODY, PROTOCOL_VERSION
from tapete.web.proxy import ProxyHeaders, TrustedProxies
from tapete.web.relay import PEERS, forward
from tapete.web.routes import (
    account,
    clubs,
    health,
    lobby,
    pages,
    ratings,
    tables,
    tournament_pages,
    tournaments,
)
from tapete.web.settings import ServerSettings

__all__ = ["AccountSettings", "LobbyLimits", "create_app"]

log = logging.getLogger("tapete.web")


def create_app(
    db_url: str,
    *,
    idle_close: float = 600.0,
    address: str = "http://127.0.0.1:8000",
    limits: LobbyLimits | None = None,
    worker: str | None = None,
    collector: CollectorPolicy | None = None,
    trusted_proxies: TrustedProxies | str | None = None,
    public_url: str | None = None,
    listen: tuple[str, int] | None = None,
    load_kernels: bool = False,
    accounts: AccountSettings | None = None,
) -> FastAPI:
    """The tapete server app on the database ``db_url`` (migrated when it starts).

    ``address`` is this process's base URL, where other processes send its tables' clients;
    ``limits`` the lobby's rate limit per client address (default :class:`LobbyLimits`);
    ``worker`` this process's number among ``tapete serve --workers`` (sent back in the
    ``X-Tapete-Worker`` header of every answer); ``collector`` how the garbage collector is
    kept from pausing the tables (default :class:`~tapete.web.gcpolicy.CollectorPolicy`);
    ``trusted_proxies`` the reverse proxies whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed (:mod:`tapete.web.proxy`; default nobody);
    ``public_url`` the address people open (share links are made from it, default from the
    address their browser used); ``listen`` the host and port the server listens on (for
    the addresses ``GET /api/server`` offers friends on the network); ``load_kernels``
    loads the search bots' kernels in the background as the server starts
    (:mod:`tapete.players.kernels`; ``tapete serve`` does); ``accounts`` how accounts are
    kept (:class:`~tapete.web.access.AccountSettings`: password hashing, sign-in limits)."""
    proxies = (
        trusted_proxies
        if isinstance(trusted_proxies, TrustedProxies)
        else TrustedProxies(trusted_proxies)
    )
    settings = ServerSettings(
        limiter=LobbyLimiter(limits if limits is not None else LobbyLimits()),
        policy=collector if collector is not None else CollectorPolicy(),
        worker=worker,
        server_info={
            "public_url": public_url.rstrip("/") if public_url else None,
            "lan": [],
            "local_only": listen is not None and is_local(listen[0]),
        },
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if load_kernels and KERNELS.start():  # tapete.players.kernels: no cold start
            log.info("loading the search bots' kernels in the background")
        store = Store(db_url)
        await asyncio.to_thread(store.migrate)
        manager = TableManager(store, idle_close=idle_close, address=address)
        app.state.store = store
        app.state.manager = manager
        app.state.settings = settings
        app.state.forward_secret = await asyncio.to_thread(store.shared_secret)
        if listen is not None and is_everywhere(listen[0]):
            lan = (await asyncio.to_thread(listen_urls, *listen))[1]
            settings.server_info["lan"] = [u.rstrip("/") for u in lan]
        if store.engine.dialect.name == "postgresql":  # shared by the processes on it
            settings.limiter.shared = store
        await ratings.start(app.state, store, manager)  # docs/ratings.md
        resumed = await manager.resume()
        if resumed:
            log.info("resumed %d tables", resumed)
        await tournaments.start(app.state, store, manager)  # docs/tournaments.md
        settle_collector()  # tapete.web.gcpolicy: no full collections every few seconds
        collector_watch.install()  # the collector's pauses, for /healthz/gc
        keeping = asyncio.get_running_loop().create_task(settings.policy.run())
        try:
            yield
        finally:
            keeping.cancel()
            await manager.stop()
            await asyncio.to_thread(store.close)

    app = FastAPI(
        title="tapete",
        summary="Online tables for La Pocha, Ombre and Trynka (docs/protocol.md)",
        version=str(PROTOCOL_VERSION),
        lifespan=lifespan,
    )

    app.state.settings = settings
    access.install(app.state, accounts)

    @app.exception_handler(TableError)
    async def table_error(request: Request, e: TableError) -> Response:
        if isinstance(e, Elsewhere) and e.address is not None and not forwarded(request):
            body = request.state.body if hasattr(request.state, "body") else None
            path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            secret = request.app.state.forward_secret
            ask = functools.partial(
                forward, e.address, request.method, path, body, secret,
                client_headers=dict(request.headers),
            )  # fmt: skip
            status, content = await asyncio.get_running_loop().run_in_executor(PEERS, ask)
            return Response(content, status_code=status, media_type="application/json")
        answer = error_response(e.status, e.code, e.detail, **e.fields)
        if isinstance(e, RateLimited):
            answer.headers["Retry-After"] = str(math.ceil(e.retry_after))
        return answer

    @app.exception_handler(AccountError)
    async def account_error(_request: Request, e: AccountError) -> Response:
        answer = error_response(e.status, e.code, e.detail)
        if e.retry_after is not None:
            answer.headers["Retry-After"] = str(math.ceil(e.retry_after))
        return answer

    @app.middleware("http")
    async def keep_body(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if request.method == "POST" and request.url.path.startswith("/api/tables/"):
            request.state.body = await request.body()
        answer = await call_next(request)
        if worker is not None:
            answer.headers["X-Tapete-Worker"] = worker
        return answer

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, e: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed"}
        answer = error_response(
            e.status_code, codes.get(e.status_code, "http_error"), str(e.detail)
        )
        for name, value in (e.headers or {}).items():
            answer.headers[name] = value
        return answer

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, e: RequestValidationError) -> JSONResponse:
        parts = [
            f"{'.'.join(str(x) for x in err.get('loc', ()))}: {err.get('msg', '')}"
            for err in e.errors()[:5]
        ]
        return error_response(400, "bad_request", "; ".join(parts)[:500])

    routers = (health, lobby, tables, account, ratings, clubs, tournaments, tournament_pages, pages)
    for module in routers:
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC, check_dir=False), name="static")
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    app.add_middleware(ProxyHeaders, trusted=proxies)  # outermost: the client's address first
    return app
