"""The Trynka CFR+ solver: its betting tree against the engine, its strength tables, the
solver's convergence and best responses, the stored table and the ``trynka-cfr`` player."""

from __future__ import annotations

import functools
import itertools
import random
from pathlib import Path

import numpy as np
import pytest

import tapete
from tapete.engine import sample_chance
from tapete.games.trynka import hand_value
from tapete.games.trynka.values import local_value_table
from tapete.solvers.trynka_cfr import (
    SampledSolver,
    Solver,
    StrategyTable,
    default_abstraction,
    default_table_path,
    table_exploitability,
)
from tapete.solvers.trynka_tree import (
    DECISION,
    FIXED,
    REVEAL,
    SHOWDOWN,
    Abstraction,
    Tree,
    build_tree,
    pair_weights,
    sample_classes,
    strength_classes,
)

_WORDS = {"f": "fold", "r": "reveal", "p": "propose-svara", "a": "accept", "n": "refuse",
          "d": "decline"}  # fmt: skip
_AMOUNTS = {"B": "blind", "O": "overblind", "b": "bet"}
_IGNORED = {"claim-tens", "show"}


def _text(label: str) -> str:
    if label[0] in _WORDS:
        return _WORDS[label[0]]
    return f"{_AMOUNTS[label[0]]} {label[1:]}"


@functools.cache
def _tree(abstraction: Abstraction) -> Tree:
    return build_tree(abstraction)


def _follow_random_game(params: dict[str, object], seed: int) -> int:
    """Play a random bank and follow it in the tree (bets='all': every amount is a child).

    Asserts at every betting decision that the tree's choices are the engine's legal ones,
    and at the end that the tree's payoffs are the bank's returns. Returns the decisions
    checked (0 if the bank went to a svara or a redeal before anything was checked)."""
    game = tapete.load_game("trynka", flash_limit=0, **params)
    ab = Abstraction.from_params(game.params, bets="all")
    tree = _tree(ab)
    classes = strength_classes(*ab.value_options())
    rng = random.Random(seed)
    state = game.new_initial_state()
    node = 0
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.deal_starts) > 1:
            return checked  # a svara or three tens: a new deal the tree does not follow
        texts = {state.action_to_string(a): a for a in state.legal_actions()}
        if set(texts) <= _IGNORED:
            state.apply_action(texts["show"])
            continue
        if tree.kind[node] in (FIXED, SHOWDOWN):  # a tie: the tree splits, others may join
            assert state.phase() == "svara_join" and tree.active[node].bit_count() > 1
            return checked
        assert tree.kind[node] == DECISION
        assert tree.player[node] == state.current_player()
        assert tree.blind[node] == (
            not state.view(state.current_player()).looked[state.current_player()]
        )
        labels = tree.child_labels(node)
        assert {_text(lab) for lab in labels} == set(texts) - _IGNORED
        checked += 1
        label = rng.choice(labels)
        node = tree.children(node)[labels.index(label)]
        before = state.active
        state.apply_action(texts[_text(label)])
        if tree.kind[node] == REVEAL:
            while state.phase() == "reveal":
                state.apply_action(state.string_to_action("show"))
            if len(state.deal_starts) > 1:
                return checked
            target = tree.target[node]
            won = not state.active >> target & 1 and before >> target & 1
            node = tree.children(node)[0 if won else 1]
    if len(state.deal_starts) > 1 or tree.kind[node] == DECISION:
        return checked
    returns = state.returns()
    paid = tree.paid[node]
    bank = tree.bank[node]
    if tree.kind[node] == FIXED:
        assert tree.active[node].bit_count() == 1
        winner = tree.active[node].bit_length() - 1
        expected = [(bank if s == winner else 0) - paid[s] for s in range(ab.n_players)]
    else:
        assert tree.kind[node] == SHOWDOWN
        seats = [s for s in range(ab.n_players) if tree.active[node] >> s & 1]
        deck = game.rules.deck
        cls = {s: classes.class_of_mask[deck.local_mask(state.hand(s).mask)] for s in seats}
        best = max(cls.values())
        top = [s for s in seats if cls[s] == best]
        assert len(top) == 1  # a tie is a svara: returned above
        expected = [(bank if s == top[0] else 0) - paid[s] for s in range(ab.n_players)]
    assert returns == [float(x) for x in expected]
    return checked


@pytest.mark.parametrize(
    "params",
    [
        {"n_players": 2, "level_cap": 4},
        {"n_players": 2, "level_cap": 3, "dark_max": 1, "dark_reveal_cost": "own_blind"},
        {"n_players": 2, "level_cap": 3, "closing": "showdown", "agreed_svara": False},
        {"n_players": 3, "level_cap": 2, "dark_max": 1},
        {"n_players": 3, "level_cap": 2, "dark_max": 2, "blind_chain": True},
    ],
)
def test_tree_follows_the_engine(params: dict[str, object]) -> None:
    checked = sum(_follow_random_game(params, seed) for seed in range(300))
    assert checked > 500


