"""Trynka's betting tree and hand-strength tables, as the CFR solver sees them.

:class:`Abstraction` holds the rule options that shape the tree or the hand values (the pack,
``sixes_over_aces``, ``two_aces_22``, ``trips_score``, the stake, the ante, ``dark_max``,
``level_cap``, ``blind_chain``, ``dark_reveal_cost``, ``closing``, ``agreed_svara``) and the
bet abstraction. :func:`build_tree` plays the betting rules of one deal (trynka.md §2.5-2.10)
on positions ``0 … n-1`` (0 = P1, the dealer's left; ``n-1`` the dealer) into a flat tree:
decision nodes, reveal outcomes (three or more players: the lower hand is out) and
terminals (one player left; a showdown; an agreed svara). What the model leaves out: cards
dealt face up (the bots never ask; an opponent's exposed card is ignored), three-tens
redeals (the hand counts 10 points), and a svara is valued as the bank split between the
tied players (what a tie becomes after ``max_svara_chain`` svaras).

Hands enter as *strength classes*: the distinct hand values of the pack under the value
options, weakest first (:func:`strength_classes`, from the game's own
:func:`tapete.games.trynka.values.local_value_table`); :func:`pair_weights` counts the pairs
of disjoint hands of each pair of classes (exact card removal).

>>> abstraction = Abstraction(n_players=2, level_cap=3, dark_max=1)
>>> tree = build_tree(abstraction)
>>> tree.labels[tree.children(0)[0]], len(tree.children(0))
('d', 2)
>>> classes = strength_classes(24)
>>> classes.n_classes, int(classes.hand_class.size)
(25, 2024)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from tapete.errors import ConfigError
from tapete.games.trynka.values import local_value_table

#: Node kinds.
DECISION: Final = 0
FIXED: Final = 1  # payoffs known (everybody else folded, or an agreed svara split)
SHOWDOWN: Final = 2  # the active players compare hands (best takes the bank, ties split)
REVEAL: Final = 3  # three or more active: the revealer's hand against the target's

#: The rule options the abstraction reads, with the game's defaults (amounts in stakes).
RULE_DEFAULTS: Final[dict[str, Any]] = {
    "n_players": 4,
    "stake": 1,
    "ante": True,
    "deck": 24,
    "dark_max": 2,
    "blind_chain": False,
    "level_cap": 10,
    "dark_reveal_cost": "level",
    "closing": "forced_reveal",
    "sixes_over_aces": False,
    "two_aces_22": False,
    "trips_score": False,
    "trynka_flush": False,
    "agreed_svara": True,
}

#: Rule options the tree and its hand classes do not model, with the only value they play:
#: :meth:`Abstraction.from_params` refuses a game with any other value (never a table solved
#: silently for other rules).
UNMODELLED_DEFAULTS: Final[dict[str, Any]] = {
    "reveal_without_blind": "double",
    "reveal_basis": "level",
    "overblind_level": "raises",
    "first_round_reveal": True,
    "sighted_stakes": "single",
    "joker": False,
    "tens_claim_moment": "own_turn",
}


@dataclasses.dataclass(frozen=True)
class Abstraction:
    """The rules of one deal as the solver models them (amounts in chips).

    ``bets`` is the bet abstraction: ``"all"`` (every amount from the level to the cap) or
    ``"coarse"`` (the level, one step above it, twice the level and the cap); ``raises``
    (0: no limit) the raises (over-blinds and bets above the level) after which the
    abstraction only calls.
    """

    n_players: int = 2
    stake: int = 1
    ante: int = 1
    deck: int = 24
    dark_max: int = 2
    level_cap: int = 10
    blind_chain: bool = False
    own_blind: bool = False
    showdown: bool = False
    agreed_svara: bool = True
    sixes_over_aces: bool = False
    two_aces_22: bool = False
    trips_score: bool = False
    trynka_flush: bool = False
    bets: str = "all"
    raises: int = 0

    def __post_init__(self) -> None:
        if not 2 <= self.n_players <= 8:
            raise ConfigError(f"the solver plays 2 to 8 players, got {self.n_players}")
        if self.deck not in (24, 36):
            raise ConfigError(f"the solver's deck must be 24 or 36, got {self.deck}")
        if not 1 <= self.dark_max <= self.level_cap:
            raise ConfigError("dark_max must be between the stake and level_cap")
        if self.bets not in ("all", "coarse"):
            raise ConfigError(f"bets must be 'all' or 'coarse', got {self.bets!r}")

    @classmethod
    def from_params(cls, params: Mapping[str, Any], **overrides: Any) -> Abstraction:
        """The abstraction of a game's parameters (``spec.params`` as a mapping; missing
        options take the game's defaults; ``overrides`` replace fields).

        >>> Abstraction.from_params({'n_players': 3, 'stake': 2}).level_cap
        20
        >>> Abstraction.from_params({'first_round_reveal': False})
        Traceback (most recent call last):
        ...
        tapete.errors.ConfigError: the Trynka solver does not model first_round_reveal = False ...
        """
        for name, value in UNMODELLED_DEFAULTS.items():
            if name in params and params[name] != value:
                raise ConfigError(
                    f"the Trynka solver does not model {name} = {params[name]!r} "
                    f"(it plays {name} = {value!r})"
                )
        p = {**RULE_DEFAULTS, **{k: v for k, v in params.items() if k in RULE_DEFAULTS}}
        stake = int(p["stake"])
        fields: dict[str, Any] = {
            "n_players": int(p["n_players"]),
            "stake": stake,
            "ante": stake if p["ante"] else 0,
            "deck": int(p["deck"]),
            "dark_max": int(p["dark_max"]) * stake,
            "level_cap": int(p["level_cap"]) * stake,
            "blind_chain": bool(p["blind_chain"]),
            "own_blind": p["dark_reveal_cost"] == "own_blind",
            "showdown": p["closing"] == "showdown",
            "agreed_svara": bool(p["agreed_svara"]),
            "sixes_over_aces": bool(p["sixes_over_aces"]),
            "two_aces_22": bool(p["two_aces_22"]),
            "trips_score": bool(p["trips_score"]),
            "trynka_flush": bool(p["trynka_flush"]),
        }
        fields.update(overrides)
        return cls(**fields)

    def value_options(self) -> tuple[Any, ...]:
        """``(deck, sixes_over_aces, two_aces_22, trips_score, trynka_flush)`` without the
        trailing options that are off (see :func:`value_options`)."""
        return value_options(
            self.deck, self.sixes_over_aces, self.two_aces_22, self.trips_score,
            self.trynka_flush,
        )  # fmt: skip

    def key(self) -> str:
        """A short text naming the abstraction (file names, table metadata)."""
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))

    def bet_amounts(self, level: int) -> list[int]:
        """The bet amounts of the abstraction at ``level`` (the level itself: a call)."""
        cap = self.level_cap
        if self.bets == "all":
            return list(range(level, cap + 1))
        wanted = {level, level + self.stake, 2 * level, cap}
        return sorted(a for a in wanted if level <= a <= cap)

    def overblind_amounts(self, level: int) -> list[int]:
        """The over-blind amounts of the abstraction above the blind ``level``."""
        cap = self.level_cap
        if self.bets == "all":
            return list(range(level + 1, cap + 1))
        wanted = {level + self.stake, 2 * level, cap}
        return sorted(a for a in wanted if level < a <= cap)


@dataclasses.dataclass
class _Pos:
    """The betting position of one deal (mirrors ``TrynkaState``'s fields)."""

    stage: str
    to_act: int
    level: int
    matched: int
    active: int
    dark: int
    looked: int
    dark_stake: tuple[int, ...]
    raised: bool
    round1: int
    pending: int
    svara_ok: bool
    proposed: int
    proposer: int
    resume: str
    paid: tuple[int, ...]
    blind_index: int
    raises: int = 0


@dataclasses.dataclass
class Tree:
    """A flat betting tree (nodes in depth-first order: children after their parent).

    Per node: ``kind``, ``player`` (the seat to act, the revealer of a REVEAL node), ``blind``
    (the player acts without having looked: one strategy for every hand), ``first`` and
    ``count`` of its children in ``child``, ``labels`` (the action leading to it: ``d``
    decline, ``B2`` blind, ``O3`` over-blind, ``b3`` bet, ``f`` fold, ``r`` reveal, ``p``
    propose, ``a`` accept, ``n`` refuse; ``w``/``l`` the revealer wins/loses), ``bank``,
    ``paid`` (each seat's stakes including the ante), ``active`` (seat mask), ``target`` (of
    a REVEAL), ``level``, ``dark`` (mask of the seats who went blind).
    """

    n_players: int
    kind: list[int]
    player: list[int]
    blind: list[int]
    first: list[int]
    count: list[int]
    child: list[int]
    labels: list[str]
    bank: list[int]
    paid: list[tuple[int, ...]]
    active: list[int]
    target: list[int]
    level: list[int]
    dark: list[int]

    def __len__(self) -> int:
        return len(self.kind)

    def children(self, node: int) -> list[int]:
        """The children of ``node``."""
        f = self.first[node]
        return self.child[f : f + self.count[node]]

    def child_labels(self, node: int) -> list[str]:
        """The labels of ``node``'s children (its actions)."""
        return [self.labels[c] for c in self.children(node)]

    def arrays(self) -> dict[str, np.ndarray]:
        """The tree as numpy arrays (for the kernels)."""
        return {
            "kind": np.asarray(self.kind, dtype=np.int32),
            "player": np.asarray(self.player, dtype=np.int32),
            "blind": np.asarray(self.blind, dtype=np.int32),
            "first": np.asarray(self.first, dtype=np.int32),
            "count": np.asarray(self.count, dtype=np.int32),
            "child": np.asarray(self.child, dtype=np.int32),
            "bank": np.asarray(self.bank, dtype=np.float64),
            "paid": np.asarray(self.paid, dtype=np.float64).reshape(len(self), self.n_players),
            "active": np.asarray(self.active, dtype=np.int32),
            "target": np.asarray(self.target, dtype=np.int32),
        }

    def signature(self) -> str:
        """A digest of the tree's structure (a stored table is refused for another tree)."""
        import hashlib

        h = hashlib.sha256()
        h.update(",".join(self.labels).encode())
        h.update(bytes(self.count))
        return h.hexdigest()[:16]


class _Builder:
    def __init__(self, ab: Abstraction) -> None:
        self.ab = ab
        self.n = ab.n_players
        self.kind: list[int] = []
        self.player: list[int] = []
        self.blind: list[int] = []
        self.first: list[int] = []
        self.count: list[int] = []
        self.child: list[int] = []
        self.labels: list[str] = []
        self.bank: list[int] = []
        self.paid: list[tuple[int, ...]] = []
        self.active: list[int] = []
        self.target: list[int] = []
        self.level: list[int] = []
        self.dark: list[int] = []

    # -- rules helpers (as in TrynkaState) ------------------------------------------------------
    def next_active(self, s: _Pos, p: int) -> int:
        q = (p + 1) % self.n
        while not s.active >> q & 1:
            q = (q + 1) % self.n
        return q

    def right(self, s: _Pos, p: int) -> int:
        q = (p - 1) % self.n
        while not s.active >> q & 1:
            q = (q - 1) % self.n
        return q

    def closed(self, s: _Pos) -> bool:
        return s.stage == "betting" and s.active & ~s.matched == 0

    def pay(self, s: _Pos, p: int, amount: int) -> None:
        paid = list(s.paid)
        paid[p] += amount
        s.paid = tuple(paid)

    # -- nodes --------------------------------------------------------------------------------
    def new_node(self, kind: int, s: _Pos, label: str, player: int = -1) -> int:
        node = len(self.kind)
        self.kind.append(kind)
        self.player.append(player)
        self.blind.append(0)
        self.first.append(0)
        self.count.append(0)
        self.labels.append(label)
        self.bank.append(sum(s.paid))
        self.paid.append(s.paid)
        self.active.append(s.active)
        self.target.append(-1)
        self.level.append(s.level)
        self.dark.append(s.dark)
        return node

    def link(self, node: int, kids: list[int]) -> None:
        self.first[node] = len(self.child)
        self.count[node] = len(kids)
        self.child.extend(kids)

    def build(self) -> Tree:
        n, ab = self.n, self.ab
        root = _Pos(
            stage="blind", to_act=0, level=ab.stake, matched=0, active=(1 << n) - 1, dark=0,
            looked=0, dark_stake=(0,) * n, raised=False, round1=0, pending=0, svara_ok=False,
            proposed=0, proposer=-1, resume="betting", paid=(ab.ante,) * n, blind_index=0,
        )  # fmt: skip
        self.visit(root, "")
        return Tree(
            n_players=n, kind=self.kind, player=self.player, blind=self.blind,
            first=self.first, count=self.count, child=self.child, labels=self.labels,
            bank=self.bank, paid=self.paid, active=self.active, target=self.target,
            level=self.level, dark=self.dark,
        )  # fmt: skip

    def visit(self, s: _Pos, label: str) -> int:
        """Make the node of position ``s`` (a decision, or what the position resolves to)."""
        p = s.to_act
        node = self.new_node(DECISION, s, label, p)
        self.blind[node] = 0 if s.looked >> p & 1 else 1
        kids: list[int] = []
        for action in self.actions(s):
            kids.append(self.apply(s, action))
        self.link(node, kids)
        return node

    def actions(self, s: _Pos) -> list[str]:
        ab = self.ab
        if s.stage == "blind":
            if s.blind_index == 0:
                hi = min(ab.dark_max, ab.level_cap)
                return ["d", *(f"B{a}" for a in range(ab.stake, hi + 1))]
            if ab.raises and s.raises >= ab.raises:
                return ["d"]
            return ["d", *(f"O{a}" for a in ab.overblind_amounts(s.level))]
        if s.stage == "propose":
            return ["a", "n"]
        acts = ["f", "r"]
        two = s.active.bit_count() == 2
        if ab.agreed_svara and s.svara_ok and two and not s.proposed >> s.to_act & 1:
            acts.append("p")
        if not self.closed(s):
            amounts = ab.bet_amounts(s.level)
            if ab.raises and s.raises >= ab.raises:
                amounts = amounts[:1]
            acts += [f"b{a}" for a in amounts]
        return acts

    def apply(self, parent: _Pos, action: str) -> int:
        s = dataclasses.replace(parent)
        p = s.to_act
        verb, amount = action[0], int(action[1:]) if len(action) > 1 else 0
        if s.stage == "blind":
            if verb == "d":
                return self.end_blind(s, action)
            self.pay(s, p, amount)
            s.raises += 1 if s.blind_index else 0
            s.level = amount
            s.matched = 1 << p
            s.dark |= 1 << p
            stakes = list(s.dark_stake)
            stakes[p] = amount
            s.dark_stake = tuple(stakes)
            s.blind_index += 1
            more = s.blind_index == 1 or self.ab.blind_chain
            if more and s.blind_index < self.n and s.level < self.ab.level_cap:
                s.to_act = s.blind_index
                return self.visit(s, action)
            return self.end_blind(s, action)
        if s.stage == "propose":
            if verb == "a":
                return self.split(s, action, [s.proposer, p])
            s.stage = s.resume
            s.to_act = s.proposer
            return self.visit(s, action)
        if verb == "f":
            s.active &= ~(1 << p)
            return self.after_turn(s, p, action)
        if verb == "b":
            self.pay(s, p, amount)
            if amount > s.level:
                s.level = amount
                s.matched = 1 << p
                s.raised = True
                s.raises += 1
            else:
                s.matched |= 1 << p
            s.svara_ok = True
            return self.after_turn(s, p, action)
        if verb == "r":
            if s.dark >> p & 1:
                cost = s.dark_stake[p] if self.ab.own_blind and not s.raised else s.level
            else:
                cost = 2 * s.level
            self.pay(s, p, cost)
            s.svara_ok = True
            t = self.right(s, p)
            if s.active.bit_count() == 2:
                node = self.new_node(SHOWDOWN, s, action, p)
                self.target[node] = t
                return node
            node = self.new_node(REVEAL, s, action, p)
            self.target[node] = t
            won = dataclasses.replace(s, active=s.active & ~(1 << t))
            lost = dataclasses.replace(s, active=s.active & ~(1 << p))
            kids = [self.after_turn(won, p, "w"), self.after_turn(lost, p, "l")]
            self.link(node, kids)
            return node
        # propose
        s.proposed |= 1 << p
        s.proposer = p
        s.resume = s.stage
        s.stage = "propose"
        s.to_act = self.next_active(s, p)
        return self.visit(s, action)

    def split(self, s: _Pos, label: str, tied: list[int]) -> int:
        node = self.new_node(FIXED, s, label)
        self.active[node] = sum(1 << t for t in tied)
        return node

    def end_blind(self, s: _Pos, label: str) -> int:
        sighted = s.active & ~s.dark
        s.looked |= sighted
        s.round1 = sighted
        if sighted:
            s.stage = "round1"
            s.to_act = s.dark.bit_count()
            return self.visit(s, label)
        return self.start_look(s, self.n - 1, label)

    def start_look(self, s: _Pos, last: int, label: str) -> int:
        pending = s.dark & s.active
        s.looked |= pending
        s.pending = pending
        if pending:
            s.stage = "look"
            s.to_act = (pending & -pending).bit_length() - 1
            return self.visit(s, label)
        s.stage = "betting"
        s.to_act = self.next_active(s, last)
        return self.settle(s, label)

    def settle(self, s: _Pos, label: str) -> int:
        if self.ab.showdown and self.closed(s):
            return self.new_node(SHOWDOWN, s, label)
        return self.visit(s, label)

    def after_turn(self, s: _Pos, p: int, label: str) -> int:
        if s.active.bit_count() == 1:
            return self.new_node(FIXED, s, label)
        if s.stage == "round1":
            s.round1 &= ~(1 << p) & s.active
            if s.round1:
                s.to_act = self.next_active(s, p)
                return self.visit(s, label)
            return self.start_look(s, p, label)
        if s.stage == "look":
            s.pending &= ~(1 << p) & s.active
            if s.pending:
                s.to_act = (s.pending & -s.pending).bit_length() - 1
                return self.visit(s, label)
            s.stage = "betting"
        s.to_act = self.next_active(s, p)
        return self.settle(s, label)


def build_tree(abstraction: Abstraction) -> Tree:
    """The betting tree of one deal under ``abstraction`` (see the module)."""
    return _Builder(abstraction).build()


@dataclasses.dataclass(frozen=True, eq=False)
class StrengthClasses:
    """The hands of a pack by strength class (0 = weakest value).

    ``masks[h]`` the deck-local mask of hand ``h`` (all 3-card hands, in
    ``itertools.combinations`` order), ``hand_class[h]`` its class, ``values[k]`` the value key
    (:meth:`tapete.games.trynka.values.HandValue.key`) of class ``k``, ``class_of_mask`` the
    class of a deck-local mask.
    """

    deck: int
    masks: np.ndarray
    hand_class: np.ndarray
    values: tuple[int, ...]
    class_of_mask: Mapping[int, int]

    @property
    def n_classes(self) -> int:
        """The number of classes."""
        return len(self.values)

    def percentiles(self) -> np.ndarray:
        """Per class: the share of all hands it beats (ties half)."""
        counts = np.bincount(self.hand_class, minlength=self.n_classes).astype(np.float64)
        below = np.cumsum(counts) - counts
        return np.asarray((below + counts / 2) / counts.sum())


def value_options(deck: int, *flags: bool) -> tuple[Any, ...]:
    """``(deck, *flags)`` without its trailing flags that are off: the key of a pack's value
    rules (the game's value flags, in the order of ``TrynkaRules.value_flags``).

    >>> value_options(24, False, True, False, False)
    (24, False, True)
    """
    out = [bool(f) for f in flags]
    while out and not out[-1]:
        out.pop()
    return (deck, *out)


@functools.cache
def strength_classes(deck: int = 24, *flags: bool) -> StrengthClasses:
    """The strength classes of a pack under the value options (``flags`` in the order of
    the game's value table: sixes_over_aces, two_aces_22, trips_score…; see
    :class:`StrengthClasses`).

    >>> c = strength_classes(24)
    >>> c.class_of_mask[0b111] < c.n_classes, c.values[-1] == 3 * 64 + 33
    (True, True)
    """
    table = local_value_table(*value_options(deck, *flags))
    values = tuple(sorted(set(table.values())))
    index = {v: k for k, v in enumerate(values)}
    masks = []
    classes = []
    for a, b, c in itertools.combinations(range(deck), 3):
        m = (1 << a) | (1 << b) | (1 << c)
        masks.append(m)
        classes.append(index[table[m]])
    class_of = {m: k for m, k in zip(masks, classes, strict=True)}
    return StrengthClasses(
        deck=deck,
        masks=np.asarray(masks, dtype=np.int64),
        hand_class=np.asarray(classes, dtype=np.int64),
        values=values,
        class_of_mask=class_of,
    )


@functools.cache
def pair_weights(classes: StrengthClasses) -> np.ndarray:
    """``P[a, b]``: the probability that two players' disjoint hands are of classes ``a`` and
    ``b`` (exact: every ordered pair of disjoint hands of the pack counted once).

    >>> p = pair_weights(strength_classes(24))
    >>> round(float(p.sum()), 9), bool((p == p.T).all())
    (1.0, True)
    """
    k = classes.n_classes
    masks = classes.masks
    onehot = np.zeros((masks.size, k))
    onehot[np.arange(masks.size), classes.hand_class] = 1.0
    counts = np.zeros((k, k))
    step = 512
    for start in range(0, masks.size, step):
        block = masks[start : start + step]
        disjoint = ((block[:, None] & masks[None, :]) == 0).astype(np.float64)
        counts += onehot[start : start + step].T @ disjoint @ onehot
    return np.asarray(counts / counts.sum())


def sample_classes(classes: StrengthClasses, n_players: int, n_deals: int, seed: int) -> np.ndarray:
    """``(n_deals, n_players)`` strength classes of random deals (seeded; card removal kept).

    >>> sample_classes(strength_classes(24), 3, 4, seed=1).shape
    (4, 3)
    """
    rng = np.random.default_rng(seed)
    deck = classes.deck
    lookup = np.zeros(1 << deck if deck <= 24 else 0, dtype=np.int8)
    order = np.argsort(rng.random((n_deals, deck)), axis=1)[:, : 3 * n_players]
    out = np.empty((n_deals, n_players), dtype=np.int64)
    if lookup.size:
        lookup[classes.masks] = classes.hand_class
    for p in range(n_players):
        cards = order[:, 3 * p : 3 * p + 3]
        masks = (1 << cards).sum(axis=1)
        if lookup.size:
            out[:, p] = lookup[masks]
        else:
            out[:, p] = [classes.class_of_mask[int(m)] for m in masks]
    return out
