"""Decision times of the Ombre card-play search: one search seat against two ``rule`` bots.

Run: ``.venv/bin/python benchmarks/search_ombre.py [--deals 6] [--levels easy,normal,strong]``.
Prints, per level, the mean and 99th percentile of the seconds per card decision with more
than one legal card, and the worlds solved per decision (the solver's compile time, at
``start``, is reported apart).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tapete
from tapete.players import load


def main() -> None:
    """Play ``--deals`` deals per level and print the decision-time figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--levels", default="easy,normal,strong")
    args = parser.parse_args()
    game = tapete.load_game("ombre")
    for level in args.levels.split(","):
        bot = load("search", level=level)
        begun = time.perf_counter()
        bot.start(game, 0)
        compile_time = time.perf_counter() - begun
        rule = load("rule")
        times: list[float] = []
        worlds: list[int] = []
        for deal in range(args.deals):
            rng = random.Random(deal)
            state = game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.is_chance_node():
                    state.apply_action(rng.choice(legal))
                    continue
                seat = state.current_player()
                view = state.view(seat)
                if seat == 0 and state.phase() == "play" and len(legal) > 1:
                    start = time.perf_counter()
                    action = bot.choose(view, legal, rng)
                    times.append(time.perf_counter() - start)
                    worlds.append(bot._ombre_search().last_worlds)
                else:
                    action = rule.choose(view, legal, rng)
                state.apply_action(action)
        if not times:
            print(f"{level}: no card decisions")
            continue
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"{level:7s} budget {bot.time_budget:5.3f} s: {len(times)} decisions, mean "
            f"{statistics.mean(times) * 1000:7.1f} ms, p99 {p99 * 1000:7.1f} ms, worlds/decision "
            f"{statistics.mean(worlds):5.1f} (start: {compile_time:.1f} s)"
        )


if __name__ == "__main__":
    main()
