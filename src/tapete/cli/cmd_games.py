"""``tapete games``: the registered games and their parameters."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from tapete.engine import game_class, registered_games


def register(sub: Any) -> None:
    """Add the ``games`` sub-command."""
    parser = sub.add_parser("games", help="list the games and their parameters")
    parser.add_argument("name", nargs="?", help="only this game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each game with a table of its parameters."""
    console = Console()
    names = [args.name] if args.name else registered_games()
    if not args.name:
        console.print("[bold]Games[/] (tapete games NAME for one):")
        for name in names:
            console.print(f"  {name:<14} {game_class(name).summary}", markup=False)
        console.print()
    for name in names:
        cls = game_class(name)
        table = Table(title=f"{name} — {cls.summary}", title_justify="left")
        table.add_column("parameter")
        table.add_column("default")
        table.add_column("allowed")
        table.add_column("meaning")
        for p in cls.parameters:
            table.add_row(p.name, str(p.default), p.allowed(), p.help)
        console.print(table)
    return 0
