"""Hints for the browser's hint button: what the strongest available bot would do now,
seeing only the asking seat's view (docs/protocol.md, *Requests from the browser pages*).

The strongest bot is the first of :data:`HINT_PLAYERS` that is registered: ``search`` (at its
``normal`` level, 50 ms) where the search players are installed, else ``rule``. The bots do
not explain their choices yet, so ``why`` is ``None``.

>>> import tapete
>>> state = tapete.load_game("pocha", hand_size=1).new_initial_state()
>>> for text in ["deal Ao", "deal 3c", "deal Re", "deal Cb", "turn 4o"]:
...     _ = state.apply_string(text)
>>> h = hint(state.game, 0, state.view(0), state.legal_actions(), state.action_to_string)
>>> h["action"] in state.legal_actions(), h["text"].startswith("bid "), h["why"]
(True, True, None)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

from tapete.engine.api import Game, PlayerView
from tapete.players.base import Player, available, load

#: Bots to ask, strongest first, with the parameters a hint uses (a short time budget).
HINT_PLAYERS: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    ("search", {"level": "normal"}),
    ("rule", {}),
)


def hint_player() -> tuple[str, dict[str, Any]]:
    """The name and parameters of the strongest registered hint bot."""
    names = set(available())
    for name, params in HINT_PLAYERS:
        if name in names:
            return name, params
    return "random", {}


#: One hint player per (bot, game), kept: a search bot loads its kernels once, not per hint.
#: Each is used under its own lock (hints may be computed in several threads at once).
_PLAYERS: dict[tuple[str, int], tuple[Game, Player, threading.Lock]] = {}
_MAX_PLAYERS: Final = 64
_CACHE_LOCK = threading.Lock()


def _player_for(name: str, params: dict[str, Any], game: Game) -> tuple[Player, threading.Lock]:
    key = (name, id(game))
    with _CACHE_LOCK:
        kept = _PLAYERS.get(key)
        if kept is not None and kept[0] is game:
            return kept[1], kept[2]
        if len(_PLAYERS) >= _MAX_PLAYERS:
            _PLAYERS.pop(next(iter(_PLAYERS)))
        player, lock = load(name, **params), threading.Lock()
        _PLAYERS[key] = (game, player, lock)
        return player, lock


def hint(
    game: Game,
    seat: int,
    view: PlayerView,
    legal_actions: Sequence[int],
    text_of: Callable[[int], str],
    rng: random.Random | None = None,
) -> dict[str, Any]:
    """``{"player", "action", "text", "why"}``: the strongest bot's choice for ``seat``.

    ``text_of`` gives an action's text (``state.action_to_string``). The search bots take
    tens of milliseconds: a server calls this off its event loop.
    """
    name, params = hint_player()
    player, lock = _player_for(name, params, game)
    with lock:
        player.start(game, seat)
        action = player.choose(view, list(legal_actions), rng or random.Random())
    return {"player": name, "action": action, "text": text_of(action), "why": None}
