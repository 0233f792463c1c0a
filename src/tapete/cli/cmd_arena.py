"""``tapete arena GAME``: duplicate matches between bots, with intervals, ratings and records.

tapete arena pocha --players rule,rule,random,random --deals 1000 --seed 1 --workers 2
tapete arena ombre-match --players rule,rule,random --deals 50 --backend ray
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from tapete.cli.common import (
    OutputError,
    add_game_params,
    close_output,
    open_output,
    parse_params,
    write_line,
)
from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts

ENGLISH = Texts("en")


def register(sub: Any) -> None:
    """Add the ``arena`` sub-command."""
    parser = sub.add_parser(
        "arena",
        help=N_("duplicate matches between bots: scores with 95%% intervals, ratings, records"),
        description=(
            N_(
                "Play every deal with the players rotated through every seat (duplicate), then "
                "report each player's mean score per deal with a 95%% interval, the margins "
                "between players, a head-to-head table, OpenSkill ratings and game statistics. "
                "Writes results.json, results.csv, scores.png and records.jsonl into --out."
            )
        ),
    )
    parser.add_argument("game", help=N_("a registered game: pocha, pocha-match, ombre, trynka…"))
    parser.add_argument(
        "--players",
        required=True,
        help=N_(
            "one player per seat, comma-separated; parameters as name:key=value "
            "(e.g. rule,rule:aggression=0.8,random)"
        ),
    )
    parser.add_argument("--deals", type=int, default=100, help=N_("deals (or matches) to play"))
    parser.add_argument("--seed", type=int, default=0, help=N_("seed of the deals and the bots"))
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help=N_("processes (or Ray CPUs); default: the local cores"),
    )
    parser.add_argument(
        "--seating",
        choices=("rotate", "all", "fixed"),
        default="rotate",
        help=N_(
            "rotate: duplicate, every player in every seat (default); all: every "
            "permutation; fixed: the given order only"
        ),
    )
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument(
        "--address", default=None, help=N_("Ray cluster address (with --backend ray)")
    )
    parser.add_argument("--out", type=Path, default=None, help=N_("output folder"))
    parser.add_argument(
        "--no-records", action="store_true", help=N_("do not keep the game records")
    )
    parser.add_argument("--no-chart", action="store_true", help=N_("do not draw scores.png"))
    parser.add_argument("--no-progress", action="store_true", help=N_("no progress bar"))
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help=N_(
            "seconds a player may take for one decision before it forfeits the game "
            "(default 60; 0: no limit)"
        ),
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help=N_(
            "stop at the first forfeit (a player's illegal action, error or timeout); "
            "the games played so far are kept"
        ),
    )
    parser.add_argument(
        "--player-module",
        action="append",
        default=[],
        metavar="MODULE",
        help=N_(
            "import MODULE (e.g. mypkg.bots; the current folder is searched too) so that "
            "the players it registers can play (repeatable)"
        ),
    )
    add_game_params(parser)
    add_lang_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the arena, print the tables and write the output files.

    The output folder is made and checked before the first game; ``records.jsonl`` is
    written game by game, so a stopped (``--strict``) or interrupted run keeps its games,
    and ``results.json`` is written for the games played even then.
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from tapete.arena import ArenaConfig, aggregate, run_arena
    from tapete.arena.core import DEFAULT_TIME_LIMIT, ArenaStopped

    if args.player_module and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a user's module next to where tapete is run
    config = ArenaConfig.build(
        args.game,
        args.players,
        deals=args.deals,
        seed=args.seed,
        game_params=parse_params(args.param),
        seating=args.seating,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
        keep_records=not args.no_records,
        time_limit=DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit,
        strict=args.strict,
        player_modules=tuple(args.player_module),
    )
    seats = config.validate()
    console = Console()
    t = Texts(getattr(args, "lang", None) or "en")
    out: Path = args.out or default_folder(Path("arena-out"), args.game)
    records_path = out / "records.jsonl"
    records = _prepare_output(out, records_path if config.keep_records else None)
    played: list[dict[str, Any]] = []

    def on_games(games: list[dict[str, Any]]) -> None:
        played.extend(games)
        if records is not None:
            for game in games:
                write_line(records, game["record"], str(records_path))

    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=args.no_progress,
    )
    try:
        with progress:
            task = progress.add_task(f"{args.game} deals", total=args.deals)
            result = run_arena(
                config, lambda done, total: progress.update(task, completed=done), on_games
            )
    except KeyboardInterrupt:
        if records is not None:
            close_output(records, str(records_path))
        if played:
            played.sort(key=lambda g: (g["deal"], g["rotation"]))
            _write_summary(aggregate(config, seats, played), out, not args.no_chart)
            console.print(t("interrupted: the {n} games played are kept in {out}",
                            n=len(played), out=out))  # fmt: skip
        raise
    if records is not None:
        close_output(records, str(records_path))
    paths = _write_summary(result.summary, out, not args.no_chart)  # before any printing
    print_summary(console, result.summary, t)
    if records is not None:
        paths["records"] = records_path
    console.print(t("wrote {files}", files=", ".join(str(p) for p in paths.values())))
    if result.stopped is not None:
        raise ArenaStopped(
            f"stopped at the first forfeit (--strict): {result.stopped['message']}; the "
            f"{len(result.games)} games played are kept in {out}"
        )
    return 0


def default_folder(parent: Path, game: str, now: float | None = None) -> Path:
    """A new folder ``parent/<game>-<local time>`` for a run without ``--out`` (``now``: a
    moment, read in UTC, for tests), made now: runs
    started in the same second get ``-2``, ``-3``... so none writes into another's files.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as root:
    ...     a = default_folder(Path(root), "ombre", now=0.0)
    ...     b = default_folder(Path(root), "ombre", now=0.0)
    ...     print(a.name, b.name)
    ombre-19700101-000000 ombre-19700101-000000-2
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime() if now is None else time.gmtime(now))
    base = f"{game}-{stamp}"
    for number in range(1, 1000):
        folder = parent / (base if number == 1 else f"{base}-{number}")
        try:
            folder.mkdir(parents=True)
        except FileExistsError:
            continue
        except OSError as e:
            raise OutputError(f"cannot make the folder {folder}: {e.strerror or e}") from None
        return folder
    raise OutputError(f"cannot make a new folder {parent / base}: 999 runs share its name")


