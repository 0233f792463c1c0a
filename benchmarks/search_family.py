"""How much the search gains over ``rule`` at Tresillo and Danish l'hombre, and how much an
all-seeing search gains on the same deals (issue 30's goal): a duplicate measure.

Run: ``nice .venv/bin/python benchmarks/search_family.py GAME --players search-strong,oracle
[--deals 40] [--seed 3001] [--opponents rule] [--param key=value ...] [--out FILE]``.

Every deal is played once per seat that plays (Tresillo's dealer holds no cards: his seat is
left out), the player under test in that seat and ``--opponents`` bots (``rule``, or
``search-normal`` ...) in the others, and once more with ``--opponents`` everywhere (a
player is named as the arena names them: ``search-normal:credit=0.3``); the
chance outcomes are the arena's (:class:`tapete.arena.deals.DeckChance` with the arena's deal
seeds) and each bot's random stream the arena's (``bot_seed``), so every configuration sees
the same deals. A seat-deal's gain is the player's return there less the return of the
opponent bot in that seat on the same deal; a deal's gain is the mean over its seats; the
figure is the mean over the deals with a 95% interval (Student's t). Decision times (the
player under test, decisions with more than one legal action) are given as mean
and 99th percentile, on the wall clock and in the thread's CPU time (a loaded machine
stretches the first; ``--param clock=cpu`` budgets the second). With ``--out`` the JSON is
rewritten after every deal, so a run stopped early keeps its figures so far.

``oracle`` is the all-seeing search, for measurement only: the search whose every world is
the true deal (every hand, and the stock in the order it will be drawn); it solves the one
true world (``worlds=1``): its card play is double-dummy play, its contract the true deal's.
The figure printed as ``share`` is a player's gain over the oracle's on the same deals, with
a bootstrap 95% interval over the deals (2,000 resamples, seeded). Each player after the
first (but the oracle) is also compared with the first on the same deals (``paired``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import tapete
from tapete.arena.core import PlayerSpec
from tapete.arena.deals import DeckChance, bot_seed, deal_seed
from tapete.engine.api import Game, PlayerView
from tapete.players import Player, load
from tapete.players.search import SearchPlayer
from tapete.players.search.family import (
    DECLARE_CREDIT,
    FamilyCardSearch,
    FamilyContract,
    FamilySearch,
    live_deal,
    playing_seats,
)

T95 = {n: t for n, t in ((10, 2.262), (20, 2.093), (30, 2.045), (40, 2.023), (60, 2.0),
                         (100, 1.984), (200, 1.972))}  # fmt: skip


def t95(n: int) -> float:
    """Student's t quantile (0.975) for ``n`` deals (n - 1 degrees of freedom), roughly."""
    for k in sorted(T95):
        if n <= k:
            return T95[k]
    return 1.96


class Truth:
    """The true deal, for the all-seeing search: the state and the chance stream."""

    def __init__(self) -> None:
        self.state: Any = None
        self.chance: DeckChance | None = None

    def hands(self, deal: Any) -> list[int]:
        """The three playing hands now, in kernel seats."""
        return [int(self.state.hands[s]) for s in playing_seats(deal)]

    def stock(self) -> list[int]:
        """The cards still in the stock, in the order the chance stream will draw them."""
        from tapete.games.ombre.actions import CARD_ID

        assert self.chance is not None
        dealt = int(self.state._dealt)  # the benchmark reads the true deal on purpose
        order = self.chance._order(self.chance._pack)
        return [CARD_ID[a] for a in order if a < 40 and not dealt >> CARD_ID[a] & 1]


class OracleCards(FamilyCardSearch):
    """The card search whose worlds are the true hands."""

    truth: Truth

    def _world(
        self, view: PlayerView, deal: Any, constraints: Any, game: Game, rng: random.Random
    ) -> list[int]:
        real = self._real_view
        assert real is not None
        return self.truth.hands(live_deal(real))


class OracleContract(FamilyContract):
    """The contract search whose deals are the true deal."""

    truth: Truth
    real: Any = None

    def draw_world(
        self, rng: random.Random, unseen: list[int], seat: int, hand: int, stock_left: int
    ) -> tuple[list[int], list[int]]:
        """The true hands and the stock in the order it will be drawn."""
        hands = self.truth.hands(self.real)
        hands[seat] = hand
        return hands, self.truth.stock()[:stock_left]


class Oracle(SearchPlayer):
    """``search`` with the all-seeing family search (fixed: one world)."""

    def __init__(self, truth: Truth) -> None:
        super().__init__(worlds=1)
        family = FamilySearch(worlds=1, auction_prior=False)
        cards = OracleCards(worlds=1, contract=False, prior=False)
        cards.truth = truth
        family.cards = cards
        # the true deal solved (every seat perfect), the credit of solved deals: the
        # contract search's own defaults (rule playouts, no credit) are not all-seeing
        contract = OracleContract(worlds=1, table=cards.table, sim="solve", credit=DECLARE_CREDIT)
        contract.truth = truth
        family.contract = contract
        self._family = family
        self.truth = truth

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The search's choice, its worlds the true deal."""
        contract = self._family.contract
        contract.real = live_deal(view)
        return super().choose(view, legal_actions, rng)


