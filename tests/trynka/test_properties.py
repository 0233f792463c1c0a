"""Property tests: chips are conserved and every bank ends, for 2 to 8 players.

Thousands of random banks are played (inside random sessions of ``trynka-match`` and as
single ``trynka`` banks); after every action the balances plus the bank are constant, and no
bank runs longer than :data:`BANK_LIMIT` actions. ``longest_bank`` reports the longest seen.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine.chance import sample_chance
from tapete.games.trynka import TrynkaState

#: A generous empirical bound (the longest bank seen over many thousands is about 300).
BANK_LIMIT = 2000

VARIANTS: list[dict[str, Any]] = [
    {},
    {"blind_chain": True, "dark_reveal_cost": "own_blind"},
    {"closing": "showdown", "svara_join_fraction": "1/3"},
    {"deck": 36, "redeal_players": "all", "reveal_public": True},
    {"accidental_exposure_rate": 0.15, "flash_limit": 2, "max_svara_chain": 1},
    {"agreed_svara": False, "svara_join_fraction": "0", "ante": False, "stake": 2},
    {"sixes_over_aces": True, "two_aces_22": True, "trips_score": True},
]


def play_match(game: tapete.Game, rng: random.Random) -> tuple[int, int]:
    """Play one random session checking conservation; (banks, longest bank in actions)."""
    state = game.new_initial_state()
    assert isinstance(state, TrynkaState)
    total = sum(state.rules.balances)
    banks, longest, start, bank_number = 0, 0, 0, state.bank_number
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_action(action)
        steps += 1
        assert sum(state.returns()) + state.bank == total
        assert all(p >= 0 for p in state.paid) and state.bank >= 0
        if state.bank_number != bank_number or state.is_terminal():
            longest = max(longest, steps - start)
            start, bank_number = steps, state.bank_number
            banks += 1
        assert steps - start <= BANK_LIMIT
    assert state.bank == 0
    return banks, longest


def test_thousands_of_banks_conserve_chips_and_end() -> None:
    rng = random.Random(2024)
    banks = longest = 0
    for n in range(2, 9):
        game = tapete.load_game("trynka-match", n_players=n, banks=10, stop_when_broke=False)
        for _ in range(30):
            b, l_ = play_match(game, rng)
            banks += b
            longest = max(longest, l_)
    assert banks >= 2000
    assert longest <= BANK_LIMIT


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 8),
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    banks=st.integers(1, 6),
)
def test_random_sessions_with_variants(
    n: int, variant: dict[str, Any], seed: int, banks: int
) -> None:
    if variant.get("deck") != 36 and n > 8:
        return
    game = tapete.load_game("trynka-match", n_players=n, banks=banks, **variant)
    play_match(game, random.Random(seed))


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 8), variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_single_bank_returns_sum_to_zero(n: int, variant: dict[str, Any], seed: int) -> None:
    game = tapete.load_game("trynka", n_players=n, balances=",".join(["5"] * n), **variant)
    state = tapete.engine.random_playout(game.new_initial_state(), random.Random(seed))
    assert isinstance(state, TrynkaState)
    assert sum(state.returns()) == 0 and state.bank == 0
    winners = [s for s in range(n) if state.won[s] > 0]
    if sum(state.paid):  # chips were staked: the winner took them and deals next
        assert winners and state.next_dealer in winners
    else:  # no ante and everybody else folded at once: the bank was empty
        assert winners == [] and 0 <= state.next_dealer < n
    assert sum(state.view(None).balances) == 5 * n
