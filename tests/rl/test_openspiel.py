"""tapete's games as OpenSpiel games: OpenSpiel's own checks, its algorithms, resampling."""

from __future__ import annotations

import contextlib
import io
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import tapete  # noqa: E402
from tapete.engine.api import GENERAL_SUM  # noqa: E402
from tapete.rl import openspiel  # noqa: E402

from .conftest import CONFIGS, GAMES, load_ready  # noqa: E402


def os_game(name: str, **params: Any) -> Any:
    load_ready(name, **params)  # skips a game whose refactor has not landed
    return openspiel.load(name, **(CONFIGS[name] | params))


def game_string(name: str, **params: Any) -> str:
    args = ",".join(f"{k}={v}" for k, v in params.items())
    return f"{openspiel.openspiel_name(name)}({args})" if args else openspiel.openspiel_name(name)


DEALS = [g for g in GAMES if not g.endswith("-match")]
MATCHES = [g for g in GAMES if g.endswith("-match")]


@pytest.mark.parametrize("name", DEALS)
def test_random_sim_test_with_serialisation(name: str) -> None:
    game = os_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_games_pickle_and_unpickle_as_themselves(name: str) -> None:
    game = os_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game)
    assert str(again) == str(game) and again.tapete == game.tapete
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    # the class is bound in the module under its own name
    assert getattr(openspiel, type(game).__qualname__) is type(game)
    fixed = openspiel.load(name, **CONFIGS[name], fixed_deals=3, deal_seed=5)
    assert pickle.loads(pickle.dumps(fixed)).deals == fixed.deals


@pytest.mark.parametrize("name", DEALS)
def test_openspiels_games_sim_test_with_pickling(name: str) -> None:
    """OpenSpiel's own simulation test (``games_sim_test.sim_game``): pickles the game and
    its type, then plays a random game, cloning at every move and serialising (OpenSpiel's
    way and pickle) at every power of two."""
    sim = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    game = os_game(name)
    np.random.seed(3)  # sim_game draws with numpy's global generator
    with contextlib.redirect_stdout(io.StringIO()):
        sim.GamesSimTest("test_pig").sim_game(game)


@pytest.mark.slow
@pytest.mark.parametrize("name", MATCHES)
def test_random_sim_test_of_a_whole_match(name: str) -> None:
    game = os_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "params",
    [{"n_players": 5}, {"n_players": 3, "deck": 48, "hand_size": 4}, {"seven_swap": True}],
)
def test_pocha_variants_load_by_game_string_and_pass(params: dict[str, Any]) -> None:
    load_ready("pocha")
    openspiel.register(["pocha"])
    game = pyspiel.load_game(game_string("pocha", **params))
    expected = tapete.load_game(
        "pocha", **{k: str(v) if k == "deck" else v for k, v in params.items()}
    )
    assert game.tapete == expected
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_and_info_come_from_the_research_contract(name: str) -> None:
    game = os_game(name)
    t = game.tapete
    info = game.get_type()
    assert game.num_distinct_actions() == t.num_distinct_actions()
    assert game.max_chance_outcomes() >= t.max_chance_outcomes()
    assert game.max_chance_outcomes() >= game.num_distinct_actions()
    assert game.max_game_length() == t.max_game_length()
    assert (game.min_utility(), game.max_utility()) == (t.min_utility(), t.max_utility())
    assert game.num_players() == t.num_players()
    general = t.utility_sum() == GENERAL_SUM
    assert (info.utility == pyspiel.GameType.Utility.GENERAL_SUM) == general
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.information_state_tensor_size() > game.observation_tensor_size() > 0


