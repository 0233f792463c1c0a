"""Players that need a module this install lacks (numba for the searches, on a platform
without its wheel) are not offered, and say why; the kernels load once in the background."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator, Sequence

import pytest

from tapete.engine.api import PlayerView
from tapete.players import PlayerUnavailable, available, base, load, unavailable
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


def test_the_kernel_loader_runs_once_and_lets_each_family_go_when_ready() -> None:
    gates = {"pocha": threading.Event(), "ombre": threading.Event()}
    calls: list[str] = []

    def load_step(player: str, game: str) -> bool:
        calls.append(game)
        gates[game].wait(10)
        return True

    loader = KernelLoader(steps=(("p", "pocha"), ("p", "ombre")), load=load_step)
    assert not loader.loading() and loader.wait(0)  # never started: nothing to wait for
    assert loader.start() and not loader.start()
    assert loader.loading() and loader.loading("pocha-match") and loader.loading("ombre")
    assert not loader.loading("trynka")  # no kernels to load for it: nobody waits
    assert loader.loading("tresillo") and loader.loading("lhombre-match")  # Ombre's kernels
    assert not loader.wait(0.01, "pocha")
    gates["pocha"].set()
    assert loader.wait(10, "pocha") and not loader.loading("pocha")
    assert loader.loading("ombre") and loader.loading()  # Ombre's still to come
    assert loader.loading("tresillo")  # and with them Tresillo's
    gates["ombre"].set()
    assert loader.wait(10) and not loader.loading()
    assert calls == ["pocha", "ombre"] and loader.error is None
    assert loader.seconds is not None and set(loader.family_seconds) == {"pocha", "ombre"}


def test_a_failed_loading_is_kept_and_ends_every_wait() -> None:
    def load_step(player: str, game: str) -> bool:
        raise RuntimeError("no kernels today")

    loader = KernelLoader(steps=(("p", "pocha"), ("p", "ombre")), load=load_step)
    loader.start()
    assert loader.wait(10) and loader.wait(0, "ombre")
    assert isinstance(loader.error, RuntimeError)


def test_a_search_player_leaves_the_loading_to_the_loader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("numba")
    import tapete
    from tapete.players import kernels
    from tapete.players.search import SearchPlayer

    gate = threading.Event()
    loader = KernelLoader(steps=(("p", "ombre"),), load=lambda _p, _g: gate.wait(10))
    monkeypatch.setattr("tapete.players.search.KERNELS", loader)
    warmed: list[str] = []
    monkeypatch.setattr(SearchPlayer, "_ombre_search", lambda self: warmed.append("x") or None)
    loader.start()
    try:
        load("search-strong").start(tapete.load_game("ombre"), 1)  # no warm-up: it loads
        assert warmed == [] and loader.loading("ombre")
    finally:
        gate.set()
        loader.wait(10)
    assert kernels.family("ombre-match") == "ombre"
