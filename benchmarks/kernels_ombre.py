"""Ombre kernels: the exact solver from the first trick (ms per deal) and random card play.

Run: ``.venv/bin/python benchmarks/kernels_ombre.py [--deals 200] [--auction rule|random]``.
Also times "sacardo or not" alone (:func:`tapete.solvers.ombre_kernel.reaches`, what the
contract search asks).
Deals are taken to the first trick by the reference engine, the auction, exchange and trumps
made by the ``rule`` bots (or at random); the solver's table is fresh for each deal (no help
from earlier deals). numba's compile time is reported apart. Times are wall-clock and CPU
time of this process (one core's speed even when other jobs share the machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np

import tapete
from tapete.players import load
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.bits import seed_state
from tapete.solvers.ombre import OmbreTables


def first_tricks(count: int, seed: int, auction: str) -> list[tuple[Any, ...]]:
    """``count`` positions at the first trick: (hands, won, leader, ombre, n_trumps)."""
    game = tapete.load_game("ombre")
    rng = random.Random(seed)
    rule = load("rule")
    out: list[tuple[Any, ...]] = []
    while len(out) < count:
        state: Any = game.new_initial_state()
        while not state.is_terminal() and state.phase() != "play":
            legal = state.legal_actions()
            if state.is_chance_node() or auction == "random":
                state.apply_action(rng.choice(legal))
            else:
                seat = state.current_player()
                state.apply_action(rule.choose(state.view(seat), legal, rng))
        if state.phase() != "play":
            continue
        view: Any = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array([tables.kernel_mask(state.hands[q]) for q in range(3)], dtype=np.uint64)
        out.append((hands, np.zeros(3, dtype=np.int64), state.current_player(), view.ombre,
                    tables.n_trumps))  # fmt: skip
    return out


def main() -> None:
    """Print the solver's time per deal and the random playouts per second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--table-bits", type=int, default=18)
    parser.add_argument("--auction", choices=("rule", "random"), default="rule")
    args = parser.parse_args()
    positions = first_tricks(args.deals, 1, args.auction)
    start = time.perf_counter()
    h, w, leader, ombre, n_trumps = positions[0]
    ok.solve_counted(h, w, leader, ombre, n_trumps, True, ok.new_table(4))
    rng = np.array([seed_state(1)], dtype=np.uint64)
    empty = np.zeros(0, dtype=np.int64)
    ok.random_playout(h.copy(), w.copy(), leader, n_trumps, True, rng, empty)
    print(f"first calls (numba compile or cache load): {time.perf_counter() - start:.2f} s")
    times: list[float] = []
    cpu_times: list[float] = []
    nodes: list[int] = []
    outcomes = [0, 0, 0]
    table = ok.new_table(args.table_bits)
    for h, w, leader, ombre, n_trumps in positions:
        table[1].fill(-1)  # a cold table for every deal
        begun = time.perf_counter()
        cpu = time.process_time()
        result, count = ok.solve_counted(h, w, leader, ombre, n_trumps, True, table)
        cpu_times.append(time.process_time() - cpu)
        times.append(time.perf_counter() - begun)
        nodes.append(int(count))
        outcomes[int(result)] += 1
    for what, values in (("wall-clock", times), ("CPU", cpu_times)):
        ms = sorted(t * 1000 for t in values)
        print(
            f"solve from the first trick, {len(ms)} deals, {what}: mean "
            f"{statistics.mean(ms):.3f} ms, median {statistics.median(ms):.3f} ms, p95 "
            f"{ms[int(0.95 * len(ms))]:.3f} ms, max {ms[-1]:.3f} ms"
        )
    print(f"nodes (trick boundaries) mean {statistics.mean(nodes):,.0f}; outcomes "
          f"codille/puesta/sacardo {outcomes}")  # fmt: skip
    ok.reaches(h, w, leader, ombre, ok.SACARDO, n_trumps, True, ok.new_table(4))  # compile
    cpu_times = []
    for h, w, leader, ombre, n_trumps in positions:
        table[1].fill(-1)
        cpu = time.process_time()
        ok.reaches(h, w, leader, ombre, ok.SACARDO, n_trumps, True, table)
        cpu_times.append(time.process_time() - cpu)
    ms = sorted(t * 1000 for t in cpu_times)
    print(
        f"'sacardo or not' alone (reaches, one zero-window search), CPU: mean "
        f"{statistics.mean(ms):.3f} ms, median {statistics.median(ms):.3f} ms, p95 "
        f"{ms[int(0.95 * len(ms))]:.3f} ms"
    )
    total = 0
    cpu = time.process_time()
    repeats = 20_000
    for i in range(repeats):
        h, w, leader, ombre, n_trumps = positions[i % len(positions)]
        total += ok.random_playout(h.copy(), w.copy(), leader, n_trumps, True, rng, empty)
    spent = time.process_time() - cpu
    print(f"random card play (called from Python, one call per deal): {repeats / spent:,.0f} "
          "deals per CPU-second")  # fmt: skip


if __name__ == "__main__":
    main()
