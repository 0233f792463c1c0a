"""The Danish l'hombre rule bot: legal in every position it meets, its main rules, and its
margin over the random bot."""

from __future__ import annotations

import random

import pytest

import tapete
from tapete.cards import CardSet
from tapete.engine import sample_chance
from tapete.games.lhombre import LhombreState
from tapete.players import load
from tapete.players.rule.lhombre import max_step, nolo_danger

from .helpers import apply, dealt

BOT = load("rule")


def _play(state: LhombreState, seats: list[object], rng: random.Random) -> LhombreState:
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = seats[seat].choose(state.view(seat), legal, rng)  # type: ignore[attr-defined]
        assert action in legal
        state.apply_action(action)
    return state


@pytest.mark.parametrize("aggression", [0.0, 0.5, 1.0])
def test_the_bot_plays_legally_to_the_end(aggression: float) -> None:
    bot = load("rule", aggression=aggression)
    contracts = set()
    for seed in range(15):
        state = tapete.load_game("lhombre").new_initial_state()
        assert isinstance(state, LhombreState)
        _play(state, [bot, bot, bot], random.Random(seed))
        assert state.outcome is not None
        contracts.add(state.view(None).contract)
    assert len(contracts) >= 3


def test_the_bot_plays_a_session_legally() -> None:
    state = tapete.load_game("lhombre-match", num_deals=3).new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = BOT.choose(state.view(state.current_player()), legal, rng)
        assert action in legal
        state.apply_action(action)
    assert len(state.view(None).finished) == 3  # type: ignore[attr-defined]


def _choice(state: LhombreState) -> str:
    action = BOT.choose(state.view(state.current_player()), state.legal_actions(), random.Random(0))
    return state.action_to_string(action)


def test_the_bot_bids_as_far_as_its_hand_carries() -> None:
    others = ("♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7", "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2")
    strong = dealt(("♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K", *others))
    assert _choice(strong) == "solo"  # no purchase needed: the solo, straight away
    fair = dealt(("♠A ♣K ♣6 ♣5 ♥K ♥5 ♥4 ♦3 ♦4", "♦Q ♦J ♦A ♦2 ♦5 ♦6 ♦7 ♣Q ♣J", others[1]))
    assert _choice(fair) == "spil"
    weak = dealt(("♠3 ♠4 ♥5 ♥6 ♦2 ♦3 ♣5 ♦J ♥J", "♦Q ♦K ♦A ♠2 ♣3 ♦4 ♦5 ♦6 ♦7",
                  "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♣K ♣Q ♠A"))  # fmt: skip
    assert _choice(weak) == "pass"


def test_a_hand_of_bottom_cards_reaches_the_nolo_steps() -> None:
    bottom = CardSet.parse("♥7 ♥6 ♦7 ♦6 ♠A ♠2 ♣A ♣2 ♣3").mask
    assert nolo_danger(bottom) == 0 and max_step(bottom, 0.0) >= 6
    high = CardSet.parse("♥K ♥Q ♦K ♠K ♠Q ♣K ♣Q ♣J ♥J").mask
    assert nolo_danger(high) == 9


def test_the_bot_bids_the_nolo_that_pays_most_among_those_it_can_make() -> None:
    hands = ("♥7 ♥6 ♦7 ♦6 ♠A ♠2 ♣A ♣2 ♣3", "♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦K ♥K",
             "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♣K")  # fmt: skip
    state = dealt(hands)
    assert _choice(state) == "nolo-ouvert"
    apply(state, "nolo-ouvert", "pass", "pass")
    assert _choice(state) == "declare nolo-ouvert"
    spil = apply(dealt(hands), "spil", "pass", "pass")  # a spil won: no ren nolo now
    assert _choice(spil) in ("declare købe-nolo", "declare tourné")  # the two that pay 2


def test_the_rule_bot_beats_the_random_bot() -> None:
    game = tapete.load_game("lhombre")
    rule, rnd = load("rule"), load("random")
    total = 0.0
    deals = 90
    for i in range(deals):
        seats: list[object] = [rnd, rnd, rnd]
        seats[i % 3] = rule
        state = game.new_initial_state()
        assert isinstance(state, LhombreState)
        _play(state, seats, random.Random(1000 + i))
        total += state.returns()[i % 3]
    # Random seats' mean is 0 by symmetry (zero-sum, all alike); the rule seat wins clearly.
    assert total / deals > 1.0
