"""A Gymnasium environment for one seat; the other seats are tapete players.

>>> from tapete.rl.gymnasium import TapeteSeatEnv
>>> env = TapeteSeatEnv('pocha', n_players=3, hand_size=2)
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape
True
>>> int(info['action_mask'].sum()) == len(info['legal_actions'])
True

The agent plays ``seat`` (0 by default); every other seat is a tapete player (``rule`` by
default; any name :func:`tapete.players.base.load` knows, or a
:class:`~tapete.players.base.Player`). An observation is the seat's view as the tensor of
:mod:`tapete.rl.encoding`; ``info["action_mask"]`` (int8 over every action number) and
``info["legal_actions"]`` say what may be played, and :meth:`TapeteSeatEnv.action_masks`
gives the mask for maskable agents. An illegal action ends the episode with the reward
``illegal_reward`` (the game's lowest utility by default) and ``info["illegal"]``. The reward
is the seat's final ``returns()`` (0 before the end). Chance and the other players use
generators seeded by ``reset(seed=...)``. ``render_mode="ansi"``: ``render()`` returns the
table as the agent's seat sees it, as text (:func:`tapete.rl.text.describe_state`);
``"human"``: the same text is printed after ``reset()`` and every ``step()``.

:func:`vector_env` builds a ``gymnasium.vector.SyncVectorEnv`` of such environments.
Importing this module registers every game with Gymnasium as ``tapete/<name>-v0``, so that
``gymnasium.make("tapete/pocha-v0", n_players=3)`` works (or, without importing it first,
``gymnasium.make("tapete.rl.gymnasium:tapete/pocha-v0")``); the keyword arguments are the
environment's and the game's parameters.

Stepping before the first ``reset()`` or after the episode ended raises
``gymnasium.error.ResetNeeded``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import tapete
from tapete.engine import (
    CHANCE,
    TERMINAL,
    Game,
    PlayerView,
    State,
    registered_games,
    sample_chance,
)
from tapete.errors import ConfigError, IllegalActionError
from tapete.players.base import Player, RandomPlayer, load
from tapete.rl.encoding import Encoder, action_mask, encoder_for, events_tensor


class TapeteSeatEnv(gymnasium.Env):
    """One seat of a tapete game against tapete players (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        game: str | Game = "pocha",
        seat: int = 0,
        opponents: str | Player | Sequence[str | Player] = "rule",
        render_mode: str | None = None,
        perfect_recall: bool = True,
        illegal_reward: float | None = None,
        tensor: str = "view",
        **params: Any,
    ) -> None:
        self.game: Game = game if isinstance(game, Game) else tapete.load_game(game, **params)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ConfigError(f"seat {seat} is not a seat of {self.game.name} (0…{n - 1})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be 'human', 'ansi' or None, got {render_mode!r}")
        self.seat = seat
        self.render_mode = render_mode
        if isinstance(opponents, (str, Player)):
            opponents = [opponents] * (n - 1)
        if len(opponents) != n - 1:
            raise ConfigError(f"{self.game.name} needs {n - 1} opponents, got {len(opponents)}")
        others = [s for s in range(n) if s != seat]
        self.players: dict[int, Player] = {}
        for other, who in zip(others, opponents, strict=True):
            player = load(who) if isinstance(who, str) else who
            player.start(self.game, other)
            self.players[other] = player
        self.encoder: Encoder = encoder_for(
            self.game, perfect_recall, events_only=events_tensor(tensor, perfect_recall)
        )
        low, high = self.encoder.bounds()
        self.observation_space = gymnasium.spaces.Box(low, high, dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.game.num_distinct_actions())
        self.illegal_reward = (
            float(self.game.min_utility()) if illegal_reward is None else illegal_reward
        )
        self._chance = random.Random()
        self._bots = random.Random()
        self._np_random_pending = False
        self._np_random_made: np.random.Generator | None = None
        #: What an opponent that does not read views is given (``Player.reads_view``).
        self._bare_views = {s: PlayerView(self.game.name, s, s) for s in self.players}
        self.state: State = self.game.new_initial_state()
        #: True before the first ``reset()`` and once an episode has ended.
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game, played until the agent's seat must act (or the end)."""
        if seed is not None:  # what ``super().reset(seed=seed)`` does, the generator made lazily
            self._np_random_seed = seed
            self._np_random_pending = True
            self._chance = random.Random(seed)
            self._bots = random.Random(seed + 1)
        self.state = self.game.new_initial_state()
        self._advance()
        self._done = self.state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    @property
    def _np_random(self) -> np.random.Generator | None:
        """Gymnasium's generator, made on first use from the seed ``reset()`` was given (this
        environment draws from its own generators, so most episodes never need it)."""
        if self._np_random_pending:
            self._np_random_pending = False
            self._np_random_made, _ = gymnasium.utils.seeding.np_random(self._np_random_seed)
        return self._np_random_made

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._np_random_pending = False
        self._np_random_made = value

    def _advance(self) -> None:
        """Play chance and the other seats until the agent's turn or the end."""
        state = self.state
        seat = self.seat
        bots = self._bots
        while True:
            player = state.current_player()
            if player in (seat, TERMINAL):
                return
            if player == CHANCE:
                state.apply_action(sample_chance(state, self._chance))
                continue
            legal = state.legal_actions()
            bot = self.players[player]
            if type(bot) is RandomPlayer:  # its choice, without the call
                state.apply_action(legal[int(bots.random() * len(legal))])
                continue
            view = state.view(player) if bot.reads_view else self._bare_views[player]
            state.apply_action(bot.choose(view, legal, bots))

    def _observation(self) -> Any:
        return self.encoder.encode_state(self.state, self.seat)

    def action_masks(self) -> Any:
        """The legal actions as an int8 mask (all zeros once the game is over)."""
        return action_mask(self._legal(), self.game.num_distinct_actions())

    def _legal(self) -> list[int]:
        state = self.state
        return state.legal_actions() if state.current_player() == self.seat else []

    def _info(self, **extra: Any) -> dict[str, Any]:
        legal = self._legal()
        mask = action_mask(legal, self.game.num_distinct_actions())
        return {"action_mask": mask, "legal_actions": legal, **extra}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent's seat, then the others until its next turn.

        Raises ``gymnasium.error.ResetNeeded`` before the first ``reset()`` and once the
        episode has ended (by the game's end or an illegal action)."""
        if self._done:
            raise gymnasium.error.ResetNeeded(
                "step() was called before reset() or after the episode ended: call reset()"
            )
        state = self.state
        action = int(action)
        try:
            state.apply_action(action)  # checked: a refused action leaves the state unchanged
        except IllegalActionError as error:
            self._done = True
            return (
                self._observation(),
                self.illegal_reward,
                True,
                False,
                self._info(illegal=str(error)),
            )
        self._advance()
        if self.render_mode == "human":
            self.render()
        if state.is_terminal():
            self._done = True
            returns = state.returns()
            info = self._info(returns=list(returns))
            return self._observation(), float(returns[self.seat]), True, False, info
        return self._observation(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        """The table as the agent's seat sees it, as text: returned (``render_mode="ansi"``)
        or printed on the standard output (``"human"``, which returns ``None``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        from tapete.rl.text import describe_state

        text = describe_state(self.state, seat=self.seat)
        if self.render_mode == "human":
            print(text + "\n", file=sys.stdout, flush=True)
            return None
        return text


def vector_env(num_envs: int, game: str = "pocha", **kwargs: Any) -> Any:
    """``num_envs`` :class:`TapeteSeatEnv` in a ``gymnasium.vector.SyncVectorEnv`` (reset
    it with ``seed=`` to seed each environment with ``seed + i``); ``info["action_mask"]``
    stacks the masks."""

    def make() -> TapeteSeatEnv:
        return TapeteSeatEnv(game, **kwargs)

    return gymnasium.vector.SyncVectorEnv([make for _ in range(num_envs)])


def env_id(name: str) -> str:
    """The ``gymnasium.make`` id of the tapete game ``name``.

    >>> env_id('pocha-match')
    'tapete/pocha-match-v0'
    """
    return f"tapete/{name}-v0"


def register_envs(names: Sequence[str] | None = None) -> list[str]:
    """Register :class:`TapeteSeatEnv` of each game (every registered one by default) with
    Gymnasium under :func:`env_id`; returns the ids (registering again is a no-op)."""
    ids = []
    for name in names if names is not None else registered_games():
        key = env_id(name)
        if key not in gymnasium.registry:
            gymnasium.register(
                id=key, entry_point="tapete.rl.gymnasium:TapeteSeatEnv", kwargs={"game": name}
            )
        ids.append(key)
    return ids


register_envs()  # importing the module registers every game, as Gymnasium's own packages do
