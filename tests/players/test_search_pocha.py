"""The search players: names and levels, legal play in hands and matches, strength."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba", reason="the search players need numba (the solvers extra)")

import tapete
from tapete.engine import play_chance
from tapete.errors import ConfigError
from tapete.players import available, load
from tapete.players.base import Player
from tapete.players.search import SearchPlayer


def searcher(name: str = "search", **params: object) -> SearchPlayer:
    """``load(name, **params)``, checked to be the search player."""
    player = load(name, **params)
    assert isinstance(player, SearchPlayer)
    return player


def play(game: tapete.Game, bots: list[Player], seed: int) -> list[float]:
    state = game.new_initial_state()
    for seat, bot in enumerate(bots):
        bot.start(game, seat)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = play_chance(state, rng)
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply_action(action)
    return state.returns()


def test_names_and_levels() -> None:
    names = available()
    for name in ("search", "search-easy", "search-normal", "search-strong"):
        assert name in names
    assert searcher().time_budget == 0.05
    assert searcher(level="strong", time_budget=0.2).time_budget == 0.2


@pytest.mark.parametrize(
    "params",
    [{"level": "expert"}, {"time_budget": -1}, {"time_budget": "soon"}, {"worlds": 0},
     {"epsilon": 2}, {"playouts": "many"}, {"bid_sigma": -1}, {"depth": 3},
     {"bid_model": "psychic"}, {"bid_rollout": "peeks"}, {"bid_shade": 2},
     {"clock": "sundial"}, {"endgame": -1}, {"endgame": "deep"}],
)  # fmt: skip
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        load("search", **params)


@pytest.mark.parametrize(
    "params",
    [{"n_players": 4}, {"n_players": 3, "undertrump": "must"},
     {"n_players": 5, "rank_order": "natural", "play_rules": "follow_only"},
     {"n_players": 6, "hand_size": 3}, {"n_players": 4, "deck": "48", "dealer_restriction": False},
     {"n_players": 4, "seven_swap": True}],
)  # fmt: skip
@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_plays_legal_hands_in_variants(params: dict[str, object], seed: int) -> None:
    game = tapete.load_game("pocha", **params)
    n = int(params["n_players"])  # type: ignore[call-overload]
    bots = [load("search", worlds=6)] + [load("rule") for _ in range(n - 1)]
    returns = play(game, bots, seed)  # one seed in CI's default run, the second with -m slow
    assert len(returns) == n


def test_without_start_the_rules_come_from_the_view() -> None:
    game = tapete.load_game("pocha", n_players=4, hand_size=4)
    state = play_chance(game.new_initial_state(), random.Random(3))
    bot = load("search", worlds=4)  # never started
    seat = state.current_player()
    assert bot.choose(state.view(seat), state.legal_actions(), random.Random(0)) in (
        state.legal_actions()
    )


def test_a_cpu_time_budget_plays_legal_hands() -> None:
    """``clock=cpu`` counts the budget in the thread's CPU time; the hands are played."""
    game = tapete.load_game("pocha", n_players=4, hand_size=3)
    search = searcher(time_budget=0.005, clock="cpu")
    assert search._pocha_search().clock == "cpu"
    returns = play(game, [search] + [load("rule") for _ in range(3)], seed=2)
    assert len(returns) == 4 and search._pocha_search().last_worlds >= 1


def test_endgame_by_level_and_parameter() -> None:
    """The time-budgeted levels solve the last tricks exactly, fixed worlds do not unless
    asked; the ``endgame`` parameter overrides it, and a solved hand is played legally."""
    from tapete.players.search.pocha import ENDGAME, ENDGAME_SHORT

    assert searcher("search-strong")._pocha_search().endgame == ENDGAME == 8
    assert searcher("search-normal")._pocha_search().endgame == ENDGAME
    assert searcher("search-easy")._pocha_search().endgame == ENDGAME_SHORT == 7
    assert searcher("search-easy", time_budget=0.05)._pocha_search().endgame == ENDGAME
    assert searcher("search-normal", endgame=0)._pocha_search().endgame == 0
    assert searcher(worlds=8)._pocha_search().endgame == 0  # fixed worlds: as asked
    search = searcher(worlds=12, endgame=10)
    assert search._pocha_search().endgame == 10
    game = tapete.load_game("pocha", n_players=4, hand_size=5)
    returns = play(game, [search] + [load("rule") for _ in range(3)], seed=4)
    assert len(returns) == 4


def test_inference_and_bid_playout_options_play_legal_hands() -> None:
    """``bid_self_sees=False`` and ``infer_sees=False`` (options of the search itself)."""
    from tapete.players.search.pocha import PochaSearch

    game = tapete.load_game("pocha", n_players=4, hand_size=4)
    state = play_chance(game.new_initial_state(), random.Random(6))
    rule = load("rule")
    search = PochaSearch(worlds=10, bid_self_sees=False, infer_sees=False)
    while not state.is_terminal():
        seat = state.current_player()
        bot = search if seat == 0 else rule
        action = bot.choose(state.view(seat), state.legal_actions(), random.Random(seat))
        assert action in state.legal_actions()
        state.apply_action(action)


