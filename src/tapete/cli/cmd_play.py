"""``tapete play GAME``: a person plays in the terminal against bots."""

from __future__ import annotations

from typing import Any

from tapete.cli.common import optional_module

PLAYABLE = ("pocha", "ombre", "trynka")


def register(sub: Any) -> None:
    """Add the ``play`` sub-command, one sub-parser per playable game."""
    parser = sub.add_parser("play", help="play a game in the terminal against bots")
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for name in PLAYABLE:
        module = optional_module(f"tapete.cli.play_{name}")
        if module is None:
            continue
        game_parser = games.add_parser(name, help=(module.__doc__ or "").strip().splitlines()[0])
        game_parser.add_argument(
            "--seed", type=int, default=None, help="seed for cards and bots (shown at the start)"
        )
        module.add_arguments(game_parser)
        game_parser.set_defaults(run=module.run)
