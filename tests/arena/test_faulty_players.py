"""Faulty players in the arena: named, recorded, scored as forfeits; the run goes on."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import tapete
from tapete.arena import ArenaConfig, run_arena
from tapete.arena.faults import PlayerFault, as_action
from tapete.cli.main import main
from tapete.errors import ConfigError
from tests.arena import badbots

MODULE = "tests.arena.badbots"
GAME = {"hand_size": 3}


def _config(players: str, **kwargs: Any) -> ArenaConfig:
    base: dict[str, Any] = {
        "deals": 2,
        "seed": 3,
        "game_params": GAME,
        "player_modules": (MODULE,),
        "time_limit": 0.0,
    }
    base.update(kwargs)
    return ArenaConfig.build("pocha", players, **base)


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


def _check_faults(result: Any, bad: str, kind: str) -> None:
    """Every game has the bad player forfeit, named with its seat, kept as a record."""
    summary = result.summary
    n_games = summary["games"]
    assert n_games == 2 * 4  # two deals, four seatings: nothing was dropped
    assert summary["forfeits"]["games"] == n_games
    assert summary["forfeits"]["by_player"][bad] == n_games
    assert summary["players"][bad]["forfeits"] == n_games
    assert summary["players"]["random"]["forfeits"] == 0
    for game in result.games:
        fault = game["forfeit"]
        seat = game["seating"].index(0)  # where the bad player (index 0) sat
        assert fault["player"] == bad and fault["seat"] == seat and fault["kind"] == kind
        assert f"player {bad} in seat {seat} forfeits at move {fault['move']}" in fault["message"]
        record = json.loads(game["record"])
        assert record["meta"]["forfeit"] == fault and record["result"] is None
        assert record["players"][seat] == bad
        state = tapete.replay(game["record"])  # the faulty game replays up to the fault
        assert state.move_number() == fault["move"] and not state.is_terminal()
        assert state.current_player() == seat
        lines = tapete.transcript(game["record"]).splitlines()
        assert lines[-2:] == [
            f"# unfinished after {fault['move']} actions",
            f"# forfeit: {fault['message']}",
        ]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("bad", sorted(badbots.ALWAYS))
def test_a_bad_player_forfeits_every_game_and_the_run_goes_on(bad: str, workers: int) -> None:
    result = run_arena(_config(f"{bad},random,random,random", workers=workers, chunk_size=1))
    _check_faults(result, bad, badbots.ALWAYS[bad])
    assert result.stopped is None


@pytest.mark.parametrize("bad", sorted(badbots.ODD))
def test_odd_failures_are_faults_kept_as_valid_records(bad: str) -> None:
    result = run_arena(_config(f"{bad},random,random,random", deals=1))
    assert result.summary["forfeits"]["by_player"][bad] == 4
    for game in result.games:
        fault = game["forfeit"]
        assert fault["kind"] == badbots.ODD[bad] and fault["player"] == bad
        assert len(fault["error"]) <= 500
        fault["error"].encode("utf-8")  # valid text, whatever the player raised
        assert json.loads(game["record"])["meta"]["forfeit"] == fault
        assert tapete.replay(game["record"]).move_number() == fault["move"]


def test_the_faults_say_what_went_wrong() -> None:
    messages = {}
    for bad in badbots.ALWAYS:
        result = run_arena(_config(f"{bad},random,random,random", deals=1))
        messages[bad] = result.games[0]["forfeit"]["error"]
    assert (
        messages["bad-float"].startswith("returned ")
        and "(float), not an action" in (messages["bad-float"])
    )
    assert "(NoneType), not an action" in messages["bad-none"]
    assert "(bool), not an action" in messages["bad-bool"]
    assert "'" in messages["bad-text"] and "(str)" in messages["bad-text"]
    assert messages["bad-valueerror"] == "raised ValueError: my evaluation broke"
    assert messages["bad-tapeteerror"] == "raised RecordError: my opening book is corrupt"
    assert messages["bad-illegal"].startswith("chose an illegal action: ")


@pytest.mark.parametrize("workers", [1, 2])
def test_an_action_of_another_phase_is_a_forfeit(workers: int) -> None:
    result = run_arena(_config("bad-phase,random,random,random", deals=3, workers=workers))
    faults = [g["forfeit"] for g in result.games if g["forfeit"]]
    assert faults and all(f["kind"] == "illegal" and f["player"] == "bad-phase" for f in faults)
    assert result.summary["forfeits"]["by_player"]["bad-phase"] == len(faults)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_player_that_hangs_is_interrupted(workers: int) -> None:
    config = _config("bad-hang,random,random,random", deals=1, time_limit=0.2, workers=workers)
    result = run_arena(config)
    _faults = [g["forfeit"] for g in result.games]
    assert len(_faults) == 4 and all(f["kind"] == "timeout" for f in _faults)
    assert all("still deciding after 0.2 s" in f["error"] for f in _faults)


def test_forfeits_score_the_seats_worst_result_and_the_others_their_mean() -> None:
    config = _config("bad-sometimes,random,random,random", deals=12)
    result = run_arena(config)
    summary = result.summary
    forfeited = [g for g in result.games if g["forfeit"]]
    finished = [g for g in result.games if not g["forfeit"]]
    assert forfeited and finished  # the case is a mixture
    scoring = summary["forfeits"]["scoring"]
    assert scoring["source"] in ("min_utility", "observed")
    for seat in range(4):
        seen = [g["returns"][seat] for g in finished]
        assert scoring["worst"][seat] <= min(seen)
        assert scoring["others"][seat] == pytest.approx(sum(seen) / len(seen))
    # the bad player's mean per deal, recomputed from the games with the documented rule
    per_deal: dict[int, list[float]] = {}
    for g in result.games:
        seat = g["seating"].index(0)
        value = scoring["worst"][seat] if g["forfeit"] else g["returns"][seat]
        per_deal.setdefault(g["deal"], []).append(value)
    means = [sum(v) / len(v) for v in per_deal.values()]
    expected = sum(means) / len(means)
    assert summary["players"]["bad-sometimes"]["score"]["mean"] == pytest.approx(expected)
    assert summary["forfeits"]["games"] == len(forfeited)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_same_faults_with_any_number_of_workers(workers: int) -> None:
    one = run_arena(_config("bad-sometimes,random,rule,random", deals=6))
    other = run_arena(_config("bad-sometimes,random,rule,random", deals=6, workers=workers))
    assert _without_timing(one.summary) == _without_timing(other.summary)
    assert one.records() == other.records()


def test_strict_stops_at_the_first_forfeit_keeping_the_games_played() -> None:
    result = run_arena(_config("bad-sometimes,random,random,random", deals=12, strict=True))
    assert result.stopped is not None and result.stopped["player"] == "bad-sometimes"
    assert result.games[-1]["forfeit"] == result.stopped
    assert all(not g["forfeit"] for g in result.games[:-1])
    assert result.summary["stopped"] == result.stopped
    assert len(result.records()) == len(result.games)


def test_a_player_fault_pickles_intact() -> None:
    fault = PlayerFault("mybot", 2, 17, "raised", "raised ValueError: x")
    again = pickle.loads(pickle.dumps(fault))
    assert type(again) is PlayerFault and str(again) == str(fault)
    assert again.to_dict() == fault.to_dict()


def test_action_numbers_are_ints_or_integer_types() -> None:
    class Index:
        def __index__(self) -> int:
            return 7

    assert as_action(7) == 7 and as_action(Index()) == 7
    assert [as_action(x) for x in (True, 7.0, "7", None, [7])] == [None] * 5


def test_a_bad_time_limit_module_or_seed_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="at most 60 digits"):
        run_arena(_config("random,random,random,random", seed=10**80))
    with pytest.raises(ConfigError, match="time limit"):
        run_arena(_config("random,random,random,random", time_limit=float("nan")))
    with pytest.raises(ConfigError, match="cannot import player module 'no_such_bots'"):
        run_arena(_config("random,random,random,random", player_modules=("no_such_bots",)))


# -- the command line ---------------------------------------------------------------------------
def _arena(tmp_path: Path, players: str, *extra: str) -> list[str]:
    return ["arena", "pocha", "--players", players, "--deals", "2", "--seed", "1",
            "--player-module", MODULE, "--out", str(tmp_path / "out"), "--no-chart",
            "--no-progress", "-p", "hand_size=2", *extra]  # fmt: skip


@pytest.mark.parametrize("workers", ["1", "2"])
def test_cli_arena_goes_on_and_reports_forfeits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    argv = _arena(tmp_path, "bad-valueerror,random,random,random", "--workers", workers)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "8 game(s) forfeited" in out and "bad-valueerror: 8" in out
    assert "player bad-valueerror in seat 0 forfeits at move" in out
    lines = (tmp_path / "out" / "records.jsonl").read_text().splitlines()
    assert len(lines) == 8
    assert all(json.loads(line)["meta"]["forfeit"]["kind"] == "raised" for line in lines)
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert results["forfeits"]["by_player"] == {"bad-valueerror": 8, "random": 0}


def test_cli_arena_strict_stops_with_one_line_and_keeps_the_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = _arena(tmp_path, "bad-illegal,random,random,random", "--strict", "--workers", "1")
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("tapete: stopped at the first forfeit (--strict)")
    assert "player bad-illegal in seat 0 forfeits at move" in err
    lines = (tmp_path / "out" / "records.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["meta"]["forfeit"]["player"] == "bad-illegal"
    assert json.loads((tmp_path / "out" / "results.json").read_text())["stopped"]


def test_cli_arena_interrupted_keeps_the_games_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = _arena(tmp_path, "bad-interrupt,random,random,random", "--workers", "1",
                  "--deals", "12")  # fmt: skip
    argv[argv.index("--deals") + 1] = "12"
    assert main(argv) == 130
    lines = (tmp_path / "out" / "records.jsonl").read_text().splitlines()
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert lines and results["games"] == len(lines)
    assert all(tapete.replay(line).is_terminal() for line in lines)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("file", "it is a file, not a folder"),
        ("file/sub", "cannot make the folder"),
        ("records-folder", "records.jsonl: it is a folder"),
    ],
)
def test_cli_arena_checks_its_output_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, message: str
) -> None:
    (tmp_path / "file").write_text("")
    (tmp_path / "records-folder" / "records.jsonl").mkdir(parents=True)
    argv = ["arena", "pocha", "--players", "bad-hang,random,random,random", "--deals", "1",
            "--player-module", MODULE, "--out", str(tmp_path / target), "--no-progress",
            "--time-limit", "0"]  # fmt: skip
    assert main(argv) == 2  # bad-hang would never end: nothing was played
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and message in err and str(tmp_path) in err


def test_cli_arena_measures_a_users_own_module_of_players(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(
        textwrap.dedent(
            """
            from tapete.players import Player, register_player

            class Lowest(Player):
                name = "lowest"

                def choose(self, view, legal_actions, rng):
                    return min(legal_actions)

            register_player("lowest", Lowest, parameters=())
            """
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "tapete.cli.main", "arena", "pocha", "--players",
         "lowest,random,random,random", "--deals", "3", "--workers", "2", "--player-module",
         "mybots", "--out", "out", "--no-chart", "--no-progress", "-p", "hand_size=2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    assert results["players"]["lowest"]["score"]["n"] == 3
    assert results["forfeits"]["games"] == 0


@pytest.mark.slow
def test_faults_cross_ray_intact() -> None:
    pytest.importorskip("ray", reason="ray is not installed (pip install 'tapete[ray]')")
    local = run_arena(_config("bad-sometimes,random,random,random", deals=12, chunk_size=3))
    on_ray = run_arena(
        _config("bad-sometimes,random,random,random", deals=12, chunk_size=3, backend="ray",
                workers=2)
    )  # fmt: skip
    assert _without_timing(on_ray.summary) == _without_timing(local.summary)
    assert on_ray.summary["forfeits"]["games"] > 0
    assert on_ray.records() == local.records()
