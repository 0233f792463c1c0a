"""``tapete bench GAME``: random full games per second through the public API."""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Any

from tapete import is_compiled
from tapete.cli.common import add_game_params, game_from_args
from tapete.engine import random_playout


def register(sub: Any) -> None:
    """Add the ``bench`` sub-command."""
    parser = sub.add_parser("bench", help="random playouts per second")
    parser.add_argument("game", help="a registered game, e.g. pocha")
    parser.add_argument("--seconds", type=float, default=5.0, help="time to run (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    add_game_params(parser)
    parser.set_defaults(run=run)


def measure(new_state: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games from ``new_state()`` for ``seconds``: (games, actions, elapsed).

    Works on any object with the OpenSpiel state methods (tapete's or pyspiel's).
    """
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = random_playout(new_state(), rng)
        games += 1
        actions += len(state.history())
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - start


def run(args: argparse.Namespace) -> int:
    """Print the configuration, games/s and actions/s."""
    game = game_from_args(args.game, args.param)
    print(f"game        {game!r}")
    print(f"parameters  {dict(game.params)}")
    print(f"python      {platform.python_implementation()} {platform.python_version()}")
    core = "compiled with mypyc" if is_compiled() else "pure Python"
    print(f"rules core  {core}")
    print(f"loop        tapete.engine.random_playout (chance by probability, uniform legal "
          f"actions), {args.seconds:g} s", flush=True)  # fmt: skip
    games, actions, elapsed = measure(game.new_initial_state, args.seconds, args.seed)
    print(f"games       {games} in {elapsed:.2f} s = {games / elapsed:,.0f} games/s")
    print(f"actions     {actions} = {actions / elapsed:,.0f} actions/s "
          f"({actions / games:.1f} per game, chance included)")  # fmt: skip
    sys.stdout.flush()
    return 0
