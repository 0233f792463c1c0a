"""Decision times of the La Pocha search levels: one search seat against three ``rule`` bots.

Run: ``.venv/bin/python benchmarks/search_pocha.py [--hands 5] [--levels easy,normal,strong]
[--clock wall|cpu] [--param key=value ...]``. Prints, per level, the mean and 99th percentile
of the seconds per decision, on the wall clock and in CPU time of the deciding thread (bids
and cards with more than one legal choice; the first decision, which loads numba's cache, is
left out and reported apart) and the worlds searched per decision. ``--clock cpu`` counts the
levels' budgets in CPU time (the search's ``clock=cpu``), as on an idle core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tapete
from tapete.engine import play_chance
from tapete.players import load
from tapete.players.search import SearchPlayer


def main() -> None:
    """Play ``--hands`` hands per level and print the decision-time figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--param", action="append", default=[], help="a search option k=v")
    args = parser.parse_args()
    extra = dict(item.split("=", 1) for item in args.param)
    game = tapete.load_game("pocha", n_players=args.players)
    for level in args.levels.split(","):
        bot = SearchPlayer(level=level, clock=args.clock, **extra)
        rule = load("rule")
        bot.start(game, 0)
        rule.start(game, 1)
        times: list[float] = []
        cpu_times: list[float] = []
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
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    action = bot.choose(view, legal, rng)
                    spent = time.perf_counter() - start
                    spent_cpu = time.thread_time() - start_cpu
                    if len(legal) > 1:
                        if first is None:
                            first = spent
                        else:
                            times.append(spent)
                            cpu_times.append(spent_cpu)
                            worlds.append(bot._pocha_search().last_worlds)
                else:
                    action = rule.choose(view, legal, rng)
                state.apply_action(action)
        print(
            f"{level:7s} budget {bot.time_budget:5.3f} s ({args.clock}): {len(times)} decisions, "
            f"wall mean {_ms(times)}, CPU mean {_ms(cpu_times)}, worlds/decision "
            f"{statistics.mean(worlds):6.0f} (first decision {first or 0:.2f} s)"
        )


def _ms(times: list[float]) -> str:
    """``mean ms, p99 ms`` of ``times`` (seconds)."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{statistics.mean(ordered) * 1000:7.1f} ms (p99 {p99 * 1000:7.1f} ms)"


if __name__ == "__main__":
    main()
