"""A rated game's own counts per seat, read from its stored record (``docs/ratings.md``):
La Pocha's bids and the bids made exactly, Ombre's deals played as ombre and those won
sacardo, Trynka's chips won (the sum of the seat's results of its deals).

The record is replayed under the engine (no copies of the state); each finished deal of a
match is read as it ends, a one-deal game's at its end. The counts are exact: they are
the deals' own values (bids, tricks won, the ombre's seat and outcome, the returns).

>>> import random
>>> from tapete.engine import GameRecord, load_game
>>> game = load_game("pocha", n_players=3, hand_size=1)
>>> state, rng = game.new_initial_state(), random.Random(3)
>>> while not state.is_terminal():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> counts = game_stats(GameRecord.from_state(state, players=("a", "b", "c")).to_json())
>>> [c["bids"] for c in counts], all(c["exact"] in (0, 1) for c in counts)
([1, 1, 1], True)
"""

from __future__ import annotations

from typing import Any

from tapete.engine import GameRecord, load_game
from tapete.engine.api import State
from tapete.engine.registry import upgrade_params
from tapete.errors import TapeteError

#: The games with counts of their own, by their base name (a match counts as its deals).
STAT_GAMES = ("pocha", "ombre", "trynka")


def base_game(name: str) -> str:
    """The game a table's game is rated as: a match and its one deal are one game.

    >>> base_game("pocha-match"), base_game("ombre")
    ('pocha', 'ombre')
    """
    return name.removesuffix("-match")


def finished_deals(record_json: str) -> tuple[str, int, list[State]]:
    """The record's game, its number of seats and its finished deals' final states, in
    order (a one-deal game: its own final state, if it finished)."""
    record = GameRecord.from_json(record_json)
    game = load_game(record.game, **upgrade_params(record.game, record.params))
    state = game.new_initial_state()
    deals: list[State] = []
    match = record.game.endswith("-match")
    current = getattr(state, "deal", None) if match else None
    for text in record.actions:
        state.apply_string(text)
        if match:
            deal = getattr(state, "deal", None)
            if deal is not current:
                if current is not None and current.is_terminal():
                    deals.append(current)
                current = deal
    if match:
        if current is not None and current.is_terminal() and all(d is not current for d in deals):
            deals.append(current)
    elif state.is_terminal():
        deals.append(state)
    return record.game, game.num_players(), deals


def _pocha(deal: Any, seat: int, out: dict[str, Any]) -> None:
    bids, won = getattr(deal, "bids", None), getattr(deal, "tricks_won", None)
    if bids is None or won is None or bids[seat] is None:
        return
    out["bids"] += 1
    out["exact"] += int(bids[seat] == won[seat])


def _ombre(deal: Any, seat: int, out: dict[str, Any]) -> None:
    if getattr(deal, "ombre", -1) == seat:
        out["as_ombre"] += 1
        out["sacardo"] += int(getattr(deal, "outcome", None) == "sacardo")


def _trynka(deal: State, seat: int, out: dict[str, Any]) -> None:
    out["chips"] += float(deal.returns()[seat])


def game_stats(record_json: str) -> list[dict[str, Any]]:
    """Per seat, the game's own counts (``deals`` always; La Pocha ``bids`` and ``exact``,
    Ombre ``as_ombre`` and ``sacardo``, Trynka ``chips``); a record that does not replay
    here gives empty dicts (:class:`~tapete.errors.TapeteError` is not raised)."""
    try:
        name, n, deals = finished_deals(record_json)
    except (TapeteError, ValueError, KeyError, TypeError):
        return []
    base = base_game(name)
    keys = {"pocha": ("bids", "exact"), "ombre": ("as_ombre", "sacardo"), "trynka": ("chips",)}
    count = {"pocha": _pocha, "ombre": _ombre, "trynka": _trynka}.get(base)
    out: list[dict[str, Any]] = []
    for seat in range(n):
        mine: dict[str, Any] = {"deals": len(deals)}
        for key in keys.get(base, ()):
            mine[key] = 0.0 if key == "chips" else 0
        if count is not None:
            for deal in deals:
                count(deal, seat, mine)
        out.append(mine)
    return out
