"""PettingZoo and Gymnasium environments: their own checkers, seeds, masks, rewards."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import tapete  # noqa: E402
from tapete.rl.encoding import COUNT_FIELDS, encoder_for  # noqa: E402
from tapete.rl.gymnasium import TapeteSeatEnv, env_id, vector_env  # noqa: E402
from tapete.rl.pettingzoo import TapeteAECEnv, env  # noqa: E402

from .conftest import CONFIGS, GAMES, load_ready, sample_states  # noqa: E402


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    load_ready(name)
    e = env(name, render_mode="ansi", **CONFIGS[name])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about float observations etc.
        api_test(e, num_cycles=60 if name.endswith("-match") else 400)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    load_ready(name)
    seed_test(lambda: env(name, **CONFIGS[name]), num_cycles=200)


def test_pettingzoo_rewards_are_the_returns_and_masks_the_legal_actions() -> None:
    load_ready("pocha")
    e = TapeteAECEnv("pocha", **CONFIGS["pocha"])
    e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert list(np.flatnonzero(mask)) == info["legal_actions"] == e.state.legal_actions()
        e.step(info["legal_actions"][-1])
    returns = e.state.returns()
    assert [totals[a] for a in e.possible_agents] == [float(r) for r in returns]


def test_pettingzoo_loop_calls_reach_the_core_and_share_its_dictionaries() -> None:
    """``last``, ``observe`` and ``step`` are the core's own (no frame of the environment's
    class in a loop; with ``render_mode="human"`` the class's ``step`` prints after it), and
    the dictionaries and agent list PettingZoo's dead steps edit in place are the core's."""
    load_ready("pocha")
    e = TapeteAECEnv("pocha", **CONFIGS["pocha"])
    assert e.last == e.core.last and e.observe == e.core.observe and e.step == e.core.step
    human = TapeteAECEnv("pocha", render_mode="human", **CONFIGS["pocha"])
    assert human.step != human.core.step and human.last == human.core.last
    e.reset(seed=5)
    core = e.core
    assert e.agents is core.agents and e.infos is core.infos
    assert e.rewards is core.rewards and e._cumulative_rewards is core.cumulative_rewards
    assert e.terminations is core.terminations and e.truncations is core.truncations
    dead_steps = 0
    for _agent in e.agent_iter():
        _, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            dead_steps += 1
            e.step(None)
        else:
            e.step(info["legal_actions"][0])
    assert dead_steps == len(e.possible_agents) and e.agents == [] and core.agents is e.agents
    assert e.state is core.state and e.state.is_terminal()


def _dead_steps_record(e: TapeteAECEnv, pettingzoos: bool) -> list[tuple[object, ...]]:
    """What every dead step of a finished game leaves (selection, agents, dictionaries, the
    agent kept aside), the game played with the first legal action; ``pettingzoos``: the
    agents from PettingZoo's ``AECIterable`` and the dead steps by its ``_was_dead_step``."""
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable

    agents = AECIterable(e, 2**63) if pettingzoos else e.agent_iter()
    dead_step = (lambda a: AECEnv._was_dead_step(e, a)) if pettingzoos else e.step
    seen: list[tuple[object, ...]] = []
    for _agent in agents:
        _, _, terminated, truncated, info = e.last()
        if not (terminated or truncated):
            e.step(info["legal_actions"][0])
            continue
        with pytest.raises(ValueError, match="only valid action is None"):
            dead_step(0)  # a dead agent's step takes None
        dead_step(None)
        seen.append(
            (e.agent_selection, list(e.agents), dict(e.rewards), dict(e._cumulative_rewards),
             sorted(e.terminations), sorted(e.truncations), sorted(e.infos),
             getattr(e, "_skip_agent_selection", None))
        )  # fmt: skip
    return seen


def test_pettingzoo_dead_steps_and_agent_iter_are_pettingzoos() -> None:
    """The core's own dead steps and agent iterator leave what PettingZoo's do (its
    ``_was_dead_step`` and ``AECIterable``, on the same game), step after step."""
    load_ready("pocha")
    e = TapeteAECEnv("pocha", **CONFIGS["pocha"])
    for seed in range(6):
        e.reset(seed=seed)
        ours = _dead_steps_record(e, pettingzoos=False)
        e.reset(seed=seed)
        assert ours == _dead_steps_record(e, pettingzoos=True)
        assert len(ours) == len(e.possible_agents) and e.agents == []
        assert list(e.agent_iter()) == []
        e.reset(seed=seed)
        assert list(e.agent_iter(max_iter=0)) == [] and len(list(e.agent_iter(max_iter=3))) == 3


