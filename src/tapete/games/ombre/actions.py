"""Ombre's action numbers, their texts, and the events they make.

Action numbers are compact (:data:`NUM_DISTINCT_ACTIONS` = 49): the 40 cards of the French
pack first, as deck-local indices (``FRENCH_40.index_of[card]``), then the other actions.
The phase says what a card action does (``deal``, ``stock``, ``rest``, ``show`` at chance
nodes; ``discard`` or ``play`` for a player):

=======  ================================================================================
0..39    a card: ``deal ♣7``, ``stock ♣7``, ``rest ♣7``, ``show ♣7``, ``discard ♣7``,
         ``play ♣7``
40       ``pass``
41       ``ombre`` ("I play")
42       ``sans-prendre``
43       ``draw`` (end one's discards and take as many cards from the stock)
44       ``vole`` (the ``vole`` variant)
45..48   ``trumps ♣`` ``trumps ♦`` ``trumps ♥`` ``trumps ♠``
=======  ================================================================================

>>> action_text(parse_card('♠A'), PLAY), action_text(OMBRE, AUCTION)
('play ♠A', 'ombre')
>>> parse_action('trumps H', TRUMPS) == TRUMPS_BASE + 2, parse_action('play ♠A', PLAY)
(True, 30)

Each applied action makes one event (:mod:`tapete.engine.events`) of kind:

* ``deal`` (chance; seen by its receiver ``to``), ``draw`` (chance: a card of the stock, seen
  by its receiver ``to``), ``rest`` (chance: a card of the stock's rest turned up, seen as
  ``talon_rest_visible`` says), ``show`` (chance, in a session: a face-up card to ``to``;
  the black ace that makes its receiver the dealer also says ``dealer``);
* ``pass``, ``bid`` (``contract`` ``ombre`` or ``sans_prendre``), ``discard`` (seen only by
  the discarder), ``exchange`` (the seat takes ``count`` cards from the stock), ``trumps``
  (``suit``), ``play`` (``card``), ``vole``.
"""

from __future__ import annotations

from typing import Any, Final

from tapete.engine.api import split_action
from tapete.engine.events import NO_ARGS
from tapete.errors import NotationError
from tapete.games.ombre_family.actions import (
    AUCTION,
    CARD_ARGS,
    CARD_ID,
    CARD_INDEX,
    COUNT,
    DEAL,
    DECK,
    DISCARD,
    N_CARDS,
    OVER,
    PLAY,
    REST,
    SP_ASK,
    STOCK,
    SUIT_CODES,
    SYMBOL,
    TRUMP_ARGS,
    TRUMP_SUITS,
    TRUMPS,
    card_action_text,
    card_actions,
    card_text,
    cards_text,
    parse_card,
    parse_card_verb,
    parse_suit,
    phase_table,
    trumps_text,
)

__all__ = [
    "AUCTION",
    "CARD_ID",
    "CARD_INDEX",
    "COUNT",
    "DEAL",
    "DECK",
    "DISCARD",
    "N_CARDS",
    "OVER",
    "PLAY",
    "REST",
    "SP_ASK",
    "STOCK",
    "SUIT_CODES",
    "SYMBOL",
    "TRUMPS",
    "TRUMP_SUITS",
    "card_actions",
    "card_text",
    "cards_text",
    "parse_card",
]

PASS: Final = 40
OMBRE: Final = 41
SANS_PRENDRE: Final = 42
DRAW: Final = 43
VOLE: Final = 44
#: ``TRUMPS_BASE + k``: trumps ♣ ♦ ♥ ♠ for k = 0..3.
TRUMPS_BASE: Final = 45
NUM_DISTINCT_ACTIONS: Final = 49

#: The names of the phases of a deal of Ombre (``over`` once settled or thrown in).
PHASE_NAMES: Final = phase_table({
    DEAL: "deal", AUCTION: "auction", SP_ASK: "sans-prendre", TRUMPS: "trumps",
    DISCARD: "exchange", STOCK: "stock", REST: "rest", PLAY: "play", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase (the match's ``show`` is its own).
CARD_VERB: Final = phase_table(
    {DEAL: "deal", DISCARD: "discard", STOCK: "stock", REST: "rest", PLAY: "play"}
)

_OTHER_TEXT: Final = {
    PASS: "pass", OMBRE: "ombre", SANS_PRENDRE: "sans-prendre", DRAW: "draw", VOLE: "vole",
}  # fmt: skip
_TEXT_ACTION: Final = {text: action for action, text in _OTHER_TEXT.items()}
_CARD_VERBS: Final = ("deal", "stock", "rest", "discard", "play")

# -- events -----------------------------------------------------------------------------------
#: ``TO[seat]``: the public arguments of a card going to ``seat`` face down.
TO: Final = tuple((("to", s),) for s in range(3))
#: ``DEALER_TO[seat]``: those of the face-up black ace that makes ``seat`` the dealer.
DEALER_TO: Final = tuple((("to", s), ("dealer", s)) for s in range(3))
_CONTRACT_ARGS: Final = {
    OMBRE: (("contract", "ombre"),),
    SANS_PRENDRE: (("contract", "sans_prendre"),),
}
_CARD_KINDS: Final = frozenset(("deal", "draw", "rest", "show", "discard", "play"))


def event_args(kind: str, action: int) -> tuple[tuple[str, Any], ...]:
    """The values of an Ombre action shown to the seats who see it.

    >>> event_args('play', parse_card('♠A')), event_args('trumps', TRUMPS_BASE)
    ((('card', Card.parse('♠A')),), (('suit', 'clubs'),))
    """
    if kind in _CARD_KINDS:
        return CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS
    if kind == "trumps":
        return TRUMP_ARGS[action - TRUMPS_BASE]
    if kind == "bid":
        return _CONTRACT_ARGS.get(action, NO_ARGS)
    return NO_ARGS


# -- texts ------------------------------------------------------------------------------------
def action_text(action: int, phase: int) -> str:
    """The text of ``action`` in deal phase ``phase``; :class:`NotationError` if none."""
    if 0 <= action < N_CARDS:
        return card_action_text(action, CARD_VERB, phase)
    other = _OTHER_TEXT.get(action)
    if other is not None:
        return other
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return trumps_text(action - TRUMPS_BASE)
    raise NotationError(f"{action!r} is not an action of ombre")


def parse_action(text: str, phase: int, state: Any = None) -> int:
    """The action written ``text`` in ``phase``; :class:`NotationError` if it is malformed.

    A card verb that does not fit the phase (``play ♣K`` during the exchange) is refused
    with :class:`IllegalActionError` (given the ``state``) rather than taken as another
    action on the same card; ``show`` is no verb of a deal.
    """
    expected = (
        "'deal <card>', 'stock <card>', 'rest <card>', 'ombre', 'pass', 'sans-prendre', "
        "'discard <card>', 'draw', 'trumps <suit>', 'play <card>' or 'vole'"
    )
    if not isinstance(text, str):
        raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
    words = text.strip().lower()
    if words in ("i play", "i-play", "play ombre"):
        return OMBRE
    if words in ("sans prendre", "sansprendre"):
        return SANS_PRENDRE
    verb, arg = split_action(text, (*_CARD_VERBS, *_TEXT_ACTION, "trumps", "trump"), expected)
    if verb in _TEXT_ACTION:
        if arg:
            raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
        return _TEXT_ACTION[verb]
    if verb in ("trumps", "trump"):
        suit = parse_suit(arg)
        if suit is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or 'trumps C'"
            )
        return TRUMPS_BASE + TRUMP_SUITS.index(suit)
    return parse_card_verb(text, verb, arg, CARD_VERB, phase, state)