def _api_case(name: str) -> Any:
    game = os_game(name)
    api_test = pytest.importorskip("open_spiel.integration_tests.api_test")

    class Case(api_test.EnforceAPIOnPartialTreeBase):  # type: ignore[misc,name-defined]
        pass

    Case.game = game
    Case.game_name = openspiel.openspiel_name(name)
    return Case


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_api_checks_on_sampled_states(name: str) -> None:
    """OpenSpiel's integration API checks (the partial-tree ones, on 400 sampled states)."""
    case_class = _api_case(name)
    case_class.setUpClass()
    tests = [t for t in dir(case_class) if t.startswith("test_")]
    assert len(tests) >= 5
    for test in tests:
        getattr(case_class(test), test)()


@pytest.mark.parametrize("name", GAMES)
def test_resample_from_infostate_keeps_the_information_state(name: str) -> None:
    game = os_game(name)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions))
            assert abs(sum(probs) - 1) < 1e-9
            continue
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(
            world.information_state_tensor(player), state.information_state_tensor(player)
        )
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


def test_clone_and_pickle_are_independent_copies() -> None:
    game = os_game("pocha")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history()
    assert copy.tapete.history() == copy.history()
    assert state.tapete.history() == state.history()
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.information_state_string(0) == state.information_state_string(0)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.tapete == state.tapete


def test_public_observer_reads_the_spectators_view() -> None:
    from open_spiel.python.observation import make_observation

    game = os_game("pocha")
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    public.set_from(state, 0)
    hand = public.dict["hand"]
    assert hand.sum() == 0  # a spectator sees no hand
    private = make_observation(game)
    private.set_from(state, 0)
    assert private.dict["hand"].sum() == len(state.tapete.view(0).hand)


