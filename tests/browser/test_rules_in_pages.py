"""The pages' own small rule tables agree with the engine's: the names of the Ombre matadors
marked on the cards for every trump suit."""

from __future__ import annotations

from typing import Any

from tapete.cards import Suit
from tapete.games.ombre_family.tables import BASTO, SPADILLE, manille

from .conftest import Server


def test_ombre_matadors_marked_as_the_engine_names_them(
    server: Server, context_factory: Any
) -> None:
    page = context_factory().new_page()
    page.goto(server.base + "/")
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
        named = page.evaluate(
            """async (trumps) => {
                const m = await import('/static/js/games/ombre.js');
                return m.matadors(trumps);
            }""",
            str(manille(suit))[0],  # the suit's symbol
        )
        expected = {str(SPADILLE): "Spadille", str(manille(suit)): "Manille", str(BASTO): "Basto"}
        assert named == expected, suit
