"""Scenario tests of Danish l'hombre, each written from the rule text it names.

Sources (docs/lhombre.md):

* [DLU] Dansk L'hombre Union, *Turneringsregler* (lhombre.dk/turneringsregler): the point
  table, what each bid means, "must be bid as spil", "only when needed to outbid".
* [NET] netlhombre.dk, *Regler for l'Hombre*, the Union's rank/won/bet/kruk table; forehand,
  middle hand, dealer; the 3+3+3 deal counter-clockwise.
* [STL] stillinglhombre.dk/lhombre/regler: the deal from the dealer's right, the talon of 13.
* [JHP] jenshenrikpedersen.dk/lhombre.htm: bidding from the dealer's right, the bid falling
  back to the previous holder, the buying order, forehand leads, the winner of a trick leads.
* [MUL] Múlaþing 1985 (timarit.is), a translation of Danish l'hombre rules: each opponent
  pays the player, the player pays each opponent, the kruk one more; the tout.
* [ORD] the Vokabularium of l'hombre terms (lhombre.dk, stillinglhombre.dk): bet and kruk
  in trump games and in købe nolo, the bottom cards of a nolo suit, "bedre" outbidding spil.
* [OM] Ombre as tapete plays it (docs/ombre.md): the card orders, the matador privilege.

Readings of the project where the sources are silent are marked **reading**.
"""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.cards import Card, CardSet, Suit
from tapete.engine import sample_chance
from tapete.errors import IllegalActionError
from tapete.games.lhombre import LhombreState
from tapete.games.lhombre.actions import GAMES, TOUT
from tapete.games.lhombre.rules import UNION_POINTS, nolo_order, nolo_trick_winner

from .helpers import HANDS, apply, dealt, texts

# -- the deal [STL, NET] -----------------------------------------------------------------------


def test_cards_are_dealt_in_threes_from_the_dealers_right_and_13_stay_in_the_talon() -> None:
    state = tapete.load_game("lhombre", dealer=1).new_initial_state()
    assert isinstance(state, LhombreState)
    receivers = []
    rng = random.Random(4)
    while state.phase() == "deal":
        receivers.append(state.chance_recipient())
        state.apply_action(sample_chance(state, rng))
    # dealer 1: forehand (his right, next in playing order) is 2, then 0, then the dealer.
    assert receivers == ([2] * 3 + [0] * 3 + [1] * 3) * 3
    assert [len(state.view(s).hand) for s in range(3)] == [9, 9, 9]
    assert state.view(None).stock_left == 13
    assert state.current_player() == 2  # forehand speaks first [JHP]


# -- card orders [OM, DLU] ---------------------------------------------------------------------


def test_trump_games_rank_the_cards_as_ombre() -> None:
    state = apply(dealt(), "spil", "pass", "pass", "declare spil", "trumps ♥")
    assert state.trumps == int(Suit.HEARTS)
    from tapete.games.ombre_family.tables import trick_winner

    # Spadille, then the mala (red seven), then basta, then ponto (the red ace) [OM].
    first = [int(Card.parse(c)) for c in ("♥A", "♣A", "♥7")]
    assert first[trick_winner(Suit.HEARTS, first)] == int(Card.parse("♥7"))
    second = [int(Card.parse(c)) for c in ("♥A", "♣A", "♠A")]
    assert second[trick_winner(Suit.HEARTS, second)] == int(Card.parse("♠A"))
    third = [int(Card.parse(c)) for c in ("♥K", "♥A", "♣2")]
    assert third[trick_winner(Suit.HEARTS, third)] == int(Card.parse("♥A"))


def test_nolo_games_rank_each_suit_plainly_with_black_aces_and_red_sevens_at_the_bottom() -> None:
    # [ORD]: the bottom cards of a nolo suit are the black aces and the red sevens; reading:
    # the rest in Ombre's plain order.
    assert [str(c) for c in nolo_order(Suit.CLUBS)][-3:] == ["♣3", "♣2", "♣A"]
    assert [str(c) for c in nolo_order(Suit.DIAMONDS)][-3:] == ["♦5", "♦6", "♦7"]
    trick = [Card.parse(c) for c in ("♠2", "♠A", "♠3")]
    assert nolo_trick_winner(trick) == 2
    off_suit = [Card.parse(c) for c in ("♦7", "♦6", "♥K")]
    assert nolo_trick_winner(off_suit) == 1  # a card of another suit never wins


