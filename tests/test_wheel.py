"""What ``pip install tapete`` builds: the wheel compiles the rules core with mypyc when a C
compiler is there (and falls back to pure Python with a warning when there is none); an
editable install stays pure Python. The builds run on a copy of the project in a temp dir."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SO = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

PLAY = """
import random, tapete
from tapete.engine import random_playout
game = tapete.load_game('pocha', n_players=4, hand_size=10)
state = random_playout(game.new_initial_state(), random.Random(3))
assert state.is_terminal() and len(state.returns()) == 4
print(tapete.is_compiled(), tapete.__file__)
"""


def copy_project(into: Path) -> Path:
    """The files a build reads, without caches or build folders."""
    project = into / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(
        ROOT / "src",
        project / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"),
    )
    return project


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAPETE_", "PYTHON"))}
    return env | extra


def build_wheel(
    project: Path, out: Path, python: Path | str = sys.executable, **env: str
) -> tuple[Path, str]:
    """``pip wheel`` of the project by ``python`` (build isolation: the [build-system]
    requirements)."""
    result = subprocess.run(
        [python, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(out), str(project)],
        capture_output=True,
        text=True,
        env=clean_env(**env),
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (wheel,) = out.glob("tapete-*.whl")
    return wheel, result.stdout + result.stderr


def install_and_play(wheel: Path, where: Path) -> str:
    """Install ``wheel`` alone (the rules need the standard library only) into a new venv
    and play a game there; returns what the game printed."""
    env_dir = where / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        check=True,
        env=clean_env(),
        timeout=600,
    )
    result = subprocess.run(
        [python, "-c", PLAY], capture_output=True, text=True, cwd=where, env=clean_env()
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def compiled_members(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        return [n for n in archive.namelist() if n.endswith(SO)]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc) on this machine")
def test_the_wheel_compiles_the_rules_core_and_plays(tmp_path: Path) -> None:
    """Built by a Python that has nothing installed (no numpy: the observation encoder is
    compiled all the same, numpy typed as ``Any``; its C extension ``tapete.rl._cells``
    needs CPython's headers only), as a user's ``pip install`` does."""
    project = copy_project(tmp_path)
    bare = tmp_path / "bare"
    venv.EnvBuilder(with_pip=True).create(bare)
    wheel, _log = build_wheel(project, tmp_path / "dist", python=bare / "bin" / "python")
    members = compiled_members(wheel)
    engine = ("api", "compiling", "params", "player_view", "protocol")  # the contracts' modules
    games = ("pocha", "trynka", "ombre", "tresillo", "lhombre")  # every game's rules
    core = (
        *(f"tapete/engine/{part}" for part in engine),
        *(f"tapete/games/{game}/{part}" for game in games for part in ("state", "game")),
        "tapete/games/ombre_family/deal",
    )
    parts = ("__init__", "survey", "layout", "stream", "encoder")  # the encoder's modules
    encoder = [f"tapete/rl/encoding/{part}" for part in parts]
    for module in (*core, *encoder, "tapete/rl/_cells"):  # and the C ext.
        assert f"{module}{SO}" in members, members
    printed = install_and_play(wheel, tmp_path)
    compiled, location = printed.split()
    assert compiled == "True"
    assert str(tmp_path / "venv") in location  # the installed copy, not the source tree
    installed = next((tmp_path / "venv").rglob(f"tapete/games/pocha/state{SO}"))
    assert installed.is_file()


@pytest.mark.slow
def test_without_a_c_compiler_the_wheel_is_pure_python_with_a_warning(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    wheel, log = build_wheel(project, tmp_path / "dist", CC=str(tmp_path / "no-such-cc"))
    assert compiled_members(wheel) == []
    assert "no C compiler found" in log
    compiled, _location = install_and_play(wheel, tmp_path).split()
    assert compiled == "False"


@pytest.mark.slow
def test_an_editable_install_stays_pure_python(tmp_path: Path) -> None:
    """``pip install -e`` (what development uses) builds no compiled module, even where a C
    compiler and mypy are at hand."""
    project = copy_project(tmp_path)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [python, "-m", "pip", "install", "-v", "--no-deps", "-e", str(project)],
        capture_output=True,
        text=True,
        env=clean_env(),
        timeout=1200,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    assert "mypyc" not in install.stdout.lower()
    result = subprocess.run(
        [python, "-c", PLAY], capture_output=True, text=True, cwd=tmp_path, env=clean_env()
    )
    assert result.returncode == 0, result.stderr
    compiled, location = result.stdout.split()
    assert compiled == "False"
    assert location.startswith(str(project / "src"))
    assert not list((project / "src").rglob(f"*{SO}"))


def test_this_source_tree_runs_pure_python_unless_built_in_place() -> None:
    """An editable development install imports the pure-Python rules from ``src``."""
    import tapete

    here = Path(tapete.__file__).resolve()
    if not here.is_relative_to(ROOT / "src"):
        pytest.skip(f"tapete is imported from an installed copy ({here}), not the source tree")
    in_place = list((ROOT / "src" / "tapete").rglob(f"*{SO}"))
    assert tapete.is_compiled() == bool(in_place)
