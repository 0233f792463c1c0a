"""The acceptance scenarios of ombre.md §4, one test per scenario (T20: test_seed_example)."""

from __future__ import annotations

import pytest

import tapete
from tapete.cards import Card, CardSet, Suit
from tapete.errors import IllegalActionError
from tapete.games.ombre import OmbreMatchState
from tapete.games.ombre_family.tables import legal_plays, plain_order, trick_winner, trump_order

from .helpers import EAST, NORTH, WEST, dealt, game, legal_texts, play_position


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def _legal(trumps: Suit, led: str, hand: str) -> set[str]:
    mask = legal_plays(trumps, CardSet.parse(hand).mask, Card.parse(led))
    return {str(c) for c in CardSet(mask)}


def _order_beats(trumps: Suit, led: str, low: str, high: str) -> bool:
    """``high`` beats ``low`` in a trick led by ``led``."""
    cards = _cards(f"{led} {low} {high}")
    return trick_winner(trumps, [cards[0], cards[2], cards[1]]) == 1 or (
        trick_winner(trumps, cards) == 2
    )


def test_t1_ranking_hearts_trumps() -> None:
    order = trump_order(Suit.HEARTS)
    assert " ".join(map(str, order)) == "♠A ♥7 ♣A ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6"
    for high, low in [("♥7", "♣A"), ("♣A", "♥A"), ("♥A", "♥K"), ("♥J", "♥2"), ("♥2", "♥3")]:
        assert _order_beats(Suit.HEARTS, "♥6", low, high), (high, low)
    assert order[-1] == Card.parse("♥6")
    diamonds = " ".join(map(str, plain_order(Suit.DIAMONDS, Suit.HEARTS)))
    assert diamonds == "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7"
    spades = plain_order(Suit.SPADES, Suit.HEARTS)
    assert " ".join(map(str, spades)) == "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2"
    assert Card.parse("♠A") not in spades
    # ♠A does not follow a spade lead: it is a trump and wins the trick.
    assert trick_winner(Suit.HEARTS, _cards("♠K ♠A ♠Q")) == 1


def test_t2_ranking_spades_trumps() -> None:
    order = trump_order(Suit.SPADES)
    assert " ".join(map(str, order)) == "♠A ♠2 ♣A ♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3"
    assert len(order) == 11 and order[-1] == Card.parse("♠3")
    clubs = " ".join(map(str, plain_order(Suit.CLUBS, Suit.SPADES)))
    assert clubs == "♣K ♣Q ♣J ♣7 ♣6 ♣5 ♣4 ♣3 ♣2"
    hearts = " ".join(map(str, plain_order(Suit.HEARTS, Suit.SPADES)))
    assert hearts == "♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7"


def test_t3_black_ace_is_not_its_printed_suit() -> None:
    west = "♠A ♣A ♥3 ♥Q ♦K ♦7 ♦2 ♣5 ♣4"
    state = play_position({WEST: west, NORTH: "♠K"}, ombre=NORTH, trumps="♥", plays=("♠K",))
    assert state.current_player() == WEST
    assert legal_texts(state) == set(west.split())


def test_t4_following_a_plain_suit() -> None:
    assert _legal(Suit.DIAMONDS, "♣7", "♣K ♣2 ♣A ♦5 ♥K") == {"♣K", "♣2"}


def test_t5_no_duty_to_trump() -> None:
    assert _legal(Suit.CLUBS, "♥5", "♣3 ♠K ♦2") == {"♣3", "♠K", "♦2"}


def test_t6_matador_privilege_on_an_ordinary_trump_lead() -> None:
    assert _legal(Suit.CLUBS, "♣5", "♠A ♥K ♦3") == {"♠A", "♥K", "♦3"}


def test_t7_higher_matador_led_forces_a_lower_one() -> None:
    assert _legal(Suit.CLUBS, "♠A", "♣A ♥K ♦3") == {"♣A"}


def test_t8_lower_matador_does_not_force_a_higher_one() -> None:
    assert _legal(Suit.CLUBS, "♣2", "♠A ♥K ♦3") == {"♠A", "♥K", "♦3"}


def test_t9_one_forced_matador_obliges_any_trump() -> None:
    assert _legal(Suit.CLUBS, "♣2", "♠A ♣A ♥K") == {"♠A", "♣A"}


def test_t10_ordinary_trump_present() -> None:
    assert _legal(Suit.CLUBS, "♣A", "♣2 ♣7 ♥K") == {"♣2", "♣7"}


