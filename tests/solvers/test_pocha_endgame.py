"""The La Pocha end-of-hand solver against the reference engine.

At seeded positions with a few tricks left (rule variants mixed), the trick totals the seat
to move can reach, choosing its own cards while the others play the kernel's rule-like
policy, are found twice: by :func:`achievable_tricks` and by an exhaustive search over the
reference engine's states (its legal moves, its tricks; the others' cards picked by the
policy from the engine's legal moves, at each step read afresh from the engine's views).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tapete
from tapete.players.search.pocha import root_arrays
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.pocha import PochaTables
from tapete.solvers.pocha_endgame import achievable_tricks, best_score, evaluate_plays_exact
from tapete.solvers.pocha_search import evaluate_plays
from tests.solvers.test_pocha_kernel import variant

_GAMES: dict[str, Any] = {}


def _kernel_position(tables: PochaTables, state: Any) -> tuple[Any, ...]:
    """``hands, bids, won, trick, st`` of the engine ``state`` (read from its views)."""
    n = tables.n_players
    seat = state.current_player()
    hands = np.array(
        [tables.kernel_mask(int(state.view(q).hand.mask)) for q in range(n)], dtype=np.uint64
    )
    return (hands, *root_arrays(tables, state.view(seat)))


def _card(tables: PochaTables, state: Any, action: int) -> int:
    return tables.kernel_of[int(tables.deck.parse_card(state.action_to_string(action).split()[1]))]


def engine_reachable(tables: PochaTables, state: Any, me: int) -> set[int]:
    """The trick totals ``me`` can end with, by exhaustive search over the engine's states."""
    if state.is_terminal():
        return {int(state.view(me).tricks_won[me])}
    legal = state.legal_actions()
    if state.current_player() == me:
        out: set[int] = set()
        for action in legal:
            out |= engine_reachable(tables, state.child(action), me)
        return out
    hands, bids, won, _, st = _kernel_position(tables, state)
    cards = {_card(tables, state, a): a for a in legal}
    mask = np.uint64(sum(1 << c for c in cards))
    assert int(pk.legal_plays(hands, st, tables.rp)) == int(mask)
    chosen = int(pk.policy_play(hands, bids, won, st, tables.rp, mask))
    return engine_reachable(tables, state.child(cards[chosen]), me)


def position(index: int, tricks_left: int) -> tuple[Any, PochaTables, Any] | None:
    """Hand ``index`` (a seeded variant) played at random up to a card with at most
    ``tricks_left`` tricks to go (after a random number of its cards), or ``None``."""
    params = variant(index)
    params.pop("seven_swap", None)
    key = repr(sorted(params.items()))
    if key not in _GAMES:
        _GAMES[key] = (tapete.load_game("pocha", **params), PochaTables.from_params(params))
    game, tables = _GAMES[key]
    rng = random.Random(index)
    state = game.new_initial_state()
    stop_after = rng.randrange(tables.n_players)
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        hand = state.view(state.current_player())
        if hand.phase == "play" and tables.hand_size - len(hand.finished_tricks) <= tricks_left:
            if seen == stop_after:
                return game, tables, state
            seen += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return None


@pytest.mark.parametrize("block", range(4))
def test_achievable_tricks_match_the_engine(block: int) -> None:
    several = 0
    checked = 0
    for index in range(block * 60, block * 60 + 60):
        found = position(index, 3 if index % 2 else 4)
        if found is None:
            continue
        _, tables, state = found
        me = state.current_player()
        hands, bids, won, trick, st = _kernel_position(tables, state)
        expected = engine_reachable(tables, state, me)
        for prune in (False, True):
            mask = int(achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, prune, -1))
            assert {t for t in range(64) if mask >> t & 1} == expected, (index, prune)
        several += len(expected) > 1
        checked += 1
        # stopping at a target finds it when it is reachable, and only then
        for target in range(tables.hand_size + 1):
            mask = int(achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, True, target))
            assert (mask >> target & 1 == 1) == (target in expected)
    assert checked >= 40 and several >= 5  # the positions do branch


