"""Tresillo's payments beyond the game (issue 29), worked by hand: the bola, the estuches, the
polla and the 1-4-4 split (``tie_441``). See docs/tresillo.md, *Results and money*, for the
source or the project's reading behind each one."""

from __future__ import annotations

import pytest

from tapete.errors import IllegalActionError
from tapete.games.tresillo import TresilloState
from tapete.games.tresillo.scoring import settle_plain

from .helpers import apply, dealt, exchange, texts

#: Seat 0 (mano, dealer seat 3) holds the nine highest clubs: a solo that takes every trick.
NINE_TOP_CLUBS = "♠A ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6 ♣5"
HEARTS = "♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4 ♥5 ♥6"
DIAMONDS = "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6"


def solo_clubs(hands: dict[int, str], **params: object) -> TresilloState:
    """Seat 0 bids solo, the others pass, clubs are trumps, the defenders take no card."""
    state = dealt(hands, **params)
    apply(state, "solo", "pass", "pass", "trumps ♣")
    exchange(state, "")
    exchange(state, "")
    assert state.phase() == "play"
    return state


def play_out(state: TresilloState, player_cards: str = "", bola_after_five: bool = False) -> None:
    """Seat 0 plays ``player_cards`` in that order (else its lowest legal card), the others
    their lowest legal card; seat 0 announces bola at its first chance if asked to."""
    mine = player_cards.split()
    while state.phase() == "play":
        if bola_after_five and "bola" in texts(state):
            state.apply_string("bola")
            continue
        if state.current_player() == 0 and mine:
            state.apply_string("play " + mine.pop(0))
            continue
        cards = [a for a in state.legal_actions() if a < 40]
        state.apply_action(cards[0])


def play_five(state: TresilloState) -> None:
    """Every seat plays its lowest legal card until five tricks are finished."""
    while len(state.finished) < 5:
        cards = [a for a in state.legal_actions() if a < 40]
        state.apply_action(cards[0])


# -- the bola --------------------------------------------------------------------------------
def test_a_bola_made_is_paid_by_each_of_the_three_others() -> None:
    # Solo (3) in clubs won with all nine tricks after the bola: each of the three others,
    # the dealer too, pays the solo's 3 and the bola's 3: the player +18, each other -6.
    state = solo_clubs({0: NINE_TOP_CLUBS}, bola=True)
    play_five(state)  # the bola is offered before the sixth lead
    assert state.phase() == "play"
    assert len(state.finished) == 5 and state.tricks_won[0] == 5
    assert "bola" in texts(state) and state.current_player() == 0
    apply(state, "bola")
    assert "bola" not in texts(state)
    view = state.view(1)
    assert view.bola is True
    play_out(state)
    assert state.outcome == "sacada" and state.tricks_won[0] == 9
    assert state.returns() == [18.0, -6.0, -6.0, -6.0]
    assert state.view(None).bola_paid == 3


def test_the_bola_is_offered_only_after_five_won_tricks() -> None:
    state = solo_clubs({0: NINE_TOP_CLUBS}, bola=True)
    with pytest.raises(IllegalActionError) as error:
        state.apply_string("bola")
    assert error.value.reason == "no_vole_now"
    without = solo_clubs({0: NINE_TOP_CLUBS})
    play_five(without)
    assert "bola" not in texts(without)
    with pytest.raises(IllegalActionError) as error:
        without.apply_string("bola")
    assert error.value.reason == "no_vole"


def test_a_bola_missed_is_paid_to_each_but_the_game_stays_won() -> None:
    # Eight trumps and ♥7: five tricks won, bola announced, the last trick lost to seat 1's
    # hearts. Sacada of the solo (+3 from each) less the bola (2 to each): +3, each other -1.
    hands = {0: "♠A ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6 ♥7", 1: HEARTS, 2: DIAMONDS}
    state = solo_clubs(hands, bola=True, bola_bonus=2)
    play_out(state, "♠A ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6 ♥7", bola_after_five=True)
    assert state.bola_announced and state.tricks_won[0] == 8 and state.tricks_won[1] == 1
    assert state.outcome == "sacada"
    assert state.returns() == [3.0, -1.0, -1.0, -1.0]
    assert state.view(None).bola_paid == -2


