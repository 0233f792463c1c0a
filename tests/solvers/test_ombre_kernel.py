"""Ombre's kernel against the reference engine: legal plays, seat to move (trick winners),
tricks and outcome over seeded deals with variants; the solver against exhaustive search."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tapete
from tapete.cards import Card
from tapete.solvers import ombre_kernel as ok
from tapete.solvers.bits import seed_state
from tapete.solvers.ombre import OmbreTables

_CLASS = {"codille": ok.CODILLE, "codille_split": ok.PUESTA, "puesta": ok.PUESTA,
          "sacardo": ok.SACARDO}  # fmt: skip
_VARIANTS: list[dict[str, Any]] = [
    {},
    {"matador_privilege": False},
    {"first_lead": "eldest"},
    {"tie_441": "codille_split", "auction": "sans_prendre"},
    {"trump_timing": "before_exchange", "min_discard_ombre": 1},
]
_GAMES: dict[int, Any] = {}


def to_play(index: int) -> tuple[Any, Any] | None:
    """Deal ``index`` played at random up to its first trick (None if thrown in)."""
    variant = _VARIANTS[index % len(_VARIANTS)]
    game = _GAMES.get(index % len(_VARIANTS))
    if game is None:
        game = _GAMES[index % len(_VARIANTS)] = tapete.load_game("ombre", **variant)
    rng = random.Random(index)
    state = game.new_initial_state()
    while not state.is_terminal() and state.phase() != "play":
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    return (game, state) if state.phase() == "play" else None


def check_deal(index: int) -> bool:
    found = to_play(index)
    if found is None:
        return False
    game, state = found
    view = state.view(0)
    tables = OmbreTables.for_trumps(view.trumps)
    privilege = bool(game.params["matador_privilege"])
    hands = np.array(
        [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)], dtype=np.uint64
    )
    won = np.zeros(3, dtype=np.int64)
    trace = np.zeros(27, dtype=np.int64)
    rng = np.array([seed_state(index)], dtype=np.uint64)
    leader = state.current_player()
    kernel_hands = hands.copy()
    played = ok.random_playout(kernel_hands, won, leader, tables.n_trumps, privilege, rng, trace)
    assert played == 27
    seat = leader
    led = -1
    best = -1
    for number in range(27):
        where = f"deal {index} card {number}"
        assert state.current_player() == seat, where
        legal = ok.legal_plays(hands[seat], led, tables.n_trumps, privilege)
        kernel_texts = {f"play {Card(tables.card_id[b])}" for b in range(48) if int(legal) >> b & 1}
        engine_texts = {state.action_to_string(a) for a in state.legal_actions()}
        assert kernel_texts == engine_texts, where
        c = int(trace[number])
        assert int(legal) >> c & 1, where
        hands[seat] ^= np.uint64(1 << c)
        state.apply_action(state.string_to_action(f"play {Card(tables.card_id[c])}"))
        if number % 3 == 0:
            led, best, winner = c, c, seat
        elif ok._beats(c, best):
            best, winner = c, seat
        seat = (seat + 1) % 3
        if number % 3 == 2:
            seat, led = winner, -1
    assert state.is_terminal()
    final = state.view(0)
    assert tuple(int(w) for w in won) == final.tricks_won
    assert ok.outcome(won, final.ombre) == _CLASS[final.outcome]
    return True


@pytest.mark.parametrize("block", range(5))
def test_kernel_matches_engine_sample(block: int) -> None:
    played = sum(check_deal(i) for i in range(block * 130, block * 130 + 130))
    assert played >= 80


@pytest.mark.slow
@pytest.mark.parametrize("block", range(20))
def test_kernel_matches_engine_10000(block: int) -> None:
    start = 10_000 + block * 700
    played = sum(check_deal(i) for i in range(start, start + 700))
    assert played >= 500


def engine_value(state: Any, ombre: int) -> int:
    """Exhaustive minimax in the reference engine: ombre maximises the outcome."""
    if state.is_terminal():
        return _CLASS[state.view(0).outcome]
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values.append(engine_value(child, ombre))
    return max(values) if state.current_player() == ombre else min(values)


@pytest.mark.parametrize("tricks_left", [1, 2, 3])
def test_solver_matches_exhaustive_search_in_the_engine(tricks_left: int) -> None:
    checked = 0
    table = ok.new_table(12)
    for index in range(60):
        found = to_play(index)
        if found is None:
            continue
        game, state = found
        rng = random.Random(index)
        while len(state.view(0).finished_tricks) < 9 - tricks_left:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        view = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array(
            [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)], dtype=np.uint64
        )
        won = np.array(view.tricks_won, dtype=np.int64)
        privilege = bool(game.params["matador_privilege"])
        solved = ok.solve(hands, won, state.current_player(), view.ombre, tables.n_trumps,
                          privilege, table)  # fmt: skip
        assert solved == engine_value(state, view.ombre), f"deal {index}"
        checked += 1
        if checked == 12:
            break
    assert checked >= 10


def kernel_value(hands: Any, won: Any, leader: int, ombre: int, n_trumps: int,
                 privilege: bool) -> int:  # fmt: skip
    """Exhaustive minimax over the kernel's own legal plays, without any pruning."""
    if not any(int(h) for h in hands):
        return int(ok.outcome(won, ombre))

    def trick(position: int, seat: int, led: int, best: int, winner: int) -> int:
        if position == 3:
            won[winner] += 1
            value = kernel_value(hands, won, winner, ombre, n_trumps, privilege)
            won[winner] -= 1
            return value
        legal = int(ok.legal_plays(hands[seat], led, n_trumps, privilege))
        values = []
        for c in [b for b in range(48) if legal >> b & 1]:
            hands[seat] ^= np.uint64(1 << c)
            if position == 0:
                v = trick(1, (seat + 1) % 3, c, c, seat)
            elif ok._beats(c, best):
                v = trick(position + 1, (seat + 1) % 3, led, c, seat)
            else:
                v = trick(position + 1, (seat + 1) % 3, led, best, winner)
            hands[seat] ^= np.uint64(1 << c)
            values.append(v)
        return max(values) if seat == ombre else min(values)

    return trick(0, leader, -1, -1, leader)


