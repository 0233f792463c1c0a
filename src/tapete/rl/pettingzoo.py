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

import sys
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import tapete
from tapete.engine import Game, State
from tapete.errors import ConfigError
from tapete.rl.aec import AECCore
from tapete.rl.encoding import Encoder, encoder_for, events_tensor


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
        actions = self.game.num_distinct_actions()
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
        self.agents: list[str] = []
        #: The per-step work (compiled with the rules core): see :mod:`tapete.rl.aec`.
        self.core = AECCore(self, self.game, self.encoder, self.possible_agents)
        # A loop's calls go straight to the core, with no Python frame of this class (the
        # methods below say the same for readers and for PettingZoo's wrappers).
        self.__dict__.update(
            observe=self.core.observe, last=self.core.last, agent_iter=self.core.agent_iter
        )
        if render_mode != "human":  # (human rendering prints after every step)
            self.__dict__["step"] = self.core.step

    @property
    def state(self) -> State:
        """The tapete state of the game being played."""
        return self.core.state

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's action space: every action number of the game."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the chance events (the deal)."""
        self.core.reset(seed)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's view as a tensor (a new array), and its action mask (from its info's
        legal actions: none unless it is to act)."""
        return self.core.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, cumulative reward, termination, truncation
        and info (PettingZoo's ``last``)."""
        return self.core.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The selected agent at each step while any is left (PettingZoo's ``agent_iter``)."""
        return self.core.agent_iter(max_iter)

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done)."""
        self.core.step(action)
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
