"""La Pocha on the engine's seams: views as values with a JSON form, events, compact action
numbers and the research contract, frozen rules, wrong verbs, the sampler and the match layer."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

import pytest

import tapete
from tapete.engine import PlayerView, State
from tapete.engine.record import GameRecord, replay
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError, RecordError
from tapete.games.pocha import (
    PochaGame,
    PochaMatchGame,
    PochaMatchState,
    PochaMatchView,
    PochaState,
    PochaView,
)
from tapete.games.pocha.tables import SUIT_MASK

from .helpers import position

HAND_VARIANTS: list[dict[str, Any]] = [
    {},
    {"n_players": 3, "hand_size": 12},  # the whole pack: the dealer's last card is trumps
    {"n_players": 5, "hand_size": 8, "trump_when_no_stock": "none"},
    {"n_players": 4, "hand_size": 6, "seven_swap": True},
    {"n_players": 6, "deck": 48, "hand_size": 8, "rank_order": "natural"},
]
MATCH_VARIANTS: list[dict[str, Any]] = [
    {"hand_sequence": "1,3,2"},
    {"n_players": 3, "first_dealer": "high_card", "hand_sequence": "2,1"},
    {"n_players": 5, "seven_swap": True, "hand_sequence": "4,4"},
]


def _random_states(game: tapete.Game, seed: int) -> list[State]:
    """Every state of one random game (copies), the last one terminal."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def _view_round_trips(view: PlayerView) -> None:
    data = json.loads(json.dumps(view.to_dict(), ensure_ascii=False))
    assert PlayerView.from_dict(data) == view


# -- views --------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", HAND_VARIANTS, ids=str)
def test_hand_views_survive_json_and_carry_spec_and_move(params: dict[str, Any]) -> None:
    game = tapete.load_game("pocha", **params)
    for state in _random_states(game, 1)[::3]:
        for seat in [None, *range(game.num_players())]:
            view = state.view(seat)
            assert isinstance(view, PochaView)
            assert view.spec == game.spec and view.move == state.move_number()
            assert view.cards_held == tuple(len(state.view(s).hand) for s in range(view.n_players))
            assert not hasattr(view, "observed") and not hasattr(view, "hand_counts")
            _view_round_trips(view)


@pytest.mark.parametrize("params", MATCH_VARIANTS, ids=str)
def test_match_views_survive_json(params: dict[str, Any]) -> None:
    game = tapete.load_game("pocha-match", **params)
    states = _random_states(game, 2)
    for state in states[::5] + states[-1:]:
        for seat in [None, *range(game.num_players())]:
            view = state.view(seat)
            assert isinstance(view, PochaMatchView)
            assert view.spec == game.spec and view.move == state.move_number()
            assert view.deal_index == len(view.sheet) == len(view.finished)
            if view.deal is not None:
                assert view.deal.spec is not None and view.deal.spec.name == "pocha"
                # the match's events are the live hand's, numbered in the match
                assert [e.kind for e in view.events] == [e.kind for e in view.deal.events]
                assert all(e.move >= view.move - len(view.deal.events) for e in view.events)
            _view_round_trips(view)
    assert states[-1].phase() == "over" and states[-1].view(0).deal is None


def test_phase_names_first_dealer_and_over() -> None:
    game = tapete.load_game("pocha-match", hand_sequence="1")
    state = game.new_initial_state()
    assert state.phase() == "first_dealer" and state.view(0).phase == "first_dealer"
    drawn = tapete.load_game("pocha-match", first_dealer="high_card", hand_sequence="1")
    assert drawn.new_initial_state().phase() == "first_dealer"
    hand = tapete.engine.random_playout(
        tapete.load_game("pocha").new_initial_state(), random.Random(0)
    )
    assert hand.phase() == "over" and hand.view(None).phase == "over"


# -- events -------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", HAND_VARIANTS, ids=str)
def test_one_event_per_action_hidden_from_the_right_seats(params: dict[str, Any]) -> None:
    game = tapete.load_game("pocha", **params)
    assert isinstance(game, PochaGame)
    final = _random_states(game, 3)[-1]
    assert isinstance(final, PochaState)
    history = final.history()
    n = game.num_players()
    whole_pack = game.hand_size * n == len(game.rules.deck)
    last_deal = game.hand_size * n - 1
    for seat in [None, *range(n)]:
        events = final.events(seat)
        assert len(events) == len(history)
        for move, (event, action) in enumerate(zip(events, history, strict=True)):
            assert event.move == move
            if event.kind == "deal":
                to = event.arg("to")
                assert to == game.slot_seats[move] and event.actor == tapete.CHANCE
                shown = seat == to or (
                    whole_pack and move == last_deal and game.rules.dealer_last_card
                )
                assert event.hidden == (not shown)
                if shown:
                    assert event.action == action
                    assert int(event.arg("card")) == game.rules.card_ids[action]
                else:
                    assert event.action is None and event.arg("card") is None
            else:
                assert not event.hidden and event.action == action
                if event.kind in ("play", "turn"):
                    assert int(event.arg("card")) == game.rules.card_ids[action]
                if event.kind == "bid":
                    assert event.arg("bid") == action - game.rules.bid_base
    kinds = [e.kind for e in final.events(None)]
    assert kinds.count("play") == game.hand_size * n and kinds.count("bid") == n


