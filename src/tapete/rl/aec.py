"""The per-step work of the PettingZoo environment (:class:`tapete.rl.pettingzoo.TapeteAECEnv`),
compiled with the rules core (mypyc; pure Python without it).

PettingZoo's ``AECEnv`` is a Python class, so the environment itself cannot be compiled; it
keeps the API (spaces, rendering, dead agents' steps) and hands ``observe``, ``last`` and
``step`` to an :class:`AECCore`, whose methods it binds on the instance: a loop's
``env.last()`` and ``env.step(a)`` then run no Python frame of their own. The core shares the
environment's dictionaries (``rewards``, ``terminations``...) and its ``agents`` list, which
PettingZoo's helpers change in place, and sets its ``agent_selection``.

>>> import tapete
>>> from types import SimpleNamespace
>>> from tapete.rl.encoding import encoder_for
>>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
>>> env = SimpleNamespace()
>>> core = AECCore(env, game, encoder_for(game, events_only=True), ['a', 'b', 'c'])
>>> core.reset(7)
>>> env.agent_selection == ['a', 'b', 'c'][core.state.current_player()]
True
>>> obs, reward, terminated, truncated, info = core.last()
>>> int(obs['action_mask'].sum()) == len(info['legal_actions']), reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

import random
from typing import Any

from tapete.engine import CHANCE, TERMINAL, Game, State, sample_chance
from tapete.rl.encoding.encoder import Encoder, action_mask


class AECCore:
    """The state, the chance generator and the per-step bookkeeping of one AEC environment
    ``env`` (any object: the core sets its attributes), whose agents are ``agents`` (one per
    seat, in seat order)."""

    def __init__(self, env: Any, game: Game, encoder: Encoder, agents: list[str]) -> None:
        self.env = env
        self.game = game
        self.encoder = encoder
        self.possible_agents = agents
        self.n_actions = game.num_distinct_actions()
        self.seat_of = {agent: seat for seat, agent in enumerate(agents)}
        self.rng = random.Random()
        self.state: State = game.new_initial_state()
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self.cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        #: The agent whose info holds the legal actions (None: none, or the game is over).
        self.acting: str | None = None

    def reset(self, seed: int | None) -> None:
        """A new game (``seed`` seeds the chance events; ``None`` goes on with the
        generator), its dictionaries set on the environment, and the first agent to act
        selected."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        agents = self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self.cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {"legal_actions": []} for agent in agents}
        env = self.env
        env.agents = agents
        env.rewards = self.rewards
        env._cumulative_rewards = self.cumulative_rewards
        env.terminations = self.terminations
        env.truncations = self.truncations
        env.infos = self.infos
        self.acting = None
        self.advance()

    def advance(self) -> bool:
        """Play chance events, then select the seat to act (or end the game: returns True,
        the rewards set)."""
        state = self.state
        player = state.current_player()
        while player == CHANCE:
            state.apply_action(sample_chance(state, self.rng))
            player = state.current_player()
        acted = self.acting
        infos = self.infos
        if acted is not None:  # (every other agent's info has no legal actions already)
            infos[acted] = {"legal_actions": []}
            self.acting = None
        if player == TERMINAL:
            returns = state.returns()
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.agents:
                    self.rewards[agent] = float(returns[seat])
                    self.terminations[agent] = True
                    infos[agent] = {"legal_actions": [], "returns": list(returns)}
            self.env.agent_selection = self.agents[0]
            return True
        agent = self.possible_agents[player]
        infos[agent] = {"legal_actions": state.legal_actions()}
        self.acting = agent
        self.env.agent_selection = agent
        return False

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's information as a tensor (a new array) and its action mask (from its
        info's legal actions: none unless it is to act)."""
        mask = action_mask(self.infos[agent]["legal_actions"], self.n_actions)
        tensor = self.encoder.encode_state(self.state, self.seat_of[agent])
        return {"observation": tensor, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the selected agent's observation (``None`` unless
        ``observe``), cumulative reward, termination, truncation and info."""
        agent: str = self.env.agent_selection
        return (
            self.observe(agent) if observe else None,
            self.cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done: PettingZoo's
        dead step, which takes the agent out)."""
        env = self.env
        agent: str = env.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self.dead_step(action)
            return
        self.cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        if self.advance():  # the game is over (the rewards are zero until then)
            env._accumulate_rewards()  # PettingZoo's, into the dictionaries shared

    def dead_step(self, action: Any) -> None:
        """PettingZoo's ``_was_dead_step`` for the selected agent, done here (the same checks,
        in the same order): the agent leaves ``agents`` and the dictionaries, the next agent
        that is done is selected (else the one PettingZoo kept aside, ``_skip_agent_selection``),
        and the rewards are cleared."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        env = self.env
        agent: str = env.agent_selection
        terminations, truncations = self.terminations, self.truncations
        if not (terminations[agent] or truncations[agent]):
            raise AssertionError("an agent that was not dead as attempted to be removed")
        del terminations[agent]
        del truncations[agent]
        del self.rewards[agent]
        del self.cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        done = [a for a in agents if terminations[a] or truncations[a]]
        skipped = getattr(env, "_skip_agent_selection", None)
        if done:
            if skipped is None:
                env._skip_agent_selection = agent
            env.agent_selection = done[0]
        else:
            if skipped is not None:
                env.agent_selection = skipped
            env._skip_agent_selection = None
        rewards = self.rewards
        for other in rewards:
            rewards[other] = 0.0

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterable:
        """PettingZoo's ``agent_iter``: the selected agent, step after step, while any agent
        is left (at most ``max_iter`` steps)."""
        return AgentIterable(self.env, max_iter)


class AgentIterable:
    """What ``agent_iter`` returns (as PettingZoo's ``AECIterable``): each iteration starts
    with ``max_iter`` steps."""

    def __init__(self, env: Any, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> AgentIterator:
        return AgentIterator(self.env, self.max_iter)


class AgentIterator:
    """The selected agent of ``env`` at each step, until no agent is left or ``left`` steps
    have been taken (PettingZoo's ``AECIterator``, compiled with the core)."""

    def __init__(self, env: Any, left: int) -> None:
        self.env = env
        self.left = left

    def __iter__(self) -> AgentIterator:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        agent: str = env.agent_selection
        return agent
