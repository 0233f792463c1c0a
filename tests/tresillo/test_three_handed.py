"""Tresillo for three (``n_players = 3``): nobody sits out, the two others pay, a codillo or
a puesta costs what the player would have won (twice the value), the session rotates among
three. Hand-worked deals, the parameters' checks and the conformance suite."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.cards import FRENCH_40, CardSet
from tapete.engine import random_playout
from tapete.errors import ConfigError
from tapete.games.tresillo import TresilloGame, TresilloMatchState, TresilloState
from tapete.testing.conformance import check_game

from .helpers import apply, exchange, play_lowest, texts

STRONG = "♠A ♣A ♣2 ♣K ♣Q ♣J ♣7 ♣6 ♣5"  # trumps ♣: the nine highest
WEAK = "♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♦2 ♦3 ♦4"


def _dealt(hands: dict[int, str], **params: object) -> TresilloState:
    """A deal at a table of three with ``hands`` (seat: cards; the rest filled from the
    lowest unused cards), at the start of the auction."""
    game = tapete.load_game("tresillo", n_players=3, **params)
    assert isinstance(game, TresilloGame)
    used = 0
    for text in hands.values():
        used |= CardSet(FRENCH_40.parse_cards(text)).mask
    spare = [str(c) for c in CardSet(FRENCH_40.mask & ~used)]
    full = []
    for seat in range(3):
        cards = hands.get(seat, "").split()
        while len(cards) < 9:
            cards.append(spare.pop(0))
        full.append(" ".join(cards))
    state = game.new_initial_state()
    assert isinstance(state, TresilloState)
    for action in game.deal_actions(full):
        state.apply_action(action)
    return state


def test_three_play_and_the_dealer_speaks_last() -> None:
    state = _dealt({})
    view = state.view(0)
    assert state.dealer == 2 and view.cards_held == (9, 9, 9) and view.stock_left == 13
    assert state.current_player() == 0  # mano: the dealer's right
    apply(state, "pass", "pass", "entrada")  # the dealer plays too
    assert state.player == 2 and state.phase() == "trumps"


def test_a_won_entrada_is_paid_by_the_two_others_with_the_pollas() -> None:
    state = _dealt({0: STRONG}, polla=1)
    assert state.balances == [-1, -1, -1] and state.plate == [3]  # three pollas
    apply(state, "entrada", "pass", "pass", "trumps ♣")
    exchange(state, "♣5")
    exchange(state, "")
    exchange(state, "")
    play_lowest(state)
    assert state.outcome == "sacada" and state.tricks_won[0] >= 5
    # each other pays the entrada (1); the player takes the plate (the three pollas)
    assert state.returns() == [-1 + 2 + 3, -1 - 1, -1 - 1]
    assert sum(state.returns()) + state.plate_change() == 0


def test_a_codillo_costs_twice_the_value() -> None:
    state = _dealt({1: STRONG, 0: WEAK})
    apply(state, "entrada", "pass", "pass", "trumps ♣")  # seat 1 holds the nine top trumps
    exchange(state, "♦4")
    exchange(state, "")
    exchange(state, "")
    play_lowest(state)
    assert state.outcome == "codillo" and state.tricks_won == [0, 9, 0]
    assert state.returns() == [-2, 2, 0]  # what he would have won from the two others


def test_the_parameters_fit_the_table() -> None:
    game = tapete.load_game("tresillo", n_players=3)
    assert isinstance(game, TresilloGame)
    assert game.num_players() == 3 and game.dealer == 2 and game.balances == (0, 0, 0)
    assert game.min_utility() == -2 * 3  # a lost solo, twice its value
    with pytest.raises(ConfigError):
        tapete.load_game("tresillo", n_players=3, dealer=3)
    with pytest.raises(ConfigError):
        tapete.load_game("tresillo", n_players=3, balances="1/2/3/4")
    with pytest.raises(ConfigError):
        tapete.load_game("tresillo", balances="1/2/3")  # four at the table
    spec = game.new_initial_state().view(0).spec
    assert spec is not None and tapete.load_game(spec.name, **dict(spec.params)).spec == spec


def test_a_session_of_three_rotates_the_deal_among_them() -> None:
    game = tapete.load_game("tresillo-match", n_players=3, num_deals=4)
    state = random_playout(game.new_initial_state(), random.Random(3))
    assert isinstance(state, TresilloMatchState)
    assert [r.dealer for r in state.results] == [2, 0, 1, 2]
    assert len(state.returns()) == 3
    assert sum(state.returns()) + state.unassigned == 0


def test_legal_bids_hold_by_priority_at_three() -> None:
    state = _dealt({})
    apply(state, "pass", "entrada")  # seat 1
    assert texts(state) == ["pass", "vuelta", "solo"]  # the dealer speaks after: outbids


@pytest.mark.parametrize(
    "params",
    [{}, {"bola": True, "estuches": True, "polla": 1, "tie_441": "codille_split", "dealer": 0}],
    ids=["default", "payments"],
)
def test_conformance_tresillo_for_three(params: dict[str, object]) -> None:
    report = check_game(tapete.load_game("tresillo", n_players=3, **params), games=6)
    assert report.games == 6 and report.samples_checked > 0


def test_conformance_tresillo_match_for_three() -> None:
    game = tapete.load_game("tresillo-match", n_players=3, num_deals=3, palo_de_favor="clubs")
    report = check_game(game, games=2, check_every=2, sample_every=10)
    assert report.games == 2
