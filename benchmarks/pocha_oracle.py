"""Where the La Pocha search loses points: the same search shown the true hands for its bids,
for its cards, for both or for neither (an experiment, not a player).

Run: ``.venv/bin/python benchmarks/pocha_oracle.py [--deals 200] [--worlds 400] [--seed 1]
[--modes none,bids,plays,both] [--param key=value ...]``. One search seat against three
``rule`` bots, duplicate (the search in each seat of each deal in turn); prints per mode the
margin per deal over the other seats with a 95% interval and the exact-bid rate. With
``bids`` its bidding decisions search the true deal (every world the same), with ``plays``
its card decisions do: the gap between the modes is what better evaluation of that kind of
decision could gain at most.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from pathlib import Path
from typing import Any

import numpy as np

import tapete
from tapete.engine.api import Game, PlayerView
from tapete.players import load
from tapete.players.search.pocha import PochaSearch, deal_view
from tapete.solvers.pocha import PochaTables


class OracleSearch(PochaSearch):
    """:class:`PochaSearch` whose worlds are the true deal at the decisions of ``mode``."""

    def __init__(self, mode: str, **params: Any) -> None:
        super().__init__(**params)
        self.mode = mode
        self.state: Any = None

    def draw_worlds(
        self, size: int, limits: tuple[Any, Any, Any, Any], kernel_rng: Any, tables: PochaTables,
        game: Game, view: PlayerView, rng: random.Random,
    ) -> Any:  # fmt: skip
        """The true deal ``size`` times when the mode shows it at this decision."""
        bidding = deal_view(view).phase == "bidding"
        shown = self.mode == "both" or self.mode == ("bids" if bidding else "plays")
        if not shown:
            return super().draw_worlds(size, limits, kernel_rng, tables, game, view, rng)
        n = tables.n_players
        world = np.zeros(n + 1, dtype=np.uint64)
        for q in range(n):
            world[q] = tables.kernel_mask(int(deal_view(self.state.view(q)).hand.mask))
        known = int(np.bitwise_or.reduce(world[:n]))
        world[n] = int(limits[0]) & ~known
        return np.tile(world, (size, 1))


def play_deal(game: Game, search: OracleSearch, deal: int, seed: int) -> list[tuple[float, bool]]:
    """The deal played four times, the search in each seat in turn: (margin, exact) each."""
    n = int(game.params["n_players"])
    out = []
    for seat in range(n):
        chance = random.Random(seed * 100_003 + deal)
        rng = random.Random(seed * 7 + deal * 13 + seat)
        bots: list[Any] = [load("rule") for _ in range(n)]
        for q, bot in enumerate(bots):
            bot.start(game, q)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, weights = zip(*outcomes, strict=True)
                state.apply_action(chance.choices(actions, weights)[0])
                continue
            q = state.current_player()
            legal = state.legal_actions()
            if q == seat:
                search.state = state
                action = search.choose(state.view(q), legal, rng, game)
                if action is None:
                    action = bots[q].choose(state.view(q), legal, rng)
            else:
                action = bots[q].choose(state.view(q), legal, rng)
            state.apply_action(action)
        returns = state.returns()
        others = [r for q, r in enumerate(returns) if q != seat]
        out.append((returns[seat] - statistics.fmean(others), returns[seat] > 0))
    return out


def main() -> None:
    """Play the deals in every mode and print the margins."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default="none,bids,plays,both")
    parser.add_argument("--param", action="append", default=[], help="a PochaSearch option k=v")
    parser.add_argument("--out", type=Path, help="append each deal's margin (JSON lines)")
    args = parser.parse_args()
    extra: dict[str, Any] = {}
    for item in args.param:
        key, value = item.split("=", 1)
        extra[key] = _value(value)
    game = tapete.load_game("pocha", n_players=4)
    first: list[float] | None = None
    for mode in args.modes.split(","):
        search = OracleSearch(mode, worlds=args.worlds, **extra)
        margins: list[float] = []
        exact: list[bool] = []
        for deal in range(args.deals):
            rows = play_deal(game, search, deal, args.seed)
            margins.append(statistics.fmean(m for m, _ in rows))
            exact.extend(e for _, e in rows)
            if args.out is not None:
                with args.out.open("a") as out:
                    line = {"mode": mode, "params": args.param, "seed": args.seed, "deal": deal}
                    out.write(json.dumps({**line, "margin": margins[-1]}) + "\n")
        paired = ""
        if first is None:
            first = margins
        else:
            diffs = [m - f for m, f in zip(margins, first, strict=True)]
            paired = f", paired vs {args.modes.split(',')[0]} {_interval(diffs)}"
        print(
            f"{mode:6s}: {args.deals} deals, margin {_interval(margins)}, exact bids "
            f"{sum(exact) / len(exact):.1%}{paired}",
            flush=True,
        )


def _value(text: str) -> Any:
    """A ``--param`` value: an int, a float, or the text itself (``opponents=count``)."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


if __name__ == "__main__":
    main()
