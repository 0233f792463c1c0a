"""The rankings of ombre.md §1.3-§1.4, checked exhaustively for the four trump suits."""

from __future__ import annotations

import itertools

import pytest

from tapete.cards import FRENCH_40, Card, CardSet, Suit
from tapete.games.ombre_family.tables import (
    EFF_SUIT,
    MATADOR_MASK,
    STRENGTH,
    SUIT_MASK,
    SUITS,
    TRUMP,
    TRUMP_MASK,
    beats,
    manille,
    plain_order,
    punto,
    trick_winner,
    trump_order,
)

#: ombre.md §1.4, copied as text.
TRUMP_TABLE = {
    Suit.SPADES: "♠A ♠2 ♣A ♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3",
    Suit.CLUBS: "♠A ♣2 ♣A ♣K ♣Q ♣J ♣7 ♣6 ♣5 ♣4 ♣3",
    Suit.HEARTS: "♠A ♥7 ♣A ♥A ♥K ♥Q ♥J ♥2 ♥3 ♥4 ♥5 ♥6",
    Suit.DIAMONDS: "♠A ♦7 ♣A ♦A ♦K ♦Q ♦J ♦2 ♦3 ♦4 ♦5 ♦6",
}
PLAIN_TABLE = {
    Suit.SPADES: "♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2",
    Suit.CLUBS: "♣K ♣Q ♣J ♣7 ♣6 ♣5 ♣4 ♣3 ♣2",
    Suit.HEARTS: "♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7",
    Suit.DIAMONDS: "♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6 ♦7",
}


def _order(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


@pytest.mark.parametrize("trumps", SUITS)
def test_orders_match_the_tables(trumps: Suit) -> None:
    assert trump_order(trumps) == tuple(_order(TRUMP_TABLE[trumps]))
    for suit in SUITS:
        if suit != trumps:
            assert plain_order(suit, trumps) == tuple(_order(PLAIN_TABLE[suit]))
    assert str(manille(trumps)) == TRUMP_TABLE[trumps].split()[1]
    assert (punto(trumps) is not None) == trumps.is_red
    matadors = CardSet(MATADOR_MASK[trumps])
    assert set(matadors) == set(_order(TRUMP_TABLE[trumps])[:3])


@pytest.mark.parametrize("trumps", SUITS)
def test_every_card_has_one_effective_suit(trumps: Suit) -> None:
    groups = [SUIT_MASK[trumps][s] for s in (*SUITS, TRUMP) if s != trumps]
    union = 0
    for mask in groups:
        assert union & mask == 0
        union |= mask
    assert union == FRENCH_40.mask
    assert TRUMP_MASK[trumps] == CardSet(_order(TRUMP_TABLE[trumps])).mask
    for card in FRENCH_40.cards:
        eff = EFF_SUIT[trumps][card]
        assert SUIT_MASK[trumps][eff] >> card & 1
        if card in (Card.parse("♠A"), Card.parse("♣A")):
            assert eff == TRUMP


@pytest.mark.parametrize("trumps", SUITS)
def test_every_pair_of_cards_every_lead(trumps: Suit) -> None:
    """For every led card and every two other cards: the winner follows §2.9 exactly."""
    rank: dict[int, tuple[int, int]] = {}
    for i, c in enumerate(_order(TRUMP_TABLE[trumps])):
        rank[c] = (2, -i)
    for suit in SUITS:
        if suit != trumps:
            for i, c in enumerate(_order(PLAIN_TABLE[suit])):
                rank[c] = (1, -i)
    cards = FRENCH_40.cards
    for led in cards:
        led_suit = EFF_SUIT[trumps][led]
        for a, b in itertools.permutations([c for c in cards if c != led], 2):

            def key(c: int, led_suit: int = led_suit) -> tuple[int, int]:
                level, r = rank[c]
                if level == 2:
                    return (2, r)
                return (1, r) if EFF_SUIT[trumps][c] == led_suit else (0, 0)

            keys = [key(led), key(a), key(b)]
            best = max(range(3), key=lambda i: (keys[i], -i))
            assert trick_winner(trumps, [led, a, b]) == best
            assert beats(trumps, led, a, b) == (keys[2] > keys[1])
        assert STRENGTH[trumps][led] > 0