def test_solver_pruning_matches_plain_minimax() -> None:
    """Four tricks left: the transposition table, bounds and equivalent ranks change no value."""
    table = ok.new_table(14)
    outcomes = set()
    for index in range(40):
        found = to_play(index)
        if found is None:
            continue
        game, state = found
        rng = random.Random(index)
        while len(state.view(0).finished_tricks) < 5:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        view = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array(
            [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)], dtype=np.uint64
        )
        won = np.array(view.tricks_won, dtype=np.int64)
        privilege = bool(game.params["matador_privilege"])
        leader = state.current_player()
        expected = kernel_value(hands.copy(), won.copy(), leader, view.ombre, tables.n_trumps,
                                privilege)  # fmt: skip
        got = ok.solve(hands, won, leader, view.ombre, tables.n_trumps, privilege, table)
        assert got == expected, f"deal {index}"
        outcomes.add(got)
    assert len(outcomes) >= 2


def test_card_values_match_exhaustive_search_mid_trick() -> None:
    """The value of each card from inside a trick equals the engine's exhaustive search."""
    table = ok.new_table(12)
    checked = 0
    for index in range(80):
        found = to_play(index)
        if found is None:
            continue
        game, state = found
        rng = random.Random(index)
        while len(state.view(0).finished_tricks) < 7 or len(state.view(0).current_trick.cards) < (
            index % 3
        ):
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        view = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array(
            [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)], dtype=np.uint64
        )
        trick = view.current_trick
        cards = np.array([tables.kernel_of[int(c)] for c in trick.cards] + [0, 0, 0][: 3 - len(
            trick.cards)], dtype=np.int64)  # fmt: skip
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        candidates = np.array(
            [tables.kernel_of[int(Card.parse(t.split()[1]))] for t in texts], dtype=np.int64
        )
        values = ok.card_values(
            hands, np.array(view.tricks_won, dtype=np.int64), trick.leader, cards,
            len(trick.cards), candidates, view.ombre, tables.n_trumps,
            bool(game.params["matador_privilege"]), table,
        )  # fmt: skip
        for action, value in zip(legal, values, strict=True):
            child = state.clone()
            child.apply_action(action)
            assert value == engine_value(child, view.ombre), f"deal {index}"
        checked += 1
        if checked == 15:
            break
    assert checked >= 10


