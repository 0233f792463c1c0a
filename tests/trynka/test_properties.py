"""Property tests: chips are conserved and every bank ends, for 2 to 8 players.

Thousands of random banks are played (inside random sessions of ``trynka-match`` and as
single ``trynka`` banks); after every action the balances plus the bank are constant, and no
bank runs longer than :data:`BANK_LIMIT` actions (every action counts: the draw for the first
dealer, each dealt card, each decision). :data:`LONGEST_BANK` records the longest bank seen by
the tests in this run, per player count (printed with ``pytest -s``);
:data:`LONGEST_BANK_MEASURED` is the longest over a larger run, made with

    .venv/bin/python -m tests.trynka.test_properties 210000
"""

from __future__ import annotations

import random
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine.chance import sample_chance
from tapete.games.trynka import TrynkaMatchState, TrynkaState

#: The longest bank over 210,000 random banks (30,000 for each of 2…8 players, DEFAULT rules,
#: random legal decisions), in actions: 110, 161, 187, 228, 266, 314, 321 for 2…8 players.
LONGEST_BANK_MEASURED = 321
#: A bound no bank may exceed: about three times the longest measured (the rules' own bound,
#: ``max_game_length()``, is far looser: it allows fifty three-tens redeals in a bank).
BANK_LIMIT = 1000
#: The longest bank the tests of this run have played, per number of players (actions).
LONGEST_BANK: dict[int, int] = {}

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
    assert isinstance(state, TrynkaMatchState)
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
        bank = state.deal.bank if state.deal is not None else 0
        assert sum(state.returns()) + bank == total
        assert state.deal is None or (all(p >= 0 for p in state.deal.paid) and bank >= 0)
        if state.bank_number != bank_number or state.is_terminal():
            longest = max(longest, steps - start)
            n = state.n
            LONGEST_BANK[n] = max(LONGEST_BANK.get(n, 0), steps - start)
            start, bank_number = steps, state.bank_number
            banks += 1
        assert steps - start <= BANK_LIMIT
    assert state.deal is None and len(state.finished) == banks
    assert all(bank.detail("bank") >= 0 for bank in state.finished)
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
    assert longest <= BANK_LIMIT and LONGEST_BANK_MEASURED <= BANK_LIMIT
    print(
        f"\nlongest Trynka bank over {banks} banks: {longest} actions; per players {LONGEST_BANK}"
    )


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


def measure(total: int, seed: int = 12345) -> dict[int, tuple[int, int]]:
    """``{players: (banks, longest bank in actions)}`` over about ``total`` random banks."""
    rng = random.Random(seed)
    out = {}
    for n in range(2, 9):
        game = tapete.load_game("trynka-match", n_players=n, banks=100, stop_when_broke=False)
        banks = longest = 0
        while banks < total // 7:
            b, l_ = play_match(game, rng)
            banks, longest = banks + b, max(longest, l_)
        out[n] = (banks, longest)
    return out


if __name__ == "__main__":
    for players, (banks, longest) in measure(
        int(sys.argv[1]) if len(sys.argv) > 1 else 21000
    ).items():
        print(f"{players} players: {banks} banks, longest {longest} actions")
