"""``tapete replay FILE``: the transcript of each record in a .json or .jsonl file."""

from __future__ import annotations

import argparse
import json
from typing import Any

from tapete.engine import GameRecord, transcript
from tapete.errors import RecordError


def register(sub: Any) -> None:
    """Add the ``replay`` sub-command."""
    parser = sub.add_parser("replay", help="replay records and print their transcripts")
    parser.add_argument("file", help="a record (.json) or records, one per line (.jsonl)")
    parser.add_argument("--index", type=int, default=None, help="only the record on this line")
    parser.set_defaults(run=run)


def read_records(path: str) -> list[GameRecord]:
    """Records from a .json file (one record) or a .jsonl file (one per line)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{path} is empty")
    try:
        return [GameRecord.from_dict(json.loads(stripped))]
    except (json.JSONDecodeError, RecordError):
        pass
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                records.append(GameRecord.from_json(line))
            except RecordError as e:
                raise RecordError(f"{path} line {number}: {e}") from None
    return records


def run(args: argparse.Namespace) -> int:
    """Print each record's transcript (replaying it checks it)."""
    records = read_records(args.file)
    if args.index is not None:
        if not 1 <= args.index <= len(records):
            raise RecordError(f"--index must be 1…{len(records)}")
        records = [records[args.index - 1]]
    for i, record in enumerate(records):
        if i:
            print()
        print(transcript(record))
    return 0
