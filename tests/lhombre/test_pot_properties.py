"""Property test (issue 29): sessions of Danish l'hombre under ``settlement = pot`` with
random options; every deal's money is recomputed here from its public record (the contract,
the tricks, the tout announced) and the Union's point table, independently of the engine,
and the pot left at the end is shared as the docs say."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tapete
from tapete.engine import sample_chance
from tapete.games.lhombre import LhombreMatchState
from tapete.games.lhombre.actions import GAMES
from tapete.games.lhombre.rules import UNION_POINTS
from tapete.players.base import load as load_player

NOLOS = {"kobe_nolo", "ren_nolo", "nolo_ouvert"}


def points_of(contract: str, tricks: tuple[int, ...], player: int, tout: bool,
              tout_points: int) -> int:  # fmt: skip
    """What the player wins (negative: loses), from the Union's table."""
    won, bet, kruk = UNION_POINTS[GAMES.index(contract)]
    taken = tricks[player]
    if contract in NOLOS:
        return won if taken == 0 else -bet if taken == 1 else -kruk
    best = max(t for s, t in enumerate(tricks) if s != player)
    if taken > best:
        return won + (0 if not tout else tout_points if taken == 9 else -tout_points)
    return -kruk if best > taken else -bet


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    ante=st.integers(0, 4),
    pot=st.integers(0, 6),
    deals=st.integers(1, 6),
    bots=st.booleans(),
)
def test_every_pot_payment_recomputed(
    seed: int, ante: int, pot: int, deals: int, bots: bool
) -> None:
    game = tapete.load_game(
        "lhombre-match", num_deals=deals, settlement="pot", pot_ante=ante, pot=pot
    )
    rng = random.Random(seed)
    players: dict[int, Any] = {}
    if bots:
        for seat in range(3):
            players[seat] = load_player("rule")
            players[seat].start(game, seat)
    state = game.new_initial_state()
    assert isinstance(state, LhombreMatchState)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if seat in players:
            action = players[seat].choose(state.view(seat), legal, rng)
        else:
            action = legal[int(rng.random() * len(legal))]
        deal_before = state.deal
        state.apply_action(action)
        if (
            deal_before is not None
            and deal_before.phase() == "over"
            and state.deal is not deal_before
        ):
            pass
    balances = [0, 0, 0]
    for result in state.results:
        paid_ante = ante if pot == 0 else 0
        assert result.ante == paid_ante
        pot += 3 * paid_ante
        changes = [-paid_ante] * 3
        if result.outcome != "all_pass":
            assert result.player is not None and result.contract is not None
            tout = result.outcome.startswith("tout")
            points = points_of(result.contract, result.tricks_won, result.player, tout, 1)
            taken = min(points, pot)
            pot -= taken
            changes[result.player] += taken
        assert result.changes == tuple(changes)
        assert result.pot_after == pot
        balances = [b + c for b, c in zip(balances, changes, strict=True)]
    share = pot // 3
    assert state.returns() == [float(b + share) for b in balances]
    assert state.unassigned == pot - 3 * share
