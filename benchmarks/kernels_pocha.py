"""La Pocha kernel speed: whole hands (shuffle, deal, bids, play, score) per second on one core.

Run: ``.venv/bin/python benchmarks/kernels_pocha.py [--deals 400000] [--players 4]``.
Numba's compile time (or the load of its on-disk cache) is measured apart, on the first call.
Rates are given per wall-clock second and per CPU-second of this process (the latter is the
speed of one core even when other jobs share the machine).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from tapete.solvers import pocha_kernel as pk
from tapete.solvers.bits import seed_state
from tapete.solvers.pocha import PochaTables


def main() -> None:
    """Print the compile time and the median hands per second of each playout policy."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=400_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hand-size", type=int, default=None)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    tables = PochaTables.from_params({"n_players": args.players, "hand_size": args.hand_size})
    start = time.perf_counter()
    for policy in (pk.ROLLOUT_RANDOM, pk.ROLLOUT_RULE):
        pk.random_deals(tables.rp, np.uint64(seed_state(0)), 1, policy, 0.0)
    print(f"first call (numba compile or cache load): {time.perf_counter() - start:.2f} s")
    print(f"{args.players} players x {tables.hand_size} cards, {tables.deck.name}")
    for name, policy in (("random", pk.ROLLOUT_RANDOM), ("rule-like", pk.ROLLOUT_RULE)):
        rates = []
        cpu_rates = []
        for r in range(args.repeats):
            start = time.perf_counter()
            cpu = time.process_time()
            pk.random_deals(tables.rp, np.uint64(seed_state(r + 1)), args.deals, policy, 0.0)
            rates.append(args.deals / (time.perf_counter() - start))
            cpu_rates.append(args.deals / (time.process_time() - cpu))
        print(
            f"{name:10s} {statistics.median(rates):12,.0f} hands/s wall-clock, "
            f"{statistics.median(cpu_rates):12,.0f} per CPU-second (medians of {args.repeats})"
        )


if __name__ == "__main__":
    main()