# -- the estuches ----------------------------------------------------------------------------
def test_three_estuches_paid_on_a_won_game() -> None:
    # Espada, mala, basto, then no ♣K (seat 1 holds it): three estuches. Solo won: each of
    # the others pays 3 for the game and 3 × 1 for the estuches: +18, each other -6.
    hands = {0: "♠A ♣2 ♣A ♣Q ♣J ♣7 ♣6 ♣5 ♣4", 1: "♣K " + HEARTS[: HEARTS.rindex(" ")]}
    state = solo_clubs(hands, estuches=True)
    assert state.estuches == 3
    play_out(state)
    assert state.outcome == "sacada"
    assert state.returns() == [18.0, -6.0, -6.0, -6.0]
    view = state.view(2)
    assert view.estuches == 3 and view.estuche_paid == 3


def test_five_estuches_in_red_trumps_count_the_punto() -> None:
    # Hearts: espada ♠A, mala ♥7, basto ♣A, punto ♥A, rey ♥K: five estuches (♥Q is missing).
    # Solo in hearts won with estuche_unit 2: each other pays 3 + 5 × 2 = 13.
    hand = "♠A ♥7 ♣A ♥A ♥K ♥J ♥2 ♥3 ♥4"
    state = dealt({0: hand, 1: "♥Q ♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5"}, estuches=True, estuche_unit=2)
    apply(state, "solo", "pass", "pass", "trumps ♥")
    exchange(state, "")
    exchange(state, "")
    assert state.estuches == 5
    play_out(state)
    assert state.outcome == "sacada"
    assert state.returns() == [39.0, -13.0, -13.0, -13.0]


def test_estuches_are_paid_to_each_of_the_others_on_a_lost_game() -> None:
    # Three estuches and nothing else: the player takes his three matadors' tricks and
    # seat 1, with four clubs and the red kings, takes more: codillo. The player pays seat 1
    # three times the solo (9) and each of the three others his 3 estuches.
    hands = {
        0: "♠A ♣2 ♣A ♦7 ♦6 ♦5 ♥7 ♥6 ♥5",
        1: "♣K ♣Q ♣J ♣7 ♥K ♥Q ♥J ♦K ♦Q",
    }
    state = solo_clubs(hands, estuches=True)
    play_out(state)
    assert state.outcome == "codillo" and state.tricks_won[1] > state.tricks_won[0]
    assert state.returns() == [-18.0, 12.0, 3.0, 3.0]


def test_no_estuches_without_the_three_matadors_or_with_the_option_off() -> None:
    off = solo_clubs({0: NINE_TOP_CLUBS})
    assert off.estuches == 0
    without_basto = solo_clubs({0: "♠A ♣2 ♣K ♣Q ♣J ♣7 ♣6 ♣5 ♣4", 1: "♣A"}, estuches=True)
    assert without_basto.estuches == 0


# -- the polla -------------------------------------------------------------------------------
def test_the_polla_funds_the_head_of_the_plate_and_a_won_game_takes_it() -> None:
    # Plate 6/3, polla 1: the four put 1 each on the oldest puesta (10/3). The solo won takes
    # it: the player +9 (3 from each) +10 -1 = +18; each other -3 -1 = -4; the plate 3.
    state = solo_clubs({0: NINE_TOP_CLUBS}, plate="6/3", polla=1)
    assert state.view(None).plate == (10, 3) and state.view(None).polla == 1
    play_out(state)
    assert state.outcome == "sacada" and state.plate == [3]
    assert state.returns() == [18.0, -4.0, -4.0, -4.0]
    assert state.plate_taken == 10
    assert sum(state.returns()) + state.plate_change() == 0


