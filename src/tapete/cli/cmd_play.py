"""``tapete play GAME``: a person plays in the terminal against bots."""

from __future__ import annotations

import argparse
from typing import Any

from tapete.cli.common import optional_module
from tapete.cli.texts import N_
from tapete.errors import ConfigError, RecordError

PLAYABLE = ("pocha", "ombre", "trynka", "tresillo", "lhombre")
#: What each ``tapete play GAME`` does (``--help``).
PLAY_HELP = {
    "pocha": N_("La Pocha: play a whole game against bots in the terminal."),
    "ombre": N_("Ombre: play a session against bots in the terminal."),
    "trynka": N_("Trynka (Трынька): play a session of banks against bots in the terminal."),
    "tresillo": N_("Tresillo: play a session against bots in the terminal."),
    "lhombre": N_("Danish l'hombre: play a session against bots in the terminal."),
}


def register(sub: Any) -> None:
    """Add the ``play`` sub-command, one sub-parser per playable game."""
    parser = sub.add_parser("play", help=N_("play a game in the terminal against bots"))
    parser.add_argument(
        "--resume", metavar="FILE", default=None, help=N_("go on with a game saved when you quit")
    )
    parser.set_defaults(run=run_resume)
    games = parser.add_subparsers(dest="game", metavar="GAME")
    for name in PLAYABLE:
        module = optional_module(f"tapete.cli.play_{name}")
        if module is None:
            continue
        game_parser = games.add_parser(name, help=PLAY_HELP.get(name, name))
        game_parser.add_argument(
            "--seed",
            type=int,
            default=None,
            help=N_("seed for cards and bots (shown at the start)"),
        )
        module.add_arguments(game_parser)
        game_parser.set_defaults(run=module.run, game_parser=game_parser)
    parser.set_defaults(play_parser=games)


def run_resume(args: argparse.Namespace) -> int:
    """``tapete play --resume FILE``: the saved game's table, its options from the record."""
    from tapete.cli.cmd_replay import read_records

    if not args.resume:
        raise ConfigError("name a game (tapete play pocha|ombre|trynka|tresillo) or --resume FILE")
    records = read_records(args.resume)
    record = records[-1]
    family = record.game.split("-")[0]
    if family not in PLAYABLE:
        raise RecordError(f"{args.resume}: a {record.game} game cannot be resumed at the table")
    options = record.meta.get("table", {}) if isinstance(record.meta, dict) else {}
    argv = [family]
    for key in ("seat", "name", "bots", "seed", "lang"):
        if isinstance(options, dict) and options.get(key) is not None:
            argv += [f"--{key}", str(options[key])]
    game_args = args.play_parser.choices[family].parse_args(argv[1:])
    game_args.record = record
    module = optional_module(f"tapete.cli.play_{family}")
    assert module is not None
    status: int = module.run(game_args)
    return status
