"""Scenario tests written from the Tresillo sources (see docs/tresillo.md for each rule's
source): acanomas.com *Tresillo* pages 3 and 7, nhfournier.es *Cómo jugar al Tresillo*,
Spanish Wikipedia *Tresillo (juego)*, and ombre.md §3 B."""

from __future__ import annotations

import pytest

import tapete
from tapete.cards import Card, Suit
from tapete.errors import IllegalActionError
from tapete.games.ombre_family.tables import trump_order
from tapete.games.tresillo import TresilloMatchState, TresilloState
from tapete.games.tresillo.scoring import settle_defended

from .helpers import apply, dealt, exchange, play_lowest, stock_cards, texts

TRUMPS_DIAMONDS = ["♠A", "♦7", "♣A", "♦A", "♦K", "♦Q", "♦J", "♦2", "♦3", "♦4", "♦5", "♦6"]
TRUMPS_CLUBS = ["♠A", "♣2", "♣A", "♣K", "♣Q", "♣J", "♣7", "♣6", "♣5", "♣4", "♣3"]
STRONG = "♠A ♣A ♣2 ♣K ♣Q ♣J ♣7 ♥K ♦K"  # trumps ♣: Spadille, Manille, Basto and four more


# -- the table: four seats, the dealer sits out (Wikipedia, nhfournier) -----------------------
def test_the_dealer_sits_out_and_mano_speaks_first() -> None:
    state = dealt({}, dealer=2)
    view = state.view(2)
    assert view.cards_held == (9, 9, 0, 9)
    assert len(view.hand) == 0 and view.stock_left == 13
    assert state.current_player() == 3  # mano: the dealer's right
    apply(state, "pass", "pass", "entrada")  # seats 3, 0, 1 in turn
    assert state.player == 1 and state.phase() == "trumps"


def test_cards_rank_as_the_source_lists_them() -> None:
    # acanomas p.3: oros/copas trumps: espada, mala (the 7), basto, punto (the ace), rey,
    # caballo, sota, 2, 3, 4, 5, 6; espadas/bastos: espada, mala (the 2), basto, rey,
    # caballo, sota, 7, 6, 5, 4, 3.
    assert [str(c) for c in trump_order(Suit.DIAMONDS)] == TRUMPS_DIAMONDS
    assert [str(c) for c in trump_order(Suit.CLUBS)] == TRUMPS_CLUBS


# -- the auction --------------------------------------------------------------------------------
def test_a_later_seat_must_outbid_and_an_earlier_one_may_hold() -> None:
    state = dealt({})
    assert texts(state) == ["pass", "entrada", "vuelta", "solo"]
    apply(state, "entrada")
    assert texts(state) == ["pass", "vuelta", "solo"]  # seat 1 comes later: must outbid
    with pytest.raises(IllegalActionError) as error:
        state.apply_string("entrada")
    assert error.value.reason == "outbid"
    apply(state, "vuelta", "pass")
    assert state.current_player() == 0
    assert texts(state) == ["pass", "vuelta", "solo"]  # mano has priority: may hold vuelta
    apply(state, "vuelta")
    assert state.bidder == 0
    apply(state, "pass")  # seat 1 gives up: mano plays the vuelta
    assert state.player == 0 and state.phase() == "turn"


def test_all_pass_throws_the_cards_in() -> None:
    state = apply(dealt({}, plate="6", balances="1/2/3/4"), "pass", "pass", "pass")
    assert state.is_terminal() and state.outcome == "all_pass"
    assert state.returns() == [0.0] * 4 and state.plate == [6]


def test_palo_de_favor_outbids_the_same_class_and_fixes_the_trumps() -> None:
    state = dealt({}, palo_de_favor="spades")
    assert texts(state) == ["pass", "entrada", "entrada-favor", "vuelta", "solo", "solo-favor"]
    apply(state, "entrada", "entrada-favor", "pass", "pass")
    assert state.player == 1 and texts(state) == ["trumps ♠"]
    plain = apply(dealt({}, palo_de_favor="spades"), "entrada", "pass", "pass")
    assert texts(plain) == ["trumps ♣", "trumps ♦", "trumps ♥"]
    with pytest.raises(IllegalActionError) as error:
        plain.apply_string("trumps ♠")
    assert error.value.reason == "favor_bid_needed"


def test_no_favour_bids_without_a_palo_de_favor() -> None:
    state = dealt({})
    with pytest.raises(IllegalActionError) as error:
        state.apply_string("entrada-favor")
    assert error.value.reason == "no_favor"


# -- entrada, vuelta, solo ----------------------------------------------------------------------
def test_entrada_names_trumps_then_exchanges_at_least_one_card() -> None:
    state = apply(dealt({0: STRONG}), "entrada", "pass", "pass", "trumps ♣")
    assert state.phase() == "exchange" and state.current_player() == 0
    assert "draw" not in texts(state)  # the player takes at least one card
    exchange(state, "♦K")
    assert state.current_player() == 1  # then the player's right, then the last
    exchange(state, "")
    exchange(state, "")
    assert state.phase() == "play" and state.current_player() == 0  # mano leads


