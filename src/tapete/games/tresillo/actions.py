"""Tresillo's action numbers, their texts, and the events they make.

The 40 cards of the pack come first, as in Ombre (the same deck-local indices: the Spanish
pack is written with the French suits, oros ♦, copas ♥, espadas ♠, bastos ♣, and rey K,
caballo Q, sota J), then the other actions (:data:`NUM_DISTINCT_ACTIONS` = 55):

=======  ================================================================================
0..39    a card: ``deal ♣7``, ``turn ♣7`` (the vuelta card), ``stock ♣7``, ``discard ♣7``,
         ``play ♣7``
40       ``pass``
41..45   the bids, lowest first: ``entrada`` ``entrada-favor`` ``vuelta`` ``solo``
         ``solo-favor``
46       ``draw`` (end one's discards and take the cards from the stock)
47       ``surrender`` (the player gives up before his card to the fourth trick)
48       ``defend`` (a defender takes over a surrendered entrada: "la defiendo")
49       ``accept`` (a defender lets the surrender stand: "bien")
50..53   ``trumps ♣`` ``trumps ♦`` ``trumps ♥`` ``trumps ♠``
54       ``bola`` (the player, having won the first five tricks, undertakes to win all nine)
=======  ================================================================================

>>> action_text(ENTRADA, AUCTION), action_text(TRUMPS_BASE + 3, TRUMPS)
('entrada', 'trumps ♠')
>>> parse_action('trumps oros', TRUMPS) == TRUMPS_BASE + 1, parse_action('play ♠A', PLAY)
(True, 30)

Events: ``deal`` (seen by its receiver ``to``), ``turn`` (the vuelta card, seen by all),
``draw`` (a card of the stock, seen by its receiver ``to``), ``discard`` (seen by the
discarder), ``exchange`` (``count`` cards taken), ``pass``, ``bid`` (``contract``),
``trumps`` (``suit``), ``play`` (``card``), ``surrender``, ``defend``, ``accept``,
``bola``.
"""

from __future__ import annotations

from typing import Final

from tapete.games.ombre_family.actions import (
    ASK,
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
    STOCK,
    SUIT_CODES,
    SYMBOL,
    TRUMP_SUITS,
    TRUMPS,
    TURN,
    ActionWords,
    card_actions,
    card_text,
    cards_text,
    parse_card,
    phase_table,
)
from tapete.games.tresillo.view import TresilloContract, TresilloPhase

__all__ = [
    "ASK",
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
    "STOCK",
    "SUIT_CODES",
    "SYMBOL",
    "TRUMPS",
    "TRUMP_SUITS",
    "TURN",
    "card_actions",
    "card_text",
    "cards_text",
    "parse_card",
]

PASS: Final = 40
ENTRADA: Final = 41
ENTRADA_FAVOR: Final = 42
VUELTA: Final = 43
SOLO: Final = 44
SOLO_FAVOR: Final = 45
DRAW: Final = 46
SURRENDER: Final = 47
DEFEND: Final = 48
ACCEPT: Final = 49
#: ``TRUMPS_BASE + k``: trumps ♣ ♦ ♥ ♠ for k = 0..3 (the suit is ``TRUMP_SUITS[k]``).
TRUMPS_BASE: Final = 50
BOLA: Final = 54
NUM_DISTINCT_ACTIONS: Final = 55

#: The bids, lowest first (a bid's rank is its place here).
BIDS: Final = (ENTRADA, ENTRADA_FAVOR, VUELTA, SOLO, SOLO_FAVOR)
#: The contract code of each bid (events, views, results).
CONTRACTS: Final[dict[int, TresilloContract]] = {
    ENTRADA: "entrada", ENTRADA_FAVOR: "entrada_favor", VUELTA: "vuelta", SOLO: "solo",
    SOLO_FAVOR: "solo_favor",
}  # fmt: skip
#: The bids played in the palo de favor.
FAVOR_BIDS: Final = frozenset((ENTRADA_FAVOR, SOLO_FAVOR))

#: The names of the phases of a deal.
PHASE_NAMES: Final[tuple[TresilloPhase, ...]] = phase_table({
    DEAL: "deal", AUCTION: "auction", TRUMPS: "trumps", TURN: "turn", DISCARD: "exchange",
    STOCK: "stock", PLAY: "play", ASK: "defence", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase.
CARD_VERB: Final = phase_table(
    {DEAL: "deal", TURN: "turn", DISCARD: "discard", STOCK: "stock", PLAY: "play"}
)
#: Tresillo's words: texts, parsing (suits also in Spanish: ``bastos``, ``oros``, ``copas``,
#: ``espadas``), event values.
WORDS: Final = ActionWords(
    "tresillo", NUM_DISTINCT_ACTIONS, CARD_VERB,
    {PASS: "pass", ENTRADA: "entrada", ENTRADA_FAVOR: "entrada-favor", VUELTA: "vuelta",
     SOLO: "solo", SOLO_FAVOR: "solo-favor", DRAW: "draw", SURRENDER: "surrender",
     DEFEND: "defend", ACCEPT: "accept", BOLA: "bola"},
    TRUMPS_BASE,
    "'deal <card>', 'turn <card>', 'stock <card>', 'pass', 'entrada', 'entrada-favor', "
    "'vuelta', 'solo', 'solo-favor', 'discard <card>', 'draw', 'trumps <suit>', "
    "'play <card>', 'surrender', 'defend', 'accept' or 'bola'",
    aliases={"paso": PASS, "me rindo": SURRENDER, "la defiendo": DEFEND, "la sigo": DEFEND,
             "bien": ACCEPT, "entrada de favor": ENTRADA_FAVOR, "solo de favor": SOLO_FAVOR},
    suit_names={"bastos": "♣", "oros": "♦", "copas": "♥", "espadas": "♠"},
    suit_example="oros",
    arg_tables={"bid": {bid: (("contract", code),) for bid, code in CONTRACTS.items()}},
)  # fmt: skip
#: The text of an action in a phase, an action's text read (a card verb must fit the
#: phase), the values of an action's event, the suit of a trumps action and back.
action_text: Final = WORDS.text
parse_action: Final = WORDS.parse
event_args: Final = WORDS.event_args
trump_suit: Final = WORDS.trump_suit
trumps_action: Final = WORDS.trumps_action