def test_t6_to_t10_through_the_engine() -> None:
    """The privilege in a real deal: East holds only Spadille as trump, clubs trumps."""
    east = "♠A ♥K ♦3 ♦4 ♦5 ♦6 ♥2 ♥3 ♥4"
    west = "♣5 ♣6 ♣7 ♣J ♣Q ♣K ♣2 ♥5 ♥6"
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♣", plays=("♣5",))
    assert legal_texts(state) == set(east.split())  # T6: Spadille need not follow ♣5
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♣", plays=("♣2",))
    assert legal_texts(state) == set(east.split())  # T8: Manille does not force Spadille
    without = play_position(
        {WEST: west, EAST: east}, ombre=WEST, trumps="♣", plays=("♣5",), matador_privilege=False
    )
    assert legal_texts(without) == {"♠A"}


def test_t13_trick_winners() -> None:
    assert trick_winner(Suit.HEARTS, _cards("♣K ♣2 ♥6")) == 2
    assert trick_winner(Suit.SPADES, _cards("♥7 ♥A ♥K")) == 2
    assert trick_winner(Suit.SPADES, _cards("♦2 ♦A ♦7")) == 1
    assert trick_winner(Suit.HEARTS, _cards("♥6 ♣A ♠A")) == 2
    assert trick_winner(Suit.CLUBS, _cards("♦K ♥K ♠2")) == 0


def _settle(ombre: int, d1: int, d2: int, **params: object) -> tuple[str, list[float], int]:
    """Settle a deal where ombre (seat 0) won ``ombre`` tricks, seat 1 ``d1``, seat 2 ``d2``;
    the pool holds 3 (the antes) before settlement."""
    state = game(**params).new_initial_state()
    assert state.pool == 3
    state.player = 0
    state.tricks_won = [ombre, d1, d2]
    state._settle()
    assert state.outcome is not None
    return state.outcome, state.returns(), state.pool


@pytest.mark.parametrize(
    ("split", "outcome", "ombre_change", "pool", "paid"),
    [
        ((4, 3, 2), "sacardo", +3, 0, None),
        ((5, 4, 0), "sacardo", +3, 0, None),
        ((4, 4, 1), "puesta", -3, 6, None),
        ((3, 3, 3), "puesta", -3, 6, None),
        ((4, 5, 0), "codille", -3, 3, 1),
        ((2, 3, 4), "codille", -3, 3, 2),
        ((1, 4, 4), "puesta", -3, 6, None),
        ((0, 4, 5), "codille", -3, 3, 2),
        ((2, 5, 2), "codille", -3, 3, 1),
        ((0, 9, 0), "codille", -3, 3, 1),
    ],
)
def test_t14_settlement_table(
    split: tuple[int, int, int], outcome: str, ombre_change: int, pool: int, paid: int | None
) -> None:
    got, returns, new_pool = _settle(*split)
    assert got == outcome
    assert returns[0] == ombre_change - 1  # the ante is part of the deal's change
    assert new_pool == pool
    if paid is not None:
        assert returns[paid] == 3 - 1
        assert returns[3 - paid] == -1
    assert sum(returns) + new_pool - 0 == 0


def test_t14_every_split() -> None:
    """§2.10's complete table: ombre's tricks, then the larger and smaller defender."""
    expected = {
        (4, 3, 2): "sacardo", (4, 5, 0): "codille", (4, 4, 1): "puesta",
        (3, 6, 0): "codille", (3, 5, 1): "codille", (3, 4, 2): "codille", (3, 3, 3): "puesta",
        (2, 7, 0): "codille", (2, 6, 1): "codille", (2, 5, 2): "codille", (2, 4, 3): "codille",
        (1, 8, 0): "codille", (1, 7, 1): "codille", (1, 6, 2): "codille", (1, 5, 3): "codille",
        (1, 4, 4): "puesta",
        (0, 9, 0): "codille", (0, 8, 1): "codille", (0, 7, 2): "codille", (0, 6, 3): "codille",
        (0, 5, 4): "codille",
    }  # fmt: skip
    for o in range(10):
        for big in range(10 - o):
            small = 9 - o - big
            if small > big:
                continue
            want = "sacardo" if o >= 5 else expected[o, big, small]
            assert _settle(o, big, small)[0] == want, (o, big, small)
            assert _settle(o, small, big)[0] == want, (o, small, big)


def test_t14_codille_split_option() -> None:
    outcome, returns, pool = _settle(1, 4, 4, tie_441="codille_split")
    assert outcome == "codille_split"
    assert returns == [-1 - 2, -1 + 1, -1 + 1]  # P = 3: one unit each, the odd unit stays
    assert pool == 3


def _show(state: OmbreMatchState, cards: str) -> None:
    for card in cards.split():
        state.apply_string(f"show {card}")


