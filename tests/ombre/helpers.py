"""Build Ombre positions from hands written in notation (shared by the Ombre tests)."""

from __future__ import annotations

from typing import Any

import tapete
from tapete.games.ombre import OmbreGame, OmbreState
from tapete.games.ombre_family.tables import FULL_MASK

#: The seed's seats: West is eldest (seat 0), East seat 1, North deals (seat 2).
WEST, EAST, NORTH = 0, 1, 2


def game(**params: Any) -> OmbreGame:
    """``tapete.load_game('ombre', **params)`` typed as an :class:`OmbreGame`."""
    g = tapete.load_game("ombre", **params)
    assert isinstance(g, OmbreGame)
    return g


def fill_hands(hands: dict[int, str]) -> list[str]:
    """Three 9-card hands: the given ones (by seat) completed from the unused cards."""
    from tapete.cards import FRENCH_40, CardSet

    used = 0
    for text in hands.values():
        used |= CardSet(FRENCH_40.parse_cards(text)).mask
    spare = [str(c) for c in CardSet(FRENCH_40.mask & ~used)]
    out = []
    for seat in range(3):
        cards = hands.get(seat, "").split()
        while len(cards) < 9:
            cards.append(spare.pop(0))
        out.append(" ".join(cards))
    assert FRENCH_40.mask == FULL_MASK
    return out


def dealt(hands: dict[int, str], **params: Any) -> OmbreState:
    """A deal (dealer seat 2 unless given) with ``hands``, at the start of the auction."""
    g = game(**params)
    state = g.new_initial_state()
    for action in g.deal_actions(fill_hands(hands)):
        state.apply_action(action)
    return state


def play_position(
    hands: dict[int, str],
    ombre: int,
    trumps: str,
    plays: tuple[str, ...] = (),
    **params: Any,
) -> OmbreState:
    """``hands`` dealt, ``ombre`` plays (the others pass), nobody exchanges, ``trumps``
    named, then ``plays`` played (ombre leads unless ``first_lead`` says otherwise)."""
    state = dealt(hands, **params)
    while state.phase() == "auction":
        state.apply_string("ombre" if state.current_player() == ombre else "pass")
    if state.phase() == "trumps":
        state.apply_string(f"trumps {trumps}")
    while state.phase() == "exchange":
        state.apply_string("draw")
    if state.phase() == "trumps":
        state.apply_string(f"trumps {trumps}")
    for text in plays:
        state.apply_string(f"play {text}")
    return state


def legal_texts(state: OmbreState) -> set[str]:
    """The legal actions as texts without the verb for cards (``{'♣K', '♣2'}``)."""
    out = set()
    for action in state.legal_actions():
        text = state.action_to_string(action)
        out.add(text.split()[1] if " " in text and not text.startswith("trumps") else text)
    return out
