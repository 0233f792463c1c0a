"""Seeded random play: chance nodes from a :class:`random.Random`, random playouts, and
explicit deals.

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> a = random_playout(tapete.load_game('pocha').new_initial_state(), random.Random(7))
>>> b = random_playout(tapete.load_game('pocha').new_initial_state(), random.Random(7))
>>> a.history() == b.history() and a.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from tapete.engine.api import State
from tapete.errors import IllegalActionError


def sample_chance(state: State, rng: random.Random) -> int:
    """One chance outcome drawn with its probability."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r < 0:
            return action
    return outcomes[-1][0]


def play_chance(state: State, rng: random.Random) -> State:
    """Apply chance outcomes from ``rng`` until a player must act or the game ends."""
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def random_step(state: State, rng: random.Random) -> State:
    """Apply one random move to ``state`` (not over): a chance outcome drawn with its
    probability, else one of the legal actions, uniformly.

    >>> import random, tapete
    >>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
    >>> len(random_step(state, random.Random(0)).history())
    1
    """
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    else:
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])
    return state


def random_playout(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end: chance from ``rng``, players uniformly among legal actions."""
    while not state.is_terminal():
        random_step(state, rng)
    return state


def deal_cards(state: State, cards: Iterable[int]) -> State:
    """Apply chance actions bringing ``cards`` in order (a stacked deck, top card first).

    Chance actions are the cards they bring, so an exact physical deal is a list of cards.
    Stops early at a player node only if cards remain: that is an error, raised as
    :class:`IllegalActionError` naming the card.
    """
    for card in cards:
        if not state.is_chance_node():
            raise IllegalActionError(
                f"the deal is over but card {card} was left",
                phase=state.phase(),
                reason="deal_over",
            )
        state.apply_action(card)
    return state


def apply_strings(state: State, texts: Iterable[str]) -> State:
    """Apply actions written as text (``'deal 3o'``, ``'bid 2'``, ``'play Rc'``) in order."""
    for text in texts:
        state.apply_string(text)
    return state


#: Card ids are ``0…127``; a chance action ``a < 256`` brings card ``a % 128``.
CARD_IDS: Final = 128


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
