"""Tresillo (Rocambor), registered as ``tresillo`` (one deal) and ``tresillo-match``.

Rules: ``docs/tresillo.md``. Ombre's Spanish family game: four at the table, seats numbered
in anti-clockwise playing order; the dealer (the *alcalde*) deals 9 cards in threes to the
three others and sits the deal out, but pays and receives. The auction climbs *entrada*
(exchange, name trumps) < *vuelta* (the stock's top card is turned: its suit is trumps) <
*solo* (no exchange), with the favour bids of the optional *palo de favor*; a seat with
priority (nearer mano) may hold a bid a later seat made. The player of an entrada or vuelta
may surrender before his card to the fourth trick; a defender may take a surrendered
entrada over. A lost game's *puesta* goes on the plate, where puestas wait for the next won
game. Ombre's card ranking, matador privilege and trick play are used as they are
(:mod:`tapete.games.ombre_family.tables`).

Modules: ``actions`` (numbers, texts, events), ``rules``, ``state``, ``explain``,
``scoring``, ``view``, ``game`` (``tresillo``), ``match`` (``tresillo-match``), ``sampler``.

>>> import tapete
>>> game = tapete.load_game('tresillo')
>>> state = game.new_initial_state()
>>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2', None]
>>> for action in game.deal_actions(hands):
...     state.apply_action(action)
>>> state.phase(), state.current_player()
('auction', 0)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['pass', 'entrada', 'vuelta', 'solo']
"""

from tapete.games.tresillo.actions import (
    ACCEPT,
    DEFEND,
    DRAW,
    ENTRADA,
    ENTRADA_FAVOR,
    NUM_DISTINCT_ACTIONS,
    PASS,
    SOLO,
    SOLO_FAVOR,
    SURRENDER,
    TRUMPS_BASE,
    VUELTA,
)
from tapete.games.tresillo.game import TresilloGame
from tapete.games.tresillo.match import TresilloMatchGame, TresilloMatchState
from tapete.games.tresillo.rules import TresilloRules
from tapete.games.tresillo.state import TresilloState
from tapete.games.tresillo.view import (
    TresilloContract,
    TresilloDealResult,
    TresilloEventKind,
    TresilloMatchPhase,
    TresilloMatchView,
    TresilloOutcome,
    TresilloPhase,
    TresilloPollaBy,
    TresilloView,
)

__all__ = [
    "ACCEPT",
    "DEFEND",
    "DRAW",
    "ENTRADA",
    "ENTRADA_FAVOR",
    "NUM_DISTINCT_ACTIONS",
    "PASS",
    "SOLO",
    "SOLO_FAVOR",
    "SURRENDER",
    "TRUMPS_BASE",
    "VUELTA",
    "TresilloContract",
    "TresilloDealResult",
    "TresilloEventKind",
    "TresilloGame",
    "TresilloMatchGame",
    "TresilloMatchPhase",
    "TresilloMatchState",
    "TresilloMatchView",
    "TresilloOutcome",
    "TresilloPhase",
    "TresilloPollaBy",
    "TresilloRules",
    "TresilloState",
    "TresilloView",
]
