"""Game records (JSON) and replay.

A record holds the game name, its parameters, the rules version, the seats' player names,
every action as text (chance actions included) and the result. :func:`replay` rebuilds
the game; writing then reading a record gives an equal game. Anything malformed, in any
field, raises :class:`~tapete.errors.RecordError` (never another exception).

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> state = random_playout(tapete.load_game('pocha', hand_size=2).new_initial_state(),
...                        random.Random(1))
>>> record = tapete.GameRecord.from_state(state)
>>> tapete.replay(tapete.GameRecord.from_json(record.to_json())) == state
True
>>> tapete.replay('{"game": "pocha", "actions": [], "version": 2}')
Traceback (most recent call last):
...
tapete.errors.RecordError: record version 2 is not supported; this tapete reads version 1
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from tapete.engine.api import CHANCE, State, seat_name
from tapete.engine.registry import load_game, upgrade_params
from tapete.errors import RecordError, TapeteError

RECORD_FORMAT: Final = "tapete-record"
RECORD_VERSION: Final = 1
#: Deepest nesting of arrays and objects a record may hold (``meta`` is the only nested part).
MAX_NESTING: Final = 32
#: Longest integer a record may hold, in digits (seeds, results, parameters).
MAX_INT_DIGITS: Final = 100

#: Every rules version of each family, oldest first, with what changed (docs/engine.md,
#: "Records of other rules versions"). A record names the version it was played under.
RULES_HISTORY: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "pocha": (
        ("pocha-1", "the rules of docs/pocha.md as first published"),
        (
            "pocha-2",
            "issue 15 variant options (ronda india, ronda ciega, ronda subastada; the podrida "
            "sequence with its blind last hand); default rules unchanged",
        ),
        (
            "pocha-3",
            "issue 29: no seven swap in a ronda india or ronda ciega; pocha-match's "
            "ronda_subastada=last_hands renamed closing_hands; default rules unchanged",
        ),
    ),
    "lhombre": (("lhombre-1", "the rules of docs/lhombre.md as first published"),),
    "ombre": (("ombre-1", "the rules of docs/ombre.md as first published"),),
    "tresillo": (("tresillo-1", "the rules of docs/tresillo.md as first published"),),
    "trynka": (
        ("trynka-1", "the rules of docs/trynka.md as first published"),
        (
            "trynka-2",
            "issue 15 variant options (Seka's reveal costs, stakes, joker and 32-card pack; "
            "the flush; three tens at any moment); safety bounds on three-tens redeals and "
            "first-dealer draws; default rules unchanged",
        ),
    ),
}

_GAME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_RULES_VERSION = re.compile(r"([A-Za-z0-9_.-]+)-([0-9]{1,9})")


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _text(value: Any, where: str) -> str:
    """``value`` if it is a string that is valid Unicode (no lone surrogate)."""
    if not isinstance(value, str):
        raise RecordError(f"record field {where} must be a string, got {_type_name(value)}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError(
                f"record field {where} is not valid Unicode text (a lone surrogate)"
            ) from None
    return value


def _number(value: Any, where: str) -> int | float:
    """``value`` if it is a finite number of reasonable size (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RecordError(f"record field {where} must be a number, got {_type_name(value)}")
    if isinstance(value, int):
        if value.bit_length() > MAX_INT_DIGITS * 3.33:
            raise RecordError(f"record field {where} holds an integer of over 100 digits")
    elif not math.isfinite(value):
        raise RecordError(f"record field {where} must be a finite number, got {value!r}")
    return value


def _plain(value: Any, where: str, depth: int = 0) -> Any:
    """A copy of JSON data (objects, arrays, strings, numbers, booleans, null), checked."""
    if depth > MAX_NESTING:
        raise RecordError(f"record field {where} is nested more than {MAX_NESTING} levels deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return _number(value, where)
    if isinstance(value, str):
        return _text(value, where)
    if isinstance(value, Mapping):
        return {
            _text(k, f"{where} key"): _plain(v, f"{where}.{k}", depth + 1) for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_plain(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value)]
    raise RecordError(f"record field {where} holds a {_type_name(value)}, not JSON data")


def _sequence(value: Any, where: str, what: str = "a list") -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"record field {where} must be {what}, got {_type_name(value)}")
    return value


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(f"record field {where} must be an object, got {_type_name(value)}")
    return value


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"record is not valid JSON: {name} is not a number")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"record holds an integer of {len(text.lstrip('-'))} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"record holds a number too large for a float: {text[:40]}")
    return value


