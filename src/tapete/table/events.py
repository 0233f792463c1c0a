"""The log a seat may see: who did what, with the action hidden where the seat may not know it.

This is the one place that decides what of the history each seat is told. A game whose
states keep the engine's event log (``state.events(seat, since)``) is told by the engine;
for the others it is derived here, conservatively: an action's number and text are shown to
a seat only if no card named in its text is hidden from that seat right after the action
(so another seat's dealt card or a face-down discard is never named, while a card played
face up is). Either way an event is ``{move, actor, kind, action, text, args}`` with
``action`` and ``text`` ``null`` when hidden.

>>> from tapete.engine import load_game
>>> state = load_game("pocha", n_players=4, hand_size=1).new_initial_state()
>>> to = state.chance_recipient()             # the first card goes to seat 0
>>> to, state.apply_string("deal Ao")
(0, 0)
>>> cards = list(cards_in("deal Ao", parse_text=True))
>>> move = Move(-1, 0, "deal Ao", to, hidden_to(state, cards, 4))
>>> [events_for(None, [move], seat, 0)[0]["text"] for seat in (None, 0, 1)]
[None, 'deal Ao', None]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from tapete.cards import Card
from tapete.engine.api import State, cards_in

__all__ = ["Move", "cards_in", "engine_logs_events", "events_for", "hidden_to"]


@dataclasses.dataclass(frozen=True)
class Move:
    """One applied action: its actor (-1 chance), number, text, the seat a dealt card went to,
    and the seats (``None``: spectators) that may not know it."""

    actor: int
    action: int
    text: str
    to: int | None
    hidden_to: frozenset[int | None]


def hidden_to(state: State, cards: Sequence[Card], n_seats: int) -> frozenset[int | None]:
    """The seats (and ``None``, spectators) from whom one of ``cards`` is hidden in ``state``."""
    if not cards:
        return frozenset()
    out: set[int | None] = set()
    for seat in [None, *range(n_seats)]:
        hidden = state.hidden_cards(seat)
        if any(card in hidden for card in cards):
            out.add(seat)
    return frozenset(out)


def engine_logs_events(state: State) -> bool:
    """True when ``state`` keeps the engine's event log (one event per applied action)."""
    events = getattr(state, "events", None)
    if events is None or state.move_number() == 0:
        return False
    return len(events(None, state.move_number() - 1)) == 1


def events_for(
    state: State | None, moves: Sequence[Move], seat: int | None, since: int
) -> list[dict[str, Any]]:
    """The events of ``moves[since:]`` as ``seat`` may see them (protocol.md, *state*);
    from the engine's log when ``state`` keeps one (``state`` is the state after ``moves``)."""
    if state is not None and engine_logs_events(state):
        out = []
        for event in state.events(seat, since):
            data = event.to_dict()
            data["text"] = moves[event.move].text if event.action is not None else None
            out.append(data)
        return out
    return _derived_events(moves, seat, since)


def _derived_events(moves: Sequence[Move], seat: int | None, since: int) -> list[dict[str, Any]]:
    out = []
    for number in range(since, len(moves)):
        move = moves[number]
        known = seat not in move.hidden_to
        event: dict[str, Any] = {
            "move": number,
            "actor": move.actor,
            "kind": move.text.split(None, 1)[0] if move.text else "",
            "action": move.action if known else None,
            "text": move.text if known else None,
            "args": {} if move.to is None else {"to": move.to},
        }
        out.append(event)
    return out
