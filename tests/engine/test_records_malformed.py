"""Malformed records: every one is a RecordError, never another exception; rules versions."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine import GameRecord, random_playout, replay, transcript
from tapete.engine.api import State
from tapete.engine.record import read_json, replay_report
from tapete.errors import RecordError


def _good() -> dict[str, Any]:
    game = tapete.load_game("pocha", hand_size=2)
    state = random_playout(game.new_initial_state(), random.Random(3))
    return GameRecord.from_state(state, players=("ana", "bea", "carlos", "dani")).to_dict()


GOOD = _good()


def _with(**fields: Any) -> dict[str, Any]:
    return {**GOOD, **fields}


MALFORMED: list[tuple[str, Any, str]] = [
    ("players 5", _with(players=5), "players must be a list"),
    ("players null", _with(players=None), "players must be a list"),
    ("players a string", _with(players="abcd"), "players must be a list"),
    ("players numbers", _with(players=[1, 2, 3, 4]), r"players\[0\] must be a string"),
    ("players too few", _with(players=["ana"]), "names 1 players for the 4 seats"),
    ("meta a string", _with(meta="ab"), "meta must be an object"),
    ("meta a list", _with(meta=[1, 2]), "meta must be an object"),
    ("meta null", _with(meta=None), "meta must be an object"),
    ("game with a parenthesis", _with(game="pocha("), "must be a game's name"),
    ("game with parameters", _with(game="pocha(hand_size=2)"), "must be a game's name"),
    ("game a number", _with(game=5), "game must be a string"),
    ("params a list", _with(params=[]), "params must be an object"),
    ("params null", _with(params=None), "params must be an object"),
    ("params value null", _with(params={"hand_size": None}), "params.hand_size must be"),
    ("params value object", _with(params={"hand_size": {"a": 1}}), "params.hand_size must be"),
    ("version 2", _with(version=2), "version 2 is not supported"),
    ("version null", _with(version=None), "version None is not supported"),
    ("version -1", _with(version=-1), "version -1 is not supported"),
    ("version 10**20", _with(version=10**20), "is not supported"),
    ("version '1'", _with(version="1"), "version '1' is not supported"),
    ("version true", _with(version=True), "version True is not supported"),
    ("rules_version a number", _with(rules_version=1), "rules_version must be a string"),
    ("rules of another game", _with(rules_version="ombre-1"), "not a version of the rules"),
    ("rules_version junk", _with(rules_version="pocha"), "not a version of the rules"),
    ("result of bools", _with(result=[True, False, True, False]), r"result\[0\] must be"),
    ("result a string", _with(result="win"), "must be a list of numbers"),
    ("actions a string", _with(actions="deal Ao"), "must be a list of action texts"),
    ("actions numbers", _with(actions=[1, 2]), r"actions\[0\] must be a string"),
    ("a record that is a list", [GOOD], "must be a JSON object"),
]


@pytest.mark.parametrize(
    ("data", "message"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_malformed_fields_are_record_errors(data: Any, message: str) -> None:
    text = json.dumps(data)
    with pytest.raises(RecordError, match=message):
        replay(text)
    with pytest.raises(RecordError, match=message):
        replay(data)  # the same from Python data


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            json.dumps(_with(meta={"a": 0})).replace('"a": 0', '"a": ' + "[" * 40 + "]" * 40),
            "nested more than 32",
        ),
        (
            json.dumps(_with(meta={"seed": 0})).replace('"seed": 0', '"seed": ' + "7" * 5000),
            "integer of 5000 digits",
        ),
        (json.dumps(_with(result=[1e308, 0, 0, 0])).replace("1e+308", "1e999"), "too large"),
        (
            json.dumps(_with(result=[0, 0, 0, 0])).replace("[0, 0, 0, 0]", "[NaN, 0, 0, 0]"),
            "NaN is not a number",
        ),
        (
            json.dumps(_with(players=["ana", "bea", "carlos", "x"])).replace('"x"', '"\\ud800"'),
            "lone surrogate",
        ),
        (json.dumps(_with(meta={"k": "x"})).replace('"x"', '"\\udfff"'), "lone surrogate"),
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
    ],
    ids=[
        "100000 levels",
        "meta 40 levels",
        "5000 digits",
        "1e999",
        "NaN",
        "surrogate name",
        "surrogate meta",
        "truncated",
        "empty",
    ],
)
def test_malformed_json_is_a_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(text)


def test_bytes_that_are_not_utf8_are_a_record_error() -> None:
    text = json.dumps(_with(players=["ana", "bea", "carlos", "dani"])).encode()
    with pytest.raises(RecordError, match=r"not UTF-8 text \(byte 5\)"):
        GameRecord.from_json(text[:5] + b"\xff" + text[5:])
    assert replay(text) == replay(GOOD)  # UTF-8 bytes are fine


def test_a_good_record_still_replays_and_round_trips() -> None:
    record = GameRecord.from_dict(GOOD)
    assert GameRecord.from_json(record.to_json()) == record
    assert replay(record).is_terminal()
    # format and version may be left out; the other optional fields too
    bare = {"game": GOOD["game"], "params": GOOD["params"], "actions": GOOD["actions"]}
    assert replay(bare) == replay(record)


def test_a_record_of_an_older_rules_version_replays_and_is_marked() -> None:
    older = _with(rules_version="pocha-0")
    report = replay_report(older)
    assert report.state == replay(GOOD)
    assert report.rules_note is not None and "'pocha-0'" in report.rules_note
    assert replay_report(GOOD).rules_note is None
    assert "# note: written for rules 'pocha-0'" in transcript(older)
    assert "# note" not in transcript(GOOD)


def test_a_record_of_another_rules_version_that_does_not_replay_says_so() -> None:
    older = _with(rules_version="pocha-0", actions=[*GOOD["actions"][:-1], "play Xx"])
    with pytest.raises(RecordError, match=r"does not replay.*written for rules 'pocha-0'"):
        replay(older)
    wrong = _with(rules_version="pocha-0", result=[0, 0, 0, 1])
    with pytest.raises(RecordError, match=r"replay gives.*written for rules 'pocha-0'"):
        replay(wrong)


def test_a_record_with_a_value_renamed_since_replays_under_its_new_name() -> None:
    """pocha-2 spelled ``ronda_subastada=closing_hands`` ``last_hands``: the record's
    parameters are read with the game's ``renamed_values``; a new game must use the new one."""
    game = tapete.load_game("pocha-match", n_players=6, ronda_subastada="closing_hands")
    state = random_playout(game.new_initial_state(), random.Random(5))
    current = GameRecord.from_state(state).to_dict()
    older = {**current, "rules_version": "pocha-2"}
    older["params"] = {**current["params"], "ronda_subastada": "last_hands"}
    report = replay_report(older)
    assert report.state == state and report.rules_note is not None
    assert report.state.game.params["ronda_subastada"] == "closing_hands"
    with pytest.raises(tapete.errors.ConfigError, match="last_hands"):
        tapete.load_game("pocha-match", n_players=6, ronda_subastada="last_hands")


