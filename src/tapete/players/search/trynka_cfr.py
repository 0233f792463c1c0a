"""``trynka-cfr``: Trynka played from the CFR+ strategy table (:mod:`tapete.solvers.trynka_cfr`).

The player finds its place in the solved betting tree by replaying the live deal's public
events (blinds, bets, folds, reveals and their outcome, svara proposals) from its view, maps
its hand to its strength class, draws an abstract action from the table's probabilities and
plays the legal action with that text (``bet 3``, ``reveal``, ``fold``…): action numbers are
never assumed. Bets off the abstraction's sizes are read as the nearest size (a raise stays a
raise, a call a call); its own raises are clamped into the legal range.

When the deal has another number of players than the tables (four or more), or leaves the
three-player tree, or the rules' hand values differ from the tables' (a 32-card pack, the
joker...), or the betting rules are a variant the tree does not model (:data:`UNMODELLED`:
Seka's reveal costs, doubled sighted stakes, no reveal in the first round, the over-blind
reading, three tens claimed at any moment), a table is the prior
(the three-player one for four or more players, ``prior=3``, the default; else the
two-player one): the hand is taken as the class whose chance of beating the table's
opponents equals its chance of beating every active opponent (``percentile ** opponents``),
and the decision is looked up at the table's node most like the real position (the same
choices, the same seats blind, the nearest level and bank).

Dealing questions: never asks for a card face up; keeps or replaces an exposed card, answers
a reveal (three tens), joins a svara, answers the three-tens question asked before another
player's decision (``tens_claim_moment = any_moment``) as ``rule`` does. Every action it
plays is one of the legal actions it is given (found by its text).

>>> import random, tapete
>>> from tapete.players import load
>>> state = tapete.load_game('trynka', n_players=2).new_initial_state()
>>> bots, rng = [load('trynka-cfr'), load('rule')], random.Random(2)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(tapete.engine.sample_chance(state, rng))
...     else:
...         seat = state.current_player()
...         state.apply_action(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
>>> sum(state.returns())
0.0
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np

from tapete.engine.api import Game, PlayerView
from tapete.errors import ConfigError
from tapete.games.trynka import TrynkaMatchView, TrynkaRules, TrynkaView
from tapete.players.base import Player, load, register_player
from tapete.players.kernels import KERNELS
from tapete.players.rule.trynka import rules_for
from tapete.players.search.config import TRYNKA_CFR
from tapete.solvers.trynka_cfr import StrategyTable, default_table_path
from tapete.solvers.trynka_tree import DECISION, REVEAL, strength_classes, value_options

#: The betting options the solved tree does not model, with the value it assumes: under any
#: other value the table is only the prior (the position is looked up by its features).
UNMODELLED: Final[dict[str, Any]] = {
    "reveal_without_blind": "double",
    "reveal_basis": "level",
    "overblind_level": "raises",
    "first_round_reveal": True,
    "sighted_stakes": "single",
    "tens_claim_moment": "own_turn",
}

#: Event kinds of the betting, and the verb of their tree labels.
_BETTING: Final = {
    "blind": "B", "overblind": "O", "bet": "b", "fold": "f", "reveal": "r",
    "propose": "p", "accept": "a", "refuse": "n", "decline": "d",
}  # fmt: skip
#: The first word of an action's text and its tree verb.
_VERB_OF_WORD: Final = {
    "fold": "f", "reveal": "r", "propose-svara": "p", "accept": "a", "refuse": "n",
    "decline": "d", "blind": "B", "overblind": "O", "bet": "b",
}  # fmt: skip
#: Tree verbs and the action texts they are played as.
_TEXTS: Final = {
    "f": "fold", "r": "reveal", "p": "propose-svara", "a": "accept", "n": "refuse",
    "d": "decline",
}  # fmt: skip


@functools.cache
def _table(path: str) -> StrategyTable:
    return StrategyTable.load(Path(path))


@functools.cache
def _prior_index(path: str) -> dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The decision nodes of a table's tree by their features (the verbs of their choices,
    whether the player and the others went blind, whether the player has looked), each
    with the nodes' levels and banks."""
    table = _table(path)
    tree = table.tree
    lists: dict[tuple[Any, ...], list[int]] = {}
    for node, kind in enumerate(tree.kind):
        if kind != DECISION:
            continue
        p = tree.player[node]
        verbs = frozenset(label[0] for label in tree.child_labels(node))
        me_dark = bool(tree.dark[node] >> p & 1)
        others_dark = bool(tree.dark[node] & ~(1 << p))
        key = (verbs, me_dark, others_dark, bool(tree.blind[node]))
        lists.setdefault(key, []).append(node)
    return {
        key: (
            np.asarray(nodes),
            np.asarray([tree.level[x] for x in nodes], dtype=np.float64),
            np.asarray([tree.bank[x] for x in nodes], dtype=np.float64),
        )
        for key, nodes in lists.items()
    }


