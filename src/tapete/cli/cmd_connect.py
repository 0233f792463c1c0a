"""``tapete connect URL --table ID --player rule``: play a seat of an online table with a bot."""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_
from tapete.errors import ConfigError


def register(sub: Any) -> None:
    """Add the ``connect`` sub-command."""
    parser = sub.add_parser(
        "connect", help=N_("play a seat of an online table with a registered player")
    )
    parser.add_argument("url", help=N_("the server, e.g. http://127.0.0.1:8000"))
    parser.add_argument("--table", required=True, help=N_("the table's id"))
    parser.add_argument("--player", default="rule", help=N_("the player (see tapete arena)"))
    parser.add_argument(
        "--player-param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=N_("a parameter of the player (repeatable)"),
    )
    parser.add_argument("--name", default=None, help=N_("display name (default: bot:PLAYER)"))
    parser.add_argument("--seat", type=int, default=None, help=N_("the seat to take (any free)"))
    parser.add_argument(
        "--token", default=None, help=N_("the token of a seat already held (instead of joining)")
    )
    add_lang_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Join (or reuse a token), play until the game is over, print the result."""
    from tapete.client import join, play_seat
    from tapete.players import load

    params: dict[str, Any] = {}
    for item in args.player_param:
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError(f"cannot read player parameter {item!r}: expected KEY=VALUE")
        params[key] = value
    player = load(args.player, **params)
    token = args.token
    seat = args.seat
    if token is None:
        seat, token = join(args.url, args.table, args.name or f"bot:{args.player}", args.seat)
        print(f"tapete: seat {seat} at table {args.table} (token {token})", flush=True)
    result = asyncio.run(play_seat(args.url, args.table, token, player))
    print(json.dumps({"table": args.table, "seat": seat, "returns": result}))
    return 0
