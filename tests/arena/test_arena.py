"""The arena: duplicate seatings, deterministic results, records, outputs, CLI."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import tapete
from tapete.arena import ArenaConfig, DeckChance, PlayerSpec, rotations, run_arena
from tapete.arena.report import write_results
from tapete.cli.main import main
from tapete.errors import ConfigError


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


def _small(**kwargs: Any) -> ArenaConfig:
    base: dict[str, Any] = {"deals": 8, "seed": 5, "game_params": {"hand_size": 3}}
    base.update(kwargs)
    return ArenaConfig.build("pocha", "rule,rule,random,random", **base)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_rotation_puts_every_player_in_every_seat(n: int) -> None:
    seatings = rotations(n, "rotate")
    assert len(seatings) == n
    for player in range(n):
        assert sorted(s.index(player) for s in seatings) == list(range(n))
    assert len(set(rotations(n, "all"))) == len(rotations(n, "all"))
    assert rotations(n, "fixed") == [tuple(range(n))]


def test_duplicate_games_share_their_deal() -> None:
    result = run_arena(_small())
    seen: dict[int, list[str]] = {}
    for g in result.games:
        record = json.loads(g["record"])
        dealt = [a for a in record["actions"] if a.startswith(("deal", "turn"))]
        seen.setdefault(g["deal"], []).append(" ".join(dealt))
        players = record["players"]
        assert players == [["rule", "rule", "random", "random"][i] for i in g["seating"]]
    assert all(len(set(v)) == 1 and len(v) == 4 for v in seen.values())
    assert len({v[0] for v in seen.values()}) == len(seen)  # deals differ from each other


def test_deck_chance_keeps_the_stock_order_whatever_was_played() -> None:
    # two playouts of the same deal with different players draw identical chance actions
    game = tapete.load_game("pocha-match", hand_sequence="2,3")
    histories = []
    for bot in ("rule", "random"):
        result = run_arena(
            ArenaConfig(
                game="pocha-match",
                players=tuple(PlayerSpec(bot) for _ in range(4)),
                deals=1,
                seed=2,
                game_params={"hand_sequence": "2,3"},
                seating="fixed",
            )
        )
        state = tapete.replay(result.records()[0])
        chance = [t for t in state.history_strings() if t.split()[0] in ("deal", "turn", "dealer")]
        histories.append(chance)
    assert histories[0] == histories[1]
    assert game.num_players() == 4
    assert DeckChance("x").choose(game.new_initial_state()) >= 0


def test_same_seed_same_result_any_number_of_workers() -> None:
    one = run_arena(_small(workers=1))
    again = run_arena(_small(workers=1))
    two = run_arena(_small(workers=2, chunk_size=3))
    assert _without_timing(one.summary) == _without_timing(again.summary)
    assert _without_timing(one.summary) == _without_timing(two.summary)
    assert one.records() == two.records()
    other = run_arena(_small(seed=6))
    assert other.records() != one.records()


def test_records_replay_to_their_results() -> None:
    result = run_arena(_small(deals=3))
    assert len(result.records()) == 12
    for text in result.records():
        record = tapete.GameRecord.from_json(text)
        state = tapete.replay(record)
        assert state.is_terminal() and list(state.returns()) == list(record.result or ())
        assert set(record.meta) >= {"deal", "rotation", "seating", "arena_seed"}


_NEEDS_OPENSKILL = pytest.mark.skipif(
    importlib.util.find_spec("openskill") is None,
    reason="openskill is not installed (the arena extra: pip install -e '.[arena]')",
)
_NEEDS_MATPLOTLIB = pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None,
    reason="matplotlib is not installed (the arena extra: pip install -e '.[arena]')",
)


@_NEEDS_OPENSKILL
def test_summary_contents() -> None:
    s = run_arena(_small(deals=30)).summary
    assert s["games"] == 120 and s["deals"] == 30 and s["seatings_per_deal"] == 4
    rule, rnd = s["players"]["rule"], s["players"]["random"]
    assert rule["score"]["n"] == 30 and rule["seats"] == 2
    assert rule["score"]["ci_low"] <= rule["score"]["mean"] <= rule["score"]["ci_high"]
    (margin,) = s["margins"]
    assert margin["mean"] == pytest.approx(rule["score"]["mean"] - rnd["score"]["mean"])
    assert {(h["a"], h["b"]) for h in s["head_to_head"]} == {("rule", "random"), ("random", "rule")}
    assert s["ratings"]["model"] == "openskill.PlackettLuce"
    assert s["ratings"]["players"]["rule"]["mu"] > s["ratings"]["players"]["random"]["mu"]
    stats = rule["stats"]
    assert stats["hands"] == 240 and 0.0 <= stats["exact_bid_rate"] <= 1.0
    assert set(stats["exact_bid_rate_by_hand_size"]) == {"3"}
    assert len(s["seat_means"]) == 4


def test_rule_beats_random_at_pocha() -> None:
    s = run_arena(ArenaConfig.build("pocha", "rule,rule,random,random", deals=40, seed=1)).summary
    (margin,) = s["margins"]
    assert margin["ci_low"] > 0


def test_bad_configs_are_refused() -> None:
    with pytest.raises(ConfigError, match="4 seats but 3 players"):
        run_arena(ArenaConfig.build("pocha", "rule,rule,random"))
    with pytest.raises(ConfigError, match="unknown player"):
        run_arena(ArenaConfig.build("pocha", "rule,rule,random,nobody"))
    with pytest.raises(ConfigError, match="name:key=value"):
        PlayerSpec.parse("rule:aggression")
    assert PlayerSpec.parse("rule:aggression=0.7").label == "rule:aggression=0.7"


@_NEEDS_OPENSKILL
@_NEEDS_MATPLOTLIB
def test_outputs_are_written(tmp_path: Path) -> None:
    result = run_arena(_small(deals=4))
    paths = write_results(result, tmp_path)
    data = json.loads(paths["json"].read_text())
    assert data["format"] == "tapete-arena" and data["players"]
    rows = paths["csv"].read_text().splitlines()
    assert rows[0].startswith("kind,player") and len(rows) == 1 + 2 + 1
    assert len(paths["records"].read_text().splitlines()) == 16
    assert paths["png"].read_bytes()[:4] == b"\x89PNG"


@_NEEDS_OPENSKILL
@_NEEDS_MATPLOTLIB
def test_cli_arena(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["arena", "pocha", "--players", "rule,random,rule,random", "--deals", "3",
         "--seed", "1", "--workers", "1", "-p", "hand_size=2", "--out", str(tmp_path),
         "--no-progress"]
    )  # fmt: skip
    assert status == 0
    out = capsys.readouterr().out
    assert "rule − random" in out and "exact_bid_rate" in out
    assert (tmp_path / "results.json").exists() and (tmp_path / "scores.png").exists()
    assert main(["arena", "pocha", "--players", "rule", "--deals", "1", "--no-progress"]) == 2


@_NEEDS_OPENSKILL
def test_runs_without_out_never_share_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # two runs started in the same second used to write into one folder and mix their records
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("time.strftime", lambda fmt, t=None: "20260101-120000")
    args = ["arena", "pocha", "--players", "rule,random,rule,random", "--deals", "2", "--seed",
            "1", "--workers", "1", "-p", "hand_size=2", "--no-progress", "--no-chart"]  # fmt: skip
    assert main(args) == 0 and main(args) == 0
    folders = sorted(p.name for p in (tmp_path / "arena-out").iterdir())
    assert folders == ["pocha-20260101-120000", "pocha-20260101-120000-2"]
    for folder in folders:
        records = (tmp_path / "arena-out" / folder / "records.jsonl").read_text().splitlines()
        assert len(records) == 2 * 4  # two deals, four seatings each, nothing mixed in
    assert "arena-out/pocha-20260101-120000-2" in capsys.readouterr().out


def test_import_stays_light() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tapete.arena, tapete.players.rule; "
        "print(sorted(m for m in ('matplotlib', 'openskill', 'ray', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("game", "players", "prefix"),
    [
        ("ombre", "rule,random,random", ("deal", "stock")),
        ("trynka", "rule,rule,random,random", ("deal",)),
    ],
)
def test_duplicate_deals_in_every_game(game: str, players: str, prefix: tuple[str, ...]) -> None:
    # the first cards dealt are the same in every seating of a deal
    result = run_arena(ArenaConfig.build(game, players, deals=4, seed=9))
    firsts: dict[int, set[str]] = {}
    for g in result.games:
        actions = json.loads(g["record"])["actions"]
        dealt = [a for a in actions if a.split()[0] in prefix][:9]
        firsts.setdefault(g["deal"], set()).add(" ".join(dealt))
    assert all(len(v) == 1 for v in firsts.values())
    assert result.summary["players"]["rule"]["stats"]


def test_rule_beats_random_at_ombre_and_trynka() -> None:
    for game, players in (("ombre", "rule,random,random"), ("trynka", "rule,rule,random,random")):
        s = run_arena(ArenaConfig.build(game, players, deals=60, seed=1, workers=2)).summary
        (margin,) = s["margins"]
        assert margin["ci_low"] > 0, (game, margin)
