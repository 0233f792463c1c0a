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

from typing import Any, Final

from tapete.engine.api import split_action
from tapete.engine.events import NO_ARGS
from tapete.errors import NotationError
from tapete.games.ombre_family.actions import (
    ASK,
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
CONTRACTS: Final = {
    ENTRADA: "entrada", ENTRADA_FAVOR: "entrada_favor", VUELTA: "vuelta", SOLO: "solo",
    SOLO_FAVOR: "solo_favor",
}  # fmt: skip
#: The bids played in the palo de favor.
FAVOR_BIDS: Final = frozenset((ENTRADA_FAVOR, SOLO_FAVOR))

#: The names of the phases of a deal.
PHASE_NAMES: Final = phase_table({
    DEAL: "deal", AUCTION: "auction", TRUMPS: "trumps", TURN: "turn", DISCARD: "exchange",
    STOCK: "stock", PLAY: "play", ASK: "defence", OVER: "over",
})  # fmt: skip
#: The verb of a card action in each phase.
CARD_VERB: Final = phase_table(
    {DEAL: "deal", TURN: "turn", DISCARD: "discard", STOCK: "stock", PLAY: "play"}
)
_CARD_VERBS: Final = ("deal", "turn", "stock", "discard", "play")

_OTHER_TEXT: Final = {
    PASS: "pass", ENTRADA: "entrada", ENTRADA_FAVOR: "entrada-favor", VUELTA: "vuelta",
    SOLO: "solo", SOLO_FAVOR: "solo-favor", DRAW: "draw", SURRENDER: "surrender",
    DEFEND: "defend", ACCEPT: "accept", BOLA: "bola",
}  # fmt: skip
_TEXT_ACTION: Final = {text: action for action, text in _OTHER_TEXT.items()}
_SPANISH_WORDS: Final = {
    "paso": PASS, "me rindo": SURRENDER, "la defiendo": DEFEND, "la sigo": DEFEND,
    "bien": ACCEPT, "entrada de favor": ENTRADA_FAVOR, "solo de favor": SOLO_FAVOR,
}  # fmt: skip
_SPANISH_SUITS: Final = {"bastos": "♣", "oros": "♦", "copas": "♥", "espadas": "♠"}

#: ``TO[seat]``: the public arguments of a card going to ``seat`` face down (four seats).
TO: Final = tuple((("to", s),) for s in range(4))
_CONTRACT_ARGS: Final = {bid: (("contract", code),) for bid, code in CONTRACTS.items()}
_CARD_KINDS: Final = frozenset(("deal", "turn", "draw", "discard", "play"))


def event_args(kind: str, action: int) -> tuple[tuple[str, Any], ...]:
    """The values of a Tresillo action shown to the seats who see it.

    >>> event_args('bid', VUELTA), event_args('trumps', TRUMPS_BASE)
    ((('contract', 'vuelta'),), (('suit', 'clubs'),))
    """
    if kind in _CARD_KINDS:
        return CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS
    if kind == "trumps" and TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return TRUMP_ARGS[action - TRUMPS_BASE]
    if kind == "bid":
        return _CONTRACT_ARGS.get(action, NO_ARGS)
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
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return trumps_text(action - TRUMPS_BASE)
    raise NotationError(f"{action!r} is not an action of tresillo")


def parse_action(text: str, phase: int, state: Any = None) -> int:
    """The action written ``text`` in ``phase``; :class:`NotationError` if it is malformed.

    Suits may be named as in Ombre (``♣``, ``C``, ``clubs``) or in Spanish (``bastos``,
    ``oros``, ``copas``, ``espadas``). A card verb that does not fit the phase is refused
    with :class:`IllegalActionError` (given the ``state``).
    """
    expected = (
        "'deal <card>', 'turn <card>', 'stock <card>', 'pass', 'entrada', 'entrada-favor', "
        "'vuelta', 'solo', 'solo-favor', 'discard <card>', 'draw', 'trumps <suit>', "
        "'play <card>', 'surrender', 'defend', 'accept' or 'bola'"
    )
    if not isinstance(text, str):
        raise NotationError(f"an action's text must be a string, got {type(text).__name__}")
    words = " ".join(text.strip().lower().split())
    if words in _SPANISH_WORDS:
        return _SPANISH_WORDS[words]
    verb, arg = split_action(text, (*_CARD_VERBS, *_TEXT_ACTION, "trumps", "trump"), expected)
    if verb in _TEXT_ACTION:
        if arg:
            raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
        return _TEXT_ACTION[verb]
    if verb in ("trumps", "trump"):
        name = arg.strip().lower()
        name = _SPANISH_SUITS.get(name, name)
        suit = parse_suit(name)
        if suit is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or 'trumps oros'"
            )
        return TRUMPS_BASE + TRUMP_SUITS.index(suit)
    return parse_card_verb(text, verb, arg, CARD_VERB, phase, state)
