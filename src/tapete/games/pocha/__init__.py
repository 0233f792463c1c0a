"""La Pocha (Spanish "Oh Hell"), registered as ``pocha`` (one hand) and ``pocha-match``.

Rules: ``docs/pocha.md`` (every rule and option) with its variants as parameters. Seats are
numbered in playing order (counter-clockwise at the table); the dealer defaults to the last
seat, so seat 0 is *mano*: it receives the first card, bids first and leads.

Modules: ``rules`` (parameters, the frozen rules object), ``actions`` (action numbers and
their text), ``state``, ``view``, ``explain`` (why an action is illegal), ``scoring``,
``sampler``, ``game`` (the hand), ``match`` (the whole game), ``tables``.

Action numbers (compact, the same for every hand of a game; see ``docs/pocha.md``): the
pack's cards as deck-local indices ``0 … len(pack)-1`` (``deal``, ``turn``, ``play``,
``draw``), then ``bid 0`` … ``bid max_hand_size``, ``swap``, ``pass``, then
``dealer <seat>`` (``pocha-match``). Write actions as text (``string_to_action``) rather
than numbers: the numbers depend on the pack.

>>> import tapete
>>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
>>> for text in ['deal Ao', 'deal 3c', 'deal Re', 'turn 4b', 'bid 1', 'bid 0']:
...     _ = state.apply_string(text)
>>> [state.action_to_string(a) for a in state.legal_actions()]   # the dealer may not bid 0
['bid 1']
"""

from tapete.engine.api import Trick
from tapete.games.pocha.game import PochaGame
from tapete.games.pocha.match import (
    PochaMatchGame,
    PochaMatchState,
    PochaMatchView,
    SheetRow,
    hand_sizes,
)
from tapete.games.pocha.rules import POCHA_DEFAULTS, RULE_PARAMETERS, PochaRules
from tapete.games.pocha.state import PochaState
from tapete.games.pocha.view import (
    PochaDeck,
    PochaEventKind,
    PochaMatchEventKind,
    PochaMatchPhase,
    PochaPhase,
    PochaRankOrder,
    PochaView,
)

__all__ = [
    "POCHA_DEFAULTS",
    "RULE_PARAMETERS",
    "PochaDeck",
    "PochaEventKind",
    "PochaGame",
    "PochaMatchEventKind",
    "PochaMatchGame",
    "PochaMatchPhase",
    "PochaMatchState",
    "PochaMatchView",
    "PochaPhase",
    "PochaRankOrder",
    "PochaRules",
    "PochaState",
    "PochaView",
    "SheetRow",
    "Trick",
    "hand_sizes",
]