def test_t16_dealer_selection() -> None:
    match = tapete.load_game("ombre-match", initial_selector=NORTH)
    state = match.new_initial_state()
    assert isinstance(state, OmbreMatchState)
    assert state.phase() == "first_dealer"
    _show(state, "♥3 ♣K ♦A ♠7")  # a red ace (♦A to North) does not count
    assert state.phase() == "first_dealer"
    shown = [(seat, str(card)) for seat, card in state.view(None).shown]
    assert shown == [(WEST, "♥3"), (EAST, "♣K"), (NORTH, "♦A"), (WEST, "♠7")]
    _show(state, "♣A")
    assert state.deal is not None and state.deal.dealer == EAST
    assert state.phase() == "deal"
    other = match.new_initial_state()
    assert isinstance(other, OmbreMatchState)
    _show(other, "♥3 ♣K ♦A ♠7 ♠A")
    assert other.deal is not None and other.deal.dealer == EAST


def test_t16_exclude_previous_dealer_and_rotation() -> None:
    state = tapete.load_game("ombre-match", exclude_previous_dealer=True).new_initial_state()
    assert isinstance(state, OmbreMatchState)
    _show(state, "♠A")  # selector 0 deals to seat 1 first
    assert state.deal is not None and state.deal.dealer == 1
    deal = state.deal
    for action in game(dealer=1).deal_actions(_three_hands()):
        state.apply_action(action)
    for _ in range(3):
        state.apply_string("pass")
    assert deal.is_terminal() and state.phase() == "first_dealer"
    assert state.selector == 1
    _show(state, "♥2 ♠A")  # the selector (seat 1) deals to seat 2, then ♠A to seat 0
    assert state.deal is not None and state.deal.dealer == 0
    again = tapete.load_game("ombre-match", exclude_previous_dealer=True).new_initial_state()
    assert isinstance(again, OmbreMatchState)
    _show(again, "♠A")
    for action in game(dealer=1).deal_actions(_three_hands()):
        again.apply_action(action)
    for _ in range(3):
        again.apply_string("pass")
    _show(again, "♥2 ♥3 ♠A")  # third card goes to seat 1, the previous dealer: skipped
    assert again.phase() == "first_dealer"
    _show(again, "♣A")
    assert again.deal is not None and again.deal.dealer == 2
    rotating = tapete.load_game("ombre-match", dealer_selection="rotate").new_initial_state()
    assert isinstance(rotating, OmbreMatchState)
    _show(rotating, "♥2 ♣A")
    assert rotating.deal is not None and rotating.deal.dealer == 2
    for action in game(dealer=2).deal_actions(_three_hands()):
        rotating.apply_action(action)
    for _ in range(3):
        rotating.apply_string("pass")
    assert rotating.deal is not None and rotating.deal.dealer == 0  # to the right, no cards


def _three_hands() -> list[str]:
    return [
        "♣A ♣2 ♣K ♣5 ♥K ♥7 ♦6 ♠7 ♠5",
        "♠Q ♣7 ♦5 ♦4 ♦3 ♦2 ♥4 ♥5 ♥6",
        "♣Q ♣J ♣6 ♦7 ♠J ♠6 ♠4 ♠3 ♠2",
    ]


def test_t17_auction_and_order_when_ombre_is_not_eldest() -> None:
    for first_lead, leader in (("ombre", EAST), ("eldest", WEST)):
        state = dealt({}, first_lead=first_lead)
        assert state.current_player() == WEST
        state.apply_string("pass")
        assert state.current_player() == EAST
        state.apply_string("ombre")
        assert state.current_player() == NORTH
        assert legal_texts(state) == {"pass"}
        state.apply_string("pass")
        assert state.ombre == EAST and state.phase() == "exchange"
        order = []
        while state.phase() == "exchange":
            order.append(state.current_player())
            with pytest.raises(IllegalActionError):
                state.apply_string("trumps ♣")  # not before the exchange is over
            state.apply_string("draw")
        assert order == [EAST, NORTH, WEST]
        assert state.phase() == "trumps" and state.current_player() == EAST
        state.apply_string("trumps ♦")
        assert state.phase() == "play" and state.current_player() == leader


