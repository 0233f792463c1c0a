"""Helpers shared by the sub-commands: game parameters from ``-p key=value`` options."""

from __future__ import annotations

import argparse
import importlib
import random
import secrets
from types import ModuleType
from typing import Any

from tapete.engine import Game, load_game
from tapete.errors import ConfigError
from tapete.players import Player, load


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


def make_bots(spec: str, seats: list[int]) -> dict[int, Player]:
    """One player per bot seat from ``--bots rule,random,...`` (one name fills every seat).

    >>> sorted((seat, bot.name) for seat, bot in make_bots('random', [1, 2]).items())
    [(1, 'random'), (2, 'random')]
    """
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise ConfigError(f"--bots names {len(names)} bots but there are {len(seats)} bot seats")
    return {seat: load(name) for seat, name in zip(seats, names, strict=True)}


def table_randomness(seed: int | None) -> tuple[int, random.Random, random.Random]:
    """``(seed, deal_rng, bot_rng)`` for a terminal table.

    The cards come from the system's entropy (``secrets.SystemRandom``) unless a seed was
    asked for, which makes the whole game reproducible; the bots are always seeded (the seed
    is shown to the person so that a game can be replayed).
    """
    shown = seed if seed is not None else secrets.randbits(32)
    deal_rng: random.Random = (
        random.Random(f"deal-{seed}") if seed is not None else secrets.SystemRandom()
    )
    return shown, deal_rng, random.Random(f"bots-{shown}")


def optional_module(name: str) -> ModuleType | None:
    """Import ``name``, or ``None`` when that module itself is absent (an optional part)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