def read_json(text: str | bytes) -> Any:
    """JSON text (or UTF-8 bytes) as data, within the limits of records; :class:`RecordError`
    otherwise (not UTF-8, not JSON, ``NaN``, integers of over 100 digits, nesting too deep).

    >>> read_json('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> read_json(b'\\xff')
    Traceback (most recent call last):
    ...
    tapete.errors.RecordError: record is not UTF-8 text (byte 0)
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"record is not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise RecordError(f"a record must be JSON text, got {_type_name(text)}")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as e:
        raise RecordError(f"record is not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError("record is not valid JSON: nested too deeply") from None


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One game as data: what is needed to replay it exactly, and its result.

    Every field is checked when the record is made (from JSON or directly): a malformed
    one raises :class:`RecordError` naming the field.

    >>> GameRecord("pocha", {}, (), players="abc")
    Traceback (most recent call last):
    ...
    tapete.errors.RecordError: record field players must be a list of names, got str
    """

    game: str
    params: Mapping[str, Any]
    actions: tuple[str, ...]
    rules_version: str = ""
    players: tuple[str, ...] = ()
    result: tuple[float, ...] | None = None
    meta: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        game = _text(self.game, "game")
        if not _GAME_NAME.fullmatch(game):
            raise RecordError(
                f"record field game must be a game's name, got {game!r} "
                "(its parameters go in the field params)"
            )
        params = {}
        for key, value in _mapping(self.params, "params").items():
            if not _text(key, "params key").isidentifier():
                raise RecordError(f"record field params has a key that is not a name: {key!r}")
            items = value if isinstance(value, (list, tuple)) else [value]
            if any(v is None or not isinstance(v, (str, int, float, bool)) for v in items):
                raise RecordError(
                    f"record field params.{key} must be a string, number, boolean or a list "
                    f"of them, got {_type_name(value)}"
                )
            _plain(value, f"params.{key}")  # checked, kept as given (a tuple stays one)
            params[key] = value
        actions = tuple(
            _text(a, f"actions[{i}]")
            for i, a in enumerate(_sequence(self.actions, "actions", "a list of action texts"))
        )
        players = tuple(
            _text(p, f"players[{i}]")
            for i, p in enumerate(_sequence(self.players, "players", "a list of names"))
        )
        result = self.result
        if result is not None:
            result = tuple(
                _number(x, f"result[{i}]")
                for i, x in enumerate(_sequence(result, "result", "a list of numbers or null"))
            )
        object.__setattr__(self, "rules_version", _text(self.rules_version, "rules_version"))
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "meta", _plain(_mapping(self.meta, "meta"), "meta"))

    @classmethod
    def from_state(
        cls, state: State, players: tuple[str, ...] = (), meta: Mapping[str, Any] | None = None
    ) -> GameRecord:
        """The record of everything played in ``state``."""
        game = state.game
        return cls(
            game=game.name,
            params=dict(game.given_params),
            actions=tuple(state.history_strings()),
            rules_version=game.rules_version,
            players=tuple(players),
            result=tuple(state.returns()) if state.is_terminal() else None,
            meta=dict(meta or {}),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "params": dict(self.params),
            "rules_version": self.rules_version,
            "players": list(self.players),
            "actions": list(self.actions),
            "result": list(self.result) if self.result is not None else None,
            "meta": dict(self.meta),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text (one line unless ``indent`` is given)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent, allow_nan=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record dict; :class:`RecordError` says what is malformed.

        ``format`` and ``version`` may be left out (they default to this format and version
        1); ``params``, ``players``, ``rules_version`` and ``meta`` may be left out, never
        ``null``; ``result`` is ``null`` for an unfinished game.
        """
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, got {_type_name(data)}")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError(f"not a tapete record: format is {data.get('format')!r}")
        version = data.get("version", RECORD_VERSION)
        if isinstance(version, bool) or version != RECORD_VERSION:
            shown = repr(version) if not isinstance(version, int) else _short_int(version)
            raise RecordError(
                f"record version {shown} is not supported; this tapete reads version "
                f"{RECORD_VERSION}"
            )
        missing = [k for k in ("game", "actions") if k not in data]
        if missing:
            raise RecordError(f"record lacks the field(s) {', '.join(missing)}")
        return cls(
            game=data["game"],
            params=data.get("params", {}),
            actions=data["actions"],
            rules_version=data.get("rules_version", ""),
            players=data.get("players", ()),
            result=data.get("result"),
            meta=data.get("meta", {}),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text (or UTF-8 bytes)."""
        return cls.from_dict(read_json(text))


def _short_int(value: int) -> str:
    text = str(value) if value.bit_length() < 300 else f"of {len(str(abs(value)))} digits"
    return text


def _as_record(record: GameRecord | Mapping[str, Any] | str | bytes) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, (str, bytes, bytearray)):
        return GameRecord.from_json(record)
    return GameRecord.from_dict(record)


@dataclasses.dataclass(frozen=True)
class ReplayReport:
    """The outcome of a replay: the final state, and ``rules_note`` when the record was
    written under another rules version than the one this tapete plays (then it replayed
    under the current rules; ``None`` otherwise)."""

    state: State
    rules_note: str | None = None


def _rules_family(version: str) -> str:
    match = _RULES_VERSION.fullmatch(version)
    return match.group(1) if match else ""


