"""Perft for card games: the exact number of legal action sequences from a position.

As in chess engines (python-chess keeps such counts per variant), a count from a fixed
position pins down the whole legal-move generator: one wrong legal list anywhere below the
position changes the number. Chance nodes count each outcome as its own branch.

>>> import tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=1, dealer_restriction=False)
>>> state = game.new_initial_state()
>>> for a in game.deal_actions(['Ao', '3c', 'Re'], turn='7b'):
...     state.apply_action(a)
>>> perft(state)  # two bids each (0 or 1), then one card each: 2 * 2 * 2
8
"""

from __future__ import annotations

from tapete.engine.api import State


def perft(state: State, depth: int | None = None) -> int:
    """The number of distinct legal action sequences from ``state`` to the end of the game
    (or of exactly ``depth`` actions, counting shorter ones that end the game)."""
    if state.is_terminal() or depth == 0:
        return 1
    total = 0
    below = None if depth is None else depth - 1
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += perft(child, below)
    return total


def perft_divide(state: State, depth: int | None = None) -> dict[str, int]:
    """The perft count below each legal action, by its text (to find where two counts
    differ)."""
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out[state.action_to_string(action)] = perft(child, None if depth is None else depth - 1)
    return out