# -- the auction [DLU, JHP] --------------------------------------------------------------------


def test_the_first_bid_is_spil_and_each_overbid_is_one_step() -> None:
    # [DLU]: the spil games "skal meldes som spil", a higher one only as needed to outbid;
    # solo, ren nolo and nolo ouvert may be bid straight away.
    state = dealt()
    assert texts(state) == ["pass", "spil", "solo", "ren-nolo", "nolo-ouvert"]
    apply(state, "spil")
    assert state.current_player() == 1
    assert texts(state) == ["pass", "bedre", "solo", "ren-nolo", "nolo-ouvert"]
    with pytest.raises(IllegalActionError) as jump:
        apply(state, "tourné")  # a higher spil game than needed to outbid
    assert jump.value.reason == "outbid"


def test_the_bid_falls_back_to_the_previous_holder_who_may_hold_it() -> None:
    state = apply(dealt(), "spil", "bedre")
    assert state.current_player() == 0  # back to the holder [JHP]
    assert texts(state)[:2] == ["pass", "bedre"]  # forehand holds the same step (priority)
    apply(state, "bedre")
    assert state.current_player() == 1 and texts(state)[:2] == ["pass", "tourné"]
    apply(state, "pass")
    assert state.current_player() == 2 and texts(state)[:2] == ["pass", "tourné"]
    apply(state, "tourné")
    assert state.current_player() == 0 and texts(state)[:2] == ["pass", "tourné"]
    apply(state, "pass")
    assert state.phase() == "declare" and state.player == 2 and state.level == 3


def test_kobe_nolo_ranks_with_tourne_and_forehand_gets_it() -> None:
    # [DLU] "Købe nolo: rangerer med tourné, og forhånden får meldingen".
    state = apply(dealt(), "spil", "bedre", "bedre", "tourné")
    assert state.bidder == 1 and state.level == 3
    apply(state, "købe-nolo")  # the same step, said by forehand
    assert state.bidder == 0 and state.level == 3
    apply(state, "pass", "pass")
    assert state.player == 0
    assert "declare købe-nolo" in texts(state) and "declare spil" not in texts(state)


def test_a_passed_player_speaks_no_more_and_all_passing_throws_the_cards_in() -> None:
    state = apply(dealt(), "pass", "spil", "pass")
    assert state.phase() == "declare" and state.player == 1
    thrown = apply(dealt(), "pass", "pass", "pass")
    assert thrown.is_terminal() and thrown.outcome == "all_pass"
    assert thrown.returns() == [0.0, 0.0, 0.0]


def test_nolo_ouvert_is_the_top_of_the_ladder() -> None:
    state = dealt()
    words = ["spil", "bedre", "bedre", "tourné", "tourné", "respekt", "respekt", "solo", "solo"]
    words += ["ren-nolo", "ren-nolo", "nolo-ouvert", "nolo-ouvert"]
    apply(state, *words)
    assert state.level == 7 and state.bidder == 0 and state.current_player() == 1
    assert texts(state) == ["pass"]


# -- the declaration [DLU] ---------------------------------------------------------------------


def test_after_spil_the_player_chooses_a_suit_a_tourne_or_kobe_nolo() -> None:
    # [DLU] "Spilleren må selv afgøre, om han vil spille i en bestemt farve, tournere eller
    # spille købe nolo".
    state = apply(dealt(), "spil", "pass", "pass")
    assert texts(state) == ["declare spil", "declare tourné", "declare købe-nolo"]
    apply(state, "declare spil")
    assert state.phase() == "trumps"  # the suit is named after the bid is won
    assert len(texts(state)) == 4


def test_a_won_step_allows_no_lower_game() -> None:
    state = apply(dealt(), "spil", "bedre", "pass", "pass")
    assert state.player == 1 and "declare spil" not in texts(state)
    with pytest.raises(IllegalActionError) as low:
        apply(state, "declare spil")
    assert low.value.reason == "outbid"


def test_bedre_spil_and_solo_spar_are_played_in_spades() -> None:
    state = apply(dealt(), "spil", "bedre", "pass", "pass")
    assert state.player == 1 and texts(state) == ["declare bedre-spil"]
    apply(state, "declare bedre-spil")
    assert state.trumps == int(Suit.SPADES) and state.phase() == "exchange"
    solo = apply(dealt(), *SOLO_SPAR_BIDS)
    assert solo.trumps == int(Suit.SPADES) and solo.current_player() == 1  # no purchase