def test_vuelta_turns_the_top_card_for_trumps() -> None:
    state = apply(dealt({}), "pass", "vuelta", "pass")
    assert state.player == 1 and state.is_chance_node() and state.chance_recipient() == 1
    card = stock_cards(state, 1)[0]
    apply(state, "turn " + card)
    view = state.view(2)
    assert view.turned == Card.parse(card) and view.trumps == Card.parse(card).suit
    assert view.cards_held[1] == 10 and view.stock_left == 12  # the card joins his hand
    assert "draw" not in texts(state)
    state.apply_string("discard " + str(next(iter(state.view(1).hand))))
    apply(state, "draw")
    assert state.view(1).cards_held[1] == 9 and state.drawn[1] == 0  # one discard, no draw
    assert state.current_player() == 2


def test_solo_skips_the_players_exchange() -> None:
    state = apply(dealt({1: STRONG}), "pass", "solo", "pass", "trumps ♣")
    assert state.current_player() == 2  # the defenders exchange: his right first
    exchange(state, "")
    assert state.current_player() == 0
    exchange(state, "")
    assert state.phase() == "play" and state.hands[1] == dealt({1: STRONG}).hands[1]


# -- surrender and defence (acanomas p.7, §20) --------------------------------------------------
def _entrada_in_play(**params: object) -> TresilloState:
    state = apply(dealt({0: STRONG}, **params), "entrada", "pass", "pass", "trumps ♣")
    exchange(state, "♦K")
    exchange(state, "")
    exchange(state, "")
    return state


def _play_first_legal_card(state: tapete.engine.State) -> None:
    state.apply_action(next(a for a in state.legal_actions() if a < 40))


def test_surrender_is_offered_until_the_players_card_to_the_fourth_trick() -> None:
    state = _entrada_in_play()
    offered = []
    while not state.is_terminal():
        if state.current_player() == 0:
            offered.append((len(state.finished), "surrender" in texts(state)))
        else:
            assert "surrender" not in texts(state)  # only the player may surrender
        _play_first_legal_card(state)
    assert offered == [(trick, trick <= 3) for trick in range(9)]


