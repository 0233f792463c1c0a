"""Masked PPO at La Pocha against ``rule`` bots, in numpy alone (docs/rl.md, *A worked example*).

One agent learns to play every seat of a hand of La Pocha (``--players`` 4, ``--hand-size``
10 by default) against ``rule`` bots, through :class:`tapete.rl.gymnasium.TapeteSeatEnv` and
its action mask. The policy and the value are two small multilayer perceptrons (tanh), trained
by proximal policy optimisation (clipped ratio, generalised advantage estimation, an entropy
bonus, Adam) with the gradients written out by hand, so that nothing beyond the ``rl`` extra
is needed (no torch). The reward of a hand is the agent's *margin*: its points minus the mean
of the other seats'. ``--imitate H`` first clones ``rule``'s decisions in H hands (behaviour
cloning, inside the budget), then runs PPO from there.

``--bid-model`` learns the bid apart (PPO alone collapses onto one bid, see docs/rl.md): a
third perceptron predicts, from the observation at the bid and a candidate bid, how many
tricks the agent will then take (a distribution, trained by cross-entropy on the agent's own
hands as they are played), and the agent bids the legal bid with the most expected points
under the game's scoring (``tapete.games.pocha.scoring.score``); in training one bid in
``--bid-explore`` is a random legal one. PPO learns the card play, its bid steps left out of
the policy's loss.

When the budget is spent the greedy policy (the most probable legal action) plays
``--eval-deals`` seeded deals from every seat, against ``random`` players and against
``rule`` bots; a ``rule`` bot plays the same deals from the same seats as the reference. The
script prints the margins per hand with 95% intervals (over deals, each deal the mean of its
seats) and the agent's paired difference with ``rule``, and writes into ``--out``:

* ``pocha_ppo_curve.png``: the learning curve (the training hands' margin, a moving mean);
* ``pocha_ppo.json``: the figures, the run's parameters, the load and the curve's points;
* ``pocha_ppo.npz``: the weights and the observation normaliser (``--load`` evaluates them).

Run, from the repository (the ``rl`` and ``arena`` extras: numpy, gymnasium, matplotlib)::

    nice -n 19 .venv/bin/python examples/train_pocha_ppo.py --seed 1 --hand-size 5 \
        --lr 5e-4 --minutes 21 --eval-deals 500 --out build/pocha_ppo

``--minutes`` is the whole training's wall-clock budget (``--steps``: a number of agent
decisions instead, reproducible). Everything random is seeded by ``--seed``; the evaluation's
deals depend only on ``--eval-seed``. numpy is held to one thread.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # before numpy is imported: one thread

import argparse  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from tapete.games.pocha.scoring import score  # noqa: E402
from tapete.players.base import Player, load  # noqa: E402
from tapete.rl.gymnasium import TapeteSeatEnv  # noqa: E402

Array = Any  # a numpy array (kept loose: this is an example, not the library)

GAME = "pocha"
#: the table: 4 players, 10 cards (``--players``, ``--hand-size``)
N_PLAYERS = 4
HAND_SIZE = 10


def margin(returns: list[float], seat: int) -> float:
    """``seat``'s points minus the mean of the other seats' points."""
    others = [r for s, r in enumerate(returns) if s != seat]
    return float(returns[seat] - sum(others) / len(others))


class Normaliser:
    """Running mean and variance of the observations (each cell), to scale the inputs."""

    def __init__(self, size: int) -> None:
        self.mean = np.zeros(size)
        self.var = np.ones(size)
        self.count = 1e-4

    def update(self, batch: Array) -> None:
        """Fold a batch of observations into the running moments."""
        n = batch.shape[0]
        delta = batch.mean(0) - self.mean
        total = self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (
            self.var * self.count + batch.var(0) * n + delta**2 * self.count * n / total
        ) / total
        self.count = total

    def __call__(self, obs: Array) -> Array:
        """``obs`` scaled (float32, clipped to ±5)."""
        x = np.clip((obs - self.mean) / np.sqrt(self.var + 1e-8), -5.0, 5.0)
        return x.astype(np.float32)


class MLP:
    """A tanh perceptron whose gradients are written out (forward keeps what backward needs)."""

    def __init__(self, sizes: list[int], rng: np.random.Generator, out_scale: float) -> None:
        self.params: list[Array] = []
        for i, (a, b) in enumerate(itertools.pairwise(sizes)):
            scale = out_scale if i == len(sizes) - 2 else math.sqrt(2.0)
            q, _ = np.linalg.qr(rng.standard_normal((max(a, b), min(a, b))))
            w = q if a >= b else q.T  # orthogonal initialisation, as is usual for PPO
            self.params += [(scale * w[:a, :b]).astype(np.float32), np.zeros(b, np.float32)]

    def forward(self, x: Array) -> tuple[Array, list[Array]]:
        """The output and the layers' activations."""
        acts = [x]
        n = len(self.params) // 2
        for i in range(n):
            x = x @ self.params[2 * i] + self.params[2 * i + 1]
            if i < n - 1:
                x = np.tanh(x)
            acts.append(x)
        return x, acts

    def backward(self, acts: list[Array], grad: Array) -> list[Array]:
        """The gradients of the parameters, given the output's."""
        n = len(self.params) // 2
        grads: list[Array] = [None] * len(self.params)
        for i in reversed(range(n)):
            grads[2 * i] = acts[i].T @ grad
            grads[2 * i + 1] = grad.sum(0)
            if i:
                grad = (grad @ self.params[2 * i].T) * (1.0 - acts[i] ** 2)
        return grads


