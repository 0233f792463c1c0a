"""Helpers shared by the sub-commands: game parameters from ``-p key=value`` options, and
output files that are checked before any work and fail with one clear line."""

from __future__ import annotations

import argparse
import importlib
import os
import random
import secrets
import sys
from types import ModuleType
from typing import Any, TextIO

from tapete.cli.texts import N_, Texts
from tapete.engine import Game, load_game
from tapete.errors import ConfigError, TapeteError
from tapete.players import Player, load


def add_game_params(parser: argparse.ArgumentParser) -> None:
    """Add ``-p/--param key=value`` (repeatable)."""
    parser.add_argument(
        "-p",
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=N_("a game parameter (repeatable), e.g. -p n_players=5; see `tapete games`"),
    )


def parse_params(items: list[str]) -> dict[str, Any]:
    """``['n_players=5']`` → ``{'n_players': '5'}`` (values are validated by the game)."""
    params: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise ConfigError(f"cannot read parameter {item!r}: expected KEY=VALUE")
        params[key] = value.strip()
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

    Without a seed one is drawn from the system's entropy (``secrets``); the cards and the
    bots then both come from that seed, so the seed shown to the person replays the very same
    game with ``--seed``.

    >>> a, b = table_randomness(5), table_randomness(5)
    >>> a[0], a[1].random() == b[1].random(), a[2].random() == b[2].random()
    (5, True, True)
    """
    shown = seed if seed is not None else secrets.randbits(32)
    return shown, random.Random(f"deal-{shown}"), random.Random(f"bots-{shown}")


#: The exit status of a table the person left (``quit`` or the end of the input), every game.
LEFT_STATUS = 1
#: What every table says when the person leaves.
LEFT_TEXT = N_("You left the table.")


def add_play_options(parser: argparse.ArgumentParser, players: str) -> None:
    """The options every ``tapete play GAME`` takes (``--seed`` and ``--resume`` are added
    by ``tapete play``): ``--players`` (``players`` says which counts), ``--seat``,
    ``--name``, ``--bots``, ``--reveal``, ``--lang`` and ``-p KEY=VALUE``."""
    t = getattr(parser, "t", None) or Texts("en")  # a TapeteParser's language
    parser.add_argument(
        "--players", type=int, default=None,
        help=t("players at the table ({counts})", counts=t(players)),
    )  # fmt: skip
    parser.add_argument("--seat", type=int, default=0, help=N_("your seat (default 0)"))
    parser.add_argument(
        "--name", default=None, help=N_("your name at the table (default: 'you' in its language)")
    )
    parser.add_argument(
        "--bots", default=None, help=N_("bot of each other seat, comma separated (default: rule)")
    )
    parser.add_argument(
        "--reveal", action="store_true", help=N_("show what every seat held after each deal")
    )
    parser.add_argument(
        "--lang",
        choices=("en", "es", "ru"),
        default=None,
        help=N_("language of the table's messages (default: from the locale)"),
    )
    add_game_params(parser)


def optional_module(name: str) -> ModuleType | None:
    """Import ``name``, or ``None`` when that module itself is absent (an optional part)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


class OutputError(TapeteError):
    """An output file or folder that cannot be written (missing folder, no permission, full
    disk); the message names the path and the reason."""


class ClosedPipe(OutputError):
    """The standard output's reader went away (``tapete replay x | head``): stop quietly."""


def _reason(e: OSError) -> str:
    return e.strerror or type(e).__name__


def open_output(path: str) -> TextIO:
    """``path`` opened for writing (UTF-8), checked now, before any work is done.

    ``-`` is the standard output. A missing folder, a folder, a forbidden path... raise
    :class:`OutputError` naming the path.

    >>> open_output('/no/such/folder/x.jsonl')
    Traceback (most recent call last):
    ...
    tapete.cli.common.OutputError: cannot write /no/such/folder/x.jsonl: No such file or directory
    """
    if path == "-":
        return sys.stdout
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise OutputError(f"cannot write {path}: {_reason(e)}") from None


def write_line(out: TextIO, line: str, name: str) -> None:
    """Write ``line`` and a newline to ``out`` and flush it (so that nothing written is lost
    if a later step fails); :class:`OutputError` naming ``name`` if that fails.

    A closed pipe on the standard output (``tapete replay x | head``) is a reader that has
    seen enough: the standard output is then sent to ``/dev/null`` and :class:`ClosedPipe`
    is raised, so that the caller stops quietly.
    """
    try:
        out.write(line + "\n")
        out.flush()
    except BrokenPipeError:
        _silence(out)
        raise ClosedPipe(f"{name}: the reader closed the pipe") from None
    except OSError as e:
        if out is sys.stdout:
            _silence(out)
        raise OutputError(f"cannot write {name}: {_reason(e)}") from None


def close_output(out: TextIO, name: str) -> None:
    """Close ``out`` (not the standard output); :class:`OutputError` if the data cannot be
    written (a full disk is often only noticed here)."""
    if out is sys.stdout:
        return
    try:
        out.close()
    except OSError as e:
        raise OutputError(f"cannot write {name}: {_reason(e)}") from None


def _silence(out: TextIO) -> None:
    if out is sys.stdout:
        silence_stdout()


def silence_stdout() -> None:
    """Point the standard output at /dev/null so that the interpreter's last flush does not
    fail a second time (with a traceback) after a closed pipe or a full device."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
