"""Players that need a module this install lacks (numba for the searches, on a platform
without its wheel) are not offered, and say why; the kernels load once in the background."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Sequence

import pytest

from tapete.engine.api import PlayerView
from tapete.players import PlayerUnavailable, available, load, unavailable
from tapete.players import base
from tapete.players.base import Player, register_player
from tapete.players.kernels import KernelLoader


class _Needy(Player):
    name = "test-needy"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        return legal_actions[0]


@pytest.fixture
def needy() -> Iterator[str]:
    register_player("test-needy", _Needy, (), requires=("tapete_no_such_module", "random"))
    try:
        yield "test-needy"
    finally:
        base._PLAYERS.pop("test-needy", None)
        base._PARAMETERS.pop("test-needy", None)
        base._REQUIRES.pop("test-needy", None)


def test_a_player_missing_a_module_is_not_available(needy: str) -> None:
    assert needy not in available()
    assert unavailable()[needy] == ("tapete_no_such_module",)  # random is installed
    with pytest.raises(PlayerUnavailable) as caught:
        load(needy)
    assert caught.value.missing == ("tapete_no_such_module",)
    assert "tapete_no_such_module" in str(caught.value)


def test_the_search_players_need_numba_and_are_offered_with_it() -> None:
    pytest.importorskip("numba")
    assert {"search-strong", "search-normal", "search-easy", "trynka-cfr"} <= set(available())
    assert base._REQUIRES["search-strong"] == ("numpy", "numba")


def test_the_cli_lists_the_bots_and_those_missing(needy: str) -> None:
    from tapete.cli.cmd_games import bots_lines

    lines = bots_lines()
    assert "rule" in lines[0] and needy not in lines[0]
    assert any(needy in line and "tapete_no_such_module" in line for line in lines[1:])


def test_the_arena_refuses_a_player_that_cannot_run(needy: str) -> None:
    from tapete.arena import ArenaConfig
    from tapete.errors import ConfigError

    config = ArenaConfig.build("pocha", f"rule,rule,rule,{needy}", deals=1)
    with pytest.raises(ConfigError, match="tapete_no_such_module"):
        config.validate()


def test_the_kernel_loader_runs_once_and_lets_waiters_go() -> None:
    release = threading.Event()
    calls: list[int] = []

    def job() -> list[str]:
        calls.append(1)
        release.wait(10)
        return ["test"]

    loader = KernelLoader(job=job)
    assert not loader.loading() and loader.wait(0)  # never started: nothing to wait for
    assert loader.start() and not loader.start()
    assert loader.loading() and not loader.wait(0.01)
    release.set()
    assert loader.wait(10) and not loader.loading()
    assert calls == [1] and loader.error is None and loader.seconds is not None


def test_a_failed_loading_is_kept_and_ends_the_wait() -> None:
    def job() -> list[str]:
        raise RuntimeError("no kernels today")

    loader = KernelLoader(job=job)
    loader.start()
    assert loader.wait(10)
    assert isinstance(loader.error, RuntimeError)
