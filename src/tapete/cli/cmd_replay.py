"""``tapete replay FILE``: each record of a .json or .jsonl file (``-``: the standard input) as
a readable game: every action, the trump, each trick's winner, the bids against the tricks
won at the end of a hand, and the settlement (``--plain``: the action lines only).

Every problem is one line naming the file and the line of the record: a file that cannot be
read or is not UTF-8, a line that is not a record, a record that does not replay.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapete.cli.common import ClosedPipe, write_line
from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts
from tapete.engine import GameRecord, load_game, transcript
from tapete.engine.record import read_json
from tapete.errors import RecordError

ENGLISH = Texts("en")


def register(sub: Any) -> None:
    """Add the ``replay`` sub-command."""
    parser = sub.add_parser("replay", help=N_("replay records and print their transcripts"))
    parser.add_argument(
        "file",
        help=N_("a record (.json) or records, one per line (.jsonl); - reads standard input"),
    )
    parser.add_argument(
        "--plain", action="store_true", help=N_("the action lines only (no tricks, no trumps)")
    )
    parser.add_argument("--index", type=int, default=None, help=N_("only the record on this line"))
    add_lang_option(parser)
    parser.set_defaults(run=run)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def chosen_records(path: str, index: int | None) -> list[tuple[int, GameRecord]]:
    """The numbered records of ``path`` (:func:`read_numbered_records`), or only the
    ``index``-th (from 1) when given; :class:`RecordError` for an index the file lacks."""
    records = read_numbered_records(path)
    if index is None:
        return records
    if not 1 <= index <= len(records):
        raise RecordError(f"--index must be 1…{len(records)} ({path} holds that many)")
    return [records[index - 1]]


def read_numbered_records(path: str) -> list[tuple[int, GameRecord]]:
    """``(line, record)`` for each record of a .json file (one record, maybe on many lines)
    or a .jsonl file (one per line); :class:`RecordError` naming the file and the line."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
            path = "standard input"
        else:
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


def _deal_of(view: Any) -> Any:
    deal = getattr(view, "deal", view)
    return deal if hasattr(deal, "tricks_won") else None


def _notes(before: Any, after: Any, names: list[str], t: Texts) -> list[str]:
    """What one action finished, read from full views (the record's replay): the trump named
    or turned, a trick won, a hand's bids against its tricks."""
    notes: list[str] = []
    if after is None:
        return notes
    for field in ("trump_card", "trumps"):
        value = getattr(after, field, None)
        if value is not None and (before is None or getattr(before, field, None) != value):
            text = str(value) if field == "trump_card" else "♣♦♥♠"[int(value) - 4]
            notes.append("# " + t("trumps: {card}", card=text))
    if before is not None and len(after.tricks_won) == len(before.tricks_won):
        pairs = zip(before.tricks_won, after.tricks_won, strict=True)
        for seat in [s for s, (b, a) in enumerate(pairs) if a > b]:
            notes.append("# " + t("trick {n} to {who}", n=sum(after.tricks_won), who=names[seat]))
    return notes


def _bids(names: list[str], bids: Any, won: Any, t: Texts) -> str:
    return ", ".join(
        t("{who} bid {bid} won {won}", who=names[s], bid=b, won=w)
        for s, (b, w) in enumerate(zip(bids, won, strict=True))
    )


