"""Trynka (Трынька), registered as ``trynka`` (one bank) and ``trynka-match`` (a session).

Rules: ``docs/trynka.md`` (every rule and option) with every option as a parameter.
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

One module per concern: :mod:`.rules` (parameters, the frozen rules objects), :mod:`.actions`
(the compact action numbers and their text), :mod:`.values` (hand values), :mod:`.state`
(a bank), :mod:`.explain` (why an action is illegal), :mod:`.view`, :mod:`.sampler`,
:mod:`.game` (``trynka``) and :mod:`.match` (``trynka-match``). Russian input is accepted:
``темню 2``, ``перетемняю 3``, ``ставлю 3``, ``упал``, ``вскрываюсь``, ``варим``, ``пас``…

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> state = random_playout(tapete.load_game('trynka').new_initial_state(), random.Random(3))
>>> state.is_terminal(), sum(state.returns())
(True, 0.0)
>>> hand_value(tapete.CardSet.parse('A♠ 10♠ 9♠'))
HandValue(category=1, points=30)
"""

from tapete.games.trynka.actions import MAX_AMOUNT, TrynkaActions, russian_action
from tapete.games.trynka.game import TrynkaGame
from tapete.games.trynka.match import TrynkaMatchGame, TrynkaMatchState
from tapete.games.trynka.rules import SessionRules, TrynkaRules
from tapete.games.trynka.state import TrynkaState
from tapete.games.trynka.values import (
    HandValue,
    hand_value,
    is_three_tens,
    local_value_table,
    value_table,
)
from tapete.games.trynka.view import (
    TrynkaEventKind,
    TrynkaMatchEventKind,
    TrynkaMatchPhase,
    TrynkaMatchView,
    TrynkaPhase,
    TrynkaView,
)

__all__ = [
    "MAX_AMOUNT",
    "HandValue",
    "SessionRules",
    "TrynkaActions",
    "TrynkaEventKind",
    "TrynkaGame",
    "TrynkaMatchEventKind",
    "TrynkaMatchGame",
    "TrynkaMatchPhase",
    "TrynkaMatchState",
    "TrynkaMatchView",
    "TrynkaPhase",
    "TrynkaRules",
    "TrynkaState",
    "TrynkaView",
    "hand_value",
    "is_three_tens",
    "local_value_table",
    "russian_action",
    "value_table",
]
