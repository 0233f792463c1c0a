#!/usr/bin/env python3
"""The costs issue 8 ("The engine's seams") asked to report, for every registered game.

* random games per second through the public API (chance included);
* the same with a view of the acting seat asked at every decision (the cost of views);
* the median cost of ``sample_consistent_state`` at decisions along random games;
* for a long ``trynka-match``, the cost of one view and one sample at its start and after
  many actions (it must not grow with the length of the game).

Only public methods are used, so the script runs unchanged against an older checkout: run it
with each environment's Python, side by side::

    .venv/bin/python benchmarks/seams.py --seconds 3
    .venv-compiled/bin/python benchmarks/seams.py --seconds 3
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

import tapete


def _play(state: Any, rng: random.Random, with_views: bool) -> None:
    while not state.is_terminal():
        legal = state.legal_actions()
        if with_views and not state.is_chance_node():
            state.view(state.current_player())
        state.apply_action(legal[int(rng.random() * len(legal))])


def games_per_second(name: str, seconds: float, with_views: bool) -> float:
    """Random games of ``name`` per second (best of three rounds of ``seconds / 3``)."""
    game = tapete.load_game(name)
    best = 0.0
    rng = random.Random(1)
    for _ in range(3):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            _play(game.new_initial_state(), rng, with_views)
            count += 1
        best = max(best, count / (time.perf_counter() - start))
    return best


def sample_ms(name: str, samples: int) -> float:
    """Median milliseconds of one ``sample_consistent_state`` at random decisions."""
    game = tapete.load_game(name)
    rng = random.Random(2)
    times: list[float] = []
    while len(times) < samples:
        state = game.new_initial_state()
        while not state.is_terminal() and len(times) < samples:
            legal = state.legal_actions()
            if not state.is_chance_node() and rng.random() < 0.1:
                view = state.view(state.current_player())
                start = time.perf_counter()
                game.sample_consistent_state(view, rng)
                times.append(time.perf_counter() - start)
            state.apply_action(legal[int(rng.random() * len(legal))])
    return 1000 * statistics.median(times)


def long_match_costs(actions: int) -> dict[str, float]:
    """µs per view and per sample at the start of a trynka-match and after ``actions``."""
    game = tapete.load_game("trynka-match", banks=100_000, start_balance=1_000_000_000)
    state = game.new_initial_state()
    rng = random.Random(3)
    out: dict[str, float] = {}

    def measure(label: str) -> None:
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        seat = state.current_player()
        start = time.perf_counter()
        for _ in range(20):
            view = state.view(seat)
        out[f"view µs {label}"] = (time.perf_counter() - start) / 20 * 1e6
        start = time.perf_counter()
        for _ in range(5):
            game.sample_consistent_state(view, rng)
        out[f"sample µs {label}"] = (time.perf_counter() - start) / 5 * 1e6

    measure("at the start")
    while state.move_number() < actions and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    measure(f"after {state.move_number()} actions")
    return out


def main(argv: list[str]) -> int:
    """Print every figure as one JSON object per line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per speed figure")
    parser.add_argument("--samples", type=int, default=200, help="per sampling figure")
    parser.add_argument("--long", type=int, default=92_000, help="actions of the long match")
    parser.add_argument("games", nargs="*", default=None)
    args = parser.parse_args(argv)
    compiled = tapete.is_compiled() if hasattr(tapete, "is_compiled") else False
    print(json.dumps({"tapete": tapete.__file__, "compiled": compiled}))
    for name in args.games or tapete.registered_games():
        plain = games_per_second(name, args.seconds, with_views=False)
        viewed = games_per_second(name, args.seconds, with_views=True)
        row = {
            "game": name,
            "games/s": round(plain, 1),
            "games/s with a view per decision": round(viewed, 1),
            "slowdown": round(plain / viewed, 2),
            "sample ms (median)": round(sample_ms(name, args.samples), 3),
        }
        print(json.dumps(row, ensure_ascii=False), flush=True)
    if args.long and (not args.games or "trynka-match" in args.games):
        print(json.dumps(long_match_costs(args.long), ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
