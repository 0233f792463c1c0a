"""PettingZoo AEC environments of tapete's games, rule options as arguments.

>>> from tapete.rl.pettingzoo import env
>>> e = env('pocha', n_players=3, hand_size=2, render_mode='ansi')
>>> e.reset(seed=7)
>>> e.agents
['player_0', 'player_1', 'player_2']
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), int(obs['action_mask'].sum()) == len(info['legal_actions'])
(['action_mask', 'observation'], True)

Each agent ``player_<seat>`` observes its seat's view as the tensor of
:mod:`tapete.rl.encoding` (perfect recall by default: with the event log) and an
``action_mask`` over every action number (all zeros when it is not that seat's turn). Chance
(dealing, turning, drawing) is played inside the environment with a ``random.Random``
seeded by ``reset(seed=...)``. Rewards come at the end: each seat's final
``returns()`` (``terminal_rewards`` off: the change of the standings after every deal of a
match). ``infos[agent]`` holds ``legal_actions`` (the numbers) and, at the end, ``returns``.
``render_mode="ansi"``: ``render()`` returns the table as a spectator sees it, as text
(:func:`tapete.rl.text.describe_state`); ``render_mode="human"``: the same text is printed
after ``reset()`` and after every ``step()`` (and by ``render()``, which returns ``None``).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import tapete
from tapete.engine import CHANCE, TERMINAL, Game, State, sample_chance
from tapete.errors import ConfigError
from tapete.rl.encoding import Encoder, action_mask, encoder_for, events_tensor


class TapeteAECEnv(AECEnv):  # type: ignore[misc]
    """One tapete game as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["human", "ansi"],
        "name": "tapete_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "pocha",
        render_mode: str | None = None,
        perfect_recall: bool = True,
        tensor: str = "view",
        **params: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be 'human', 'ansi' or None, got {render_mode!r}")
        self.game: Game = game if isinstance(game, Game) else tapete.load_game(game, **params)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tapete_{self.game.name.replace('-', '_')}_v0")
        self.encoder: Encoder = encoder_for(
            self.game, perfect_recall, events_only=events_tensor(tensor, perfect_recall)
        )
        n = self.game.num_players()
        actions = self._n_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        low, high = self.encoder.bounds()
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self.agents: list[str] = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        #: The agent whose info holds the legal actions (None: none, or the game is over).
        self._acting: str | None = None

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space: every action number of the game."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the chance events (the deal)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"legal_actions": []} for a in self.agents}
        self._acting = None
        self._advance()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> bool:
        """Play chance events, then select the seat to act (or end the game: returns True)."""
        state = self.state
        player = state.current_player()
        while player == CHANCE:
            state.apply_action(sample_chance(state, self._rng))
            player = state.current_player()
        acted = self._acting
        if acted is not None:  # (every other agent's info has no legal actions already)
            self.infos[acted] = {"legal_actions": []}
            self._acting = None
        if player == TERMINAL:
            returns = state.returns()
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.agents:
                    self.rewards[agent] = float(returns[seat])
                    self.terminations[agent] = True
                    self.infos[agent] = {"legal_actions": [], "returns": list(returns)}
            self.agent_selection = self.agents[0]
            return True
        agent = self.possible_agents[player]
        self.infos[agent] = {"legal_actions": state.legal_actions()}
        self._acting = agent
        self.agent_selection = agent
        return False

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view as a tensor, and its action mask (from its info's legal actions:
        none unless it is to act)."""
        mask = action_mask(self.infos[agent]["legal_actions"], self._n_actions)
        tensor = self.encoder.encode_state(self.state, self._seat_of[agent])
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        if self._advance():  # the game is over (the rewards are zero until then)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: returned (``render_mode="ansi"``) or printed on the standard
        output (``"human"``, which returns ``None``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        from tapete.rl.text import describe_state

        text = describe_state(self.state)
        if self.render_mode == "human":
            print(text + "\n", file=sys.stdout, flush=True)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(game: str | Game = "pocha", **kwargs: Any) -> TapeteAECEnv:
    """An AEC environment of ``game`` (``env('trynka', n_players=3)``)."""
    return TapeteAECEnv(game, **kwargs)