class Adam:
    """Adam over a list of arrays, updated in place."""

    def __init__(self, params: list[Array], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[Array]) -> None:
        """One step along ``grads``."""
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= self.lr * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


def masked_log_softmax(logits: Array, masks: Array) -> Array:
    """Log-probabilities over the legal actions (illegal ones: a very low number)."""
    z = np.where(masks > 0, logits, -1e9)
    z = z - z.max(1, keepdims=True)
    return z - np.log(np.exp(z).sum(1, keepdims=True))


def softmax(logits: Array) -> Array:
    """Each row's probabilities."""
    z = np.exp(logits - logits.max(1, keepdims=True))
    return z / z.sum(1, keepdims=True)


class BidModel:
    """The bid learnt apart (``--bid-model``): the distribution of the tricks the agent takes
    after bidding ``b`` with the hand it sees, and the bid with the most expected points.

    >>> import numpy as np
    >>> from tapete.engine import load_game
    >>> rules = load_game("pocha", n_players=4, hand_size=2).rules
    >>> model = BidModel(3, 2, 8, 1e-3, 0, rules)
    >>> model.points[1].tolist()  # the points of a bid of 1 when 0, 1 or 2 tricks are taken
    [-5.0, 15.0, -5.0]
    >>> model.choose(np.zeros(3, np.float32), [0, 1, 2], np.random.default_rng(0), 0.0) in (0, 1, 2)
    True
    """

    CAPACITY = 60_000

    def __init__(
        self, obs_size: int, hand_size: int, hidden: int, lr: float, seed: int, rules: Any
    ) -> None:
        rng = np.random.default_rng(seed + 17)
        self.k = hand_size + 1  # bids and trick counts: 0 … hand_size
        self.net = MLP([obs_size + self.k, hidden, hidden, self.k], rng, 0.01)
        self.opt = Adam(self.net.params, lr)
        #: ``points[b, w]``: the game's score of bid ``b`` when ``w`` tricks are taken.
        self.points = np.array(
            [[score(rules, b, w) for w in range(self.k)] for b in range(self.k)], np.float64
        )
        self.obs = np.zeros((self.CAPACITY, obs_size), np.float32)
        self.bid = np.zeros(self.CAPACITY, np.int64)
        self.won = np.zeros(self.CAPACITY, np.int64)
        self.stored = 0
        self.rng = rng

    def _inputs(self, x: Array, bids: Array) -> Array:
        one_hot = np.zeros((len(bids), self.k), np.float32)
        one_hot[np.arange(len(bids)), bids] = 1.0
        return np.concatenate([x, one_hot], axis=1)

    def expected(self, x: Array, bids: list[int]) -> Array:
        """The expected points of each of ``bids`` for one normalised observation ``x``."""
        b = np.asarray(bids)
        p = softmax(self.net.forward(self._inputs(np.repeat(x[None], len(b), 0), b))[0])
        return (p * self.points[b]).sum(1)

    def choose(self, x: Array, bids: list[int], rng: np.random.Generator, explore: float) -> int:
        """The bid with the most expected points (a random one with probability ``explore``)."""
        if explore and rng.random() < explore:
            return int(bids[int(rng.integers(len(bids)))])
        return int(bids[int(self.expected(x, bids).argmax())])

    def remember(self, obs: Array, bid: int, won: int) -> None:
        """One hand: the observation at the bid (raw), the bid, the tricks taken."""
        i = self.stored % self.CAPACITY
        self.obs[i], self.bid[i], self.won[i] = obs, bid, won
        self.stored += 1

    def fit(self, norm: Normaliser, batches: int, size: int) -> float:
        """``batches`` steps of cross-entropy on hands drawn from memory; the mean loss."""
        n = min(self.stored, self.CAPACITY)
        if n < size:
            return float("nan")
        total = 0.0
        for _ in range(batches):
            idx = self.rng.integers(n, size=size)
            x = self._inputs(norm(self.obs[idx]), self.bid[idx])
            logits, acts = self.net.forward(x)
            p = softmax(logits)
            won = self.won[idx]
            total -= float(np.log(p[np.arange(size), won] + 1e-12).mean())
            d_logits = (p / size).astype(np.float32)
            d_logits[np.arange(size), won] -= 1.0 / size
            self.opt.step(self.net.backward(acts, d_logits))
        return total / batches


