"""The registry, parameters, errors, records and the layer rule."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import tapete
from tapete.engine import GameRecord, random_playout, replay, replay_states, transcript
from tapete.errors import ConfigError, IllegalActionError, RecordError


def test_registry_lists_the_pocha_games() -> None:
    assert {"pocha", "pocha-match"} <= set(tapete.registered_games())
    with pytest.raises(ConfigError, match=r"unknown game 'poker'; registered games: .*pocha"):
        tapete.load_game("poker")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"n_players": 9}, r"n_players = 9 is out of range; allowed: int 3…8"),
        ({"n_players": 4, "hand_size": 11}, r"hand_size = 11 is too large: 4 players .* 1…10"),
        ({"n_players": 3, "hand_size": 13}, r"3 players with the 36-card pack allow 1…12"),
        ({"colour": "red"}, r"pocha has no parameter colour; its parameters are: n_players"),
        ({"rank_order": "weird"}, r"rank_order = 'weird' is not allowed; allowed: tute \| natural"),
        ({"deck": 52}, r"deck = 52 is not allowed; allowed: auto \| 36 \| 40 \| 48"),
        ({"dealer": 4}, r"dealer = 4 is not a seat; allowed: 0…3"),
        ({"seven_swap": "maybe"}, r"seven_swap must be true or false"),
    ],
)
def test_bad_parameters_say_what_is_allowed(params: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        tapete.load_game("pocha", **params)


def test_game_string_with_parameters() -> None:
    game = tapete.load_game("pocha(n_players=5, hand_size=3)")
    assert game == tapete.load_game("pocha", n_players=5, hand_size=3)
    assert repr(game) == "load_game('pocha', n_players=5, hand_size=3)"
    assert eval(repr(game), {"load_game": tapete.load_game}) == game


def test_illegal_action_error_fields() -> None:
    state = tapete.load_game("pocha", hand_size=1).new_initial_state()
    with pytest.raises(IllegalActionError) as info:
        state.apply_string("bid 0")
    assert info.value.reason == "dealing" and info.value.phase == "deal"
    assert "cards are being dealt" in str(info.value)


def _played(seed: int = 3) -> tapete.State:
    return random_playout(
        tapete.load_game("pocha", hand_size=3).new_initial_state(), random.Random(seed)
    )


def test_record_round_trip_and_replay_states() -> None:
    state = _played()
    record = GameRecord.from_state(state, players=("ana", "bea", "carlos", "dani"))
    again = GameRecord.from_json(record.to_json(indent=2))
    assert again == record
    assert replay(again) == state
    states = list(replay_states(again))
    assert len(states) == len(record.actions) + 1 and states[-1] == state
    assert states[0].move_number() == 0
    lines = transcript(record).splitlines()
    assert lines[0].startswith("# pocha") and lines[-1].startswith("# result")
    assert "seat 0 (ana)" in transcript(record)
    assert len(lines) == len(record.actions) + 2


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "not json", "not valid JSON"),
        (lambda d: {**d, "format": "pgn"}, "not a tapete record"),
        (lambda d: {k: v for k, v in d.items() if k != "actions"}, "lacks the field"),
        (lambda d: {**d, "actions": "deal Ao"}, "must be a list of action texts"),
        (lambda d: {**d, "game": "poker"}, "cannot be loaded: unknown game"),
        (lambda d: {**d, "params": {"n_players": 99}}, "cannot be loaded: parameter n_players"),
        (lambda d: {**d, "actions": ["deal Ao", "deal Ao"]}, r"action 2 \('deal Ao'\)"),
        (lambda d: {**d, "actions": ["deal Xx"]}, r"action 1 \('deal Xx'\) does not replay"),
        (lambda d: {**d, "result": [1, 2, 3, 4]}, "replay gives"),
        (lambda d: {**d, "actions": d["actions"][:5]}, "do not finish the game"),
        (
            lambda d: {**d, "rules_version": "pocha-0", "actions": ["deal Ao", "deal Ao"]},
            "written for rules 'pocha-0'",
        ),
        (lambda d: {**d, "result": "win"}, "must be a list of numbers"),
    ],
)
def test_malformed_records_raise_record_error(mutate: object, message: str) -> None:
    data = GameRecord.from_state(_played()).to_dict()
    bad = mutate(data)  # type: ignore[operator]
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(RecordError, match=message):
        replay(text)


LAYERS = ["errors", "cards", "engine", "games", "tournaments", "testing", "players", "arena", "cli"]
PURE = {"errors", "cards", "engine", "games", "tournaments"}


def _imports(path: Path) -> set[str]:
    """Modules imported at run time (imports under ``if TYPE_CHECKING:`` are compile-time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            node.body = []
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_layers_import_only_downwards_and_the_core_is_pure() -> None:
    import sys

    root = Path(tapete.__file__).parent
    stdlib = set(sys.stdlib_module_names)
    problems = []
    for path in root.rglob("*.py"):
        layer = path.relative_to(root).parts[0].removesuffix(".py")
        if layer not in LAYERS:
            continue
        for name in _imports(path):
            top = name.split(".")[0]
            if top == "tapete":
                parts = name.split(".")
                if len(parts) < 2:
                    continue
                target = parts[1]
                if target in LAYERS and LAYERS.index(target) > LAYERS.index(layer):
                    problems.append(f"{path.name} ({layer}) imports upward {name}")
            elif layer in PURE and top not in stdlib and top != "__future__":
                problems.append(f"{path.name} ({layer}) imports non-stdlib {name}")
    assert problems == []


def test_the_expected_core_is_in_use() -> None:
    """``dev.py compiled-test`` must really test the compiled core (and the default the pure)."""
    import os

    expected = os.environ.get("TAPETE_EXPECT_COMPILED") == "1"
    assert tapete.is_compiled() is expected
