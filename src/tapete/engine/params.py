"""A game's parameters: :class:`Param` (one parameter, its allowed values and their
validation) and :class:`GameSpec` (a game's name and every parameter's value)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tapete.errors import ConfigError

if TYPE_CHECKING:
    from tapete.engine.protocol import Game


@dataclasses.dataclass(frozen=True)
class Param:
    """One game parameter: its name, default, explanation and allowed values.

    ``choices`` lists the allowed values of a categorical parameter; ``low``/``high`` bound an
    integer one; ``check`` is a last custom validation returning the normalised value (or
    raising :class:`ConfigError`).
    """

    name: str
    default: Any
    help: str
    kind: type = int
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    check: Callable[[Any], Any] | None = None

    def allowed(self) -> str:
        """Human text of the allowed values."""
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        if self.low is not None or self.high is not None:
            return f"{self.kind.__name__} {self.low if self.low is not None else ''}…" + (
                str(self.high) if self.high is not None else ""
            )
        return self.kind.__name__

    def validate(self, value: Any) -> Any:
        """The value, normalised, or :class:`ConfigError` saying what is allowed."""
        if self.check is not None and not self.choices and self.low is None and self.high is None:
            return self.check(value)
        if self.kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if self.kind is bool and isinstance(value, str):
            if value.lower() in ("true", "on", "yes", "1"):
                value = True
            elif value.lower() in ("false", "off", "no", "0"):
                value = False
        not_int = isinstance(value, bool) or not isinstance(value, int)
        if self.kind is int and not_int and not (self.choices and value in self.choices):
            raise ConfigError(f"parameter {self.name} must be an integer, got {value!r}")
        if self.kind is bool and not isinstance(value, bool):
            raise ConfigError(f"parameter {self.name} must be true or false, got {value!r}")
        if self.choices and value not in self.choices:
            raise ConfigError(
                f"parameter {self.name} = {value!r} is not allowed; allowed: {self.allowed()}"
            )
        too_low = self.low is not None and value < self.low
        if too_low or (self.high is not None and value > self.high):
            raise ConfigError(
                f"parameter {self.name} = {value!r} is out of range; allowed: {self.allowed()}"
            )
        return self.check(value) if self.check is not None else value


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """A game's name and every parameter's value: what :func:`load_game` needs.

    >>> import tapete
    >>> spec = tapete.load_game('pocha', n_players=5).spec
    >>> spec.name, spec.param('n_players'), spec.load() == tapete.load_game('pocha(n_players=5)')
    ('pocha', 5, True)
    >>> GameSpec.from_dict(spec.to_dict()) == spec
    True
    """

    name: str
    params: tuple[tuple[str, Any], ...]

    def param(self, name: str) -> Any:
        """The value of parameter ``name``; :class:`ConfigError` if the game has none."""
        for key, value in self.params:
            if key == name:
                return value
        raise ConfigError(f"{self.name} has no parameter {name}")

    def load(self) -> Game:
        """The game itself (through the registry)."""
        from tapete.engine.registry import load_game

        return load_game(self.name, **dict(self.params))

    def to_dict(self) -> dict[str, Any]:
        """``{"game": name, "params": {...}}`` (JSON-ready)."""
        from tapete.engine.views import jsonable

        return {"game": self.name, "params": {k: jsonable(v) for k, v in self.params}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSpec:
        """The spec written by :meth:`to_dict`, validated by loading the game."""
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
            raise ConfigError(f"a game spec needs a game name, got {data!r}")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise ConfigError(f"a game spec's params must be an object, got {params!r}")
        from tapete.engine.registry import load_game

        return load_game(data["game"], **dict(params)).spec
