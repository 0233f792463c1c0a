"""The option families of ombre.md §3.B/§3.C that change the flow or the money."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.engine.chance import random_playout
from tapete.games.ombre import OmbreMatchState, OmbreState

from .helpers import EAST, NORTH, WEST, dealt, legal_texts, play_position


def test_sans_prendre_overcall_and_priority() -> None:
    state = dealt({}, auction="sans_prendre")
    assert legal_texts(state) == {"pass", "ombre", "sans-prendre"}
    state.apply_string("ombre")
    assert legal_texts(state) == {"pass", "sans-prendre"}
    state.apply_string("sans-prendre")  # East overcalls
    assert state.phase() == "sans-prendre" and state.current_player() == WEST
    state.apply_string("sans-prendre")  # West keeps it (earlier seat has priority)
    assert state.current_player() == NORTH and legal_texts(state) == {"pass"}
    state.apply_string("pass")
    assert state.ombre == WEST and state.sans_prendre
    assert state.phase() == "exchange" and state.current_player() == EAST  # ombre skips


def test_sans_prendre_taken_over() -> None:
    state = dealt({}, auction="sans_prendre")
    for text in ("ombre", "sans-prendre", "pass", "pass"):
        state.apply_string(text)
    assert state.ombre == EAST and state.sans_prendre
    assert state.current_player() == NORTH  # East does not exchange


def test_sans_prendre_bonus_paid() -> None:
    state = play_position({}, ombre=WEST, trumps="♣", auction="sans_prendre")
    assert not state.sans_prendre
    state = dealt({}, auction="sans_prendre", sans_prendre_bonus=2)
    for text in ("sans-prendre", "pass", "pass"):
        state.apply_string(text)
    state.tricks_won = [5, 2, 2]
    state._settle()
    assert state.outcome == "sacardo"
    assert state.returns() == [-1 + 3 + 4, -1 - 2, -1 - 2]


def test_forced_spadille() -> None:
    state = dealt({EAST: "♠A"}, all_pass="forced_spadille")
    for _ in range(3):
        state.apply_string("pass")
    assert state.phase() == "auction" and state.current_player() == EAST
    assert legal_texts(state) == {"ombre"}
    state.apply_string("ombre")
    assert state.ombre == EAST and state.forced and state.phase() == "exchange"
    # ♠A in the stock: nobody is forced, the cards are thrown in
    nobody = dealt({}, all_pass="forced_spadille")
    assert "♠A" not in " ".join(str(nobody.view(s).hand) for s in range(3))
    for _ in range(3):
        nobody.apply_string("pass")
    assert nobody.is_terminal() and nobody.outcome == "all_pass"


def test_trumps_before_exchange_and_eldest_leads() -> None:
    state = dealt({}, trump_timing="before_exchange", first_lead="eldest")
    for text in ("pass", "ombre", "pass"):
        state.apply_string(text)
    assert state.phase() == "trumps" and state.current_player() == EAST
    state.apply_string("trumps ♥")
    assert state.phase() == "exchange" and state.current_player() == EAST
    for _ in range(3):
        state.apply_string("draw")
    assert state.phase() == "play" and state.current_player() == WEST


@pytest.mark.parametrize("visible", ["ombre", "all"])
def test_rest_of_the_stock_visible(visible: str) -> None:
    state = dealt({}, talon_rest_visible=visible)
    for text in ("ombre", "pass", "pass", "draw", "draw", "draw"):
        state.apply_string(text)
    assert state.phase() == "rest"
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.phase() == "trumps"
    assert len(state.view(WEST).rest) == 13
    assert len(state.view(EAST).rest) == (13 if visible == "all" else 0)
    assert len(state.view(None).rest) == (13 if visible == "all" else 0)
    hidden = dealt({})
    for text in ("ombre", "pass", "pass", "draw", "draw", "draw"):
        hidden.apply_string(text)
    assert hidden.phase() == "trumps" and len(hidden.view(WEST).rest) == 0


def test_vole() -> None:
    west = "♠A ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6 ♣5"
    state = play_position({WEST: west}, ombre=WEST, trumps="♣", vole=True)
    for _ in range(5):
        card = next(iter(state.view(WEST).hand))
        state.apply_string(f"play {card}")
        state.apply_action(state.legal_actions()[0])
        state.apply_action(state.legal_actions()[0])
    assert state.tricks_won[WEST] == 5 and "vole" in legal_texts(state)
    state.apply_string("vole")
    assert state.vole_announced and "vole" not in legal_texts(state)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1 if state.current_player() == WEST else 0])
    assert state.tricks_won[WEST] == 9 and state.outcome == "sacardo"
    assert state.returns() == [-1 + 3 + 2, -1 - 1, -1 - 1]


def test_matador_payments() -> None:
    west = "♠A ♣2 ♣A ♣K ♥Q ♦J ♦7 ♦6 ♦5"  # Spadille, Manille, Basto, ♣K: a run of four
    state = play_position({WEST: west}, ombre=WEST, trumps="♣", matador_payments=True)
    assert state.matadors == 4
    state.tricks_won = [5, 2, 2]
    state._settle()
    assert state.returns() == [-1 + 3 + 8, -1 - 4, -1 - 4]
    none = play_position(
        {WEST: "♠A ♣A ♣K ♥Q ♦J ♦7 ♦6 ♦5 ♦4", EAST: "♣2"},
        ombre=WEST,
        trumps="♣",
        matador_payments=True,
    )
    assert none.matadors == 0


def test_session_length_and_leftover_pool() -> None:
    game = tapete.load_game("ombre-match", num_deals=4, ante=2, balances="10/0/-10")
    for seed in range(20):
        state = random_playout(game.new_initial_state(), random.Random(seed))
        assert isinstance(state, OmbreMatchState)
        assert len(state.results) == 4
        assert state.unassigned == state.pool < 3
        assert sum(state.balances) + state.unassigned == 0
    until = tapete.load_game("ombre-match", num_deals=2, leftover_pool="play_until_empty")
    for seed in range(20):
        state = random_playout(until.new_initial_state(), random.Random(seed))
        assert isinstance(state, OmbreMatchState)
        assert len(state.results) >= 2 and state.pool == 0
        assert state.results[-1].outcome == "sacardo" or len(state.results) == 2


def test_deal_parameters() -> None:
    state = tapete.load_game("ombre", dealer=0, pool=5, balances=(1, 2, 3)).new_initial_state()
    assert isinstance(state, OmbreState)
    assert state.first_speaker == 1 and state.pool == 8 and state.balances == [0, 1, 2]
    with pytest.raises(tapete.ConfigError, match="balances"):
        tapete.load_game("ombre", balances="1/2")
    with pytest.raises(tapete.ConfigError, match="dealer"):
        tapete.load_game("ombre", dealer=3)
