"""What the search's declaration threshold is worth: both branches of close auction decisions.

Run: ``.venv/bin/python benchmarks/ombre_branches.py [--deals 100] [--first 0] [--band -0.7 0.2]
[--out FILE.jsonl]``. For each seeded deal and each seat, that seat is the search
(``search:time_budget=0.2:contract_budget=1.0:clock=cpu`` unless ``--player`` says otherwise)
and the other two are ``rule`` bots. When the search is offered "I play" or pass, its contract
search values both (``declare``, ``pass``: the simulation's means, in pools); when ``declare -
pass`` lies in ``--band``, the deal is played on twice from there, once declaring and once
passing, each to the end with the same players, and the seat's two returns are written. Every
seat-deal writes a line (out of the band: the values only), so a threshold ``t`` on ``declare -
pass`` can be scored afterwards, paired on the same hands: its gain over the threshold 0 per
seat-deal is the sum, over the hands with ``t < declare - pass <= 0``, of (declare's return -
pass's return), divided by the number of seat-deals (and the opposite for ``t > 0``). Deals are
dealt by ``random.Random(seed)`` for seed ``--first`` … ``--first + --deals - 1``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

import tapete
from tapete.arena.core import PlayerSpec
from tapete.games.ombre.actions import OMBRE, PASS
from tapete.players import load


def _player(text: str) -> Any:
    """The player ``name:key=value...`` names, read as the arena reads it."""
    spec = PlayerSpec.parse(text)
    return load(spec.name, **spec.params)


def _play_out(state: Any, players: list[Any], rng: random.Random) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        state.apply_action(players[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state


def main() -> None:
    """Play the deals, write one JSON line per seat-deal and print the threshold table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--band", type=float, nargs=2, default=(-0.7, 0.2))
    parser.add_argument("--player", default="search:time_budget=0.2:contract_budget=1.0:clock=cpu")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    game: Any = tapete.load_game("ombre")
    bot = _player(args.player)
    rule = load("rule")
    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115
    rows: list[dict[str, Any]] = []
    for seed in range(args.first, args.first + args.deals):
        for me in range(3):
            bot.start(game, me)
            players = [bot if q == me else rule for q in range(3)]
            rng = random.Random(seed * 3 + me)
            deal = random.Random(seed)
            state: Any = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(deal.choice(state.legal_actions()))
            row: dict[str, Any] = {"seed": seed, "seat": me}
            while not state.is_terminal() and state.phase() == "auction":
                seat = state.current_player()
                legal = state.legal_actions()
                if seat == me and sorted(legal) == sorted([PASS, OMBRE]):
                    chosen = bot.choose(state.view(seat), legal, rng)
                    values = bot._ombre_search().contract.last_values
                    row.update(values)
                    row["chosen"] = "ombre" if chosen == OMBRE else "pass"
                    row["position"] = (seat - (state.dealer + 1)) % 3
                    diff = values["ombre"] - values["pass"]
                    if args.band[0] <= diff <= args.band[1]:
                        for name, action in (("ombre", OMBRE), ("pass", PASS)):
                            branch = state.clone()
                            branch.apply_action(action)
                            branch_rng = random.Random(seed * 7 + me)
                            bot.start(game, me)
                            _play_out(branch, players, branch_rng)
                            row[f"return_{name}"] = branch.returns()[me]
                            row[f"outcome_{name}"] = branch.outcome
                    break
                state.apply_action(players[seat].choose(state.view(seat), legal, rng))
            rows.append(row)
            print(json.dumps(row), file=out, flush=True)
    _table(rows)


def _table(rows: list[dict[str, Any]]) -> None:
    """Print the gain of each threshold over 0 per seat-deal (paired on the band's hands)."""
    n = len(rows)
    played = [r for r in rows if "return_ombre" in r]
    print(f"{n} seat-deals, {len(played)} played both ways", file=sys.stderr)
    for t in (-0.6, -0.5, -0.4, -0.3, -0.2, -0.1, 0.1):
        lo, hi = min(t, 0.0), max(t, 0.0)
        diffs = [
            (r["return_ombre"] - r["return_pass"]) * (1 if t < 0 else -1)
            for r in played
            if lo < r["ombre"] - r["pass"] <= hi
        ]
        per = [0.0] * (n - len(diffs)) + diffs
        mean = sum(per) / n if n else 0.0
        half = 1.96 * statistics.stdev(per) / n**0.5 if n > 1 else 0.0
        print(
            f"threshold {t:+.1f}: {len(diffs)} hands change, gain {mean:+.3f} "
            f"[{mean - half:+.3f}, {mean + half:+.3f}] per seat-deal",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
