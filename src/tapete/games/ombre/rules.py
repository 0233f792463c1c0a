"""The parameters of Ombre and the rules object built from them (frozen).

Every count and amount has an upper bound (an unbounded one would let a bad parameter make
a game that never ends or whose sums overflow), refused with a :class:`ConfigError`:

>>> import tapete
>>> tapete.load_game('ombre', ante=5000)
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter ante = 5000 is out of range; allowed: int 0…1000
>>> rules = tapete.load_game('ombre', vole=True).rules
>>> rules.vole, rules.vole_bonus
(True, 1)
>>> rules.vole = False
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'vole'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tapete.engine.api import Param
from tapete.errors import ConfigError

#: What each player adds to the pool when all pass, under ``all_pass = throw_in_pay_two``.
ALL_PASS_PAYMENT: Final = 2
#: The largest ante, bonus or payment unit.
MAX_UNIT: Final = 1000
#: The largest starting pool, and the largest starting balance (either sign).
MAX_MONEY: Final = 1_000_000
#: The largest number of deals of a session (``num_deals``), and of the deals played on
#: after them to empty the pool (``max_extra_deals``).
MAX_DEALS: Final = 240


def _optional_unit(name: str) -> Any:
    def check(value: Any) -> int | None:
        if value is None or value == "auto" or value == "ante":
            return None
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_UNIT:
            raise ConfigError(
                f"parameter {name} must be an integer 0…{MAX_UNIT} or 'ante', got {value!r}"
            )
        return value

    return check


def integers(value: Any) -> tuple[int, ...] | None:
    """The integers of a list option given as ``'5/0/-2'`` (``,``, ``;``, ``/``, ``:`` or
    spaces between) or as a list or tuple; ``None`` when it is neither, or when an item is
    not an integer (a bool or a float is not).

    >>> integers('5/0/-2'), integers([1, 2]), integers((1, True)), integers('1/x'), integers('')
    ((5, 0, -2), (1, 2), None, None, ())
    """
    items: Sequence[Any]
    if isinstance(value, str):
        for sep in ",;/:":
            value = value.replace(sep, " ")
        items = value.split()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        return None
    if any(isinstance(x, (bool, float)) for x in items):
        return None
    try:
        return tuple(int(x) for x in items)
    except (TypeError, ValueError):
        return None


def check_balances(value: Any) -> tuple[int, int, int]:
    """Three balances from ``(5, 0, -2)``, ``[5, 0, -2]`` or ``'5/0/-2'``.

    >>> check_balances('5/0/-2'), check_balances([1, 2, 3])
    ((5, 0, -2), (1, 2, 3))
    """
    numbers = integers(value)
    if numbers is None or len(numbers) != 3 or any(abs(n) > MAX_MONEY for n in numbers):
        raise ConfigError(
            f"parameter balances = {value!r} is not allowed; allowed: three integers of at "
            f"most {MAX_MONEY:,} either way, like (0, 0, 0) or '5/0/-2'"
        )
    return numbers[0], numbers[1], numbers[2]


#: Rule options shared by ``ombre`` and ``ombre-match`` (ombre.md §3.C).
RULE_PARAMETERS: Final = (
    Param("ante", 1, "units each player pays into the pool at the start of every deal",
          low=0, high=MAX_UNIT),
    Param("auction", "simple", "simple = 'I play' or pass; sans_prendre = also bid sans prendre",
          kind=str, choices=("simple", "sans_prendre")),
    Param("all_pass", "throw_in",
          "when all pass: throw_in, forced_spadille (♠A must play), or throw_in_pay_two "
          "(each player puts two more units into the pool, the classic rule)",
          kind=str, choices=("throw_in", "forced_spadille", "throw_in_pay_two")),
    Param("min_discard_ombre", 0, "the fewest cards ombre must exchange", choices=(0, 1)),
    Param("talon_rest_visible", "none", "who sees the cards left in the stock after the exchange",
          kind=str, choices=("none", "ombre", "all", "last_exchanger")),
    Param("trump_timing", "after_exchange", "when ombre names trumps",
          kind=str, choices=("after_exchange", "before_exchange")),
    Param("first_lead", "ombre", "who leads the first trick", kind=str,
          choices=("ombre", "eldest")),
    Param("matador_privilege", True, "matadors need not follow an unforcing trump lead",
          kind=bool),
    Param("tie_441", "puesta", "1/4-4: puesta, or codille_split (ombre pays the pool to both)",
          kind=str, choices=("puesta", "codille_split")),
    Param("vole", False, "ombre may announce vole after winning the first five tricks",
          kind=bool),
    Param("vole_bonus", None, "paid by or to each defender for a vole (default: the ante)",
          kind=int, check=_optional_unit("vole_bonus")),
    Param("matador_payments", False, "ombre's run of matadors is paid for", kind=bool),
    Param("matador_unit", None, "payment per matador of the run (default: the ante)",
          kind=int, check=_optional_unit("matador_unit")),
    Param("sans_prendre_bonus", None, "paid by or to each defender for sans prendre "
          "(default: the ante)", kind=int, check=_optional_unit("sans_prendre_bonus")),
)  # fmt: skip

#: The starting money of a game: the pool before this deal's antes, and the balances.
MONEY_PARAMETERS: Final = (
    Param("pool", 0, "the pool before this deal's antes", low=0, high=MAX_MONEY),
    Param("balances", (0, 0, 0), "the three balances before this deal, like '5/0/-2'",
          kind=tuple, check=check_balances),
)  # fmt: skip

#: The names of :data:`RULE_PARAMETERS` (what a deal of a session shares with the session).
RULE_NAMES: Final = tuple(p.name for p in RULE_PARAMETERS)


@dataclasses.dataclass(frozen=True, slots=True)
class OmbreRules:
    """The rule options of an Ombre game in fast-access form (shared by deal and match);
    immutable, like the game."""

    ante: int
    sans_prendre_auction: bool
    forced_spadille: bool
    all_pass_pay: int
    min_discard_ombre: int
    rest_visible: str
    trumps_first: bool
    eldest_leads: bool
    privilege: bool
    codille_split: bool
    vole: bool
    vole_bonus: int
    matador_payments: bool
    matador_unit: int
    sans_prendre_bonus: int

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> OmbreRules:
        """The rules of validated parameters (defaults filled in).

        >>> import tapete
        >>> OmbreRules.from_params(tapete.load_game('ombre', ante=2).params).matador_unit
        2
        """
        ante = params["ante"]
        vb, mu, sb = params["vole_bonus"], params["matador_unit"], params["sans_prendre_bonus"]
        return cls(
            ante=ante,
            sans_prendre_auction=params["auction"] == "sans_prendre",
            forced_spadille=params["all_pass"] == "forced_spadille",
            all_pass_pay=ALL_PASS_PAYMENT if params["all_pass"] == "throw_in_pay_two" else 0,
            min_discard_ombre=params["min_discard_ombre"],
            rest_visible=params["talon_rest_visible"],
            trumps_first=params["trump_timing"] == "before_exchange",
            eldest_leads=params["first_lead"] == "eldest",
            privilege=params["matador_privilege"],
            codille_split=params["tie_441"] == "codille_split",
            vole=params["vole"],
            vole_bonus=ante if vb is None else vb,
            matador_payments=params["matador_payments"],
            matador_unit=ante if mu is None else mu,
            sans_prendre_bonus=ante if sb is None else sb,
        )
