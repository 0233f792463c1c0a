"""Danish l'hombre's pot settlement (``settlement = pot``, issue 29) worked by hand: the
Icelandic translation's *pott-lomber* [MUL]: each player puts an agreed sum into a pot, the
player takes a won game's points from it and pays a lost game's into it (a kruk one more).
See docs/lhombre.md, *Won, bet and kruk*."""

from __future__ import annotations

import tapete
from tapete.games.lhombre import LhombreMatchState, LhombreState

from .helpers import HANDS, apply, dealt


def play_lowest(state: LhombreState | LhombreMatchState) -> None:
    """Every seat plays its lowest legal card (no tout) until the deal is over."""
    while state.phase() == "play":
        cards = [a for a in state.legal_actions() if a < 40]
        state.apply_action(cards[0])


def test_a_won_solo_takes_its_points_from_the_pot() -> None:
    # The pot is empty: each puts 2 in (6). Seat 0's solo in clubs (six top trumps) is won:
    # he takes the solo's 3 from the pot. Seat 0: -2 + 3 = +1; the others -2; the pot 3.
    state = dealt(settlement="pot")
    assert state.pot == 6 and state.balances == [-2, -2, -2]
    apply(state, "solo", "pass", "pass", "declare solo", "trumps ♣", "draw", "draw")
    play_lowest(state)
    assert state.outcome == "won"
    assert state.returns() == [1.0, -2.0, -2.0]
    assert state.pot == 3 and state.view(1).pot_paid == 3
    assert sum(state.returns()) + state.pot_change() == 0


def test_a_lost_game_is_paid_into_the_pot_a_kruk_one_more() -> None:
    # A pot of 5 is not empty: no ante. Seat 2 (the dealer) plays a solo in clubs without a
    # club: kruk, 4 points into the pot; the defenders' scores do not move.
    hands = (
        "♠A ♣A ♠2 ♠K ♠Q ♠J ♠7 ♠6 ♠5",
        "♣K ♣Q ♣J ♣7 ♣6 ♥K ♥Q ♦K ♦Q",
        "♥7 ♥6 ♥5 ♥4 ♥3 ♦7 ♦6 ♦5 ♦4",
    )
    state = dealt(hands, settlement="pot", pot=5)
    assert state.view(0).ante == 0
    apply(state, "pass", "pass", "solo", "declare solo", "trumps ♣", "draw", "draw")
    play_lowest(state)
    assert state.outcome == "kruk"
    assert state.returns() == [0.0, 0.0, -4.0]
    assert state.pot == 9 and state.view(None).pot_paid == -4


def test_a_won_game_takes_no_more_than_the_pot_holds() -> None:
    # A pot of 1 and a solo won: the player takes the 1 there is (the project's reading).
    state = dealt(settlement="pot", pot=1)
    apply(state, "solo", "pass", "pass", "declare solo", "trumps ♣", "draw", "draw")
    play_lowest(state)
    assert state.outcome == "won" and state.pot == 0
    assert state.returns() == [1.0, 0.0, 0.0]


def deal_hands(session: LhombreMatchState, hands: tuple[str, str, str]) -> None:
    assert session.deal is not None
    for action in session.deal.game.deal_actions(list(hands)):
        session.apply_action(action)


def test_a_session_with_a_pot() -> None:
    # Deal 1 (dealer 2): the empty pot gets 2 from each (6); seat 0's solo won takes 3:
    #   scores +1 -2 -2, pot 3.
    # Deal 2 (dealer 0): all pass; the pot is not empty, nobody pays: pot 3.
    # Deal 3 (dealer 1): seat 2, forehand, plays a solo without a trump and is kruk: 4 into
    #   the pot: scores +1 -2 -6, pot 7.
    # The end: 7 shared, 2 to each, 1 unassigned: +3 0 -4.
    game = tapete.load_game("lhombre-match", num_deals=3, settlement="pot")
    state = game.new_initial_state()
    assert isinstance(state, LhombreMatchState)
    deal_hands(state, HANDS)
    apply(state, "solo", "pass", "pass", "declare solo", "trumps ♣", "draw", "draw")  # type: ignore[arg-type]
    play_lowest(state)
    deal_hands(state, ("♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6", "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2", HANDS[0]))
    apply(state, "pass", "pass", "pass")  # type: ignore[arg-type]
    deal_hands(
        state,
        ("♠A ♣A ♠2 ♠K ♠Q ♠J ♠7 ♠6 ♠5", "♣K ♣Q ♣J ♣7 ♣6 ♥K ♥Q ♦K ♦Q",
         "♥7 ♥6 ♥5 ♥4 ♥3 ♦7 ♦6 ♦5 ♦4"),
    )  # fmt: skip
    apply(state, "solo", "pass", "pass", "declare solo", "trumps ♣", "draw", "draw")  # type: ignore[arg-type]
    play_lowest(state)
    assert state.is_terminal()
    assert [r.outcome for r in state.results] == ["won", "all_pass", "kruk"]
    assert [(r.ante, r.pot_paid, r.pot_after) for r in state.results] == [
        (2, 3, 3), (0, 0, 3), (0, -4, 7),
    ]  # fmt: skip
    assert [r.changes for r in state.results] == [(1, -2, -2), (0, 0, 0), (0, 0, -4)]
    assert state.returns() == [3.0, 0.0, -4.0] and state.unassigned == 1
    assert state.view(0).pot == 0


def test_the_pot_is_off_in_the_unions_settlement() -> None:
    state = dealt()
    assert state.pot == 0 and state.view(0).ante == 0 and state.balances == [0, 0, 0]
