"""The acceptance scenarios of trynka.md §4 (DEFAULT rules), one test each, plus bad input.

The rules file numbers the dealer P0 and the players P1, P2, P3 clockwise from his left; the
tests load ``trynka`` with ``dealer=0`` so that seat k is Pk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import tapete
from tapete.cards import Card, CardSet
from tapete.engine.api import CHANCE
from tapete.errors import ConfigError, IllegalActionError
from tapete.games.trynka import TrynkaState

P0, P1, P2, P3 = 0, 1, 2, 3


def new(**params: Any) -> TrynkaState:
    params = {"n_players": 4, "dealer": 0, **params}
    state = tapete.load_game("trynka", **params).new_initial_state()
    assert isinstance(state, TrynkaState)
    return state


def deal(state: TrynkaState, hands: dict[int, str]) -> None:
    """Deal ``hands`` (seat → three cards) face down, one card at a time clockwise."""
    parts = state.participants
    cards = {seat: text.split() for seat, text in hands.items()}
    for r in range(3):
        for seat in parts:
            if state.current_player() == seat:
                state.apply_string("no-flash")
            assert state.is_chance_node()
            state.apply_string(f"deal {cards[seat][r]}")


def play(state: TrynkaState, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        assert state.current_player() == seat, (seat, text, state.current_player(), state.phase())
        state.apply_string(text)


def texts(state: TrynkaState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


FOUR = {P1: "7♣ 8♣ 9♥", P2: "6♠ 7♠ 8♥", P3: "7♥ 9♦ 6♦", P0: "8♠ 9♣ 6♥"}


def chips(state: TrynkaState) -> tuple[int, list[int]]:
    return state.bank, list(state.paid)


# -- Y3, Y4: the first dealer -------------------------------------------------------------
def test_y3_count_to_first_ace() -> None:
    game = tapete.load_game("trynka-match", n_players=4)
    state = game.new_initial_state()
    assert state.phase() == "first_dealer" and state.is_chance_node()
    for card in ["8♥", "9♠", "6♦", "10♣", "7♥", "A♦"]:
        state.apply_string(f"draw {card}")
    assert state.dealer == 0 and state.view(None).draws[-1] == (0, Card.parse("A♦"))
    assert [e.kind for e in state.events(3)] == ["draw"] * 6
    state = game.new_initial_state()
    for card in ["A♠", "9♠", "A♥"]:
        state.apply_string(f"draw {card}")
    assert state.dealer == 1 and state.draws[0][0] == -1  # the table's ace is ignored


def test_y4_high_card() -> None:
    state = tapete.load_game("trynka-match", n_players=3).new_initial_state()
    for card in ["10♠", "10♥", "9♦"]:
        state.apply_string(f"draw {card}")
    assert state.phase() == "first_dealer"
    state.apply_string("draw 7♣")
    state.apply_string("draw 8♦")
    assert state.dealer == 1 and state.phase() == "deal"
    assert [seat for seat, _ in state.draws] == [0, 1, 2, 0, 1]


# -- Y6 ... Y9: blind stakes, raises, the closing rule ----------------------------------------
def test_y6_everybody_folds_to_a_blind_player() -> None:
    state = new()
    assert state.bank == 4
    deal(state, {**FOUR, P1: "10♠ 10♥ 10♦"})
    play(state, (P1, "blind 1"))
    assert state.bank == 5
    play(state, (P2, "decline"), (P2, "fold"), (P3, "упал"), (P0, "fold"))
    assert state.is_terminal() and state.returns() == [-1, 4 - 1 + 1 - 1, -1, -1]
    assert state.returns() == [-1.0, 3.0, -1.0, -1.0]
    assert not state.view(P1).looked[P1] and not state.view(P1).hand  # never looked
    assert not state.view(P2).shown[P1] and state.next_dealer == P1


def test_y7_over_blind_constraints() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "темню 2"))
    assert not state.is_legal(state.string_to_action("overblind 2"))
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("overblind 2")
    assert e.value.reason == "stake_too_low" and "allowed 3…10" in str(e.value)
    assert state.is_legal(state.string_to_action("перетемняю 3"))
    play(state, (P2, "overblind 3"))
    assert state.level == 3 and state.current_player() == P3
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("overblind 4")  # P3 may never over-blind
    assert e.value.reason == "not_blind_step"
    # if P1 does not blind, P2 may not blind either
    state = new()
    deal(state, FOUR)
    play(state, (P1, "decline"))
    assert state.current_player() == P1 and state.phase() == "round1"
    for text in ("blind 1", "overblind 2"):
        with pytest.raises(IllegalActionError):
            state.apply_string(text)


def test_y8_raise_and_the_blind_privilege() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "blind 2"), (P2, "decline"), (P2, "bet 5"))
    assert state.level == 5 and state.current_player() == P3
    assert texts(state) == ["fold", "reveal", *[f"bet {a}" for a in range(5, 11)]]
    assert state.reveal_cost(P3) == 10 and state.bet_range() == (5, 10)
    play(state, (P3, "bet 5"), (P0, "bet 5"))
    assert state.phase() == "blind_look" and state.current_player() == P1
    assert state.reveal_cost(P1) == 5 and state.reveal_cost(P2) == 10
    bank = state.bank
    play(state, (P1, "reveal"))
    assert state.bank == bank + 5


def test_y8_own_blind_variant() -> None:
    state = new(dark_reveal_cost="own_blind")
    deal(state, FOUR)
    play(state, (P1, "blind 2"), (P2, "overblind 3"))
    assert state.reveal_cost(P1) == 2 and state.reveal_cost(P2) == 3
    assert state.reveal_cost(P3) == 6
    default = new()
    deal(default, FOUR)
    play(default, (P1, "blind 2"), (P2, "overblind 3"))
    assert default.reveal_cost(P1) == 3 and default.reveal_cost(P2) == 3


def test_y9_closing_rule() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "bet 1"), (P0, "bet 1"))
    assert state.phase() == "closed" and state.current_player() == P1
    assert texts(state) == ["fold", "reveal"]
    assert state.reveal_cost(P1) == 2 and state.bet_range() is None
    before = chips(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("bet 1")
    assert e.value.reason == "betting_closed" and "reveal (2)" in e.value.detail
    assert chips(state) == before


# -- Y11, Y12, Y17: svara ---------------------------------------------------------------------
TIE = {P1: "7♣ 8♣ 9♥", P2: "A♠ 10♠ 6♥", P3: "8♦ 7♦ 6♦", P0: "8♠ 9♣ 7♥"}


def test_y11_tie_between_the_last_two_is_a_svara() -> None:
    state = new()
    deal(state, TIE)
    play(state, (P1, "decline"), (P1, "fold"), (P2, "bet 8"), (P3, "bet 8"), (P0, "fold"))
    assert state.bank == 20 and state.current_player() == P2
    play(state, (P2, "reveal"))  # to P3, the nearest active player on his right
    assert state.phase() == "reveal" and state.current_player() == P3
    play(state, (P3, "show"))
    bank = state.bank
    assert bank == 36 and state.phase() == "svara_join"
    assert state.join_fee == 18 and state.svara_count == 1
    assert state.current_player() == P1
    play(state, (P1, "join"))
    assert state.bank == 54 and state.join_fee == 18 and state.current_player() == P0
    play(state, (P0, "decline"))
    assert state.bank == 54 and state.dealer == P0  # no ante
    assert state.participants == (P1, P2, P3) and state.phase() == "deal"
    # seat 1 and seat 0 saw nothing; the two revealers saw each other's hands
    show = [e for e in state.events(P1) if e.kind == "show"][-1]
    assert show.arg("tie") and show.arg("svara") == (P2, P3) and show.arg("fee") == 18


def test_y12_agreed_svara() -> None:
    state = new()
    deal(state, TIE)
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "fold"), (P3, "bet 2"), (P0, "fold"))
    assert "propose-svara" in texts(state)
    play(state, (P1, "propose-svara"))
    assert state.phase() == "svara_proposal" and texts(state) == ["accept", "refuse"]
    accepted = state.clone()
    play(state, (P3, "refuse"))
    assert state.current_player() == P1 and "propose-svara" not in texts(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("варим")
    assert e.value.reason == "svara_not_allowed"
    play(state, (P1, "bet 2"))
    assert state.phase() == "closed" and "propose-svara" in texts(state)  # P3 may still propose
    play(accepted, (P3, "заварим"))
    assert accepted.phase() == "svara_join" and accepted.current_player() == P2
    assert not accepted.view(P1).shown[P3] and not accepted.view(P3).shown[P1]


def test_y12_no_proposal_before_a_bet_or_reveal() -> None:
    state = tapete.load_game("trynka", n_players=3, dealer=0).new_initial_state()
    assert isinstance(state, TrynkaState)
    deal(state, {P1: "7♣ 8♣ 9♥", P2: "A♠ 10♠ 6♥", P0: "8♠ 9♣ 7♥"})
    play(state, (P1, "blind 1"), (P2, "overblind 2"), (P0, "fold"))
    assert state.phase() == "blind_look" and state.current_player() == P1
    assert "propose-svara" not in texts(state)
    play(state, (P1, "bet 2"))
    assert state.phase() == "blind_look" and state.current_player() == P2
    assert "propose-svara" in texts(state)


def _tie_deal(state: TrynkaState, bet: int) -> None:
    deal(state, {P2: "A♠ 10♠ 6♥", P3: "8♦ 7♦ 6♦"})
    play(state, (P2, "decline"), (P2, f"bet {bet}"))


def test_y17_svara_chain_limit() -> None:
    state = new()
    deal(state, TIE)
    play(state, (P1, "decline"), (P1, "fold"), (P2, "bet 2"), (P3, "bet 2"), (P0, "fold"))
    play(state, (P2, "reveal"), (P3, "show"))
    assert state.bank == 12 and state.svara_count == 1 and state.join_fee == 6
    play(state, (P1, "decline"), (P0, "decline"))
    agreed = None
    for number in range(2, 7):
        assert state.participants == (P2, P3)
        _tie_deal(state, 1)
        if number == 6:
            agreed = state.clone()
        play(state, (P3, "reveal"), (P2, "show"))
        if number < 6:
            assert state.svara_count == number
            play(state, (P1, "decline"), (P0, "decline"))
    assert state.is_terminal() and state.bank == 0
    assert state.won[P2] == 14 and state.won[P3] == 13  # 27 = 13 + 13 + remainder 1 to P2
    assert state.next_dealer == P2
    assert agreed is not None
    assert agreed.bank == 25
    play(agreed, (P3, "propose-svara"), (P2, "accept"))
    assert agreed.is_terminal() and agreed.won[P2] == 13 and agreed.won[P3] == 12


# -- Y13: three tens ------------------------------------------------------------------------
def test_y13_three_tens_redeal() -> None:
    state = new()
    deal(state, {**FOUR, P3: "10♠ 10♥ 10♦"})
    play(state, (P1, "decline"), (P1, "bet 8"), (P2, "fold"))
    assert state.bank == 12 and "claim-tens" in texts(state)
    paid = list(state.paid)
    play(state, (P3, "claim-tens"))
    assert state.bank == 12 and state.paid == paid
    assert state.participants == (P1, P3, P0) and state.dealer == P0
    claim = state.view(P2).earlier[-1]
    assert (claim.kind, claim.actor) == ("tens", P3)
    assert claim.arg("shown_cards") == ((P3, tuple(CardSet.parse("10♠ 10♥ 10♦"))),)
    deal(state, {P1: "7♣ 8♣ 9♥", P3: "6♠ 7♠ 8♥", P0: "8♠ 9♣ 6♥"})
    assert state.phase() == "blind" and state.current_player() == P1


def test_three_tens_answer_to_a_reveal() -> None:
    state = new()
    deal(state, {**FOUR, P2: "10♠ 10♥ 10♦"})
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "reveal"))
    assert state.current_player() == P2 and texts(state) == ["claim-tens", "show"]
    play(state, (P2, "claim-tens"))
    assert state.participants == (P1, P2, P3, P0) and state.bank == 4 + 1 + 1 + 2


def test_claim_without_tens_is_refused() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "decline"))
    before = chips(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("claim-tens")
    assert e.value.reason == "no_three_tens" and "10-10-10" in e.value.detail
    assert chips(state) == before


# -- Y15, Y18: exposed cards ----------------------------------------------------------------
def test_y15_exposed_card_replaced() -> None:
    state = new()
    first = {P1: "7♣", P2: "6♠", P3: "7♥", P0: "8♠"}
    for seat in (P1, P2, P3, P0):
        play(state, (seat, "no-flash"))
        state.apply_string(f"deal {first[seat]}")
    play(state, (P1, "no-flash"))
    state.apply_string("deal 8♣")
    play(state, (P2, "flash"))
    state.apply_string("deal 9♣")
    assert state.current_player() == P2 and texts(state) == ["keep", "replace"]
    assert CardSet.parse("9♣") <= state.view(P0).shown[P2]
    play(state, (P2, "replace"))
    assert state.is_chance_node()
    nine = state.string_to_action("deal 9♣")
    assert nine not in state.legal_actions() and CardSet.parse("9♣") == state.view(P0).bottom
    assert len(state.legal_actions()) == 24 - 6  # 5 dealt and 9♣
    state.apply_string("deal A♦")
    assert state.hand(P2) == CardSet.parse("6♠ A♦")
    assert not state.view(P0).shown[P2]  # the replacement is face down
    assert state.current_player() == P3  # dealing goes on with P3's card
    play(state, (P3, "no-flash"))
    state.apply_string("deal 9♦")
    play(state, (P0, "no-flash"))
    state.apply_string("deal 9♠")
    play(state, (P1, "no-flash"))
    state.apply_string("deal 9♥")
    assert state.is_chance_node()  # P2 has used his request: no question for him
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("flash")
    assert e.value.reason == "flash_limit"


def test_y18_no_replacement_with_eight_players() -> None:
    state = tapete.load_game("trynka", n_players=8, dealer=0).new_initial_state()
    assert isinstance(state, TrynkaState)
    cards = list(state.rules.deck.cards)
    names = [f"deal {state.rules.deck.format_card(c)}" for c in cards]
    for i in range(22):
        if state.current_player() >= 0:
            state.apply_string("no-flash")
        state.apply_string(names[i])
    assert state.current_player() == 7
    play(state, (7, "flash"))
    state.apply_string(names[22])
    assert state.current_player() == 0 and texts(state) == ["flash", "no-flash"]  # no "Заменить?"
    play(state, (0, "no-flash"))
    assert state.is_chance_node() and texts(state) == [names[23]]
    assert cards[22] in state.view(3).shown[7]
    state.apply_string(names[23])
    assert state.phase() == "blind" and state._used == state.rules.deck_mask
    # with 7 players the same request (P6's third card, the 20th) is answered by "Заменить?"
    state = tapete.load_game("trynka", n_players=7, dealer=0).new_initial_state()
    assert isinstance(state, TrynkaState)
    for i in range(19):
        if state.current_player() >= 0:
            state.apply_string("no-flash")
        state.apply_string(names[i])
    play(state, (6, "flash"))
    state.apply_string(names[19])
    assert state.current_player() == 6 and texts(state) == ["keep", "replace"]


# -- Y16: the pack ----------------------------------------------------------------------------
def test_y16_deck() -> None:
    state = new()
    deck = state.rules.deck
    assert len(deck) == 24 and {c.rank.name for c in deck.cards} == {
        "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ACE"
    }  # fmt: skip
    with pytest.raises(ConfigError, match="n_players"):
        tapete.load_game("trynka", n_players=9)
    big = tapete.load_game("trynka", n_players=8, flash_limit=0).new_initial_state()
    while big.is_chance_node():
        big.apply_action(big.legal_actions()[0])
    assert sum(h.bit_count() for h in big.hands) == 24


# -- bad input leaves everything unchanged ---------------------------------------------------
def test_bad_stakes_name_the_rule_and_range() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "blind 2"), (P2, "decline"))
    cases: Sequence[tuple[str, str, str]] = [
        ("bet 1", "stake_too_low", "below the current level 2: allowed 2…10"),
        ("bet 12", "stake_too_high", "above the table cap: allowed 2…10"),
        ("overblind 3", "not_blind_step", "blind step is over"),
    ]
    for text, reason, detail in cases:
        before = chips(state), state.history()
        with pytest.raises(IllegalActionError) as e:
            state.apply_string(text)
        assert e.value.reason == reason and detail in str(e.value)
        assert (chips(state), state.history()) == before


def test_wrong_player_over_blind_and_blind_above_dark_max() -> None:
    state = new()
    deal(state, FOUR)
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("overblind 3")
    assert e.value.reason == "no_blind_to_overblind"
    with pytest.raises(IllegalActionError) as e:
        state.apply_string("blind 3")
    assert e.value.reason == "stake_too_high" and "allowed 1…2" in str(e.value)
    assert state.bank == 4


def test_chance_and_texts() -> None:
    state = new()
    assert state.current_player() == P1  # flash question for P1's first card
    state.apply_string("no-flash")
    assert state.current_player() == CHANCE
    assert state.string_to_action("deal AS") == state.string_to_action("deal A♠")
    with pytest.raises(tapete.NotationError):
        state.string_to_action("bet")
    with pytest.raises(tapete.NotationError):
        state.string_to_action("bet x")
    with pytest.raises(tapete.NotationError):
        state.string_to_action("deal K♠")