def test_the_first_card_is_played_first() -> None:
    """With ``first`` the search starts after that card: the union over the legal cards is
    the whole search."""
    for index in range(30):
        found = position(index, 4)
        if found is None:
            continue
        _, tables, state = found
        hands, bids, won, trick, st = _kernel_position(tables, state)
        whole = int(achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, False, -1))
        union = 0
        legal = int(pk.legal_plays(hands, st, tables.rp))
        for c in (b for b in range(64) if legal >> b & 1):
            union |= int(achievable_tricks(hands, bids, won, trick, st, tables.rp, c, True, -1))
        assert union == whole, index


def test_exact_values_are_at_least_the_playouts() -> None:
    """The policy's own line is one of the lines searched, so in every world the exact value
    of a card is at least its playout's points (the other seats play the same policy)."""
    better = 0
    for index in range(40):
        found = position(index, 4)
        if found is None:
            continue
        _, tables, state = found
        hands, bids, won, trick, st = _kernel_position(tables, state)
        me = state.current_player()
        if bids[me] < 0:
            continue
        legal = int(pk.legal_plays(hands, st, tables.rp))
        cards = np.array([b for b in range(64) if legal >> b & 1], dtype=np.int64)
        worlds = hands.reshape(1, -1)
        weights = np.ones(1)
        rng = np.array([5], dtype=np.uint64)
        exact = evaluate_plays_exact(worlds, weights, bids, won, trick, st, tables.rp, cards)
        played = evaluate_plays(worlds, weights, bids, won, trick, st, tables.rp, cards, 1, 0.0,
                                rng)  # fmt: skip
        assert all(e >= p for e, p in zip(exact, played, strict=True)), index
        better += any(e > p for e, p in zip(exact, played, strict=True))
        for a, c in enumerate(cards):
            mask = achievable_tricks(hands, bids, won, trick, st, tables.rp, c, False, -1)
            assert exact[a] == best_score(tables.rp, bids[me], mask)
    assert better >= 1


def test_the_policy_sees_by_seat() -> None:
    """``RP_POLICY_SEES`` is a mask of seats: a seat left out of it plays as when no seat
    sees, a seat in it as when every seat sees (and the two differ somewhere)."""
    differ = 0
    for index in range(60):
        found = position(index, 8)
        if found is None:
            continue
        _, tables, state = found
        hands, bids, won, _, st = _kernel_position(tables, state)
        me = int(st[pk.ST_TO_MOVE])
        bids = np.where(bids < 0, 1, bids)
        legal = pk.legal_plays(hands, st, tables.rp)
        cards = {}
        for mask in (-1, 0, ~(1 << me), 1 << me):
            rp = tables.rp.copy()
            rp[pk.RP_POLICY_SEES] = mask
            cards[mask] = int(pk.policy_play(hands, bids, won, st, rp, legal))
        assert cards[~(1 << me)] == cards[0] and cards[1 << me] == cards[-1], index
        differ += cards[0] != cards[-1]
    assert differ >= 1


def test_finish_tricks_plays_the_policy_then_solves() -> None:
    """With no tricks to solve it is the policy's playout; solving the whole rest from the
    seat's turn gives the reachable total nearest its bid; solving the last tricks of a
    longer rest ends with a possible total."""
    from tapete.solvers.pocha_endgame import finish_tricks

    for index in range(40):
        found = position(index, 8)
        if found is None:
            continue
        _, tables, state = found
        hands, bids, won, trick, st = _kernel_position(tables, state)
        me = int(st[pk.ST_TO_MOVE])
        bids = np.where(bids < 0, 1, bids)
        left = tables.hand_size - int(st[pk.ST_TRICKS])

        position_arrays = (hands, bids, won, trick, st)

        def run(depth: int, arrays: tuple[Any, ...] = position_arrays, rp: Any = tables.rp,
                me: int = me) -> int:  # fmt: skip
            h, b, w, t, s = (a.copy() for a in arrays)
            return int(finish_tricks(h, b, w, t, s, rp, me, depth))

        h, b, w, t, s = (a.copy() for a in position_arrays)
        pk.play_out(h, b, w, t, s, tables.rp, np.array([1], dtype=np.uint64), pk.ROLLOUT_RULE, 0.0)
        assert run(0) == int(w[me]), index
        mask = int(achievable_tricks(hands, bids, won, trick, st, tables.rp, -1, True, -1))
        reachable = [t for t in range(64) if mask >> t & 1]
        nearest = min(reachable, key=lambda t: (abs(t - int(bids[me])), t))
        assert run(left) == nearest, index
        assert run(2) in range(tables.hand_size + 1)