def test_a_solo_is_played_to_the_end() -> None:
    state = apply(dealt({0: STRONG}), "solo", "pass", "pass", "trumps ♣")
    exchange(state, "")
    exchange(state, "")
    assert "surrender" not in texts(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply_string("surrender")
    assert error.value.reason == "solo_no_surrender"


def test_a_surrendered_vuelta_is_a_puesta_and_cannot_be_defended() -> None:
    state = apply(dealt({}, plate="9"), "vuelta", "pass", "pass")
    apply(state, "turn " + stock_cards(state, 1)[0])
    state.apply_string("discard " + str(next(iter(state.view(0).hand))))
    apply(state, "draw")
    exchange(state, "")
    exchange(state, "")
    value = 2  # vuelta_value
    apply(state, "surrender")
    assert state.is_terminal() and state.outcome == "vuelta_surrendered"
    assert state.returns() == [-3.0 * value, 0.0, 0.0, 0.0] and state.plate == [9, 3 * value]


def test_a_surrender_both_defenders_accept_is_a_puesta() -> None:
    state = _entrada_in_play()
    apply(state, "surrender")
    assert state.phase() == "defence" and state.current_player() == 1  # his right first
    apply(state, "accept")
    assert state.current_player() == 2
    apply(state, "accept")
    assert state.outcome == "surrendered" and state.plate == [3]
    assert state.returns() == [-3.0, 0.0, 0.0, 0.0]


def test_a_defender_takes_the_entrada_over_and_play_goes_on() -> None:
    state = _entrada_in_play()
    play_lowest(state, 1)
    while state.current_player() != 0:
        _play_first_legal_card(state)
    before = len(state.trick)
    apply(state, "surrender", "accept", "defend")
    assert state.player == 2 and state.first_player == 0
    assert state.current_player() == 0 and len(state.trick) == before  # he plays his card
    assert "surrender" not in texts(state)
    play_lowest(state)
    assert state.is_terminal()
    assert state.outcome is not None and state.outcome.startswith("defended")
    assert sum(state.returns()) + state.plate_change() == 0


@pytest.mark.parametrize(
    ("tricks", "outcome", "changes", "plate"),
    [
        # the defender makes more tricks than each other: the first's puesta is his
        ((2, 5, 2, 0), "defended", (-3, 3, 0, 0), []),
        # the mano pobre does: the first's puesta on the plate, the defender pays codillo
        ((2, 3, 4, 0), "defended_codillo", (-3, -3, 3, 0), [3]),
        # the defender makes fewer than the first: the first's puesta is saved, the
        # defender takes it over
        ((4, 2, 3, 0), "defended_saved", (0, -3, 0, 0), [3]),
        # the defender ties: two puestas (gemelas)
        ((3, 3, 3, 0), "defended_puesta", (-3, -3, 0, 0), [3, 3]),
        ((2, 4, 3, 0), "defended", (-3, 3, 0, 0), []),
        ((1, 4, 4, 0), "defended_puesta", (-3, -3, 0, 0), [3, 3]),
    ],
)
def test_the_four_endings_of_a_defended_entrada(
    tricks: tuple[int, ...], outcome: str, changes: tuple[int, ...], plate: list[int]
) -> None:
    balances, on_plate = [0, 0, 0, 0], list[int]()
    assert settle_defended(0, 1, (0, 1, 2), tricks, 1, balances, on_plate) == outcome
    assert tuple(balances) == changes and on_plate == plate


# -- money: the dealer pays and receives, puestas wait on the plate ----------------------------
def _won_entrada(**params: object) -> TresilloState:
    hand = "♠A ♣A ♣2 ♣K ♣Q ♣J ♣7 ♣6 ♣5"  # nine top trumps: every trick
    state = apply(dealt({0: hand}, **params), "entrada", "pass", "pass", "trumps ♣")
    exchange(state, "♣5")
    exchange(state, "")
    exchange(state, "")
    play_lowest(state)
    return state


def test_a_won_game_is_paid_by_the_three_others_and_takes_the_oldest_puesta() -> None:
    state = _won_entrada(plate="6/9")
    assert state.tricks_won[0] >= 5 and state.outcome == "sacada"
    assert state.returns() == [3.0 + 6.0, -1.0, -1.0, -1.0]  # the dealer (seat 3) pays too
    assert state.plate == [9]


def test_plate_payout_all_takes_every_puesta() -> None:
    state = _won_entrada(plate="6/9", plate_payout="all")
    assert state.returns()[0] == 3.0 + 15.0 and state.plate == []


def test_the_palo_de_favor_pays_more() -> None:
    plain = _won_entrada()
    favoured = apply(
        dealt({0: "♠A ♣A ♣2 ♣K ♣Q ♣J ♣7 ♣6 ♣5"}, palo_de_favor="clubs"),
        "entrada-favor", "pass", "pass", "trumps ♣",
    )  # fmt: skip
    exchange(favoured, "♣5")
    exchange(favoured, "")
    exchange(favoured, "")
    play_lowest(favoured)
    assert plain.returns()[1] == -1.0 and favoured.returns()[1] == -2.0


def test_the_match_passes_the_deal_to_the_right_and_carries_the_plate() -> None:
    import random

    from tapete.engine import random_playout

    game = tapete.load_game("tresillo-match", num_deals=8, first_dealer=1)
    state = random_playout(game.new_initial_state(), random.Random(7))
    assert isinstance(state, TresilloMatchState)
    dealers = [r.dealer for r in state.results]
    assert dealers == [1, 2, 3, 0, 1, 2, 3, 0]
    plate_before: tuple[int, ...] = ()
    for result in state.results:  # each deal starts with the plate the last one left
        assert sum(result.changes) + sum(result.plate_after) - sum(plate_before) == 0
        plate_before = result.plate_after
    assert any(result.plate_after for result in state.results)
    assert sum(state.returns()) + state.unassigned == 0


HANDS = {
    0: "♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♣3 ♣4 ♣5",
    1: "♠A ♥7 ♣A ♥A ♥K ♥Q ♥J ♥2 ♥3",  # the nine top trumps of hearts
    2: "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♣6 ♣7 ♣J",
}  # the stock: ♥4 ♥5 ♥6 ♠J ♠Q ♠K ♣2 ♣Q ♣K ♦J ♦Q ♦K ♦A


@pytest.mark.parametrize(("card", "value"), [("♠J", 3), ("♥4", 2), ("♦A", 2)])
def test_a_vuelta_turned_in_the_favour_suit_pays_as_a_favour_game(card: str, value: int) -> None:
    state = apply(dealt(HANDS, palo_de_favor="spades"), "vuelta", "pass", "pass", "turn " + card)
    assert state.view(None).trumps == Card.parse(card).suit
    assert state.value() == value  # vuelta_value 2, favor_extra 1 in spades


def test_codillo_pays_the_defender_who_beat_the_player() -> None:
    state = apply(dealt(HANDS, plate="5"), "entrada", "pass", "pass", "trumps ♥")
    exchange(state, "♦2")
    exchange(state, "")
    exchange(state, "")
    play_lowest(state)
    assert state.tricks_won == [0, 9, 0, 0] and state.outcome == "codillo"
    assert state.returns() == [-3.0, 3.0, 0.0, 0.0] and state.plate == [5]  # plate untouched
