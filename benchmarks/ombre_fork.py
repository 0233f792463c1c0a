"""A paired comparison of two Ombre players that plays only where they differ.

Run: ``.venv/bin/python benchmarks/ombre_fork.py --a SPEC --b SPEC [--deals 100] [--first 0]
[--out FILE.jsonl] [--only PHASE]`` (``SPEC``: ``name:key=value:...`` as in the arena; ``--only
play``: fork in that phase only, elsewhere both take ``a``'s action). For each seeded deal and each
seat, that seat is played by both players at once against two ``rule`` bots: at each of
its decisions both choose; while they agree the deal goes on; at the first decision where they
do not, the deal is played to the end twice from there (``a``'s action then ``a`` in that seat,
``b``'s then ``b``, the ``rule`` bots and the chance events seeded alike) and the seat's two
returns are written, and each less the mean of the other two seats' (what the duplicate arena's
margin counts: a ``rule`` ombre's sacardo lowers it). The mean of ``b - a`` over all seat-deals
(0 where they never differ) is ``b``'s gain per seat-game over ``a``, with a 95% interval; it
is printed by phase of the fork too. It costs two searches a decision until the fork, and
none of the deals where the players agree is played twice.
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
from tapete.players import load


def _player(text: str) -> Any:
    """The player ``name:key=value...`` names, read as the arena reads it."""
    spec = PlayerSpec.parse(text)
    return load(spec.name, **spec.params)


def _play_out(state: Any, players: list[Any], rng: random.Random, chance: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        state.apply_action(players[seat].choose(state.view(seat), state.legal_actions(), rng))


def main() -> None:
    """Play the deals, write one JSON line per seat-deal and print the paired gain."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out", default=None)
    parser.add_argument("--only", default=None, metavar="PHASE",
                        help="fork only in this phase (e.g. play): where the two differ "
                        "elsewhere, both take a's action")  # fmt: skip
    args = parser.parse_args()
    game: Any = tapete.load_game("ombre")
    bots = {"a": _player(args.a), "b": _player(args.b)}
    rule = load("rule")
    out = open(args.out, "a") if args.out else sys.stdout  # noqa: SIM115
    rows: list[dict[str, Any]] = []
    for seed in range(args.first, args.first + args.deals):
        for me in range(3):
            for bot in bots.values():
                bot.start(game, me)
            rngs = {k: random.Random(seed * 3 + me) for k in bots}
            rule_rng = random.Random(seed * 5 + me)
            chance = random.Random(seed)
            state: Any = game.new_initial_state()
            row: dict[str, Any] = {"seed": seed, "seat": me}
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chance.choice(state.legal_actions()))
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                if seat != me:
                    state.apply_action(rule.choose(state.view(seat), legal, rule_rng))
                    continue
                view = state.view(seat)
                chosen = {k: bot.choose(view, legal, rngs[k]) for k, bot in bots.items()}
                if chosen["a"] == chosen["b"] or args.only not in (None, state.phase()):
                    state.apply_action(chosen["a"])
                    continue
                row["phase"] = state.phase()
                rule_state = rule_rng.getstate()
                chance_state = chance.getstate()
                for k, bot in bots.items():
                    branch = state.clone()
                    branch.apply_action(chosen[k])
                    rule_rng.setstate(rule_state)
                    chance.setstate(chance_state)
                    players = [_Seeded(bot, rngs[k]) if q == me else rule for q in range(3)]
                    _play_out(branch, players, rule_rng, chance)
                    row[f"return_{k}"] = branch.returns()[me]
                    row[f"relative_{k}"] = _relative(branch.returns(), me)
                    row[f"outcome_{k}"] = branch.outcome
                break
            else:
                row["return_a"] = row["return_b"] = state.returns()[me]
                row["relative_a"] = row["relative_b"] = _relative(state.returns(), me)
            rows.append(row)
            print(json.dumps(row), file=out, flush=True)
    _table(rows)


def _relative(returns: list[float], me: int) -> float:
    """The seat's return less the mean of the other two: what a duplicate arena's margin
    over the other players counts of this game."""
    return returns[me] - 0.5 * (sum(returns) - returns[me])


class _Seeded:
    """A player that draws from its own random stream whatever stream it is given."""

    def __init__(self, player: Any, rng: random.Random) -> None:
        self.player = player
        self.rng = rng

    def choose(self, view: Any, legal: Any, rng: random.Random) -> int:
        del rng
        return int(self.player.choose(view, legal, self.rng))


def _table(rows: list[dict[str, Any]]) -> None:
    """Print ``b``'s gain over ``a`` per seat-deal (its own return, and its return less the
    others' mean: the arena's margin), overall and by the phase of the fork."""
    n = len(rows)
    forks = [r for r in rows if "phase" in r]
    for kind in ("return", "relative"):
        gains = [r[f"{kind}_b"] - r[f"{kind}_a"] for r in rows]
        mean = statistics.mean(gains)
        half = 1.96 * statistics.stdev(gains) / n**0.5 if n > 1 else 0.0
        print(
            f"{n} seat-deals, {len(forks)} forks: b - a ({kind}) = {mean:+.3f} "
            f"[{mean - half:+.3f}, {mean + half:+.3f}] per seat-game",
            file=sys.stderr,
        )
    for phase in sorted({r["phase"] for r in forks}):
        part = [r["return_b"] - r["return_a"] for r in forks if r["phase"] == phase]
        print(f"  fork at {phase}: {len(part)}, sum {sum(part):+.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
