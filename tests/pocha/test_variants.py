"""Scenarios of La Pocha's hand variants (docs/pocha.md, "Variants of the hand"), written from
their sources: the *ronda india* (conexionpocha's glossary, "Indias": the card on the forehead,
you see the others' cards and not your own; elegirjuegodemesa.com: the opening one-card
rounds), the *ronda subastada* (elegirjuegodemesa.com: the trump suit auctioned to the best
bidder) and the Argentine *podrida* sequence with its blind last hand (la-podrida.blogspot.com:
22 hands for 4 players with 4 "manos de área" of 10 cards, 19 hands for 5 with 5 of 8).

The hands are seat 0 (mano) to the last seat (the dealer) unless a dealer is given.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tapete
from tapete.cards import Card, Suit
from tapete.engine import random_playout
from tapete.errors import ConfigError, IllegalActionError
from tapete.games.pocha import PochaGame, PochaMatchGame, PochaState
from tapete.players import load
from tapete.testing import check_game, seat_choices


def _hand(hands: list[str], turn: str | None = "7b", **params: Any) -> PochaState:
    game = tapete.load_game(
        "pocha", n_players=len(hands), hand_size=len(hands[0].split()), **params
    )
    assert isinstance(game, PochaGame)
    state = game.new_initial_state()
    for action in game.deal_actions(hands, turn):
        state.apply_action(action)
    return state


def _texts(state: tapete.State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def _cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


# -- ronda india: the card on the forehead -----------------------------------------------------


def test_india_each_seat_sees_every_card_but_its_own() -> None:
    state = _hand(["Ao", "3c", "Re", "5b"], ronda_india=True)
    for seat, own in enumerate(["Ao", "3c", "Re", "5b"]):
        view = state.view(seat)
        assert not view.hand and view.cards_held == (1, 1, 1, 1)
        seen = {str(c) for c in view.foreheads if c is not None}
        assert seen == {"Ao", "3c", "Re", "5b"} - {own}
        assert view.foreheads[seat] is None
        dealt = [e.arg("card") for e in view.events if e.kind == "deal"]
        assert dealt[seat] is None and {str(c) for c in dealt if c is not None} == seen
        assert Card.parse(own) in state.hidden_cards(seat)
        assert not set(state.hidden_cards(seat)) & {Card.parse(c) for c in seen}
    spectator = state.view(None)
    assert spectator.foreheads == (None,) * 4 and not spectator.hand


def test_india_bids_then_the_unseen_card_is_played() -> None:
    state = _hand(["Ao", "3c", "Re", "5b"], ronda_india=True)
    assert state.phase() == "bidding" and state.view(0).trump_suit == Suit.BASTOS
    for text in ["bid 0", "bid 1", "bid 0"]:
        state.apply_string(text)
    assert _texts(state) == ["bid 1"]  # the dealer may not make the bids add up to one
    state.apply_string("bid 1")
    assert _texts(state) == ["play Ao"]  # the seat's only card, though it cannot see it
    for text in ["play Ao", "play 3c", "play Re", "play 5b"]:
        state.apply_string(text)
    assert state.tricks_won == [0, 0, 0, 1]  # 5b, the only trump, wins
    assert state.returns() == [10.0, -5.0, 10.0, 15.0]


def test_india_sampler_keeps_the_foreheads_and_draws_the_own_card() -> None:
    state = _hand(["Ao", "3c", "Re", "5b"], ronda_india=True)
    view = state.view(0)
    drawn = set()
    for seed in range(30):
        sample = state.game.sample_consistent_state(view, random.Random(seed))
        assert isinstance(sample, PochaState)
        assert sample.view(0) == view
        assert [sample.hands[s] for s in (1, 2, 3)] == [state.hands[s] for s in (1, 2, 3)]
        (own,) = tuple(tapete.cards.CardSet(sample.hands[0]))
        assert str(own) not in {"3c", "Re", "5b", "7b"}
        drawn.add(own)
    assert len(drawn) > 10  # the own card is not the true one every time


def test_india_is_a_one_card_hand() -> None:
    with pytest.raises(ConfigError, match="hand_size = 1"):
        tapete.load_game("pocha", hand_size=2, ronda_india=True)
    with pytest.raises(ConfigError, match="not both"):
        tapete.load_game("pocha", hand_size=1, ronda_india=True, ronda_ciega=True)


def test_india_in_a_match_opening_or_every_one_card_hand() -> None:
    opening = tapete.load_game("pocha-match", ronda_india="opening")
    assert isinstance(opening, PochaMatchGame)
    india = [i for i, v in enumerate(opening.variants) if v[0]]
    assert india == [0, 1, 2, 3]  # the four one-card hands the game opens with
    every = tapete.load_game("pocha-match", ronda_india="every_one_card")
    assert isinstance(every, PochaMatchGame)
    assert [i for i, v in enumerate(every.variants) if v[0]] == [0, 1, 2, 3, 24, 25, 26, 27]
    state = every.new_initial_state()
    state.apply_string("dealer 3")
    hand = state.hand
    assert hand is not None and hand.game.params["ronda_india"] is True


# -- ronda ciega: nobody looks -----------------------------------------------------------------


def test_ciega_nobody_sees_a_card_before_it_is_played() -> None:
    state = _hand(["Ao", "3c", "Re"], ronda_ciega=True)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert not view.hand and view.foreheads == (None, None, None)
        assert all(e.hidden for e in view.events if e.kind == "deal")
        assert str(view.trump_card) == "7b"  # the turned card is seen by all
    assert _cards("Ao 3c Re") <= set(state.hidden_cards(0))
    for text in ["bid 0", "bid 0", "bid 0"]:
        state.apply_string(text)
    state.apply_string("play Ao")
    trick = state.view(2).current_trick
    assert trick is not None and str(trick.cards[0]) == "Ao"


# -- no seven swap in a hand whose own cards are unseen (issue 29) ----------------------------


@pytest.mark.parametrize("variant", ["ronda_india", "ronda_ciega"])
def test_no_seven_swap_when_the_own_card_is_unseen(variant: str) -> None:
    # Seat 0 holds the 7 of trumps (oros, 4o turned), then the 2: neither can know it, so
    # both hands go from the turned card to the bidding, with the same bids for seat 0.
    for own in ["7o", "2o"]:
        state = _hand([own, "3c", "Re", "Cb"], "4o", seven_swap=True, **{variant: True})
        assert state.phase() == "bidding" and state.current_player() == 0
        assert _texts(state) == ["bid 0", "bid 1"]
        assert str(state.view(0).trump_card) == "4o" and not state.swaps
        assert state.hands[0] == 1 << int(Card.parse(own))
    with pytest.raises(IllegalActionError):
        _hand(["7o", "3c", "Re", "Cb"], "4o", seven_swap=True, **{variant: True}).apply_string(
            "swap"
        )


def test_the_seven_swap_stays_in_a_one_card_hand_whose_cards_are_seen() -> None:
    state = _hand(["7o", "3c", "Re", "Cb"], "4o", seven_swap=True)
    assert state.phase() == "seven-swap" and _texts(state) == ["swap", "pass"]
    state.apply_string("swap")
    assert str(state.view(1).trump_card) == "7o" and state.hands[0] == 1 << int(Card.parse("4o"))
    other = _hand(["2o", "3c", "Re", "Cb"], "4o", seven_swap=True)
    assert other.phase() == "seven-swap" and _texts(other) == ["pass"]


@pytest.mark.parametrize("variant", ["ronda_india", "ronda_ciega"])
def test_an_unseen_hand_offers_each_seat_what_its_view_shows(variant: str) -> None:
    # States built by hand: every seat's view is the same whichever of the 7 and the 2 of
    # trumps it holds (the card it cannot see), so its legal actions must be the same too.
    for seat in range(4):
        states = []
        for own in ["7o", "2o", "Ac"]:
            hands = ["3c", "Re", "Cb", "5b"]
            hands[seat] = own
            state = _hand(hands, "4o", seven_swap=True, **{variant: True})
            for text in ["bid 0", "bid 0", "bid 0", "bid 0"][:seat]:
                state.apply_string(text)
            states.append(state)
        views = [state.view(seat) for state in states]
        assert views[0] == views[1] == views[2]
        assert seat_choices(states[0], seat) == seat_choices(states[1], seat)
        assert seat_choices(states[0], seat) == seat_choices(states[2], seat)


def test_no_seven_swap_in_a_match_s_india_hands_only() -> None:
    game = tapete.load_game(
        "pocha-match", n_players=3, hand_sequence="1,2", ronda_india="opening", seven_swap=True
    )
    state = game.new_initial_state()
    for text in ["dealer 2", "deal 7o", "deal 3c", "deal Re", "turn 4o"]:
        state.apply_string(text)
    assert state.phase() == "bidding" and _texts(state) == ["bid 0", "bid 1"]
    for text in ["bid 0", "bid 0", "bid 0", "play 7o", "play 3c", "play Re"]:
        state.apply_string(text)
    # the second hand (two cards, not india; dealer 0, mano 1): the holder of 7e may swap
    for text in ["deal 7e", "deal Ac", "deal 6c", "deal 3c", "deal 4c", "deal 5c", "turn Se"]:
        state.apply_string(text)
    assert state.phase() == "seven-swap" and state.current_player() == 1
    assert _texts(state) == ["swap", "pass"]


def test_podrida_sequence_from_la_podrida_blogspot() -> None:
    four = tapete.load_game("pocha-match", hand_sequence="podrida")
    five = tapete.load_game("pocha-match", n_players=5, hand_sequence="podrida")
    assert isinstance(four, PochaMatchGame) and isinstance(five, PochaMatchGame)
    assert len(four.sizes) == 22 and four.sizes.count(10) == 4
    assert len(five.sizes) == 19 and five.sizes.count(8) == 5
    assert four.sizes[:9] == tuple(range(1, 10)) and four.sizes[-9:] == tuple(range(9, 0, -1))
    assert [i for i, v in enumerate(four.variants) if v[1]] == [21]  # the blind last hand
    off = tapete.load_game("pocha-match", hand_sequence="podrida", ronda_ciega="off")
    assert isinstance(off, PochaMatchGame) and not any(v[1] for v in off.variants)
    standard = tapete.load_game("pocha-match")
    assert isinstance(standard, PochaMatchGame) and not any(any(v) for v in standard.variants)
    last = tapete.load_game("pocha-match", ronda_ciega="last")
    assert isinstance(last, PochaMatchGame) and [v[1] for v in last.variants][-2:] == [0, 1]
    with pytest.raises(ConfigError, match="ends with a hand of 2"):
        tapete.load_game("pocha-match", hand_sequence="1,2", ronda_ciega="last")


def test_podrida_blind_hand_wins_over_india() -> None:
    game = tapete.load_game("pocha-match", hand_sequence="podrida", ronda_india="every_one_card")
    assert isinstance(game, PochaMatchGame)
    assert game.variants[0] == (True, False, False)
    assert game.variants[-1] == (False, True, False)


# -- ronda subastada: trumps auctioned -----------------------------------------------------------

AUCTION_HANDS = ["Ao 3o Ro", "Ac 3c Rc", "Ae 3e Re", "Ab 3b Rb"]


def _auction(*texts: str, hands: list[str] = AUCTION_HANDS, **params: Any) -> PochaState:
    state = _hand(hands, None, ronda_subastada=True, **params)
    for text in texts:
        state.apply_string(text)
    return state


def test_subastada_nothing_is_turned_and_mano_opens_the_auction() -> None:
    state = _auction()
    assert state.phase() == "auction" and state.current_player() == 0
    view = state.view(0)
    assert view.trump_card is None and view.trump_suit is None
    assert _texts(state) == ["offer 0", "offer 1", "offer 2", "offer 3", "pass"]
    hidden = set(state.hidden_cards(0))  # the others' hands and the stock: nothing turned
    assert hidden == set(state.rules.deck.cards) - _cards("Ao 3o Ro")


def test_subastada_an_offer_must_beat_the_highest() -> None:
    state = _auction("offer 1")
    assert _texts(state) == ["offer 2", "offer 3", "pass"]
    with pytest.raises(IllegalActionError) as refused:
        state.apply_string("offer 1")
    assert refused.value.reason == "outbid"
    with pytest.raises(IllegalActionError) as wrong:
        state.apply_string("bid 2")
    assert wrong.value.reason == "wrong_phase"


def test_subastada_who_passed_speaks_no_more() -> None:
    state = _auction("offer 1", "pass", "pass", "offer 2")
    assert state.current_player() == 0  # seats 1 and 2 are out
    state.apply_string("pass")
    assert state.phase() == "trumps" and state.current_player() == 3
    assert state.view(1).offers == (1, None, None, 2) and state.view(1).auction_winner == 3


def test_subastada_the_last_one_left_must_offer() -> None:
    state = _auction("pass", "pass", "pass")
    assert _texts(state) == ["offer 0", "offer 1", "offer 2", "offer 3"]
    with pytest.raises(IllegalActionError, match="must make an offer"):
        state.apply_string("pass")


def test_subastada_the_top_offer_ends_the_auction() -> None:
    state = _auction("offer 3")
    assert state.phase() == "trumps" and state.current_player() == 0


def test_subastada_winner_names_trumps_and_its_offer_is_its_bid() -> None:
    state = _auction("pass", "offer 2", "pass", "pass", "trumps e")
    view = state.view(0)
    assert view.trump_suit == Suit.ESPADAS and view.trump_card is None
    assert view.bids == (None, 2, None, None)
    assert state.phase() == "bidding" and state.current_player() == 0
    state.apply_string("bid 0")
    assert state.current_player() == 2  # the winner does not bid again
    state.apply_string("bid 0")
    assert _texts(state) == ["bid 0", "bid 2", "bid 3"]  # the dealer may not make it 3
    state.apply_string("bid 0")
    assert state.phase() == "play"
    events = [(e.kind, e.arg("offer"), e.arg("suit")) for e in state.view(0).events[12:]]
    assert events[:5] == [
        ("pass", None, None), ("offer", 2, None), ("pass", None, None), ("pass", None, None),
        ("trumps", None, "espadas"),
    ]  # fmt: skip


def test_subastada_dealer_wins_so_the_seat_before_it_is_restricted() -> None:
    state = _auction("pass", "pass", "pass", "offer 1", "trumps o")
    assert state.bids == [-1, -1, -1, 1]
    state.apply_string("bid 1")
    assert _texts(state) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    state.apply_string("bid 0")
    assert _texts(state) == ["bid 0", "bid 2", "bid 3"]  # last to bid: not 1 (1+0+1+1 = 3)
    with pytest.raises(IllegalActionError, match="the last to bid may not bid 1"):
        state.apply_string("bid 1")


def test_subastada_named_trumps_beat_the_suit_led() -> None:
    state = _auction("offer 1", "pass", "pass", "pass", "trumps b")
    for text in ["bid 0", "bid 0", "bid 0", "play Ao"]:
        state.apply_string(text)
    assert set(_texts(state)) == {"play 3c", "play Ac", "play Rc"}  # void in oros, no trump
    for text in ["play Ac", "play Ae"]:
        state.apply_string(text)
    assert set(_texts(state)) == {"play 3b", "play Ab", "play Rb"}  # must trump: any trump
    state.apply_string("play 3b")
    assert state.finished[-1][2] == 3


def test_subastada_whole_pack_dealt_shows_no_card() -> None:
    game = tapete.load_game("pocha", ronda_subastada=True)
    state = random_playout(game.new_initial_state(), random.Random(4))
    first = state.view(0).events
    assert all(e.hidden for e in first[:40] if e.arg("to") != 0)
    assert not any(e.kind == "turn" for e in first)


def test_subastada_action_numbers_and_metadata() -> None:
    plain = tapete.load_game("pocha")
    auction = tapete.load_game("pocha", ronda_subastada=True)
    match = tapete.load_game("pocha-match", ronda_subastada="full_hands")
    assert plain.num_distinct_actions() == 53
    assert tapete.load_game("pocha-match").num_distinct_actions() == 57
    assert auction.num_distinct_actions() == match.num_distinct_actions() == 61
    state = auction.new_initial_state()
    assert state.string_to_action("trumps b") == 60
    # deal and tricks 80, auction at most 11 offers and 3 passes, trumps, 3 bids
    assert auction.max_game_length() == 80 + 14 + 1 + 3
    with pytest.raises(tapete.NotationError, match="only in a ronda subastada"):
        plain.new_initial_state().string_to_action("trumps o")


def test_subastada_in_a_match_full_or_closing_hands() -> None:
    # 4 players, standard sequence: 1 1 1 1 2 … 9 10 10 10 10 9 … 2 1 1 1 1 (28 hands)
    full = tapete.load_game("pocha-match", ronda_subastada="full_hands")
    closing = tapete.load_game("pocha-match", ronda_subastada="closing_hands")
    assert isinstance(full, PochaMatchGame) and isinstance(closing, PochaMatchGame)
    assert [i for i, v in enumerate(full.variants) if v[2]] == [12, 13, 14, 15]
    assert [full.sizes[i] for i, v in enumerate(full.variants) if v[2]] == [10, 10, 10, 10]
    assert [i for i, v in enumerate(closing.variants) if v[2]] == [24, 25, 26, 27]
    assert [closing.sizes[i] for i, v in enumerate(closing.variants) if v[2]] == [1, 1, 1, 1]
    # up_only ends with its one hand of ten cards: both choices auction the last hands there
    up = tapete.load_game("pocha-match", hand_sequence="up_only", ronda_subastada="full_hands")
    assert isinstance(up, PochaMatchGame)
    assert [i for i, v in enumerate(up.variants) if v[2]] == [9]


def test_subastada_last_hands_is_no_longer_a_choice() -> None:
    # issue 29: the old name promised the players' "last rounds" (the full hands) and gave
    # the closing one-card hands; it is refused with the values allowed now
    with pytest.raises(ConfigError, match=re.escape("allowed: off | full_hands | closing_hands")):
        tapete.load_game("pocha-match", ronda_subastada="last_hands")


# -- the rule bot and the conformance suite on the variants ------------------------------------


def test_rule_bot_bids_the_card_it_cannot_see() -> None:
    bot = load("rule")
    weak = _hand(["Ao", "2c", "2e", "4c"], "7b", ronda_india=True)  # seat 0 sees 2c 2e 4c
    chosen = bot.choose(weak.view(0), weak.legal_actions(), random.Random(1))
    assert weak.action_to_string(chosen) == "bid 1"
    strong = _hand(["2c", "Ab", "2e", "4c"], "7b", ronda_india=True)  # the ace of trumps on 1
    assert (
        strong.action_to_string(
            bot.choose(strong.view(0), strong.legal_actions(), random.Random(1))
        )
        == "bid 0"
    )


def test_rule_bot_offers_with_a_long_suit_and_names_it() -> None:
    hands = ["Ao 3o Ro Co So", "2c 4c 5e 6b 7c", "4e 6e 7e 2b 4b", "5c 6c 5b 7b Sb"]
    state = _hand(hands, None, ronda_subastada=True)
    bot = load("rule")
    chosen = bot.choose(state.view(0), state.legal_actions(), random.Random(1))
    offer = state.action_to_string(chosen)
    assert offer.startswith("offer ") and int(offer.split()[1]) >= 3
    state.apply_string(offer)
    while state.phase() == "auction":  # the others pass (an offer of 5 ends it at once)
        state.apply_string("pass")
    assert state.current_player() == 0
    assert (
        state.action_to_string(bot.choose(state.view(0), state.legal_actions(), random.Random(1)))
        == "trumps o"
    )


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("pocha", {"hand_size": 1, "ronda_india": True}),
        ("pocha", {"n_players": 5, "hand_size": 1, "ronda_ciega": True}),
        ("pocha", {"hand_size": 6, "ronda_subastada": True}),
        ("pocha-match", {"n_players": 3, "hand_sequence": "1,1,3,1", "ronda_india": "opening",
                         "ronda_ciega": "last", "ronda_subastada": "full_hands"}),
    ],
    ids=str,
)  # fmt: skip
def test_rule_bots_play_the_variants_legally(name: str, params: dict[str, Any]) -> None:
    game = tapete.load_game(name, **params)
    for seed in range(5):
        bots = [load("rule") for _ in range(game.num_players())]
        for seat, bot in enumerate(bots):
            bot.start(game, seat)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node():
                state.apply_action(rng.choice(legal))
                continue
            seat = state.current_player()
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state.apply_action(action)
        assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize(
    "params",
    [
        {"hand_size": 1, "ronda_india": True},
        {"hand_size": 1, "ronda_ciega": True},
        {"ronda_subastada": True},
        {"ronda_subastada": "full_hands"},
        {"hand_sequence": "podrida", "ronda_ciega": "auto"},
        {"ronda_india": "opening"},
    ],
    ids=str,
)
def test_the_kernel_and_search_refuse_the_variants(params: dict[str, Any]) -> None:
    pytest.importorskip("numba")
    from tapete.solvers.pocha import PochaTables

    with pytest.raises(ConfigError, match="does not play the ronda_"):
        PochaTables.from_params(params)
    assert PochaTables.from_params({"hand_sequence": "podrida", "ronda_ciega": "off"}).hand_size


@pytest.mark.parametrize(
    "params",
    [
        {"hand_size": 1, "ronda_india": True},
        {"n_players": 6, "hand_size": 1, "ronda_india": True},
        {"n_players": 4, "hand_size": 1, "ronda_ciega": True},
        {"hand_size": 4, "ronda_subastada": True},
        {"hand_size": 1, "ronda_india": True, "ronda_subastada": True},
        {"n_players": 5, "hand_size": 5, "ronda_subastada": True, "play_rules": "follow_only"},
    ],
    ids=str,
)
def test_variants_conform(params: dict[str, Any]) -> None:
    report = check_game(tapete.load_game("pocha", **params), games=6, seed=3)
    assert report.games == 6 and report.samples_checked > 0 and report.illegal_probes > 0


def test_subastada_with_the_whole_pack_dealt_conforms() -> None:
    game = tapete.load_game("pocha", n_players=3, ronda_subastada=True, dealer=0)
    report = check_game(game, games=2, seed=3)
    assert report.games == 2 and report.samples_checked > 0


def test_variants_conform_in_a_match() -> None:
    params = {
        "n_players": 3, "hand_sequence": "1,1,2,3,1", "ronda_india": "every_one_card",
        "ronda_ciega": "last", "ronda_subastada": "closing_hands",
    }  # fmt: skip
    report = check_game(
        tapete.load_game("pocha-match", **params), games=2, seed=2, check_every=3, sample_every=9
    )
    assert report.games == 2 and report.samples_checked > 0


def test_the_trump_suit_named_is_a_suit() -> None:
    state = _auction("offer 3", "trumps c")
    assert state.view(2).trump_suit == Suit.COPAS
