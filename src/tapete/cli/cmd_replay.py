"""``tapete replay FILE``: the transcript of each record in a .json or .jsonl file.

Every problem is one line naming the file and the line of the record: a file that cannot be
read or is not UTF-8, a line that is not a record, a record that does not replay.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapete.cli.common import ClosedPipe, write_line
from tapete.engine import GameRecord, transcript
from tapete.engine.record import read_json
from tapete.errors import RecordError


def register(sub: Any) -> None:
    """Add the ``replay`` sub-command."""
    parser = sub.add_parser("replay", help="replay records and print their transcripts")
    parser.add_argument("file", help="a record (.json) or records, one per line (.jsonl)")
    parser.add_argument("--index", type=int, default=None, help="only the record on this line")
    parser.set_defaults(run=run)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def read_numbered_records(path: str) -> list[tuple[int, GameRecord]]:
    """``(line, record)`` for each record of a .json file (one record, maybe on many lines)
    or a .jsonl file (one per line); :class:`RecordError` naming the file and the line."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or type(e).__name__}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(
            f"{path} line {_line_of(data, e.start)}: not UTF-8 text (byte {e.start})"
        ) from None
    lines = text.splitlines()
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise RecordError(f"{path} is empty")
    if len(numbered) > 1:
        try:  # one record written over many lines (a .json file)?
            whole = read_json(text)
        except RecordError:
            whole = None  # not one JSON value: one record per line
        if whole is not None:
            try:
                return [(numbered[0][0], GameRecord.from_dict(whole))]
            except RecordError as e:
                raise RecordError(f"{path} line {numbered[0][0]}: {e}") from None
    records = []
    for number, line in numbered:
        try:
            records.append((number, GameRecord.from_json(line)))
        except RecordError as e:
            raise RecordError(f"{path} line {number}: {e}") from None
    return records


def read_records(path: str) -> list[GameRecord]:
    """Records from a .json file (one record) or a .jsonl file (one per line)."""
    return [record for _, record in read_numbered_records(path)]


def run(args: argparse.Namespace) -> int:
    """Print each record's transcript (replaying it checks it)."""
    records = read_numbered_records(args.file)
    if args.index is not None:
        if not 1 <= args.index <= len(records):
            raise RecordError(f"--index must be 1…{len(records)} ({args.file} holds that many)")
        records = [records[args.index - 1]]
    try:
        for i, (line, record) in enumerate(records):
            try:
                text = transcript(record)
            except RecordError as e:
                raise RecordError(f"{args.file} line {line}: {e}") from None
            write_line(sys.stdout, ("\n" if i else "") + text, "the standard output")
    except ClosedPipe:
        return 0
    return 0
