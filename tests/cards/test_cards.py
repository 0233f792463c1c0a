"""Cards, card sets, packs and the three notations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tapete.cards import (
    DECKS,
    FRENCH,
    FRENCH_40,
    RUSSIAN,
    RUSSIAN_24,
    RUSSIAN_36,
    SPANISH,
    SPANISH_36,
    SPANISH_40,
    SPANISH_48,
    Card,
    CardSet,
    Rank,
    Suit,
)
from tapete.errors import NotationError

ALL_DECKS = list(DECKS.values())


def test_pack_sizes_and_contents() -> None:
    assert [len(d) for d in (SPANISH_40, SPANISH_48, SPANISH_36)] == [40, 48, 36]
    assert [len(d) for d in (FRENCH_40, RUSSIAN_24, RUSSIAN_36)] == [40, 24, 36]
    assert not any(c.rank == Rank.TWO for c in SPANISH_36.cards)
    assert {c.rank for c in FRENCH_40.cards}.isdisjoint({Rank.EIGHT, Rank.NINE, Rank.TEN})
    assert {c.rank for c in RUSSIAN_24.cards} == {
        Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.ACE,
    }  # fmt: skip
    assert SPANISH_40.cardset <= SPANISH_48.cardset and SPANISH_36.cardset <= SPANISH_40.cardset


def test_notation_examples_from_the_issue() -> None:
    assert (
        SPANISH_40.format_cards(SPANISH_40.parse_cards("Ao 3c Re Cb Se 7o")) == "Ao 3c Re Cb Se 7o"
    )
    assert FRENCH_40.format_cards(FRENCH_40.parse_cards("♣7 ♠A ♥K")) == "♣7 ♠A ♥K"
    assert FRENCH_40.parse_card("C7") == FRENCH_40.parse_card("♣7")
    assert RUSSIAN_24.format_cards(RUSSIAN_24.parse_cards("A♠ 10♥ 6♦")) == "A♠ 10♥ 6♦"
    assert RUSSIAN_24.parse_card("10H") == RUSSIAN_24.parse_card("10♥")
    assert RUSSIAN_36.parse_card("Т♠") == RUSSIAN_36.parse_card("A♠")


def test_card_properties() -> None:
    card = Card.parse("Cb")
    assert (card.rank, card.suit) == (Rank.CABALLO, Suit.BASTOS)
    assert Card.of(Rank.KING, Suit.HEARTS) == FRENCH.parse_card("♥K")
    assert Suit.HEARTS.is_red and not Suit.SPADES.is_red and Suit.OROS.is_spanish
    with pytest.raises(NotationError, match="no sota of hearts"):
        Card.of(Rank.SOTA, Suit.HEARTS)


@pytest.mark.parametrize(
    ("deck", "text", "message"),
    [
        (SPANISH_40, "Xo", r"cannot read 'Xo' as a card: expected Spanish rank then suit letter"),
        (SPANISH_40, "8o", r"8o is not in the spanish40 pack \(40 cards"),
        (FRENCH_40, "♣9", r"♣9 is not in the french40 pack"),
        (FRENCH_40, "7♣", r"expected French suit then rank"),
        (RUSSIAN_24, "K♠", r"K♠ is not in the russian24 pack"),
        (RUSSIAN_24, "♠A", r"expected Russian rank then suit"),
    ],
)
def test_bad_notation_names_the_text_and_the_form(deck: object, text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        deck.parse_card(text)  # type: ignore[attr-defined]


def test_parse_any_notation_error_lists_all_forms() -> None:
    with pytest.raises(NotationError) as info:
        Card.parse("zz")
    assert all(word in str(info.value) for word in ("Spanish", "French", "Russian", "'zz'"))


def test_cardset_operations() -> None:
    a, b = CardSet.parse("Ao 3c Re"), CardSet.parse("3c 7o")
    assert a | b == CardSet.parse("Ao 7o 3c Re")
    assert a & b == CardSet.parse("3c") and a - b == CardSet.parse("Ao Re")
    assert a ^ b == CardSet.parse("Ao 7o Re")
    assert len(a) == 3 and Card.parse("Re") in a and Card.parse("7o") not in a
    assert [str(c) for c in a] == ["Ao", "3c", "Re"]  # deck order: oros, copas, espadas, bastos
    assert CardSet() == CardSet(0) and not CardSet()
    with pytest.raises(AttributeError):
        a.mask = 0  # type: ignore[misc]


card_of = st.sampled_from([c for d in ALL_DECKS for c in d.cards])


@given(st.sampled_from(ALL_DECKS), st.data())
def test_every_card_round_trips_in_its_notation(deck: object, data: st.DataObject) -> None:
    from tapete.cards import Deck

    assert isinstance(deck, Deck)
    cards = data.draw(st.lists(st.sampled_from(deck.cards), unique=True, max_size=12))
    text = deck.format_cards(cards)
    assert deck.parse_cards(text) == cards
    assert deck.parse_cards(text.replace(" ", ", ")) == cards


@given(st.sets(card_of))
def test_cardset_repr_evaluates_back(cards: set[Card]) -> None:
    cs = CardSet(cards)
    assert eval(repr(cs)) == cs
    assert len(cs) == len(cards) and set(cs) == cards
    assert list(cs) == sorted(cards)


@given(st.sets(card_of), st.sets(card_of))
def test_cardset_matches_python_sets(a: set[Card], b: set[Card]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b and set(x & y) == a & b
    assert set(x - y) == a - b and set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b)


@given(st.text(max_size=6))
def test_parsing_never_fails_with_anything_but_notation_error(text: str) -> None:
    for notation in (SPANISH, FRENCH, RUSSIAN):
        try:
            card = notation.parse_card(text)
        except NotationError:
            continue
        assert notation.parse_card(notation.format_card(card)) == card
