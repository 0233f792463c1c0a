"""Playing the deals of an arena: one function, the same in every process and on Ray.

:func:`play_deals` takes plain data (the arena's :class:`Spec` as a dict and a list of deal
numbers) and returns plain data, so it runs unchanged in the calling process, in a pool of
local processes or as a Ray task; everything random in it is seeded from the arena's seed,
the deal number, the seating and the seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from tapete.arena.deals import DeckChance, bot_seed, deal_seed, rotations
from tapete.arena.gamestats import collect_stats
from tapete.engine.api import State
from tapete.engine.record import GameRecord
from tapete.engine.registry import load_game
from tapete.players.base import Player, load


def play_game(
    state: State,
    seated: Sequence[Player],
    chance: DeckChance,
    rngs: Sequence[random.Random],
    moves: list[tuple[int, int]] | None = None,
) -> State:
    """Play ``state`` to the end: chance from ``chance``, seat ``s`` by ``seated[s]``.

    A player is asked only when it has a choice; it receives the seat's view, never the state.
    Each ``(seat, action)`` the players make is appended to ``moves`` when given.
    """
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chance.choose(state))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = seated[seat].choose(state.view(seat), legal, rngs[seat])
        if moves is not None:
            moves.append((seat, action))
        try:
            state.apply_action(action)
        except Exception as e:
            e.add_note(f"played by {seated[seat]!r} in seat {seat}")
            raise
    return state


def play_deals(spec: Mapping[str, Any], deals: Sequence[int]) -> list[dict[str, Any]]:
    """Play every seating of each deal in ``deals``; one result dict per game played.

    Each result holds ``deal``, ``rotation``, ``seating`` (player index per seat), ``returns``
    (per seat), ``stats`` (game statistics per seat), ``seconds`` and, when records are kept,
    ``record`` (the game record as JSON text).
    """
    game = load_game(spec["game"], **spec["game_params"])
    n_seats = game.num_players()
    players = [load(name, **params) for name, params in spec["players"]]
    labels: list[str] = list(spec["labels"])
    seed = int(spec["seed"])
    seatings = rotations(n_seats, spec["seating"])
    out: list[dict[str, Any]] = []
    for deal in deals:
        for r, seating in enumerate(seatings):
            chance = DeckChance(deal_seed(seed, deal))
            rngs = [random.Random(bot_seed(seed, deal, r, seat)) for seat in range(n_seats)]
            seated = [players[i] for i in seating]
            moves: list[tuple[int, int]] = []
            start = time.perf_counter()
            state = play_game(game.new_initial_state(), seated, chance, rngs, moves)
            seconds = time.perf_counter() - start
            result: dict[str, Any] = {
                "deal": deal,
                "rotation": r,
                "seating": list(seating),
                "returns": list(state.returns()),
                "stats": collect_stats(state, moves),
                "seconds": seconds,
            }
            if spec.get("keep_records", True):
                record = GameRecord.from_state(
                    state,
                    players=tuple(labels[i] for i in seating),
                    meta={
                        "arena_seed": seed,
                        "deal": deal,
                        "rotation": r,
                        "seating": list(seating),
                    },
                )
                result["record"] = record.to_json()
            out.append(result)
    return out
