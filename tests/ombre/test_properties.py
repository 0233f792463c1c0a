"""Invariants over many random deals and sessions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tapete
from tapete.engine.chance import random_playout
from tapete.games.ombre import OmbreMatchState, OmbreState

OPTIONS = {
    "auction": ("simple", "sans_prendre"),
    "all_pass": ("throw_in", "forced_spadille"),
    "min_discard_ombre": (0, 1),
    "talon_rest_visible": ("none", "ombre", "all"),
    "trump_timing": ("after_exchange", "before_exchange"),
    "first_lead": ("ombre", "eldest"),
    "matador_privilege": (True, False),
    "tie_441": ("puesta", "codille_split"),
    "vole": (False, True),
    "matador_payments": (False, True),
    "dealer_selection": ("black_ace_each_deal", "rotate"),
    "exclude_previous_dealer": (False, True),
    "leftover_pool": ("split_equally", "play_until_empty"),
}


def _random_params(rng: random.Random) -> dict[str, object]:
    params: dict[str, object] = {k: rng.choice(v) for k, v in OPTIONS.items()}
    params["ante"] = rng.randint(0, 3)
    params["num_deals"] = rng.randint(1, 4)
    params["pool"] = rng.randint(0, 5)
    params["balances"] = (rng.randint(-9, 9), rng.randint(-9, 9), rng.randint(-9, 9))
    return params


def test_money_is_conserved_over_hundreds_of_matches() -> None:
    """Balances plus the pool never change in total, whatever the options (500 sessions)."""
    _money_is_conserved(500)


@pytest.mark.slow
def test_money_is_conserved_over_thousands_of_matches() -> None:
    """The same over 2000 sessions."""
    _money_is_conserved(2000)


def _money_is_conserved(sessions: int) -> None:
    rng = random.Random(2024)
    outcomes: dict[str, int] = {}
    for _ in range(sessions):
        params = _random_params(rng)
        game = tapete.load_game("ombre-match", **params)
        state = random_playout(game.new_initial_state(), rng)
        assert isinstance(state, OmbreMatchState)
        total = sum(params["balances"]) + params["pool"]  # type: ignore[call-overload, operator]
        assert sum(state.balances) + state.pool == total
        assert state.pool == state.unassigned or params["leftover_pool"] == "play_until_empty"
        assert sum(state.returns()) + state.unassigned == total
        for result in state.results:
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
    assert {"sacardo", "codille", "puesta", "all_pass"} <= set(outcomes)


@given(st.integers(0, 2**32), st.integers(0, 2), st.integers(0, 3))
def test_deal_returns_balance_the_pool(seed: int, dealer: int, ante: int) -> None:
    game = tapete.load_game("ombre", dealer=dealer, ante=ante, auction="sans_prendre")
    state = random_playout(game.new_initial_state(), random.Random(seed))
    assert isinstance(state, OmbreState)
    assert sum(state.returns()) + state.pool_change() == 0
    assert sum(state.tricks_won) in (0, 9)
    hands_and_out = sum(h.bit_count() for h in state.hands)
    assert hands_and_out == 0 or state.outcome == "all_pass"


def test_current_trick_in_a_view_is_the_trick_now_even_when_views_are_taken_rarely() -> None:
    """A view taken after only one card of a trick shows that card, not an earlier trick's.

    Views are taken only when the trick holds one card, so the state's cached trick is not
    refreshed in between (a winner leading again gives the same leader and card count).
    """
    rng = random.Random(77)
    game = tapete.load_game("ombre")
    checked = 0
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
                continue
            assert isinstance(state, OmbreState)
            if state.phase() == "play" and len(state.trick) == 1:
                shown = state.view(None).current_trick
                assert shown is not None
                assert [int(c) for c in shown.cards] == state.trick
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 500
