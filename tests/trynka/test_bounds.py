"""Trynka's research bounds (issue 32, defect 5; the derivation is in ``docs/trynka.md``,
"Bounds"): ``max_game_length()``, ``max_view_events()`` (one deal), ``min_utility()`` and
``max_utility()`` must hold for every legal bank (sound), and a legal bank must come near
them (tight).

Soundness is checked against seeded random banks under every option that changes a bound
(players, pack, stake and cap, flashes and accidental exposures, blind chain, three tens at
any moment, svara joins and chain, agreed svaras, showdown), with two policies: uniform
random decisions, and a "staker" that bets whenever it may (the longest, dearest banks).
Tightness is checked against a scripted adversarial bank: every deal raised one chip at a
time to the cap with every call between, three tens dealt to one seat and claimed in every
deal until the fifty redeals run out, then five agreed svaras that everybody joins.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import tapete
from tapete.engine.chance import sample_chance
from tapete.games.trynka import TrynkaState
from tapete.games.trynka.rules import MAX_REDEALS
from tapete.games.trynka.state import BETTING

#: Option sets whose bounds differ (each changes at least one term of the derivation).
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"n_players": 2},
    {"n_players": 3, "tens_claim_moment": "any_moment", "tens_claim_any_time": True},
    {"n_players": 5, "blind_chain": True, "flash_limit": 3, "accidental_exposure_rate": 0.2},
    {"n_players": 6, "deck": 36, "svara_join_fraction": "1/3", "closing": "showdown"},
    {"n_players": 8, "svara_join_fraction": "1/2", "max_svara_chain": 8},
    {"n_players": 8, "deck": 36, "accidental_exposure_rate": 0.3, "flash_limit": 0},
    {"stake": 3, "level_cap": 4, "dark_max": 3, "sighted_stakes": "double_while_blind"},
    {"stake": 1, "level_cap": 3, "dark_max": 3, "overblind_level": "first_blind",
     "reveal_basis": "blind_stakes", "blind_chain": True},
    {"agreed_svara": False, "svara_join_fraction": "0", "ante": False, "trips_score": True},
    {"deck": 32, "joker": True, "reveal_without_blind": "single", "first_round_reveal": False},
    {"redeal_players": "all", "dark_reveal_cost": "own_blind", "reveal_public": True},
]  # fmt: skip


def staker(state: TrynkaState, legal: list[int], rng: random.Random) -> int:
    """Bet (or blind, flash, join, refuse) whenever it may, else a random legal action."""
    codec = state.rules.actions
    stakes = [a for a in legal if a > codec.blind(0)]  # blinds, over-blinds and bets
    keen = [a for a in (codec.flash, codec.replace, codec.join, codec.refuse) if a in legal]
    if stakes and rng.random() < 0.9:
        return rng.choice(stakes)
    if keen and rng.random() < 0.9:
        return keen[0]
    return rng.choice(legal)


def check_bank(game: tapete.Game, state: TrynkaState) -> None:
    """Every bound of ``game`` holds for the finished bank ``state``."""
    rules = game.rules  # type: ignore[attr-defined]
    moves = state.move_number()
    assert moves <= game.max_game_length()
    starts = [*state.deal_starts, moves]
    assert len(state.deal_starts) <= rules.deals_bound()
    longest = max(b - a for a, b in itertools.pairwise(starts))
    assert longest <= game.max_view_events()  # type: ignore[attr-defined]
    assert max(state.paid) <= rules.seat_chips_bound()
    assert sum(state.paid) <= rules.bank_chips_bound()
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


@pytest.mark.parametrize("params", OPTION_SETS, ids=lambda p: ",".join(map(str, p)) or "default")
def test_random_banks_stay_within_the_bounds(params: dict[str, Any]) -> None:
    game = tapete.load_game("trynka", **params)
    rng = random.Random(32)
    deals = 0
    for i in range(160):
        state = game.new_initial_state()
        assert isinstance(state, TrynkaState)
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = staker(state, legal, rng) if i % 2 else rng.choice(legal)
            state.apply_action(action)
            # a view's events (the deal in progress) never outgrow the encoder's slots
            assert len(state.events(None)) - state.deal_starts[-1] <= game.max_view_events()  # type: ignore[attr-defined]
        check_bank(game, state)
        deals += len(state.deal_starts)
    assert deals > 160  # svaras and redeals were played, not only single deals


def test_random_sessions_stay_within_the_bounds() -> None:
    for n in (2, 4, 7):
        game = tapete.load_game("trynka-match", n_players=n, banks=4, stop_when_broke=False)
        rng = random.Random(n)
        for _ in range(15):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            assert state.move_number() <= game.max_game_length()
            assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def adversarial_bank(game: tapete.Game, claimer: int = 0) -> TrynkaState:
    """A legal bank that stakes as long and as much as the rules allow (see the module's
    docstring): chance is chosen (three tens for ``claimer`` while redeals remain, no ten
    for anybody else), the decisions are scripted."""
    state = game.new_initial_state()
    assert isinstance(state, TrynkaState)
    rules = state.rules
    codec = rules.actions
    while not state.is_terminal():
        legal = state.legal_actions()
        p = state.current_player()
        if state.is_chance_node():
            want_tens = state.receiver() == claimer and state.redeals < MAX_REDEALS
            faces = [a for a in legal if a < codec.up]
            fit = [a for a in faces if bool(rules.tens_mask >> a & 1) == want_tens]
            state.apply_action((fit or faces)[0])
            continue
        call, up = codec.bet(state.level), codec.bet(state.level + 1)
        closing = state.active & ~(state.matched | 1 << p) == 0
        if codec.flash in legal:  # the question each card; the last card face up
            action = codec.flash if state.hands[p].bit_count() == 2 else codec.no_flash
        elif codec.replace in legal:
            action = codec.replace
        elif state.stage == "blind":
            action = (
                codec.blind(rules.stake) if codec.blind(rules.stake) in legal else codec.decline
            )
        elif state.stage in ("svara_join", "svara_proposal", "reveal", "tens_window"):
            action = {"svara_join": codec.join, "svara_proposal": codec.accept,
                      "reveal": codec.show, "tens_window": codec.decline}[state.stage]  # fmt: skip
        elif codec.claim_tens in legal and state.level == rules.level_cap:
            action = codec.claim_tens
        elif call in legal and not closing:
            action = call
        elif up in legal:
            action = up
        elif state.active.bit_count() > 2 or state.stage != BETTING:
            action = codec.fold
        elif codec.propose_svara in legal and state.svara_count < rules.max_chain:
            action = codec.propose_svara  # the last deal is lost, not split
        else:
            action = call if call in legal else codec.fold
        state.apply_action(action)
    return state


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8])
def test_an_adversarial_bank_comes_near_the_bounds(n: int) -> None:
    game = tapete.load_game("trynka", n_players=n, deck=36 if n > 6 else 24)
    state = adversarial_bank(game)
    rules = state.rules
    check_bank(game, state)  # sound
    assert state.redeals == MAX_REDEALS and state.svara_count == rules.max_chain
    assert len(state.deal_starts) == rules.deals_bound()
    # tight: the bounds are within a small factor of what a legal bank reaches
    moves = state.move_number()
    starts = [*state.deal_starts, moves]
    longest = max(b - a for a, b in itertools.pairwise(starts))
    assert longest >= 0.65 * rules.deal_length_bound()
    assert moves >= 0.45 * game.max_game_length()
    assert max(state.paid) >= 0.15 * rules.seat_chips_bound()
    assert -min(state.returns()) >= 0.15 * -game.min_utility()
    assert max(state.returns()) >= 0.15 * game.max_utility()


def test_the_bounds_of_the_default_bank() -> None:
    """The figures the docs quote (docs/trynka.md, "Bounds")."""
    game = tapete.load_game("trynka")
    rules = game.rules  # type: ignore[attr-defined]
    assert (rules.deals_bound(), rules.deal_length_bound(), game.max_game_length()) == (
        56,
        88,
        4826,
    )
    assert (rules.deal_chips_bound(), rules.seat_deal_chips_bound()) == (384, 184)
    assert (game.min_utility(), game.max_utility()) == (-318911.0, 638719.0)
