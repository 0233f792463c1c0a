"""The fast Ombre card-play worlds against the deal and against the game's sampler: the true
hands always fit the constraints, every sampled world fits them, and the cards each seat may
get are the same as the game's sampler's (the same inferences)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tapete
from tapete.players import load
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.ombre import OmbreTables
from tapete.solvers.ombre_worlds import play_constraints, sample_hands

_VARIANTS: list[dict[str, Any]] = [
    {},
    {"matador_privilege": False},
    {"first_lead": "eldest", "talon_rest_visible": "all"},
]


def _positions(game: Any, seed: int) -> list[Any]:
    """Every play position of one deal bid and played by rule bots (some cards at random).

    A view is taken at every move: OmbreState caches the current trick's view by its leader
    and length only, so a view skipped for a whole trick can come back stale (the engine's
    cache, seen here; not this module's)."""
    rng = random.Random(seed)
    rule = load("rule")
    state: Any = game.new_initial_state()
    out = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(rng.choice(legal))
            continue
        if state.phase() == "play":
            out.append(state.clone())
        seat = state.current_player()
        ruled = rule.choose(state.view(seat), legal, rng)  # a view at every move: see below
        if state.phase() == "play" and rng.random() < 0.3:
            state.apply_action(rng.choice(legal))
        else:
            state.apply_action(ruled)
    return out


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_true_hands_and_samples_fit_the_constraints(variant: int) -> None:
    game: Any = tapete.load_game("ombre", **_VARIANTS[variant])
    privilege = bool(game.params["matador_privilege"])
    checked = 0
    rng = random.Random(variant)
    for seed in range(40):
        for state in _positions(game, 1000 * variant + seed):
            for seat in range(3):
                view: Any = state.view(seat)
                found = play_constraints(view, privilege)
                assert found is not None
                for other in range(3):
                    if other == seat:
                        continue
                    true = state.hands[other]
                    assert true.bit_count() == found.need[other]
                    assert true & ~found.hidden == 0, "a true card is not hidden"
                    assert true & found.forbidden[other] == 0, "a true card is forbidden"
                hands = sample_hands(found, rng)
                a, b = hands.values()
                assert a & b == 0
                for other, hand in hands.items():
                    assert hand.bit_count() == found.need[other]
                    assert hand & ~found.hidden == 0
                    assert hand & found.forbidden[other] == 0
                checked += 1
    assert checked > 500


def test_supports_match_the_games_sampler() -> None:
    """Over many samples, the cards the fast worlds put in each hand are exactly those the
    game's sampler puts there (the same cards known, the same inferences)."""
    game: Any = tapete.load_game("ombre")
    rng = random.Random(5)
    compared = 0
    for seed in range(12):
        positions = _positions(game, 500 + seed)
        for state in positions[6::7]:  # a few positions of each deal, early to late
            seat = state.current_player()
            view: Any = state.view(seat)
            found = play_constraints(view, True)
            assert found is not None
            mine = {s: 0 for s in range(3) if s != seat}
            theirs = dict(mine)
            for _ in range(150):
                for s, hand in sample_hands(found, rng).items():
                    mine[s] |= hand
                world = game.sample_consistent_state(view, rng)
                for s in theirs:
                    theirs[s] |= world.hands[s]
            assert mine == theirs, (seed, state.move_number())
            compared += 1
    assert compared >= 20


def test_reaches_agrees_with_solve() -> None:
    """One zero-window search gives what the full solve says of each target."""
    game: Any = tapete.load_game("ombre")
    table = ok.new_table(16)
    seen = set()
    for seed in range(60):
        positions = _positions(game, 2000 + seed)
        if not positions:
            continue
        state = positions[0]
        view: Any = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array([tables.kernel_mask(h) for h in state.hands], dtype=np.uint64)
        won = np.zeros(3, dtype=np.int64)
        leader, ombre = state.current_player(), view.ombre
        result = int(ok.solve(hands, won, leader, ombre, tables.n_trumps, True, ok.new_table(12)))
        seen.add(result)
        for target in (ok.PUESTA, ok.SACARDO):
            reached = ok.reaches(hands, won, leader, ombre, target, tables.n_trumps, True, table)
            assert bool(reached) == (result >= target), seed
    assert len(seen) >= 2