def memo_value(
    hands: list[int], won: list[int], leader: int, ombre: int, n_trumps: int, privilege: bool,
    memo: dict[tuple[int, ...], int],
) -> int:  # fmt: skip
    """Plain minimax over the kernel's legal plays, memoised on the exact position at trick
    boundaries (absolute cards, tricks won, leader): no bounds, ranks or ordering."""
    key = (*hands, *won, leader)
    if key in memo:
        return memo[key]
    if not any(hands):
        return int(ok.outcome(np.array(won, dtype=np.int64), ombre))

    def trick(position: int, seat: int, led: int, best: int, winner: int) -> int:
        if position == 3:
            won[winner] += 1
            value = memo_value(hands, won, winner, ombre, n_trumps, privilege, memo)
            won[winner] -= 1
            return value
        legal = int(ok.legal_plays(np.uint64(hands[seat]), led, n_trumps, privilege))
        values = []
        for c in [b for b in range(48) if legal >> b & 1]:
            hands[seat] ^= 1 << c
            if position == 0:
                v = trick(1, (seat + 1) % 3, c, c, seat)
            elif ok._beats(c, best):
                v = trick(position + 1, (seat + 1) % 3, led, c, seat)
            else:
                v = trick(position + 1, (seat + 1) % 3, led, best, winner)
            hands[seat] ^= 1 << c
            values.append(v)
        return max(values) if seat == ombre else min(values)

    memo[key] = value = trick(0, leader, -1, -1, leader)
    return value


def test_solver_matches_memoised_minimax_six_tricks_left() -> None:
    """Six tricks left, one table shared by every position: the bounds kept between the two
    searches, sure tricks, move ordering and relative-rank keys change no value."""
    table = ok.new_table(14)
    outcomes = set()
    checked = 0
    for index in range(200, 240):
        found = to_play(index)
        if found is None:
            continue
        game, state = found
        rng = random.Random(index)
        while len(state.view(0).finished_tricks) < 3:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        view = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)]
        privilege = bool(game.params["matador_privilege"])
        leader = state.current_player()
        expected = memo_value(list(hands), list(view.tricks_won), leader, view.ombre,
                              tables.n_trumps, privilege, {})  # fmt: skip
        got = ok.solve(np.array(hands, dtype=np.uint64), np.array(view.tricks_won, dtype=np.int64),
                       leader, view.ombre, tables.n_trumps, privilege, table)  # fmt: skip
        assert got == expected, f"deal {index}"
        outcomes.add(got)
        checked += 1
        if checked == 12:
            break
    assert checked >= 10 and len(outcomes) >= 2


def test_full_deal_solve_agrees_with_card_values_and_a_cold_table() -> None:
    """From the first trick: the solve with a table warmed by other deals, with a cold table,
    and the best of the leader's card values (searched from inside the trick) agree."""
    warm = ok.new_table(16)
    outcomes = set()
    checked = 0
    for index in range(300, 360):
        found = to_play(index)
        if found is None:
            continue
        game, state = found
        view = state.view(0)
        tables = OmbreTables.for_trumps(view.trumps)
        hands = np.array(
            [tables.kernel_mask(state.view(q).hand.mask) for q in range(3)], dtype=np.uint64
        )
        won = np.zeros(3, dtype=np.int64)
        privilege = bool(game.params["matador_privilege"])
        leader = state.current_player()
        args = (hands, won, leader, view.ombre, tables.n_trumps, privilege)
        cold = ok.solve(*args, ok.new_table(16))
        assert ok.solve(*args, warm) == cold, f"deal {index}"
        legal = int(ok.legal_plays(hands[leader], -1, tables.n_trumps, privilege))
        candidates = np.array([b for b in range(48) if legal >> b & 1], dtype=np.int64)
        values = ok.card_values(hands, won, leader, np.zeros(3, dtype=np.int64), 0, candidates,
                                view.ombre, tables.n_trumps, privilege, warm)  # fmt: skip
        best = max(values) if leader == view.ombre else min(values)
        assert best == cold, f"deal {index}"
        outcomes.add(int(cold))
        checked += 1
        if checked == 15:
            break
    assert checked >= 12 and len(outcomes) >= 2
