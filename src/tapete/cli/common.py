"""Helpers shared by the sub-commands: game parameters from ``-p key=value`` options."""

from __future__ import annotations

import argparse
from typing import Any

from tapete.engine import Game, load_game
from tapete.errors import ConfigError


def add_game_params(parser: argparse.ArgumentParser) -> None:
    """Add ``-p/--param key=value`` (repeatable)."""
    parser.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game parameter (repeatable), e.g. -p n_players=5; see `tapete games`",
    )


def parse_params(items: list[str]) -> dict[str, Any]:
    """``['n_players=5']`` → ``{'n_players': '5'}`` (values are validated by the game)."""
    params: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ConfigError(f"cannot read parameter {item!r}: expected KEY=VALUE")
        params[key.strip()] = value.strip()
    return params


def game_from_args(name: str, items: list[str], **extra: Any) -> Game:
    """Load ``name`` with the ``-p`` parameters plus ``extra`` (extra wins when not None)."""
    params = parse_params(items)
    params.update({k: v for k, v in extra.items() if v is not None})
    return load_game(name, **params)
