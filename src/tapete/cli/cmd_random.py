"""``tapete random GAME``: random games written as records (one JSON per line)."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from typing import Any

from rich.progress import Progress

from tapete.cli.common import (
    ClosedPipe,
    OutputError,
    add_game_params,
    close_output,
    game_from_args,
    open_output,
    write_line,
)
from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts
from tapete.engine import GameRecord, random_playout
from tapete.errors import ConfigError


def register(sub: Any) -> None:
    """Add the ``random`` sub-command."""
    parser = sub.add_parser("random", help=N_("play random games and write their records"))
    parser.add_argument("game", help=N_("a registered game, e.g. pocha"))
    parser.add_argument("--seed", type=int, default=0, help=N_("seed (game i uses seed-i)"))
    parser.add_argument("--count", type=int, default=1, help=N_("number of games"))
    parser.add_argument("--out", default="-", help=N_("output .jsonl file (default: stdout)"))
    add_game_params(parser)
    add_lang_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play ``--count`` random games and write one record per line.

    The output is opened before the first game (a bad ``--out`` costs nothing) and each
    record is written as soon as its game ends, so a failure keeps what was written.
    """
    if args.count < 1:
        raise ConfigError(f"--count must be at least 1, got {args.count}")
    game = game_from_args(args.game, args.param)
    name = "the standard output" if args.out == "-" else args.out
    out = open_output(args.out)
    written = 0
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
                write_line(out, record.to_json(), name)
                written += 1
                progress.advance(task)
        close_output(out, name)
    except ClosedPipe:
        return 0
    except OutputError as e:
        raise OutputError(f"{e} ({written} of {args.count} records written)") from None
    finally:
        if out is not sys.stdout and not out.closed:
            with contextlib.suppress(OSError):
                out.close()
    if args.out != "-":
        t = Texts(getattr(args, "lang", None) or "en")
        said = t.ngettext("wrote {n} {game} record to {file}", "wrote {n} {game} records to {file}",
                          args.count, game=game.name, file=args.out)  # fmt: skip
        print(said, file=sys.stderr)
    return 0
