"""Build Tresillo positions from hands written in notation (shared by the Tresillo tests)."""

from __future__ import annotations

from typing import Any

import tapete
from tapete.cards import FRENCH_40, CardSet
from tapete.games.tresillo import TresilloGame, TresilloState


def game(**params: Any) -> TresilloGame:
    """``tapete.load_game('tresillo', **params)`` typed as a :class:`TresilloGame`."""
    g = tapete.load_game("tresillo", **params)
    assert isinstance(g, TresilloGame)
    return g


def fill_hands(hands: dict[int, str], dealer: int) -> list[str | None]:
    """Four entries: the given hands (by seat) completed from the unused cards, the
    dealer's ``None``."""
    used = 0
    for text in hands.values():
        used |= CardSet(FRENCH_40.parse_cards(text)).mask
    spare = [str(c) for c in CardSet(FRENCH_40.mask & ~used)]
    out: list[str | None] = []
    for seat in range(4):
        if seat == dealer:
            out.append(None)
            continue
        cards = hands.get(seat, "").split()
        while len(cards) < 9:
            cards.append(spare.pop(0))
        out.append(" ".join(cards))
    return out


def dealt(hands: dict[int, str], **params: Any) -> TresilloState:
    """A deal (dealer seat 3 unless given) with ``hands``, at the start of the auction."""
    g = game(**params)
    state = g.new_initial_state()
    for action in g.deal_actions(fill_hands(hands, g.dealer)):
        state.apply_action(action)
    return state


def texts(state: TresilloState) -> list[str]:
    """The legal actions as texts."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def apply(state: TresilloState, *actions: str) -> TresilloState:
    """Apply the actions written in notation, in order."""
    for text in actions:
        state.apply_string(text)
    return state


def stock_cards(state: TresilloState, n: int) -> list[str]:
    """``n`` cards still in the pack (for chance actions), lowest deck order first."""
    return [str(c) for c in CardSet(FRENCH_40.mask & ~state._dealt)][:n]


def exchange(state: TresilloState, discards: str) -> None:
    """The seat to move discards ``discards`` and draws; the stock gives the lowest cards."""
    for card in discards.split():
        state.apply_string(f"discard {card}")
    state.apply_string("draw")
    while state.phase() == "stock":
        state.apply_string("stock " + stock_cards(state, 1)[0])


def play_lowest(state: TresilloState, tricks: int | None = None) -> None:
    """Play the lowest legal card (action number) until ``tricks`` tricks are finished or the
    deal is over."""
    while state.phase() == "play" and (tricks is None or len(state.finished) < tricks):
        cards = [a for a in state.legal_actions() if a < 40]
        state.apply_action(cards[0])
