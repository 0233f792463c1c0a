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


#: Games checked per option set in the default run (the default rules, then each variant); the
#: slow run checks more (each Ombre game costs seconds: every state's view-only legality is
#: checked against sampled deals).
SAMPLE = (5, 2)
LONG_SAMPLE = (25, 8)


def _conforms(params: dict[str, object], sample: tuple[int, int]) -> None:
    games = sample[1] if params else sample[0]
    report = check_game(tapete.load_game("ombre", **params), games=games)
    assert report.games == games


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_conformance_ombre(params: dict[str, object]) -> None:
    _conforms(params, SAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_conformance_ombre_long(params: dict[str, object]) -> None:
    _conforms(params, LONG_SAMPLE)


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
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2
