"""``tapete bench GAME``: random full games per second through the public API."""

from __future__ import annotations

import argparse
import math
import platform
import random
import sys
import time
from typing import Any

from tapete import is_compiled
from tapete.cli.common import add_game_params, game_from_args
from tapete.cli.texts import N_
from tapete.engine.chance import sample_chance
from tapete.errors import ConfigError


def register(sub: Any) -> None:
    """Add the ``bench`` sub-command."""
    parser = sub.add_parser("bench", help=N_("random playouts per second"))
    parser.add_argument("game", help=N_("a registered game, e.g. pocha"))
    parser.add_argument("--seconds", type=float, default=5.0, help=N_("time to run (default 5)"))
    parser.add_argument("--seed", type=int, default=0)
    add_game_params(parser)
    parser.set_defaults(run=run)


#: The longest ``--seconds`` accepted (one day).
MAX_SECONDS = 86_400.0
#: Actions between two looks at the clock inside a game.
CLOCK_EVERY = 64


def check_seconds(seconds: float) -> float:
    """``seconds`` if it is a finite duration in ``(0, MAX_SECONDS]``; :class:`ConfigError`
    otherwise (``nan`` would never end, ``inf`` neither).

    >>> check_seconds(float('nan'))
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: --seconds must be a number of seconds in 0…86400, got nan
    """
    if not (math.isfinite(seconds) and 0.0 < seconds <= MAX_SECONDS):
        raise ConfigError(
            f"--seconds must be a number of seconds in 0…{MAX_SECONDS:g}, got {seconds:g}"
        )
    return seconds


def measure(new_state: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games from ``new_state()`` for ``seconds``: (games, actions, elapsed).

    Chance by probability, the players uniformly among the legal actions (the loop of
    ``tapete.engine.random_playout``). The clock is read every ``CLOCK_EVERY`` actions, inside
    a game too, so a very long game does not overrun the time: ``games`` counts the finished
    games, ``actions`` every action played. Works on any object with the OpenSpiel state
    methods (tapete's or pyspiel's).
    """
    seconds = check_seconds(seconds)
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_state()
        count = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            count += 1
            if count % CLOCK_EVERY == 0 and time.perf_counter() >= deadline:
                return games, actions + count, time.perf_counter() - start
        games += 1
        actions += count
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - start


def run(args: argparse.Namespace) -> int:
    """Print the configuration, games/s and actions/s."""
    check_seconds(args.seconds)
    game = game_from_args(args.game, args.param)
    print(f"game        {game!r}")
    print(f"parameters  {dict(game.params)}")
    print(f"python      {platform.python_implementation()} {platform.python_version()}")
    core = "compiled with mypyc" if is_compiled() else "pure Python"
    print(f"rules core  {core}")
    print(f"loop        tapete.engine.random_playout (chance by probability, uniform legal "
          f"actions), {args.seconds:g} s", flush=True)  # fmt: skip
    games, actions, elapsed = measure(game.new_initial_state, args.seconds, args.seed)
    if games:
        print(f"games       {games} in {elapsed:.2f} s = {games / elapsed:,.0f} games/s")
        per_game = f"{actions / games:.1f} per game, chance included"
    else:
        print(f"games       0 finished in {elapsed:.2f} s (a game lasts longer than that)")
        per_game = "chance included"
    print(f"actions     {actions} = {actions / elapsed:,.0f} actions/s ({per_game})")
    sys.stdout.flush()
    return 0
