"""The search's model of a counting bidder against the ``rule`` bot's own count."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the kernels need numba (the solvers extra)")

import tapete
from tapete.engine import play_chance
from tapete.players import load
from tapete.players.rule.pocha import expected_tricks
from tapete.players.search.pocha import PochaSearch
from tapete.solvers import pocha_kernel as pk
from tapete.solvers.pocha_search import counted_targets, nearest_bid


@pytest.mark.parametrize(
    "params",
    [{"n_players": 4}, {"n_players": 4, "hand_size": 3}, {"n_players": 5, "hand_size": 6},
     {"n_players": 3, "rank_order": "natural"}],
)  # fmt: skip
def test_counted_tricks_equal_the_rule_bots_count(params: dict[str, object]) -> None:
    """At every bid of seeded deals: each seat's counted tricks, computed in the kernel from
    the true deal, equal ``expected_tricks`` of its view, and the nearest legal bid is the
    bid the ``rule`` bot makes."""
    game = tapete.load_game("pocha", **params)
    rule = load("rule")
    search = PochaSearch(worlds=1)
    checked = 0
    for deal in range(30):
        rng = random.Random(deal)
        state = play_chance(game.new_initial_state(), rng)
        view = state.view(0)
        tables = search.tables(game, view)
        n = tables.n_players
        world = np.zeros((1, n + 1), dtype=np.uint64)
        for q in range(n):
            world[0, q] = tables.kernel_mask(state.view(q).hand.mask)
        full = (1 << (4 * tables.cards_per_suit)) - 1
        world[0, n] = full & ~int(np.bitwise_or.reduce(world[0, :n]))
        hidden = np.uint64(0xFFFFFFFFFFFFFFFF)
        if view.trump_card is not None and view.trump_card_holder is None:
            hidden = np.uint64(~(1 << tables.kernel_of[int(view.trump_card)]) & (2**64 - 1))
        trump = int(view.trump_suit)
        targets = counted_targets(world, np.zeros(n, dtype=np.uint64), hidden, trump, tables.rp,
                                  search._count(tables))  # fmt: skip
        bids = np.full(n, -1, dtype=np.int64)
        st = np.zeros(pk.ST_SIZE, dtype=np.int64)
        st[pk.ST_TRUMP] = trump
        while state.view(0).phase == "bidding":
            seat = state.current_player()
            seat_view = state.view(seat)
            assert targets[0, seat] == pytest.approx(expected_tricks(seat_view)), f"deal {deal}"
            action = rule.choose(seat_view, state.legal_actions(), rng)
            bid = int(state.action_to_string(action).split()[1])
            st[pk.ST_TO_MOVE] = seat
            assert nearest_bid(targets[0, seat], bids, st, tables.rp) == bid, f"deal {deal}"
            bids[seat] = bid
            state.apply_action(action)
            checked += 1
    assert checked >= 60


def _bid_values(tables: Any, world: Any, shade: float = 0.0, lift: float = 0.0) -> Any:
    """The first seat's value of bids 0 and 1 in ``world`` (one playout, nobody has bid yet,
    no trump played), with ``bid_shade`` ``shade`` and ``bid_lift`` ``lift``."""
    from tapete.solvers.pocha_search import bid_weights, evaluate_bids

    bids = np.array([-1, -1, -1], dtype=np.int64)
    st = np.zeros(pk.ST_SIZE, dtype=np.int64)
    st[pk.ST_BEST_TRUMP] = -1
    args = (np.zeros(3, dtype=np.int64), np.zeros(3, dtype=np.int64), st, tables.rp)
    weights = bid_weights(world, np.zeros(3, dtype=np.uint64), bids, st, tables.rp, 1.0)
    candidates = np.array([0, 1], dtype=np.int64)
    rng = np.array([7], dtype=np.uint64)
    empty = np.zeros((0, 3))
    return evaluate_bids(world, weights, bids, *args, candidates, 1, 0.0, rng, empty, shade, 0,
                         lift)  # fmt: skip


def test_bid_shade_counts_a_trick_fewer_with_its_weight() -> None:
    """One card, the ace of trumps: bid 1 makes it (15), bid 0 misses (-5); shaded by 0.5,
    each is half its own score and half the score one trick lower (10 for bid 0, -5 for 1)."""
    from tapete.solvers.pocha import PochaTables

    tables = PochaTables.from_params({"n_players": 3, "hand_size": 1, "deck": "36"})
    k = tables.cards_per_suit
    world = np.array([[1 << (k - 1), 1 << 0, 1 << k]], dtype=np.uint64)
    plain = _bid_values(tables, world)
    shaded = _bid_values(tables, world, 0.5)
    assert list(plain) == [-5.0, 15.0]
    assert list(shaded) == [0.5 * -5 + 0.5 * 10, 0.5 * 15 + 0.5 * -5]


def test_bid_lift_counts_a_trick_more_with_its_weight() -> None:
    """Two cards, the ace of trumps and a low plain card the others beat: the playouts take
    one trick. Lifted by 0.25, each bid counts a quarter of the score one trick more (two
    tricks: -10 for bid 0, -5 for 1); with a shade of 0.5 too, half of one trick fewer."""
    from tapete.solvers.pocha import PochaTables

    tables = PochaTables.from_params({"n_players": 3, "hand_size": 2, "deck": "36"})
    k = tables.cards_per_suit
    mine, second, third = (
        1 << (k - 1) | 1 << k,
        1 << 1 | 1 << (2 * k - 1),
        1 << 2 | 1 << (2 * k - 2),
    )
    world = np.array([[mine, second, third]], dtype=np.uint64)
    plain = _bid_values(tables, world)
    lifted = _bid_values(tables, world, 0.0, 0.25)
    both = _bid_values(tables, world, 0.5, 0.25)
    assert list(plain) == [-5.0, 15.0]
    assert list(lifted) == [0.75 * -5 + 0.25 * -10, 0.75 * 15 + 0.25 * -5]
    assert list(both) == [0.25 * -5 + 0.5 * 10 + 0.25 * -10, 0.25 * 15 + 0.5 * -5 + 0.25 * -5]


@pytest.mark.parametrize(
    "params",
    [{"n_players": 4}, {"n_players": 4, "undertrump": "must"},
     {"n_players": 4, "play_rules": "follow_only"}, {"n_players": 3, "rank_order": "natural"},
     {"n_players": 4, "deck": "48"}],
)  # fmt: skip
def test_counting_play_is_the_rule_bots_card(params: dict[str, object]) -> None:
    """At every card with a choice of seeded deals in which the whole pack is dealt: the
    kernel's counting policy (no seat sees), on the true hands and the arrays the search
    builds from the view, plays the card the ``rule`` bot plays; the seeing policy does not
    (somewhere), so the check can tell them apart."""
    from tapete.players.search.pocha import root_arrays

    game = tapete.load_game("pocha", **params)
    rule = load("rule")
    search = PochaSearch(worlds=1)
    checked = differ = 0
    for deal in range(25):
        rng = random.Random(deal)
        state = play_chance(game.new_initial_state(), rng)
        while not state.is_terminal():
            seat = state.current_player()
            view = state.view(seat)
            legal = state.legal_actions()
            action = rule.choose(view, legal, rng)
            if view.phase == "play" and len(legal) > 1:
                tables = search.tables(game, view)
                bids, won, _, st = root_arrays(tables, view)
                n = tables.n_players
                hands = np.array(
                    [tables.kernel_mask(state.view(q).hand.mask) for q in range(n)],
                    dtype=np.uint64,
                )
                mask = pk.legal_plays(hands, st, tables.rp)
                card = tables.deck.parse_card(state.action_to_string(action).split()[1])
                rp = tables.rp.copy()
                rp[pk.RP_POLICY_SEES] = 0
                counted = int(pk.policy_play(hands, bids, won, st, rp, mask))
                assert counted == tables.kernel_of[int(card)], f"deal {deal}, seat {seat}"
                rp[pk.RP_POLICY_SEES] = -1
                differ += int(pk.policy_play(hands, bids, won, st, rp, mask)) != counted
                checked += 1
            state.apply_action(action)
    assert checked > 500
    assert differ > 0


def test_matched_bid_weights_give_the_rule_bots_bids_their_match() -> None:
    """After the ``rule`` bots' bids of seeded 4 x 10 deals, the true deal's counted tricks
    explain every bid: the weight is ``match`` per other seat; a world in which one seat
    counted two tricks more explains its bid no more (the rest's share over the 10 other
    bids); counting bidders of three aggressions share it."""
    from tapete.solvers.pocha_search import matched_bid_weights

    game = tapete.load_game("pocha", n_players=4)
    rule = load("rule")
    search = PochaSearch(worlds=1)
    for deal in range(20):
        rng = random.Random(deal)
        state = play_chance(game.new_initial_state(), rng)
        tables = search.tables(game, state.view(0))
        n = tables.n_players
        world = np.zeros((1, n + 1), dtype=np.uint64)
        for q in range(n):
            world[0, q] = tables.kernel_mask(state.view(q).hand.mask)
        hidden = np.uint64(0xFFFFFFFFFFFFFFFF)
        trump = int(state.view(0).trump_suit)
        targets = counted_targets(world, np.zeros(n, dtype=np.uint64), hidden, trump, tables.rp,
                                  search._count(tables))  # fmt: skip
        while state.view(0).phase == "bidding":
            state.apply_action(rule.choose(state.view(state.current_player()),
                                           state.legal_actions(), rng))  # fmt: skip
        bids = np.array(state.view(0).bids, dtype=np.int64)
        one = np.array([1.0])
        weight = matched_bid_weights(targets, bids, 0, tables.rp, 0.9, one)[0]
        assert weight == pytest.approx(0.9**3), f"deal {deal}"
        shifted = targets.copy()
        shifted[0, 1] += 2.0
        changed = matched_bid_weights(shifted, bids, 0, tables.rp, 0.9, one)[0]
        if int(bids[1]) + 2 <= 10:  # its nearest bid moved: the bid made is a miss
            assert changed == pytest.approx(0.9**2 * 0.1 / 10), f"deal {deal}"
        mixed = matched_bid_weights(targets, bids, 0, tables.rp, 0.9, np.array([0.9, 1.0, 1.1]))
        assert 0.9**3 / 27 < mixed[0] <= 0.9**3 + 1e-12
