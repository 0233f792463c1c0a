"""The conformance suite on ``pocha`` and ``pocha-match`` (and a few variants)."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing import check_game


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
    ],
    ids=str,
)
def test_pocha_conforms(params: dict[str, object]) -> None:
    report = check_game(tapete.load_game("pocha", **params), games=8, seed=1)
    assert report.games == 8 and report.samples_checked > 0 and report.illegal_probes > 0


@pytest.mark.parametrize(
    "params",
    [{"n_players": 4}, {"n_players": 3, "first_dealer": "high_card", "hand_sequence": "1,2,3,2"}],
    ids=str,
)
def test_pocha_match_conforms(params: dict[str, object]) -> None:
    report = check_game(
        tapete.load_game("pocha-match", **params), games=2, seed=2, check_every=7, sample_every=50
    )
    assert report.games == 2 and report.samples_checked > 0
