"""Decision times of the Ombre search: one search seat against two ``rule`` bots.

Run: ``.venv/bin/python benchmarks/search_ombre.py [--deals 6] [--levels easy,normal,strong]
[--clock wall|cpu] [--param key=value ...]``. The search sits in each seat in turn. Prints,
per level and per kind of decision (the auction, the ombre's exchange — its first discard,
where the plan is made —, a defender's exchange, the trumps and the cards, each with more
than one legal action),
the mean and 99th percentile of the seconds per decision, on the wall clock and in CPU time
of this thread, and the worlds per decision (the solver's compile time, at ``start``, is
reported apart). ``--param`` passes search options (``contract_budget=1.0``...).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import tapete
from tapete.players import load


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    """Play ``--deals`` deals per level and seat and print the decision-time figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--levels", default="easy,normal,strong")
    parser.add_argument("--clock", default="cpu", choices=("wall", "cpu"))
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    extra = {k: _value(v) for k, _, v in (p.partition("=") for p in args.param)}
    game = tapete.load_game("ombre")
    for level in args.levels.split(","):
        bot: Any = load("search", level=level, clock=args.clock, **extra)
        begun = time.perf_counter()
        bot.start(game, 0)
        compile_time = time.perf_counter() - begun
        rule = load("rule")
        wall: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        worlds: dict[str, list[int]] = {}
        for deal in range(args.deals):
            for me in range(3):
                bot.start(game, me)
                rng = random.Random(deal)
                state: Any = game.new_initial_state()
                while not state.is_terminal():
                    legal = state.legal_actions()
                    if state.is_chance_node():
                        state.apply_action(rng.choice(legal))
                        continue
                    seat = state.current_player()
                    view = state.view(seat)
                    kind = state.phase()
                    if kind == "exchange":
                        kind = "exchange" if seat == view.ombre else "defender exchange"
                    first_discard = kind != "exchange" or not view.discards
                    if seat == me and len(legal) > 1 and first_discard:
                        start, start_cpu = time.perf_counter(), time.thread_time()
                        action = bot.choose(view, legal, rng)
                        cpu.setdefault(kind, []).append(time.thread_time() - start_cpu)
                        wall.setdefault(kind, []).append(time.perf_counter() - start)
                        worlds.setdefault(kind, []).append(bot._ombre_search().last_worlds)
                    elif seat == me:
                        action = bot.choose(view, legal, rng)
                    else:
                        action = rule.choose(view, legal, rng)
                    state.apply_action(action)
        print(f"{level} (budget {bot.time_budget:.3f} s, {args.clock} clock, start "
              f"{compile_time:.1f} s):")  # fmt: skip
        for kind in ("auction", "exchange", "defender exchange", "trumps", "play"):
            if kind not in cpu:
                continue
            c, w = cpu[kind], wall[kind]
            print(
                f"  {kind:17s} {len(c):4d} decisions: CPU mean {statistics.mean(c) * 1000:7.1f} "
                f"ms, p99 {_p99(c) * 1000:7.1f} ms; wall mean {statistics.mean(w) * 1000:7.1f} "
                f"ms, p99 {_p99(w) * 1000:7.1f} ms; worlds {statistics.mean(worlds[kind]):6.1f}"
            )


if __name__ == "__main__":
    main()
