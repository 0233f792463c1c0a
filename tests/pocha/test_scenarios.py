"""Every acceptance scenario of pocha.md §4 (DEFAULT rules, trumps = oros unless stated).

The four hands are seat 0 (mano, who leads) to seat 3 (the dealer).
"""

from __future__ import annotations

import itertools

import pytest

import tapete
from tapete.engine import random_playout
from tapete.games.pocha import PochaGame, PochaMatchState, PochaRules
from tapete.games.pocha.rules import POCHA_DEFAULTS

from .helpers import legal_texts, position

# -- overtaking and following ------------------------------------------------------------------


def test_e1_must_overtake_the_card_led() -> None:
    state = position(["5c Ab 2e 3b", "Rc 4c 3e 7o", "Se Ce 6b 7b", "5b 4b Cb Sb"], "2o", ("5c",))
    assert legal_texts(state) == {"Rc"}


def test_e2_cannot_overtake_so_any_card_of_the_suit() -> None:
    state = position(["3c 4e 5e", "Rc 2c Ao", "6e 7e Se", "4b 5b 6b"], "7o", ("3c",))
    assert legal_texts(state) == {"Rc", "2c"}


def test_e3_trick_trumped_follow_without_beating() -> None:
    state = position(["6c 4e 5e", "2o 6e 7e", "Ac 4c Ro", "4b 5b 6b"], "7o", ("6c", "2o"))
    assert legal_texts(state) == {"Ac", "4c"}


def test_e4_void_must_trump_with_any_trump() -> None:
    state = position(["6c 4e 6e", "Ac 7e Ce", "2o 5e Sb", "4b 5b 6b"], "7o", ("6c", "Ac"))
    assert legal_texts(state) == {"2o"}


def test_e5_void_must_overtrump() -> None:
    state = position(["6c 4e 6e", "5o 7e Ce", "7o 4o Re", "4b 5b 6b"], "Co", ("6c", "5o"))
    assert legal_texts(state) == {"7o"}


def test_e6_cannot_overtrump_so_any_card() -> None:
    state = position(["6c 4e 6e", "3o 7e Ce", "Ro 2o Ae", "4b 5b 6b"], "Co", ("6c", "3o"))
    assert legal_texts(state) == {"Ro", "2o", "Ae"}


def test_e7_no_suit_no_trump_any_card() -> None:
    state = position(["6c 4e", "Ao 7e", "Re 4b", "5b 6b"], "Co", ("6c", "Ao"))
    assert legal_texts(state) == {"Re", "4b"}


def test_e8_trumps_led_must_overtake() -> None:
    state = position(["5o 4e 6e", "Ro 2o Ac", "7e Ce Se", "4b 5b 6b"], "Co", ("5o",))
    assert legal_texts(state) == {"Ro"}


def test_e9_trumps_led_cannot_overtake_any_trump() -> None:
    state = position(["3o 4e 6e", "Ro 2o Ac", "7e Ce Se", "4b 5b 6b"], "Co", ("3o",))
    assert legal_texts(state) == {"Ro", "2o"}


def test_e10_trumps_led_no_trumps_any_card() -> None:
    state = position(["5o 4e", "Ac 3e", "7e Ce", "4b 5b"], "Co", ("5o",))
    assert legal_texts(state) == {"Ac", "3e"}


def test_e13_whole_trick_with_bastos_trumps() -> None:
    state = position(["4c 4e 5e", "6c 2c Ab", "5b Rb 3e", "Ac 7c Cb"], "7b", ("4c",))
    assert legal_texts(state) == {"6c"}
    state.apply_string("play 6c")
    assert legal_texts(state) == {"5b", "Rb"}
    state.apply_string("play 5b")
    assert legal_texts(state) == {"Ac", "7c"}
    with pytest.raises(tapete.IllegalActionError, match="must follow copas"):
        state.apply_string("play Cb")
    state.apply_string("play Ac")
    assert state.view(None).finished_tricks[0].winner == 2
    assert state.current_player() == 2  # the winner leads next


def test_e15_leader_may_lead_anything() -> None:
    state = position(["Ao 2c 3e", "4b 5b 6b", "7e Ce Se", "4c 5c 6c"], "7o")
    assert legal_texts(state) == {"Ao", "2c", "3e"}


def test_e16_natural_rank_order() -> None:
    hands = ["3c 4e", "Rc 2c", "5e 6e", "4b 5b"]
    natural = position(hands, "7o", ("3c",), rank_order="natural")
    assert legal_texts(natural) == {"Rc"}
    assert legal_texts(position(hands, "7o", ("3c",))) == {"Rc", "2c"}


# -- bidding ---------------------------------------------------------------------------------


def _bidding(size: int, others: list[int]) -> set[int]:
    hands = [" ".join(f"{r}{s}" for r in "A234567SCR"[:size]) for s in "oceb"]
    state = position(hands, None if size == 10 else "Sb", bids=tuple(others))
    assert state.current_player() == 3
    return {int(t) for t in legal_texts(state)}


def test_b1_dealer_may_not_square_the_bids() -> None:
    assert _bidding(3, [1, 0, 1]) == {0, 2, 3}


def test_b2_dealer_forced_bid_in_one_card_hands() -> None:
    assert _bidding(1, [0, 0, 0]) == {0}
    assert _bidding(1, [1, 0, 0]) == {1}


def test_b4_ten_cards() -> None:
    assert _bidding(10, [3, 3, 3]) == set(range(11)) - {1}


def test_dealer_restriction_off() -> None:
    hands = ["Ao", "Ac", "Ae", "Ab"]
    state = position(hands, "Sb", bids=(0, 0, 0), dealer_restriction=False)
    assert legal_texts(state) == {"0", "1"}


