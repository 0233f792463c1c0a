"""Helpers for ``sample_consistent_state``: dealing unseen cards under constraints.

>>> import random
>>> owner = assign_cards([0, 1, 2], [0, 1, -1], {0: 0b011}, random.Random(1))
>>> owner[2]  # seat 0 may not hold cards 0 and 1, so it gets card 2
0
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tapete.errors import InconsistentViewError


def assign_cards(
    cards: list[int], owners: list[int], forbidden: Mapping[int, int], rng: random.Random
) -> dict[int, int]:
    """Give each card one slot, ``owners[slot]`` being who holds it (a seat, or any marker
    such as -1 for the stock), never a card of ``forbidden[owner]`` (a card bitmask).

    The orders are shuffled with ``rng`` and augmenting paths find a matching whenever one
    exists, so the result is random and consistent (not exactly uniform). ``cards`` and
    ``owners`` are shuffled in place; :class:`InconsistentViewError` if no matching exists.
    """
    rng.shuffle(cards)
    rng.shuffle(owners)
    slot_card = [-1] * len(owners)

    def place(card: int, seen: set[int]) -> bool:
        for slot, owner in enumerate(owners):
            if slot in seen or forbidden.get(owner, 0) >> card & 1:
                continue
            seen.add(slot)
            if slot_card[slot] < 0 or place(slot_card[slot], seen):
                slot_card[slot] = card
                return True
        return False

    for card in cards:
        if not place(card, set()):
            raise InconsistentViewError("no deal of the unseen cards fits the observations")
    return {card: owners[slot] for slot, card in enumerate(slot_card) if card >= 0}
