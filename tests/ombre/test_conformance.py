"""The conformance suite (tapete.testing) on ``ombre``, its variants and ``ombre-match``."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing.conformance import check_game

VARIANTS = [
    {},
    {"auction": "sans_prendre", "sans_prendre_bonus": 2},
    {"all_pass": "forced_spadille"},
    {"talon_rest_visible": "ombre"},
    {"talon_rest_visible": "all", "trump_timing": "before_exchange", "first_lead": "eldest"},
    {"matador_privilege": False, "tie_441": "codille_split", "min_discard_ombre": 1},
    {"vole": True, "matador_payments": True, "dealer": 0, "pool": 7, "balances": "3/-1/0"},
    {"all_pass": "throw_in_pay_two", "talon_rest_visible": "last_exchanger"},
    {
        "all_pass": "throw_in_pay_two",
        "ante": 0,
        "auction": "sans_prendre",
        "talon_rest_visible": "last_exchanger",
    },
]


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_conformance_ombre(params: dict[str, object]) -> None:
    report = check_game(tapete.load_game("ombre", **params), games=8 if params else 25)
    assert report.games == (8 if params else 25)


@pytest.mark.parametrize(
    "params",
    [
        {"num_deals": 3},
        {
            "num_deals": 2,
            "dealer_selection": "rotate",
            "leftover_pool": "play_until_empty",
            "auction": "sans_prendre",
        },
        {"num_deals": 2, "exclude_previous_dealer": True, "talon_rest_visible": "ombre"},
        {"num_deals": 3, "all_pass": "throw_in_pay_two", "talon_rest_visible": "last_exchanger"},
    ],
)
def test_conformance_ombre_match(params: dict[str, object]) -> None:
    game = tapete.load_game("ombre-match", **params)
    report = check_game(game, games=3, check_every=2, sample_every=10)
    assert report.games == 3
