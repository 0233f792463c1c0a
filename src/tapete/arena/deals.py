"""Duplicate deals: chance as data, seat rotations, seeds for the bots.

A deal is fixed by its chance actions, and every chance action of these games is a card (or a
card with a flag, such as Trynka's accidental exposure ``128 + card``). :class:`DeckChance`
pre-draws a shuffled pack from the deal's seed and, at each chance node, brings the first card
of that order that is legal there: the deal, the turned-up trump, talon and stock draws all
come from the same stacked pack, so replaying the deal with the players in other seats gives
the same cards whatever the players did. When cards that were already used come back (a new
hand of a match, a redeal), the next pre-drawn pack is used.

>>> import tapete
>>> game = tapete.load_game('pocha', hand_size=3)
>>> a, b = game.new_initial_state(), game.new_initial_state()
>>> ca, cb = DeckChance('7:0'), DeckChance('7:0')
>>> while a.is_chance_node():
...     a.apply_action(ca.choose(a))
>>> while b.is_chance_node():
...     b.apply_action(cb.choose(b))
>>> a.history() == b.history()
True
>>> rotations(3, 'rotate')
[(0, 1, 2), (2, 0, 1), (1, 2, 0)]
"""

from __future__ import annotations

import itertools
from typing import Final

from tapete.engine.chance import CARD_IDS, DeckChance

__all__ = ["CARD_IDS", "SEATINGS", "DeckChance", "bot_seed", "deal_seed", "rotations"]

SEATINGS: Final = ("rotate", "all", "fixed")


def rotations(n_seats: int, seating: str = "rotate") -> list[tuple[int, ...]]:
    """The seatings of one deal: ``seating[seat]`` is the index of the player sitting there.

    ``rotate``: the players rotated through every seat (``n_seats`` games); ``all``: every
    permutation (``n_seats!`` games); ``fixed``: the given order only (no duplicate).
    """
    if seating == "fixed":
        return [tuple(range(n_seats))]
    if seating == "all":
        return list(itertools.permutations(range(n_seats)))
    if seating != "rotate":
        raise ValueError(f"seating must be one of {', '.join(SEATINGS)}")
    return [tuple((seat - r) % n_seats for seat in range(n_seats)) for r in range(n_seats)]


def bot_seed(seed: int, deal: int, rotation: int, seat: int) -> str:
    """The seed of the bot in ``seat`` for one game (independent of workers and backend)."""
    return f"{seed}:{deal}:{rotation}:{seat}"


def deal_seed(seed: int, deal: int) -> str:
    """The seed of one deal's chance outcomes."""
    return f"{seed}:deal:{deal}"
