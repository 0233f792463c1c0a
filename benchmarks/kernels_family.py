"""The card-play kernel's speed at each game of the Ombre family: deals solved a CPU-second.

Run: ``nice .venv/bin/python benchmarks/kernels_family.py [--deals 300] [--seed 1]
[--games ombre,tresillo,lhombre]``.

For each game, ``--deals`` seeded deals are taken to the first card of the play by the
reference engine (the auction, exchanges and trumps made by ``rule`` bots; deals thrown in
and Danish l'hombre's nolo games, which the kernel does not play, are skipped and others
dealt), and the three hands that play are given to Ombre's kernel in kernel seats (Tresillo's
dealer left out: :func:`tapete.players.search.family.playing_seats`). Each deal is then solved
double-dummy from the first trick, every card seen, with a cold transposition table:

* ``solve``: the full outcome (codille, puesta or sacardo: two zero-window searches), what the
  contract search of Ombre and Danish l'hombre asks;
* ``reaches``: sacardo or not (one zero-window search), what Tresillo's contract search asks.

The figure is deals solved a CPU-second of this thread (one core's speed, even when other jobs
share the machine; ``nice`` it), with the mean, median and 99th percentile milliseconds a
deal. numba's compile time is left out (one deal is solved before the clock starts).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import numpy as np

import tapete
from tapete.players import load
from tapete.players.search.family import live_deal, playing_seats
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables

#: A position at the first trick: (kernel hands, tricks won, leader, player, trumps in the
#: kernel's order, matador privilege).
Position = tuple[Any, Any, int, int, int, bool]


def first_tricks(game_name: str, count: int, seed: int) -> list[Position]:
    """``count`` positions of ``game_name`` at the first card of a trump game's play."""
    game = tapete.load_game(game_name)
    privilege = bool(dict(game.params).get("matador_privilege", True))
    rng = random.Random(seed)
    rule = load("rule")
    out: list[Position] = []
    while len(out) < count:
        state: Any = game.new_initial_state()
        while not state.is_terminal() and state.phase() != "play":
            legal = state.legal_actions()
            if state.is_chance_node():
                state.apply_action(rng.choice(legal))
            else:
                seat = state.current_player()
                state.apply_action(rule.choose(state.view(seat), legal, rng))
        if state.is_terminal():
            continue
        seat = state.current_player()
        deal = live_deal(state.view(seat))
        if deal is None or deal.trumps is None:
            continue  # a nolo game: no kernel plays it
        tables = OmbreTables.for_trumps(deal.trumps)
        if game_name == "ombre":
            seats: tuple[int, ...] = (0, 1, 2)
            player = deal.ombre
        else:
            seats = playing_seats(deal)
            player = seats.index(deal.player)
        hands = np.array([tables.kernel_mask(int(state.hands[s])) for s in seats],
                         dtype=np.uint64)  # fmt: skip
        out.append((hands, np.zeros(3, dtype=np.int64), seats.index(seat), player,
                    tables.n_trumps, privilege))  # fmt: skip
    return out


def measure(positions: list[Position], table_bits: int) -> dict[str, Any]:
    """Deals solved a CPU-second by :func:`ok.solve` and :func:`ok.reaches` (cold tables)."""
    h, w, leader, player, n_trumps, privilege = positions[0]
    ok.solve(h, w, leader, player, n_trumps, privilege, ok.new_table(4))  # compile or load
    ok.reaches(h, w, leader, player, ok.SACARDO, n_trumps, privilege, ok.new_table(4))
    table = ok.new_table(table_bits)
    report: dict[str, Any] = {"deals": len(positions)}
    outcomes = [0, 0, 0]
    for kind in ("solve", "reaches"):
        times = []
        for h, w, leader, player, n_trumps, privilege in positions:
            table[1].fill(-1)  # a cold table for every deal
            began = time.thread_time()
            if kind == "solve":
                outcomes[int(ok.solve(h, w, leader, player, n_trumps, privilege, table))] += 1
            else:
                ok.reaches(h, w, leader, player, ok.SACARDO, n_trumps, privilege, table)
            times.append(time.thread_time() - began)
        ms = sorted(t * 1000 for t in times)
        report[kind] = {
            "per_cpu_second": round(len(times) / sum(times), 1),
            "ms_mean": round(statistics.mean(ms), 3),
            "ms_median": round(statistics.median(ms), 3),
            "ms_p99": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 3),
        }
    report["outcomes"] = dict(zip(("codille", "puesta", "sacardo"), outcomes, strict=True))
    return report


def main() -> None:
    """Print each game's deals solved a CPU-second."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="ombre,tresillo,lhombre")
    parser.add_argument("--table-bits", type=int, default=18)
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    reports = {}
    for name in args.games.split(","):
        report = measure(first_tricks(name, args.deals, args.seed), args.table_bits)
        reports[name] = report
        for kind in ("solve", "reaches"):
            r = report[kind]
            print(f"{name} {kind}: {r['per_cpu_second']:,.0f} deals a CPU-second over "
                  f"{report['deals']} deals (ms a deal: mean {r['ms_mean']}, median "
                  f"{r['ms_median']}, p99 {r['ms_p99']})", flush=True)  # fmt: skip
        print(f"{name} outcomes: {report['outcomes']}", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(reports, f, indent=1)


if __name__ == "__main__":
    main()
