"""OpenSpiel's search bots as named tapete players (for the arena and the command line).

Importing this module registers:

* ``openspiel-ismcts`` (``simulations``, ``uct_c``, ``seed``): OpenSpiel's Python ISMCTS
  with random rollouts, its worlds resampled by the game's own sampler;
* ``openspiel-mcts`` (``simulations``, ``worlds``, ``seed``): OpenSpiel's MCTS on the
  determinised game (``worlds`` sampled states per move, visits summed).

>>> from tapete.players.base import load
>>> import tapete.rl.players
>>> load('openspiel-ismcts', simulations=50)
load('openspiel-ismcts', simulations=50)

With the arena: ``tapete arena pocha --players openspiel-ismcts:simulations=100,rule,rule,rule
--player-module tapete.rl.players``.
"""

from __future__ import annotations

from typing import Any

from tapete.errors import ConfigError
from tapete.players.base import Player, register_player
from tapete.rl.openspiel import DeterminizedMCTSBot, OpenSpielBotPlayer, ismcts_bot


def _positive(params: dict[str, Any], name: str, default: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"parameter {name} must be a whole number ≥ 1, got {value!r}")
    return value


def ismcts_player(**params: Any) -> Player:
    """``openspiel-ismcts``: OpenSpiel's ISMCTS (see the module's docstring)."""
    simulations = _positive(params, "simulations", 100)
    seed = int(params.get("seed", 0))
    uct_c = float(params.get("uct_c", 2.0))

    def make(game: Any, seat: int) -> Any:
        return ismcts_bot(game, simulations, seed=seed + seat, uct_c=uct_c)

    player = OpenSpielBotPlayer(make, **params)
    player.name = "openspiel-ismcts"
    return player


def mcts_player(**params: Any) -> Player:
    """``openspiel-mcts``: OpenSpiel's MCTS on the determinised game."""
    simulations = _positive(params, "simulations", 100)
    worlds = _positive(params, "worlds", 1)
    seed = int(params.get("seed", 0))

    def make(game: Any, seat: int) -> Any:
        return DeterminizedMCTSBot(game, simulations, worlds=worlds, seed=seed + seat)

    player = OpenSpielBotPlayer(make, **params)
    player.name = "openspiel-mcts"
    return player


register_player("openspiel-ismcts", ismcts_player, ("simulations", "uct_c", "seed"))
register_player("openspiel-mcts", mcts_player, ("simulations", "worlds", "seed"))