#: Action id -> bid for the bid actions met so far (``None``: not a bid).
_BIDS: dict[int, int | None] = {}


def bid_actions(env: TapeteSeatEnv, legal: list[int]) -> dict[int, int]:
    """The legal actions that are bids, with their numbers (empty: not a bid decision)."""
    out = {}
    for a in legal:
        if a not in _BIDS:
            text = env.state.action_to_string(a)
            _BIDS[a] = int(text.split()[1]) if text.startswith("bid ") else None
        bid = _BIDS[a]
        if bid is not None:
            out[a] = bid
    return out


class Agent:
    """The policy and value networks, the normaliser and the PPO update (and, with
    ``--bid-model``, the bid learnt apart: :class:`BidModel`)."""

    def __init__(
        self, obs_size: int, n_actions: int, hidden: int, lr: float, seed: int,
        bid_model: BidModel | None = None,
    ) -> None:  # fmt: skip
        rng = np.random.default_rng(seed)
        self.norm = Normaliser(obs_size)
        self.pi = MLP([obs_size, hidden, hidden, n_actions], rng, 0.01)
        self.v = MLP([obs_size, hidden, hidden, 1], rng, 1.0)
        self.opt = Adam(self.pi.params + self.v.params, lr)
        self.rng = rng
        self.bidder = bid_model

    def bid(self, env: TapeteSeatEnv, obs: Array, legal: list[int], explore: float = 0.0) -> int:
        """The bid model's action at a bid decision (``None`` without a bid model or when
        ``legal`` holds no bid)."""
        assert self.bidder is not None
        found = bid_actions(env, legal)
        choice = self.bidder.choose(self.norm(obs[None])[0], sorted(found.values()), self.rng,
                                    explore)  # fmt: skip
        return next(a for a, b in found.items() if b == choice)

    def act(self, obs: Array, masks: Array, greedy: bool = False) -> tuple[Array, Array, Array]:
        """Actions (sampled, or the most probable), their log-probabilities, the values."""
        x = self.norm(obs)
        logp = masked_log_softmax(self.pi.forward(x)[0], masks)
        if greedy:
            actions = logp.argmax(1)
        else:  # Gumbel-max: a sample of each row's distribution
            actions = (logp - np.log(-np.log(self.rng.random(logp.shape)))).argmax(1)
        values = self.v.forward(x)[0][:, 0]
        return actions, logp[np.arange(len(actions)), actions], values

    def update(self, batch: dict[str, Array], hp: argparse.Namespace) -> dict[str, float]:
        """PPO epochs over the rollout ``batch``; the last minibatch's statistics."""
        n = len(batch["actions"])
        x_all = self.norm(batch["obs"])
        stats: dict[str, float] = {}
        for _ in range(hp.epochs):
            order = self.rng.permutation(n)
            for start in range(0, n, hp.minibatch):
                idx = order[start : start + hp.minibatch]
                x, masks, a = x_all[idx], batch["masks"][idx], batch["actions"][idx]
                adv = batch["advantages"][idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                w = batch["weights"][idx]  # 0: a step PPO did not choose (the bid model's)
                b = len(idx)
                logits, pi_acts = self.pi.forward(x)
                logp_all = masked_log_softmax(logits, masks)
                p = np.exp(logp_all)
                logp = logp_all[np.arange(b), a]
                ratio = np.exp(logp - batch["logp"][idx])
                unclipped = ratio * adv <= np.clip(ratio, 1 - hp.clip, 1 + hp.clip) * adv
                # d(loss)/d(logp): the clipped surrogate's, zero where the clip holds
                d_logp = np.where(unclipped, -adv * ratio, 0.0) * w / b
                d_logits = (-p * d_logp[:, None]).astype(np.float32)
                d_logits[np.arange(b), a] += d_logp
                entropy = -(p * np.where(p > 0, logp_all, 0.0)).sum(1)
                # the entropy bonus: d(-c H)/dz_j = c p_j (log p_j + H)
                d_logits += (
                    (hp.ent / b * w[:, None])
                    * p
                    * (np.where(p > 0, logp_all, 0.0) + entropy[:, None])
                )
                values, v_acts = self.v.forward(x)
                d_values = (hp.vf * (values[:, 0] - batch["returns"][idx]) / b).astype(np.float32)
                grads = self.pi.backward(pi_acts, d_logits) + self.v.backward(
                    v_acts, d_values[:, None]
                )
                norm = math.sqrt(sum(float((g * g).sum()) for g in grads))
                if norm > hp.max_grad_norm:
                    grads = [g * (hp.max_grad_norm / norm) for g in grads]
                self.opt.step(grads)
                stats = {
                    "entropy": float(entropy.mean()),
                    "approx_kl": float((batch["logp"][idx] - logp).mean()),
                    "clipped": float(1 - unclipped.mean()),
                    "value_loss": float(((values[:, 0] - batch["returns"][idx]) ** 2).mean()),
                }
        return stats

    def imitate(self, data: dict[str, Array], hp: argparse.Namespace) -> dict[str, float]:
        """Behaviour cloning: epochs of cross-entropy towards ``data["actions"]`` (and the
        value towards the hands' margins), before PPO (``--imitate``)."""
        n = len(data["actions"])
        x_all = self.norm(data["obs"])
        stats: dict[str, float] = {}
        for _ in range(hp.imitate_epochs):
            order = self.rng.permutation(n)
            hits = 0.0
            for start in range(0, n, hp.minibatch):
                idx = order[start : start + hp.minibatch]
                x, masks, a = x_all[idx], data["masks"][idx], data["actions"][idx]
                b = len(idx)
                logits, pi_acts = self.pi.forward(x)
                p = np.exp(masked_log_softmax(logits, masks))
                hits += float((p.argmax(1) == a).sum())
                d_logits = (p / b).astype(np.float32)
                d_logits[np.arange(b), a] -= 1.0 / b
                values, v_acts = self.v.forward(x)
                d_values = (hp.vf * (values[:, 0] - data["returns"][idx]) / b).astype(np.float32)
                grads = self.pi.backward(pi_acts, d_logits) + self.v.backward(
                    v_acts, d_values[:, None]
                )
                self.opt.step(grads)
            stats = {"agreement": hits / n}
        return stats

    def save(self, path: Path) -> None:
        """The weights and the normaliser as a ``.npz`` file."""
        arrays = {f"pi{i}": p for i, p in enumerate(self.pi.params)}
        arrays |= {f"v{i}": p for i, p in enumerate(self.v.params)}
        if self.bidder is not None:
            arrays |= {f"b{i}": p for i, p in enumerate(self.bidder.net.params)}
        np.savez(path, mean=self.norm.mean, var=self.norm.var, **arrays)

    def load(self, path: Path) -> None:
        """Weights and normaliser saved by :meth:`save`."""
        data = np.load(path)
        self.norm.mean, self.norm.var = data["mean"], data["var"]
        for i in range(len(self.pi.params)):
            self.pi.params[i][...] = data[f"pi{i}"]
        for i in range(len(self.v.params)):
            self.v.params[i][...] = data[f"v{i}"]
        if self.bidder is not None:
            for i in range(len(self.bidder.net.params)):
                self.bidder.net.params[i][...] = data[f"b{i}"]


def make_env(seat: int, opponents: str) -> TapeteSeatEnv:
    """One seat of La Pocha (``N_PLAYERS``, ``HAND_SIZE``) against ``opponents`` bots."""
    return TapeteSeatEnv(
        GAME,
        seat=seat,
        opponents=opponents,
        perfect_recall=False,
        n_players=N_PLAYERS,
        hand_size=HAND_SIZE,
    )


def collect_rule(hands: int, seed: int, reward_scale: float) -> dict[str, Array]:
    """``hands`` hands of a ``rule`` bot against ``rule`` bots (every seat in turn): its
    observations, masks and actions, and each hand's margin as the value target."""
    rule = load("rule")
    rows: dict[str, list[Array]] = {"obs": [], "masks": [], "actions": [], "returns": []}
    envs = [make_env(seat, "rule") for seat in range(N_PLAYERS)]
    for hand in range(hands):
        env = envs[hand % N_PLAYERS]
        rule.start(env.game, env.seat)
        rng = random.Random(seed * 1_000_003 + hand)
        obs, info = env.reset(seed=seed * 1_000_003 + hand)
        done, count = False, 0
        while not done:
            action = rule.choose(env.state.view(env.seat), info["legal_actions"], rng)
            rows["obs"].append(obs)
            rows["masks"].append(info["action_mask"])
            rows["actions"].append(action)
            count += 1
            obs, _, done, _, info = env.step(action)
        rows["returns"] += [margin(info["returns"], env.seat) / reward_scale] * count
    return {k: np.array(v) for k, v in rows.items()}


def train(agent: Agent, hp: argparse.Namespace) -> dict[str, Any]:
    """Train ``agent`` against ``rule`` bots until the budget is spent; the learning curve."""
    start = time.monotonic()
    imitation: dict[str, float] = {}
    if hp.imitate:
        data = collect_rule(hp.imitate, hp.seed + 500_000, hp.reward_scale)
        agent.norm.update(data["obs"])
        imitation = agent.imitate(data, hp)
        imitation["seconds"] = time.monotonic() - start
        print(
            f"[{imitation['seconds'] / 60:5.1f} min] cloned rule from {hp.imitate} hands "
            f"({len(data['actions'])} decisions): agrees with it on "
            f"{100 * imitation['agreement']:.1f}% of them",
            flush=True,
        )
        del data
    envs = [make_env(i % N_PLAYERS, "rule") for i in range(hp.envs)]
    episode = 0
    obs_list, masks_list, legal_now = [], [], []
    for env in envs:
        obs, info = env.reset(seed=hp.seed * 1_000_003 + episode)
        episode += 1
        obs_list.append(obs)
        masks_list.append(info["action_mask"])
        legal_now.append(info["legal_actions"])
    obs_now, masks_now = np.array(obs_list), np.array(masks_list)
    pending: list[tuple[Array, int] | None] = [None] * len(envs)  # each env's bid, its obs
    bid_loss = float("nan")
    margins: list[float] = []
    curve_steps: list[int] = []
    steps, updates = 0, 0
    last_print = start
    budget = hp.minutes * 60.0
    n, t_len = hp.envs, hp.rollout
    while True:
        elapsed = time.monotonic() - start
        if (hp.steps and steps >= hp.steps) or (not hp.steps and elapsed >= budget):
            break
        keys = ("obs", "masks", "actions", "logp", "weights")
        buf: dict[str, list[Array]] = {k: [] for k in keys}
        values, rewards, dones = (
            np.zeros((t_len + 1, n)),
            np.zeros((t_len, n)),
            np.zeros((t_len, n)),
        )
        agent.norm.update(obs_now)
        for t in range(t_len):
            actions, logp, values[t] = agent.act(obs_now, masks_now)
            weights = np.ones(n, np.float32)
            if agent.bidder is not None:
                for i, env in enumerate(envs):
                    if bid_actions(env, legal_now[i]):
                        actions[i] = agent.bid(env, obs_now[i], legal_now[i], hp.bid_explore)
                        weights[i] = 0.0
                        pending[i] = (obs_now[i].copy(), _BIDS[int(actions[i])] or 0)
            buf["obs"].append(obs_now)
            buf["masks"].append(masks_now)
            buf["actions"].append(actions)
            buf["logp"].append(logp)
            buf["weights"].append(weights)
            obs_list, masks_list, legal_now = [], [], []
            for i, env in enumerate(envs):
                obs, _, done, _, info = env.step(int(actions[i]))
                if done and agent.bidder is not None and pending[i] is not None:
                    seen, bid = pending[i]  # type: ignore[misc]
                    agent.bidder.remember(seen, bid, env.state.tricks_won[env.seat])  # type: ignore[attr-defined]
                    pending[i] = None
                if done:
                    rewards[t, i] = margin(info["returns"], env.seat) / hp.reward_scale
                    dones[t, i] = 1.0
                    margins.append(rewards[t, i] * hp.reward_scale)
                    curve_steps.append(steps + (t + 1) * n)
                    obs, info = env.reset(seed=hp.seed * 1_000_003 + episode)
                    episode += 1
                obs_list.append(obs)
                masks_list.append(info["action_mask"])
                legal_now.append(info["legal_actions"])
            obs_now, masks_now = np.array(obs_list), np.array(masks_list)
        values[t_len] = agent.act(obs_now, masks_now)[2]
        # generalised advantage estimation (undiscounted: a hand is short and ends)
        adv = np.zeros((t_len, n))
        last = np.zeros(n)
        for t in reversed(range(t_len)):
            live = 1.0 - dones[t]
            delta = rewards[t] + hp.gamma * values[t + 1] * live - values[t]
            last = delta + hp.gamma * hp.lam * live * last
            adv[t] = last
        batch = {k: np.concatenate(v) for k, v in buf.items()}
        batch["advantages"] = adv.reshape(-1)
        batch["returns"] = (adv + values[:t_len]).reshape(-1)
        stats = agent.update(batch, hp)
        if agent.bidder is not None:
            bid_loss = agent.bidder.fit(agent.norm, hp.bid_batches, hp.minibatch)
        steps += t_len * n
        updates += 1
        now = time.monotonic()
        if now - last_print >= hp.print_every or updates == 1:
            last_print = now
            recent = margins[-2000:]
            mean = np.mean(recent) if recent else 0.0
            print(
                f"[{(now - start) / 60:5.1f} min] update {updates:5d}  hands {len(margins):7d}  "
                f"decisions {steps:8d} ({steps / (now - start):.0f}/s)  "
                f"margin vs rule, last {len(recent)} hands: {mean:+.2f}  "
                f"entropy {stats['entropy']:.3f}  kl {stats['approx_kl']:+.4f}"
                + ("" if agent.bidder is None else f"  bid model's loss {bid_loss:.3f}"),
                flush=True,
            )
    return {
        "hands": len(margins),
        "decisions": steps,
        "updates": updates,
        "seconds": time.monotonic() - start,
        "margins": margins,
        "curve_steps": curve_steps,
        "imitation": imitation,
    }


_ENVS: dict[tuple[int, str], TapeteSeatEnv] = {}


Who = Agent | Player | tuple["Agent | Player", "Agent | Player"]


def play(who: Who, opponents: str, deal: int, seat: int) -> float:
    """``who``'s margin from ``seat`` on the seeded deal ``deal`` against ``opponents`` bots
    (``who``: one player, or a pair: who bids, who plays the cards)."""
    env = _ENVS.get((seat, opponents))
    if env is None:
        env = _ENVS[seat, opponents] = make_env(seat, opponents)
    obs, info = env.reset(seed=deal)
    rng = random.Random(deal)
    bidder, carder = who if isinstance(who, tuple) else (who, who)
    for player in (bidder, carder):
        if isinstance(player, Player):
            player.start(env.game, seat)
    done = False
    while not done:
        legal = info["legal_actions"]
        bidding = env.state.action_to_string(legal[0]).startswith("bid")
        player = bidder if bidding else carder
        if isinstance(player, Player):
            action = player.choose(env.state.view(seat), legal, rng)
        elif bidding and player.bidder is not None:
            action = player.bid(env, obs, legal)
        else:
            action = int(player.act(obs[None], info["action_mask"][None], greedy=True)[0][0])
        obs, _, done, _, info = env.step(action)
    if "illegal" in info:
        raise RuntimeError(f"an illegal action: {info['illegal']}")
    return margin(info["returns"], seat)


def split(agent: Agent, deals: int, seed: int) -> dict[str, Any]:
    """Where the points go against ``rule``: the agent's bids with ``rule``'s card play, and
    ``rule``'s bids with the agent's card play (and the agent alone), on the same deals."""
    out: dict[str, Any] = {}
    pairs: dict[str, Who] = {
        "agent": agent,
        "rule_bids_agent_cards": (load("rule"), agent),
        "agent_bids_rule_cards": (agent, load("rule")),
    }
    for name, who in pairs.items():
        rows = [
            sum(play(who, "rule", seed * 1_000_003 + d, s) for s in range(N_PLAYERS)) / N_PLAYERS
            for d in range(deals)
        ]
        out[name] = interval(rows)
        print(f"against rule, {name.replace('_', ' ')}: {_fmt(out[name])}", flush=True)
    out["bids"] = bids(agent, deals, seed)
    print(f"bids on the same deals and seats (agent, rule): {out['bids']}", flush=True)
    return out


def bids(agent: Agent, deals: int, seed: int) -> dict[str, dict[str, int]]:
    """How often the greedy agent and ``rule`` make each bid, at the same first decisions."""
    counts: dict[str, dict[str, int]] = {"agent": {}, "rule": {}}
    rule = load("rule")
    for d in range(deals):
        for seat in range(N_PLAYERS):
            env = _ENVS.get((seat, "rule")) or make_env(seat, "rule")
            _ENVS[seat, "rule"] = env
            obs, info = env.reset(seed=seed * 1_000_003 + d)
            rule.start(env.game, seat)
            if agent.bidder is not None:
                mine = agent.bid(env, obs, info["legal_actions"])
            else:
                mine = int(agent.act(obs[None], info["action_mask"][None], greedy=True)[0][0])
            theirs = rule.choose(env.state.view(seat), info["legal_actions"], random.Random(d))
            for who, action in (("agent", mine), ("rule", theirs)):
                text = env.state.action_to_string(action)
                counts[who][text] = counts[who].get(text, 0) + 1
    return {who: dict(sorted(c.items())) for who, c in counts.items()}


def interval(values: list[float]) -> dict[str, float]:
    """Mean and 95% normal interval of ``values``."""
    a = np.asarray(values)
    half = 1.96 * a.std(ddof=1) / math.sqrt(len(a))
    return {"mean": float(a.mean()), "low": float(a.mean() - half), "high": float(a.mean() + half)}


def evaluate(agent: Agent, deals: int, seed: int) -> dict[str, Any]:
    """The greedy agent and ``rule`` on the same deals and seats, against each opponent."""
    out: dict[str, Any] = {}
    for opponents in ("random", "rule"):
        rows: dict[str, list[float]] = {"agent": [], "rule": []}
        for d in range(deals):
            deal = seed * 1_000_003 + d
            for name, who in (("agent", agent), ("rule", load("rule"))):
                seats = [play(who, opponents, deal, seat) for seat in range(N_PLAYERS)]
                rows[name].append(sum(seats) / N_PLAYERS)
        diff = [a - r for a, r in zip(rows["agent"], rows["rule"], strict=True)]
        out[opponents] = {
            "agent": interval(rows["agent"]),
            "rule": interval(rows["rule"]),
            "agent_minus_rule": interval(diff),
            "deals": deals,
        }
        print(
            f"against {opponents}: agent {_fmt(out[opponents]['agent'])}, "
            f"rule {_fmt(out[opponents]['rule'])}, "
            f"agent - rule {_fmt(out[opponents]['agent_minus_rule'])} (per hand, {deals} deals)",
            flush=True,
        )
    return out


def _fmt(ci: dict[str, float]) -> str:
    return f"{ci['mean']:+.2f} [{ci['low']:+.2f}, {ci['high']:+.2f}]"


def plot(
    result: dict[str, Any], figures: dict[str, Any], path: Path, window: int, bid_model: bool
) -> None:
    """The learning curve: the training hands' margin against ``rule``, a moving mean."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    margins = np.asarray(result["margins"])
    hands = np.arange(1, len(margins) + 1) / 1000
    w = min(window, max(1, len(margins) // 5))
    smooth = np.convolve(margins, np.ones(w) / w, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    ax.plot(hands[w - 1 :], smooth, label=f"PPO, training hands (moving mean of {w})")
    ax.axhline(0.0, color="tab:gray", lw=1, ls="--", label="rule's own margin against rule (0)")
    final = figures["rule"]["agent"]
    ax.errorbar(
        [hands[-1]],
        [final["mean"]],
        yerr=[[final["mean"] - final["low"]], [final["high"] - final["mean"]]],
        fmt="o",
        color="tab:red",
        capsize=4,
        label=f"greedy policy, {figures['rule']['deals']} deals × {N_PLAYERS} seats (95%)",
    )
    minutes = result["seconds"] / 60
    ax.set_xlabel(f"hands played in training (thousands; {minutes:.0f} minutes)")
    ax.set_ylabel("margin per hand (points)")
    how = "masked PPO + bid model" if bid_model else "masked PPO"
    ax.set_title(f"La Pocha {N_PLAYERS}×{HAND_SIZE}: {how} (numpy) against rule bots")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=N_PLAYERS, help="La Pocha's n_players")
    p.add_argument("--hand-size", type=int, default=HAND_SIZE, help="cards per player")
    p.add_argument("--seed", type=int, default=1, help="the training's seed")
    p.add_argument("--minutes", type=float, default=20.0, help="training budget, wall clock")
    p.add_argument("--steps", type=int, default=0, help="a budget of agent decisions instead")
    p.add_argument("--out", type=Path, default=Path("pocha_ppo"), help="output directory")
    p.add_argument("--eval-deals", type=int, default=400, help="deals of the evaluation")
    p.add_argument("--eval-seed", type=int, default=7, help="the evaluation deals' seed")
    p.add_argument(
        "--split-deals", type=int, default=0, help="also split bids from card play (deals)"
    )
    p.add_argument("--load", type=Path, help="evaluate these weights (.npz) instead of training")
    p.add_argument(
        "--imitate", type=int, default=0, help="first clone rule's play in this many hands"
    )
    p.add_argument("--imitate-epochs", type=int, default=8)
    p.add_argument(
        "--bid-model", action="store_true", help="learn the bid apart (a model of the tricks)"
    )
    p.add_argument("--bid-explore", type=float, default=0.1, help="random bids in training")
    p.add_argument("--bid-batches", type=int, default=4, help="bid model steps per update")
    p.add_argument("--envs", type=int, default=16, help="environments stepped together")
    p.add_argument("--rollout", type=int, default=64, help="steps per environment per update")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatch", type=int, default=256)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent", type=float, default=0.01, help="entropy bonus")
    p.add_argument("--vf", type=float, default=0.5, help="value loss weight")
    p.add_argument("--gamma", type=float, default=1.0)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--reward-scale", type=float, default=20.0, help="margins are divided by it")
    p.add_argument("--window", type=int, default=2000, help="the curve's moving mean")
    p.add_argument("--print-every", type=float, default=30.0, help="seconds between lines")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    """Train (or load), evaluate, write the curve and the figures."""
    global N_PLAYERS, HAND_SIZE  # the table, set once from the command line
    hp = parse(argv)
    N_PLAYERS, HAND_SIZE = hp.players, hp.hand_size
    hp.out.mkdir(parents=True, exist_ok=True)
    load_at_start = list(os.getloadavg())
    probe = make_env(0, "rule")
    bidder = (
        BidModel(probe.encoder.size, HAND_SIZE, hp.hidden, hp.lr, hp.seed, probe.game.rules)  # type: ignore[attr-defined]
        if hp.bid_model
        else None
    )
    size, n_actions = probe.encoder.size, probe.game.num_distinct_actions()
    agent = Agent(size, n_actions, hp.hidden, hp.lr, hp.seed, bidder)
    if hp.load:
        agent.load(hp.load)
        result = None
    else:
        print(f"training for {hp.steps or f'{hp.minutes} minutes'} ...", flush=True)
        result = train(agent, hp)
        agent.save(hp.out / "pocha_ppo.npz")
    started = time.monotonic()
    figures = evaluate(agent, hp.eval_deals, hp.eval_seed)
    if hp.split_deals:
        figures["split"] = split(agent, hp.split_deals, hp.eval_seed + 1)
    report: dict[str, Any] = {
        "args": {k: str(v) for k, v in vars(hp).items()},
        "load_average_at_start": load_at_start,
        "load_average_at_end": list(os.getloadavg()),
        "evaluation": figures,
        "evaluation_seconds": time.monotonic() - started,
    }
    if result is not None:
        keys = ("hands", "decisions", "updates", "seconds", "imitation")
        report["training"] = {k: result[k] for k in keys}
        plot(result, figures, hp.out / "pocha_ppo_curve.png", hp.window, hp.bid_model)
        w = hp.window
        report["curve"] = [
            [result["curve_steps"][i], float(np.mean(result["margins"][max(0, i - w + 1) : i + 1]))]
            for i in range(0, len(result["margins"]), max(1, len(result["margins"]) // 100))
        ]
    (hp.out / "pocha_ppo.json").write_text(json.dumps(report, indent=1) + "\n")
    print(f"wrote {hp.out}/pocha_ppo.json" + ("" if hp.load else " and pocha_ppo_curve.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
