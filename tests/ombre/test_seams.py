"""Ombre on the engine's seams: every deal's own game, events, views as values, the research
contract, compact actions, bounds, frozen rules, the sampler reading events."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.cards import Card, CardSet
from tapete.engine import State, sample_chance
from tapete.engine.api import CHANCE, GENERAL_SUM, PlayerView
from tapete.engine.record import GameRecord, replay
from tapete.errors import (
    ConfigError,
    IllegalActionError,
    InconsistentViewError,
    NotationError,
    RecordError,
    TapeteError,
)
from tapete.games.ombre import (
    NUM_DISTINCT_ACTIONS,
    OmbreGame,
    OmbreMatchGame,
    OmbreMatchState,
    OmbreMatchView,
    OmbreState,
    OmbreView,
)
from tapete.games.ombre.actions import CARD_ID, N_CARDS

from .helpers import EAST, NORTH, WEST, dealt

DEAL_VARIANTS = [
    {},
    {"auction": "sans_prendre", "all_pass": "forced_spadille", "talon_rest_visible": "all"},
    {"talon_rest_visible": "ombre", "trump_timing": "before_exchange", "vole": True},
    {"matador_payments": True, "tie_441": "codille_split", "pool": 9, "balances": "4/-2/0"},
]


def random_states(game: tapete.Game, seed: int, every: int = 1) -> Iterator[State]:
    """The states of one seeded random game (every ``every``-th, and the last)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        step += 1
    yield state


def match_game(**params: object) -> OmbreMatchGame:
    game = tapete.load_game("ombre-match", **params)
    assert isinstance(game, OmbreMatchGame)
    return game


# -- the bug: every deal of a session is played on its own real game -------------------------
@pytest.mark.parametrize("selection", ["black_ace_each_deal", "rotate"])
def test_every_deal_is_played_on_its_own_game(selection: str) -> None:
    game = match_game(num_deals=6, pool=5, balances="3/0/-4", dealer_selection=selection)
    rng = random.Random(11)
    checked = 0
    for state in random_states(game, seed=3):
        assert isinstance(state, OmbreMatchState)
        deal = state.deal
        if deal is None or (state.is_chance_node() and deal.move_number() != 27):
            continue
        params = deal.game.params
        assert params["dealer"] == deal.dealer
        assert params["pool"] == deal.start_pool
        assert params["balances"] == deal.start_balances
        assert deal.game == tapete.load_game(
            "ombre", dealer=deal.dealer, pool=deal.start_pool, balances=deal.start_balances
        )
        # the live deal's record replays as the deal being played
        assert replay(GameRecord.from_state(deal)) == deal
        # sampling through the deal's own game gives a state with the same view
        seat = rng.randrange(3)
        view = deal.view(seat)
        assert deal.game.sample_consistent_state(view, rng).view(seat) == view
        checked += 1
    assert checked > 20
    dealers = {r.dealer for r in state.results}
    pools = {r.pool_after for r in state.results}
    assert len(dealers) > 1 and len(pools) > 1  # deals with other dealers and pools were seen


def test_a_session_sample_resumes_from_the_live_deal() -> None:
    game = match_game(num_deals=4, exclude_previous_dealer=True, talon_rest_visible="ombre")
    rng = random.Random(5)
    for index, state in enumerate(random_states(game, seed=8, every=7)):
        assert isinstance(state, OmbreMatchState)
        seat = state.current_player() if state.current_player() >= 0 else index % 3
        view = state.view(seat)
        sample = game.sample_consistent_state(view, rng)
        assert isinstance(sample, OmbreMatchState)
        assert sample.view(seat) == view
        assert sample.returns() == state.returns()
        if sample.is_resumed:  # it does not know the earlier deals' actions
            assert state.results or state.deal is not None
            with pytest.raises(RecordError):
                GameRecord.from_state(sample)
        else:  # the first choice of a dealer: it knows every action
            assert replay(GameRecord.from_state(sample)).view(seat) == view
        if sample.deal is not None:
            assert replay(GameRecord.from_state(sample.deal)) == sample.deal
        # the resumed session plays on like the real one
        if not state.is_terminal():
            action = state.legal_actions()[0] if not state.is_chance_node() else None
            if action is not None and action in sample.legal_actions():
                copy = state.clone()
                copy.apply_action(action)
                sample.apply_action(action)
                assert sample.view(seat) == copy.view(seat)


