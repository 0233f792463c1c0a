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
    DECLARE,
    DISCARD,
    N_CARDS,
    OVER,
    PLAY,
    STOCK,
    SUIT_CODES,
    SYMBOL,
    TRUMP_ARGS,
    TRUMP_SUITS,
    TRUMPS,
    TURN,
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
LEVEL_WORDS: Final = ("spil", "bedre", "tourné", "respekt", "solo", "ren-nolo", "nolo-ouvert")

#: The nine games, in the Union's order (their codes in events, views and results).
GAMES: Final = (
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
PHASE_NAMES: Final = phase_table({
    DEAL: "deal", AUCTION: "auction", DECLARE: "declare", TRUMPS: "trumps", TURN: "turn",
    DISCARD: "exchange", STOCK: "stock", PLAY: "play", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase.
CARD_VERB: Final = phase_table(
    {DEAL: "deal", TURN: "turn", DISCARD: "discard", STOCK: "stock", PLAY: "play"}
)
_CARD_VERBS: Final = ("deal", "turn", "stock", "discard", "play")

_OTHER_TEXT: Final = {PASS: "pass", DRAW: "draw", TOUT: "tout"}
_TEXT_ACTION: Final = {text: action for action, text in _OTHER_TEXT.items()}


def _ascii(word: str) -> str:
    return word.replace("é", "e").replace("ø", "o")


_ALIASES: Final = {"pas": PASS, "køb": DRAW, "kob": DRAW}
for _k, _w in enumerate(LEVEL_WORDS):
    _TEXT_ACTION[_w] = _TEXT_ACTION[_ascii(_w)] = BID_BASE + _k
for _w, _k in (("tourné-respekt", 3), ("nolo", 2), ("købe-nolo", 2), ("solo-spar", 5)):
    _ALIASES[_w] = _ALIASES[_ascii(_w)] = BID_BASE + _k
_GAME_BY_WORD: Final = {}
for _g, _w in enumerate(GAME_WORDS):
    _GAME_BY_WORD[_w] = _GAME_BY_WORD[_ascii(_w)] = _g
_GAME_BY_WORD.update({"koebe-nolo": KOBE_NOLO, "respekt": TOURNE_RESPEKT, "bedre": BEDRE_SPIL})
_DANISH_SUITS: Final = {"klør": "♣", "klor": "♣", "ruder": "♦", "hjerter": "♥", "spar": "♠"}

#: ``TO[seat]``: the public arguments of a card going to ``seat`` face down.
TO: Final = tuple((("to", s),) for s in range(3))
_LEVEL_ARGS: Final = tuple((("level", k + 1),) for k in range(MAX_LEVEL))
_GAME_ARGS: Final = tuple((("contract", code),) for code in GAMES)
_CARD_KINDS: Final = frozenset(("deal", "turn", "draw", "discard", "play"))


def event_args(kind: str, action: int) -> tuple[tuple[str, Any], ...]:
    """The values of an action shown to the seats who see it.

    >>> event_args('bid', BID_BASE + 4), event_args('declare', DECLARE_BASE + 8)
    ((('level', 5),), (('contract', 'nolo_ouvert'),))
    """
    if kind in _CARD_KINDS:
        return CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS
    if kind == "trumps" and TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return TRUMP_ARGS[action - TRUMPS_BASE]
    if kind == "bid" and BID_BASE <= action < BID_BASE + MAX_LEVEL:
        return _LEVEL_ARGS[action - BID_BASE]
    if kind == "declare" and DECLARE_BASE <= action < DECLARE_BASE + len(GAMES):
        return _GAME_ARGS[action - DECLARE_BASE]
    return NO_ARGS


def trump_suit(action: int) -> int:
    """The suit (``Suit`` value 4..7) named by a trumps action."""
    return int(TRUMP_SUITS[action - TRUMPS_BASE])


def trumps_action(suit: int) -> int:
    """The trumps action naming ``suit`` (a ``Suit`` value 4..7)."""
    return TRUMPS_BASE + suit - 4


def action_text(action: int, phase: int) -> str:
    """The text of ``action`` in deal phase ``phase``; :class:`NotationError` if none."""
    if 0 <= action < N_CARDS:
        return card_action_text(action, CARD_VERB, phase)
    other = _OTHER_TEXT.get(action)
    if other is not None:
        return other
    if BID_BASE <= action < BID_BASE + MAX_LEVEL:
        return LEVEL_WORDS[action - BID_BASE]
    if DECLARE_BASE <= action < DECLARE_BASE + len(GAMES):
        return f"declare {GAME_WORDS[action - DECLARE_BASE]}"
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return trumps_text(action - TRUMPS_BASE)
    raise NotationError(f"{action!r} is not an action of lhombre")


def parse_action(text: str, phase: int, state: Any = None) -> int:
    """The action written ``text`` in ``phase``; :class:`NotationError` if it is malformed.

    Bids are the words of the ladder (``spil``, ``bedre``, ``tourné`` or ``købe-nolo``,
    ``respekt``, ``solo``, ``ren-nolo`` or ``solo-spar``, ``nolo-ouvert``; without accents
    too); suits as in Ombre or in Danish (``klør``, ``ruder``, ``hjerter``, ``spar``). A card
    verb that does not fit the phase is refused with :class:`IllegalActionError`.
    """
    expected = (
        "'pass', a bid ('spil', 'bedre', 'tourné', 'respekt', 'solo', 'ren-nolo', "
        "'nolo-ouvert'), 'declare <game>', 'trumps <suit>', 'discard <card>', 'draw', "
        "'play <card>', 'tout', or 'deal'/'turn'/'stock' <card>"
    )
    if not isinstance(text, str):
        raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
    words = "-".join(text.strip().lower().split())
    if words in _ALIASES:
        return _ALIASES[words]
    if words in _TEXT_ACTION:
        return _TEXT_ACTION[words]
    verb, arg = split_action(
        text, (*_CARD_VERBS, *_TEXT_ACTION, "declare", "trumps", "trump"), expected
    )
    if verb in _TEXT_ACTION:
        if arg:
            raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
        return _TEXT_ACTION[verb]
    if verb == "declare":
        game = _GAME_BY_WORD.get("-".join(arg.split()))
        if game is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'declare <game>', one of {', '.join(GAME_WORDS)}"
            )
        return DECLARE_BASE + game
    if verb in ("trumps", "trump"):
        name = arg.strip().lower()
        name = _DANISH_SUITS.get(name, name)
        suit = parse_suit(name)
        if suit is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or 'trumps spar'"
            )
        return TRUMPS_BASE + TRUMP_SUITS.index(suit)
    return parse_card_verb(text, verb, arg, CARD_VERB, phase, state)