def _prepare_output(out: Path, records_path: Path | None) -> TextIO | None:
    """Make the output folder and open ``records.jsonl`` (or check the folder is writable),
    before any game is played; :class:`OutputError` naming the path otherwise."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"cannot write into {out}: it is a file, not a folder") from None
    except OSError as e:
        raise OutputError(f"cannot make the folder {out}: {e.strerror or e}") from None
    if records_path is not None:
        return open_output(str(records_path))
    probe = out / "results.json"
    close_output(open_output(str(probe)), str(probe))
    return None


def _write_summary(summary: dict[str, Any], out: Path, chart: bool) -> dict[str, Path]:
    from tapete.arena.report import write_summary

    try:
        return write_summary(summary, out, chart=chart)
    except OSError as e:
        raise OutputError(f"cannot write the results into {out}: {e.strerror or e}") from None


def _fmt(x: Any, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def print_summary(console: Any, summary: dict[str, Any], t: Texts = ENGLISH) -> None:
    """Render the players, margins, head-to-head and statistics tables."""
    from rich.table import Table

    config = summary["config"]
    match = config["game"].endswith("-match")
    ratings = (summary.get("ratings") or {}).get("players") or {}
    title = N_("{game} — {deals} deals × {seatings} seatings = {games} games, seed {seed}")
    if match:
        title = N_("{game} — {deals} matches × {seatings} seatings = {games} games, seed {seed}")
    table = Table(
        title=t(title, game=config["game"], deals=summary["deals"],
                seatings=summary["seatings_per_deal"], games=summary["games"],
                seed=config["seed"])
    )  # fmt: skip
    mean = t("mean/match") if match else t("mean/deal")
    for col in (t("player"), t("seats"), mean, t("95% CI"), t("sd"), t("rating μ"), t("ordinal")):
        table.add_column(col, justify="left" if col == t("player") else "right")
    for name, p in summary["players"].items():
        s, r = p["score"], ratings.get(name, {})
        table.add_row(
            name, str(p["seats"]), _fmt(s["mean"]),
            f"[{_fmt(s['ci_low'])}, {_fmt(s['ci_high'])}]", _fmt(s["sd"]),
            _fmt(r.get("mu")), _fmt(r.get("ordinal")),
        )  # fmt: skip
    console.print(table)
    _print_forfeits(console, summary.get("forfeits") or {})
    if summary["margins"]:
        margins = Table(title=t("margins (paired by deal)"))
        for col in ("a − b", t("mean"), t("95% CI"), t("excludes 0")):
            margins.add_column(col)
        for m in summary["margins"]:
            lo, hi = m["ci_low"], m["ci_high"]
            excl = lo is not None and (lo > 0 or hi < 0)
            margins.add_row(
                f"{m['a']} − {m['b']}", _fmt(m["mean"]), f"[{_fmt(lo)}, {_fmt(hi)}]",
                t("yes") if excl else t("no"),
            )  # fmt: skip
        console.print(margins)
        h2h = Table(title=t("head to head (per game)"))
        for col in ("a", "b", t("games"), t("a ahead"), t("mean a − b")):
            h2h.add_column(col)
        for h in summary["head_to_head"]:
            h2h.add_row(
                h["a"], h["b"], str(h["games"]), _fmt(h["win_share"], 3), _fmt(h["mean_diff"])
            )
        console.print(h2h)
    stats = Table(title=t("game statistics"))
    stats.add_column(t("player"))
    stats.add_column(t("statistics"))
    for name, p in summary["players"].items():
        stats.add_row(name, _stats_text(p["stats"]))
    console.print(stats)
    timing = summary.get("timing", {})
    speed = N_("{deals} deals/s, {games} games/s, {seconds} s on {workers} worker(s) ({backend})")
    if match:
        speed = N_(
            "{deals} matches/s, {games} games/s, {seconds} s on {workers} worker(s) ({backend})"
        )
    console.print(
        t(speed, deals=_fmt(timing.get("deals_per_second"), 1),
          games=_fmt(timing.get("games_per_second"), 1),
          seconds=_fmt(timing.get("wall_seconds"), 1), workers=timing.get("workers"),
          backend=timing.get("backend"))
    )  # fmt: skip


def _print_forfeits(console: Any, forfeits: dict[str, Any]) -> None:
    """The games each player forfeited, how they scored, and the first faults."""
    if not forfeits.get("games"):
        return
    scoring = forfeits["scoring"]
    worst = ", ".join(_fmt(x) for x in scoring["worst"])
    console.print(
        f"[bold red]{forfeits['games']} game(s) forfeited[/] — "
        + ", ".join(f"{name}: {n}" for name, n in forfeits["by_player"].items() if n)
        + f"; a forfeit scores the seat's worst result ({scoring['source']}: {worst}), the "
        "other seats their seat's mean"
    )
    first = forfeits.get("first") or []
    for fault in first[:3]:
        console.print(
            f"  deal {fault['deal']} seating {fault['rotation']}: {fault['message']}",
            markup=False,
            highlight=False,
        )
    if forfeits["games"] > 3:
        console.print(f"  … {forfeits['games'] - 3} more in results.json and records.jsonl")


def _stats_text(stats: dict[str, Any]) -> str:
    parts = []
    for key, value in stats.items():
        if isinstance(value, dict):
            inner = " ".join(
                f"{k}:{_fmt(v, 3) if isinstance(v, float) else v}" for k, v in value.items()
            )
            parts.append(f"{key} {{{inner}}}")
        elif isinstance(value, float):
            parts.append(f"{key} {value:.3f}")
        else:
            parts.append(f"{key} {value}")
    return "\n".join(parts)