# -- views: values with the spec, the move and the events; one JSON form ---------------------
@pytest.mark.parametrize("params", DEAL_VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_deal_views_round_trip_through_json(params: dict[str, object]) -> None:
    game = tapete.load_game("ombre", **params)
    for seed in range(3):
        for state in random_states(game, seed, every=3):
            for seat in (None, 0, 1, 2):
                view = state.view(seat)
                assert isinstance(view, OmbreView)
                assert view.spec == game.spec and view.move == state.move_number()
                assert len(view.events) == state.move_number()
                data = json.loads(json.dumps(view.to_dict(), ensure_ascii=False))
                assert PlayerView.from_dict(data) == view
                assert not hasattr(view, "observed") and not hasattr(view, "hand_sizes")
                assert sum(view.cards_held) == sum(h.bit_count() for h in state.hands)


def test_match_views_round_trip_through_json() -> None:
    game = match_game(num_deals=3, dealer_selection="black_ace_each_deal")
    for state in random_states(game, seed=4, every=5):
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert isinstance(view, OmbreMatchView)
            data = json.loads(json.dumps(view.to_dict(), ensure_ascii=False))
            assert PlayerView.from_dict(data) == view
            assert view.standings == tuple(float(b) for b in view.balances)
            assert len(view.finished) == len(view.results) == view.deal_index
            assert all(e.move < view.move for e in view.events)
            assert view.events_since(view.move - 1) == tuple(
                e for e in view.events if e.move == view.move - 1
            )
            if view.deal is not None:
                assert isinstance(view.deal, OmbreView)
                assert [e.kind for e in view.events] == [e.kind for e in view.deal.events]


# -- events ----------------------------------------------------------------------------------
def test_one_event_per_action_hidden_from_the_right_seats() -> None:
    game = tapete.load_game("ombre", talon_rest_visible="ombre", auction="sans_prendre")
    for seed in range(12):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            actor = state.current_player()
            to = state.chance_recipient()
            phase = state.phase()
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.random() * len(actions))]
            ombre = state.ombre
            state.apply_action(action)
            move = state.move_number() - 1
            assert len(state._events) == state.move_number()
            spectator = state.events(None, move)[0]
            views = [state.events(s, move)[0] for s in range(3)]
            assert spectator.actor == actor and spectator.move == move
            kind = spectator.kind
            if phase == "deal" or phase == "stock":
                assert kind == ("deal" if phase == "deal" else "draw")
                assert actor == CHANCE and spectator.hidden and spectator.arg("to") == to
                for seat, event in enumerate(views):
                    assert event.hidden == (seat != to)
                    assert event.arg("to") == to
                    if seat == to:
                        assert event.arg("card") == Card(CARD_ID[action])
            elif phase == "rest":
                assert kind == "rest"
                assert [e.hidden for e in views] == [s != ombre for s in range(3)]
            elif phase == "exchange" and action < N_CARDS:
                assert kind == "discard" and spectator.hidden
                assert [e.hidden for e in views] == [s != actor for s in range(3)]
                assert views[actor].arg("card") == Card(CARD_ID[action])
            else:
                assert not spectator.hidden and spectator.action == action
                assert all(e == spectator for e in views)
                if kind == "play":
                    assert spectator.arg("card") == Card(CARD_ID[action])
                elif kind == "exchange":
                    assert spectator.arg("count") == state.discards[actor].bit_count()
                elif kind == "trumps":
                    assert spectator.arg("suit") in ("clubs", "diamonds", "hearts", "spades")
                elif kind == "bid":
                    assert spectator.arg("contract") in ("ombre", "sans_prendre")
                else:
                    assert kind in ("pass", "vole")
        for seat in (None, 0, 1, 2):
            events = state.events(seat)
            assert [e.move for e in events] == list(range(state.move_number()))
            assert state.view(seat).events == events
            assert all(e.hidden == (e.action is None) for e in events)


def test_the_face_up_cards_and_the_dealer_are_events() -> None:
    state = match_game(initial_selector=0).new_initial_state()
    for text in ("show ♥3", "show ♣K", "show ♦A", "show ♠7", "show ♣A"):  # rules T: East deals
        state.apply_string(text)
    events = state.events(None)
    assert [e.kind for e in events] == ["show"] * 5
    assert [e.arg("to") for e in events] == [1, 2, 0, 1, 2]
    assert [e.arg("dealer") for e in events] == [None, None, None, None, 2]
    assert events[-1].arg("card") == Card.parse("♣A")
    assert state.deal is not None and state.deal.dealer == 2 and state.deal.game.dealer == 2
    assert state.view(0).events == ()  # the face-up cards went back into the pack


