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

from tapete.cards import FRENCH_40, Card, Suit, iter_bits
from tapete.engine.api import split_action
from tapete.engine.events import NO_ARGS
from tapete.errors import IllegalActionError, NotationError

#: The pack: 40 cards, deck-local indices 0..39.
DECK: Final = FRENCH_40
N_CARDS: Final = 40
#: ``CARD_ID[action]``: the card id of card action ``action`` (0..39).
CARD_ID: Final[tuple[int, ...]] = DECK.card_ids
#: ``CARD_INDEX[card_id]``: the card action of a card of the pack (-1 for other ids).
CARD_INDEX: Final[tuple[int, ...]] = DECK.index_of
#: The pack's card ids are 64..127: ``_BYTE_ACTIONS[k][b]`` lists the card actions of the
#: bits ``b`` of byte ``k`` of ``mask >> 64`` (a mask walk in eight table look-ups).
_ID_BASE: Final = 64


def _byte_actions() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for k in range(8):
        row = []
        for b in range(256):
            ids = [_ID_BASE + 8 * k + i for i in range(8) if b >> i & 1]
            row.append(tuple(CARD_INDEX[c] for c in ids if CARD_INDEX[c] >= 0))
        out.append(tuple(row))
    return tuple(out)


_BYTE_ACTIONS: Final = _byte_actions()

PASS: Final = 40
OMBRE: Final = 41
SANS_PRENDRE: Final = 42
DRAW: Final = 43
VOLE: Final = 44
#: ``TRUMPS_BASE + k``: trumps ♣ ♦ ♥ ♠ for k = 0..3.
TRUMPS_BASE: Final = 45
NUM_DISTINCT_ACTIONS: Final = 49

#: The phases of a deal, and their names (``over`` once settled or thrown in).
DEAL, AUCTION, SP_ASK, TRUMPS, DISCARD, STOCK, REST, PLAY, OVER = range(9)
PHASE_NAMES: Final = (
    "deal", "auction", "sans-prendre", "trumps", "exchange", "stock", "rest", "play", "over",
)  # fmt: skip
#: The verb of a card action in each phase (the match's ``show`` is its own).
CARD_VERB: Final = ("deal", "", "", "", "discard", "stock", "rest", "play", "")

_SUIT_WORDS: Final = {
    "clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
}  # fmt: skip
SYMBOL: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
#: The suit of each trumps action, and its value in events (``'clubs'``...).
TRUMP_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_CODES: Final = ("clubs", "diamonds", "hearts", "spades")

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
#: ``COUNT[k]``: those of an exchange of ``k`` cards.
COUNT: Final = tuple((("count", k),) for k in range(14))
_CARD_ARGS: Final = tuple((("card", Card(c)),) for c in CARD_ID)
_TRUMP_ARGS: Final = tuple((("suit", code),) for code in SUIT_CODES)
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
        return _CARD_ARGS[action] if 0 <= action < N_CARDS else NO_ARGS
    if kind == "trumps":
        return _TRUMP_ARGS[action - TRUMPS_BASE]
    if kind == "bid":
        return _CONTRACT_ARGS.get(action, NO_ARGS)
    return NO_ARGS


# -- texts ------------------------------------------------------------------------------------
def card_text(card: int) -> str:
    """A card (its id) in Ombre's notation (``♣7``)."""
    return DECK.format_card(card)


def cards_text(mask: int) -> str:
    """The cards of a bitmask of card ids, in deck order, separated by spaces."""
    return " ".join(DECK.format_card(c) for c in iter_bits(mask))


def card_actions(mask: int) -> list[int]:
    """The card actions of a bitmask of card ids, sorted.

    >>> card_actions(1 << CARD_ID[30] | 1 << CARD_ID[0])
    [0, 30]
    """
    bits = mask >> _ID_BASE
    out: list[int] = []
    k = 0
    while bits:
        byte = bits & 255
        if byte:
            out.extend(_BYTE_ACTIONS[k][byte])
        bits >>= 8
        k += 1
    return out


def action_text(action: int, phase: int) -> str:
    """The text of ``action`` in deal phase ``phase``; :class:`NotationError` if none."""
    if 0 <= action < N_CARDS:
        return f"{CARD_VERB[phase] or 'play'} {card_text(CARD_ID[action])}"
    other = _OTHER_TEXT.get(action)
    if other is not None:
        return other
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return f"trumps {SYMBOL[TRUMP_SUITS[action - TRUMPS_BASE]]}"
    raise NotationError(f"{action!r} is not an action of ombre")


def parse_card(text: str) -> int:
    """The card action of a card written ``text`` (``♣7``, ``C7``)."""
    return CARD_INDEX[int(DECK.parse_card(text))]


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
        suit = _SUIT_WORDS.get(arg.strip().lower().replace("\ufe0f", ""))
        if suit is None:
            raise NotationError(
                f"cannot read {text!r}: expected 'trumps <suit>', like 'trumps ♣' or 'trumps C'"
            )
        return TRUMPS_BASE + TRUMP_SUITS.index(suit)
    if not arg:
        raise NotationError(f"cannot read {text!r}: expected '{verb} <card>', like '{verb} ♣7'")
    card = parse_card(arg)
    wanted = CARD_VERB[phase] or "play"
    if verb != wanted and state is not None:
        seat = state.current_player()
        raise IllegalActionError(
            f"now is the time to {wanted}, not to {verb}",
            seat=seat if seat >= 0 else None,
            phase=state.phase(),
            action=text.strip(),
            reason="wrong_phase",
            move=state.move_number(),
        )
    return card
