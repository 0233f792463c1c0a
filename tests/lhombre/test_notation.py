"""Action texts of Danish l'hombre: the Danish words, the words without accents, and the
refusals of text that does not fit."""

from __future__ import annotations

import pytest

from tapete.errors import IllegalActionError, NotationError
from tapete.games.lhombre.actions import (
    AUCTION,
    BID_BASE,
    DECLARE,
    DECLARE_BASE,
    DRAW,
    GAMES,
    PASS,
    TRUMPS,
    TRUMPS_BASE,
    action_text,
    parse_action,
)

from .helpers import apply, dealt


@pytest.mark.parametrize(
    ("text", "phase", "action"),
    [
        ("pas", AUCTION, PASS),
        ("tourne", AUCTION, BID_BASE + 2),
        ("købe nolo", AUCTION, BID_BASE + 2),
        ("Tourné-Respekt", AUCTION, BID_BASE + 3),
        ("ren nolo", AUCTION, BID_BASE + 5),
        ("solo spar", AUCTION, BID_BASE + 5),
        ("declare kobe-nolo", DECLARE, DECLARE_BASE + GAMES.index("kobe_nolo")),
        ("declare nolo ouvert", DECLARE, DECLARE_BASE + GAMES.index("nolo_ouvert")),
        ("trumps spar", TRUMPS, TRUMPS_BASE + 3),
        ("trumps klør", TRUMPS, TRUMPS_BASE),
        ("køb", AUCTION, DRAW),
    ],
)
def test_danish_words_are_read(text: str, phase: int, action: int) -> None:
    assert parse_action(text, phase) == action


def test_every_action_text_reads_back() -> None:
    for action in range(63):
        for phase in (AUCTION, DECLARE, TRUMPS):
            assert parse_action(action_text(action, phase), phase) == action


def test_text_that_does_not_fit_is_refused() -> None:
    with pytest.raises(NotationError):
        parse_action("declare grand", DECLARE)
    with pytest.raises(NotationError):
        parse_action("trumps stars", TRUMPS)
    state = apply(dealt(), "spil", "pass", "pass", "declare spil", "trumps ♣")
    with pytest.raises(IllegalActionError) as wrong:
        state.string_to_action("play ♦6")  # the buying is on: discard, not play
    assert wrong.value.reason == "wrong_phase"
