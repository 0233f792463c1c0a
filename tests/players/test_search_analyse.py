"""``tapete analyse``: the search's review of recorded La Pocha and Ombre games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numba", reason="the review uses the search players (the solvers extra)")

import tapete
from tapete.cli.main import main
from tapete.engine import GameRecord
from tapete.players import load


def record_file(tmp_path: Path, name: str, seed: int, **params: object) -> Path:
    game = tapete.load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bots = [load("rule"), load("random"), load("rule"), load("random")]
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.view(seat), legal, rng))
    path = tmp_path / f"{name}.jsonl"
    path.write_text(GameRecord.from_state(state).to_json() + "\n", encoding="utf-8")
    return path


def _reviewed(path: Path, worlds: int, capsys: pytest.CaptureFixture[str]) -> list[Any]:
    """Every decision's review entry of ``tapete analyse --json`` on the record at ``path``."""
    assert main(["analyse", str(path), "--worlds", str(worlds), "--json"]) == 0
    entries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert entries, "no decision reviewed"
    for e in entries:
        assert e["taken"] in e["values"] and e["best"] in e["values"]
        assert e["best_value"] == max(e["values"].values())
        assert e["loss"] == pytest.approx(e["best_value"] - e["taken_value"], abs=2e-3)
        assert e["loss"] >= 0
    assert {e["phase"] for e in entries} == {"bidding", "play"}
    return entries


def test_pocha_review_values_every_choice_of_a_short_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bounded review (CI's default run): every choice of a two-card hand valued."""
    entries = _reviewed(record_file(tmp_path, "pocha", 3, n_players=4, hand_size=2), 8, capsys)
    assert {e["seat"] for e in entries} == {0, 1, 2, 3}


@pytest.mark.slow
def test_pocha_review_values_every_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four-card hands at 40 worlds (about two minutes): the random seats lose more value."""
    path = record_file(tmp_path, "pocha", 3, n_players=4, hand_size=4)
    entries = _reviewed(path, 40, capsys)
    # the random seats lose more value than the rule seats
    lost = [sum(e["loss"] for e in entries if e["seat"] % 2 == parity) for parity in (0, 1)]
    assert lost[1] > lost[0]


def test_ombre_review_and_seat_filter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = None
    for seed in range(10):  # a deal that is played (not thrown in)
        path = record_file(tmp_path, "ombre", seed)
        assert main(["analyse", str(path), "--worlds", "3", "--json", "--seat", "1"]) == 0
        entries = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        if entries:
            break
    assert entries and all(e["seat"] == 1 and e["phase"] == "play" for e in entries)
    assert main(["analyse", str(path), "--worlds", "3"]) == 0
    assert "value lost" in capsys.readouterr().out


def test_other_games_and_bad_options_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, "pocha", 1, n_players=4, hand_size=2)
    assert main(["analyse", str(path), "--worlds", "0"]) == 2
    assert "--worlds" in capsys.readouterr().err
    assert main(["analyse", str(path), "--index", "5"]) == 2
    assert "--index" in capsys.readouterr().err