def test_pettingzoo_rule_options_are_arguments() -> None:
    load_ready("pocha")
    e = env("pocha", n_players=5, seven_swap=True)
    assert e.game == tapete.load_game("pocha", n_players=5, seven_swap=True)
    assert len(e.possible_agents) == 5
    with pytest.raises(tapete.errors.ConfigError):
        env("pocha", n_players=99)


def test_render_ansi_names_the_phase_and_the_seat_to_act() -> None:
    load_ready("pocha")
    e = env("pocha", render_mode="ansi", **CONFIGS["pocha"])
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str)
    assert e.state.phase() in text and f"seat {e.state.current_player()}" in text


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name: str) -> None:
    load_ready(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(TapeteSeatEnv(name, **CONFIGS[name]), skip_render_check=True)


def test_gymnasium_episode_against_rule_players() -> None:
    load_ready("pocha")
    environment = TapeteSeatEnv("pocha", seat=1, opponents="rule", **CONFIGS["pocha"])
    obs, info = environment.reset(seed=4)
    total, steps = 0.0, 0
    done = False
    while not done:
        assert environment.observation_space.contains(obs)
        assert list(np.flatnonzero(info["action_mask"])) == info["legal_actions"]
        obs, reward, done, _truncated, info = environment.step(info["legal_actions"][0])
        total += reward
        steps += 1
    assert environment.state.is_terminal() and steps > 0
    assert total == environment.state.returns()[1] == info["returns"][1]


def test_gymnasium_same_seed_same_episode() -> None:
    load_ready("pocha")

    def run(seed: int) -> list[float]:
        e = TapeteSeatEnv("pocha", opponents="random", **CONFIGS["pocha"])
        obs, info = e.reset(seed=seed)
        out = [float(obs.sum())]
        done = False
        while not done:
            obs, reward, done, _, info = e.step(info["legal_actions"][0] if not done else 0)
            out.append(float(obs.sum()) + reward)
        return out

    assert run(9) == run(9)
    assert run(9) != run(10)


def test_gymnasium_illegal_action_ends_the_episode() -> None:
    load_ready("pocha")
    e = TapeteSeatEnv("pocha", **CONFIGS["pocha"])
    _, info = e.reset(seed=2)
    illegal = next(a for a in range(e.action_space.n) if a not in info["legal_actions"])
    _, reward, done, _, info = e.step(illegal)
    assert done and reward == e.game.min_utility() and "illegal" in info


def test_gymnasium_vector_env() -> None:
    load_ready("pocha")
    vec = vector_env(3, "pocha", **CONFIGS["pocha"])
    obs, infos = vec.reset(seed=1)
    assert obs.shape[0] == 3
    masks = infos["action_mask"]
    actions = [int(np.flatnonzero(m)[0]) for m in masks]
    obs, rewards, _terminated, _truncated, infos = vec.step(np.array(actions))
    assert obs.shape[0] == 3 and rewards.shape == (3,)
    vec.close()


def test_gymnasium_opponents_by_name_or_player() -> None:
    load_ready("pocha")
    from tapete.players.base import load

    e = TapeteSeatEnv("pocha", opponents=["random", load("rule")], **CONFIGS["pocha"])
    assert sorted(e.players) == [1, 2]
    with pytest.raises(tapete.errors.ConfigError):
        TapeteSeatEnv("pocha", opponents=["random"], **CONFIGS["pocha"])
    with pytest.raises(tapete.errors.ConfigError):
        TapeteSeatEnv("pocha", seat=7, **CONFIGS["pocha"])


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's ``render_test``: ``human`` (printed, returns None) and ``ansi`` (text)."""
    load_ready(name)
    render_test(lambda render_mode=None: env(name, render_mode=render_mode, **CONFIGS[name]))
    printed = capsys.readouterr().out
    assert f"{name} · " in printed  # human mode printed the table


def test_human_render_prints_after_reset_and_every_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load_ready("pocha")
    e = env("pocha", render_mode="human", **CONFIGS["pocha"])
    e.reset(seed=1)
    assert capsys.readouterr().out.count("pocha · ") == 1
    e.step(e.infos[e.agent_selection]["legal_actions"][0])
    assert capsys.readouterr().out.count("pocha · ") == 1
    assert e.render() is None  # and prints
    assert capsys.readouterr().out.count("pocha · ") == 1
    seat = TapeteSeatEnv("pocha", render_mode="human", **CONFIGS["pocha"])
    _, info = seat.reset(seed=2)
    seat.step(info["legal_actions"][0])
    printed = capsys.readouterr().out
    assert printed.count("pocha · ") == 2 and "seat 0 (you)" in printed
    with pytest.raises(tapete.errors.ConfigError):
        env("pocha", render_mode="rgb_array")


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_make_ids_with_every_render_mode(name: str) -> None:
    """``gymnasium.make("tapete/<name>-v0")``; with a spec, ``check_env`` also makes the
    environment in each declared render mode and checks its render."""
    load_ready(name)
    made = gymnasium.make(env_id(name), **CONFIGS[name])
    assert made.spec is not None and made.spec.id == f"tapete/{name}-v0"
    assert made.unwrapped.game == load_ready(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(made.unwrapped)
    made.close()


def test_gymnasium_step_after_the_end_raises() -> None:
    load_ready("pocha")
    e = TapeteSeatEnv("pocha", **CONFIGS["pocha"])
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)  # before reset()
    _, info = e.reset(seed=5)
    done = False
    while not done:
        _, _, done, _, info = e.step(info["legal_actions"][0])
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)
    _, info = e.reset(seed=5)  # reset() starts again
    illegal = next(a for a in range(e.action_space.n) if a not in info["legal_actions"])
    assert e.step(illegal)[2] is True
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(info["legal_actions"][0])  # an illegal action ended the episode