def readable(record: GameRecord, t: Texts = ENGLISH) -> str:
    """The record's transcript with the trump, every trick's winner, the bids against the
    tricks and the settlement (:func:`tapete.engine.transcript` checks the record first)."""
    plain = transcript(record).splitlines()
    game = load_game(record.game, **dict(record.params))
    state = game.new_initial_state()
    n = game.num_players()
    names = [
        t("seat {seat}", seat=s) + (f" ({record.players[s]})" if s < len(record.players) else "")
        for s in range(n)
    ]
    lines = [plain[0], *(line for line in plain[1:2] if line.startswith("# note: "))]
    end = len(lines) + len(record.actions)  # the closing lines follow the actions
    family = record.game.removesuffix("-match")
    before = _deal_of(state.view(0))
    sheet = len(getattr(state.view(0), "sheet", ()))
    for number, text in enumerate(record.actions, 1):
        lines.append(_action_line(number, state, text, names, family, t))
        state.apply_action(state.string_to_action(text))
        view = state.view(0)
        after = _deal_of(view)
        rows: Any = getattr(view, "sheet", ())
        if len(rows) > sheet:  # a hand of a whole game ended: its last trick, bids and tricks
            row = rows[-1]
            if before is not None:
                lines += [
                    "# " + t("trick {n} to {who}", n=sum(row.won), who=names[s])
                    for s in range(n) if row.won[s] > before.tricks_won[s]
                ]  # fmt: skip
            lines.append("# " + t("hand over: {bids}", bids=_bids(names, row.bids, row.won, t)))
            sheet = len(rows)
        elif after is not None:
            lines += _notes(before, after, names, t)
            outcome = getattr(after, "outcome", None)
            if outcome and (before is None or getattr(before, "outcome", None) != outcome):
                lines.append("# " + t("settlement: {outcome}", outcome=outcome))
            if getattr(after, "phase", "") == "over" and hasattr(after, "bids"):
                bids = _bids(names, after.bids, after.tricks_won, t)
                lines.append("# " + t("bids and tricks: {bids}", bids=bids))
        before = after
    lines += [_end_line(line, t) for line in plain[end:]]
    return "\n".join(lines)


#: The chance verbs of the games' action texts, as the replay says them.
CHANCE_VERBS: dict[str, str] = {
    "deal": N_("deal"), "turn": N_("turn"), "stock": N_("stock"), "dealer": N_("dealer"),
    "show": N_("show"), "draw": N_("draw"),
}  # fmt: skip


def _action_line(number: int, state: Any, text: str, names: list[str], family: str,
                 t: Texts) -> str:  # fmt: skip
    """One action of the transcript (as :func:`tapete.engine.transcript` writes it, in the
    words of ``t``'s language): its number, who acted, the action, and who received a card."""
    if state.is_chance_node():
        verb, _, rest = text.partition(" ")
        said = " ".join(w for w in (t(CHANCE_VERBS[verb]) if verb in CHANCE_VERBS else verb,
                                     rest) if w)  # fmt: skip
        chance = t("chance")
        line = f"{number:>4}  {chance:<18} {said}"
        recipient = state.chance_recipient()
        if recipient is not None:
            line += "  → " + t("seat {seat}", seat=recipient)
        return line
    said = text if t.lang == "en" else t.action(family, text)
    return f"{number:>4}  {names[state.current_player()]:<18} {said}"


def _end_line(line: str, t: Texts) -> str:
    """The transcript's closing lines (the result, an unfinished record, a forfeit) in the
    words of ``t``'s language."""
    if line.startswith("# result "):
        return "# " + t("result {returns}", returns=line.removeprefix("# result "))
    if line.startswith("# unfinished after "):
        count = int(line.split()[3])
        return "# " + t.ngettext(
            "unfinished after {n} action", "unfinished after {n} actions", count
        )
    if line.startswith("# forfeit: "):
        return "# " + t("forfeit: {message}", message=line.removeprefix("# forfeit: "))
    return line


def run(args: argparse.Namespace) -> int:
    """Print each record's transcript (replaying it checks it)."""
    t = Texts(getattr(args, "lang", None) or "en")
    records = chosen_records(args.file, args.index)
    try:
        for i, (line, record) in enumerate(records):
            try:
                text = transcript(record) if args.plain else readable(record, t)
            except RecordError as e:
                raise RecordError(f"{args.file} line {line}: {e}") from None
            write_line(sys.stdout, ("\n" if i else "") + text, "the standard output")
    except ClosedPipe:
        return 0
    return 0
