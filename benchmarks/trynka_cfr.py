"""Trynka CFR+ benchmark: the shipped tables' exploitability and the player's decision times.

    .venv/bin/python benchmarks/trynka_cfr.py [--banks 300] [--players 2,3,4]

Prints, for the two-player table, the exact exploitability of the table as stored (best
responses in the abstraction) and, per player count, the mean and 99th percentile of the
``trynka-cfr`` player's decision time (every decision it takes against ``rule`` bots,
the table already loaded).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tapete
from tapete.engine import sample_chance
from tapete.players import load
from tapete.players.search.trynka_cfr import TrynkaCFRPlayer
from tapete.solvers.trynka_cfr import StrategyTable, default_table_path, table_exploitability


def decision_times(n_players: int, banks: int, seed: int) -> list[float]:
    """Seconds of each decision of one ``trynka-cfr`` seat against ``rule`` bots."""
    game = tapete.load_game("trynka", n_players=n_players)
    rng = random.Random(seed)
    times: list[float] = []
    for bank in range(banks):
        me = bank % n_players
        bots = [load("rule") for _ in range(n_players)]
        bots[me] = TrynkaCFRPlayer()
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            if seat == me:
                times.append(time.perf_counter() - start)
            state.apply_action(action)
    return times


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--banks", type=int, default=300)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = StrategyTable.load(default_table_path(2))
    start = time.perf_counter()
    exploitability = table_exploitability(table)
    ante = max(table.abstraction.ante, 1)
    print(
        f"2-player table: {table.meta['iterations']} CFR+ iterations, exploitability as "
        f"stored {exploitability:.5f} chips per deal = {100 * exploitability / ante:.3f}% of "
        f"the ante ({time.perf_counter() - start:.1f} s to compute)"
    )
    for n in (int(x) for x in args.players.split(",")):
        times = sorted(decision_times(n, args.banks, args.seed))
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(
            f"{n} players: {len(times)} decisions, mean {1000 * statistics.fmean(times):.3f} "
            f"ms, p99 {1000 * p99:.3f} ms, max {1000 * times[-1]:.3f} ms"
        )


if __name__ == "__main__":
    main()