def test_match_events_include_the_first_dealer_draw() -> None:
    for first_dealer, kind in (("random", "dealer"), ("high_card", "draw")):
        game = tapete.load_game(
            "pocha-match", n_players=3, first_dealer=first_dealer, hand_sequence="1"
        )
        final = _random_states(game, 4)[-1]
        events = final.events(0)
        assert len(events) == final.move_number()
        assert events[0].kind == kind and events[0].actor == tapete.CHANCE
        if kind == "draw":
            assert events[0].arg("to") == 0 and events[0].arg("card") is not None
        else:
            assert 0 <= events[0].arg("dealer") < 3


# -- action numbers and the research contract -----------------------------------------------


def test_action_numbers_are_compact_cards_then_bids_swap_pass_dealer() -> None:
    game = tapete.load_game("pocha", n_players=4, seven_swap=True)
    match = tapete.load_game("pocha-match", n_players=4)
    rules = game.rules  # type: ignore[attr-defined]
    assert game.num_distinct_actions() == 40 + 11 + 2
    assert match.num_distinct_actions() == 40 + 11 + 2 + 4
    state = game.new_initial_state()
    # every card action is a deck-local index: dealing the whole pack in order uses 0 … 39
    assert sorted(state.legal_actions()) == list(range(40))
    assert state.string_to_action("deal Ao") == 0 and state.string_to_action("deal Rb") == 39
    assert state.string_to_action("bid 0") == rules.bid_base == 40
    assert state.string_to_action("bid 10") == 50
    assert (state.string_to_action("swap"), state.string_to_action("pass")) == (51, 52)
    first = match.new_initial_state()
    assert first.legal_actions() == [53, 54, 55, 56]
    assert first.action_to_string(56) == "dealer 3"
    with pytest.raises(NotationError):
        state.string_to_action("bid 11")  # more than any hand of 4 players
    with pytest.raises(NotationError):
        state.action_to_string(53)


@pytest.mark.parametrize(
    ("name", "params"),
    [("pocha", p) for p in HAND_VARIANTS] + [("pocha-match", p) for p in MATCH_VARIANTS],
    ids=str,
)
def test_research_contract_over_random_games(name: str, params: dict[str, Any]) -> None:
    game = tapete.load_game(name, **params)
    distinct = game.num_distinct_actions()
    assert game.utility_sum() == tapete.engine.api.GENERAL_SUM
    assert game.returns_meaning()
    for seed in range(4 if name == "pocha" else 1):
        states = _random_states(game, seed)
        for state, after in itertools.pairwise(states):
            assert all(0 <= a < distinct for a in state.legal_actions())
            if state.is_chance_node():
                assert len(state.chance_outcomes()) <= game.max_chance_outcomes()
            assert after.move_number() == state.move_number() + 1
        final = states[-1]
        assert final.is_terminal() and final.move_number() <= game.max_game_length()
        assert all(game.min_utility() <= r <= game.max_utility() for r in final.returns())


def test_max_game_length_is_reached_by_a_hand_with_every_swap_question() -> None:
    # the dealer swaps the 7 after two passes, then nobody takes the 2: two full rounds
    game = tapete.load_game("pocha", n_players=3, hand_size=1, seven_swap=True, deck=40)
    state = game.new_initial_state()
    texts = ["deal Ao", "deal 3c", "deal 7b", "turn Cb", "pass", "pass", "swap"]
    texts += ["pass", "pass", "pass", "bid 0", "bid 0", "bid 0", "play Ao", "play 3c", "play Cb"]
    for text in texts:
        state.apply_string(text)
    assert state.is_terminal() and state.move_number() == game.max_game_length() == 16


def test_rules_are_frozen() -> None:
    for name in ("pocha", "pocha-match"):
        game = tapete.load_game(name)
        with pytest.raises(dataclasses.FrozenInstanceError):
            game.rules.n_players = 9  # type: ignore[attr-defined]
        assert game.rules.n_players == 4  # type: ignore[attr-defined]


# -- wrong verbs --------------------------------------------------------------------------------


def test_a_card_verb_must_fit_the_phase() -> None:
    state = tapete.load_game("pocha", n_players=3, hand_size=1).new_initial_state()
    for text in ("play Ao", "turn Ao", "draw Ao"):
        before = state.clone()
        with pytest.raises(IllegalActionError) as info:
            state.apply_string(text)
        assert info.value.reason == "wrong_phase" and state == before
    for text in ["deal Ao", "deal 3c", "deal Re"]:
        state.apply_string(text)
    with pytest.raises(IllegalActionError, match="time to turn, not to deal"):
        state.apply_string("deal 4b")
    state.apply_string("turn 4b")
    played = position(["Ao 3o", "3c 4c", "Re Se"], "7b")
    for text in ("deal Ao", "turn Ao"):
        with pytest.raises(IllegalActionError, match="time to play"):
            played.apply_string(text)
    match = tapete.load_game("pocha-match", first_dealer="high_card").new_initial_state()
    for text in ("play Ao", "deal Ao"):
        with pytest.raises(IllegalActionError, match="time to draw"):
            match.apply_string(text)
    match.apply_string("draw Ao")
    assert match.history() == [0]


