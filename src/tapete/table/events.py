"""The log a seat may see: who did what, with the action hidden where the seat may not know it.

The engine decides what of the history each seat is told: every game's states keep its event
log (``state.events(seat, since)``, one event per applied action, the action hidden from a
seat that may not know it). This module adds the action's text where the event shows the
action: an event is ``{move, actor, kind, action, text, args}`` with ``action`` and ``text``
``null`` when hidden.

>>> from tapete.engine import load_game
>>> state = load_game("pocha", n_players=4, hand_size=1).new_initial_state()
>>> state.apply_string("deal Ao")             # the first card goes to seat 0
0
>>> moves = [Move(-1, state.history()[0], "deal Ao")]
>>> [events_for(state, moves, seat, 0)[0]["text"] for seat in (None, 0, 1)]
[None, 'deal Ao', None]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from tapete.engine.api import State, cards_in

__all__ = ["Move", "cards_in", "engine_logs_events", "events_for"]


@dataclasses.dataclass(frozen=True)
class Move:
    """One applied action: its actor (-1 chance), number and text."""

    actor: int
    action: int
    text: str


def engine_logs_events(state: State) -> bool:
    """True when ``state`` keeps the engine's event log (one event per applied action), as
    every registered game's states do (the server's tests check it)."""
    events = getattr(state, "events", None)
    if events is None or state.move_number() == 0:
        return False
    return len(events(None, state.move_number() - 1)) == 1


def events_for(
    state: State, moves: Sequence[Move], seat: int | None, since: int
) -> list[dict[str, Any]]:
    """The events of ``moves[since:]`` as ``seat`` may see them (protocol.md, *state*): the
    engine's events of ``state`` (the state after ``moves``), with the text of each action the
    seat may know."""
    out = []
    for event in state.events(seat, since):
        data = event.to_dict()
        data["text"] = moves[event.move].text if event.action is not None else None
        out.append(data)
    return out
