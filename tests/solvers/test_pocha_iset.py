"""The La Pocha information-set search against the reference engine.

At seeded positions with a few tricks left (rule variants mixed), a few worlds consistent
with the seat's view are drawn by the game's own sampler. Each card's value is then found
twice: by :func:`evaluate_plays_iset` and by a search over the reference engine's states (its
legal moves and tricks; the other seats' cards picked by the kernel's policy from the
engine's legal moves, read afresh from the engine's views), where the worlds in which the
others played the same cards are searched together and the seat plays one card in all.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest

from tapete.errors import ConfigError
from tapete.players.search.pocha import PochaSearch
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.pocha import PochaTables
from tapete.solvers.pocha_endgame import evaluate_plays_exact
from tapete.solvers.pocha_iset import evaluate_plays_iset
from tests.solvers.test_pocha_endgame import _card, _kernel_position, position


def _others_until(tables: PochaTables, state: Any, me: int) -> tuple[Any, tuple[str, ...]]:
    """``state`` played on by the policy for the other seats until ``me``'s turn or the end,
    and the cards they played (as the engine writes them)."""
    played: list[str] = []
    while not state.is_terminal() and state.current_player() != me:
        hands, bids, won, _, st = _kernel_position(tables, state)
        cards = {_card(tables, state, a): a for a in state.legal_actions()}
        mask = np.uint64(sum(1 << c for c in cards))
        action = cards[int(pk.policy_play(hands, bids, won, st, tables.rp, mask))]
        played.append(state.action_to_string(action))
        state = state.child(action)
    return state, tuple(played)


def _points(tables: PochaTables, state: Any, me: int) -> float:
    view = state.view(me)
    return float(pk.score(tables.rp, view.bids[me], view.tricks_won[me]))


def engine_value(tables: PochaTables, states: list[Any], weights: list[float], me: int,
                 first: str | None) -> float:  # fmt: skip
    """The summed value of ``states`` (``me`` to move in each, or all over), by the
    information-set search over the engine's states: ``first`` (an action's text) or the best
    card, the same in every state, then the states split by what the others played."""
    if states[0].is_terminal():
        return sum(w * _points(tables, s, me) for s, w in zip(states, weights, strict=True))
    texts = [states[0].action_to_string(a) for a in states[0].legal_actions()]
    for state in states[1:]:  # the seat's own hand: the same cards in every world
        assert sorted(state.action_to_string(a) for a in state.legal_actions()) == sorted(texts)
    best = -np.inf
    for text in [first] if first is not None else texts:
        groups: dict[tuple[str, ...], tuple[list[Any], list[float]]] = {}
        for state, weight in zip(states, weights, strict=True):
            child, played = _others_until(tables, state.child(state.string_to_action(text)), me)
            group = groups.setdefault(played, ([], []))
            group[0].append(child)
            group[1].append(weight)
        total = sum(engine_value(tables, s, w, me, None) for s, w in groups.values())
        best = max(best, total)
    return best


def _worlds(game: Any, state: Any, me: int, count: int, rng: random.Random) -> list[Any]:
    """The true state and ``count - 1`` states drawn by the game's sampler from ``me``'s view."""
    view = state.view(me)
    return [state] + [game.sample_consistent_state(view, rng) for _ in range(count - 1)]


def _searched(index: int, tricks_left: int, count: int, weighed: bool) -> tuple[Any, ...] | None:
    """At position ``index`` (see :func:`position`), the true state and ``count - 1``
    sampled ones (weights 1, or 1–3 with ``weighed``) valued both ways: ``(tables, state,
    me, states, weights, together, apart)`` (the cards in the order of the legal actions),
    or ``None`` when there is no such position or the seat has not bid."""
    found = position(index, tricks_left)
    if found is None:
        return None
    game, tables, state = found
    me = state.current_player()
    if state.view(me).bids[me] is None:
        return None
    rng = random.Random(index)
    states = _worlds(game, state, me, count, rng)
    weights = [1.0 + rng.randrange(3) if weighed else 1.0 for _ in states]
    worlds = np.array([_kernel_position(tables, s)[0] for s in states], dtype=np.uint64)
    _, bids, won, trick, st = _kernel_position(tables, state)
    cards = np.array([_card(tables, state, a) for a in state.legal_actions()], dtype=np.int64)
    w = np.array(weights)
    together = evaluate_plays_iset(worlds, w, bids, won, trick, st, tables.rp, cards)
    apart = evaluate_plays_exact(worlds, w, bids, won, trick, st, tables.rp, cards)
    return tables, state, me, states, weights, together, apart


@pytest.mark.parametrize("block", range(3))
def test_iset_values_match_the_engine(block: int) -> None:
    checked = 0
    for index in range(block * 40, block * 40 + 40):
        found = _searched(index, 3 if index % 2 else 4, 2 + index % 4, weighed=True)
        if found is None:
            continue
        tables, state, me, states, weights, values, apart = found
        for a, action in enumerate(state.legal_actions()):
            text = state.action_to_string(action)
            expected = engine_value(tables, states, weights, me, text)
            assert values[a] == pytest.approx(expected), (index, text)
        assert np.all(values <= apart + 1e-9), index
        checked += 1
    assert checked >= 20


def test_together_is_never_above_apart() -> None:
    """Searched together, the worlds never value a card above their exact solves apart
    (which may choose each later card knowing the world), and at some positions below."""
    checked = 0
    fused = 0
    for index in range(80):
        found = _searched(index, 6, 24, weighed=False)
        if found is None:
            continue
        values, apart = found[5], found[6]
        assert np.all(values <= apart + 1e-9), index
        fused += bool(np.any(values < apart - 1e-9))
        checked += 1
    assert checked >= 20 and fused >= 2, (checked, fused)


def test_one_world_is_the_exact_solve() -> None:
    """With one world there is nothing to tell apart: the values are the exact solver's."""
    checked = 0
    for index in range(60):
        found = position(index, 6)
        if found is None:
            continue
        _, tables, state = found
        hands, bids, won, trick, st = _kernel_position(tables, state)
        me = int(st[pk.ST_TO_MOVE])
        if bids[me] < 0:
            continue
        legal = int(pk.legal_plays(hands, st, tables.rp))
        cards = np.array([b for b in range(64) if legal >> b & 1], dtype=np.int64)
        worlds = hands.reshape(1, -1)
        weights = np.array([2.0])
        values = evaluate_plays_iset(worlds, weights, bids, won, trick, st, tables.rp, cards)
        exact = evaluate_plays_exact(worlds, weights, bids, won, trick, st, tables.rp, cards)
        assert np.array_equal(values, exact), index
        checked += 1
    assert checked >= 30


