"""La Pocha rule bot: legal play over many deals, sensible bids and ducking."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.cards import Card
from tapete.engine import State, deal_cards
from tapete.players import load
from tapete.players.rule.pocha import expected_tricks, trumpless_seats, void_suits
from tests.pocha.helpers import position

from .helpers import play


@pytest.mark.parametrize(
    ("n_players", "hand_size"), [(4, 10), (4, 1), (3, 12), (5, 8), (4, 5), (6, 6), (8, 5)]
)
def test_rule_bot_plays_legal_actions(n_players: int, hand_size: int) -> None:
    for seed in range(25):
        bots = [load("rule"), load("random")] * 4
        state, _ = play("pocha", bots[:n_players], seed, n_players=n_players, hand_size=hand_size)
        assert state.is_terminal()
        assert sum(state.tricks_won) == hand_size  # type: ignore[attr-defined]


def test_rule_bot_with_variants() -> None:
    for seed in range(10):
        state, _ = play(
            "pocha", [load("rule")] * 4, seed, hand_size=3, seven_swap=True,
            play_rules="follow_only", undertrump="must", rank_order="natural",
        )  # fmt: skip
        assert state.is_terminal()


def test_rule_bot_plays_a_whole_match() -> None:
    state, checked = play("pocha-match", [load("rule")] * 4, 3, hand_sequence="1,2,10")
    assert state.is_terminal()
    assert all(c.calls > 0 for c in checked)


def _first_view(cards: str, hand_size: int) -> tapete.engine.PlayerView:
    game = tapete.load_game("pocha", n_players=4, hand_size=hand_size)
    return deal_cards(game.new_initial_state(), [Card.parse(c) for c in cards.split()]).view(0)


def test_bids_count_high_trumps() -> None:
    # 1-card hand, seat 0 is mano: the ace of trumps is a trick, a low plain card is not
    strong = _first_view("Ao 2c 4c 5c 7o", 1)
    weak = _first_view("4e 2c 4c 5c 7o", 1)
    assert expected_tricks(strong) > 0.5 > expected_tricks(weak)


def test_ducks_when_the_bid_is_made() -> None:
    wins = 0
    for seed in range(40):
        state, _ = play("pocha", [load("rule")] * 4, seed, hand_size=6)
        bids, won = state.bids, state.tricks_won  # type: ignore[attr-defined]
        wins += sum(b == w for b, w in zip(bids, won, strict=True))
    assert wins / (40 * 4) > 0.35  # random bidding is exact ~15% of the time


# -- the rules in force (from the view's spec) ---------------------------------------------------


def _after_first_trick(**params: object) -> State:
    """3 players, bastos trumps: seat 2 shows a void in oros by discarding 5c in an untrumped
    trick; seat 1 won it with Ao and leads, still wanting two tricks, holding 3o (now the top
    oros) and Ab (the top trump); seat 0 still holds a trump."""
    state = position(
        ["4o 3b 6e", "Ao 3o Ab", "5c 6c 7c"], "7b", ("4o", "Ao", "5c"), bids=(0, 3, 1), **params
    )
    assert state.current_player() == 1
    return state


def _rule_choice(state: State) -> str:
    action = load("rule").choose(state.view(1), state.legal_actions(), random.Random(0))
    return state.action_to_string(action)


def test_rule_bot_uses_play_rules_in_force() -> None:
    # seed rules: seat 2 did not trump, so it holds no trump and the top oros is safe
    assert _rule_choice(_after_first_trick()) == "play 3o"
    # follow_only: the discard shows nothing, seat 2 may ruff the oros: lead the top trump
    assert _rule_choice(_after_first_trick(play_rules="follow_only")) == "play Ab"


def test_trumpless_seats_follow_undertrump() -> None:
    hands = ["4o 6e 7e", "5b 6c Ce", "5c 7c Sc", "Ro Re 4b"]
    for undertrump, expected in (("free", 0), ("must", 1 << 2)):
        state = position(hands, "7b", ("4o", "5b", "5c"), undertrump=undertrump)
        view = state.view(3)
        assert view.trump_suit is not None
        tricks = [view.current_trick]
        assert trumpless_seats(tricks, int(view.trump_suit), state.rules) == expected
        assert void_suits(tricks, 4) == [0, 1, 1, 0]  # seats 1 and 2 showed no oros
