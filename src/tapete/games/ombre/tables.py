"""Ombre's card rankings: they moved to :mod:`tapete.games.ombre_family.tables`, the family's
one copy; the names stay importable from here."""

from tapete.games.ombre_family.tables import (
    BASTO,
    EFF_SUIT,
    FULL_MASK,
    MATADOR_MASK,
    OBLIGED,
    SPADILLE,
    STRENGTH,
    SUIT_MASK,
    SUITS,
    TRUMP,
    TRUMP_MASK,
    beats,
    legal_plays,
    manille,
    plain_order,
    punto,
    trick_winner,
    trump_order,
)

__all__ = [
    "BASTO",
    "EFF_SUIT",
    "FULL_MASK",
    "MATADOR_MASK",
    "OBLIGED",
    "SPADILLE",
    "STRENGTH",
    "SUITS",
    "SUIT_MASK",
    "TRUMP",
    "TRUMP_MASK",
    "beats",
    "legal_plays",
    "manille",
    "plain_order",
    "punto",
    "trick_winner",
    "trump_order",
]
