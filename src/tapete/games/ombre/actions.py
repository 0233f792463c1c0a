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

from typing import Final

from tapete.games.ombre.view import OmbrePhase
from tapete.games.ombre_family.actions import (
    AUCTION,
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
    TO,
    TRUMP_SUITS,
    TRUMPS,
    ActionWords,
    card_actions,
    card_text,
    cards_text,
    parse_card,
    phase_table,
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
    "TO",
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
PHASE_NAMES: Final[tuple[OmbrePhase, ...]] = phase_table({
    DEAL: "deal", AUCTION: "auction", SP_ASK: "sans-prendre", TRUMPS: "trumps",
    DISCARD: "exchange", STOCK: "stock", REST: "rest", PLAY: "play", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase (the match's ``show`` is its own).
CARD_VERB: Final = phase_table(
    {DEAL: "deal", DISCARD: "discard", STOCK: "stock", REST: "rest", PLAY: "play"}
)

#: Ombre's words: texts, parsing, event values.
WORDS: Final = ActionWords(
    "ombre", NUM_DISTINCT_ACTIONS, CARD_VERB,
    {PASS: "pass", OMBRE: "ombre", SANS_PRENDRE: "sans-prendre", DRAW: "draw", VOLE: "vole"},
    TRUMPS_BASE,
    "'deal <card>', 'stock <card>', 'rest <card>', 'ombre', 'pass', 'sans-prendre', "
    "'discard <card>', 'draw', 'trumps <suit>', 'play <card>' or 'vole'",
    aliases={"i play": OMBRE, "i-play": OMBRE, "play ombre": OMBRE, "sans prendre": SANS_PRENDRE,
             "sansprendre": SANS_PRENDRE},
    arg_tables={"bid": {OMBRE: (("contract", "ombre"),),
                        SANS_PRENDRE: (("contract", "sans_prendre"),)}},
)  # fmt: skip
#: ``DEALER_TO[seat]``: those of the face-up black ace that makes ``seat`` the dealer.
DEALER_TO: Final = tuple((("to", s), ("dealer", s)) for s in range(3))
#: The text of an action in a phase, an action's text read (a card verb must fit the
#: phase; ``show`` is no verb of a deal), and the values of an action's event.
action_text: Final = WORDS.text
parse_action: Final = WORDS.parse
event_args: Final = WORDS.event_args