def test_plays_a_whole_match() -> None:
    game = tapete.load_game("pocha-match", n_players=3, hand_sequence="3,2")
    bots = [load("search", worlds=4), load("rule"), load("search-easy", worlds=4)]
    returns = play(game, bots, 5)
    assert len(returns) == 3


def test_search_beats_random_seats() -> None:
    """With a fixed number of worlds the search is deterministic: over seeded hands it scores
    far more than the random players at the same table."""
    game = tapete.load_game("pocha", n_players=4, hand_size=6)
    search_total = random_total = 0.0
    for seed in range(8):
        bots = [load("search", worlds=16)] + [load("random") for _ in range(3)]
        returns = play(game, bots, seed)
        search_total += returns[0]
        random_total += sum(returns[1:]) / 3
    assert search_total > random_total + 8 * 5


@pytest.mark.parametrize("params", [{"n_players": 4}, {"n_players": 5, "hand_size": 4}])
def test_counted_bid_model_and_counting_bid_rollouts_play_legal_hands(
    params: dict[str, object],
) -> None:
    """``bid_model=count`` (world weights and later bidders from the counting model) and
    ``bid_rollout=counts`` play whole hands legally; every seat's returns are reported."""
    game = tapete.load_game("pocha", **params)
    n = int(game.params["n_players"])
    search = load("search", worlds=24, bid_model="count", bid_rollout="counts", bid_shade=0.2)
    returns = play(game, [search] + [load("rule") for _ in range(n - 1)], seed=5)
    assert len(returns) == n


@pytest.mark.parametrize("params", [{"n_players": 4}, {"n_players": 5, "hand_size": 4}])
def test_the_rule_model_options_play_legal_hands(params: dict[str, object]) -> None:
    """``opponents=count`` (the others play the rule bot's own cards in the playouts),
    ``bid_match`` over three aggressions and a resampling ``pool`` play whole hands legally,
    with a fixed number of worlds and with a time budget."""
    from tapete.players.search.pocha import PochaSearch

    game = tapete.load_game("pocha", **params)
    options = dict(opponents="count", bid_model="count", play_match=0.95, bid_match=0.9,
                   bid_aggressions=(0.3, 0.5, 0.7), pool=4)  # fmt: skip
    for search in (PochaSearch(worlds=24, **options), PochaSearch(time_budget=0.02, **options)):
        state = play_chance(game.new_initial_state(), random.Random(7))
        rule = load("rule")
        while not state.is_terminal():
            seat = state.current_player()
            bot = search if seat == 0 else rule
            action = bot.choose(state.view(seat), state.legal_actions(), random.Random(seat))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert search.last_worlds > 0


@pytest.mark.parametrize(
    "params", [{"opponents": "psychic"}, {"bid_match": 1.0}, {"pool": 0}, {"bid_aggressions": ()}]
)
def test_bad_rule_model_options_are_refused(params: dict[str, object]) -> None:
    from tapete.players.search.pocha import PochaSearch

    with pytest.raises(ConfigError):
        PochaSearch(**params)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "params",
    [{"bid_lift": 1.5}, {"bid_lift": 0.9, "bid_shade": 0.2}, {"max_worlds": 0},
     {"bid_opponents": "psychic"}],
)  # fmt: skip
def test_bad_bid_and_world_options_are_refused(params: dict[str, object]) -> None:
    from tapete.players.search.pocha import PochaSearch

    with pytest.raises(ConfigError):
        PochaSearch(**params)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        load("search", **params)._pocha_search()  # type: ignore[attr-defined]


def test_the_search_player_passes_the_bid_and_world_options() -> None:
    player = searcher(bid_lift="0.1", max_worlds="500", bid_opponents="count", pool="16")
    search = player._pocha_search()
    assert (search.bid_lift, search.max_worlds, search.bid_opponents, search.pool) == (
        0.1, 500, "count", 16,
    )  # fmt: skip
    with pytest.raises(ConfigError):
        searcher(max_worlds="many")._pocha_search()


def test_bid_opponents_sets_who_sees_in_a_bids_playouts() -> None:
    """``bid_rollout_sees`` sets every seat (what the ``search`` player has always given);
    ``bid_opponents`` then sets the other seats alone, ``bid_self_sees=False`` the seat."""
    from tapete.players.search.pocha import PochaSearch
    from tapete.solvers import pocha_kernel as pk
    from tapete.solvers.pocha import PochaTables

    game = tapete.load_game("pocha", n_players=4)
    tables = PochaTables.from_params(dict(game.params), after_swaps=True)
    every = (1 << 4) - 1

    def seeing(**params: object) -> int:
        search = PochaSearch(worlds=8, **params)  # type: ignore[arg-type]
        return int(search.bid_params(tables, 2)[pk.RP_POLICY_SEES]) & every

    base = int(tables.rp[pk.RP_POLICY_SEES]) & every
    assert seeing() == base
    assert seeing(bid_rollout_sees=True) == every
    assert seeing(bid_rollout_sees=True, bid_opponents="count") == 1 << 2
    assert seeing(bid_rollout_sees=False, bid_opponents="sees") == every & ~(1 << 2)
    assert seeing(bid_rollout_sees=True, bid_opponents="count", bid_self_sees=False) == 0
    assert (
        searcher(bid_opponents="count")._pocha_search().bid_params(tables, 1)[pk.RP_POLICY_SEES]
        & every
        == 1 << 1
    )
