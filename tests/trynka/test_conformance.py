"""The conformance suite on ``trynka`` and ``trynka-match`` (several configurations)."""

from __future__ import annotations

import pytest
from tests.sampling import conformance_games

import tapete
from tapete.testing.conformance import check_game


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"n_players": 2},
        {"n_players": 8},
        {"n_players": 7, "blind_chain": True, "accidental_exposure_rate": 0.2},
        {"n_players": 3, "closing": "showdown", "reveal_public": True, "deck": 36},
        {"n_players": 5, "dark_reveal_cost": "own_blind", "redeal_players": "all",
         "svara_join_fraction": "1/3", "tens_claim_any_time": True, "max_svara_chain": 1},
        {"n_players": 4, "reveal_without_blind": "single", "reveal_basis": "blind_stakes",
         "first_round_reveal": False, "trynka_flush": True,
         "sighted_stakes": "double_while_blind"},
        {"n_players": 6, "overblind_level": "first_blind", "blind_chain": True,
         "sighted_stakes": "double_while_blind",
         "dark_reveal_cost": "own_blind", "trynka_flush": True, "sixes_over_aces": True},
        {"n_players": 5, "deck": 32, "joker": True, "tens_claim_moment": "any_moment",
         "sighted_stakes": "double_while_blind", "first_round_reveal": False,
         "reveal_without_blind": "single"},
        {"n_players": 3, "joker": True, "tens_claim_moment": "any_moment",
         "tens_claim_any_time": True, "trynka_flush": True, "closing": "showdown",
         "two_aces_22": True},
    ],
)  # fmt: skip
@pytest.mark.parametrize(("games", "seed"), conformance_games(4, 8, seed=1))
def test_trynka_conformance(params: dict[str, object], games: int, seed: int) -> None:
    report = check_game(tapete.load_game("trynka", **params), games=games, seed=seed)
    assert report.games == games


@pytest.mark.parametrize(
    "params",
    [
        {"banks": 3},
        {"n_players": 3, "banks": 2},
        {"banks": 2, "overblind_level": "first_blind", "first_round_reveal": False},
        {"banks": 2, "deck": 32, "joker": True, "tens_claim_moment": "any_moment"},
    ],
)
def test_trynka_match_conformance(params: dict[str, object]) -> None:
    report = check_game(
        tapete.load_game("trynka-match", **params), games=3, seed=2, check_every=3, sample_every=15
    )
    assert report.games == 3
