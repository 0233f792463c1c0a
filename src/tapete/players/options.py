"""Bot options declared as :class:`~tapete.engine.api.Param`, the type of the game options:
the same validation, the same messages, and ``tapete bots`` lists them as ``tapete games``
lists a game's.

A number option is a ``Param`` of kind ``float`` whose ``check`` is a :class:`Between`
(its range, shown in the listing); :func:`validate` reads a value as the command line, the
arena and the lobby give it (text, a whole number for a switch: ``contract=0``).

>>> worlds = Param("worlds", None, "worlds a decision", low=1)
>>> validate(worlds, "8")
8
>>> validate(worlds, 0)
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter worlds = 0 is out of range; allowed: int 1…
>>> share = number("share", 0.5, "a share", 0.0, 1.0)
>>> validate(share, "0.25"), share.check
(0.25, Between(name='share', low=0.0, high=1.0, low_open=False, high_open=False))
>>> validate(share, 2)
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter share = 2 is out of range; allowed: number in [0, 1]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

from tapete.engine.api import Param
from tapete.errors import ConfigError


def _text(x: float) -> str:
    return f"{x:g}"


@dataclasses.dataclass(frozen=True)
class Between:
    """The check of a number option: a number (or the text of one) in ``low``…``high``,
    each end included unless ``low_open``/``high_open`` (``None``: no bound)."""

    name: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False

    def allowed(self) -> str:
        """The range in words: ``number in [0, 1)``, ``number`` when unbounded."""
        if self.low is None and self.high is None:
            return "number"
        low = "-∞" if self.low is None else _text(self.low)
        high = "∞" if self.high is None else _text(self.high)
        opening = "(" if self.low_open or self.low is None else "["
        closing = ")" if self.high_open or self.high is None else "]"
        return f"number in {opening}{low}, {high}{closing}"

    def __call__(self, value: Any) -> float:
        """The value as a float, or :class:`ConfigError` naming the option and the range."""
        try:
            if isinstance(value, bool):
                raise ValueError
            number = float(value)
        except (TypeError, ValueError):
            raise ConfigError(f"parameter {self.name} must be a number, got {value!r}") from None
        low, high = self.low, self.high
        below = low is not None and (number <= low if self.low_open else number < low)
        above = high is not None and (number >= high if self.high_open else number > high)
        if below or above or math.isnan(number):
            raise ConfigError(
                f"parameter {self.name} = {value!r} is out of range; allowed: {self.allowed()}"
            )
        return number


def number(
    name: str, default: float | None, help: str, low: float | None = None,
    high: float | None = None, *, low_open: bool = False, high_open: bool = False,
) -> Param:  # fmt: skip
    """A number option: a :class:`Param` of kind ``float`` checked by :class:`Between`."""
    return Param(name, default, help, kind=float,
                 check=Between(name, low, high, low_open, high_open))  # fmt: skip


def allowed(param: Param) -> str:
    """What an option accepts, in English (its range for a number option)."""
    if isinstance(param.check, Between):
        return param.check.allowed()
    return param.allowed()


def validate(param: Param, value: Any) -> Any:
    """``value`` read and checked as ``param`` says (:meth:`Param.validate`): a switch
    also takes 0 and 1 (``contract=0``), and an option whose default is ``None`` takes
    ``None`` (its default: not set)."""
    if value is None and param.default is None:
        return None
    if param.kind is bool and not isinstance(value, bool) and value in (0, 1):
        value = bool(value)
    return param.validate(value)


def validate_all(params: Mapping[str, Any], declared: Sequence[Param]) -> dict[str, Any]:
    """The values of ``params`` that ``declared`` declares, each checked (:func:`validate`);
    the others are left out."""
    by_name = {p.name: p for p in declared}
    return {k: validate(by_name[k], v) for k, v in params.items() if k in by_name}
