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

import contextlib
import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tapete.arena.backends import BACKENDS, run_processes, run_ray
from tapete.arena.deals import SEATINGS, rotations
from tapete.arena.faults import check_limit
from tapete.arena.gamestats import summarise_stats
from tapete.arena.stats import mean_ci, paired_diff_ci
from tapete.engine.registry import load_game
from tapete.errors import ConfigError, TapeteError
from tapete.players.base import import_player_module, load

#: Version of the results' JSON layout (2: forfeits).
RESULTS_VERSION = 2
#: Seconds a player may take for one decision before it forfeits the game (0: no limit).
DEFAULT_TIME_LIMIT = 60.0
#: Faults listed one by one in the results (all are counted, and kept in the records).
MAX_FAULTS_LISTED = 100


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
            key = key.strip()
            if not sep or not key.isidentifier():
                raise ConfigError(f"cannot read player {text!r}: expected name:key=value")
            params[key] = _number(value.strip())
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

    ``time_limit``: seconds a player may take for one decision (0: no limit); a player that
    fails (see :mod:`tapete.arena.faults`) forfeits the game and the run goes on, unless
    ``strict``, which stops at the first forfeit. ``player_modules`` are imported first (in
    every worker too) so that the players they register can be used.
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
    time_limit: float = DEFAULT_TIME_LIMIT
    strict: bool = False
    player_modules: tuple[str, ...] = ()

    @classmethod
    def build(cls, game: str, players: str | Sequence[str], **kwargs: Any) -> ArenaConfig:
        """A config from a comma-separated player list (``'rule,rule,random,random'``)."""
        texts = players.split(",") if isinstance(players, str) else list(players)
        return cls(game=game, players=tuple(PlayerSpec.parse(t) for t in texts), **kwargs)

    def validate(self) -> int:
        """Check the config (loading the game and players); returns the number of seats."""
        for module in self.player_modules:
            import_player_module(module)
        game = load_game(self.game, **self.game_params)
        seats = game.num_players()
        if len(self.players) != seats:
            raise ConfigError(
                f"{self.game} has {seats} seats but {len(self.players)} players were given; "
                f"give one player per seat, e.g. --players {','.join(['rule'] * seats)}"
            )
        for spec in self.players:
            if not spec.label.isprintable():
                raise ConfigError(f"player {spec.label!r} must be printable text")
            load(spec.name, **spec.params)
        if self.deals < 1:
            raise ConfigError(f"deals must be at least 1, got {self.deals}")
        if self.seating not in SEATINGS:
            raise ConfigError(f"seating {self.seating!r}; allowed: {', '.join(SEATINGS)}")
        if self.backend not in BACKENDS:
            raise ConfigError(f"backend {self.backend!r}; allowed: {', '.join(BACKENDS)}")
        if self.workers < 1:
            raise ConfigError(f"workers must be at least 1, got {self.workers}")
        check_limit(self.time_limit)
        if (
            isinstance(self.seed, bool)
            or not isinstance(self.seed, int)
            or len(str(self.seed)) > 60
        ):
            raise ConfigError(
                f"the seed must be an integer of at most 60 digits, got {self.seed!r}"
            )
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
            "time_limit": self.time_limit,
            "strict": self.strict,
            "player_modules": list(self.player_modules),
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
            "time_limit": self.time_limit,
            "strict": self.strict,
            "player_modules": list(self.player_modules),
        }


@dataclasses.dataclass
class ArenaResult:
    """The arena's outcome: ``summary`` (JSON-ready) and every game played (``games``).

    Each game dict holds ``deal``, ``rotation``, ``seating``, ``returns`` (``None`` when
    forfeited), ``forfeit`` (the fault or ``None``), ``stats`` and (when kept) ``record``,
    the game record as JSON text. ``stopped`` is the fault that stopped a strict run.
    """

    config: ArenaConfig
    summary: dict[str, Any]
    games: list[dict[str, Any]]
    stopped: dict[str, Any] | None = None

    def records(self) -> list[str]:
        """The game records as JSON lines (deal and seating order)."""
        return [g["record"] for g in self.games if "record" in g]


class ArenaStopped(TapeteError):
    """A strict run stopped at its first forfeit (the games played so far are kept)."""


def _chunks(deals: int, workers: int, size: int | None) -> list[list[int]]:
    if size is None:
        size = max(1, min(25, math.ceil(deals / (max(1, workers) * 4))))
    return [list(range(i, min(deals, i + size))) for i in range(0, deals, size)]


