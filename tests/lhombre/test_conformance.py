"""The conformance suite (tapete.testing) on ``lhombre`` and its options."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing.conformance import check_game
from tests.sampling import conformance_games

VARIANTS = [
    {},
    {"settlement": "player", "tout": False, "dealer": 0, "balances": "3/-1/-2", "auction": "steps"},
    {"matador_privilege": False, "tout_points": 2, "points": "1/1/1 " * 8 + "9/9/9"},
]


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
@pytest.mark.parametrize(("games", "seed"), conformance_games(3, 10, seed=3))
def test_conformance_lhombre(params: dict[str, object], games: int, seed: int) -> None:
    games *= 1 if params else 2  # the default rules, more often
    report = check_game(tapete.load_game("lhombre", **params), games=games, seed=seed)
    assert report.games == games
    assert report.samples_checked > 0


def test_bad_parameters_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(tapete.errors.ConfigError, match="nine triples"):
        tapete.load_game("lhombre", points="1/1/2")
    with pytest.raises(tapete.errors.ConfigError, match="three integers"):
        tapete.load_game("lhombre", balances="1/2")
    with pytest.raises(tapete.errors.ConfigError, match="settlement"):
        tapete.load_game("lhombre", settlement="plate")


def test_conformance_lhombre_match() -> None:
    game = tapete.load_game("lhombre-match", num_deals=3, tout_points=2)
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2 and report.samples_checked > 0


#: Issue 29: the pot settlement (the Icelandic translation's pott-lomber).
POT_VARIANTS = [
    {"settlement": "pot"},
    {"settlement": "pot", "pot": 1, "pot_ante": 5, "auction": "steps", "balances": "2/0/-2"},
]


@pytest.mark.parametrize("params", POT_VARIANTS, ids=["pot", "pot-given"])
@pytest.mark.parametrize(("games", "seed"), conformance_games(3, 5, seed=4))
def test_conformance_lhombre_pot(params: dict[str, object], games: int, seed: int) -> None:
    report = check_game(tapete.load_game("lhombre", **params), games=games, seed=seed)
    assert report.games == games and report.samples_checked > 0


def test_conformance_lhombre_match_with_a_pot() -> None:
    game = tapete.load_game("lhombre-match", num_deals=4, settlement="pot", pot_ante=1)
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2 and report.samples_checked > 0
