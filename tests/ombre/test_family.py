"""What the Ombre family's games share (``games/ombre_family``): the view's fields, the
sampler's hooks and the session base."""

from __future__ import annotations

import dataclasses
import random

import pytest

import tapete
from tapete.cards import iter_bits
from tapete.engine import play_chance, random_playout
from tapete.engine.api import State
from tapete.games.ombre_family.match import FamilyMatchGame, FamilyMatchState
from tapete.games.ombre_family.sampler import infer_forbidden, nolo_forbidden
from tapete.games.ombre_family.tables import NOLO_SUIT, NOLO_SUIT_MASK
from tapete.games.ombre_family.view import SHARED_FIELDS

GAMES = ("ombre", "tresillo", "lhombre")


def _midway(name: str, seed: int) -> State:
    """A deal of ``name`` played at random to a seeded point of its play."""
    rng = random.Random(seed)
    state = tapete.load_game(name).new_initial_state()
    steps = rng.randrange(30, 70)
    while not state.is_terminal() and steps:
        play_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        steps -= 1
    return state


@pytest.mark.parametrize("name", GAMES)
def test_every_view_has_the_shared_fields(name: str) -> None:
    state = play_chance(tapete.load_game(name).new_initial_state(), random.Random(1))
    view = state.view(0)
    names = {f.name for f in dataclasses.fields(view)}
    assert set(SHARED_FIELDS) <= names
    assert getattr(view, "hand").mask  # noqa: B009
    assert len(getattr(view, "cards_held")) == state.game.num_players()  # noqa: B009


@pytest.mark.parametrize("name", GAMES)
def test_the_family_sampler_reproduces_every_seat_s_view(name: str) -> None:
    for seed in range(6):
        state = _midway(name, seed)
        for seat in range(state.game.num_players()):
            view = state.view(seat)
            sampled = state.game.sample_consistent_state(view, random.Random(seed))
            assert sampled.view(seat) == view


def test_the_nolo_inference_forbids_the_suit_not_followed() -> None:
    suits = sorted({s for s in NOLO_SUIT if s >= 0})
    led_suit, other = NOLO_SUIT_MASK[suits[0]], NOLO_SUIT_MASK[suits[2]]
    first, second = list(iter_bits(led_suit))[:2]
    off = next(iter_bits(other))
    # seat 0 leads, seat 1 follows suit, seat 2 does not: seat 2 holds none of the led suit
    assert nolo_forbidden([(0, first), (1, second), (2, off)]) == [0, 0, led_suit]
    # before the trumps nothing is inferred in a trump game
    rules = tapete.load_game("ombre").rules  # type: ignore[attr-defined]
    assert infer_forbidden(rules, -1, [(0, first)]) == [0, 0, 0]


@pytest.mark.parametrize("name", GAMES)
def test_a_session_derives_its_metadata_from_its_deal_game(name: str) -> None:
    match = tapete.load_game(f"{name}-match", num_deals=3)
    assert isinstance(match, FamilyMatchGame)
    deal = match.deal_game(1, **{n: match.params[n] for n in match.money})
    assert deal.spec.name == name and deal.spec.param("dealer") == 1
    assert match.deal_game(1, **{n: match.params[n] for n in match.money}) is deal  # kept
    assert match.num_players() == deal.num_players()
    assert match.num_distinct_actions() == deal.num_distinct_actions()
    assert match.max_chance_outcomes() == deal.max_chance_outcomes()
    assert match.max_game_length() >= 3 * deal.max_game_length()


@pytest.mark.parametrize("name", GAMES)
def test_a_session_resumes_and_samples_from_its_views(name: str) -> None:
    game = tapete.load_game(f"{name}-match", num_deals=2)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(rng.randrange(60, 120)):
        if state.is_terminal():
            break
        if state.is_chance_node():
            play_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = 1
    view = state.view(seat)
    sampled = game.sample_consistent_state(view, random.Random(2))
    assert sampled.view(seat) == view
    assert sampled.returns() == state.returns()


def _amount(value: int | tuple[int, ...] | list[int]) -> int:
    return value if isinstance(value, int) else sum(value)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_session_shares_what_is_left(name: str) -> None:
    game = tapete.load_game(f"{name}-match", num_deals=3)
    assert isinstance(game, FamilyMatchGame)
    state = random_playout(game.new_initial_state(), random.Random(7))
    assert isinstance(state, FamilyMatchState)
    on_table = [n for n in game.money if n != "balances"]
    start = sum(game.params["balances"]) + sum(_amount(game.params[n]) for n in on_table)
    # nothing is created or lost: the balances and what could not be shared equally add up
    # to what the session began with, and nothing else is left on the table (Ombre's pool
    # keeps the remainder it could not share)
    assert sum(state.returns()) + state.unassigned == start
    left = sum(_amount(getattr(state, n)) for n in on_table)
    assert left == (state.unassigned if name == "ombre" else 0)
    assert len(state.results) == 3 and str(state).startswith(f"{name}-match: deal 4 of 3")