def test_forbidden_dealer_bid_is_refused_with_reason() -> None:
    hands = ["Ao", "Ac", "Ae", "Ab"]
    state = position(hands, "Sb", bids=(0, 0, 0))
    before = state.clone()
    with pytest.raises(tapete.IllegalActionError, match="add up to 1") as info:
        state.apply_string("bid 1")
    assert info.value.reason == "dealer_restriction" and state == before


# -- trumps ----------------------------------------------------------------------------------


def test_k1_turned_card_sets_trumps_and_belongs_to_nobody() -> None:
    hands = ["Ao 2o 3o", "Ac 2c 3c", "Ae 2e 3e", "Ab 2b 3b"]
    state = position(hands, "4b")
    view = state.view(None)
    assert str(view.trump_card) == "4b" and view.trump_suit == tapete.Suit.BASTOS
    assert all(tapete.Card.parse("4b") not in state.view(s).hand for s in range(4))
    assert view.trump_card_holder is None


def test_k2_whole_pack_dealt_dealer_shows_last_card() -> None:
    game = tapete.load_game("pocha")
    assert isinstance(game, PochaGame)
    hands = [" ".join(f"{r}{s}" for r in "A234567SCR") for s in "ocbe"]  # dealer: espadas, ends Re
    hands[3] = "Ae 2e 3e 4e 5e 6e 7e Ce Re Se"
    state = game.new_initial_state()
    for action in game.deal_actions(hands):
        state.apply_action(action)
    view = state.view(0)
    assert str(view.trump_card) == "Se" and view.trump_suit == tapete.Suit.ESPADAS
    assert view.trump_card_holder == 3 and tapete.Card.parse("Se") in state.view(3).hand
    last = view.events[-1]  # everybody saw the dealer's last card dealt to him
    assert (last.kind, last.arg("card"), last.arg("to"), last.hidden) == (
        "deal",
        tapete.Card.parse("Se"),
        3,
        False,
    )
    none = tapete.load_game("pocha", trump_when_no_stock="none")
    assert isinstance(none, PochaGame)
    state = none.new_initial_state()
    for action in none.deal_actions(hands):
        state.apply_action(action)
    assert state.view(0).trump_suit is None and state.phase() == "bidding"


@pytest.mark.parametrize(("n_players", "size"), [(3, 12), (5, 8), (8, 5)])
def test_k3_whole_pack_dealt_for_other_tables(n_players: int, size: int) -> None:
    game = tapete.load_game("pocha", n_players=n_players, hand_size=size)
    state = game.new_initial_state()
    import random

    while state.is_chance_node():
        state.apply_action(state.legal_actions()[random.Random(n_players).randrange(1)])
    assert state.phase() == "bidding"
    dealer = n_players - 1
    view = state.view(dealer)
    assert view.trump_card_holder == dealer
    assert view.trump_card is not None and view.trump_card in view.hand
    last_dealt = state.rules.card_ids[state.history()[-1]]
    assert int(view.trump_card) == last_dealt


# -- scoring ---------------------------------------------------------------------------------

RULES = PochaRules(dict(POCHA_DEFAULTS))


@pytest.mark.parametrize(
    ("name", "bid", "won", "points"),
    [("S1", 3, 3, 25), ("S2", 0, 0, 10), ("S3", 2, 4, -10), ("S4", 1, 0, -5), ("S5", 5, 0, -25)],
)
def test_scoring(name: str, bid: int, won: int, points: int) -> None:
    assert RULES.score(bid, won) == points, name


def test_scoring_of_a_played_hand_follows_the_table() -> None:
    import random

    state = random_playout(tapete.load_game("pocha").new_initial_state(), random.Random(11))
    view = state.view(None)
    assert view.scores is not None
    for seat in range(4):
        bid = view.bids[seat]
        assert bid is not None
        assert view.scores[seat] == RULES.score(bid, view.tricks_won[seat])
    assert sum(view.tricks_won) == 10


def test_scoring_variant_parameters() -> None:
    rules = PochaRules({**POCHA_DEFAULTS, "per_trick_exact": 1, "per_trick_miss": 0})
    assert (rules.score(3, 3), rules.score(2, 4)) == (13, 0)


# -- structure -------------------------------------------------------------------------------


def test_g1_four_player_match_structure() -> None:
    import random

    game = tapete.load_game("pocha-match", n_players=4)
    state = game.new_initial_state()
    assert isinstance(state, PochaMatchState)
    random_playout(state, random.Random(2))
    sizes = [row.hand_size for row in state.sheet]
    assert sizes == [
        1,
        1,
        1,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
        9,
        8,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
        1,
        1,
        1,
    ]
    dealers = [row.dealer for row in state.sheet]
    for before, after in itertools.pairwise(dealers):
        assert after == (before + 1) % 4  # the deal passes to the right: the old mano deals
    assert state.hand is None and state.phase() == "over" and state.is_terminal()


def test_g1_mano_is_on_the_dealers_right() -> None:
    for dealer in range(4):
        state = tapete.load_game("pocha", hand_size=1, dealer=dealer).new_initial_state()
        state.apply_string("deal Ao")
        assert state.view((dealer + 1) % 4).hand == tapete.CardSet.parse("Ao")


def test_g3_trick_winner() -> None:
    # Three players and a 2 in play: the 40-card pack (the default for 3 players drops the 2s).
    state = position(["Ae 4o", "2c 5o", "3e 6o"], "Rc", ("Ae", "2c", "3e"), deck=40)
    assert state.view(None).finished_tricks[0].winner == 1
    state = position(["Ae 4o", "3e 5o", "Rb 6o"], "Rc", ("Ae", "3e", "Rb"))
    assert state.view(None).finished_tricks[0].winner == 0
