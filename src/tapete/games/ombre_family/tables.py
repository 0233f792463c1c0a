"""Card rankings of the Ombre family (ombre.md §1.3-§1.4), built once at import as lookup
tables: the trump and plain orders, the trick winner and the legal plays of Ombre, Tresillo
and Danish l'hombre, and the order of a game without trumps (Danish l'hombre's nolo games).

Every table is indexed by the trump suit (``Suit.CLUBS`` … ``Suit.SPADES``, i.e. 4..7) and
then by the card id (0..127). The two black aces are trumps whatever the trump suit.

>>> from tapete.cards import Card, Suit
>>> ' '.join(str(c) for c in trump_order(Suit.HEARTS))
'♠A ♥7 ♣A ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6'
>>> ' '.join(str(c) for c in plain_order(Suit.SPADES, Suit.HEARTS))
'♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2'
>>> beats(Suit.CLUBS, Card.parse('♦K'), Card.parse('♦K'), Card.parse('♥K'))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tapete.cards import FRENCH_40, Card, Rank, Suit

#: The effective suit of a trump card (plain suits keep their own number, 4..7).
TRUMP: Final = 8

SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: All 40 cards of the pack as a bitmask.
FULL_MASK: Final = FRENCH_40.mask

SPADILLE: Final = Card.of(Rank.ACE, Suit.SPADES)
BASTO: Final = Card.of(Rank.ACE, Suit.CLUBS)

_RED_PLAIN: Final = (
    Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE,
    Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
)  # fmt: skip
_BLACK_PLAIN: Final = (
    Rank.KING, Rank.QUEEN, Rank.JACK,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
)  # fmt: skip


def manille(trumps: Suit) -> Card:
    """The second trump: the 2 of a black trump suit, the 7 of a red one.

    >>> str(manille(Suit.CLUBS)), str(manille(Suit.DIAMONDS))
    ('♣2', '♦7')
    """
    return Card.of(Rank.SEVEN if trumps.is_red else Rank.TWO, trumps)


def punto(trumps: Suit) -> Card | None:
    """The fourth trump, the ace of a red trump suit (black trump suits have none)."""
    return Card.of(Rank.ACE, trumps) if trumps.is_red else None


def plain_order(suit: Suit, trumps: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` (not trumps) from highest to lowest; black aces never belong."""
    if suit == trumps:
        raise ValueError(f"{suit.english_name} are trumps")
    ranks = _RED_PLAIN if suit.is_red else _BLACK_PLAIN
    return tuple(Card.of(r, suit) for r in ranks)


def trump_order(trumps: Suit) -> tuple[Card, ...]:
    """Every trump from highest to lowest: Spadille, Manille, Basto, (Punto), the rest."""
    top = [SPADILLE, manille(trumps), BASTO]
    point = punto(trumps)
    if point is not None:
        top.append(point)
    if trumps.is_red:
        rest = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE,
                Rank.SIX)  # fmt: skip
    else:
        rest = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
                Rank.THREE)  # fmt: skip
    return (*top, *(Card.of(r, trumps) for r in rest))