def test_solo_spar_only_as_an_overbid_a_jump_to_its_step_is_a_ren_nolo() -> None:
    # [DLU] "Solo Spar: Denne melding må kun afgives, når det er nødvendigt for at give
    # overbud"; reading: a bid straight to step 6 is the ren nolo.
    jumped = apply(dealt(), "ren-nolo", "pass", "pass")
    assert texts(jumped) == ["declare ren-nolo"]
    needed = apply(dealt(), "solo", "ren-nolo", "pass", "pass")
    assert needed.player == 1 and texts(needed) == ["declare solo-spar", "declare ren-nolo"]


def test_solo_and_the_nolos_may_be_bid_straight_away() -> None:
    state = apply(dealt(), "pass", "solo")
    assert state.level == 5 and state.current_player() == 2
    assert texts(state) == ["pass", "ren-nolo", "nolo-ouvert"]
    apply(state, "pass")
    assert texts(state) == ["declare solo"]


def test_with_auction_steps_every_bid_is_one_step_and_any_higher_game_may_follow() -> None:
    # The option for tables that climb the ladder one step at a time.
    state = dealt(auction="steps")
    assert texts(state) == ["pass", "spil"]
    apply(state, "spil", "pass", "pass")
    assert len(texts(state)) == 9 and "declare solo-spar" in texts(state)


# -- buying [DLU, JHP] -------------------------------------------------------------------------


def test_in_spil_the_player_must_buy_at_least_one_card_then_right_then_last() -> None:
    state = apply(dealt(), "pass", "spil", "pass", "declare spil", "trumps ♦")
    assert state.current_player() == 1 and "draw" not in texts(state)
    apply(state, "discard ♦6")
    assert "draw" in texts(state)
    apply(state, "draw")
    assert state.phase() == "stock"
    state.apply_action(state.string_to_action("stock ♥7"))
    assert state.current_player() == 2 and "draw" in texts(state)  # a defender may keep all
    apply(state, "draw")
    assert state.current_player() == 0
    apply(state, "discard ♥J", "draw", "stock ♥6")
    assert state.phase() == "play" and state.current_player() == 0  # forehand leads


def test_tourne_turns_the_top_card_for_trumps_and_the_player_buys_one_beyond_it() -> None:
    state = apply(dealt(), "spil", "pass", "pass", "declare tourné")
    assert state.phase() == "turn" and state.chance_recipient() == 0
    apply(state, "turn ♥5")
    view = state.view(1)
    assert view.trumps == Suit.HEARTS and view.turned == Card.parse("♥5")
    assert Card.parse("♥5") in state.view(0).hand and len(state.view(0).hand) == 10
    apply(state, "discard ♣J")
    assert "draw" not in texts(state)  # the turned card alone is not a purchase
    apply(state, "discard ♣Q", "draw")
    assert state.view(None).drawn == (0, 0, 0) and state.phase() == "stock"
    apply(state, "stock ♥4")
    assert state.current_player() == 1 and len(state.view(0).hand) == 9


def test_tourne_respekt_is_a_tourne_of_higher_rank() -> None:
    # reading: the sources give it a rank, points and the tourné's buying rule only.
    bids = ("spil", "bedre", "bedre", "tourné", "tourné", "respekt", "pass", "pass")
    state = apply(dealt(), *bids)
    assert state.player == 1 and texts(state) == ["declare tourné-respekt"]
    apply(state, "declare tourné-respekt", "turn ♣7")
    assert state.trumps == int(Suit.CLUBS) and "draw" not in texts(state)


def test_in_a_solo_the_player_keeps_his_cards_and_the_defenders_buy() -> None:
    state = apply(dealt(), "solo", "pass", "pass", "declare solo", "trumps ♣")
    assert state.current_player() == 1
    apply(state, "discard ♦6", "discard ♦5", "draw", "stock ♥7", "stock ♥6")
    assert state.current_player() == 2
    apply(state, "draw")
    assert state.phase() == "play" and state.view(None).drawn == (0, 2, 0)


# -- play [JHP, OM] ----------------------------------------------------------------------------


