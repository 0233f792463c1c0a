"""Ombre (L'Hombre), registered as ``ombre`` (one deal) and ``ombre-match`` (a session).

Rules: ``docs/ombre.md`` (every rule and option, in the project's own words) with the
variants of its configuration summary as parameters. Three players; seats are numbered in
anti-clockwise playing order, the dealer of ``ombre`` defaults to seat 2, so seat 0 is
eldest hand. Each deal: every player pays the ante into the pool; 9 cards each in packets of
three; one round of "I play" / pass (``sans_prendre`` adds that bid); ombre, then the others
in turn, discard and draw from the 13-card stock; ombre names trumps (♠A Spadille, Manille,
♣A Basto are always the top trumps) and leads; nine tricks with the matador privilege;
sacardo (ombre takes the pool), codille (ombre pays the pool to the defender who beat him)
or puesta (ombre doubles the pool).

Modules: ``rules`` (parameters, the frozen rules object), ``actions`` (the action numbers,
their texts and events), ``view``, ``state``, ``explain`` (why an action is illegal),
``scoring`` (the settlement), ``game`` (``ombre``), ``match`` (``ombre-match``), ``sampler``,
``tables`` (the card rankings). Action numbers are compact: the 40 cards first (deck-local
indices), then ``pass`` ``ombre`` ``sans-prendre`` ``draw`` ``vole`` and the four trumps
(see :mod:`tapete.games.ombre.actions`).

>>> import tapete
>>> state = tapete.load_game('ombre').new_initial_state()
>>> cards = '♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J'.split()     # the first three packets go to seat 0
>>> others = [c for c in tapete.load_game('ombre').new_initial_state().legal_actions()
...           if state.action_to_string(c)[5:] not in cards][:18]
>>> for i in range(27):
...     if (i // 3) % 3 == 0:
...         _ = state.apply_string('deal ' + cards.pop(0))
...     else:
...         state.apply_action(others.pop(0))
>>> state.phase(), state.current_player()
('auction', 0)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['pass', 'ombre']
"""

from tapete.engine.api import Trick
from tapete.games.ombre.actions import (
    DRAW,
    NUM_DISTINCT_ACTIONS,
    OMBRE,
    PASS,
    SANS_PRENDRE,
    TRUMPS_BASE,
    VOLE,
)
from tapete.games.ombre.game import OmbreGame
from tapete.games.ombre.match import OmbreMatchGame, OmbreMatchState
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.state import OmbreState
from tapete.games.ombre.view import (
    DealResult,
    OmbreEventKind,
    OmbreMatchEventKind,
    OmbreMatchPhase,
    OmbreMatchView,
    OmbreOutcome,
    OmbrePhase,
    OmbreView,
)

__all__ = [
    "DRAW",
    "NUM_DISTINCT_ACTIONS",
    "OMBRE",
    "PASS",
    "SANS_PRENDRE",
    "TRUMPS_BASE",
    "VOLE",
    "DealResult",
    "OmbreEventKind",
    "OmbreGame",
    "OmbreMatchEventKind",
    "OmbreMatchGame",
    "OmbreMatchPhase",
    "OmbreMatchState",
    "OmbreMatchView",
    "OmbreOutcome",
    "OmbrePhase",
    "OmbreRules",
    "OmbreState",
    "OmbreView",
    "Trick",
]
