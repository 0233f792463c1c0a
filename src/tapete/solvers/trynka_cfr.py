"""Trynka's game-theoretic strategy: CFR+ over strength classes and the betting tree.

The game of one deal is modelled by :mod:`tapete.solvers.trynka_tree` (the betting rules on
positions, hands as strength classes with exact card removal); :class:`Solver` runs CFR+
(alternating updates, regrets floored at zero, linearly weighted averages) with vectorised
passes over the classes (:mod:`tapete.solvers.trynka_kernel`), computes the exact best
responses of the two players in the abstraction, and writes the average strategy as a table
(:class:`StrategyTable`, a compressed ``.npz``: probabilities in 1/65535 steps).

Computed by a command::

    python -m tapete.solvers.trynka_cfr --players 2 --iterations 2000 \\
        --out src/tapete/solvers/data/trynka_2p.npz

>>> solver = Solver(Abstraction(n_players=2, level_cap=2, dark_max=1))
>>> first = solver.exploitability()
>>> solver.run(200)
>>> bool(solver.exploitability() < first / 10)
True
>>> table = solver.table()
>>> probs = table.policy(0, None)
>>> len(probs) == len(table.tree.children(0)), round(float(sum(probs)), 9)
(True, 1.0)
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from tapete.errors import ConfigError
from tapete.solvers.trynka_tree import (
    DECISION,
    Abstraction,
    StrengthClasses,
    Tree,
    build_tree,
    pair_weights,
    strength_classes,
)

#: Where the shipped tables live (``trynka_2p.npz`` …).
DATA_DIR = Path(__file__).parent / "data"


def _rows(tree: Tree, n_classes: int) -> tuple[np.ndarray, int]:
    """Each decision node's first row in the strategy tables (-1 elsewhere), and the rows."""
    row_of = np.full(len(tree), -1, dtype=np.int64)
    rows = 0
    for node, kind in enumerate(tree.kind):
        if kind == DECISION:
            row_of[node] = rows
            rows += 1 if tree.blind[node] else n_classes
    return row_of, rows


class Solver:
    """CFR+ for a two-player abstraction (see the module)."""

    def __init__(self, abstraction: Abstraction) -> None:
        if abstraction.n_players != 2:
            raise ConfigError("the exact CFR+ solver plays two players")
        self.abstraction = abstraction
        self.classes: StrengthClasses = strength_classes(*abstraction.value_options())
        self.tree = build_tree(abstraction)
        self.arrays = self.tree.arrays()
        k = self.classes.n_classes
        self.P = pair_weights(self.classes)
        idx = np.arange(k)
        self.W = np.where(idx[:, None] > idx[None, :], 1.0, 0.0)
        self.W[idx, idx] = 0.5
        self.row_of, rows = _rows(self.tree, k)
        max_a = max(self.tree.count)
        self.regret = np.zeros((rows, max_a))
        self.average = np.zeros((rows, max_a))
        self.iterations = 0
        self._reach = np.zeros((len(self.tree), 2, k))
        self._value = np.zeros((len(self.tree), k))

    def _pass(self, player: int, mode: int, weight: float = 0.0) -> float:
        from tapete.solvers import trynka_kernel as kernel  # numba loads here

        a = self.arrays
        return float(
            kernel.cfr_pass(
                a["kind"], a["player"], a["blind"], a["first"], a["count"], a["child"],
                a["bank"], a["paid"], a["active"], self.row_of, self.regret, self.average,
                self.P, self.W, player, mode, weight, self._reach, self._value,
            )
        )  # fmt: skip

    def run(self, iterations: int) -> None:
        """``iterations`` more CFR+ iterations (each updates both players in turn)."""
        for _ in range(iterations):
            self.iterations += 1
            weight = float(self.iterations)
            for player in (0, 1):
                self._pass(player, 0, weight)

    def values(self) -> tuple[float, float]:
        """Each player's expected chips per deal under the average strategies."""
        return self._pass(0, 2), self._pass(1, 2)

    def best_responses(self) -> tuple[float, float]:
        """Each player's best-response value against the other's average strategy."""
        return self._pass(0, 1), self._pass(1, 1)

    def exploitability(self) -> float:
        """Half the sum of the best-response values (the game is zero-sum), in chips."""
        br0, br1 = self.best_responses()
        return (br0 + br1) / 2

    def table(self, **meta: Any) -> StrategyTable:
        """The average strategy as a :class:`StrategyTable`."""
        return StrategyTable.from_average(
            self.abstraction, self.tree, self.classes, self.row_of, self.average,
            {"iterations": self.iterations, **meta},
        )  # fmt: skip