def _to_play(state: LhombreState) -> LhombreState:
    while state.phase() in ("exchange", "stock"):
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        elif "draw" in texts(state):
            apply(state, "draw")
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_nolo_games_follow_suit_without_trumps_and_forehand_leads() -> None:
    state = _to_play(apply(dealt(), "ren-nolo", "pass", "pass", "declare ren-nolo"))
    assert state.trumps == -1 and state.current_player() == 0
    apply(state, "play ♥K")
    assert state.current_player() == 1
    assert texts(state) == [state.action_to_string(a) for a in state.legal_actions()]
    # seat 1 holds no heart: any card; seat 2 neither.
    assert len(state.legal_actions()) == 9
    apply(state, "play ♦6", "play ♠2")
    assert state.tricks_won == [1, 0, 0] and state.current_player() == 0


# -- results and points [DLU, NET, MUL] ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "tricks", "outcome"),
    [
        ("spil", (5, 4, 0), "won"),
        ("spil", (4, 3, 2), "won"),
        ("spil", (4, 4, 1), "bet"),
        ("tourne", (3, 3, 3), "bet"),
        ("solo", (4, 5, 0), "kruk"),
        ("bedre_spil", (3, 4, 2), "kruk"),
        ("kobe_nolo", (0, 5, 4), "won"),
        ("ren_nolo", (1, 4, 4), "bet"),
        ("nolo_ouvert", (2, 4, 3), "kruk"),
    ],
)
def test_won_bet_and_kruk(game: str, tricks: tuple[int, int, int], outcome: str) -> None:
    # [ORD]: bet is a tie (4-4-1, 3-3-3), kruk fewer tricks than a defender; in købe nolo
    # bet is one trick, kruk two or more (reading: ren nolo and nolo ouvert alike).
    state = dealt()
    state.player, state.contract, state.tricks_won = 0, GAMES.index(game), list(tricks)
    assert state.result()[0] == outcome


def test_the_points_are_the_unions_table() -> None:
    # [DLU]/[NET]: won / bet / kruk per game.
    table = {
        "spil": (1, 1, 2), "bedre_spil": (1, 1, 2), "tourne": (2, 2, 3), "kobe_nolo": (2, 2, 3),
        "tourne_respekt": (3, 3, 4), "solo": (3, 3, 4), "solo_spar": (4, 4, 5),
        "ren_nolo": (4, 4, 5), "nolo_ouvert": (6, 6, 7),
    }  # fmt: skip
    assert dict(zip(GAMES, UNION_POINTS, strict=True)) == table
    state = dealt()
    state.player = 0
    for game, (won, bet, kruk) in table.items():
        state.contract = GAMES.index(game)
        nolo = "nolo" in game
        state.tricks_won = [0, 5, 4] if nolo else [5, 4, 0]
        assert state.result() == ("won", won)
        state.tricks_won = [1, 4, 4] if nolo else [3, 3, 3]
        assert state.result() == ("bet", -bet)
        state.tricks_won = [3, 3, 3] if nolo else [2, 4, 3]
        assert state.result() == ("kruk", -kruk)


SOLO_SPAR_HANDS = ("♠A ♠2 ♣A ♠K ♠Q ♠J ♠7 ♠6 ♠5", HANDS[1], "♠4 ♠3 ♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4")
#: Forehand's solo, outbid at step 6 by middle hand, held by forehand: a solo spar.
SOLO_SPAR_BIDS = ("solo", "ren-nolo", "solo-spar", "pass", "pass", "declare solo-spar")


def test_a_won_game_is_paid_by_each_defender_and_a_tout_adds_its_point() -> None:
    # [MUL]: each opponent pays the player; the tout after the first five tricks.
    state = _to_play(apply(dealt(SOLO_SPAR_HANDS), *SOLO_SPAR_BIDS))
    for _ in range(5):
        assert TOUT not in state.legal_actions()
        for _seat in range(3):
            legal = [a for a in state.legal_actions() if a != TOUT]
            top = state.trick == [] and state.current_player() == 0
            state.apply_action(max(legal, key=lambda a: _strength(state, a)) if top else legal[0])
    assert state.tricks_won == [5, 0, 0] and TOUT in state.legal_actions()
    apply(state, "tout")
    while not state.is_terminal():
        legal = state.legal_actions()
        top = state.current_player() == 0 and not state.trick
        state.apply_action(max(legal, key=lambda a: _strength(state, a)) if top else legal[0])
    assert state.outcome == "tout_won" and state.tricks_won == [9, 0, 0]
    assert state.returns() == [10.0, -5.0, -5.0]  # solo spar 4 + tout 1, from each


