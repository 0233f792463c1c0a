"""Bot options declared as Params (as game options are): their checks, their messages, the
frozen configs built from them, ``tapete bots``, and the anytime loop of the searches."""

from __future__ import annotations

import argparse
import dataclasses
import random
from typing import Any

import pytest

import tapete
from tapete.cli.cmd_games import bot_groups, run_bots
from tapete.engine import play_chance
from tapete.errors import ConfigError
from tapete.players import load
from tapete.players.base import options
from tapete.players.options import validate
from tapete.players.search import config
from tapete.players.search.anytime import Budget, batches, doubling, one_by_one, run


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"worlds": 0}, "parameter worlds = 0 is out of range; allowed: int 1…"),
        ({"worlds": "many"}, "parameter worlds must be an integer, got 'many'"),
        ({"level": "hard"}, "level = 'hard' is not allowed; allowed: easy | normal | strong"),
        ({"bid_shade": 2}, "parameter bid_shade = 2 is out of range; allowed: number in [0, 1]"),
        ({"play_match": "1"}, "play_match = '1' is out of range; allowed: number in [0, 1)"),
        ({"time_budget": 0}, "time_budget = 0 is out of range; allowed: number in (0, 3600)"),
        ({"epsilon": "x"}, "parameter epsilon must be a number, got 'x'"),
        ({"contract": "maybe"}, "parameter contract must be true or false, got 'maybe'"),
        ({"pool": 65}, "parameter pool = 65 is out of range; allowed: int 1…64"),
        ({"defend": "everyone"}, "parameter defend = 'everyone' is not allowed"),
        ({"contract_suits": 5}, "parameter contract_suits = 5 is out of range; allowed: int 1…4"),
    ],
)  # fmt: skip
def test_a_bad_option_is_refused_naming_it_and_what_is_allowed(
    params: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        load("search", **params)
    assert str(caught.value).startswith("player search: ")
    assert message in str(caught.value)


def test_the_options_are_read_as_the_command_line_gives_them() -> None:
    """Text and 0/1 switches are read into their kinds, and reach the game's config."""
    player: Any = load("search-strong", worlds="8", contract=0, bid_shade="0.3", iset="2")
    given = {"worlds": 8, "contract": False, "bid_shade": 0.3, "iset": 2}
    assert player.params == {"level": "strong", **given}
    assert (player.config.level, player.config.time_budget) == ("strong", 1.0)
    pocha = config.PochaConfig.from_params(player.params)
    assert (pocha.worlds, pocha.bid_shade, pocha.iset, pocha.time_budget) == (8, 0.3, 2, 1.0)
    ombre = config.OmbreConfig.from_params(player.params)
    assert ombre.contract is False and ombre.iset == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        pocha.pool = 2  # type: ignore[misc]


def test_every_default_passes_its_own_check_and_every_option_is_listed_once() -> None:
    for name in ("search", "search-easy", "trynka-cfr"):
        declared = options(name)
        assert declared and all(p.help for p in declared)
        for param in declared:
            assert validate(param, param.default) == param.default, (name, param.name)
    listed = [p.name for _, group in bot_groups("search") for p in group]
    assert sorted(listed) == sorted(p.name for p in options("search"))
    assert "level" not in [p.name for _, group in bot_groups("search-strong") for p in group]


def test_tapete_bots_lists_each_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_bots(argparse.Namespace(name="search", lang="en")) == 0
    out = capsys.readouterr().out
    for param in options("search"):
        assert param.name in out
    assert "number in [0, 1)" in out  # play_match's range
    with pytest.raises(ConfigError, match="there is no bot 'no-such-bot'"):
        run_bots(argparse.Namespace(name="no-such-bot", lang="en"))


def _positions(name: str, count: int, phase: str) -> list[Any]:
    """``count`` decisions of rule bots' play in ``phase`` with more than one legal action."""
    game = tapete.load_game(name)
    rule, rng = load("rule"), random.Random(5)
    state, found = game.new_initial_state(), list[Any]()
    while len(found) < count and not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if len(legal) > 1 and state.phase() == phase and rng.random() < 0.5:
            found.append(state.clone())
        state.apply_action(rule.choose(state.view(state.current_player()), legal, rng))
    return found


@pytest.mark.parametrize(
    ("game", "phase", "search_class", "given", "by_hand"),
    [
        ("pocha", "play", "PochaSearch", {"worlds": 5, "bid_shade": 0.1, "rollout": "counts"},
         {"worlds": 5, "bid_shade": 0.1, "rollout_sees": False, "bid_rollout_sees": False}),
        ("ombre", "play", "OmbreSearch", {"worlds": 3, "contract": 0, "defend": "own"},
         {"worlds": 3, "contract": False, "defend": "own"}),
    ],
)  # fmt: skip
def test_the_player_decides_as_the_search_built_by_hand(
    game: str, phase: str, search_class: str, given: dict[str, Any], by_hand: dict[str, Any]
) -> None:
    """The ``search`` player (its options through the Params and the frozen config) values
    the actions as the search class built with the same settings by hand does."""
    pytest.importorskip("numba", reason="the search players need numba")
    import importlib

    module = importlib.import_module(f"tapete.players.search.{game}")
    loaded = tapete.load_game(game)
    compared = 0
    for k, state in enumerate(_positions(game, 4, phase)):
        seat, legal = state.current_player(), state.legal_actions()
        player: Any = load("search", **given)
        player.start(loaded, seat)
        search = getattr(module, search_class)(**by_hand)
        ours = search.action_values(state.view(seat), legal, random.Random(k), loaded)
        theirs = player.action_values(state.view(seat), legal, random.Random(k))
        if ours is not None:  # elsewhere the rule bot decides
            assert ours[0] == theirs, (game, k)  # the same values, to the last bit
            compared += 1
    assert compared >= 2


def test_the_anytime_loop_counts_worlds_or_time() -> None:
    """With fixed worlds the clock decides nothing; under a budget the loop stops once
    another batch would pass the deadline; a batch that gives up ends it uncounted."""
    never = Budget(clock=lambda: 1e9, time_budget=0.001, worlds=7, started=0.0)
    seen: list[int] = []
    assert run(never, batches(7, 3), lambda size: size, seen.append) == (7, 1)
    assert seen == [3, 3, 1]
    now = [0.0]

    def slow(size: int) -> None:
        now[0] += size

    timed = Budget(clock=lambda: now[0], time_budget=100.0)
    halving: list[int] = []
    done, last = run(timed, one_by_one(1000), lambda size: size, slow, halving.append)
    # a world takes a second: after the 89th, another would end at 90.5, past 90% of 100 s
    assert (done, last) == (89, 1) and halving == list(range(1, 90))
    gave_up = Budget(clock=lambda: 0.0, time_budget=1.0)
    assert run(gave_up, doubling(4, 64), lambda size: size, lambda size: size < 16) == (12, 8)
