"""Hand values (trynka.md §1.3, §3 items 1-4; scenarios Y1, Y2), checked exhaustively."""

from __future__ import annotations

import itertools

import pytest

from tapete.cards import RUSSIAN_24, RUSSIAN_36, CardSet, Rank, Suit
from tapete.games.trynka import HandValue, hand_value, is_three_tens, value_table

PIPS = {Rank.SIX: 6, Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10,
        Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10, Rank.ACE: 11}  # fmt: skip


def hv(text: str, **kw: bool) -> HandValue:
    return hand_value(CardSet.parse(text), **kw)


def reference(cards: tuple[int, ...]) -> tuple[int, int]:
    """An independent reading of §1.3: AAA > 666 > best one-suit total."""
    cs = CardSet(cards)
    ranks = sorted(c.rank for c in cs)
    if ranks == [Rank.ACE] * 3:
        return (3, 0)
    if ranks == [Rank.SIX] * 3:
        return (2, 0)
    best = 0
    for suit in {c.suit for c in cs}:
        best = max(best, sum(PIPS[c.rank] for c in cs if c.suit == suit))
    return (1, best)


def test_y1_values() -> None:
    assert hv("A♠ 10♠ 9♠") == (1, 30)
    assert hv("A♠ 10♠ 6♥") == (1, 21)
    assert hv("8♦ 7♦ 6♦") == (1, 21)
    assert hv("A♠ A♥ 10♦") == (1, 11)
    assert hv("9♠ 9♥ 9♦") == (1, 9)
    assert hv("10♠ 10♥ 10♦") == (1, 10)
    assert hv("6♠ 6♥ A♠") == (1, 17)
    assert hv("7♣ 9♥ 10♦") == (1, 10)
    assert hv("6♠ 6♥ 6♦").category == 2
    assert hv("A♠ A♥ A♦").category == 3


def test_y2_comparisons() -> None:
    assert hv("A♠ A♥ A♦") > hv("6♠ 6♥ 6♦")
    assert hv("6♠ 6♥ 6♦") > hv("A♠ 10♠ 9♠")
    assert hv("A♠ 10♠ 9♠") > hv("A♥ 10♥ 8♥")
    assert hv("6♠ 7♠ 8♥") > hv("10♠ 10♥ 10♦")
    assert hv("A♠ 10♠ 6♥") == hv("8♦ 7♦ 6♦")
    assert hv("A♠ A♥ A♦", sixes_over_aces=True) < hv("6♠ 6♥ 6♦", sixes_over_aces=True)
    assert hv("A♠ A♥ 10♦", two_aces_22=True) == (1, 22) > hv("A♠ 10♠ 6♥", two_aces_22=True)


@pytest.mark.parametrize("deck", [RUSSIAN_24, RUSSIAN_36])
def test_all_hands_follow_the_rules_order(deck: object) -> None:
    cards = deck.cards  # type: ignore[attr-defined]
    hands = list(itertools.combinations(cards, 3))
    assert len(hands) == (2024 if len(cards) == 24 else 7140)
    table = value_table()
    keyed = []
    for hand in hands:
        mask = sum(1 << c for c in hand)
        value = hand_value(hand)
        ref = reference(hand)
        assert (value.category, value.points if value.category == 1 else 0) == ref, hand
        assert table[mask] == value.key()
        keyed.append((value, ref, hand))
    # the int keys order the hands exactly as the reference pairs do (a total preorder)
    # sorted by value, consecutive hands compare exactly as their reference pairs do,
    # so the values induce the same total (pre)order on all hands
    keyed.sort()
    for (v1, r1, _), (v2, r2, _) in itertools.pairwise(keyed):
        assert (v1 < v2) == (r1 < r2) and (v1 == v2) == (r1 == r2)
    top = max(keyed)
    assert top[1] == (3, 0) and sum(1 for k in keyed if k[1] == (3, 0)) == 4
    assert sum(1 for k in keyed if k[1] == (2, 0)) == 4
    best_total = max(v.points for v, _, _ in keyed if v.category == 1)
    assert best_total == (30 if len(cards) == 24 else 31)
    if len(cards) == 24:  # A-10-9 of one suit is the only 30
        thirty = [CardSet(h) for v, _, h in keyed if v == (1, 30)]
        assert len(thirty) == 4
        assert all({c.rank for c in h} == {Rank.NINE, Rank.TEN, Rank.ACE} for h in thirty)
    tens = [h for _, _, h in keyed if is_three_tens(CardSet(h))]
    assert len(tens) == 4 and all(hand_value(h) == (1, 10) for h in tens)


def test_variant_tables_are_consistent() -> None:
    for flags in itertools.product([False, True], repeat=3):
        table = value_table(*flags)
        for mask, key in itertools.islice(table.items(), 0, None, 37):
            kw = dict(zip(("sixes_over_aces", "two_aces_22", "trips_score"), flags, strict=True))
            assert hand_value(mask, **kw).key() == key
    assert hv("9♠ 9♥ 9♦", trips_score=True) == (1, 27)
    assert hv("A♠ A♥ 9♥", two_aces_22=True) == (1, 22)
    assert hv("A♥ A♠ 10♠", two_aces_22=True) == (1, 22)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="three different cards"):
        hand_value(CardSet.parse("A♠ 10♠"))
    with pytest.raises(ValueError):
        hand_value(CardSet.parse("Ao 3c 4e"))


def joker_reference(cards: tuple[int, ...]) -> tuple[int, int]:
    """An independent reading of the joker under the default values (the sources: 11 in a
    suit, completes a rank): the better of the suit play and the rank play."""
    cs = list(CardSet(cards))
    others = [c for c in cs if (c.rank, c.suit) != (Rank.SEVEN, Suit.CLUBS)]
    if len(others) == 3:
        return reference(cards)
    a, b = others
    if a.rank == b.rank == Rank.ACE:
        return (3, 0)
    if a.rank == b.rank == Rank.SIX:
        return (2, 0)
    if a.suit == b.suit:
        return (1, PIPS[a.rank] + PIPS[b.rank] + 11)
    return (1, max(PIPS[a.rank], PIPS[b.rank]) + 11)


def test_joker_values_exhaustive() -> None:
    """Every hand of the 36-card pack: the joker's value agrees with the sources' reading,
    is never below the seven's, and every other hand keeps its value."""
    joker = int(CardSet.parse("7♣").mask).bit_length() - 1
    with_joker = 0
    for cards in itertools.combinations(RUSSIAN_36.cards, 3):
        plain, wild = hand_value(cards), hand_value(cards, joker=True)
        ref = joker_reference(cards)
        assert (wild.category, wild.points if wild.category == 1 else 0) == ref, cards
        assert wild >= plain
        if joker in cards:
            with_joker += 1
            assert is_three_tens(sum(1 << c for c in cards), joker=True) == (
                sorted(c.rank for c in CardSet(cards) if c != joker) == [Rank.TEN, Rank.TEN]
            )
        else:
            assert wild == plain
    assert with_joker == 35 * 34 // 2


def test_32_card_pack_values() -> None:
    from tapete.games.trynka.values import RUSSIAN_32, local_value_table

    table = local_value_table(32)
    assert len(RUSSIAN_32) == 32 and len(table) == 32 * 31 * 30 // 6
    assert not any(c.rank == Rank.SIX for c in RUSSIAN_32.cards)
    # no three sixes in the pack: the best hand is three aces, then A K Q (31) of a suit
    ranked = sorted(set(table.values()))
    assert ranked[-1] == HandValue(3, 33).key() and ranked[-2] == HandValue(1, 31).key()
