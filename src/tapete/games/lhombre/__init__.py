"""Danish l'hombre as the Dansk L'hombre Union plays it, registered as ``lhombre`` (one deal)
and ``lhombre-match`` (a session).

Rules: ``docs/lhombre.md``. Ombre's descendant, the living game of Denmark: three players
(seats in anti-clockwise playing order), the 40-card pack, 9 cards each in threes, a talon
of 13. The auction climbs the Union's ladder one step at a time (*spil*, *bedre*, *tourné*
/ *købe nolo*, *tourné-respekt*, *solo*, *solo spar* / *ren nolo*, *nolo ouvert*), an
earlier seat holding a later seat's step; the winner declares a game of his step or higher,
buys (player first, then the player on his right, then the last) and plays against the two
others. A game is won, *bet* (a tie) or *kruk* (a defender took more tricks), each with its
points from the Union's table. Ombre's card ranking, matador privilege and trick play are used
as they are (:mod:`tapete.games.ombre_family.tables`); the nolo games have their own order.

Modules: ``actions`` (numbers, texts, events), ``rules`` (parameters, points, nolo order),
``state``, ``view``, ``game`` (``lhombre``), ``match`` (``lhombre-match``), ``sampler``.

>>> import tapete
>>> game = tapete.load_game('lhombre')
>>> state = game.new_initial_state()
>>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2']
>>> for action in game.deal_actions(hands):
...     state.apply_action(action)
>>> for text in ('spil', 'bedre', 'bedre', 'pass', 'pass'):
...     state.apply_action(state.string_to_action(text))
>>> state.phase(), state.player, state.level
('declare', 0, 2)
"""

from tapete.games.lhombre.actions import (
    BID_BASE,
    DECLARE_BASE,
    DRAW,
    GAMES,
    NUM_DISTINCT_ACTIONS,
    PASS,
    TOUT,
    TRUMPS_BASE,
)
from tapete.games.lhombre.game import LhombreGame
from tapete.games.lhombre.match import LhombreMatchGame, LhombreMatchState
from tapete.games.lhombre.rules import LhombreRules
from tapete.games.lhombre.state import LhombreState
from tapete.games.lhombre.view import (
    LhombreBid,
    LhombreContract,
    LhombreDealResult,
    LhombreEventKind,
    LhombreMatchPhase,
    LhombreMatchView,
    LhombreOutcome,
    LhombrePhase,
    LhombreView,
)

__all__ = [
    "BID_BASE",
    "DECLARE_BASE",
    "DRAW",
    "GAMES",
    "NUM_DISTINCT_ACTIONS",
    "PASS",
    "TOUT",
    "TRUMPS_BASE",
    "LhombreBid",
    "LhombreContract",
    "LhombreDealResult",
    "LhombreEventKind",
    "LhombreGame",
    "LhombreMatchGame",
    "LhombreMatchPhase",
    "LhombreMatchState",
    "LhombreMatchView",
    "LhombreOutcome",
    "LhombrePhase",
    "LhombreRules",
    "LhombreState",
    "LhombreView",
]
