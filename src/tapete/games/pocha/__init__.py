"""La Pocha (Spanish "Oh Hell"), registered as ``pocha`` (one hand) and ``pocha-match``.

Rules: ``shared/rules/pocha.md`` (DEFAULTs) with its variants as parameters. Seats are
numbered in playing order (counter-clockwise at the table); the dealer defaults to the last
seat, so seat 0 is *mano*: it receives the first card, bids first and leads.

Action encoding (ints, stable):

======  =====================================================================
0..63   a card id: ``deal <card>`` / ``turn <card>`` (chance) or ``play <card>``
64..79  ``bid <n>`` (n = action − 64)
80, 81  ``swap`` / ``pass`` (the ``seven_swap`` variant)
88..95  ``dealer <seat>`` (``pocha-match``: the first dealer drawn by lot, chance)
======  =====================================================================

>>> import tapete
>>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
>>> for text in ['deal Ao', 'deal 3c', 'deal Re', 'turn 4b', 'bid 1', 'bid 0']:
...     _ = state.apply_string(text)
>>> [state.action_to_string(a) for a in state.legal_actions()]   # the dealer may not bid 0
['bid 1']
"""

from tapete.engine.api import Trick
from tapete.games.pocha.game import (
    BID_BASE,
    PASS,
    SWAP,
    PochaGame,
    PochaRules,
    PochaState,
    PochaView,
)
from tapete.games.pocha.match import PochaMatchGame, PochaMatchState, PochaMatchView, hand_sizes

__all__ = [
    "BID_BASE",
    "PASS",
    "SWAP",
    "PochaGame",
    "PochaMatchGame",
    "PochaMatchState",
    "PochaMatchView",
    "PochaRules",
    "PochaState",
    "PochaView",
    "Trick",
    "hand_sizes",
]
