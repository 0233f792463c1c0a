"""PettingZoo and Gymnasium environments: their own checkers, seeds, masks, rewards."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tapete  # noqa: E402
from tapete.rl.gymnasium import TapeteSeatEnv, vector_env  # noqa: E402
from tapete.rl.pettingzoo import TapeteAECEnv, env  # noqa: E402

from .conftest import CONFIGS, GAMES, load_ready  # noqa: E402


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