def _mask(cards: tuple[Card, ...] | list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _build() -> tuple[
    list[list[int]], list[list[int]], list[list[int]], list[int], list[int], list[list[int]]
]:
    eff: list[list[int]] = [[] for _ in range(8)]
    strength: list[list[int]] = [[] for _ in range(8)]
    suit_mask: list[list[int]] = [[] for _ in range(8)]
    trump_mask: list[int] = [0] * 8
    matadors: list[int] = [0] * 8
    obliged: list[list[int]] = [[] for _ in range(8)]
    for t in SUITS:
        e = [-1] * 128
        s = [0] * 128
        masks = [0] * 9
        order = trump_order(t)
        for i, c in enumerate(order):
            e[c] = TRUMP
            s[c] = 100 + len(order) - i  # trumps beat every plain card
        for suit in SUITS:
            if suit == t:
                continue
            plain = plain_order(suit, t)
            for i, c in enumerate(plain):
                e[c] = suit
                s[c] = len(plain) - i
            masks[suit] = _mask(plain)
        masks[TRUMP] = _mask(order)
        mat = order[:3]
        ordinary = masks[TRUMP] & ~_mask(mat)
        ob = [0] * 128
        for c in order:
            ob[c] = ordinary
        # A matador led forces the lower matadors (ombre.md §2.9).
        ob[mat[0]] = ordinary | _mask(mat[1:])
        ob[mat[1]] = ordinary | _mask(mat[2:])
        eff[t], strength[t], suit_mask[t] = e, s, masks
        trump_mask[t], matadors[t], obliged[t] = masks[TRUMP], _mask(mat), ob
    return eff, strength, suit_mask, trump_mask, matadors, obliged


#: ``EFF_SUIT[trumps][card]``: ``TRUMP`` or the card's printed suit.
#: ``STRENGTH[trumps][card]``: trumps 101..112 (higher wins), plain cards 1..10 within their suit.
#: ``SUIT_MASK[trumps][eff_suit]``: bitmask of the cards of that effective suit.
#: ``TRUMP_MASK[trumps]``, ``MATADOR_MASK[trumps]``: bitmasks of the trumps and matadors.
#: ``OBLIGED[trumps][led]``: when the trump ``led`` is led, the trumps a player is obliged to
#: play if he holds them (ordinary trumps, and the matadors lower than a led matador).
EFF_SUIT, STRENGTH, SUIT_MASK, TRUMP_MASK, MATADOR_MASK, OBLIGED = _build()


def beats(trumps: Suit, led: int, a: int, b: int) -> bool:
    """True when card ``b`` beats card ``a`` in a trick whose first card is ``led``."""
    eff = EFF_SUIT[trumps]
    strength = STRENGTH[trumps]
    if eff[b] == TRUMP or eff[b] == eff[led]:
        if eff[a] == TRUMP or eff[a] == eff[led]:
            return strength[b] > strength[a]
        return True
    return False


def trick_winner(trumps: int, cards: tuple[int, ...] | list[int]) -> int:
    """The index (in playing order) of the card that wins the trick ``cards``.

    >>> trick_winner(Suit.HEARTS, [Card.parse(c) for c in ('♣K', '♣2', '♥6')])
    2
    """
    eff = EFF_SUIT[trumps]
    strength = STRENGTH[trumps]
    led = eff[cards[0]]
    best = 0
    best_key = strength[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        e = eff[c]
        if e in (TRUMP, led):
            k = strength[c]
            if k > best_key:
                best, best_key = i, k
    return best


def legal_plays(trumps: int, hand: int, led: int, privilege: bool = True) -> int:
    """The bitmask of the cards of ``hand`` that may be played on the led card ``led``
    (``led < 0``: the player leads), with the matador privilege of ombre.md §2.9.

    >>> from tapete.cards import CardSet
    >>> hand = CardSet.parse('♠A ♣A ♥K').mask
    >>> str(CardSet(legal_plays(Suit.CLUBS, hand, Card.parse('♣2'))))
    '♣A ♠A'
    """
    if led < 0:
        return hand
    lead_suit = EFF_SUIT[trumps][led]
    follow = hand & SUIT_MASK[trumps][lead_suit]
    if not follow:
        return hand
    if lead_suit != TRUMP or not privilege:
        return follow
    return follow if follow & OBLIGED[trumps][led] else hand


# -- games without trumps (Danish l'hombre's nolo games) ----------------------------------
def nolo_order(suit: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` in a nolo game, highest first: the plain order of Ombre, with the
    ace of a black suit (no matador without trumps) at the bottom."""
    other = Suit.HEARTS if suit != Suit.HEARTS else Suit.DIAMONDS
    cards = plain_order(suit, other)
    return (*cards, Card.of(Rank.ACE, suit)) if not suit.is_red else cards


def _nolo_tables() -> tuple[list[int], list[int], list[int]]:
    eff = [-1] * 128
    strength = [0] * 128
    masks = [0] * 8
    for suit in SUITS:
        order = nolo_order(suit)
        for i, card in enumerate(order):
            eff[card] = int(suit)
            strength[card] = len(order) - i
            masks[suit] |= 1 << card
    return eff, strength, masks


#: ``NOLO_SUIT[card]``, ``NOLO_STRENGTH[card]`` (higher wins), ``NOLO_SUIT_MASK[suit]``.
NOLO_SUIT, NOLO_STRENGTH, NOLO_SUIT_MASK = _nolo_tables()


def nolo_trick_winner(cards: Sequence[int]) -> int:
    """The index (in playing order) of the card winning a trick of a nolo game.

    >>> nolo_trick_winner([Card.parse(c) for c in ('♠2', '♠A', '♥K')])
    0
    """
    led = NOLO_SUIT[cards[0]]
    best, key = 0, NOLO_STRENGTH[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        if NOLO_SUIT[c] == led and NOLO_STRENGTH[c] > key:
            best, key = i, NOLO_STRENGTH[c]
    return best


def nolo_legal_plays(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played on ``led`` in a nolo game (follow suit)."""
    if led < 0:
        return hand
    follow = hand & NOLO_SUIT_MASK[NOLO_SUIT[led]]
    return follow or hand