# -- the research contract -------------------------------------------------------------------
@pytest.mark.parametrize("params", DEAL_VARIANTS, ids=lambda p: ",".join(p) or "default")
def test_deal_contract_over_random_games(params: dict[str, object]) -> None:
    game = tapete.load_game("ombre", **params)
    assert isinstance(game, OmbreGame)
    assert game.num_distinct_actions() == NUM_DISTINCT_ACTIONS == 49
    assert game.utility_sum() == GENERAL_SUM and "pool_change" in game.returns_meaning()
    low, high = game.min_utility(), game.max_utility()
    for seed in range(40):
        for state in random_states(game, seed):
            assert all(0 <= a < 49 for a in state.legal_actions())
            if state.is_chance_node():
                assert len(state.legal_actions()) <= game.max_chance_outcomes()
        assert isinstance(state, OmbreState)
        assert state.move_number() <= game.max_game_length()
        returns = state.returns()
        assert all(low <= r <= high for r in returns)
        assert sum(returns) + state.pool_change() == 0


@pytest.mark.parametrize(
    "params",
    [
        {"num_deals": 4},
        {"num_deals": 2, "leftover_pool": "play_until_empty", "max_extra_deals": 3},
        {"num_deals": 3, "exclude_previous_dealer": True, "dealer_selection": "rotate"},
    ],
)
def test_match_contract_over_random_games(params: dict[str, object]) -> None:
    game = match_game(**params)
    low, high = game.min_utility(), game.max_utility()
    for seed in range(6):
        for state in random_states(game, seed):
            assert all(0 <= a < game.num_distinct_actions() for a in state.legal_actions())
        assert isinstance(state, OmbreMatchState)
        assert state.move_number() <= game.max_game_length()
        assert all(low <= r <= high for r in state.returns())
        assert len(state.results) <= game.max_deals
        start = game.params["pool"] + sum(game.params["balances"])
        assert sum(state.returns()) + state.unassigned + state.pool == start


# -- bounds, frozen rules, refusals ---------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("ombre-match", {"num_deals": 241}),
        ("ombre-match", {"num_deals": 10**9}),
        ("ombre-match", {"max_extra_deals": 10**6}),
        ("ombre", {"ante": 1001}),
        ("ombre", {"pool": 10**7}),
        ("ombre", {"balances": (10**9, 0, 0)}),
        ("ombre", {"vole_bonus": 5000}),
        ("ombre", {"matador_unit": -1}),
        ("ombre", {"balances": (1.5, 0, 0)}),
    ],
)
def test_every_count_and_amount_is_bounded(name: str, params: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        tapete.load_game(name, **params)


def test_the_rules_are_frozen() -> None:
    for game in (tapete.load_game("ombre"), match_game()):
        with pytest.raises(dataclasses.FrozenInstanceError):
            game.rules.ante = 5  # type: ignore[attr-defined]
        assert game.rules.ante == 1  # type: ignore[attr-defined]


def test_wrong_verbs_are_refused_in_every_phase() -> None:
    state = dealt({WEST: "♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J"})
    key = state._key()
    for text in ("play ♠A", "discard ♠A", "show ♠A", "deal ♦7"):
        with pytest.raises((IllegalActionError, NotationError)):
            state.apply_string(text)
    assert state._key() == key
    session = match_game().new_initial_state()
    for text in ("play ♠A", "deal ♠A", "pass", "ombre", "trumps ♣"):
        with pytest.raises((IllegalActionError, NotationError)):
            session.apply_string(text)
    assert session.move_number() == 0
    for action in (N_CARDS, 48, 49, -1, 1 << 70):
        with pytest.raises(IllegalActionError):
            session.apply_action(action)


def test_bad_views_are_refused_with_a_tapete_error() -> None:
    deal_game = tapete.load_game("ombre")
    session = match_game()
    deal_view = dealt({}).view(0)
    rng = random.Random(0)
    with pytest.raises(InconsistentViewError):
        session.sample_consistent_state(deal_view, rng)
    with pytest.raises(InconsistentViewError):
        deal_game.sample_consistent_state(session.new_initial_state().view(0), rng)
    with pytest.raises(InconsistentViewError):  # a view of another deal's game
        tapete.load_game("ombre", dealer=0).sample_consistent_state(deal_view, rng)


# -- the sampler reads events ---------------------------------------------------------------
def test_the_sampler_reads_the_events() -> None:
    state = dealt({WEST: "♣K ♥3 ♥4 ♥5 ♥6 ♥7 ♥2 ♥J ♥Q", EAST: "♠A ♦2 ♦3 ♦4 ♦5 ♦6 ♦J ♦Q ♦K"})
    for text in ("ombre", "pass", "pass", "draw", "draw", "draw", "trumps ♥", "play ♣K"):
        state.apply_string(text)
    view = state.view(NORTH)
    rng = random.Random(3)
    # the same view read back from JSON (events rebuilt from their values) samples alike
    again = PlayerView.from_dict(json.loads(json.dumps(view.to_dict())))
    sample = state.game.sample_consistent_state(again, rng)
    assert sample.view(NORTH) == view
    # the sampler places cards from the events: without them the view is inconsistent
    with pytest.raises(InconsistentViewError):
        state.game.sample_consistent_state(dataclasses.replace(view, events=()), rng)
    # a card the events show played is never placed in a hand
    played = CardSet.parse("♣K").mask
    for _ in range(20):
        sample = state.game.sample_consistent_state(view, rng)
        assert isinstance(sample, OmbreState)
        assert all(h & played == 0 for h in sample.hands)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 2))