def _class_percentiles(table: StrategyTable) -> np.ndarray:
    return table.classes.percentiles()


class TrynkaCFRPlayer(Player):
    """Plays Trynka from the stored CFR+ strategy (see the module); ``rule`` elsewhere.

    Parameters: ``table`` (a path to another two-player ``.npz`` table), ``table3`` (the
    three-player one; ``none``: play three-player deals from the two-player prior),
    ``prior`` (2 or 3: the table that is the prior for four or more players),
    ``aggression`` (passed to the ``rule`` bot it uses for the dealing questions and other
    games); ``time_budget`` is accepted like every bot's and not needed (a lookup takes well
    under a millisecond).
    """

    name = "trynka-cfr"
    uses_kernels = True

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        path = params.get("table")
        self.table_path = str(Path(path)) if path else str(default_table_path(2))
        path3 = params.get("table3")
        if path3 is None:
            path3 = default_table_path(3) if default_table_path(3).exists() else "none"
        self.table3_path = "" if str(path3) == "none" else str(Path(path3))
        prior = str(params.get("prior", "3"))
        if prior not in ("2", "3"):
            raise ConfigError(f"prior must be 2 or 3 (the table's players), got {prior!r}")
        self.prior = int(prior)
        rule_params = {"aggression": params["aggression"]} if "aggression" in params else {}
        self.fallback = load("rule", **rule_params)
        #: What the last decision used: ``tree``, ``prior`` or ``rule`` (for tests and logs).
        self.last_source = ""

    @property
    def table(self) -> StrategyTable:
        """The strategy table (loaded once per process)."""
        try:
            return _table(self.table_path)
        except FileNotFoundError:
            raise ConfigError(f"no Trynka strategy table at {self.table_path}") from None

    def start(self, game: Game, seat: int) -> None:
        """Start the fallback bot and load the table before the first decision."""
        super().start(game, seat)
        self.fallback.start(game, seat)
        if KERNELS.loading(game.name) and not KERNELS.in_loader():
            return  # the server's loader thread loads the table; its tables wait for it
        if getattr(game, "name", "").startswith("trynka"):
            _ = self.table
            _prior_index(self.table_path)
            if self._exact_table(3) is not None:
                _prior_index(self.table3_path)

    def _exact_table(self, n_players: int) -> StrategyTable | None:
        """The table solved for ``n_players`` players, if there is one."""
        if n_players == 2:
            return self.table
        if n_players == 3 and self.table3_path:
            try:
                return _table(self.table3_path)
            except FileNotFoundError:
                raise ConfigError(f"no Trynka strategy table at {self.table3_path}") from None
        return None

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The table's action for Trynka's betting decisions, ``rule``'s otherwise."""
        bank = view.deal if isinstance(view, TrynkaMatchView) else view
        if isinstance(bank, TrynkaView) and bank.seat is not None:
            rules = rules_for(bank, self.game)
            action = self._betting(bank, rules, legal_actions, rng)
            if action is not None:
                return action
        self.last_source = "rule"
        return self.fallback.choose(view, legal_actions, rng)

    # -- the decision ---------------------------------------------------------------------
    def _betting(
        self, view: TrynkaView, rules: TrynkaRules, legal: Sequence[int], rng: random.Random
    ) -> int | None:
        codec = rules.actions
        texts = {codec.text(a): a for a in legal}
        if "no-flash" in texts:
            self.last_source = "rule"
            return texts["no-flash"]
        if view.phase == "tens_window":  # the three-tens question: rule's answer
            return None
        betting = any(t in texts for t in ("fold", "decline", "accept")) and "join" not in texts
        if not betting:
            return None
        seat = view.seat
        assert seat is not None
        parts = view.participants
        if seat not in parts:
            return None
        node = None
        table = self._exact_table(len(parts))
        if table is not None and self._same_values(rules, table) and _modelled(view):
            node = self._walk(view, rules, table)
        prior_path = self.table_path
        if node is None:
            table = self.table
            if self.prior == 3 and len(parts) > 3 and self.table3_path:
                table, prior_path = _table(self.table3_path), self.table3_path
        assert table is not None
        hand_class = self._hand_class(view, rules, table)
        source = "tree"
        if node is None:
            node = self._nearest(view, table, prior_path, texts)
            source = "prior"
            if hand_class is not None:
                hand_class = self._prior_class(view, rules, table)
        if node is None:
            return None
        probs = table.policy(node, hand_class)
        choices: dict[int, float] = {}
        for label, p in zip(table.tree.child_labels(node), probs, strict=True):
            action = self._real_action(label, table, node, view, texts)
            if action is not None:
                choices[action] = choices.get(action, 0.0) + p
        total = sum(choices.values())
        if total <= 0:
            return None
        self.last_source = source
        x = rng.random() * total
        for action, p in choices.items():
            x -= p
            if x < 0:
                return action
        return next(iter(choices))

    def _same_values(self, rules: TrynkaRules, table: StrategyTable) -> bool:
        return value_options(rules.deck_size, *rules.value_flags, rules.joker) == (
            table.abstraction.value_options()
        )

    def _hand_class(self, view: TrynkaView, rules: TrynkaRules, table: StrategyTable) -> int | None:
        """The hand's strength class in the table (None before the player has looked)."""
        seat = view.seat
        assert seat is not None
        if not view.looked[seat] or len(view.hand) != 3:
            return None
        if not self._same_values(rules, table):
            return self._prior_class(view, rules, table, opponents=1)
        local = rules.deck.local_mask(view.hand.mask)
        key = rules.values[local]
        return table.classes.values.index(key)

    def _prior_class(
        self, view: TrynkaView, rules: TrynkaRules, table: StrategyTable, opponents: int = 0
    ) -> int | None:
        """The table's class with the share of beaten hands nearest to the chance of beating
        every active opponent (each a random hand)."""
        seat = view.seat
        assert seat is not None
        if not view.looked[seat] or len(view.hand) != 3:
            return None
        if not opponents:
            opponents = max(1, sum(view.active) - 1)
        classes = strength_classes(*value_options(rules.deck_size, *rules.value_flags, rules.joker))
        key = rules.values[rules.deck.local_mask(view.hand.mask)]
        share = float(classes.percentiles()[classes.values.index(key)])
        pct = share ** (opponents / max(1, table.abstraction.n_players - 1))
        table_pct = _class_percentiles(table)
        return int(np.abs(table_pct - pct).argmin())

    def _walk(self, view: TrynkaView, rules: TrynkaRules, table: StrategyTable) -> int | None:
        """The tree node of the live deal's public history, or None if it leaves the tree."""
        tree = table.tree
        parts = view.participants
        node = 0
        level = rules.stake
        for event in view.events:
            if tree.kind[node] == REVEAL:
                out = event.arg("out")
                if out is None:
                    continue
                target = tree.target[node]
                kids = tree.children(node)
                node = kids[0] if parts.index(out) == target else kids[1]
                continue
            verb = _BETTING.get(event.kind)
            if verb is None:
                continue
            if tree.kind[node] != DECISION or event.actor not in parts:
                return None
            if tree.player[node] != parts.index(event.actor):
                return None
            amount = event.arg("amount")
            labels = tree.child_labels(node)
            chosen = self._match(verb, amount, level, tree.level[node], labels)
            if chosen is None:
                return None
            if amount is not None and verb in "BOb":
                level = max(level, int(amount)) if verb == "b" else int(amount)
            node = tree.children(node)[chosen]
            if tree.kind[node] == REVEAL:
                out = event.arg("out")
                if out is not None:
                    kids = tree.children(node)
                    node = kids[0] if parts.index(out) == tree.target[node] else kids[1]
        if tree.kind[node] != DECISION or tree.player[node] != parts.index(view.seat):
            return None
        return node

    @staticmethod
    def _match(
        verb: str, amount: Any, level: int, tree_level: int, labels: list[str]
    ) -> int | None:
        """The child index of a real action in a node's labels (nearest stake)."""
        if verb not in "BOb":
            return labels.index(verb) if verb in labels else None
        sizes = [(i, int(label[1:])) for i, label in enumerate(labels) if label[0] == verb]
        if not sizes:
            return None
        a = int(amount)
        if verb == "b":
            call = [i for i, x in sizes if x == tree_level]
            raises = [(i, x) for i, x in sizes if x > tree_level]
            if a <= level and call:
                return call[0]
            if a > level and raises:
                return min(raises, key=lambda ix: abs(ix[1] - a))[0]
            return call[0] if call else sizes[0][0]
        return min(sizes, key=lambda ix: abs(ix[1] - a))[0]

    def _nearest(
        self, view: TrynkaView, table: StrategyTable, path: str, texts: dict[str, int]
    ) -> int | None:
        """The two-player node most like the position (the prior for other player counts)."""
        seat = view.seat
        assert seat is not None
        verbs = frozenset(
            _VERB_OF_WORD[t.split(" ")[0]] for t in texts if t.split(" ")[0] in _VERB_OF_WORD
        )
        me_dark = view.dark[seat]
        others_dark = any(
            view.dark[s] and view.active[s] for s in range(view.n_players) if s != seat
        )
        blind = not view.looked[seat]
        index = _prior_index(path)
        found = index.get((verbs, me_dark, others_dark, blind)) or index.get(
            (verbs, me_dark, not others_dark, blind)
        )
        if found is None:
            return None
        nodes, levels, banks = found
        n = max(1, sum(view.active))
        bank = view.bank * table.abstraction.n_players / n  # the table's bank at this level
        distance = np.abs(levels - view.level) + 0.25 * np.abs(banks - bank)
        return int(nodes[int(distance.argmin())])

    def _real_action(
        self, label: str, table: StrategyTable, node: int, view: TrynkaView, texts: dict[str, int]
    ) -> int | None:
        """The legal action playing the tree's ``label`` at ``node``, or None."""
        verb = label[0]
        if verb in _TEXTS:
            return texts.get(_TEXTS[verb])
        x = int(label[1:])
        cap = view.level_cap
        if verb == "B":
            lo = view.stake
            word = "blind"
        elif verb == "O":
            lo = view.level + 1
            word = "overblind"
        else:
            word = "bet"
            lo = view.level
            if x > table.tree.level[node]:  # a raise stays a raise
                lo = min(view.level + 1, cap)
        amount = max(lo, min(cap, x))
        return texts.get(f"{word} {amount}")


def _modelled(view: TrynkaView) -> bool:
    """True when the view's rules are betting rules the solved tree models (no option of
    :data:`UNMODELLED` set to another value)."""
    spec = view.spec
    if spec is None:
        return True
    params = dict(spec.params)
    return all(params.get(name, value) == value for name, value in UNMODELLED.items())


register_player(TrynkaCFRPlayer.name, TrynkaCFRPlayer, TRYNKA_CFR, requires=("numpy", "numba"))