@pytest.mark.parametrize("name", GAMES)
def test_observation_bounds_are_finite_for_counts_and_hold(name: str) -> None:
    game = load_ready(name)
    for perfect_recall in (True, False):
        encoder = encoder_for(game, perfect_recall)
        low, high = encoder.bounds()
        counted = 0
        for part in encoder.parts:
            leaf = part.name.rsplit(".", 1)[-1].split("[", 1)[0]
            cells = slice(part.offset, part.offset + part.size)
            numbers = part.kind in ("scalar", "seat_values", "optional")
            if leaf in COUNT_FIELDS or leaf == "n_players" or not numbers:
                assert np.isfinite(low[cells]).all() and np.isfinite(high[cells]).all(), part
                counted += leaf in COUNT_FIELDS
        assert counted > 0  # every game counts cards held
        space = gymnasium.spaces.Box(low, high, dtype=np.float32)
        for state in sample_states(game, seed=11, limit=300)[::2]:
            for seat in [None, *range(game.num_players())]:
                assert space.contains(encoder.encode(state.view(seat))), (name, seat)


def test_random_opponents_play_the_same_games_without_views() -> None:
    """``random`` does not read its view (``reads_view`` is false), so the environment
    gives its opponents the bare view, and plays its choice without the call: the episodes
    are those of a random player given the game's full views through ``choose`` (same
    seeds, same actions, same rewards), every game."""
    from tapete.players import RandomPlayer

    class ViewedRandom(RandomPlayer):
        reads_view = True
        seen: list[type] = []  # noqa: RUF012 - the test's record

        def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
            self.seen.append(type(view))
            return super().choose(view, legal_actions, rng)

    assert RandomPlayer.reads_view is False
    for name in ("pocha", "ombre", "trynka"):
        runs = []
        for opponent in ("random", ViewedRandom()):
            game = load_ready(name)
            n = game.num_players()
            opponents = opponent if isinstance(opponent, str) else [ViewedRandom()] * (n - 1)
            gym = TapeteSeatEnv(game, opponents=opponents, tensor="events")
            trace = []
            for seed in range(3):
                _, info = gym.reset(seed=seed)
                done = False
                while not done:
                    action = info["legal_actions"][len(info["legal_actions"]) // 2]
                    _, reward, done, _, info = gym.step(action)
                    trace.append((action, reward))
            runs.append((trace, list(gym.state.history())))
        assert runs[0] == runs[1], name
    assert ViewedRandom.seen and all(t is not tapete.engine.PlayerView for t in ViewedRandom.seen)


def test_gymnasium_generator_is_made_on_first_use_from_the_reset_seed() -> None:
    """``reset(seed=...)`` seeds Gymnasium's ``np_random`` as ``super().reset`` would, but
    makes the generator only when it is read (the environment draws from its own)."""
    from gymnasium.utils import seeding

    load_ready("pocha")
    e = TapeteSeatEnv("pocha", opponents="random", **CONFIGS["pocha"])
    e.reset(seed=5)
    assert e.np_random_seed == 5
    assert e._np_random_pending
    drawn = e.np_random.integers(1 << 30, size=4).tolist()
    assert drawn == seeding.np_random(5)[0].integers(1 << 30, size=4).tolist()
    assert e.unwrapped._np_random is e.np_random
    e.reset()  # no seed: the generator goes on
    assert e.np_random.integers(1 << 30, size=4).tolist() != drawn
    e.reset(seed=5)
    assert e.np_random.integers(1 << 30, size=4).tolist() == drawn
    mine = np.random.default_rng(1)
    e.np_random = mine
    assert e.np_random is mine and e.np_random_seed == -1