def _play_hand(game: Any, search: PochaSearch, seed: int) -> list[int]:
    """One seeded hand with ``search`` in every seat: the worlds of each card decision with
    a choice (``search.last_worlds``); every action chosen is legal."""
    from tapete.engine import play_chance

    rng = random.Random(seed)
    state = game.new_initial_state()
    worlds = []
    while not state.is_terminal():
        if state.is_chance_node():
            play_chance(state, rng)
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = search.choose(state.view(seat), legal, random.Random(len(worlds)), game)
        assert action in legal
        if state.view(seat).phase == "play" and len(legal) > 1:
            worlds.append(search.last_worlds)
        state.apply_action(action)
    return worlds


def test_the_search_player_takes_iset() -> None:
    """``iset`` turns the search on near the end of the hand: with a fixed number of worlds
    one search of ``iset_worlds``; under a time budget searches doubling their worlds while
    the time lasts. Bad values are refused."""
    import tapete

    game = tapete.load_game("pocha", n_players=4, hand_size=5)
    fixed = _play_hand(game, PochaSearch(worlds=32, iset=5, iset_worlds=40), 2)
    assert len(fixed) >= 3 and set(fixed) == {40}
    timed = _play_hand(game, PochaSearch(time_budget=0.2, clock="cpu", iset=5, iset_worlds=64), 3)
    assert timed and set(timed) <= {16, 32, 64}
    for bad in ({"iset": -1}, {"iset": 65}, {"iset_worlds": 0}):
        with pytest.raises(ConfigError):
            PochaSearch(**bad)  # type: ignore[arg-type]


def test_a_first_search_that_would_overrun_gives_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """With almost no work allowed the first joint search gives up and the worlds are
    searched apart (batches of worlds, more than the joint search's first 16); the strong
    level searches jointly by default, the others do not."""
    import tapete
    from tapete.players.search import pocha

    assert PochaSearch(time_budget=1.0).iset == pocha.ISET
    assert PochaSearch(time_budget=0.05).iset == 0 and PochaSearch(worlds=10).iset == 0
    monkeypatch.setattr(pocha, "ISET_PACE", 1)
    # a clock that counts the search's steps, one millisecond each: the test counts work,
    # whatever the machine's speed or load
    ticks = itertools.count()
    game = tapete.load_game("pocha", n_players=4, hand_size=6)
    search = PochaSearch(time_budget=0.05, clock="cpu", iset=6, max_worlds=300)
    search._now = lambda: next(ticks) / 1000
    worlds = _play_hand(game, search, 4)
    assert sum(w > 64 for w in worlds) >= 1