def _strength(state: LhombreState, action: int) -> int:
    from tapete.games.lhombre.actions import CARD_ID
    from tapete.games.ombre_family.tables import STRENGTH

    return STRENGTH[state.trumps][CARD_ID[action]]


def test_a_missed_tout_costs_its_point_but_the_game_is_still_won() -> None:
    state = dealt()
    state.player, state.contract, state.tout = 0, GAMES.index("solo"), True
    state.tricks_won = [8, 1, 0]
    assert state.result() == ("tout_lost", 3 - 1)


def test_without_the_tout_option_nobody_may_declare_it() -> None:
    state = _to_play(apply(dealt(SOLO_SPAR_HANDS, tout=False), *SOLO_SPAR_BIDS))
    for _ in range(15):
        legal = state.legal_actions()
        assert TOUT not in legal
        state.apply_action(legal[0])
    with pytest.raises(IllegalActionError) as refused:
        state.apply_action(TOUT)
    assert refused.value.reason == "no_vole"


def test_settlement_player_changes_only_the_players_score() -> None:
    state = _to_play(apply(dealt(SOLO_SPAR_HANDS, settlement="player"), *SOLO_SPAR_BIDS))
    while not state.is_terminal():
        legal = [a for a in state.legal_actions() if a != TOUT]
        top = state.current_player() == 0 and not state.trick
        state.apply_action(max(legal, key=lambda a: _strength(state, a)) if top else legal[0])
    assert state.outcome == "won" and state.returns() == [4.0, 0.0, 0.0]


# -- nolo ouvert: the open hand (reading) ---------------------------------------------------------


def test_nolo_ouverts_hand_is_open_to_all_once_the_play_begins() -> None:
    state = apply(dealt(), "nolo-ouvert", "pass", "pass", "declare nolo-ouvert")
    assert state.view(1).open_hand is None
    _to_play(state)
    hand = state.view(0).hand
    assert state.view(1).open_hand == hand and state.view(None).open_hand == hand
    assert not set(state.hidden_cards(2)) & set(hand)
    sampled = state.game.sample_consistent_state(state.view(1), random.Random(3))
    assert isinstance(sampled, LhombreState) and CardSet(sampled.hands[0]) == hand


def test_a_tourne_card_is_public_and_the_sampler_keeps_it_with_its_owner_or_his_discards() -> None:
    state = apply(dealt(), "spil", "pass", "pass", "declare tourné", "turn ♥5")
    state = _to_play(state)
    for seed in range(5):
        sampled = state.game.sample_consistent_state(state.view(1), random.Random(seed))
        assert isinstance(sampled, LhombreState) and sampled.turned == Card.parse("♥5")
        held = (sampled.hands[0] | sampled.discards[0]) >> Card.parse("♥5") & 1
        assert held


def test_matadors_need_not_follow_an_ordinary_trump_led() -> None:
    # [JHP] "with a single exception in spil and solo": the matador privilege [OM].
    hands = (
        "♠A ♣A ♥K ♥Q ♥J ♣K ♣Q ♣J ♣7", "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♥2", "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6",
    )  # fmt: skip
    moves = ["play ♥K", "play ♥2", "play ♦6", "play ♥Q", "play ♠3", "play ♦5", "play ♠K"]
    moves.append("play ♦A")
    bids = ("pass", "solo", "ren-nolo", "ren-nolo", "pass", "declare solo-spar")
    state = apply(_to_play(apply(dealt(hands), *bids)), *moves)
    assert state.player == 1 and state.trick == [int(Card.parse("♠K")), int(Card.parse("♦A"))]
    # seat 0 holds only the matadors ♠A and ♣A as trumps: the ordinary ♠K does not force them.
    assert state.current_player() == 0 and len(texts(state)) == 7
    strict = apply(_to_play(apply(dealt(hands, matador_privilege=False), *bids)), *moves)
    assert set(texts(strict)) == {"play ♠A", "play ♣A"}


def test_the_sampler_knows_a_nolo_void() -> None:
    state = _to_play(apply(dealt(), "ren-nolo", "pass", "pass", "declare ren-nolo"))
    apply(state, "play ♥K", "play ♦6", "play ♠2")  # seats 1 and 2 showed no heart
    for seed in range(8):
        sampled = state.game.sample_consistent_state(state.view(0), random.Random(seed))
        assert isinstance(sampled, LhombreState)
        hearts = CardSet.parse("♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7").mask
        assert not sampled.hands[1] & hearts and not sampled.hands[2] & hearts
