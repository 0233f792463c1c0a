"""Playing the deals of an arena: one function, the same in every process and on Ray.

:func:`play_deals` takes plain data (the arena's :class:`Spec` as a dict and a list of deal
numbers) and returns plain data, so it runs unchanged in the calling process, in a pool of
local processes or as a Ray task; everything random in it is seeded from the arena's seed,
the deal number, the seating and the seat.

A player that fails (an illegal action, something that is not an action, an exception, too
much time) forfeits the game: the game stops there, its result holds the fault (see
:mod:`tapete.arena.faults`) instead of returns, and its record (unfinished) carries the fault
in ``meta["forfeit"]``. The arena goes on with the next game (or stops, when strict).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from tapete.arena.deals import DeckChance, bot_seed, deal_seed, rotations
from tapete.arena.faults import PlayerFault, decide, shown, time_limit
from tapete.arena.gamestats import collect_stats
from tapete.engine.api import Game, State
from tapete.engine.record import GameRecord
from tapete.engine.registry import load_game
from tapete.players.base import Player, import_player_module, load


def play_game(
    state: State,
    seated: Sequence[Player],
    chance: DeckChance,
    rngs: Sequence[random.Random],
    moves: list[tuple[int, int]] | None = None,
    labels: Sequence[str] | None = None,
    limit: float = 0.0,
) -> State:
    """Play ``state`` to the end: chance from ``chance``, seat ``s`` by ``seated[s]``.

    A player is asked only when it has a choice; it receives the seat's view, never the state.
    Each ``(seat, action)`` the players make is appended to ``moves`` when given. A player
    that fails raises :class:`PlayerFault` naming it (``labels[seat]``, else its ``repr``),
    its seat and the move; ``state`` is left as it was before that decision.
    """
    names = list(labels) if labels is not None else [repr(p) for p in seated]
    with time_limit(limit) as armed:
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choose(state))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            try:
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = decide(
                        seated[seat], names[seat], state, seat, rngs[seat], limit, armed
                    )
                if moves is not None:
                    moves.append((seat, action))
                state.apply_action(action)
            except PlayerFault:
                raise
            except Exception as e:  # not the player's fault: the engine's, say where
                e.add_note(
                    f"while {names[seat]} was playing seat {seat} at move {state.move_number()}"
                )
                raise
    return state


class _Seats:
    """One player object per (player, seat), made on first use, so that :meth:`Player.start`
    can keep per-seat state."""

    def __init__(self, specs: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
        self._specs = specs
        self._made: dict[tuple[int, int], Player] = {}

    def get(self, index: int, seat: int) -> Player:
        key = (index, seat)
        if key not in self._made:
            name, params = self._specs[index]
            self._made[key] = load(name, **params)
        return self._made[key]


def _start(player: Player, label: str, game: Game, seat: int) -> None:
    start = getattr(player, "start", None)
    if start is None:
        return
    try:
        start(game, seat)
    except Exception as e:  # the player's own failure
        raise PlayerFault(
            label, seat, 0, "raised", f"start raised {type(e).__name__}: {shown(e, str)}"
        ) from e


def play_deals(spec: Mapping[str, Any], deals: Sequence[int]) -> list[dict[str, Any]]:
    """Play every seating of each deal in ``deals``; one result dict per game played.

    Each result holds ``deal``, ``rotation``, ``seating`` (player index per seat), ``returns``
    (per seat; ``None`` for a forfeited game), ``forfeit`` (the fault as a dict, or ``None``),
    ``stats`` (game statistics per seat; empty for a forfeited game), ``seconds`` and, when
    records are kept, ``record`` (the game record as JSON text). With ``spec["strict"]`` the
    chunk ends after its first forfeited game.
    """
    for module in spec.get("player_modules", ()):
        import_player_module(module)
    game = load_game(spec["game"], **spec["game_params"])
    n_seats = game.num_players()
    seats = _Seats(spec["players"])
    labels: list[str] = list(spec["labels"])
    seed = int(spec["seed"])
    limit = float(spec.get("time_limit", 0.0))
    strict = bool(spec.get("strict", False))
    seatings = rotations(n_seats, spec["seating"])
    out: list[dict[str, Any]] = []
    for deal in deals:
        for r, seating in enumerate(seatings):
            chance = DeckChance(deal_seed(seed, deal))
            rngs = [random.Random(bot_seed(seed, deal, r, seat)) for seat in range(n_seats)]
            names = [labels[i] for i in seating]
            moves: list[tuple[int, int]] = []
            state = game.new_initial_state()
            fault: dict[str, Any] | None = None
            start = time.perf_counter()
            try:
                seated = [seats.get(i, seat) for seat, i in enumerate(seating)]
                for seat, player in enumerate(seated):
                    _start(player, names[seat], game, seat)
                play_game(state, seated, chance, rngs, moves, names, limit)
            except PlayerFault as e:
                fault = e.to_dict()
            seconds = time.perf_counter() - start
            no_stats: list[dict[str, float]] = [{} for _ in range(n_seats)]
            result: dict[str, Any] = {
                "deal": deal,
                "rotation": r,
                "seating": list(seating),
                "returns": list(state.returns()) if fault is None else None,
                "forfeit": fault,
                "stats": collect_stats(state, moves) if fault is None else no_stats,
                "seconds": seconds,
            }
            if spec.get("keep_records", True):
                meta: dict[str, Any] = {
                    "arena_seed": seed,
                    "deal": deal,
                    "rotation": r,
                    "seating": list(seating),
                }
                if fault is not None:
                    meta["forfeit"] = fault
                record = GameRecord.from_state(state, players=tuple(names), meta=meta)
                result["record"] = record.to_json()
            out.append(result)
            if fault is not None and strict:
                return out
    return out
