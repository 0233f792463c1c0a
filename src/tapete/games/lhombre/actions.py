"""Danish l'hombre's action numbers, their texts, and the events they make.

The 40 cards come first, as in Ombre (the same deck-local indices), then the other actions
(:data:`NUM_DISTINCT_ACTIONS` = 63):

=======  ================================================================================
0..39    a card: ``deal ♣7``, ``turn ♣7`` (the tourné card), ``stock ♣7``, ``discard ♣7``,
         ``play ♣7``
40       ``pass``
41..47   the bids, one per step of the ladder: ``spil`` ``bedre`` ``tourné`` ``respekt``
         ``solo`` ``ren-nolo`` ``nolo-ouvert``
48..56   the game the winner of the auction plays: ``declare spil`` … ``declare
         nolo-ouvert`` (nine games, see :data:`GAMES`)
57       ``draw`` (end one's discards and buy as many cards from the talon)
58       ``tout`` (after the first five tricks: the player undertakes to take all nine)
59..62   ``trumps ♣`` ``trumps ♦`` ``trumps ♥`` ``trumps ♠``
=======  ================================================================================

>>> action_text(BID_BASE + 2, AUCTION), action_text(DECLARE_BASE + 3, DECLARE)
('tourné', 'declare købe-nolo')
>>> parse_action('declare kobe-nolo', DECLARE) == DECLARE_BASE + 3
True
>>> parse_action('trumps spar', TRUMPS) == TRUMPS_BASE + 3
True

Events: ``deal`` (seen by its receiver ``to``), ``turn`` (the tourné card, seen by all),
``draw`` (a card of the talon, seen by its receiver ``to``), ``discard`` (seen by the
discarder), ``exchange`` (``count`` cards bought), ``pass``, ``bid`` (``level``),
``declare`` (``contract``), ``trumps`` (``suit``), ``play`` (``card``), ``tout``.
"""

from __future__ import annotations

from typing import Final

