"""Rule bots: the play of a sound club player, one module per game.

``load('rule')`` returns a :class:`RulePlayer`, a dispatcher that picks the game's rule module
from ``view.game`` (``pocha``/``pocha-match``, ``ombre``/``ombre-match``,
``trynka``/``trynka-match``, ``tresillo``/``tresillo-match``,
``lhombre``/``lhombre-match``). Like every player it sees
only a view.

>>> import random, tapete
>>> from tapete.players import load
>>> from tapete.engine import play_chance
>>> bot = load('rule', aggression=0.5)
>>> state = play_chance(tapete.load_game('pocha').new_initial_state(), random.Random(1))
>>> seat = state.current_player()
>>> bot.choose(state.view(seat), state.legal_actions(), random.Random(2)) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from tapete.engine.api import PlayerView
from tapete.errors import ConfigError
from tapete.players.base import Player, register_player

#: The rule module of each game name (imported on first use).
RULE_MODULES: dict[str, str] = {
    "pocha": "tapete.players.rule.pocha",
    "pocha-match": "tapete.players.rule.pocha",
    "ombre": "tapete.players.rule.ombre",
    "ombre-match": "tapete.players.rule.ombre",
    "trynka": "tapete.players.rule.trynka",
    "trynka-match": "tapete.players.rule.trynka",
    "lhombre": "tapete.players.rule.lhombre",
    "lhombre-match": "tapete.players.rule.lhombre",
    "tresillo": "tapete.players.rule.tresillo",
    "tresillo-match": "tapete.players.rule.tresillo",
}


@dataclasses.dataclass(frozen=True)
class RuleParams:
    """The parameters of the rule bots.

    ``aggression`` in 0…1 shifts every threshold: higher bids and declarations, more blinds
    and bets (0.5 is the calibrated club player). ``time_budget`` (seconds per decision) is
    accepted for a uniform player interface; the rule bots are instant and ignore it.
    """

    aggression: float = 0.5
    time_budget: float | None = None

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> RuleParams:
        """Validated parameters; :class:`ConfigError` names a bad one."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ConfigError(
                f"player rule has no parameter {', '.join(unknown)}; "
                f"its parameters are: {', '.join(sorted(known))}"
            )
        values: dict[str, Any] = {}
        for key, value in params.items():
            try:
                number = float(value) if value is not None else None
            except (TypeError, ValueError):
                raise ConfigError(
                    f"parameter {key} of player rule must be a number, got {value!r}"
                ) from None
            if key == "aggression" and (number is None or not 0.0 <= number <= 1.0):
                raise ConfigError(
                    f"parameter aggression of player rule must be in 0…1, got {value!r}"
                )
            if key == "time_budget" and number is not None and number < 0:
                raise ConfigError(
                    f"parameter time_budget of player rule must be ≥ 0, got {value!r}"
                )
            values[key] = number
        return cls(**values)


ChooseFn = Callable[[PlayerView, Sequence[int], random.Random, RuleParams], int]


class RulePlayer(Player):
    """The rule bot of every game: dispatches on ``view.game`` to the game's rule module."""

    name = "rule"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.settings = RuleParams.from_params(dict(params))
        self._choosers: dict[str, ChooseFn] = {}

    def _chooser(self, game: str) -> ChooseFn:
        chooser = self._choosers.get(game)
        if chooser is None:
            module_name = RULE_MODULES.get(game)
            if module_name is None:
                raise ConfigError(
                    f"player rule does not play {game!r}; it plays: {', '.join(RULE_MODULES)}"
                )
            chooser = importlib.import_module(module_name).choose
            self._choosers[game] = chooser
        return chooser

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The rule module's choice for ``view.game`` (always one of ``legal_actions``)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self._chooser(view.game)(view, legal_actions, rng, self.settings)


register_player("rule", RulePlayer)

__all__ = ["RULE_MODULES", "RuleParams", "RulePlayer"]
