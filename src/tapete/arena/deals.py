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
import random
from typing import Final

from tapete.engine.api import State

#: Card ids are ``0…127``; a chance action ``a < 256`` brings card ``a % 128``.
CARD_IDS: Final = 128
SEATINGS: Final = ("rotate", "all", "fixed")


class DeckChance:
    """Chance outcomes fixed by a seed, the same for every seating of a deal."""

    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._rng = random.Random(f"{seed}:pack")
        self._packs: list[list[int]] = []
        self._pack = 0
        self._last = -1
        self._other = 0

    def _order(self, index: int) -> list[int]:
        while len(self._packs) <= index:
            order = list(range(CARD_IDS))
            self._rng.shuffle(order)
            self._packs.append(order)
        return self._packs[index]

    def choose(self, state: State) -> int:
        """The chance action to apply at ``state`` (a chance node)."""
        outcomes = state.chance_outcomes()
        groups: dict[int, list[tuple[int, float]]] = {}
        for action, p in outcomes:
            if 0 <= action < 2 * CARD_IDS:
                groups.setdefault(action % CARD_IDS, []).append((action, p))
        if not groups:
            return self._weighted(outcomes, f"other:{self._pack}:{self._other}", bump=True)
        order = self._order(self._pack)
        pos = next(i for i, card in enumerate(order) if card in groups)
        if pos <= self._last:  # a used card is back: a new pack for a new deal
            self._pack += 1
            self._other = 0
            order = self._order(self._pack)
            pos = next(i for i, card in enumerate(order) if card in groups)
        self._last = pos
        group = groups[order[pos]]
        if len(group) == 1:
            return group[0][0]
        return self._weighted(group, f"card:{self._pack}:{order[pos]}")

    def _weighted(self, outcomes: list[tuple[int, float]], key: str, bump: bool = False) -> int:
        if bump:
            self._other += 1
        r = random.Random(f"{self._seed}:{key}").random() * sum(p for _, p in outcomes)
        for action, p in outcomes:
            r -= p
            if r < 0:
                return action
        return outcomes[-1][0]


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
