"""Game records (JSON) and replay.

A record holds the game name, its parameters, the rules version, the seats' player names,
every action as text (chance actions included) and the result. :func:`replay` rebuilds
the game; writing then reading a record gives an equal game.

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> state = random_playout(tapete.load_game('pocha', hand_size=2).new_initial_state(),
...                        random.Random(1))
>>> record = tapete.GameRecord.from_state(state)
>>> tapete.replay(tapete.GameRecord.from_json(record.to_json())) == state
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from typing import Any

from tapete.engine.api import CHANCE, State, seat_name
from tapete.engine.registry import load_game
from tapete.errors import RecordError, TapeteError

RECORD_FORMAT = "tapete-record"
RECORD_VERSION = 1


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One game as data: what is needed to replay it exactly, and its result."""

    game: str
    params: Mapping[str, Any]
    actions: tuple[str, ...]
    rules_version: str = ""
    players: tuple[str, ...] = ()
    result: tuple[float, ...] | None = None
    meta: Mapping[str, Any] = dataclasses.field(default_factory=dict)

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
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read a record dict; :class:`RecordError` says what is malformed."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError(f"not a tapete record: format is {data.get('format')!r}")
        missing = [k for k in ("game", "actions") if k not in data]
        if missing:
            raise RecordError(f"record lacks the field(s) {', '.join(missing)}")
        if not isinstance(data["game"], str):
            raise RecordError("record field 'game' must be a string")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record field 'actions' must be a list of action texts")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise RecordError("record field 'params' must be an object")
        result = data.get("result")
        if result is not None and (
            not isinstance(result, list)
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in result)
        ):
            raise RecordError("record field 'result' must be a list of numbers or null")
        return cls(
            game=data["game"],
            params=dict(params),
            actions=tuple(actions),
            rules_version=str(data.get("rules_version", "")),
            players=tuple(str(p) for p in data.get("players", [])),
            result=tuple(result) if result is not None else None,
            meta=dict(data.get("meta") or {}),
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"record is not valid JSON: {e}") from None
        return cls.from_dict(data)


def _as_record(record: GameRecord | Mapping[str, Any] | str) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, str):
        return GameRecord.from_json(record)
    return GameRecord.from_dict(record)


def _replay(rec: GameRecord) -> Iterator[State]:
    """Yield the one live state after loading and after every action (not copies)."""
    try:
        game = load_game(rec.game, **rec.params)
    except TapeteError as e:
        raise RecordError(f"record's game cannot be loaded: {e}") from e
    if rec.rules_version and rec.rules_version != game.rules_version:
        raise RecordError(
            f"record was written for rules {rec.rules_version!r}; this tapete plays "
            f"{game.rules_version!r}"
        )
    state = game.new_initial_state()
    yield state
    for index, text in enumerate(rec.actions):
        try:
            state.apply_string(text)
        except TapeteError as e:
            raise RecordError(f"action {index + 1} ({text!r}) does not replay: {e}") from e
        yield state
    if rec.result is not None:
        if not state.is_terminal():
            raise RecordError("record states a result but its actions do not finish the game")
        if [round(x, 9) for x in state.returns()] != [round(x, 9) for x in rec.result]:
            raise RecordError(
                f"record states result {list(rec.result)}; replay gives {state.returns()}"
            )


def replay_states(record: GameRecord | Mapping[str, Any] | str) -> Iterator[State]:
    """Every state of the recorded game, from the initial one to the last (copies)."""
    for state in _replay(_as_record(record)):
        yield state.clone()


def replay(record: GameRecord | Mapping[str, Any] | str) -> State:
    """The final state of a recorded game (a :class:`RecordError` if it does not replay)."""
    state: State | None = None
    for state in _replay(_as_record(record)):  # noqa: B007 - the last one is the result
        pass
    assert state is not None  # _replay always yields the initial state
    return state


def transcript(record: GameRecord | Mapping[str, Any] | str) -> str:
    """One line per action (number, who acted, what), then the result.

    >>> rec = {"game": "pocha", "params": {"n_players": 3, "hand_size": 1},
    ...        "actions": ["deal Ao", "deal 3o", "deal Ro", "turn 7c"]}
    >>> print(transcript(rec))
    # pocha {'n_players': 3, 'hand_size': 1}
       1  chance             deal Ao  → seat 0
       2  chance             deal 3o  → seat 1
       3  chance             deal Ro  → seat 2
       4  chance             turn 7c
    """
    rec = _as_record(record)
    names = rec.players
    lines = [f"# {rec.game} {dict(rec.params)}"]
    state: State | None = None
    recipient: int | None = None
    for i, st in enumerate(replay_states(rec)):
        if state is not None:
            seat = state.current_player()
            who = seat_name(seat)
            if seat != CHANCE and len(names) > seat:
                who += f" ({names[seat]})"
            line = f"{i:>4}  {who:<18} {rec.actions[i - 1]}"
            if recipient is not None:
                line += f"  → {seat_name(recipient)}"
            lines.append(line)
        state = st
        recipient = st.chance_recipient() if st.is_chance_node() else None
    if state is not None and state.is_terminal():
        lines.append("# result " + " ".join(f"{x:g}" for x in state.returns()))
    return "\n".join(lines)
