"""Classic Ombre details of issue 15: two more units from each player when all pass
(``all_pass = throw_in_pay_two``) and the last exchanger's look at the rest of the stock
(``talon_rest_visible = last_exchanger``). Source: the issue's "classic details" (the
18th-century rules of l'hombre, e.g. Hoyle); the seed is silent on both (ombre.md §3 items 12
and 13)."""

from __future__ import annotations

import tapete
from tapete.games.ombre import OmbreMatchState

from .helpers import EAST, NORTH, WEST, dealt


def test_all_pass_two_more_units_each() -> None:
    state = dealt({}, all_pass="throw_in_pay_two")
    for _ in range(3):
        state.apply_string("pass")
    assert state.is_terminal() and state.outcome == "all_pass"
    assert state.returns() == [-3.0, -3.0, -3.0] and state.pool == 9  # ante 1 + 2 each
    assert sum(state.returns()) + state.pool_change() == 0
    assert state.game.min_utility() <= -3
    # with an ante of 0 the two units are still paid
    free = dealt({}, all_pass="throw_in_pay_two", ante=0)
    for _ in range(3):
        free.apply_string("pass")
    assert free.returns() == [-2.0, -2.0, -2.0] and free.pool == 6
    assert free.game.min_utility() <= -2
    # nothing more is paid when someone plays
    played = dealt({}, all_pass="throw_in_pay_two")
    played.apply_string("ombre")
    assert played.pool == 3
    # in a session the pool carries the extra units on to the next deal
    match = tapete.load_game("ombre-match", all_pass="throw_in_pay_two").new_initial_state()
    assert isinstance(match, OmbreMatchState)
    while match.is_chance_node():
        match.apply_action(match.legal_actions()[0])
    while match.phase() == "auction":
        match.apply_string("pass")
    assert match.pool == 9 and match.balances == [-3, -3, -3]


def test_last_exchanger_sees_the_rest() -> None:
    state = dealt({}, talon_rest_visible="last_exchanger")
    state.apply_string("ombre")  # West is ombre; the exchange goes West, East, North
    for text in ("pass", "pass", "draw", "draw", "draw"):
        state.apply_string(text)
    assert state.phase() == "rest"
    start = len(state.history())
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.phase() == "trumps"
    assert len(state.view(NORTH).rest) == 13
    assert len(state.view(WEST).rest) == 0 and len(state.view(EAST).rest) == 0
    assert len(state.view(None).rest) == 0
    rest_events = [e for e in state.events(WEST, since=start) if e.kind == "rest"]
    assert len(rest_events) == 13 and all(e.hidden for e in rest_events)
    assert not any(e.hidden for e in state.events(NORTH, since=start) if e.kind == "rest")
