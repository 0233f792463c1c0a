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
import functools
import logging
import multiprocessing
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts
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
            "the address people open, e.g. https://cards.example.org behind a reverse proxy: "
            "share links are made from it (default: the address the browser used); also this "
            "process's address for the other server processes on the same PostgreSQL, unless "
            "--internal-url"
        ),
    )
    parser.add_argument(
        "--internal-url",
        default=None,
        help=N_(
            "this process's base URL for the other server processes on the same PostgreSQL "
            "(default: --public-url, else http://HOST:PORT; not with --workers)"
        ),
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        help=N_(
            "reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: "
            "addresses or networks separated by commas, or * (default: none; behind a proxy "
            "on this machine: 127.0.0.1)"
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
    parser.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug", "trace"),
        help=N_(
            "log level (info: the server's own lines, uvicorn's warnings and errors; debug: "
            "uvicorn's start and stop lines too)"
        ),
    )
    add_lang_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the server (or its workers) and serve until interrupted."""
    url = args.db or default_url()
    from tapete.web.proxy import TrustedProxies

    try:
        proxies = TrustedProxies(args.forwarded_allow_ips)
    except ValueError as e:
        raise ServeError(str(e)) from None
    if args.workers < 1:
        raise ServeError("--workers is at least 1")
    if args.workers > 1:
        if url.startswith("sqlite"):
            raise ServeError(
                f"--workers {args.workers} needs PostgreSQL (--db postgresql+psycopg://...): "
                "the processes share the tables through PostgreSQL's advisory locks, and an "
                "SQLite file is served by one process"
            )
        if args.internal_url is not None:
            raise ServeError(
                "--internal-url names one process; with --workers each worker is reached at "
                "its own private port on --internal-host"
            )
        return _supervise(args, url)
    import uvicorn

    from tapete.web.app import create_app
    from tapete.web.limits import LobbyLimits

    address = args.internal_url or args.public_url or f"http://{_url_host(args.host)}:{args.port}"
    app = create_app(
        url,
        idle_close=args.idle_close,
        address=address,
        limits=LobbyLimits.per_minute(args.create_rate, args.join_rate),
        trusted_proxies=proxies,
        public_url=args.public_url,
        listen=(args.host, args.port),
        load_kernels=True,
    )
    _configure_logging(args.log_level, "tapete")
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level=_uvicorn_level(args.log_level),
        access_log=False,
        proxy_headers=False,  # tapete.web.proxy reads them, from --forwarded-allow-ips only
    )
    t = Texts(args.lang or "en")
    lines = functools.partial(banner, t, args.host, url, args.public_url)
    server = _announcing_server(config, lines)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C: uvicorn stopped, then raised it
        server.run()
    if server.started:
        print(t("tapete: stopped"), flush=True)
    return 0


def _announcing_server(config: Any, lines: Callable[[int], list[str]]) -> Any:
    """A uvicorn server that prints ``lines(port)`` once it listens (the port it got)."""
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.should_exit or not self.started:
                return
            port = config.port
            for server in self.servers:
                for sock in server.sockets:
                    port = sock.getsockname()[1]
            print("\n".join(lines(port)), flush=True)

    return Server(config)


def banner(
    t: Texts, host: str, db_url: str, public_url: str | None, port: int, workers: int = 1
) -> list[str]:
    """The lines printed when the server is ready: the addresses to open, the database, how
    to stop.

    >>> for line in banner(Texts("en"), "::1", "sqlite:////srv/t.sqlite3", None, 80):
    ...     print(line)
    tapete: the online tables are ready
      open http://[::1]:80/ on this computer
      (nobody else can reach it; for your network: --host 0.0.0.0, docs/hosting.md)
      database: /srv/t.sqlite3
      Ctrl+C to stop
    >>> banner(Texts("en"), "0.0.0.0", "sqlite:///t", "https://cards.example.org", 80, 2)[:3]
    ['tapete: the online tables are ready (2 workers)', \
'  open https://cards.example.org/ (the public address)', \
'  open http://127.0.0.1:80/ on this computer']
    """
    from tapete.web.addresses import listen_urls

    local, lan = listen_urls(host, port)
    head = t("tapete: the online tables are ready")
    if workers > 1:
        head += " " + t.ngettext("({n} worker)", "({n} workers)", workers)
    out = [head]
    if public_url:
        out.append("  " + t("open {url} (the public address)", url=public_url.rstrip("/") + "/"))
    out += ["  " + t("open {url} on this computer", url=u) for u in local]
    out += ["  " + t("open {url} on your network", url=u) for u in lan]
    if not lan and not public_url:
        out.append(
            "  "
            + t("(nobody else can reach it; for your network: --host 0.0.0.0, docs/hosting.md)")
        )
    out.append("  " + t("database: {where}", where=_database(db_url)))
    out.append("  " + t("Ctrl+C to stop"))
    return out


def _database(url: str) -> str:
    """The SQLite file of ``url``, or ``url`` without its password.

    >>> _database("sqlite:////srv/t.sqlite3"), _database("postgresql+psycopg://a:b@db/t")
    ('/srv/t.sqlite3', 'postgresql+psycopg://a:***@db/t')
    """
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///")
    return _safe(url)


def _uvicorn_level(level: str) -> str:
    """Uvicorn's log level for ours: its start and stop lines (info) only from debug on.

    >>> _uvicorn_level("info"), _uvicorn_level("debug"), _uvicorn_level("error")
    ('warning', 'debug', 'error')
    """
    return level if level in ("debug", "trace", "warning", "error", "critical") else "warning"


def _configure_logging(level: str, name: str) -> None:
    """The server's own log lines (``tapete.*``) at ``level``: ``NAME: message`` for
    information, ``NAME WARNING: message`` for the rest."""
    numeric = logging.DEBUG if level == "trace" else getattr(logging, level.upper())
    handler = logging.StreamHandler()
    handler.setFormatter(_LogLine(name))
    logging.basicConfig(level=numeric, handlers=[handler])


class _LogLine(logging.Formatter):
    """``tapete: database created...``, ``tapete WARNING: ...``."""

    def __init__(self, name: str) -> None:
        super().__init__("%(message)s")
        self.name = name

    def format(self, record: logging.LogRecord) -> str:
        """The record with the server's name (and its level unless it is information)."""
        level = "" if record.levelno == logging.INFO else f" {record.levelname}"
        return f"{self.name}{level}: {super().format(record)}"


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
        "forwarded_allow_ips": args.forwarded_allow_ips,
        "public_url": args.public_url,
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
        lines = banner(
            Texts(args.lang or "en"), args.host, url, args.public_url, args.port, args.workers
        )
        announced = False
        quick_deaths = [0] * args.workers
        while not stopping:
            time.sleep(0.2)
            if not announced and _answers(args.host, args.port):
                print("\n".join(lines), flush=True)
                announced = True
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

    from tapete.web.app import create_app
    from tapete.web.limits import LobbyLimits

    _configure_logging(str(options["log_level"]), f"tapete [worker {index}]")
    port = private.getsockname()[1]
    app = create_app(
        options["url"],
        idle_close=options["idle_close"],
        address=f"http://{_url_host(options['internal_host'])}:{port}",
        limits=LobbyLimits.per_minute(options["create_rate"], options["join_rate"]),
        worker=str(index),
        trusted_proxies=options["forwarded_allow_ips"],
        public_url=options["public_url"],
        listen=(options["host"], options["port"]),
        load_kernels=True,
    )
    config = uvicorn.Config(
        app,
        ws_max_size=64 * 1024,
        log_level=_uvicorn_level(str(options["log_level"])),
        access_log=False,
        proxy_headers=False,  # tapete.web.proxy reads them, from --forwarded-allow-ips only
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


def _answers(host: str, port: int) -> bool:
    """True if something accepts connections on ``host``:``port`` (every interface: on
    loopback)."""
    target = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
    with contextlib.suppress(OSError), socket.create_connection((target, port), 0.2):
        return True
    return False


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