def test_any_deal_view_samples_to_itself(seed: int, seat: int) -> None:
    game = tapete.load_game("ombre", all_pass="forced_spadille", talon_rest_visible="ombre")
    rng = random.Random(seed)
    states = list(random_states(game, seed, every=4))
    state = states[rng.randrange(len(states))]
    view = state.view(seat)
    sample = game.sample_consistent_state(view, rng)
    assert sample.view(seat) == view
    assert replay(GameRecord.from_state(sample)) == sample


def test_refusals_are_tapete_errors() -> None:
    state = dealt({})
    for bad in ("", "trumps", "play", "discard ♣9", "vole now"):
        with pytest.raises(TapeteError):
            state.apply_string(bad)
    with pytest.raises(TapeteError):
        tapete.load_game("ombre-match", num_deals="many")
    session = match_game().new_initial_state()
    for target in (state, session):
        for value in (None, 5, b"pass", ["pass"]):
            with pytest.raises(NotationError):
                target.string_to_action(value)  # type: ignore[arg-type]
    assert state.current_player() == WEST


def test_tampered_events_are_an_inconsistent_view() -> None:
    state = dealt({})
    state.apply_string("ombre")
    view = state.view(EAST)
    rng = random.Random(1)
    first = view.events[0]
    assert first.hidden and first.kind == "deal"
    bad_events = [
        dataclasses.replace(first, args=(("to", 7),)),  # no such seat
        dataclasses.replace(first, kind="play"),  # a hidden play
        dataclasses.replace(view.events[-1], action=None),  # a visible bid without its action
        dataclasses.replace(view.events[-1], action=99),
    ]
    for bad in bad_events:
        events = (bad, *view.events[1:]) if bad.move == 0 else (*view.events[:-1], bad)
        with pytest.raises(InconsistentViewError):
            state.game.sample_consistent_state(dataclasses.replace(view, events=events), rng)


def test_a_choice_of_the_dealer_ends_after_twenty_passes() -> None:
    """With exclude_previous_dealer, both black aces to the previous dealer pass after pass:
    after MAX_PASSES passes the player on his right deals (the session stays finite)."""
    from tapete.cards import FRENCH_40
    from tapete.games.ombre.match import MAX_PASSES

    game = match_game(exclude_previous_dealer=True)
    state = game.new_initial_state()
    state.previous_dealer = 1  # as after a deal dealt by seat 1; the selector is seat 0
    aces = [Card.parse("♠A"), Card.parse("♣A")]
    others = [c for c in FRENCH_40.cards if c not in aces]
    shown = 0
    for _ in range(MAX_PASSES):
        assert state.phase() == "first_dealer"
        # card number i goes to seat (0 + 1 + i) % 3: seat 1 when i % 3 == 0
        order = list(others)
        slots = [i for i in range(40) if (shown + i) % 3 == 0][:2]
        for slot, ace in zip(slots, aces, strict=True):
            order.insert(slot, ace)
        for card in order:
            state.apply_string(f"show {card}")
        shown += 40
    assert state.phase() == "deal" and state.deal is not None and state.deal.dealer == 2
    last = state.events(None, state.move_number() - 1)[0]
    assert last.kind == "show" and last.arg("dealer") == 2
    assert last.arg("to") == (1 + MAX_PASSES * 40 - 1) % 3
    assert state.move_number() == MAX_PASSES * 40 <= game.max_game_length()
