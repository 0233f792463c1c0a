"""``tapete serve``: the online tables (FastAPI on uvicorn, SQLite or PostgreSQL).

With ``--workers N`` (PostgreSQL only) the command starts N server processes that share
the listening port (``SO_REUSEPORT``: the kernel spreads the connections among them). Each
table is served by the one process holding its advisory lock; every worker also listens on a
private port of ``--internal-host`` (loopback by default), its address for the others, which
forward lobby requests and relay WebSockets of the tables they do not serve to the owner
(``docs/protocol.md``, *Several processes*). A worker that dies is started again, and takes
over the tables nobody serves.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import multiprocessing
import signal
import socket
import sys
import time
from typing import Any

from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_
from tapete.errors import TapeteError
from tapete.storage import default_url

#: A worker that stops sooner than this (seconds) after it started ``QUICK_DEATHS`` times in a
#: row is not started again (the port or the database is not usable): the command stops.
QUICK_DEATH = 10.0
QUICK_DEATHS = 3


class ServeError(TapeteError):
    """``tapete serve`` cannot run as asked (``--workers`` on SQLite, a port in use...)."""


def register(sub: Any) -> None:
    """Add the ``serve`` sub-command."""
    parser = sub.add_parser("serve", help=N_("run the online tables server (docs/protocol.md)"))
    parser.add_argument("--host", default="127.0.0.1", help=N_("address to listen on (127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8000, help=N_("port (8000)"))
    parser.add_argument(
        "--db",
        default=None,
        help=N_(
            "database URL (default: the SQLite file tapete.sqlite3 in the current folder; "
            "PostgreSQL: postgresql+psycopg://user@host/db)"
        ),
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help=N_("server processes sharing the port (1; more need PostgreSQL)"),
    )
    parser.add_argument(
        "--idle-close",
        type=float,
        default=600.0,
        help=N_("seconds after which a table nobody is connected to is closed (600)"),
    )
    parser.add_argument(
        "--public-url",
        default=None,
        help=N_(
            "this process's base URL for the other server processes on the same PostgreSQL "
            "(default: http://HOST:PORT; not with --workers)"
        ),
    )
    parser.add_argument(
        "--internal-host",
        default="127.0.0.1",
        help=N_(
            "with --workers: the address of each worker's private port, where the other "
            "processes reach its tables (127.0.0.1; another host's processes need an address "
            "they can reach)"
        ),
    )
    parser.add_argument(
        "--create-rate",
        type=float,
        default=20.0,
        help=N_("tables one client address may create per minute (20; 0: no limit)"),
    )
    parser.add_argument(
        "--join-rate",
        type=float,
        default=60.0,
        help=N_("seats one client address may take per minute (60; 0: no limit)"),
    )
    parser.add_argument("--log-level", default="info", help=N_("uvicorn's log level (info)"))
    add_lang_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the server (or its workers) and serve until interrupted."""
    url = args.db or default_url()
    if args.workers < 1:
        raise ServeError("--workers is at least 1")
    if args.workers > 1:
        if url.startswith("sqlite"):
            raise ServeError(
                f"--workers {args.workers} needs PostgreSQL (--db postgresql+psycopg://...): "
                "the processes share the tables through PostgreSQL's advisory locks, and an "
                "SQLite file is served by one process"
            )
        if args.public_url is not None:
            raise ServeError(
                "--public-url names one process; with --workers each worker is reached at "
                "its own private port on --internal-host"
            )
        return _supervise(args, url)
    import uvicorn

    from tapete.web.app import LobbyLimits, create_app

    address = args.public_url or f"http://{_url_host(args.host)}:{args.port}"
    app = create_app(
        url,
        idle_close=args.idle_close,
        address=address,
        limits=LobbyLimits.per_minute(args.create_rate, args.join_rate),
    )
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s: %(message)s")
    print(f"tapete: open {_shown(args)}  (database: {_safe(url)})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level=args.log_level,
        access_log=False,
    )
    return 0


