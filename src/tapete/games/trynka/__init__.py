"""Trynka (Трынька), registered as ``trynka`` (one bank) and ``trynka-match`` (a session).

Rules: ``shared/rules/trynka.md`` (DEFAULTs) with every option of its §3 as a parameter.
Seats are numbered clockwise in dealing order; the dealer of ``trynka`` defaults to the last
seat, so seat 0 is P1 (the dealer's left: first to get a card, first who may go blind).
Each player antes S; three cards are dealt one at a time (a player may ask for a card face
up, then keep it or have it replaced from the middle of the stock); P1 may stake blind
("темню"), P2 may over-blind ("перетемнить"); the sighted players act once (ROUND_1), then
the blind ones look and act; betting goes on clockwise: fold ("упал"), bet at least the
level L up to the cap, or reveal ("вскрываюсь") to the nearest active player on one's right
for 2·L (L for a blind player), the lower hand dropping out. Once everybody has bet the
level, betting is closed (only fold, reveal, claim or propose). Three tens may be shown for
a redeal of the same bank; a tie between the last two is a svara (others may buy in).
The last player in takes the bank.

Action encoding (ints, stable; ``num_distinct_actions()`` = 4096):

==========  ==============================================================================
0 … 12      fold, reveal, claim-tens, propose-svara, accept, refuse, join, decline, flash,
            no-flash, keep, replace, show (answer a reveal without claiming three tens)
64 … 127    chance: a card id, ``deal A♠`` (each dealt or replacement card) or ``draw A♠``
            (``trynka-match``: the cards turned to choose the first dealer)
192 … 255   chance: ``deal A♠ up``, a card exposed by accident (card id + 128; only with
            ``accidental_exposure_rate`` > 0)
1024 + d    ``blind d`` (темню d)
2048 + o    ``overblind o`` (перетемняю o)
3072 + a    ``bet a`` (ставлю a); amounts are chips, at most 1023
==========  ==============================================================================

Russian input is accepted: ``темню 2``, ``перетемняю 3``, ``ставлю 3``, ``упал``,
``вскрываюсь``, ``варим``, ``заварим``, ``пас``…

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> state = random_playout(tapete.load_game('trynka').new_initial_state(), random.Random(3))
>>> state.is_terminal(), sum(state.returns())
(True, 0.0)
>>> hand_value(tapete.CardSet.parse('A♠ 10♠ 9♠'))
HandValue(category=1, points=30)
"""

from tapete.games.trynka.game import (
    BET_BASE,
    BLIND_BASE,
    NUM_DISTINCT_ACTIONS,
    OVERBLIND_BASE,
    TrynkaGame,
    TrynkaMatchGame,
    TrynkaRules,
    TrynkaState,
    TrynkaView,
    russian_action,
)
from tapete.games.trynka.values import HandValue, hand_value, is_three_tens, value_table

__all__ = [
    "BET_BASE",
    "BLIND_BASE",
    "NUM_DISTINCT_ACTIONS",
    "OVERBLIND_BASE",
    "HandValue",
    "TrynkaGame",
    "TrynkaMatchGame",
    "TrynkaRules",
    "TrynkaState",
    "TrynkaView",
    "hand_value",
    "is_three_tens",
    "russian_action",
    "value_table",
]