def test_t18_exchange_limits() -> None:
    state = dealt({})
    state.apply_string("ombre")
    state.apply_string("pass")
    state.apply_string("pass")
    hand = list(state.view(WEST).hand)
    for card in hand[:8]:
        state.apply_string(f"discard {card}")
    state.apply_string("draw")
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == EAST
    for card in list(state.view(EAST).hand)[:5]:
        state.apply_string(f"discard {card}")
    assert legal_texts(state) == {"draw"}  # the stock has no more cards for East
    state.apply_string("draw")
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == NORTH and state.stock_left == 0
    assert legal_texts(state) == {"draw"}
    # ombre may take none by default, not with min_discard_ombre = 1
    zero = dealt({})
    zero.apply_string("ombre")
    zero.apply_string("pass")
    zero.apply_string("pass")
    assert "draw" in legal_texts(zero)
    one = dealt({}, min_discard_ombre=1)
    for text in ("ombre", "pass", "pass"):
        one.apply_string(text)
    assert "draw" not in legal_texts(one)
    with pytest.raises(IllegalActionError, match="at least 1 card") as e:
        one.apply_string("draw")
    assert e.value.reason == "min_discard"


def test_t19_all_pass() -> None:
    state = dealt({})
    for _ in range(3):
        state.apply_string("pass")
    assert state.is_terminal() and state.outcome == "all_pass"
    assert state.returns() == [-1.0, -1.0, -1.0] and state.pool == 3
    assert not state.finished
    match = tapete.load_game("ombre-match").new_initial_state()
    assert isinstance(match, OmbreMatchState)
    _show(match, "♠A")
    for action in game(dealer=1).deal_actions(_three_hands()):
        match.apply_action(action)
    for _ in range(3):
        match.apply_string("pass")
    assert match.phase() == "first_dealer" and match.pool == 3
    assert match.balances == [-1, -1, -1]
    assert match.results[0].outcome == "all_pass"


def test_exclude_previous_dealer_both_black_aces_skipped() -> None:
    """Both black aces fall to the previous dealer: the pack runs out, is shuffled again and
    the face-up deal goes on round the table. The view shows this pass's cards only: the
    cards of the spent pack are back in the new one, unseen."""
    from tapete.cards import FRENCH_40
    from tapete.testing.conformance import check_view

    state = tapete.load_game("ombre-match", exclude_previous_dealer=True).new_initial_state()
    assert isinstance(state, OmbreMatchState)
    _show(state, "♠A")  # seat 1 deals
    for action in game(dealer=1).deal_actions(_three_hands()):
        state.apply_action(action)
    for _ in range(3):
        state.apply_string("pass")
    # Selector seat 1: cards go to seats 2, 0, 1, 2, ... ; the 3rd and the 6th reach seat 1.
    others = [str(c) for c in FRENCH_40.cards if str(c) not in ("♠A", "♣A")]
    pack = [*others[:2], "♠A", *others[2:4], "♣A", *others[4:]]
    _show(state, " ".join(pack))
    assert state.phase() == "first_dealer" and len(state.legal_actions()) == 40
    assert state.view(None).shown == ()
    for seat in (None, 0, 1, 2):
        check_view(state, seat)
    _show(state, "♥2 ♥3 ♣A")  # the 41st card goes on to seat 1 + 1 + 40 = seat 0 ...
    assert state.deal is not None and state.deal.dealer == 2  # ... so ♣A, the 43rd, to seat 2


def test_privilege_only_the_led_card_forces() -> None:
    """§2.9 notes: a higher matador played later in the trick forces nothing; Punto is an
    ordinary trump (forced, and forcing nothing special when led)."""
    # Clubs trumps: ♣5 led, East plays Spadille, North holds Manille as his only trump.
    north = "♣2 ♥K ♦3 ♦4 ♦5 ♦6 ♥2 ♥3 ♥4"
    east = "♠A ♦K ♦Q ♦J ♦A ♦2 ♥5 ♥6 ♥7"
    west = "♣5 ♣6 ♣7 ♣J ♣Q ♣K ♣A ♣3 ♣4"
    state = play_position(
        {WEST: west, EAST: east, NORTH: north}, ombre=WEST, trumps="♣", plays=("♣5", "♠A")
    )
    assert state.current_player() == NORTH
    assert legal_texts(state) == set(north.split())
    # Hearts trumps: Punto (♥A) led forces no matador: Basto alone may be kept back.
    east = "♣A ♠K ♦3 ♦4 ♦5 ♦6 ♠2 ♠3 ♠4"
    west = "♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6"
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♥", plays=("♥A",))
    assert legal_texts(state) == set(east.split())
    # ... and Punto held with a matador is an ordinary trump: a trump must be played.
    east = "♥A ♠A ♠K ♦3 ♦4 ♦5 ♦6 ♠2 ♠3"
    west = "♥7 ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6"
    state = play_position({WEST: west, EAST: east}, ombre=WEST, trumps="♥", plays=("♥K",))
    assert legal_texts(state) == {"♥A", "♠A"}
