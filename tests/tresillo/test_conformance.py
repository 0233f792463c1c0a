"""The conformance suite (tapete.testing) on ``tresillo``, its options and ``tresillo-match``."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing.conformance import check_game
from tests.sampling import conformance_games

VARIANTS = [
    {},
    {"palo_de_favor": "hearts", "plate_payout": "all", "plate": "6/3", "balances": "1/2/3/-6"},
    {"palo_de_favor": "spades", "surrender": False, "matador_privilege": False, "dealer": 1},
]


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
@pytest.mark.parametrize(("games", "seed"), conformance_games(3, 12, seed=0))
def test_conformance_tresillo(params: dict[str, object], games: int, seed: int) -> None:
    games *= 1 if params else 2  # the default rules, more often
    report = check_game(tapete.load_game("tresillo", **params), games=games, seed=seed)
    assert report.games == games
    assert report.samples_checked > 0


def test_conformance_tresillo_match() -> None:
    game = tapete.load_game("tresillo-match", num_deals=3, palo_de_favor="clubs")
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2


#: Issue 29's payments: the bola, the estuches, the polla, the 1-4-4 codillo shared.
PAYMENT_VARIANTS = [
    {"bola": True, "bola_bonus": 2, "estuches": True, "polla": 1, "tie_441": "codille_split"},
    {"estuches": True, "estuche_unit": 3, "polla": 2, "plate": "6/3", "plate_payout": "all",
     "palo_de_favor": "clubs"},
    {"polla": 5, "polla_by": "dealer", "bola": True, "plate": "6/3"},
]  # fmt: skip


@pytest.mark.parametrize(
    "params", PAYMENT_VARIANTS, ids=["bola-estuches-polla", "polla-plate", "dealers-polla"]
)
@pytest.mark.parametrize(("games", "seed"), conformance_games(3, 6, seed=0))
def test_conformance_tresillo_payments(params: dict[str, object], games: int, seed: int) -> None:
    report = check_game(tapete.load_game("tresillo", **params), games=games, seed=seed)
    assert report.games == games and report.samples_checked > 0


def test_conformance_tresillo_match_with_payments() -> None:
    game = tapete.load_game(
        "tresillo-match", num_deals=3, bola=True, estuches=True, polla=1, tie_441="codille_split"
    )
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2
