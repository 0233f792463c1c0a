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
from tapete.engine.sealing import seal_actions
from tapete.testing import check_seat_choices, seat_choices

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
        {
            "n_players": 3, "hand_sequence": "1,2,1", "ronda_india": "every_one_card",
            "first_dealer": "high_card", "seven_swap": True,
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


def _blind_last_hand_after_a_draw_of(drawn: str) -> tapete.State:
    """A ``pocha-match`` of one blind hand whose first dealer was drawn by high card: seat 0
    drew ``drawn``, seat 1 the highest card (it deals, seat 2 is mano); seat 0 is dealt 5c
    blind and is to play it."""
    game = tapete.load_game(
        "pocha-match", n_players=3, hand_sequence="1", ronda_ciega="last", first_dealer="high_card"
    )
    state = game.new_initial_state()
    for text in [f"draw {drawn}", "draw Ao", "draw 3o", "deal Re", "deal 5c", "deal 4b"]:
        state.apply_string(text)
    for text in ["turn 7e", "bid 0", "bid 0", "bid 0", "play Re"]:
        state.apply_string(text)
    assert state.current_player() == 0
    return state


def test_a_card_seen_in_the_first_dealer_draw_does_not_unseal_the_blind_card() -> None:
    # Found by the check (pocha-match, podrida, first_dealer=high_card): seat 0 had drawn
    # 5c for the deal, so 5c was in its view's first-dealer draws and "play 5c" was offered
    # (and sent by the table) unsealed, telling seat 0 its blind card.
    drew_it = _blind_last_hand_after_a_draw_of("5c")
    other = _blind_last_hand_after_a_draw_of("6c")
    view = drew_it.view(0)
    assert "5c" in {str(card) for _, card in view.first_dealer_draws}
    ((_action, text, masked),) = seal_actions(drew_it, 0, view, drew_it.legal_actions())
    assert (text, masked) == ("play 5c", "play ?")
    assert seat_choices(drew_it, 0) == seat_choices(other, 0) == ((), ("play ?",))