# -- errors -------------------------------------------------------------------------------------


def test_views_of_the_wrong_game_are_inconsistent_view_errors() -> None:
    hand = tapete.load_game("pocha")
    match = tapete.load_game("pocha-match", hand_sequence="1")
    hand_view = hand.new_initial_state().view(0)
    match_view = match.new_initial_state().view(0)
    with pytest.raises(InconsistentViewError):
        hand.sample_consistent_state(match_view, random.Random(0))
    with pytest.raises(InconsistentViewError):
        match.sample_consistent_state(hand_view, random.Random(0))
    other = tapete.load_game("pocha", hand_size=3)
    with pytest.raises(InconsistentViewError):
        other.sample_consistent_state(hand_view, random.Random(0))


# -- the sampler reads the view's events -------------------------------------------------------


def test_sampler_follows_the_events_of_the_view() -> None:
    state = position(["5c Ab 2e 3b", "Rc 4c 3e 7o", "Se Ce 6b 7b", "5b 4b Cb Sb"], "2o", ("5c",))
    view = state.view(2)
    game = state.game
    for seed in range(10):
        sampled = game.sample_consistent_state(view, random.Random(seed))
        assert sampled.view(2) == view
        # every event the seat saw is in the sampled history, at its move
        for event in view.events:
            if not event.hidden:
                assert sampled.history()[event.move] == event.action
    # without its events, the view says no card was dealt: the sample is a fresh hand
    bare = dataclasses.replace(view, events=())
    assert game.sample_consistent_state(bare, random.Random(0)).move_number() == 0
    # an event that lost its values is refused, not guessed
    broken = dataclasses.replace(
        view, events=(dataclasses.replace(view.events[1], args=()), *view.events[2:])
    )
    with pytest.raises(InconsistentViewError):
        game.sample_consistent_state(broken, random.Random(0))


def test_sampler_keeps_the_inferred_voids() -> None:
    state = position(["5c Ab 2e 3b", "Rc 4c 3e 7o", "Se Ce 6b 7b", "5b 4b Cb Sb"], "2o", ("5c",))
    for text in ("Rc", "Se"):  # seat 2 shows no copas
        state.apply_string(f"play {text}")
    view = state.view(0)
    for seed in range(20):
        sampled = state.game.sample_consistent_state(view, random.Random(seed))
        assert isinstance(sampled, PochaState)
        assert not sampled.hands[2] & SUIT_MASK[1]


# -- the match layer ----------------------------------------------------------------------------


@pytest.mark.parametrize("params", MATCH_VARIANTS, ids=str)
def test_a_sampled_match_is_resumed_from_the_view_and_plays_on(params: dict[str, Any]) -> None:
    game = tapete.load_game("pocha-match", **params)
    assert isinstance(game, PochaMatchGame)
    rng = random.Random(5)
    states = _random_states(game, 6)
    for state in states[1::7]:
        if state.is_chance_node() and state.phase() != "first_dealer":
            continue
        seat = rng.randrange(game.num_players())
        view = state.view(seat)
        sampled = game.sample_consistent_state(view, rng)
        assert isinstance(sampled, PochaMatchState)
        assert sampled.view(seat) == view
        if sampled.is_resumed:
            with pytest.raises(RecordError):
                GameRecord.from_state(sampled)
            if state.deal is None:
                assert sampled.deal is None and sampled.is_terminal()
            else:
                assert sampled.deal is not None and sampled.deal.game == state.deal.game
                assert replay(GameRecord.from_state(sampled.deal)) == sampled.deal
        tapete.engine.random_playout(sampled, rng)
        assert sampled.is_terminal() and len(sampled.sheet) == len(game.sizes)


def test_each_hand_of_a_match_is_played_on_its_own_game() -> None:
    game = tapete.load_game("pocha-match", hand_sequence="1,2,3")
    state = game.new_initial_state()
    assert isinstance(state, PochaMatchState)
    rng = random.Random(1)
    seen: list[PochaGame] = []
    while not state.is_terminal():
        deal = state.hand
        if deal is not None and (not seen or seen[-1] is not deal.game):
            seen.append(deal.game)
        state.apply_action(rng.choice(state.legal_actions()))
    assert [g.hand_size for g in seen] == [1, 2, 3]
    dealers = [g.dealer for g in seen]
    assert dealers[1] == (dealers[0] + 1) % 4 and dealers[2] == (dealers[1] + 1) % 4
    assert [row.dealer for row in state.sheet] == dealers
    assert [s.returns for s in state.finished] == [
        tuple(float(p) for p in row.points) for row in state.sheet
    ]
