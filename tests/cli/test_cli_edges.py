"""The command line at its edges: one-line errors, no traceback, no hang, nothing lost."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.arena import PlayerSpec
from tapete.cli.main import main
from tapete.errors import ConfigError
from tapete.players import load

#: A generous guard against a hang (a hang is the failure; no speed is being measured).
HANG_GUARD = 300


def _one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tapete: ") and "\n" not in err and "Traceback" not in err, err
    return err


def _run(*argv: str, stdout: int | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tapete.cli.main", *argv],
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )


# -- tapete random --out ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("missing/x.jsonl", "No such file or directory"),
        (".", "it is a folder"),
        ("file/x.jsonl", "Not a directory"),
    ],
)
def test_random_refuses_a_bad_out_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, message: str
) -> None:
    (tmp_path / "file").write_text("")
    err = _one_line_error(
        capsys, "random", "pocha", "--count", "2", "--out", str(tmp_path / target)
    )
    assert message in err and str(tmp_path) in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_random_to_a_full_disk_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = _one_line_error(capsys, "random", "pocha", "--count", "2", "--out", "/dev/full")
    assert "/dev/full: No space left on device (0 of 2 records written)" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_random_to_a_full_standard_output_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = _run("random", "pocha", "--count", "2", stdout=full.fileno())
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "tapete: cannot write the standard output: No space left on device (0 of 2 records written)"
    ]


def test_random_into_a_closed_pipe_stops_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.cli.main", "random", "pocha", "--count", "2000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader has seen enough
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=HANG_GUARD) == 0
    assert json.loads(first)["game"] == "pocha" and err == ""


def test_random_keeps_the_records_written_before_a_failure(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["random", "pocha", "--count", "3", "--out", str(out), "-p", "hand_size=1"]) == 0
    lines = out.read_text().splitlines()
    assert [json.loads(line)["meta"]["seed"] for line in lines] == ["0-0", "0-1", "0-2"]


# -- tapete replay ----------------------------------------------------------------------------
def _records(tmp_path: Path, count: int = 3) -> list[str]:
    out = tmp_path / "good.jsonl"
    main(["random", "pocha", "--count", str(count), "--out", str(out), "-p", "hand_size=1"])
    return out.read_text().splitlines()


@pytest.mark.parametrize(
    ("content", "where", "message"),
    [
        (lambda good: [good[0], '{"game": "pocha", "actions": [], "players": 5}'], "line 2",
         "players must be a list"),
        (lambda good: [good[0], good[1], "[" * 100_000 + "]" * 100_000], "line 3",
         "nested too deeply"),
        (lambda good: [good[0], good[1].replace('"deal ', '"deal X', 1)], "line 2",
         "action 1 ('deal X"),
        (lambda good: ["", good[0], '{"game": "pocha(", "actions": []}'], "line 3",
         "must be a game's name"),
        (lambda good: [good[0], good[1].replace('"version": 1', '"version": 2')], "line 2",
         "version 2 is not supported"),
        (lambda good: [good[0], '{"game": "pocha", "actions": [], "meta": {"s": ' + "9" * 5000
         + "}}"], "line 2", "5000 digits"),
    ],
    ids=["players 5", "deep", "bad action", "game junk", "version", "5000 digits"],
)  # fmt: skip
def test_replay_errors_name_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, where: str, message: str
) -> None:
    good = _records(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(content(good)) + "\n")  # type: ignore[operator]
    capsys.readouterr()
    err = _one_line_error(capsys, "replay", str(bad))
    assert f"{bad} {where}: " in err and message in err


def test_replay_of_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _records(tmp_path, 2)
    bad = tmp_path / "latin1.jsonl"
    bad.write_bytes((good[0] + "\n").encode() + b'{"game": "pocha", "players": ["Jos\xe9"]}\n')
    capsys.readouterr()
    err = _one_line_error(capsys, "replay", str(bad))
    assert f"{bad} line 2: not UTF-8 text" in err


def test_replay_of_a_lone_surrogate_and_of_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = json.loads(_records(tmp_path, 1)[0])
    good["players"] = ["a", "b", "c", "X"]
    bad = tmp_path / "s.json"
    bad.write_text(json.dumps(good, indent=2).replace('"X"', '"\\ud800"'))
    capsys.readouterr()
    err = _one_line_error(capsys, "replay", str(bad))
    assert f"{bad} line 1: " in err and "lone surrogate" in err
    assert "Is a directory" in _one_line_error(capsys, "replay", str(tmp_path))
    assert "No such file" in _one_line_error(capsys, "replay", str(tmp_path / "none.jsonl"))


def test_replay_of_a_pretty_printed_record_and_a_closed_pipe(tmp_path: Path) -> None:
    good = json.loads(_records(tmp_path, 1)[0])
    pretty = tmp_path / "one.json"
    pretty.write_text(json.dumps(good, indent=2))
    done = _run("replay", str(pretty))
    assert done.returncode == 0 and done.stdout.startswith("# pocha")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.cli.main", "replay", str(tmp_path / "good.jsonl")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=HANG_GUARD) == 0 and proc.stderr.read() == b""


# -- tapete bench -----------------------------------------------------------------------------
@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "0", "1e9"])
def test_bench_refuses_durations_that_never_end(
    capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    err = _one_line_error(capsys, "bench", "pocha", f"--seconds={seconds}")
    assert "--seconds must be a number of seconds" in err


def test_bench_stops_inside_a_game_that_outlasts_the_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # one session of 20,000 banks takes seconds; the bench must stop inside it
    argv = ["bench", "trynka-match", "--seconds", "0.2", "-p", "banks=20000",
            "-p", "stop_when_broke=false", "-p", "start_balance=100000000"]  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "games       0 finished" in out
    actions = int(out.split("actions     ")[1].split()[0])
    assert actions > 0


# -- the registries ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "message"),
    [
        (None, "a game name must be a string, got NoneType"),
        (5, "a game name must be a string, got int"),
        ("pocha(", "cannot read game string 'pocha('"),
        ("pocha(n_players=5", "cannot read game string"),
        ("pocha(n_players=5)x", "cannot read game string"),
        ("pocha(n_players=5)(deck=40)", "cannot read game string"),
        ("pocha(n_players)", "expected key=value"),
        ("pocha(=5)", "expected key=value"),
        ("(n_players=5)", "no game name"),
        ("pocha(n_players=5,n_players=6)", "n_players is given twice"),
        ("poker", "unknown game 'poker'"),
    ],
)
def test_load_game_refuses_junk(name: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        tapete.load_game(name)  # type: ignore[arg-type]


def test_load_game_inline_and_keyword_parameters_must_agree() -> None:
    assert tapete.load_game("pocha(n_players=5)", n_players=5).num_players() == 5
    with pytest.raises(ConfigError, match="given twice"):
        tapete.load_game("pocha(n_players=5)", n_players=6)


def test_unknown_player_parameters_are_refused_naming_the_allowed_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(ConfigError, match="player random has no parameter x; its parameters"):
        load("random", x=1)
    with pytest.raises(ConfigError, match="player rule has no parameter x"):
        load("rule", x=1)
    assert load("random", time_budget=1.0).name == "random"
    err = _one_line_error(
        capsys, "arena", "pocha", "--players", "random:x=1,random,random,random", "--deals", "1"
    )
    assert "no parameter x" in err and "time_budget" in err


GAME_TEXT = st.text(alphabet="pocha-mtrynkb(),=_ 0123456789x", max_size=30)


@settings(deadline=None)
@given(text=GAME_TEXT | st.text(max_size=20))
def test_any_game_string_loads_or_is_a_config_error(text: str) -> None:
    try:
        game = tapete.load_game(text)
    except ConfigError:
        return
    assert game.name in tapete.registered_games() and text.strip().startswith(game.name)


@settings(deadline=None)
@given(text=st.text(alphabet="randomule:=,.0123456789x_ ", max_size=30) | st.text(max_size=20))
def test_any_player_text_loads_or_is_a_config_error(text: str) -> None:
    try:
        spec = PlayerSpec.parse(text)
        player = load(spec.name, **spec.params)
    except ConfigError:
        return
    assert player.name == spec.name


@settings(deadline=None, max_examples=40)
@given(data=st.data())
def test_any_game_parameter_on_the_command_line_is_played_or_one_line(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(tapete.registered_games()))
    key = data.draw(st.sampled_from(sorted(tapete.load_game(name).params)) | st.text(max_size=4))
    value = data.draw(st.text(alphabet="0123456789-.,aeiostruf ", max_size=3))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "r.jsonl"
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            status = main(
                ["random", name, "--count", "1", "--out", str(out), f"--param={key}={value}"]
            )
        lines = err.getvalue().strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in lines[0]
        if status == 0:
            assert tapete.replay(out.read_text().strip()).is_terminal()
        else:
            assert status == 2 and lines[0].startswith("tapete: ") and not out.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_standard_output_is_one_line_and_the_arena_keeps_its_files(
    tmp_path: Path,
) -> None:
    out = tmp_path / "arena"
    with open("/dev/full", "w") as full:
        bench = _run("bench", "pocha", "--seconds", "0.1", stdout=full.fileno())
        arena = _run("arena", "pocha", "--players", "random,random,random,random", "--deals",
                     "2", "--out", str(out), "--no-progress", "--no-chart",
                     stdout=full.fileno())  # fmt: skip
    for done in (bench, arena):
        assert done.returncode == 2
        assert done.stderr.strip().splitlines() == ["tapete: No space left on device"]
    assert json.loads((out / "results.json").read_text())["games"] == 8
    assert len((out / "records.jsonl").read_text().splitlines()) == 8


def test_a_closed_pipe_after_bench_output_stops_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tapete.cli.main", "bench", "pocha", "--seconds", "0.2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    assert proc.wait(timeout=HANG_GUARD) == 0 and proc.stderr.read() == b""
