"""The exchange the ``rule`` bots of Tresillo and Danish l'hombre share, as pure functions.

Both bots keep the same cards at the exchange of a trump game: every trump and every king,
and, as a defender, queens and jacks too; they throw the rest weakest first (the player all
of it, a defender at most :data:`DEFENDER_DISCARDS`). The bots play it a card at a time; the
family's contract search (:mod:`tapete.players.search.family`) plays it a deal at a time, to
foresee the defenders' hands after the exchange.

>>> from tapete.cards import Card, Suit
>>> hand = sum(1 << Card.parse(text) for text in ("7S", "2H", "QH", "KD"))
>>> [str(Card(c)) for c in defender_discards(hand, int(Suit.SPADES), room=4)]
['♥2']
"""

from __future__ import annotations

from typing import Final

from tapete.cards import Card, Rank, iter_bits
from tapete.games.ombre_family.tables import STRENGTH, TRUMP_MASK

#: The most cards a defender throws at the exchange.
DEFENDER_DISCARDS: Final = 4


def keepers(hand: int, trumps: int, as_player: bool) -> int:
    """The cards of ``hand`` (a card mask) the bot keeps at the exchange: its trumps and
    kings, and a defender's queens and jacks."""
    keep = hand & TRUMP_MASK[trumps]
    for card in iter_bits(hand & ~keep):
        rank = Card(card).rank
        if rank == Rank.KING or (not as_player and rank in (Rank.QUEEN, Rank.JACK)):
            keep |= 1 << card
    return keep


def defender_discards(hand: int, trumps: int, room: int) -> list[int]:
    """The cards a defender throws, weakest first: at most :data:`DEFENDER_DISCARDS`, and
    no more than ``room``, the cards left in the stock for it."""
    strength = STRENGTH[trumps]
    thrown = sorted(iter_bits(hand & ~keepers(hand, trumps, False)), key=lambda c: strength[c])
    return thrown[: max(0, min(DEFENDER_DISCARDS, room))]
