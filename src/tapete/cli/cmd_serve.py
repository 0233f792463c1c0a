"""``tapete serve``: the online tables (FastAPI on uvicorn, SQLite or PostgreSQL)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from tapete.storage import default_url


def register(sub: Any) -> None:
    """Add the ``serve`` sub-command."""
    parser = sub.add_parser("serve", help="run the online tables server (docs/protocol.md)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000)")
    parser.add_argument(
        "--db",
        default=None,
        help="database URL (default: the SQLite file tapete.sqlite3 in the current folder; "
        "PostgreSQL: postgresql+psycopg://user@host/db)",
    )
    parser.add_argument(
        "--idle-close",
        type=float,
        default=600.0,
        help="seconds after which a table nobody is connected to is closed (600)",
    )
    parser.add_argument(
        "--public-url",
        default=None,
        help="this process's base URL for the other server processes on the same PostgreSQL "
        "(default: http://HOST:PORT)",
    )
    parser.add_argument("--log-level", default="info", help="uvicorn's log level (info)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    import uvicorn

    from tapete.web.app import create_app

    url = args.db or default_url()
    address = args.public_url or f"http://{args.host}:{args.port}"
    app = create_app(url, idle_close=args.idle_close, address=address)
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s: %(message)s")
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0", "::") else args.host
    print(f"tapete: open http://{shown}:{args.port}/  (database: {_safe(url)})", flush=True)
    sys.stdout.flush()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level=args.log_level,
        access_log=False,
    )
    return 0


def _safe(url: str) -> str:
    """``url`` without a password."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, cred = head.partition("//")
    return f"{scheme}//{cred.split(':', 1)[0]}:***@{tail}"
