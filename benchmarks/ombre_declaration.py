"""How well the contract search's simulation predicts a declaration's outcome.

Run: ``.venv/bin/python benchmarks/ombre_declaration.py [--deals 300] [--worlds 40]``. In
seeded deals the first seat the ``rule`` bot would have say "I play" is found; the contract
search estimates that seat's chance of a sacardo with the ``rule`` bot's exchange plan
(``--worlds`` simulated deals, each solved exactly); then the deal is played on by ``rule``
bots and the outcome counted. Prints the mean estimate and the actual sacardo rate, overall
and by estimate band: a perfect-information solve sees a perfect defence, so a gap shows how
far the simulation under- (or over-) rates a declaration against these players.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

import tapete
from tapete.games.ombre.actions import OMBRE
from tapete.players import load
from tapete.players.search.ombre_contract import ContractSearch, exchange_plans


def main() -> None:
    """Estimate and play ``--deals`` declarations; print the calibration."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=40)
    args = parser.parse_args()
    game: Any = tapete.load_game("ombre")
    rule = load("rule")
    search = ContractSearch(worlds=args.worlds)
    rng = random.Random(11)
    estimates: list[float] = []
    actual: list[float] = []
    for seed in range(args.deals):
        r = random.Random(seed)
        state: Any = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(r.choice(state.legal_actions()))
        declarer, view = None, None
        while state.phase() == "auction":
            seat = state.current_player()
            action = rule.choose(state.view(seat), state.legal_actions(), r)
            if action == OMBRE and declarer is None:
                declarer, view = seat, state.view(seat)
            state.apply_action(action)
        if declarer is None or view is None:
            continue
        eldest = (view.dealer + 1) % 3
        passed = [s for s in range(3) if (s - eldest) % 3 < (declarer - eldest) % 3]
        plan = exchange_plans(view.hand.mask)[:1]
        means, _, _ = search._evaluate_plans(
            view.hand.mask, declarer, plan, passed, rng, game.rules, eldest
        )
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(r.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            state.apply_action(rule.choose(state.view(seat), state.legal_actions(), r))
        estimates.append((means[0] + 1) / 2)
        actual.append(1.0 if state.outcome == "sacardo" else 0.0)
    print(
        f"{len(estimates)} declarations by rule: estimated sacardo "
        f"{statistics.mean(estimates):.3f}, actual (rule bots) {statistics.mean(actual):.3f}"
    )
    for low, high in ((0.0, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 1.01)):
        band = [(e, a) for e, a in zip(estimates, actual, strict=True) if low <= e < high]
        if band:
            print(
                f"  estimate in [{low:.1f}, {min(high, 1.0):.1f}): {len(band)} hands, "
                f"estimate {statistics.mean(e for e, _ in band):.2f}, "
                f"actual {statistics.mean(a for _, a in band):.2f}"
            )


if __name__ == "__main__":
    main()