def test_strength_classes_order_hands_as_the_game() -> None:
    for options in [(24, False, False, False), (36, False, False, False), (24, True, True, False),
                    (24, False, False, True)]:  # fmt: skip
        classes = strength_classes(*options)
        table = local_value_table(*options)
        rng = random.Random(1)
        masks = list(table)
        for _ in range(300):
            a, b = rng.sample(masks, 2)
            ca, cb = classes.class_of_mask[a], classes.class_of_mask[b]
            assert (ca > cb) == (table[a] > table[b]) and (ca == cb) == (table[a] == table[b])
    deck = tapete.cards.RUSSIAN_24
    classes = strength_classes(24)
    top = classes.class_of_mask[deck.local_mask(tapete.CardSet.parse("A♠ 10♠ 9♠").mask)]
    assert classes.values[top] == hand_value(tapete.CardSet.parse("A♠ 10♠ 9♠")).key()


def test_pair_weights_count_disjoint_hands() -> None:
    classes = strength_classes(24)
    weights = pair_weights(classes)
    counts = np.zeros_like(weights)
    masks = [int(m) for m in classes.masks]
    for i, j in itertools.product(range(0, len(masks), 7), range(len(masks))):
        if masks[i] & masks[j] == 0:
            counts[classes.hand_class[i], classes.hand_class[j]] += 1
    # the sub-sample of first hands (every 7th) gives the same conditional rows
    for a in range(classes.n_classes):
        if counts[a].sum() > 200:
            row = weights[a] / weights[a].sum()
            assert np.abs(row - counts[a] / counts[a].sum()).max() < 0.03
    sample = sample_classes(classes, 2, 20000, seed=3)
    freq = np.zeros_like(weights)
    np.add.at(freq, (sample[:, 0], sample[:, 1]), 1)
    assert np.abs(freq / freq.sum() - weights).max() < 0.01


def test_exploitability_decreases_with_iterations() -> None:
    solver = Solver(Abstraction(n_players=2, level_cap=3, dark_max=1))
    curve = [solver.exploitability()]
    for todo in (10, 40, 150):
        solver.run(todo)
        curve.append(solver.exploitability())
    assert curve[0] > curve[1] > curve[2] > curve[3] > 0
    assert curve[3] < 0.02
    v0, v1 = solver.values()
    assert v0 + v1 == pytest.approx(0.0, abs=1e-9)
    br0, br1 = solver.best_responses()
    assert br0 >= v0 - 1e-9 and br1 >= v1 - 1e-9


def test_table_round_trip(tmp_path: Path) -> None:
    solver = Solver(Abstraction(n_players=2, level_cap=2, dark_max=1))
    solver.run(30)
    path = tmp_path / "t.npz"
    solver.table(exploitability=solver.exploitability()).save(path)
    table = StrategyTable.load(path)
    assert table.meta["iterations"] == 30
    for node in range(len(table.tree)):
        if table.tree.kind[node] == DECISION:
            for hand_class in (None, 0, table.classes.n_classes - 1):
                probs = table.policy(node, hand_class)
                assert len(probs) == table.tree.count[node]
                assert sum(probs) == pytest.approx(1.0)
    other = tmp_path / "other.npz"
    data = dict(np.load(path))
    data["probs"] = data["probs"][:-1]
    np.savez(other, **data)
    with pytest.raises(tapete.errors.ConfigError):
        StrategyTable.load(other)


@pytest.mark.skipif(not default_table_path(2).exists(), reason="no shipped 2-player table")
def test_shipped_table_is_nearly_unexploitable() -> None:
    table = StrategyTable.load(default_table_path(2))
    assert table.abstraction == default_abstraction(2)
    exploitability = table_exploitability(table)  # recomputed from the stored probabilities
    assert 0 < exploitability < 0.01 * table.abstraction.ante


def test_sampled_solver_converges_on_two_players() -> None:
    """The chance-sampled solver (used for three players) approaches the exact solution."""
    abstraction = Abstraction(n_players=2, level_cap=2, dark_max=1)
    solver = SampledSolver(abstraction, seed=4)
    curve = []
    for todo in (300, 3000, 30000):
        solver.run(todo)
        curve.append(table_exploitability(solver.table()))
    assert curve[0] > curve[1] > curve[2]
    assert curve[2] < 0.05


def test_sampled_solver_three_players_table() -> None:
    abstraction = Abstraction(n_players=3, level_cap=2, dark_max=1, bets="coarse", raises=1)
    solver = SampledSolver(abstraction, seed=1)
    solver.run(2000)
    table = solver.table()
    visited = (solver.average.sum(axis=1) > 0).mean()
    assert visited > 0.3
    assert table.policy(0, None) != [0.5, 0.5]  # the root's blind choice has been learnt
