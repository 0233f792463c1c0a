"""The server's limits: the lobby's rate limit per client address (:class:`LobbyLimits`), the
largest request body (:class:`BodyLimit`) and each WebSocket's message rate
(:class:`RateLimit`); docs/protocol.md, *Limits*."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import Request

from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import TableError
from tapete.table.chat import TokenBucket
from tapete.web.answers import error_response, forwarded, on_this_machine
from tapete.web.protocol import BURST, RATE

_Scope = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
_Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclasses.dataclass(frozen=True)
class LobbyLimits:
    """How many lobby requests one client address may make: a token bucket per address for
    ``create`` (tables created, rematches) and one for ``join`` (seats taken), each
    ``(per second, burst)`` or ``None`` (no limit). Loopback clients (tools, benchmarks on the
    machine itself) are not limited unless ``loopback`` is true.

    >>> LobbyLimits.per_minute(30, 0)
    LobbyLimits(create=(0.5, 30.0), join=None, loopback=False)
    """

    create: tuple[float, float] | None = (20 / 60, 20.0)
    join: tuple[float, float] | None = (1.0, 60.0)
    loopback: bool = False

    @classmethod
    def per_minute(cls, create: float, join: float, *, loopback: bool = False) -> LobbyLimits:
        """``create`` tables and ``join`` seats a minute (bursts of as many; 0: no limit)."""

        def bucket(count: float) -> tuple[float, float] | None:
            return (count / 60, float(count)) if count > 0 else None

        return cls(create=bucket(create), join=bucket(join), loopback=loopback)


class AddressBuckets:
    """Token buckets by client address: ``rate`` tokens a second, at most ``burst``.

    >>> buckets = AddressBuckets(1.0, 2.0)
    >>> [buckets.take("203.0.113.5", 100.0) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> buckets.take("203.0.113.5", 101.0), buckets.take("198.51.100.7", 101.0)
    (0.0, 0.0)
    """

    #: Addresses remembered before the full buckets are forgotten.
    MAX_ADDRESSES = 10_000

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, address: str, moment: float | None = None) -> float:
        """Take one token for ``address``: 0 if it had one, else the seconds until it has."""
        moment = time.monotonic() if moment is None else moment
        tokens, last = self.buckets.get(address, (self.burst, moment))
        tokens = min(self.burst, tokens + (moment - last) * self.rate)
        if tokens >= 1:
            self.buckets[address] = (tokens - 1, moment)
            if len(self.buckets) > self.MAX_ADDRESSES:
                self._forget_full(moment)
            return 0.0
        self.buckets[address] = (tokens, moment)
        return (1 - tokens) / self.rate

    def _forget_full(self, moment: float) -> None:
        full = [
            a
            for a, (t, last) in self.buckets.items()
            if t + (moment - last) * self.rate >= self.burst
        ]
        for address in full:
            del self.buckets[address]


class RateLimited(TableError):
    """``429 rate_limited``: the client address made too many such requests."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(
            "rate_limited",
            f"too many {what} from this address; try again in {math.ceil(retry_after)} s",
            429,
        )
        self.retry_after = retry_after


class LobbyLimiter:
    """The lobby's :class:`LobbyLimits` applied to requests (not to those another server
    process forwards: it applied them to the client already).

    On PostgreSQL (:attr:`shared` set to the store) the buckets are rows of the database
    (:func:`tapete.storage.store.take_token`), shared by every server process on it, so
    that ``--workers N`` (or several hosts) give a client the limit once, not N times. On
    SQLite, served by one process, they are kept in memory (:class:`AddressBuckets`)."""

    def __init__(self, limits: LobbyLimits) -> None:
        self.limits = limits
        self.pairs = {"create": limits.create, "join": limits.join}
        self.buckets = {
            kind: AddressBuckets(*pair) for kind, pair in self.pairs.items() if pair is not None
        }
        #: The store whose database keeps the buckets (``None``: this process's memory).
        self.shared: Store | None = None

    async def check(self, request: Request, kind: str) -> None:
        """:class:`RateLimited` if ``request``'s address has no ``kind`` token left."""
        pair = self.pairs.get(kind)
        if pair is None or forwarded(request):
            return
        address = request.client.host if request.client is not None else "unknown"
        if not self.limits.loopback and on_this_machine(request):
            return
        if self.shared is not None:
            wait = await self.shared.awrite(st.take_token(kind, address[:64], *pair))
        else:
            wait = self.buckets[kind].take(address)
        if wait > 0:
            raise RateLimited("tables created" if kind == "create" else "seats taken", wait)


class BodyLimit:
    """ASGI middleware: HTTP request bodies over ``limit`` bytes answer ``413 too_large``."""

    def __init__(self, app: Callable[[_Scope, _Receive, _Send], Awaitable[None]], limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        """Refuse a declared or streamed body that is too long."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        too_large = error_response(
            413, "too_large", f"request bodies are at most {self.limit} bytes"
        )
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_large(scope, receive, send)
            return
        seen = 0
        over = started = False

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                over = True
                raise _TooLarge
            return message

        async def answer(message: MutableMapping[str, Any]) -> None:
            # a streamed (chunked) body is read inside the app, which may turn the error
            # into an answer of its own (FastAPI: 400 "error parsing the body"): dropped
            nonlocal started
            if over and not started:
                return
            started = True
            await send(message)

        try:
            await self.app(scope, limited, answer)
        except Exception:
            if not over:
                raise
        if over and not started:
            await too_large(scope, receive, send)


class _TooLarge(Exception):
    pass


class RateLimit(TokenBucket):
    """A connection's token bucket for all its messages: ``RATE`` a second, bursts of
    ``BURST`` (protocol.md, *Limits*)."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        super().__init__(rate, burst)