from tapete.games.lhombre.view import LhombreBid, LhombreContract, LhombrePhase
from tapete.games.ombre_family.actions import (
    AUCTION,
    CARD_ID,
    CARD_INDEX,
    COUNT,
    DEAL,
    DECK,
    DECLARE,
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

__all__ = [
    "AUCTION",
    "CARD_ID",
    "CARD_INDEX",
    "COUNT",
    "DEAL",
    "DECK",
    "DECLARE",
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
#: ``BID_BASE + k``: the bid of step ``k + 1`` of the ladder (1 ``spil`` … 7 ``nolo-ouvert``).
BID_BASE: Final = 41
#: ``DECLARE_BASE + g``: the game ``GAMES[g]``.
DECLARE_BASE: Final = 48
DRAW: Final = 57
TOUT: Final = 58
#: ``TRUMPS_BASE + k``: trumps ♣ ♦ ♥ ♠ for k = 0..3 (the suit is ``TRUMP_SUITS[k]``).
TRUMPS_BASE: Final = 59
NUM_DISTINCT_ACTIONS: Final = 63

#: The steps of the bidding ladder (1…7) and the word said for each.
MAX_LEVEL: Final = 7
LEVEL_WORDS: Final[tuple[LhombreBid, ...]] = (
    "spil", "bedre", "tourné", "respekt", "solo", "ren-nolo", "nolo-ouvert",
)  # fmt: skip

#: The nine games, in the Union's order (their codes in events, views and results).
GAMES: Final[tuple[LhombreContract, ...]] = (
    "spil", "bedre_spil", "tourne", "kobe_nolo", "tourne_respekt", "solo", "solo_spar",
    "ren_nolo", "nolo_ouvert",
)  # fmt: skip
SPIL, BEDRE_SPIL, TOURNE, KOBE_NOLO, TOURNE_RESPEKT, SOLO, SOLO_SPAR, REN_NOLO, NOLO_OUVERT = range(
    9
)
#: The step of the ladder each game ranks at (the Union's table).
GAME_LEVEL: Final = (1, 2, 3, 3, 4, 5, 6, 6, 7)
#: The written name of each game (``declare <name>``).
GAME_WORDS: Final = (
    "spil", "bedre-spil", "tourné", "købe-nolo", "tourné-respekt", "solo", "solo-spar",
    "ren-nolo", "nolo-ouvert",
)  # fmt: skip
NOLO_GAMES: Final = frozenset((KOBE_NOLO, REN_NOLO, NOLO_OUVERT))
#: The games in which the player buys (at least one card; in a tourné one beyond the turned).
BUYING_GAMES: Final = frozenset((SPIL, BEDRE_SPIL, TOURNE, KOBE_NOLO, TOURNE_RESPEKT))
TOURNE_GAMES: Final = frozenset((TOURNE, TOURNE_RESPEKT))
#: The games whose trumps the player names.
NAMED_GAMES: Final = frozenset((SPIL, SOLO))
SPADES_GAMES: Final = frozenset((BEDRE_SPIL, SOLO_SPAR))

#: The names of the phases of a deal.
PHASE_NAMES: Final[tuple[LhombrePhase, ...]] = phase_table({
    DEAL: "deal", AUCTION: "auction", DECLARE: "declare", TRUMPS: "trumps", TURN: "turn",
    DISCARD: "exchange", STOCK: "stock", PLAY: "play", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase.
CARD_VERB: Final = phase_table(
    {DEAL: "deal", TURN: "turn", DISCARD: "discard", STOCK: "stock", PLAY: "play"}
)


def _ascii(word: str) -> str:
    return word.replace("é", "e").replace("ø", "o")


_BIDS: Final = {BID_BASE + k: word for k, word in enumerate(LEVEL_WORDS)}
_ALIASES: Final = {"pas": PASS, "køb": DRAW, "kob": DRAW}
for _w, _k in (("tourné-respekt", 3), ("nolo", 2), ("købe-nolo", 2), ("solo-spar", 5)):
    _ALIASES[_w] = _ALIASES[_ascii(_w)] = BID_BASE + _k
#: Danish l'hombre's words: texts, parsing (bids and games without accents too, suits also
#: in Danish: ``klør``, ``ruder``, ``hjerter``, ``spar``), event values.
WORDS: Final = ActionWords(
    "lhombre", NUM_DISTINCT_ACTIONS, CARD_VERB, {PASS: "pass", DRAW: "draw", TOUT: "tout", **_BIDS},
    TRUMPS_BASE,
    "'pass', a bid ('spil', 'bedre', 'tourné', 'respekt', 'solo', 'ren-nolo', "
    "'nolo-ouvert'), 'declare <game>', 'trumps <suit>', 'discard <card>', 'draw', "
    "'play <card>', 'tout', or 'deal'/'turn'/'stock' <card>",
    aliases=_ALIASES, synonyms={_ascii(w): a for a, w in _BIDS.items()}, join="-",
    suit_names={"klør": "♣", "klor": "♣", "ruder": "♦", "hjerter": "♥", "spar": "♠"},
    suit_example="spar",
    declare_words=GAME_WORDS, declare_base=DECLARE_BASE,
    declare_synonyms={**{_ascii(w): g for g, w in enumerate(GAME_WORDS)},
                      "koebe-nolo": KOBE_NOLO, "respekt": TOURNE_RESPEKT, "bedre": BEDRE_SPIL},
    arg_tables={"bid": {BID_BASE + k: (("level", k + 1),) for k in range(MAX_LEVEL)},
                "declare": {DECLARE_BASE + g: (("contract", c),) for g, c in enumerate(GAMES)}},
)  # fmt: skip
#: The text of an action in a phase, an action's text read (a card verb must fit the
#: phase), the values of an action's event, the suit of a trumps action and back.
action_text: Final = WORDS.text
parse_action: Final = WORDS.parse
event_args: Final = WORDS.event_args
trump_suit: Final = WORDS.trump_suit
trumps_action: Final = WORDS.trumps_action