def _rules_note(rec: GameRecord, current: str) -> str | None:
    """``None`` when the record's rules are the current ones; the note otherwise."""
    if not rec.rules_version or rec.rules_version == current:
        return None
    family = _rules_family(current)
    if not family or _rules_family(rec.rules_version) != family:
        raise RecordError(
            f"record's rules_version {rec.rules_version!r} is not a version of the rules of "
            f"{rec.game} ({current!r} here)"
        )
    known = [version for version, _ in RULES_HISTORY.get(family, ())]
    status = "an older version" if rec.rules_version in known else "a version unknown here"
    return (
        f"written for rules {rec.rules_version!r} ({status}); replayed under {current!r}, "
        "the rules this tapete plays"
    )


def _replay(rec: GameRecord, notes: list[str] | None = None) -> Iterator[State]:
    """Yield the one live state after loading and after every action (not copies)."""
    try:
        game = load_game(rec.game, **upgrade_params(rec.game, rec.params))
    except TapeteError as e:
        raise RecordError(f"record's game cannot be loaded: {e}") from e
    note = _rules_note(rec, game.rules_version)
    if note is not None and notes is not None:
        notes.append(note)
    under = (
        ""
        if note is None
        else f" (the record was written for rules {rec.rules_version!r}; this tapete plays "
        f"{game.rules_version!r})"
    )
    if rec.players and len(rec.players) != game.num_players():
        raise RecordError(
            f"record names {len(rec.players)} players for the {game.num_players()} seats of "
            f"{rec.game}"
        )
    state = game.new_initial_state()
    yield state
    for index, text in enumerate(rec.actions):
        try:
            state.apply_string(text)
        except TapeteError as e:
            raise RecordError(f"action {index + 1} ({text!r}) does not replay: {e}{under}") from e
        yield state
    if rec.result is not None:
        if not state.is_terminal():
            raise RecordError(
                f"record states a result but its actions do not finish the game{under}"
            )
        if [round(x, 9) for x in state.returns()] != [round(x, 9) for x in rec.result]:
            raise RecordError(
                f"record states result {list(rec.result)}; replay gives {state.returns()}{under}"
            )


def replay_states(record: GameRecord | Mapping[str, Any] | str | bytes) -> Iterator[State]:
    """Every state of the recorded game, from the initial one to the last (copies)."""
    for state in _replay(_as_record(record)):
        yield state.clone()


def replay_report(record: GameRecord | Mapping[str, Any] | str | bytes) -> ReplayReport:
    """Replay ``record``: its final state and whether its rules version differed.

    >>> rec = {"game": "pocha", "rules_version": "pocha-0", "actions": ["deal Ao"]}
    >>> replay_report(rec).rules_note
    "written for rules 'pocha-0' (a version unknown here); replayed under 'pocha-3', the rules this tapete plays"
    """  # noqa: E501
    notes: list[str] = []
    state: State | None = None
    for state in _replay(_as_record(record), notes):  # noqa: B007 - the last one is the result
        pass
    assert state is not None  # _replay always yields the initial state
    return ReplayReport(state, notes[0] if notes else None)


def replay(record: GameRecord | Mapping[str, Any] | str | bytes) -> State:
    """The final state of a recorded game (a :class:`RecordError` if it does not replay).

    A record of another version of the same rules replays under the current rules when its
    actions are legal there; :func:`replay_report` says whether that happened.
    """
    return replay_report(record).state


def transcript(record: GameRecord | Mapping[str, Any] | str | bytes) -> str:
    """One line per action (number, who acted, what), then the result.

    It replays the record once (linear time: no copy of the state per action).

    >>> rec = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1},
    ...        "actions": ["deal Ao", "deal 3o", "deal Ro", "turn 7c"]}
    >>> print(transcript(rec))
    # pocha {'n_players': 3, 'hand_size': 1}
       1  chance             deal Ao  → seat 0
       2  chance             deal 3o  → seat 1
       3  chance             deal Ro  → seat 2
       4  chance             turn 7c
    # unfinished after 4 actions
    """
    rec = _as_record(record)
    names = rec.players
    lines = [f"# {rec.game} {dict(rec.params)}"]
    notes: list[str] = []
    state: State | None = None
    seat = CHANCE
    recipient: int | None = None
    for i, live in enumerate(_replay(rec, notes)):
        if i == 0 and notes:
            lines.append(f"# note: {notes[0]}")
        if i:
            who = seat_name(seat)
            if seat != CHANCE and 0 <= seat < len(names):
                name = names[seat]
                who += f" ({name if name.isprintable() else repr(name)})"
            line = f"{i:>4}  {who:<18} {rec.actions[i - 1]}"
            if recipient is not None:
                line += f"  → {seat_name(recipient)}"
            lines.append(line)
        state = live
        seat = live.current_player()
        recipient = live.chance_recipient() if live.is_chance_node() else None
    if state is not None and state.is_terminal():
        lines.append("# result " + " ".join(f"{x:g}" for x in state.returns()))
    elif state is not None:
        lines.append(f"# unfinished after {len(rec.actions)} actions")
    forfeit = rec.meta.get("forfeit")
    if isinstance(forfeit, Mapping) and isinstance(forfeit.get("message"), str):
        lines.append(f"# forfeit: {forfeit['message']}")
    return "\n".join(lines)
