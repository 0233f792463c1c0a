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

    Returns ``{"move", "total", "actor", "text", "views", "spectator", "hands",
    "last_deal"}``: ``views[s]`` is
    ``state.view(s).to_dict()``, ``spectator`` is ``state.view(None).to_dict()``, ``text``
    the ``n``-th action (``None`` for ``n = 0``) and ``actor`` the seat that took it
    (``-1`` chance, ``None`` for ``n = 0``); ``hands`` every seat's cards when the game
    gives them (``None`` otherwise: the views' hands are then the seats' own); ``last_deal`` a
    match's last finished deal when no deal is live or action ``n`` ended it (see
    :func:`_last_deal`), else ``None``.
    """
    previous = None
    state = None
    total = -1
    # the last step (up to n) at which a match's deal ended, with the state before it
    ended: tuple[int, Any] | None = None
    before: Any = None
    for i, current in enumerate(replay_states(record)):
        total = i
        if i <= n and _live_deal(before) is not None and _deal_ended(before, current):
            ended = (i, before)
        before = current
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
        "last_deal": _last_deal(state, ended, seats),
    }


def _live_deal(state: Any) -> Any:
    """The live deal of a match state, ``None`` for none (or a game of one deal)."""
    deal = getattr(state, "deal", None)
    return None if deal is None or callable(deal) else deal


def _deal_ended(before: Any, after: Any) -> bool:
    """The live deal of match state ``before`` ended with the action that made ``after`` (no
    deal live after it, or the next one begun at once)."""
    return _live_deal(after) is None or _deals_done(after) != _deals_done(before)


def _deals_done(state: Any) -> int | None:
    """How many deals match state ``state`` has finished (its ``finished``), ``None`` unknown."""
    done = getattr(state, "finished", None)
    if done is None or callable(done):
        return None
    return len(done)


def _last_deal(
    state: Any,
    ended: tuple[int, Any] | None,
    seats: int,
) -> dict[str, Any] | None:
    """A match's last finished deal at its end, when ``state`` has no live deal (the match
    over, or between deals) or the deal ended with the action that made ``state`` (the next
    one dealt at once: its last trick was never seen): ``{"move", "views", "spectator",
    "hands"}``, as the table's ``last_deal`` (its last trick and counts stay on the felt); else
    ``None``."""
    if ended is None:
        return None
    move, before = ended
    if _live_deal(state) is not None and move != len(state.history()):
        return None
    after = before.clone()
    deal = after.deal
    # the deal's final state: the match drops it once its last action is applied
    after.apply_action(state.history()[move - 1])
    if not deal.is_terminal():
        return None
    return {
        "move": move,
        "views": [deal.view(s).to_dict() for s in range(seats)],
        "spectator": deal.view(None).to_dict(),
        "hands": _true_hands(deal, seats),
    }


def steps(record: GameRecord | Mapping[str, Any] | str | bytes) -> dict[str, Any]:
    """What the replay viewer needs to list and jump through a finished game's actions, from
    one pass over the record (linear time: no view is made).

    Returns ``{"total", "actors", "deals", "tricks"}``: ``actors[i]`` is the seat that took
    action ``i + 1`` (``-1`` chance); ``deals`` the steps (numbers of actions taken) at which
    each deal starts (``[0]`` for a game of one deal); ``tricks`` the steps at which a trick
    was completed (none in a game without tricks).

    >>> import random, tapete
    >>> from tapete.engine import random_playout
    >>> final = random_playout(tapete.load_game("pocha-match", n_players=3).new_initial_state(),
    ...                        random.Random(2))
    >>> record = tapete.GameRecord.from_state(final)
    >>> s = steps(record)
    >>> s["total"] == len(s["actors"]) == len(record.actions), s["deals"][:3]
    (True, [1, 11, 21])
    >>> len(s["tricks"]) * 3 == sum(a.startswith("play ") for a in record.actions)  # 3 cards each
    True
    >>> all(0 <= s["actors"][n - 1] < 3 for n in s["tricks"])  # a trick ends with a card
    True
    """
    rec = _record(record)
    actors: list[int] = []
    tricks: list[int] = []
    seat: int | None = None
    state: Any = None
    for i, state in enumerate(replay_states(rec)):
        if seat is not None:
            actors.append(seat if seat >= 0 else -1)
            # a card played and none left on the table: it completed a trick (the deal's
            # last card too, after which the next deal may already be live)
            played = rec.actions[i - 1].split(" ")[0] == "play"
            if played and (_trick_cleared(state) or state.is_terminal()):
                tricks.append(i)
        seat = state.current_player()
    deals = _deal_starts(state) or [0]
    return {"total": len(actors), "actors": actors, "deals": deals, "tricks": tricks}


def _record(record: GameRecord | Mapping[str, Any] | str | bytes) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    if isinstance(record, (str, bytes)):
        return GameRecord.from_json(record)
    return GameRecord.from_dict(record)


def _deal_starts(state: Any) -> list[int]:
    """The steps at which the deals of a match state started ([] for a game of one deal)."""
    starts = getattr(state, "deal_starts", None)
    if not starts or callable(starts):
        return []
    return [int(n) for n in starts]


def _trick_cleared(state: Any) -> bool:
    """No card is on the table in the live deal of ``state``: its trick is empty, or no deal
    is live (a match between two deals)."""
    live = getattr(state, "deal", None)
    if live is None or callable(live):
        live = state
    trick = getattr(live, "trick", None)
    if trick is None or callable(trick):
        return True
    try:
        return len(trick) == 0
    except TypeError:
        return False


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
