"""Ombre's and Tresillo's cards at the terminal: coloured by suit, a hand sorted trumps first,
the order of the trumps, and the words that take back a discard.

>>> sorted_hand(CardSet.parse("♥3 ♣2 ♠A").mask, 4)  # clubs: Spadille, Manille (♣2), then ♥3
'♠A ♣2 ♥3'
"""

from __future__ import annotations

from tapete.cards import Card, CardSet
from tapete.cli.texts import N_
from tapete.games.ombre_family.tables import EFF_SUIT, STRENGTH

SUIT_STYLE = {"♣": "green", "♦": "red", "♥": "red", "♠": "blue"}
#: Words that take back a pending discard in the exchange.
TAKE_BACK = (N_("back"), "undo", "devuelvo", "вернуть", "назад", "devolver", "верни")


def styled(text: str) -> str:
    """Cards coloured by suit for rich (``♣K ♥3``)."""
    return " ".join(f"[{SUIT_STYLE.get(t[:1], 'white')}]{t}[/]" for t in text.split())


def sorted_hand(mask: int, trumps: int) -> str:
    """A hand as text, trumps first (highest first) once trumps are named."""
    cards = list(CardSet(mask))
    if trumps >= 0:
        strength = STRENGTH[trumps]
        eff = EFF_SUIT[trumps]
        cards.sort(key=lambda c: (-(eff[c] == 8), eff[c], -strength[c]))
    return " ".join(str(c) for c in cards)


def trump_order(trumps: int) -> str:
    """The trumps from the highest, once ``trumps`` (4-7, a suit's index + 4) is named.

    >>> trump_order(4).split()[:4]  # clubs: Spadille, Manille (♣2), Basto, then the king
    ['♠A', '♣2', '♣A', '♣K']
    """
    strength = STRENGTH[trumps]
    eff = EFF_SUIT[trumps]
    cards = sorted((c for c in range(len(eff)) if eff[c] == 8), key=lambda c: -strength[c])
    return " ".join(str(Card(c)) for c in cards)