def test_transcript_replays_once_without_copying_states(monkeypatch: pytest.MonkeyPatch) -> None:
    clones = []
    cls = type(tapete.load_game(GOOD["game"]).new_initial_state())
    original = cls.clone

    def counting_clone(self: State) -> State:
        clones.append(1)
        return original(self)

    monkeypatch.setattr(cls, "clone", counting_clone)
    assert len(list(tapete.engine.replay_states(GOOD))) == len(clones)  # the counter counts
    clones.clear()
    lines = transcript(GOOD).splitlines()
    assert len(lines) == len(GOOD["actions"]) + 2
    assert clones == []


# -- properties: whatever a record holds, the answer is a state or a RecordError --------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = [
    "format",
    "version",
    "game",
    "params",
    "rules_version",
    "players",
    "actions",
    "result",
    "meta",
]


def _answer(data: Any) -> None:
    try:
        state = replay(data)
    except RecordError:
        return
    assert state.move_number() == len(GameRecord.from_dict(data).actions)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=JSON)
def test_any_value_in_any_field_replays_or_is_a_record_error(field: str, value: Any) -> None:
    _answer(_with(**{field: value}))


@settings(deadline=None)
@given(index=st.integers(0, len(GOOD["actions"]) - 1), text=st.text(max_size=12))
def test_any_action_text_replays_or_is_a_record_error(index: int, text: str) -> None:
    actions = list(GOOD["actions"])
    actions[index] = text
    _answer(_with(actions=actions))


@settings(deadline=None)
@given(data=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_any_bytes_are_a_record_or_a_record_error(data: bytes) -> None:
    try:
        read_json(data)
        GameRecord.from_json(data)
    except RecordError:
        pass


@settings(deadline=None)
@given(cut=st.integers(0, 2000), junk=st.text(max_size=3))
def test_a_damaged_record_text_is_a_record_error_or_replays(cut: int, junk: str) -> None:
    text = json.dumps(GOOD)
    cut = min(cut, len(text))
    damaged = text[:cut] + junk + text[cut:]
    with contextlib.suppress(RecordError):
        replay(damaged)


def test_transcript_shows_unprintable_player_names_escaped() -> None:
    record = _with(players=["ana", "b\nea", "carlos", "dani"])
    text = transcript(record)
    assert "(ana)" in text and "('b\\nea')" in text
    assert len(text.splitlines()) == len(GOOD["actions"]) + 2  # no line was injected