class SampledSolver:
    """Chance-sampled CFR+ for three or more players (no equilibrium guarantee; the average
    regret falls): each iteration deals real hands (their strength classes) and passes over
    the whole tree once."""

    def __init__(self, abstraction: Abstraction, seed: int = 0) -> None:
        self.abstraction = abstraction
        self.classes: StrengthClasses = strength_classes(*abstraction.value_options())
        self.tree = build_tree(abstraction)
        self.arrays = self.tree.arrays()
        self.row_of, rows = _rows(self.tree, self.classes.n_classes)
        max_a = max(self.tree.count)
        self.regret = np.zeros((rows, max_a))
        self.average = np.zeros((rows, max_a))
        self.iterations = 0
        self.seed = seed
        n = len(self.tree)
        self._reach = np.zeros((n, abstraction.n_players))
        self._value = np.zeros((n, abstraction.n_players))
        self._reached = np.zeros(n, dtype=np.bool_)

    def run(self, iterations: int, chunk: int = 20000) -> None:
        """``iterations`` more sampled deals."""
        from tapete.solvers import trynka_kernel as kernel  # numba loads here
        from tapete.solvers.trynka_tree import sample_classes

        a = self.arrays
        done = 0
        while done < iterations:
            todo = min(chunk, iterations - done)
            deals = sample_classes(
                self.classes, self.abstraction.n_players, todo, self.seed + self.iterations
            )
            kernel.sampled_pass(
                a["kind"], a["player"], a["blind"], a["first"], a["count"], a["child"],
                a["bank"], a["paid"], a["active"], a["target"], self.row_of, self.regret,
                self.average, deals, self.iterations + 1, self._reach, self._value,
                self._reached,
            )  # fmt: skip
            self.iterations += todo
            done += todo

    def table(self, **meta: Any) -> StrategyTable:
        """The average strategy as a :class:`StrategyTable`."""
        return StrategyTable.from_average(
            self.abstraction, self.tree, self.classes, self.row_of, self.average,
            {"iterations": self.iterations, **meta},
        )  # fmt: skip


