"""Decision times of the La Pocha search levels: one search seat against three ``rule`` bots.

Run: ``.venv/bin/python benchmarks/search_pocha.py [--hands 5] [--levels easy,normal,strong]``.
Prints, per level, the mean and 99th percentile of the seconds per decision (bids and cards
with more than one legal choice; the first decision, which loads numba's cache, is left out
and reported apart) and the worlds searched per decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tapete
from tapete.engine import play_chance
from tapete.players import load


def main() -> None:
    """Play ``--hands`` hands per level and print the decision-time figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = tapete.load_game("pocha", n_players=args.players)
    for level in args.levels.split(","):
        bot = load("search", level=level)
        rule = load("rule")
        bot.start(game, 0)
        rule.start(game, 1)
        times: list[float] = []
        worlds: list[int] = []
        first = None
        for hand in range(args.hands):
            rng = random.Random(hand)
            state = play_chance(game.new_initial_state(), rng)
            while not state.is_terminal():
                if state.is_chance_node():
                    state = play_chance(state, rng)
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                view = state.view(seat)
                if seat == 0:
                    start = time.perf_counter()
                    action = bot.choose(view, legal, rng)
                    spent = time.perf_counter() - start
                    if len(legal) > 1:
                        if first is None:
                            first = spent
                        else:
                            times.append(spent)
                            worlds.append(bot._pocha_search().last_worlds)
                else:
                    action = rule.choose(view, legal, rng)
                state.apply_action(action)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"{level:7s} budget {bot.time_budget:5.3f} s: {len(times)} decisions, mean "
            f"{statistics.mean(times) * 1000:7.1f} ms, p99 {p99 * 1000:7.1f} ms, worlds/decision "
            f"{statistics.mean(worlds):6.0f} (first decision {first or 0:.2f} s)"
        )


if __name__ == "__main__":
    main()
