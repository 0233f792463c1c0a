"""The conformance suite on ``pocha`` and ``pocha-match`` (and a few variants)."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing import check_game
from tests.sampling import conformance_games


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"n_players": 3},
        {"n_players": 5, "hand_size": 4},
        {"n_players": 7, "hand_size": 3, "seven_swap": True},
        {"n_players": 3, "hand_size": 5, "seven_swap": True, "undertrump": "must"},
        {"n_players": 6, "deck": 48, "hand_size": 8, "rank_order": "natural"},
        {"play_rules": "follow_only", "trump_when_no_stock": "none"},
        # issue 29: no seven swap where the own card is unseen (the check that legal actions
        # depend only on the view runs in check_game)
        {"n_players": 4, "hand_size": 1, "ronda_india": True, "seven_swap": True},
        {"n_players": 3, "hand_size": 1, "ronda_ciega": True, "seven_swap": True},
    ],
    ids=str,
)
@pytest.mark.parametrize(("games", "seed"), conformance_games(4, 8, seed=1))
def test_pocha_conforms(params: dict[str, object], games: int, seed: int) -> None:
    report = check_game(tapete.load_game("pocha", **params), games=games, seed=seed)
    assert report.games == games and report.samples_checked > 0 and report.illegal_probes > 0


@pytest.mark.parametrize(
    "params",
    [{"n_players": 4}, {"n_players": 3, "first_dealer": "high_card", "hand_sequence": "1,2,3,2"}],
    ids=str,
)
@pytest.mark.parametrize(("games", "seed"), conformance_games(1, 2, seed=2))
def test_pocha_match_conforms(params: dict[str, object], games: int, seed: int) -> None:
    report = check_game(
        tapete.load_game("pocha-match", **params),
        games=games, seed=seed, check_every=7, sample_every=50,
    )  # fmt: skip
    assert report.games == games and report.samples_checked > 0 and report.choices_checked > 0


def test_pocha_match_blind_hands_with_the_seven_swap_conform() -> None:
    params = {
        "n_players": 3, "hand_sequence": "1,1,2,1", "ronda_india": "opening",
        "ronda_ciega": "last", "ronda_subastada": "full_hands", "seven_swap": True,
    }  # fmt: skip
    report = check_game(tapete.load_game("pocha-match", **params), games=4, seed=29, sample_every=7)
    assert report.games == 4 and report.choices_checked > 0
