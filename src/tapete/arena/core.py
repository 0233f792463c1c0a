"""The arena: duplicate matches between players, with intervals, head-to-head and ratings.

>>> from tapete.arena import ArenaConfig, run_arena
>>> config = ArenaConfig.build('pocha', 'rule,rule,random,random', deals=6, seed=1,
...                            game_params={'hand_size': 3})
>>> result = run_arena(config)
>>> result.summary['games'], sorted(result.summary['players'])
(24, ['random', 'rule'])
>>> result.summary == run_arena(config).summary | {'timing': result.summary['timing']}
True
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tapete.arena.backends import BACKENDS, run_processes, run_ray
from tapete.arena.deals import SEATINGS, rotations
from tapete.arena.gamestats import summarise_stats
from tapete.arena.stats import mean_ci, paired_diff_ci
from tapete.engine.registry import load_game
from tapete.errors import ConfigError
from tapete.players.base import load

#: Version of the results' JSON layout.
RESULTS_VERSION = 1


@dataclasses.dataclass(frozen=True)
class PlayerSpec:
    """A player of the arena: a registered name and its parameters (``rule:aggression=0.7``)."""

    name: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        """Read ``name`` or ``name:key=value:key=value``.

        >>> PlayerSpec.parse('rule:aggression=0.7')
        PlayerSpec(name='rule', params={'aggression': 0.7})
        """
        name, *parts = text.strip().split(":")
        params: dict[str, Any] = {}
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep or not key:
                raise ConfigError(f"cannot read player {text!r}: expected name:key=value")
            params[key.strip()] = _number(value.strip())
        if not name:
            raise ConfigError(f"cannot read player {text!r}: no name")
        return cls(name, params)

    @property
    def label(self) -> str:
        """The text that names this player in results (``rule``, ``rule:aggression=0.7``)."""
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.params.items())])


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclasses.dataclass(frozen=True)
class ArenaConfig:
    """What to play: the game, one player per seat, how many deals, the seed, and where.

    ``seating`` is ``rotate`` (duplicate: each deal replayed with the players rotated through
    every seat), ``all`` (every permutation of the players) or ``fixed`` (no duplicate).
    With a whole-match game (``pocha-match``…) a "deal" is a whole match.
    """

    game: str
    players: tuple[PlayerSpec, ...]
    deals: int = 100
    seed: int = 0
    game_params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    seating: str = "rotate"
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    keep_records: bool = True
    chunk_size: int | None = None

    @classmethod
    def build(cls, game: str, players: str | Sequence[str], **kwargs: Any) -> ArenaConfig:
        """A config from a comma-separated player list (``'rule,rule,random,random'``)."""
        texts = players.split(",") if isinstance(players, str) else list(players)
        return cls(game=game, players=tuple(PlayerSpec.parse(t) for t in texts), **kwargs)

    def validate(self) -> int:
        """Check the config (loading the game and players); returns the number of seats."""
        game = load_game(self.game, **self.game_params)
        seats = game.num_players()
        if len(self.players) != seats:
            raise ConfigError(
                f"{self.game} has {seats} seats but {len(self.players)} players were given; "
                f"give one player per seat, e.g. --players {','.join(['rule'] * seats)}"
            )
        for spec in self.players:
            load(spec.name, **spec.params)
        if self.deals < 1:
            raise ConfigError(f"deals must be at least 1, got {self.deals}")
        if self.seating not in SEATINGS:
            raise ConfigError(f"seating {self.seating!r}; allowed: {', '.join(SEATINGS)}")
        if self.backend not in BACKENDS:
            raise ConfigError(f"backend {self.backend!r}; allowed: {', '.join(BACKENDS)}")
        if self.workers < 1:
            raise ConfigError(f"workers must be at least 1, got {self.workers}")
        return seats

    def spec(self) -> dict[str, Any]:
        """The plain-data form sent to the workers."""
        return {
            "game": self.game,
            "game_params": dict(self.game_params),
            "players": [(p.name, dict(p.params)) for p in self.players],
            "labels": [p.label for p in self.players],
            "seed": self.seed,
            "seating": self.seating,
            "keep_records": self.keep_records,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description of what was played (where it ran is in the timing)."""
        return {
            "game": self.game,
            "game_params": dict(self.game_params),
            "players": [p.label for p in self.players],
            "deals": self.deals,
            "seed": self.seed,
            "seating": self.seating,
        }


@dataclasses.dataclass
class ArenaResult:
    """The arena's outcome: ``summary`` (JSON-ready) and every game played (``games``).

    Each game dict holds ``deal``, ``rotation``, ``seating``, ``returns``, ``stats`` and
    (when kept) ``record``, the game record as JSON text.
    """

    config: ArenaConfig
    summary: dict[str, Any]
    games: list[dict[str, Any]]

    def records(self) -> list[str]:
        """The game records as JSON lines (deal and seating order)."""
        return [g["record"] for g in self.games if "record" in g]


def _chunks(deals: int, workers: int, size: int | None) -> list[list[int]]:
    if size is None:
        size = max(1, min(25, math.ceil(deals / (max(1, workers) * 4))))
    return [list(range(i, min(deals, i + size))) for i in range(0, deals, size)]


