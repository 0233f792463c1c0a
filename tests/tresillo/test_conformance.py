"""The conformance suite (tapete.testing) on ``tresillo``, its options and ``tresillo-match``."""

from __future__ import annotations

import pytest

import tapete
from tapete.testing.conformance import check_game

VARIANTS = [
    {},
    {"palo_de_favor": "hearts", "plate_payout": "all", "plate": "6/3", "balances": "1/2/3/-6"},
    {"palo_de_favor": "spades", "surrender": False, "matador_privilege": False, "dealer": 1},
]


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_conformance_tresillo(params: dict[str, object]) -> None:
    report = check_game(tapete.load_game("tresillo", **params), games=6 if params else 12)
    assert report.games == (6 if params else 12)
    assert report.samples_checked > 0


def test_conformance_tresillo_match() -> None:
    game = tapete.load_game("tresillo-match", num_deals=3, palo_de_favor="clubs")
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2
