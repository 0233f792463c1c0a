"""``tapete random GAME``: random games written as records (one JSON per line)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from rich.progress import Progress

from tapete.cli.common import add_game_params, game_from_args
from tapete.engine import GameRecord, random_playout


def register(sub: Any) -> None:
    """Add the ``random`` sub-command."""
    parser = sub.add_parser("random", help="play random games and write their records")
    parser.add_argument("game", help="a registered game, e.g. pocha")
    parser.add_argument("--seed", type=int, default=0, help="seed (game i uses seed-i)")
    parser.add_argument("--count", type=int, default=1, help="number of games")
    parser.add_argument("--out", default="-", help="output .jsonl file (default: stdout)")
    add_game_params(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play ``--count`` random games and write one record per line."""
    if args.count < 1:
        print("tapete: --count must be at least 1", file=sys.stderr)
        return 2
    game = game_from_args(args.game, args.param)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    try:
        with Progress(disable=args.out == "-" or not sys.stderr.isatty()) as progress:
            task = progress.add_task(f"{game.name} games", total=args.count)
            for i in range(args.count):
                rng = random.Random(f"{args.seed}-{i}")
                state = random_playout(game.new_initial_state(), rng)
                record = GameRecord.from_state(
                    state,
                    players=tuple("random" for _ in range(game.num_players())),
                    meta={"seed": f"{args.seed}-{i}"},
                )
                out.write(record.to_json() + "\n")
                progress.advance(task)
    finally:
        if out is not sys.stdout:
            out.close()
    if args.out != "-":
        print(f"wrote {args.count} {game.name} records to {args.out}", file=sys.stderr)
    return 0