def test_ismcts_with_resampling_plays_legal_moves() -> None:
    game = os_game("pocha")
    bot = openspiel.ismcts_bot(game, simulations=20, seed=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    moves = 0
    while not state.is_terminal() and moves < 8:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 8


def test_mcts_on_the_determinised_game_plays_legal_moves() -> None:
    game = os_game("pocha")
    bot = openspiel.DeterminizedMCTSBot(game, simulations=20, worlds=2, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < 6:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 6


def test_openspiel_bot_as_a_tapete_player() -> None:
    load_ready("pocha")
    game = tapete.load_game("pocha", **CONFIGS["pocha"])
    player = openspiel.OpenSpielBotPlayer(
        lambda g, seat: openspiel.ismcts_bot(g, simulations=10, seed=seat)
    )
    rng = random.Random(5)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(tapete.engine.sample_chance(state, rng))
            continue
        seat = state.current_player()
        action = player.choose(state.view(seat), state.legal_actions(), rng)
        assert state.is_legal(action)
        state.apply_action(action)
        decisions += 1
    assert decisions > 0


def test_parameter_types_follow_openspiel_game_strings() -> None:
    load_ready("pocha")
    load_ready("trynka")
    openspiel.register(["pocha", "pocha-match", "trynka"])
    spec = pyspiel.load_game("tapete_pocha").get_type().parameter_specification
    assert spec["deck"] == openspiel.DEFAULT and spec["hand_size"] == openspiel.DEFAULT
    game = pyspiel.load_game("tapete_pocha(deck=48,n_players=5)")
    assert game.tapete.params["deck"] == "48"
    match = pyspiel.load_game("tapete_pocha_match", {"hand_sequence": "1,2,1"})
    assert match.tapete.params["hand_sequence"] == (1, 2, 1)
    trynka = pyspiel.load_game("tapete_trynka(n_players=2,balances=7:9)")
    assert trynka.tapete.params["balances"] == (7, 9)


def test_unknown_games_are_explained() -> None:
    with pytest.raises(tapete.errors.ConfigError):
        openspiel.load("no-such-game")


SMALL_TRYNKA = dict(
    n_players=2,
    flash_limit=0,
    dark_max=1,
    level_cap=1,
    agreed_svara=False,
    max_svara_chain=0,
    balances=(2, 2),
    fixed_deals=6,
    deal_seed=1,
)


def small_trynka() -> Any:
    load_ready("trynka")
    return openspiel.load("trynka", **SMALL_TRYNKA)


def test_fixed_deals_make_a_small_game_that_passes_the_checks() -> None:
    game = small_trynka()
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state.apply_action(2)
    assert tuple(state.tapete.history()) == game.deals[2]
    assert state.history() == [2]
    # resampling stays among the six deals and keeps the seat's view
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    player = state.current_player()
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.history()[0] in range(6)
        assert world.information_state_string(player) == state.information_state_string(player)


def test_cfr_and_mccfr_on_a_small_trynka_lower_exploitability() -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr

    game = small_trynka()
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    after_cfr = exploitability.exploitability(game, solver.average_policy())
    assert 0 <= after_cfr < uniform / 2
    mccfr = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(500):
        mccfr.iteration()
    after_mccfr = exploitability.exploitability(game, mccfr.average_policy())
    assert 0 <= after_mccfr < uniform


@pytest.mark.parametrize("name", GAMES)
def test_information_state_string_is_the_views_json_form(name: str) -> None:
    """The fast string (events' texts kept) is the view's JSON text, sorted, in one line."""
    import json

    from .conftest import sample_states

    game = load_ready(name)
    for state in sample_states(game, seed=9, limit=120)[::3]:
        for seat in range(game.num_players()):
            view = state.view(seat)
            plain = json.dumps(
                view.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False
            )
            assert openspiel.view_string(view, perfect_recall=True) == plain
            assert (
                json.loads(openspiel.view_string(view, perfect_recall=False)).get("events") is None
            )


@pytest.mark.parametrize("fixed_deals", [0, 3])
@pytest.mark.parametrize("name", DEALS)
def test_python_answers_equal_openspiels_own(name: str, fixed_deals: int) -> None:
    """The methods answered in Python (for speed) give what OpenSpiel's C++ versions give
    (they call back into the trampolines) at every state of a random game."""
    load_ready(name)
    game = openspiel.load(name, **CONFIGS[name], fixed_deals=fixed_deals)
    rng = random.Random(2)
    state = game.new_initial_state()
    seats = range(-1, game.num_players())
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in seats:
            if seat >= 0 or state.is_chance_node():
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.is_simultaneous_node() == pyspiel.State.is_simultaneous_node(state)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("fixed_deals", [0, 3])
@pytest.mark.parametrize("name", DEALS)
def test_actions_applied_from_python_keep_openspiels_history(name: str, fixed_deals: int) -> None:
    """``apply_action`` called from Python skips OpenSpiel's C++ method (and its history):
    the history, its string, the full history, the move number, the initial-state checks,
    the serialisation, a pickle and a clone answer as for a state whose every action
    went through the C++ method, at every state of a random game."""
    load_ready(name)
    game = openspiel.load(name, **CONFIGS[name], fixed_deals=fixed_deals)
    rng = random.Random(4)
    fast = game.new_initial_state()
    slow = game.new_initial_state()
    while True:
        history = pyspiel.State.history(slow)
        assert fast.history() == slow.history() == history
        assert fast.history_str() == pyspiel.State.history_str(slow)
        full = [(pa.player, pa.action) for pa in pyspiel.State.full_history(slow)]
        assert [(pa.player, pa.action) for pa in fast.full_history()] == full
        assert fast.move_number() == pyspiel.State.move_number(slow) == len(history)
        assert fast.is_initial_state() == pyspiel.State.is_initial_state(slow)
        assert fast.is_initial_non_chance_state() == pyspiel.State.is_initial_non_chance_state(slow)
        assert fast.serialize() == pyspiel.State.serialize(slow)
        again = game.deserialize_state(fast.serialize())
        assert pyspiel.State.history(again) == history and str(again) == str(slow)
        assert pickle.loads(pickle.dumps(fast)).history() == history
        assert fast.clone().history() == history
        if fast.is_terminal():
            break
        action = rng.choice(fast.legal_actions())
        assert fast.child(action).history() == [*history, action]
        fast.apply_action(action)
        pyspiel.State.apply_action(slow, action)
    assert fast.returns() == slow.returns()


SMALL_POCHA = dict(n_players=3, hand_size=1, cards_in_play=4, deal_seed=1)


def small_pocha(**params: Any) -> Any:
    load_ready("pocha")
    return openspiel.load("pocha", **(SMALL_POCHA | params))


def test_cards_in_play_deal_only_those_cards_at_random() -> None:
    game = small_pocha()
    assert game.cards is not None and len(game.cards) == 4
    again = pickle.loads(pickle.dumps(game))
    assert again.cards == game.cards
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    seen: set[tuple[int, ...]] = set()
    rng = random.Random(1)
    for _ in range(60):
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert {a for a, _ in outcomes} <= game.cards
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(rng.choice([a for a, _ in outcomes]))
        seen.add(tuple(state.history()))
    assert len(seen) > 12  # random deals (24 orders of the four cards)
    with pytest.raises(tapete.errors.ConfigError):
        small_pocha(cards_in_play=3)  # a card short of the turned-up trump


def test_cards_in_play_make_real_hidden_information() -> None:
    """Unlike ``fixed_deals``, most decision states share their information set."""
    from open_spiel.python.algorithms import get_all_states

    game = small_pocha()
    states = get_all_states.get_all_states(
        game, include_terminals=False, include_chance_states=False, to_string=str
    )
    keys = [s.information_state_string(s.current_player()) for s in states.values()]
    shared = sum(1 for k in keys if keys.count(k) > 1)
    assert shared / len(keys) > 0.5


def test_cards_in_play_resample_every_consistent_world() -> None:
    game = small_pocha(cards_in_play=5)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    worlds = set()
    for _ in range(60):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert set(world.history()) <= game.cards
        worlds.add(tuple(world.history()))
    # the seat knows its card and the turned one: 3 cards left for 2 seats, 6 orders, the
    # turned card after them
    assert len(worlds) == 6


def test_cfr_on_a_small_pocha_lowers_nash_conv() -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = small_pocha()
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(4):
        solver.evaluate_and_update_policy()
    assert 0 <= exploitability.nash_conv(game, solver.average_policy()) < uniform / 2


@pytest.mark.parametrize("bind_python", [False, True])
@pytest.mark.parametrize("name", DEALS)
def test_copies_answer_for_their_own_tapete_state(
    name: str, bind_python: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the compiled core the per-action methods are the tapete state's own, bound on
    each pyspiel state: a clone, a child, a deserialised or unpickled copy answers and
    applies actions for its own tapete state (never the original's), from Python and
    through OpenSpiel's C++ methods; without it the class's methods answer the same."""
    from tapete.rl.openspiel import _DealtState

    monkeypatch.setattr(_DealtState, "BIND_PYTHON", bind_python)
    load_ready(name)
    game = openspiel.load(name, **CONFIGS[name])
    rng = random.Random(5)
    state = game.new_initial_state()
    if bind_python:  # the binding itself is under test, with or without the compiled core
        assert state.__dict__.get("apply_action") is not None
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    copies = [
        state.clone(),
        state.child(state.legal_actions()[0]),
        game.deserialize_state(state.serialize()),
        pickle.loads(pickle.dumps(state)),
        pyspiel.State.clone(state),
    ]
    before = state.history()
    for copy in copies:
        inner = copy.tapete
        assert inner is not state.tapete
        for method in ("current_player", "is_chance_node", "is_terminal", "apply_action"):
            bound = copy.__dict__.get(method)
            if bound is not None:  # the compiled core's: bound to the copy's own state
                assert bound.func.__self__ is inner, (method, type(copy))
        while not copy.is_terminal():
            legal = copy.legal_actions()
            assert legal == inner.legal_actions()
            assert copy.current_player() == inner.current_player()
            action = rng.choice(legal)
            if rng.random() < 0.5:
                copy.apply_action(action)
            else:
                pyspiel.State.apply_action(copy, action)  # C++ asks current_player first
        assert copy.returns() == [float(r) for r in inner.returns()]
        assert state.history() == before
