"""``tapete analyse RECORD``: what the search bot would have done at each decision of a game.

For every decision of a finished game (La Pocha's bids and cards, Ombre's cards) it replays
the record, asks the search player for the value of every legal action from the deciding
seat's view (never the hidden cards) and prints the action taken, its value, the bot's best
action and the value lost. Values are the search's estimates: expected points at La Pocha,
the side's expected outcome at Ombre (+1 sacardo … -1 codille for the ombre).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from tapete.cli.cmd_replay import chosen_records
from tapete.cli.common import ClosedPipe, write_line
from tapete.cli.texts import N_
from tapete.engine import load_game
from tapete.errors import ConfigError, RecordError


def register(sub: Any) -> None:
    """Add the ``analyse`` sub-command."""
    parser = sub.add_parser(
        "analyse", help=N_("the search bot's value of every decision of recorded games")
    )
    parser.add_argument("file", help=N_("a record (.json) or records, one per line (.jsonl)"))
    parser.add_argument("--index", type=int, default=None, help=N_("only the record on this line"))
    parser.add_argument("--seat", type=int, default=None, help=N_("only this seat's decisions"))
    parser.add_argument(
        "--worlds", type=int, default=300, help=N_("worlds per decision (default 300)")
    )
    parser.add_argument("--seed", type=int, default=0, help=N_("seed of the worlds"))
    parser.add_argument("--json", action="store_true", help=N_("one JSON object per decision"))
    parser.set_defaults(run=run)


def analyse_record(record: Any, worlds: int, seed: int, seat: int | None) -> list[dict[str, Any]]:
    """One entry per searched decision: move, seat, taken, best, their values, the loss."""
    from tapete.players import load  # the search needs numba: imported only when asked

    game = load_game(record.game, **dict(record.params))
    bot: Any = load("search", worlds=worlds)
    state = game.new_initial_state()
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    started: set[int] = set()
    for move, text in enumerate(record.actions):
        if not state.is_chance_node() and not state.is_terminal():
            who = state.current_player()
            if seat is None or who == seat:
                if who not in started:
                    bot.start(game, who)
                    started.add(who)
                legal = state.legal_actions()
                values = bot.action_values(state.view(who), legal, rng)
                if values is not None:
                    texts = [state.action_to_string(a) for a in legal]
                    taken = state.action_to_string(state.string_to_action(text))
                    best = max(range(len(legal)), key=lambda i: values[i])
                    taken_value = values[texts.index(taken)]
                    out.append({
                        "move": move, "seat": who, "phase": state.phase(), "taken": taken,
                        "taken_value": round(taken_value, 3), "best": texts[best],
                        "best_value": round(values[best], 3),
                        "loss": round(values[best] - taken_value, 3),
                        "values": {t: round(v, 3) for t, v in zip(texts, values, strict=True)},
                    })  # fmt: skip
        state.apply_string(text)
    return out


def run(args: argparse.Namespace) -> int:
    """Print the review of each record."""
    if args.worlds < 1:
        raise ConfigError(f"--worlds must be at least 1, got {args.worlds}")
    records = chosen_records(args.file, args.index)
    try:
        for line, record in records:
            if record.game not in ("pocha", "pocha-match", "ombre", "ombre-match"):
                raise ConfigError(f"{args.file} line {line}: analyse reviews La Pocha and Ombre")
            try:
                entries = analyse_record(record, args.worlds, args.seed, args.seat)
            except RecordError as e:
                raise RecordError(f"{args.file} line {line}: {e}") from None
            if args.json:
                for entry in entries:
                    write_line(sys.stdout, json.dumps({"line": line, **entry}), "the output")
                continue
            players = record.players
            write_line(sys.stdout, f"{args.file} line {line}: {record.game}", "the output")
            lost = [0.0] * (max([entry["seat"] for entry in entries] + [0]) + 1)
            for item in entries:
                who = item["seat"]
                name = players[who] if who < len(players) else f"seat {who}"
                mark = (
                    "" if item["loss"] <= 0 else f"  lost {item['loss']:.2f} (best {item['best']})"
                )
                write_line(
                    sys.stdout,
                    f"  move {item['move']:3d} seat {who} {name:>14}: {item['taken']:10s} "
                    f"{item['taken_value']:7.2f}{mark}",
                    "the output",
                )
                lost[who] += max(0.0, item["loss"])
            for s, total in enumerate(lost):
                if args.seat is None or s == args.seat:
                    write_line(sys.stdout, f"  seat {s}: value lost {total:.2f}", "the output")
    except ClosedPipe:
        return 0
    return 0
