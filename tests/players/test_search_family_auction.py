"""The auction's evidence on the other hands (``tapete.players.search.family_auction``) and
the contract search's deals drawn by it (``auction_prior``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from tapete.cards import iter_bits
from tapete.engine import load_game, sample_chance
from tapete.engine.api import Game, State
from tapete.errors import ConfigError
from tapete.games.lhombre import actions as _la
from tapete.games.ombre_family.tables import FULL_MASK
from tapete.games.tresillo import actions as _ta
from tapete.players import load
from tapete.players.search.family import FamilySearch, live_deal, playing_seats
from tapete.players.search.family_auction import auction_checks, auction_words, misses

OPTION_SETS = [
    ("tresillo", {}),
    ("tresillo", {"estuches": True, "palo_de_favor": "hearts"}),
    ("lhombre", {}),
    ("lhombre", {"auction": "steps"}),
]


def _random_hand(rng: random.Random, own: int) -> int:
    """Nine cards not in ``own``."""
    cards = rng.sample(list(iter_bits(FULL_MASK & ~own)), 9)
    return sum(1 << c for c in cards)


@pytest.mark.parametrize(("name", "params"), OPTION_SETS)
def test_the_true_hands_explain_every_word_of_rule_bots_and_random_hands_do_not(
    name: str, params: dict[str, Any]
) -> None:
    """Replayed from the public events, every word of a table of ``rule`` bots is the one
    the bot's own bidding gives for the true hand; random hands often are not."""
    game = load_game(name, **params)
    spoken = true_misses = random_misses = random_checks = 0
    for seed in range(80):
        rng = random.Random(seed)
        for state, view in _auction_positions(game, seed):
            words = auction_words(name, view, game.rules)  # type: ignore[attr-defined]
            for s in words:
                spoken += 1
                true_misses += misses(words, s, state.hands[s], name, game.rules)  # type: ignore[attr-defined]
                hand = _random_hand(rng, state.hands[view.seat])
                random_checks += 1
                random_misses += bool(misses(words, s, hand, name, game.rules))  # type: ignore[attr-defined]
    assert spoken > 100
    assert true_misses == 0
    assert 0.05 * random_checks < random_misses < random_checks, (random_misses, random_checks)


def _auction_positions(game: Game, seed: int) -> Iterator[tuple[State, Any]]:
    """Each decision of a deal's auction at a table of ``rule`` bots: the state and the
    view of the seat to speak (the bot speaks once the caller is done with them)."""
    rng = random.Random(seed)
    bot = load("rule")
    state = game.new_initial_state()
    while not state.is_terminal() and state.phase() in ("deal", "auction"):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        view = state.view(state.current_player())
        yield state, view
        state.apply_action(bot.choose(view, state.legal_actions(), rng))


def _auction_decision(game: Game, name: str, seed: int) -> State | None:
    """A deal of ``rule`` bots up to an auction decision after two words, or ``None``."""
    for state, view in _auction_positions(game, seed):
        if len(auction_words(name, view, game.rules)) >= 2:  # type: ignore[attr-defined]
            return state
    return None


def _recording(
    play: Callable[..., tuple[int, int]], checks: Sequence[Callable[[int], int] | None],
    own: int, counts: list[int],
) -> Callable[..., tuple[int, int]]:  # fmt: skip
    """``play``, counting in ``counts`` the other hands it is given that explain the
    auction (``[explained, all]``)."""

    def record(hands: list[int], *args: Any, **kwargs: Any) -> tuple[int, int]:
        for q, check in enumerate(checks):
            if check is not None and q != own:
                counts[1] += 1
                counts[0] += check(hands[q]) == 0
        return play(hands, *args, **kwargs)

    return record


@pytest.mark.parametrize("name", ["tresillo", "lhombre"])
def test_the_contract_search_draws_the_deals_the_auction_explains(name: str) -> None:
    """With ``auction_prior`` (the default) the simulated deals' other hands explain the
    auction; without it they are drawn blind, and many do not."""
    game = load_game(name)
    explained = {True: [0, 0], False: [0, 0]}
    found = 0
    for seed in range(40):
        state = _auction_decision(game, name, seed)
        if state is None:
            continue
        found += 1
        seat = state.current_player()
        view, legal = state.view(seat), state.legal_actions()
        deal = live_deal(view)
        seats = playing_seats(deal)
        checks = auction_checks(name, deal, game.rules, seats)  # type: ignore[attr-defined]
        for prior in (True, False):
            search = FamilySearch(worlds=12, auction_prior=prior)
            contract = search.contract
            assert contract is not None
            contract.play = _recording(contract.play, checks, seats.index(seat), explained[prior])  # type: ignore[method-assign]
            assert search.action_values(view, legal, random.Random(seed), game) is not None
    assert found >= 10
    with_prior, blind = (explained[p][0] / max(1, explained[p][1]) for p in (True, False))
    assert explained[True][1] > 100
    assert with_prior > 0.95 and blind < with_prior - 0.2, explained


def test_the_options_are_checked() -> None:
    assert FamilySearch(time_budget=0.05, contract_worlds=50).contract.max_worlds == 50  # type: ignore[union-attr]
    player = load("search-normal", auction_prior=False, contract_worlds=200)
    player.start(load_game("lhombre"), 0)
    family = player._family_search()  # type: ignore[attr-defined]
    assert family.auction_prior is False and family.contract.max_worlds == 200
    for bad in ({"contract_worlds": 0}, {"auction_prior": "maybe"}):
        with pytest.raises(ConfigError):
            FamilySearch(time_budget=0.05, **bad)


@pytest.mark.parametrize("name", ["tresillo", "lhombre"])
def test_passing_is_worth_the_pass_value_in_the_cheapest_games_value(name: str) -> None:
    game = load_game(name)
    state = next(s for s in (_auction_decision(game, name, seed) for seed in range(20)) if s)
    view, legal = state.view(state.current_player()), state.legal_actions()
    rules: Any = game.rules  # type: ignore[attr-defined]
    if name == "tresillo":
        cheapest, pass_action = rules.value_of_bid(_ta.ENTRADA, -1), _ta.PASS
    else:
        cheapest, pass_action = rules.points[_la.SPIL][0], _la.PASS
    for value in (0.0, -0.5, -1.5):
        values = FamilySearch(worlds=4, pass_value=value).action_values(
            view, legal, random.Random(1), game
        )
        assert values is not None
        assert values[legal.index(pass_action)] == value * cheapest
    with pytest.raises(ConfigError):
        FamilySearch(time_budget=0.05, pass_value=-6.0)