def test_the_dealers_polla_alone_funds_the_head_of_the_plate() -> None:
    # [AH4]: the dealer alone puts 5 on the plate. Plate 6/3, polla 5, polla_by dealer
    # (seat 3): the head becomes 11 and only the dealer's balance pays it. The solo won takes
    # it: the player +9 (3 from each) +11 = +20; the dealer -3 -5 = -8; the two others -3
    # each; the plate 3 (it gave 6 + 3 = 9 and keeps 3: a change of -6 against returns of +6).
    state = solo_clubs({0: NINE_TOP_CLUBS}, plate="6/3", polla=5, polla_by="dealer")
    view = state.view(None)
    assert view.plate == (11, 3) and view.polla == 5 and view.polla_by == "dealer"
    assert state.balances == [0, 0, 0, -5]
    play_out(state)
    assert state.outcome == "sacada" and state.plate == [3] and state.plate_taken == 11
    assert state.returns() == [20.0, -3.0, -3.0, -8.0]
    assert sum(state.returns()) + state.plate_change() == 0


def test_the_polla_on_an_empty_plate_makes_its_first_stake() -> None:
    state = dealt({}, polla=2)
    assert state.plate == [8] and state.balances == [-2, -2, -2, -2]
    apply(state, "pass", "pass", "pass")  # thrown in: the pollas stay on the plate
    assert state.outcome == "all_pass" and state.plate == [8]
    assert state.returns() == [-2.0, -2.0, -2.0, -2.0]


@pytest.mark.parametrize("polla_by", ["each", "dealer"])
def test_in_a_session_the_polla_is_paid_every_deal(polla_by: str) -> None:
    import random

    import tapete
    from tapete.engine import random_playout
    from tapete.games.tresillo import TresilloMatchState

    game = tapete.load_game("tresillo-match", num_deals=4, polla=1, polla_by=polla_by)
    state = random_playout(game.new_initial_state(), random.Random(3))
    assert isinstance(state, TresilloMatchState)
    assert [(r.polla, r.polla_by) for r in state.results] == [(1, polla_by)] * 4
    # every deal: the pollas go on the plate, what the players lose or take from it
    plate = 0
    for result in state.results:
        assert sum(result.changes) + (sum(result.plate_after) - plate) == 0
        plate = sum(result.plate_after)
    assert sum(state.returns()) + state.unassigned == 0
    # the deal goes round: with polla_by dealer each seat funds the plate once in four deals
    dealers = [r.dealer for r in state.results]
    assert len(set(dealers)) == 4


# -- the 1-4-4 split -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tie_441", "outcome", "balances", "plate"),
    [
        # puesta ("puesta real" [AH6]): the player puts 3 × 2 on the plate
        (False, "puesta", [-6, 0, 0, 0], [6]),
        # codille_split: the codillo of 6 shared, 3 to each defender
        (True, "codillo_split", [-6, 3, 3, 0], []),
    ],
)
def test_one_four_four_is_a_puesta_or_a_shared_codillo(
    tie_441: bool, outcome: str, balances: list[int], plate: list[int]
) -> None:
    got_balances: list[int] = [0, 0, 0, 0]
    got_plate: list[int] = []
    code = settle_plain(False, 0, (0, 1, 2), (1, 4, 4, 0), 2, got_balances, got_plate, tie_441)
    assert (code, got_balances, got_plate) == (outcome, balances, plate)


def test_an_odd_shared_codillo_leaves_the_odd_unit_with_the_player() -> None:
    got_balances: list[int] = [0, 0, 0, 0]
    settle_plain(False, 0, (0, 1, 2), (1, 4, 4, 0), 1, got_balances, [], True)
    assert got_balances == [-2, 1, 1, 0]  # 3 // 2 = 1 each


def test_other_splits_are_not_touched_by_tie_441() -> None:
    for tricks, outcome in (((3, 3, 3, 0), "puesta"), ((4, 4, 1, 0), "puesta"),
                            ((2, 5, 2, 0), "codillo")):  # fmt: skip
        assert settle_plain(False, 0, (0, 1, 2), tricks, 1, [0] * 4, [], True) == outcome
