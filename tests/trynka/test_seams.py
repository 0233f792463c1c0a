"""Trynka on the engine's seams: events, views as values (JSON), compact actions, the
research metadata, the rules objects, verbs, the sampler reading events, the session on the
match layer, and the rule bot playing the rules in force."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.trynka.test_scenarios import FOUR, P0, P1, P2, P3, deal, new, play

import tapete
from tapete.cards import CardSet
from tapete.engine.api import PlayerView, State
from tapete.engine.chance import random_playout, sample_chance
from tapete.engine.record import GameRecord, replay
from tapete.errors import IllegalActionError, InconsistentViewError, NotationError, TapeteError
from tapete.games.trynka import (
    TrynkaGame,
    TrynkaMatchGame,
    TrynkaMatchState,
    TrynkaMatchView,
    TrynkaState,
    TrynkaView,
)
from tapete.players import load

VARIANTS: list[dict[str, Any]] = [
    {},
    {"n_players": 2},
    {"n_players": 8, "blind_chain": True},
    {"deck": 36, "n_players": 6, "reveal_public": True, "closing": "showdown"},
    {"stake": 3, "level_cap": 20, "accidental_exposure_rate": 0.2, "flash_limit": 2},
    {"trips_score": True, "two_aces_22": True, "svara_join_fraction": "0"},
    {"max_svara_chain": 0, "agreed_svara": False, "ante": False},
]


def _random_state(game: tapete.Game, rng: random.Random, steps: int) -> State:
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return state


# -- compact actions and the research metadata ----------------------------------------------
def test_action_numbers_are_compact_and_exact() -> None:
    for params, expected in (
        ({}, 2 * 24 + 13 + 3 * 10),
        ({"deck": 36, "n_players": 5}, 2 * 36 + 13 + 3 * 10),
        ({"stake": 5, "level_cap": 4}, 2 * 24 + 13 + 3 * 20),
    ):
        game = tapete.load_game("trynka", **params)
        assert game.num_distinct_actions() == expected
        state = game.new_initial_state()
        texts = set()
        for action in range(expected):
            texts.add(state.action_to_string(action))  # every number has a text
        assert len(texts) == expected  # and no two the same
        with pytest.raises(NotationError):
            state.action_to_string(expected)
        match = tapete.load_game("trynka-match", **params)
        assert match.num_distinct_actions() == expected


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_metadata_holds_over_random_banks(variant: dict[str, Any], seed: int) -> None:
    game = tapete.load_game("trynka", **variant)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        if state.is_chance_node():
            assert len(legal) <= game.max_chance_outcomes()
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(legal[int(rng.random() * len(legal))])
    assert state.move_number() <= game.max_game_length()
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert game.utility_sum() == "zero_sum" and sum(returns) == 0


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_metadata_holds_over_random_sessions(variant: dict[str, Any], seed: int) -> None:
    game = tapete.load_game("trynka-match", banks=4, **variant)
    state = random_playout(game.new_initial_state(), random.Random(seed))
    assert all(0 <= a < game.num_distinct_actions() for a in state.history())
    assert state.move_number() <= game.max_game_length()
    returns = state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert game.utility_sum() == "constant_sum"
    assert sum(returns) == game.utility_constant() == 100 * game.num_players()
    assert (
        "balance" in game.returns_meaning()
        and "net chips" in tapete.load_game("trynka").returns_meaning()
    )


def test_stakes_outside_the_encoding_are_refused_with_the_rule() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "decline"))
    for text, reason in (("bet 0", "stake_too_low"), ("bet 11", "stake_too_high")):
        with pytest.raises(IllegalActionError) as e:
            state.apply_string(text)
        assert e.value.reason == reason and "allowed 1…10" in str(e.value)
    assert state.current_player() == P1 and state.bank == 4


# -- the rules objects and the verbs -------------------------------------------------------
def test_rules_objects_are_immutable() -> None:
    for name in ("trynka", "trynka-match"):
        rules = tapete.load_game(name).rules
        with pytest.raises(dataclasses.FrozenInstanceError):
            rules.n_players = 9  # type: ignore[misc]
    values = tapete.load_game("trynka").rules.values
    with pytest.raises(TypeError):
        values[7] = 0  # type: ignore[index]


def test_the_wrong_verb_is_refused() -> None:
    bank = tapete.load_game("trynka").new_initial_state()
    bank.apply_string("no-flash")
    with pytest.raises(NotationError, match="draw"):
        bank.apply_string("draw A♠")
    assert bank.move_number() == 1
    bank.apply_string("deal A♠")
    session = tapete.load_game("trynka-match", n_players=4).new_initial_state()
    assert session.phase() == "first_dealer"
    for text in ("deal A♠", "deal A♠ up", "сдаю A♠"):
        with pytest.raises(NotationError):
            session.apply_string(text)
    assert session.move_number() == 0
    session.apply_string("draw A♠")
    with pytest.raises(NotationError):
        tapete.load_game("trynka").new_initial_state().string_to_action("draw A♠ up")


def test_refusals_are_tapete_errors() -> None:
    game = tapete.load_game("trynka")
    pocha_view = tapete.load_game("pocha").new_initial_state().view(0)
    with pytest.raises(InconsistentViewError):
        game.sample_consistent_state(pocha_view, random.Random(0))
    with pytest.raises(InconsistentViewError):
        tapete.load_game("trynka-match").sample_consistent_state(pocha_view, random.Random(0))
    state = random_playout(game.new_initial_state(), random.Random(2))
    view = state.view(0)
    with pytest.raises(TapeteError):  # events that do not fit the bank
        game.sample_consistent_state(dataclasses.replace(view, earlier=()), random.Random(0))
    other = tapete.load_game("trynka", n_players=3)
    with pytest.raises(InconsistentViewError):
        other.sample_consistent_state(view, random.Random(0))


# -- events ---------------------------------------------------------------------------------
def test_one_event_per_action_and_who_sees_the_cards() -> None:
    state = new()
    play(state, (P1, "flash"))
    state.apply_string("deal 9♣")  # face up: everybody sees it
    play(state, (P1, "keep"), (P2, "no-flash"))
    state.apply_string("deal 6♠")  # face down: nobody sees it, not even P2 (he looks later)
    events = state.events(None)
    assert len(events) == state.move_number() == 5
    assert [e.kind for e in events] == ["flash", "deal", "keep", "no_flash", "deal"]
    up, down = events[1], events[4]
    for seat in (None, P0, P1, P2, P3):
        seen_up = state.events(seat, 1)[0]
        assert seen_up.arg("card") == next(iter(CardSet.parse("9♣"))) and seen_up.arg("to") == P1
        seen_down = state.events(seat, 4)[0]
        assert seen_down.hidden and seen_down.action is None
        assert seen_down.arg("to") == P2 and seen_down.arg("card") is None
    assert not up.hidden and down.hidden


def test_bets_and_outcomes_are_values() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "blind 2"), (P2, "decline"), (P2, "bet 5"), (P3, "fold"), (P0, "fold"))
    play(state, (P1, "reveal"), (P2, "show"))  # P1 (15) to P2 (13): P2 is out, P1 wins
    kinds = [(e.kind, e.actor, e.arg("amount")) for e in state.events(P3)[-7:]]
    assert kinds == [
        ("blind", P1, 2), ("decline", P2, None), ("bet", P2, 5), ("fold", P3, None),
        ("fold", P0, None), ("reveal", P1, None), ("show", P2, None),
    ]  # fmt: skip
    looks = [(e.kind, e.arg("look")) for e in state.events(P0) if e.arg("look")]
    assert looks == [("decline", (P2, P3, P0)), ("fold", (P1,))]  # sighted, then the blind
    reveal, show = state.events(P0)[-2:]
    assert (reveal.arg("to"), reveal.arg("cost"), reveal.arg("out")) == (P2, 5, None)
    assert (show.arg("out"), show.arg("winner"), show.arg("won")) == (P2, P1, 4 + 2 + 5 + 5)
    # the hands compared are seen by the two players only: in their views, not in the events
    assert not any(c for e in state.events(P0) for c in tapete.engine.api.cards_in(e))
    assert state.view(P2).shown[P1] == CardSet.parse(FOUR[P1])
    assert not state.view(P0).shown[P1] and not state.view(P0).shown[P2]


def test_events_since_a_move() -> None:
    state = random_playout(tapete.load_game("trynka").new_initial_state(), random.Random(7))
    everything = state.events(1)
    for move in (0, 5, len(everything) - 1):
        assert state.events(1, move) == everything[move:]
        assert state.view(1).events_since(move) == tuple(
            e for e in state.view(1).events if e.move >= move
        )


@pytest.mark.parametrize("name", ["trynka", "trynka-match"])
def test_views_survive_their_json_form(name: str) -> None:
    rng = random.Random(11)
    params: dict[str, Any] = {"banks": 3} if name == "trynka-match" else {}
    for variant in VARIANTS[:5]:
        game = tapete.load_game(name, **params, **variant)
        for steps in (0, 3, 17, 40, 90, 400):
            state = _random_state(game, rng, steps)
            for seat in (None, *range(game.num_players())):
                view = state.view(seat)
                data = json.loads(json.dumps(view.to_dict(), ensure_ascii=False))
                assert PlayerView.from_dict(data) == view
                assert view.spec == game.spec and view.move == state.move_number()


# -- the sampler ----------------------------------------------------------------------------
def test_the_sampler_keeps_the_public_outcome_of_an_unseen_reveal() -> None:
    state = new()
    deal(state, FOUR)
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "bet 1"), (P3, "reveal"), (P2, "show"))
    out = state.events(P0)[-1].arg("out")  # P3 (7♥ 9♦ 6♦: 15) to P2 (6♠ 7♠: 13): P2 is out
    assert out == P2
    view = state.view(P0)  # P0 saw neither hand
    game = state.game
    for seed in range(30):
        sample = game.sample_consistent_state(view, random.Random(seed))
        assert isinstance(sample, TrynkaState)
        assert sample.view(P0) == view
        assert sample.value(P3) > sample.value(P2)  # what the table learnt
        assert sample.hand(P0) == CardSet.parse(FOUR[P0])  # what P0 knows
        assert replay(GameRecord.from_state(sample)) == sample


def test_samples_of_a_session_cost_its_live_bank_only() -> None:
    game = tapete.load_game("trynka-match", banks=60, stop_when_broke=False)
    state = _random_state(game, random.Random(3), 1200)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, random.Random(1)))
    assert isinstance(state, TrynkaMatchState) and state.deal is not None
    seat = state.current_player()
    view = state.view(seat)
    assert isinstance(view, TrynkaMatchView) and len(view.finished) == state.bank_number > 10
    sample = game.sample_consistent_state(view, random.Random(5))
    assert isinstance(sample, TrynkaMatchState) and sample.is_resumed
    assert sample.view(seat) == view
    assert sample.deal is not None and len(sample.history()) == len(sample.deal.history())
    assert replay(GameRecord.from_state(sample.deal)) == sample.deal
    # the view carries the live deal's events only, not the session's
    live = state.deal.deal_starts[-1]
    assert len(view.events) == len(state.deal.history()) - live
    # and the sample plays on like the real session
    for _ in range(200):
        if sample.is_terminal():
            break
        sample.apply_action(sample.legal_actions()[0])


def test_a_session_during_the_draw_resamples_exactly() -> None:
    game = tapete.load_game("trynka-match", n_players=3)  # high card
    state = game.new_initial_state()
    for text in ("draw 10♠", "draw 10♥"):
        state.apply_string(text)
    view = state.view(1)
    assert view.deal is None and [e.kind for e in view.events] == ["draw", "draw"]
    sample = game.sample_consistent_state(view, random.Random(0))
    assert sample == state and not sample.is_resumed


# -- the session on the match layer ---------------------------------------------------------
def test_each_bank_is_played_on_its_own_real_game() -> None:
    game = tapete.load_game("trynka-match", n_players=3, banks=4, stake=2)
    assert isinstance(game, TrynkaMatchGame)
    state = game.new_initial_state()
    rng = random.Random(9)
    seen = 0
    while not state.is_terminal():
        deal_state = state.deal
        if deal_state is not None and deal_state.move_number() == 0:
            seen += 1
            bank_game = deal_state.game
            assert isinstance(bank_game, TrynkaGame)
            before = tuple(state.balances)
            expected = tapete.load_game(
                "trynka", n_players=3, stake=2, dealer=state.dealer, balances=before
            )
            assert bank_game == expected and bank_game.spec == expected.spec
            assert bank_game.rules == expected.rules
            bank_names = set(dict(expected.params)) - {"dealer", "balances"}
            options = {k: v for k, v in game.params.items() if k in bank_names}
            built = tapete.load_game("trynka", dealer=state.dealer, balances=before, **options)
            assert dict(bank_game.given_params) == dict(built.given_params)
            view = state.view(0).deal
            assert isinstance(view, TrynkaView) and view.spec == expected.spec
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    assert seen == len(state.finished) >= 1


# -- the rule bot plays the rules in force --------------------------------------------------
def _bot_choice(params: dict[str, Any], hand: str) -> str:
    state = new(**params)
    deal(state, {**FOUR, P1: hand, P3: "7♥ 10♣ 6♦"})
    play(state, (P1, "decline"))
    bot = load("rule")
    bot.start(state.game, P1)
    chosen = bot.choose(state.view(P1), state.legal_actions(), random.Random(0))
    return state.action_to_string(chosen)


def test_the_rule_bot_ranks_hands_by_the_rules_in_force() -> None:
    """Three nines are 9 points by default (a fold) but 27 with trips_score (a raise); two
    aces and a seven are 11 points by default but 22 with two_aces_22."""
    assert _bot_choice({}, "9♠ 9♥ 9♦") == "fold"
    assert _bot_choice({"trips_score": True}, "9♠ 9♥ 9♦").startswith("bet")
    assert _bot_choice({}, "A♠ A♥ 7♦") == "fold"
    assert _bot_choice({"two_aces_22": True}, "A♠ A♥ 7♦").startswith("bet")


def test_the_rule_bot_plays_the_36_card_pack_and_big_stakes() -> None:
    for params in ({"deck": 36, "n_players": 6}, {"stake": 7, "level_cap": 3}):
        for seed in range(5):
            bots = [load("rule") for _ in range(6)]
            game = tapete.load_game("trynka-match", banks=3, **params)
            for seat, bot in enumerate(bots[: game.num_players()]):
                bot.start(game, seat)
            state = game.new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                action = bots[seat].choose(state.view(seat), legal, rng)
                assert action in legal
                state.apply_action(action)
