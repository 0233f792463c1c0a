"""Rule details of trynka.md §2 beyond the §4 scenarios: information at reveals, turn order,
the closing rule, the session (``trynka-match``) and exact amounts.

Seats as in ``test_scenarios``: ``trynka`` with ``dealer=0``, so seat k is Pk.
"""

from __future__ import annotations

import itertools

from tests.trynka.test_scenarios import FOUR, P0, P1, P2, P3, TIE, deal, new, play, texts

import tapete
from tapete.games.trynka import TrynkaMatchState, TrynkaState


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


def test_the_blind_players_look_only_when_round_1_ends() -> None:
    """§2.5-§2.7: sighted players look when the blind step ends, the dark ones after ROUND_1."""
    state = new()
    deal(state, FOUR)
    assert all(not state.view(s).hand for s in (P0, P1, P2, P3))  # nobody looks during the deal
    play(state, (P1, "blind 1"), (P2, "overblind 2"))
    assert state.phase() == "round1" and state.current_player() == P3
    for seat in (P1, P2):
        assert not state.view(seat).hand and not state.view(seat).looked[seat]
    for seat in (P3, P0):
        assert state.view(seat).hand == tapete.CardSet.parse(FOUR[seat])
    play(state, (P3, "bet 2"), (P0, "fold"))
    assert state.phase() == "blind_look" and state.current_player() == P1
    for seat in (P1, P2):  # both look at once
        assert state.view(seat).hand == tapete.CardSet.parse(FOUR[seat])
    assert not state.view(P3).shown[P1] and not state.view(P0).shown[P3]
    # after BLIND_LOOK, betting goes on from the player after the last one who acted (P2)
    play(state, (P1, "bet 2"), (P2, "bet 3"))
    assert state.phase() == "betting" and state.current_player() == P3
    assert texts(state) == ["fold", "reveal", *[f"bet {a}" for a in range(3, 11)]]
    assert [state.reveal_cost(s) for s in (P1, P2, P3)] == [3, 3, 6]


def test_svara_fee_is_the_same_for_every_joiner() -> None:
    """Y11: both P1 and P0 join for ceil(B/2), computed once on B."""
    state = new()
    deal(state, TIE)
    play(state, (P1, "decline"), (P1, "fold"), (P2, "bet 8"), (P3, "bet 8"), (P0, "fold"))
    play(state, (P2, "reveal"), (P3, "show"))
    assert state.bank == 37 - 1 and state.join_fee == 18
    paid = list(state.paid)
    play(state, (P1, "join"), (P0, "join"))
    assert [p - q for p, q in zip(state.paid, paid, strict=True)] == [18, 18, 0, 0]
    assert state.bank == 36 + 36 and state.participants == (P1, P2, P3, P0)
    assert state.current_player() == P1 and state.phase() == "deal"  # P1 is asked to flash


def test_in_a_session_the_winner_deals_next_and_balances_carry() -> None:
    """§2.1 later deals, §2.10 split, §2.11: the bank's winner (or first sharer) deals next."""
    import random

    from tapete.engine.chance import random_playout

    for n in range(2, 9):
        game = tapete.load_game("trynka-match", n_players=n, banks=12, stop_when_broke=False)
        state = random_playout(game.new_initial_state(), random.Random(n))
        assert isinstance(state, TrynkaMatchState)
        banks = state.finished
        assert len(banks) == 12
        balances = [100.0] * n
        for before, after in itertools.pairwise(banks):
            assert after.dealer == before.detail("winner"), (n, before, after)
        for bank in banks:
            balances = [b + r for b, r in zip(balances, bank.returns, strict=True)]
            assert list(bank.standings) == balances
        assert sum(state.returns()) == 100 * n


def test_a_dark_target_claims_three_tens_only_once_he_has_looked() -> None:
    """§2.8, §2.9: a dark T who has not looked is compared as he stands; after BLIND_LOOK
    has begun he may answer a reveal with CLAIM_TENS."""
    hands = {**FOUR, P1: "10♠ 10♥ 10♦"}
    state = new()
    deal(state, hands)
    play(state, (P1, "blind 1"), (P2, "decline"), (P2, "bet 1"), (P3, "fold"))
    play(state, (P0, "reveal"))  # P3 folded: to P2, who has looked, so he answers
    assert state.phase() == "reveal" and state.current_player() == P2
    play(state, (P2, "show"))
    state = new()
    deal(state, hands)
    play(state, (P1, "blind 1"), (P2, "decline"), (P2, "reveal"))  # to dark P1, not looked
    assert state.phase() == "round1" and state.current_player() == P3
    last = state.events(None)[-1]  # 15 beats 10
    assert (last.kind, last.actor, last.arg("to"), last.arg("out")) == ("reveal", P2, P1, P1)
    state = new()
    deal(state, hands)
    play(state, (P1, "blind 1"), (P2, "overblind 2"), (P3, "fold"), (P0, "fold"))
    play(state, (P1, "bet 2"))
    bank = state.bank
    play(state, (P2, "reveal"))  # dark P2 reveals to dark P1, who has looked
    assert state.bank == bank + 2 and state.current_player() == P1
    assert texts(state) == ["claim-tens", "show"]
    play(state, (P1, "claim-tens"))
    assert state.bank == bank + 2 and state.participants == (P1, P2) and state.phase() == "deal"
    claim = state.view(P3).earlier[-1]
    assert (claim.kind, claim.actor, claim.arg("dealt_in")) == ("tens", P1, (P1, P2))
    assert claim.arg("shown_cards") == ((P1, tuple(tapete.CardSet.parse("10♠ 10♥ 10♦"))),)