def run_arena(
    config: ArenaConfig, on_progress: Callable[[int, int], None] | None = None
) -> ArenaResult:
    """Play the arena and aggregate it. ``on_progress(done, total)`` is called as deals end."""
    seats = config.validate()
    spec = config.spec()
    chunks = _chunks(config.deals, config.workers, config.chunk_size)
    done = 0

    def on_done(count: int) -> None:
        nonlocal done
        done += count
        if on_progress is not None:
            on_progress(done, config.deals)

    start = time.perf_counter()
    if config.backend == "ray":
        parts = run_ray(spec, chunks, config.workers, on_done, config.address)
    else:
        parts = run_processes(spec, chunks, config.workers, on_done)
    wall = time.perf_counter() - start
    games = [g for part in parts for g in part]
    games.sort(key=lambda g: (g["deal"], g["rotation"]))
    summary = aggregate(config, seats, games)
    n_games = len(games)
    summary["timing"] = {
        "wall_seconds": wall,
        "deals_per_second": config.deals / wall if wall > 0 else None,
        "games_per_second": n_games / wall if wall > 0 else None,
        "cpu_seconds_per_game": math.fsum(g["seconds"] for g in games) / max(1, n_games),
        "workers": config.workers,
        "backend": config.backend,
    }
    return ArenaResult(config, summary, games)


def aggregate(
    config: ArenaConfig, seats: int, games: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The summary of ``games`` (sorted by deal and rotation): means, margins, ratings, stats."""
    labels = [p.label for p in config.players]
    names = list(dict.fromkeys(labels))
    per_deal: dict[str, dict[int, list[float]]] = {name: {} for name in names}
    per_seat: list[list[float]] = [[] for _ in range(seats)]
    counters: dict[str, dict[str, float]] = {name: {} for name in names}
    h2h: dict[tuple[str, str], list[float]] = {}
    h2h_wins: dict[tuple[str, str], float] = {}
    game_ranks: list[dict[str, float]] = []
    for g in games:
        by_name: dict[str, list[float]] = {}
        for seat, entry in enumerate(g["seating"]):
            name = labels[entry]
            value = float(g["returns"][seat])
            by_name.setdefault(name, []).append(value)
            per_deal[name].setdefault(g["deal"], []).append(value)
            per_seat[seat].append(value)
            c = counters[name]
            for key, x in g["stats"][seat].items():
                c[key] = c.get(key, 0.0) + x
        means = {name: math.fsum(v) / len(v) for name, v in by_name.items()}
        game_ranks.append(means)
        for a in means:
            for b in means:
                if a != b:
                    h2h.setdefault((a, b), []).append(means[a] - means[b])
                    win = 1.0 if means[a] > means[b] else 0.5 if means[a] == means[b] else 0.0
                    h2h_wins[(a, b)] = h2h_wins.get((a, b), 0.0) + win
    deals = sorted({g["deal"] for g in games})
    deal_means = {
        name: [math.fsum(per_deal[name][d]) / len(per_deal[name][d]) for d in deals]
        for name in names
    }
    players = {}
    for name in names:
        ci = mean_ci(deal_means[name])
        players[name] = {
            "seats": labels.count(name),
            "score": _clean(ci.to_dict()),
            "stats": summarise_stats(config.game, counters[name]),
        }
    margins = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = paired_diff_ci(deal_means[a], deal_means[b])
            margins.append({"a": a, "b": b, **_clean(diff.to_dict())})
    head_to_head = [
        {
            "a": a,
            "b": b,
            "games": len(diffs),
            "win_share": h2h_wins[(a, b)] / len(diffs),
            "mean_diff": math.fsum(diffs) / len(diffs),
        }
        for (a, b), diffs in h2h.items()
    ]
    return {
        "format": "tapete-arena",
        "version": RESULTS_VERSION,
        "config": config.to_dict(),
        "deals": len(deals),
        "games": len(games),
        "seatings_per_deal": len(rotations(seats, config.seating)),
        "players": players,
        "margins": margins,
        "head_to_head": head_to_head,
        "seat_means": [math.fsum(v) / len(v) if v else None for v in per_seat],
        "ratings": _ratings(names, game_ranks),
    }


def _clean(d: Mapping[str, Any]) -> dict[str, Any]:
    """NaN → None, so the JSON is standard."""
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in d.items()}


def _ratings(names: Sequence[str], games: Sequence[Mapping[str, float]]) -> dict[str, Any]:
    """OpenSkill (Plackett-Luce) ratings of the players, one match per game played."""
    if len(names) < 2:
        return {"model": None, "note": "one player only: nothing to rate"}
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return {"model": None, "note": "install the arena extra (openskill) for ratings"}
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for means in games:
        present = [n for n in names if n in means]
        if len(present) < 2:
            continue
        new = model.rate([[ratings[n]] for n in present], scores=[means[n] for n in present])
        for n, team in zip(present, new, strict=True):
            ratings[n] = team[0]
    return {
        "model": "openskill.PlackettLuce",
        "players": {
            n: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for n, r in ratings.items()
        },
    }
