"""Rule details of trynka.md §2 beyond the §4 scenarios: information at reveals, turn order,
the closing rule, the session (``trynka-match``) and exact amounts.

Seats as in ``test_scenarios``: ``trynka`` with ``dealer=0``, so seat k is Pk.
"""

from __future__ import annotations

from tests.trynka.test_scenarios import P0, P1, P2, P3, deal, new, play

import tapete
from tapete.games.trynka import TrynkaState


def _reveal_with_three_active(target_hand: str) -> TrynkaState:
    state = new()
    deal(state, {P1: target_hand, P2: "8♦ 7♦ 6♦", P3: "7♥ 9♣ 6♣", P0: "8♠ 9♠ 7♠"})
    play(state, (P1, "decline"), (P1, "bet 1"), (P2, "reveal"), (P1, "show"))
    return state


def test_a_tied_reveal_with_others_in_looks_like_a_lost_one_to_the_others() -> None:
    """§2.8: the revealer must beat; the others learn only who lost, not that it was a tie."""
    tie = _reveal_with_three_active("A♠ 10♠ 6♥")  # 21 = 21: P2 is out
    loss = _reveal_with_three_active("A♥ 10♥ 8♥")  # 29 > 21: P2 is out
    for state in (tie, loss):
        assert not state.active >> P2 & 1 and state.active >> P1 & 1
        assert state.current_player() == P3 and state.phase() == "round1"
    for seat in (P3, P0, None):
        assert tie.view(seat) == loss.view(seat), seat
    # the two players themselves saw both hands
    assert tie.view(P2).shown[P1] == tapete.CardSet.parse("A♠ 10♠ 6♥")
    assert tie.view(P1).shown[P2] == tapete.CardSet.parse("8♦ 7♦ 6♦")