def run_arena(
    config: ArenaConfig,
    on_progress: Callable[[int, int], None] | None = None,
    on_games: Callable[[list[dict[str, Any]]], None] | None = None,
) -> ArenaResult:
    """Play the arena and aggregate it.

    ``on_progress(done, total)`` is called as deals end; ``on_games(games)`` receives the
    games as soon as they are played, in deal and seating order (for writing them as they
    come: a run stopped or interrupted keeps what was played).
    """
    seats = config.validate()
    spec = config.spec()
    chunks = _chunks(config.deals, config.workers, config.chunk_size)
    done = 0
    received: dict[int, list[dict[str, Any]]] = {}
    flushed = 0
    stopped: dict[str, Any] | None = None

    def flush(everything: bool = False) -> None:
        nonlocal flushed
        for i in sorted(k for k in received if k >= flushed):
            if i != flushed and not everything:
                break
            if on_games is not None:
                on_games(received[i])
            flushed = i + 1

    def on_chunk(index: int, results: list[dict[str, Any]]) -> bool:
        nonlocal done, stopped
        received[index] = results
        done += len({g["deal"] for g in results})
        flush()
        if on_progress is not None:
            on_progress(done, config.deals)
        faults = [g["forfeit"] for g in results if g.get("forfeit")]
        if config.strict and faults and stopped is None:
            stopped = faults[0]
        return stopped is None

    start = time.perf_counter()
    try:
        if config.backend == "ray":
            run_ray(spec, chunks, config.workers, on_chunk, config.address)
        else:
            run_processes(spec, chunks, config.workers, on_chunk)
    except BaseException:  # interrupted or failed: hand over what was played, then go on
        with contextlib.suppress(Exception):
            flush(everything=True)
        raise
    flush(everything=True)
    wall = time.perf_counter() - start
    games = [g for i in sorted(received) for g in received[i]]
    games.sort(key=lambda g: (g["deal"], g["rotation"]))
    summary = aggregate(config, seats, games)
    if stopped is not None:
        summary["stopped"] = stopped
    n_games = len(games)
    summary["timing"] = {
        "wall_seconds": wall,
        "deals_per_second": summary["deals"] / wall if wall > 0 else None,
        "games_per_second": n_games / wall if wall > 0 else None,
        "cpu_seconds_per_game": math.fsum(g["seconds"] for g in games) / max(1, n_games),
        "workers": config.workers,
        "backend": config.backend,
    }
    return ArenaResult(config, summary, games, stopped)


def forfeit_scoring(
    config: ArenaConfig, seats: int, games: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """How forfeited games score: ``worst[seat]`` for the culprit's seat, ``others[seat]``
    for every other seat, and ``source``.

    The worst result is the game's ``min_utility()`` when the game declares it, else the
    lowest result that seat had in the finished games of the run (``observed``); the other
    seats score their seat's mean over the finished games, so that they are neither helped
    nor hurt by the culprit. With no finished game at all, both are 0.
    """
    finished = [g for g in games if not g.get("forfeit")]
    per_seat = [[float(g["returns"][s]) for g in finished] for s in range(seats)]
    others = [math.fsum(v) / len(v) if v else 0.0 for v in per_seat]
    low: float | None = None
    try:
        low = float(load_game(config.game, **config.game_params).min_utility())
    except (NotImplementedError, AttributeError, TypeError, ValueError, TapeteError):
        low = None
    if low is not None and math.isfinite(low):
        return {"worst": [low] * seats, "others": others, "source": "min_utility"}
    worst = [min(v) if v else 0.0 for v in per_seat]
    return {"worst": worst, "others": others, "source": "observed"}


def scored_returns(game: Mapping[str, Any], scoring: Mapping[str, Any]) -> list[float]:
    """The returns a game counts with: its own, or those of :func:`forfeit_scoring`."""
    fault = game.get("forfeit")
    if not fault:
        return [float(x) for x in game["returns"]]
    return [
        scoring["worst"][seat] if seat == fault["seat"] else scoring["others"][seat]
        for seat in range(len(scoring["worst"]))
    ]


def aggregate(
    config: ArenaConfig, seats: int, games: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The summary of ``games`` (sorted by deal and rotation): means, margins, ratings, stats."""
    labels = [p.label for p in config.players]
    names = list(dict.fromkeys(labels))
    scoring = forfeit_scoring(config, seats, games)
    forfeits = {name: 0 for name in names}
    faults = []
    per_deal: dict[str, dict[int, list[float]]] = {name: {} for name in names}
    per_seat: list[list[float]] = [[] for _ in range(seats)]
    counters: dict[str, dict[str, float]] = {name: {} for name in names}
    h2h: dict[tuple[str, str], list[float]] = {}
    h2h_wins: dict[tuple[str, str], float] = {}
    game_ranks: list[dict[str, float]] = []
    for g in games:
        returns = scored_returns(g, scoring)
        fault = g.get("forfeit")
        if fault:
            forfeits[labels[g["seating"][fault["seat"]]]] += 1
            faults.append({"deal": g["deal"], "rotation": g["rotation"], **fault})
        by_name: dict[str, list[float]] = {}
        for seat, entry in enumerate(g["seating"]):
            name = labels[entry]
            value = returns[seat]
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
            "forfeits": forfeits[name],
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
        "forfeits": {
            "games": len(faults),
            "by_player": forfeits,
            "scoring": scoring,
            "first": faults[:MAX_FAULTS_LISTED],
        },
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
        return {
            "model": None,
            "note": "openskill is missing: reinstall tapete (it is one of its dependencies)",
        }
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
