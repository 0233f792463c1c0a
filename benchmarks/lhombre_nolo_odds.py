"""How often the ``rule`` bot's nolo games of Danish l'hombre are won, bet and kruk, against
``rule`` defenders: the odds behind :data:`tapete.players.search.family.NOLO_ODDS`.

Run: ``.venv/bin/python benchmarks/lhombre_nolo_odds.py [--deals 20000] [--seed 0]``
(deals of seeds ``seed`` … ``seed + deals - 1``, ``rule`` bots in every seat, chance by
``random.Random(seed)``; about 30 s for 20,000 deals). Prints, per nolo game and the
declarer's dangerous cards at the declaration
(:func:`tapete.players.rule.lhombre.nolo_danger`), the games and the share of each outcome.
"""

from __future__ import annotations

import argparse
import collections
import random

import tapete
from tapete.players import load
from tapete.players.rule.lhombre import nolo_danger

NOLOS = ("kobe_nolo", "ren_nolo", "nolo_ouvert")


def main() -> None:
    """Play the deals and print the nolo games' outcomes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game, rule = tapete.load_game("lhombre"), load("rule")
    outcomes: dict[tuple[str, int], collections.Counter[str]] = collections.defaultdict(
        collections.Counter
    )
    for seed in range(args.seed, args.seed + args.deals):
        rng = random.Random(seed)
        state = game.new_initial_state()
        hands: dict[int, int] = {}
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seat = state.current_player()
            view = state.view(seat)
            action = rule.choose(view, state.legal_actions(), rng)
            if view.phase == "declare":
                hands[seat] = int(view.hand.mask)
            state.apply_action(action)
        view = state.view(0)
        if view.contract in NOLOS and view.player is not None:
            outcomes[(view.contract, nolo_danger(hands[view.player]))][str(view.outcome)] += 1
    for (contract, danger), counts in sorted(outcomes.items()):
        n = sum(counts.values())
        shares = " ".join(f"{o} {counts[o] / n:.3f}" for o in ("won", "bet", "kruk"))
        print(f"{contract} (dangerous cards {danger}): {n} games; {shares}")


if __name__ == "__main__":
    main()