@dataclasses.dataclass
class StrategyTable:
    """A stored strategy: per decision node, probabilities per strength class (``None``
    class for a player who has not looked) over the node's children, in 1/65535 steps."""

    abstraction: Abstraction
    tree: Tree
    classes: StrengthClasses
    row_of: np.ndarray
    probs: np.ndarray  # (rows, max children) uint16
    meta: dict[str, Any]

    @classmethod
    def from_average(
        cls,
        abstraction: Abstraction,
        tree: Tree,
        classes: StrengthClasses,
        row_of: np.ndarray,
        average: np.ndarray,
        meta: dict[str, Any],
    ) -> StrategyTable:
        """Quantise an average-strategy array (rows normalised, uniform where empty)."""
        count = np.zeros(average.shape[0], dtype=np.int64)
        for node in np.nonzero(row_of >= 0)[0]:
            nrows = 1 if tree.blind[node] else classes.n_classes
            count[row_of[node] : row_of[node] + nrows] = tree.count[node]
        cols = np.arange(average.shape[1])[None, :]
        valid = cols < count[:, None]
        avg = np.where(valid, np.maximum(average, 0.0), 0.0)
        total = avg.sum(axis=1, keepdims=True)
        uniform = valid / np.maximum(count[:, None], 1)
        normal = np.where(total > 0, avg / np.where(total > 0, total, 1.0), uniform)
        probs = np.rint(normal * 65535).astype(np.uint16)
        return cls(abstraction, tree, classes, row_of, probs, dict(meta))

    def policy(self, node: int, hand_class: int | None) -> list[float]:
        """The probabilities of ``node``'s children for a hand of ``hand_class`` (``None``
        or any class at a node where the player has not looked)."""
        row = int(self.row_of[node])
        if row < 0:
            raise ConfigError(f"node {node} is not a decision")
        if not self.tree.blind[node]:
            row += 0 if hand_class is None else hand_class
        n = self.tree.count[node]
        raw = self.probs[row, :n].astype(np.float64)
        total = raw.sum()
        if total <= 0:
            return [1.0 / n] * n
        return list(raw / total)

    # -- storage ------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write the table (``.npz``: the probabilities and a JSON header)."""
        header = {
            "abstraction": dataclasses.asdict(self.abstraction),
            "signature": self.tree.signature(),
            "class_values": list(self.classes.values),
            **self.meta,
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, probs=self.probs, header=np.array(json.dumps(header)))
        path.write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> StrategyTable:
        """Read a table written by :meth:`save` (:class:`ConfigError` if it does not match
        the tree its abstraction builds)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                probs = data["probs"]
                header = json.loads(str(data["header"]))
        except (OSError, ValueError, KeyError) as e:
            raise ConfigError(f"cannot read the Trynka strategy table {path}: {e}") from None
        abstraction = Abstraction(**header.pop("abstraction"))
        tree = build_tree(abstraction)
        if tree.signature() != header.get("signature"):
            raise ConfigError(f"the strategy table {path} was made for another betting tree")
        classes = strength_classes(*abstraction.value_options())
        row_of, rows = _rows(tree, classes.n_classes)
        if probs.shape[0] != rows:
            raise ConfigError(f"the strategy table {path} has {probs.shape[0]} rows, not {rows}")
        return cls(abstraction, tree, classes, row_of, probs, header)


def table_exploitability(table: StrategyTable) -> float:
    """The exact exploitability (chips per deal) of a two-player table as stored (its
    probabilities rounded to 1/65535)."""
    solver = Solver(table.abstraction)
    if solver.tree.signature() != table.tree.signature():
        raise ConfigError("the table was made for another betting tree")
    solver.average[:, : table.probs.shape[1]] = table.probs.astype(np.float64)
    return solver.exploitability()


def default_table_path(n_players: int) -> Path:
    """The shipped table of ``n_players`` players with the default rules."""
    return DATA_DIR / f"trynka_{n_players}p.npz"


def default_abstraction(n_players: int, **params: Any) -> Abstraction:
    """The abstraction the shipped tables use for ``n_players`` (rule options ``params``):
    coarse bets, and for three or more players two raises a deal (an over-blind counts).

    >>> default_abstraction(3).raises, default_abstraction(2).bets
    (2, 'coarse')
    """
    return Abstraction.from_params(
        {"n_players": n_players, **params}, bets="coarse", raises=0 if n_players == 2 else 2
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tapete.solvers.trynka_cfr``: solve and write a strategy table."""
    parser = argparse.ArgumentParser(
        prog="python -m tapete.solvers.trynka_cfr",
        description="Solve Trynka's betting abstraction with CFR+ and write the table.",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--bets", choices=("coarse", "all"), default="coarse")
    parser.add_argument(
        "--raises", type=int, default=None, help="raises per deal (default: 0 = no limit for "
        "two players, 2 for more)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled deals (3+)")
    parser.add_argument("--report-every", type=int, default=0, metavar="N")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "-p", "--param", action="append", default=[], metavar="K=V",
        help="a rule option of the game (deck=36, level_cap=5, sixes_over_aces=true…)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    params: dict[str, Any] = {}
    for item in args.param:
        key, _, value = item.partition("=")
        low = value.lower()
        params[key] = (
            low == "true" if low in ("true", "false") else int(value) if value.isdigit() else value
        )
    raises = args.raises if args.raises is not None else (0 if args.players == 2 else 2)
    abstraction = Abstraction.from_params(
        {"n_players": args.players, **params}, bets=args.bets, raises=raises
    )
    start = time.perf_counter()
    if args.players != 2:
        return _main_sampled(args, abstraction, start)
    solver = Solver(abstraction)
    print(f"tree: {len(solver.tree)} nodes, {solver.regret.shape[0]} strategy rows", flush=True)
    done = 0
    step = args.report_every or args.iterations
    while done < args.iterations:
        todo = min(step, args.iterations - done)
        solver.run(todo)
        done += todo
        e = solver.exploitability()
        print(
            f"iterations {done}: exploitability {e:.5f} chips "
            f"({100 * e / max(abstraction.ante, 1):.3f}% of the ante), "
            f"{time.perf_counter() - start:.1f} s",
            flush=True,
        )
    v0, v1 = solver.values()
    exploitability = solver.exploitability()
    print(f"values per deal: P1 {v0:+.4f}, P2 {v1:+.4f}")
    table = solver.table(exploitability=exploitability, values=[v0, v1])
    stored = table_exploitability(table)
    table.meta["stored_exploitability"] = stored
    print(f"exploitability of the table as stored (1/65535 steps): {stored:.5f} chips")
    if args.out is not None:
        table.save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


def _main_sampled(args: argparse.Namespace, abstraction: Abstraction, start: float) -> int:
    solver = SampledSolver(abstraction, seed=args.seed)
    print(f"tree: {len(solver.tree)} nodes, {solver.regret.shape[0]} strategy rows", flush=True)
    done = 0
    step = args.report_every or args.iterations
    while done < args.iterations:
        todo = min(step, args.iterations - done)
        solver.run(todo)
        done += todo
        print(f"sampled deals {done}: {time.perf_counter() - start:.1f} s", flush=True)
    if args.out is not None:
        solver.table().save(args.out)
        print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
