"""The legal actions offered to a seat depend only on what its view shows (issue 29), over
every registered game: states sampled consistently with the deciding seat's view offer it the
same choices (``tapete.testing.check_seat_choices``; sealed actions compared as the seat can
tell them apart, see ``seat_choices``). ``check_game`` runs the same check on every option
set of each game's conformance tests; this file covers every registered game (a new one
must be added to ``OPTION_SETS``) and the blind hands with the seven swap, and it is among
the folders ``python3 dev.py compiled-test`` runs against the compiled core.
"""

from __future__ import annotations

from typing import Any

import pytest

import tapete
from tapete.testing import check_seat_choices

#: Per registered game, option sets short enough for a few seconds: the defaults (short
#: matches) and the hands whose own cards are unseen, with the seven swap (issue 29).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "pocha": [
        {},
        {"n_players": 4, "hand_size": 1, "ronda_india": True, "seven_swap": True},
        {"n_players": 3, "hand_size": 1, "ronda_ciega": True, "seven_swap": True},
        {"n_players": 5, "hand_size": 1, "ronda_india": True, "seven_swap": True, "deck": 48},
        {"n_players": 6, "hand_size": 1, "ronda_ciega": True, "seven_swap": True},
        {"n_players": 3, "hand_size": 4, "ronda_subastada": True, "seven_swap": True},
    ],
    "pocha-match": [
        {"n_players": 3, "hand_sequence": "1,2,3,1"},
        {
            "n_players": 3, "hand_sequence": "1,1,2,1", "ronda_india": "opening",
            "ronda_ciega": "last", "seven_swap": True,
        },
        {
            "n_players": 4, "hand_sequence": "1,2,1", "ronda_india": "every_one_card",
            "ronda_subastada": "closing_hands", "seven_swap": True,
        },
    ],
    "ombre": [{}],
    "ombre-match": [{"num_deals": 2}],
    "tresillo": [{}],
    "tresillo-match": [{"num_deals": 2}],
    "lhombre": [{}],
    "lhombre-match": [{"num_deals": 2}],
    "trynka": [{}, {"n_players": 5, "tens_claim_moment": "any_moment", "joker": True}],
    "trynka-match": [{"banks": 2}],
}  # fmt: skip

CASES = [(name, params) for name, sets in OPTION_SETS.items() for params in sets]


def test_every_registered_game_is_checked() -> None:
    assert set(tapete.registered_games()) <= set(OPTION_SETS)


@pytest.mark.parametrize(("name", "params"), CASES, ids=str)
def test_legal_actions_depend_only_on_the_view(name: str, params: dict[str, Any]) -> None:
    game = tapete.load_game(name, **params)
    games = 12 if params.get("hand_size") == 1 else 4 if "ronda_india" in params else 3
    report = check_seat_choices(game, games=games, seed=29)
    assert report.choices_checked > 0 and report.choice_samples == 2 * report.choices_checked


@pytest.mark.slow
@pytest.mark.parametrize(
    "params",
    [
        {"n_players": 4, "hand_size": 1, "ronda_india": True, "seven_swap": True},
        {"n_players": 4, "hand_size": 1, "ronda_ciega": True, "seven_swap": True},
    ],
    ids=str,
)
def test_blind_hands_with_the_seven_swap_at_length(params: dict[str, Any]) -> None:
    # Before issue 29's fix the holder of the 7 of trumps alone was offered ``swap``: over
    # this many hands the samples place the 7 on the deciding seat's forehead many times.
    report = check_seat_choices(tapete.load_game("pocha", **params), games=200, seed=7)
    assert report.games == 200