# -- several workers ----------------------------------------------------------------------------
def _supervise(args: argparse.Namespace, url: str) -> int:
    """Migrate once, start the workers, start again any that dies, stop them all on a signal."""
    from tapete.storage import Store

    _check_port(args.host, args.port)
    store = Store(url)
    try:
        store.migrate()  # once here, so that the workers do not race to create the schema
    finally:
        store.close()
    options = {
        "url": url,
        "host": args.host,
        "port": args.port,
        "internal_host": args.internal_host,
        "idle_close": args.idle_close,
        "create_rate": args.create_rate,
        "join_rate": args.join_rate,
        "log_level": args.log_level,
    }
    context = multiprocessing.get_context("spawn")
    stopping = False

    def stop(_signal: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    workers: list[tuple[Any, float]] = []

    def start(index: int) -> tuple[Any, float]:
        process = context.Process(
            target=_worker, args=(index, options), name=f"tapete-worker-{index}", daemon=False
        )
        process.start()
        return process, time.monotonic()

    status = 0
    try:
        workers = [start(i) for i in range(args.workers)]
        print(
            f"tapete: open {_shown(args)}  ({args.workers} workers, database: {_safe(url)})",
            flush=True,
        )
        quick_deaths = [0] * args.workers
        while not stopping:
            time.sleep(0.2)
            for index, (process, since) in enumerate(workers):
                if process.is_alive() or stopping:
                    continue
                quick = time.monotonic() - since < QUICK_DEATH
                quick_deaths[index] = quick_deaths[index] + 1 if quick else 0
                if quick_deaths[index] >= QUICK_DEATHS:
                    print(
                        f"tapete: worker {index} stopped {QUICK_DEATHS} times as soon as it "
                        f"started (exit code {process.exitcode}); stopping the others",
                        file=sys.stderr,
                        flush=True,
                    )
                    stopping, status = True, 1
                    break
                print(
                    f"tapete: worker {index} stopped (exit code {process.exitcode}); starting "
                    "it again",
                    file=sys.stderr,
                    flush=True,
                )
                workers[index] = start(index)
    finally:
        for process, _ in workers:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + 30
        for process, _ in workers:
            process.join(max(0.1, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(5)
        for s, handler in previous.items():
            signal.signal(s, handler)
    return status


def _worker(index: int, options: dict[str, Any]) -> None:
    """One worker: the shared port (``SO_REUSEPORT``) and its own private port."""
    shared = _listen(options["host"], options["port"], reuse_port=True)
    private = _listen(options["internal_host"], 0, reuse_port=False)
    import uvicorn

    from tapete.web.app import LobbyLimits, create_app

    logging.basicConfig(
        level=str(options["log_level"]).upper(),
        format=f"%(levelname)s: [worker {index}] %(message)s",
    )
    port = private.getsockname()[1]
    app = create_app(
        options["url"],
        idle_close=options["idle_close"],
        address=f"http://{_url_host(options['internal_host'])}:{port}",
        limits=LobbyLimits.per_minute(options["create_rate"], options["join_rate"]),
        worker=str(index),
    )
    config = uvicorn.Config(
        app, ws_max_size=64 * 1024, log_level=options["log_level"], access_log=False
    )
    uvicorn.Server(config).run(sockets=[shared, private])


def _listen(host: str, port: int, *, reuse_port: bool) -> socket.socket:
    """A listening TCP socket on ``host``:``port``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _check_port(host: str, port: int) -> None:
    """:class:`ServeError` now, rather than in every worker, if the port is taken."""
    if not hasattr(socket, "SO_REUSEPORT"):
        raise ServeError("--workers needs SO_REUSEPORT (Linux), which this system lacks")
    probe = _listen(host, port, reuse_port=True)
    probe.close()
    target = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    answered = False
    with contextlib.suppress(OSError), socket.create_connection((target, port), 0.5):
        answered = True  # another server shares the port: refuse rather than join it
    if answered:
        raise ServeError(f"port {port} is in use")


def _url_host(host: str) -> str:
    """``host`` as it goes in a URL (IPv6 in brackets).

    >>> _url_host("::1"), _url_host("127.0.0.1")
    ('[::1]', '127.0.0.1')
    """
    return f"[{host}]" if ":" in host else host


def _shown(args: argparse.Namespace) -> str:
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    return f"http://{shown}:{args.port}/"


def _safe(url: str) -> str:
    """``url`` without a password.

    >>> _safe("postgresql+psycopg://ana:secret@db/tapete")
    'postgresql+psycopg://ana:***@db/tapete'
    """
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, cred = head.partition("//")
    return f"{scheme}//{cred.split(':', 1)[0]}:***@{tail}"
