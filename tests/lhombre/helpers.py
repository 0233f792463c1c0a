"""Shared helpers of the Danish l'hombre tests: a dealt position and action texts."""

from __future__ import annotations

from typing import Any

import tapete
from tapete.games.lhombre import LhombreGame, LhombreState

#: Forehand (seat 0), middle (seat 1), dealer (seat 2). The talon holds the other 13:
#: ♣7 ♣6 ♣5 ♣4 ♣3 ♦7 ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7.
HANDS = ("♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J", "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6", "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2")


def dealt(hands: tuple[str, str, str] = HANDS, **params: Any) -> LhombreState:
    """The position after dealing ``hands`` (by seat) with the dealer at seat 2."""
    game = tapete.load_game("lhombre", **params)
    assert isinstance(game, LhombreGame)
    state = game.new_initial_state()
    for action in game.deal_actions(list(hands)):
        state.apply_action(action)
    return state


def apply(state: LhombreState, *texts: str) -> LhombreState:
    """Apply the actions written ``texts`` in order."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def texts(state: LhombreState) -> list[str]:
    """The legal actions of ``state`` as texts."""
    return [state.action_to_string(a) for a in state.legal_actions()]