def play(
    game: Game, seated: list[Player], deal: int, rotation: int, seed: int, truth: Truth,
    timed: int, times: list[float], cpu: list[float],
) -> list[float]:  # fmt: skip
    """One deal with ``seated[s]`` in seat ``s``; the seat ``timed`` (-1: none) has its
    decision times appended to ``times`` (wall clock) and ``cpu`` (this thread's CPU time).
    Returns the returns."""
    chance = DeckChance(deal_seed(seed, deal))
    rngs = [random.Random(bot_seed(seed, deal, rotation, s)) for s in range(len(seated))]
    state = game.new_initial_state()
    truth.state, truth.chance = state, chance
    for s, p in enumerate(seated):
        p.start(game, s)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choose(state))
            continue
        s = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        began, began_cpu = time.perf_counter(), time.thread_time()
        action = seated[s].choose(state.view(s), legal, rngs[s])
        if s == timed:
            times.append(time.perf_counter() - began)
            cpu.append(time.thread_time() - began_cpu)
        assert action in legal, (action, legal)
        state.apply_action(action)
    return list(state.returns())


def _player(name: str, params: dict[str, Any], truth: Truth) -> Player:
    """``oracle``, or a player named as the arena names them (``search-normal:credit=0.3``;
    its own parameters over ``--param``'s)."""
    if name == "oracle":
        return Oracle(truth)
    spec = PlayerSpec.parse(name)
    return load(spec.name, **{**params, **spec.params})


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main() -> None:
    """Measure each ``--players`` entry against ``--opponents`` on the same deals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", default="search-strong,oracle")
    parser.add_argument("--opponents", default="rule")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first deal number")
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--param", action="append", default=[], help="key=value for players")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    params = {k: _value(v) for k, v in (p.split("=", 1) for p in args.param)}
    game = tapete.load_game(args.game)
    n = game.num_players()
    truth = Truth()
    base_name = args.opponents
    names = args.players.split(",")
    seats = [s for s in range(n) if n == 3 or s != int(game.params.get("dealer", -1))]
    gains: dict[str, list[float]] = {name: [] for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for d in range(args.first, args.first + args.deals):
        for rotation, seat in enumerate(seats):
            base = [load(base_name) for _ in range(n)]
            base_returns = play(game, base, d, rotation, args.seed, truth, -1, [], [])
            for name in names:
                seated = [load(base_name) for _ in range(n)]
                seated[seat] = _player(name, params if name != "oracle" else {}, truth)
                r = play(game, seated, d, rotation, args.seed, truth, seat, times[name], cpu[name])
                if rotation == 0:
                    gains[name].append(0.0)
                gains[name][-1] += (r[seat] - base_returns[seat]) / len(seats)
        line = " ".join(f"{k} {statistics.mean(v):+.3f}" for k, v in gains.items())
        print(f"deal {d}: {line}", flush=True)
        if args.out:  # the figures so far (a run stopped early keeps them)
            _report(args, params, base_name, seats, names, gains, times, cpu, quiet=True)
    _report(args, params, base_name, seats, names, gains, times, cpu, quiet=False)


def _report(
    args: argparse.Namespace, params: dict[str, Any], base_name: str, seats: list[int],
    names: list[str], gains: dict[str, list[float]], times: dict[str, list[float]],
    cpu: dict[str, list[float]], quiet: bool,
) -> None:  # fmt: skip
    """Print (unless ``quiet``) and write to ``--out`` the figures of the deals played."""
    report: dict[str, Any] = {"game": args.game, "deals": len(gains[names[0]]),
                              "first": args.first, "seed": args.seed, "opponents": base_name,
                              "params": params, "seats": seats, "players": {}}  # fmt: skip
    for name in names:
        g = gains[name]
        mean = statistics.mean(g)
        half = t95(len(g)) * statistics.stdev(g) / math.sqrt(len(g)) if len(g) > 1 else 0.0
        ts = sorted(times[name])
        cs = sorted(cpu[name])
        entry = {"gain": mean, "low": mean - half, "high": mean + half,
                 "decisions": len(ts), "time_mean": statistics.mean(ts) if ts else 0.0,
                 "time_p99": ts[min(len(ts) - 1, int(0.99 * len(ts)))] if ts else 0.0,
                 "cpu_mean": statistics.mean(cs) if cs else 0.0,
                 "cpu_p99": cs[min(len(cs) - 1, int(0.99 * len(cs)))] if cs else 0.0,
                 "per_deal": g}  # fmt: skip
        if "oracle" in gains and name != "oracle":
            entry["share"] = _share(g, gains["oracle"])
        report["players"][name] = entry
        if quiet:
            continue
        print(f"{name}: gain {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] a deal over "
              f"{len(g)} deals; {len(ts)} decisions, mean {entry['time_mean']:.3f} s, p99 "
              f"{entry['time_p99']:.3f} s (CPU: mean {entry['cpu_mean']:.3f} s, p99 "
              f"{entry['cpu_p99']:.3f} s)" + (f"; share of the oracle's gain {entry['share']}"
                                             if "share" in entry else ""))  # fmt: skip
    first = names[0]
    for name in names[1:]:
        if quiet or name == "oracle" or first == "oracle":
            continue
        diff = [a - b for a, b in zip(gains[name], gains[first], strict=True)]
        mean = statistics.mean(diff)
        half = (
            t95(len(diff)) * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
        )
        report["players"][name]["paired"] = [mean, mean - half, mean + half]
        print(f"{name} - {first}: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] (paired)")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)


def _share(gain: list[float], oracle: list[float]) -> list[float]:
    """The ratio of mean gains and its bootstrap 95% interval over the deals."""
    rng = random.Random(0)
    n = len(gain)
    ratios = []
    for _ in range(2000):
        idx = [rng.randrange(n) for _ in range(n)]
        o = sum(oracle[i] for i in idx)
        if o != 0:
            ratios.append(sum(gain[i] for i in idx) / o)
    ratios.sort()
    whole = sum(oracle) and sum(gain) / sum(oracle)
    if not ratios:
        return [whole, whole, whole]
    return [round(whole, 3), round(ratios[int(0.025 * len(ratios))], 3),
            round(ratios[int(0.975 * len(ratios)) - 1], 3)]  # fmt: skip


if __name__ == "__main__":
    main()
