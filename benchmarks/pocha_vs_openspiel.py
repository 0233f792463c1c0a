"""La Pocha (tapete) against OpenSpiel's ``oh_hell``, side by side in one process.

Both are driven by the same loop, ``tapete.cli.cmd_bench.measure`` (which calls
``tapete.engine.random_playout``: chance outcomes sampled by probability, uniform legal
actions) through each system's public Python API. Rounds alternate between the systems so
that machine noise hits both alike; the best round of each is reported.

OpenSpiel always turns a trump card from the undealt cards, so 10 tricks for 4 players needs
4 suits x 11 ranks (44 cards); the nearest 40-card configuration is 4 x 10 ranks, 9 tricks.

Run with the compiled core, what ``pip install .`` builds where there is a C compiler
(``TAPETE_COMPILED_EXTRAS=test,bench python3 dev.py compiled games`` builds such an environment,
with OpenSpiel, in ``.venv-compiled``):
    .venv-compiled/bin/python benchmarks/pocha_vs_openspiel.py
and with the pure-Python core (the editable development install):
    .venv/bin/pip install -e '.[bench]' && .venv/bin/python benchmarks/pocha_vs_openspiel.py
"""

from __future__ import annotations

import argparse
import sys

import tapete
from tapete.cli.cmd_bench import measure


def main() -> int:
    """Print games/s and actions/s for each pairing and the ratio tapete / OpenSpiel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per round and system")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    pairings = [
        (
            "4 players, 10 tricks",
            "oh_hell(players=4,num_suits=4,num_cards_per_suit=11,num_tricks_fixed=10)",
            {"n_players": 4, "hand_size": 10},
        ),
        (
            "4 players, 9 tricks, 40 cards",
            "oh_hell(players=4,num_suits=4,num_cards_per_suit=10,num_tricks_fixed=9)",
            {"n_players": 4, "hand_size": 9},
        ),
    ]
    compiled = tapete.is_compiled()
    core = "compiled rules core (mypyc)" if compiled else "pure-Python rules core"
    spiel_version = getattr(pyspiel, "__version__", "?")
    print(f"tapete {tapete.__version__} ({core}), OpenSpiel {spiel_version}; "
          f"{args.rounds} rounds x {args.seconds:g} s each, best round reported")  # fmt: skip
    for label, spiel_name, params in pairings:
        spiel_game = pyspiel.load_game(spiel_name)
        ours = tapete.load_game("pocha", **params)
        best: dict[str, tuple[float, float]] = {}
        for round_index in range(args.rounds):
            for system, new_state in (
                ("tapete", ours.new_initial_state),
                ("openspiel", spiel_game.new_initial_state),
            ):
                games, actions, elapsed = measure(new_state, args.seconds, round_index)
                rate = (games / elapsed, actions / elapsed)
                if system not in best or rate[0] > best[system][0]:
                    best[system] = rate
        print(f"\n{label}")
        print(f"  tapete    {ours!r}: {best['tapete'][0]:8,.0f} games/s "
              f"{best['tapete'][1]:10,.0f} actions/s")  # fmt: skip
        print(f"  openspiel {spiel_name}: {best['openspiel'][0]:8,.0f} games/s "
              f"{best['openspiel'][1]:10,.0f} actions/s")  # fmt: skip
        print(f"  ratio tapete/openspiel (games/s): {best['tapete'][0] / best['openspiel'][0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
