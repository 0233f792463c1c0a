"""Helpers for ``sample_consistent_state``: dealing unseen cards under constraints.

>>> import random
>>> owner = assign_cards([0, 1, 2], [0, 1, -1], {0: 0b011}, random.Random(1))
>>> owner[2]  # seat 0 may not hold cards 0 and 1, so it gets card 2
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from tapete.engine.api import TERMINAL, GameSpec, PlayerView, State
from tapete.errors import IllegalActionError, InconsistentViewError

StateT = TypeVar("StateT", bound=State)


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


def replay_deal(
    state: StateT,
    view: PlayerView,
    spec: GameSpec | None,
    fill: Callable[[], Iterable[int]],
    n_cards: int,
    name: str,
) -> StateT:
    """Play ``fill()``'s actions (the deal so far, its hidden cards filled in) on ``state``,
    a new deal of the game ``spec`` names, and check that they lead to ``view``'s player.

    Chance nodes must get cards (actions below ``n_cards``). Whatever goes wrong (a view of
    other parameters, an action the rules refuse, a card that cannot be placed) is an
    :class:`InconsistentViewError` that names the game (``name``).

    >>> import random, tapete
    >>> from tapete.engine import play_chance
    >>> from tapete.games.ombre.sampler import fill_deal
    >>> game = tapete.load_game('ombre')
    >>> view = play_chance(game.new_initial_state(), random.Random(3)).view(0)
    >>> rng = random.Random(1)
    >>> state = replay_deal(game.new_initial_state(), view, game.spec,
    ...                     lambda: fill_deal(game.rules, view, rng), 40, 'ombre')
    >>> state.view(0) == view
    True
    """
    if view.spec is not None and view.spec != spec:
        raise InconsistentViewError(
            f"the view is of {view.spec.name} with other parameters than this game"
        )
    try:
        for action in fill():
            if not 0 <= action < n_cards and state.is_chance_node():
                raise InconsistentViewError(f"the view's events do not fit a deal of {name}")
            state.apply_action(action)
    except (IllegalActionError, KeyError, IndexError, TypeError) as error:
        raise InconsistentViewError(
            f"the view's events do not fit a deal of {name}: {error}"
        ) from None
    if view.current_player != TERMINAL and state.current_player() != view.current_player:
        raise InconsistentViewError("the view's events do not lead to its current player")
    return state
