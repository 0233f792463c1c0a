"""Replay frames for the browser's replay viewer: every seat's view after the first ``n``
actions of a finished game's record (all hands face up), for ``GET
/api/tables/{id}/frames/{n}`` (docs/protocol.md, *Requests from the browser pages*).

Only for finished or closed tables: a frame holds every hidden card.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> final = random_playout(tapete.load_game("pocha", hand_size=2).new_initial_state(),
...                        random.Random(1))
>>> record = tapete.GameRecord.from_state(final)
>>> f = frame(record, 3)
>>> f["move"], f["total"] == len(record.actions), len(f["views"]), f["text"] == record.actions[2]
(3, True, 4, True)
>>> try:
...     frame(record, f["total"] + 1)
... except tapete.errors.RecordError as e:
...     print("refused:", str(e).split(" is ")[1].split(" (")[0])
refused: not in the record
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tapete.engine.record import GameRecord, replay_states
from tapete.errors import RecordError


def frame(record: GameRecord | Mapping[str, Any] | str | bytes, n: int) -> dict[str, Any]:
    """The state after the first ``n`` actions of ``record``, as every seat's view.

    Returns ``{"move", "total", "actor", "text", "views", "spectator", "hands"}``: ``views[s]`` is
    ``state.view(s).to_dict()``, ``spectator`` is ``state.view(None).to_dict()``, ``text``
    the ``n``-th action (``None`` for ``n = 0``) and ``actor`` the seat that took it
    (``-1`` chance, ``None`` for ``n = 0``); ``hands`` every seat's cards when the game
    gives them (``None`` otherwise: the views' hands are then the seats' own).
    """
    previous = None
    state = None
    total = -1
    for i, current in enumerate(replay_states(record)):
        total = i
        if i == n - 1:
            previous = current
        if i == n:
            state = current
    if state is None or n < 0:
        raise RecordError(f"frame {n} is not in the record (0 to {total})")
    actor: int | None = None
    text: str | None = None
    if previous is not None:
        actor = previous.current_player()
        actor = actor if actor >= 0 else -1
        text = previous.action_to_string(state.history()[n - 1])
    seats = state.game.num_players()
    return {
        "move": n,
        "total": total,
        "actor": actor,
        "text": text,
        "views": [state.view(s).to_dict() for s in range(seats)],
        "spectator": state.view(None).to_dict(),
        "hands": _true_hands(state, seats),
    }


def _true_hands(state: Any, seats: int) -> list[list[str]] | None:
    """Every seat's cards as the host knows them, where the game offers ``hand(seat)``
    (Trynka: a seat that has not looked does not see its own cards in its view)."""
    live = getattr(state, "deal", None) or state
    hand = getattr(live, "hand", None)
    deck = getattr(getattr(live, "rules", None), "deck", None)
    if not callable(hand) or deck is None:
        return None
    try:
        return [deck.format_cards(hand(s)).split() for s in range(seats)]
    except (TypeError, ValueError, AttributeError, IndexError):
        return None
