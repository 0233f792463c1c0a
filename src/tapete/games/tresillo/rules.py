"""The parameters of Tresillo and the rules object built from them (frozen).

>>> import tapete
>>> rules = tapete.load_game('tresillo', palo_de_favor='hearts').rules
>>> rules.favor, rules.value_of_bid(41, 4), rules.value_of_bid(42, 6)
(6, 1, 2)
>>> rules = tapete.load_game('tresillo', estuches=True, bola=True, bola_bonus=2).rules
>>> rules.estuche_unit, rules.extras_bound()
(1, 14)
>>> tapete.load_game('tresillo', palo_de_favor='oros')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter palo_de_favor = 'oros' is not allowed; allowed: none | ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.games.ombre.rules import MAX_DEALS, MAX_MONEY, MAX_UNIT, integers
from tapete.games.tresillo.actions import (
    ENTRADA,
    ENTRADA_FAVOR,
    SOLO,
    SOLO_FAVOR,
    SUIT_CODES,
    VUELTA,
)

__all__ = ["MAX_DEALS", "MAX_MONEY", "MAX_UNIT"]

#: The longest run of estuches (a red trump suit has 12 trumps).
MAX_ESTUCHES: Final = 12
#: The most puestas a plate given as a parameter may hold.
MAX_PLATE: Final = 2 * MAX_DEALS + 2


def check_balances(value: Any) -> tuple[int, ...]:
    """Four (or, at a table of three, three) balances from ``(5, 0, -2, 0)`` or
    ``'5/0/-2/0'``.

    >>> check_balances('5/0/-2/0'), check_balances('5/0/-5')
    ((5, 0, -2, 0), (5, 0, -5))
    """
    numbers = integers(value)
    if numbers is None or len(numbers) not in (3, 4) or any(abs(n) > MAX_MONEY for n in numbers):
        raise ConfigError(
            f"parameter balances = {value!r} is not allowed; allowed: four integers of at "
            f"most {MAX_MONEY:,} either way, like (0, 0, 0, 0) or '5/0/-2/0' (three at a "
            "table of three)"
        )
    return numbers


def three_handed(params: dict[str, Any], dealer: str) -> dict[str, Any]:
    """``params`` with, at a table of three, the defaults that name four seats made for
    three: the ``dealer`` parameter (the last seat, 2) and the balances (three zeros).

    >>> three_handed({'n_players': '3'}, 'dealer')
    {'dealer': 2, 'balances': (0, 0, 0), 'n_players': '3'}
    """
    if N_PLAYERS.validate(params.get("n_players", 4)) == 3:
        return {dealer: 2, "balances": (0, 0, 0), **params}
    return params


def check_seats(params: Mapping[str, Any], dealer: str) -> None:
    """:class:`ConfigError` unless the dealer and the balances fit the table's seats."""
    n = params["n_players"]
    if params[dealer] >= n:
        raise ConfigError(f"parameter {dealer} = {params[dealer]} is no seat of {n} (0…{n - 1})")
    if len(params["balances"]) != n:
        raise ConfigError(f"parameter balances needs {n} numbers, one per seat")


def check_plate(value: Any) -> tuple[int, ...]:
    """The puestas on the plate, oldest first, from ``(6, 3)``, ``'6/3'`` or ``''``.

    >>> check_plate('6/3'), check_plate(())
    ((6, 3), ())
    """
    numbers = integers(value)
    if (
        numbers is None
        or len(numbers) > MAX_PLATE
        or any(not 0 < n <= 3 * MAX_MONEY for n in numbers)
    ):
        raise ConfigError(
            f"parameter plate = {value!r} is not allowed; allowed: the puestas on the plate, "
            f"oldest first, positive integers, like '6/3' (at most {MAX_PLATE})"
        )
    return numbers


#: The players at the table: four (the dealer sits out) or three (all three play).
N_PLAYERS: Final = Param(
    "n_players", 4, "players at the table: 4 (the dealer sits each deal out) or 3 (all play)",
    low=3, high=4,
)  # fmt: skip
#: Rule options shared by ``tresillo`` and ``tresillo-match``.
RULE_PARAMETERS: Final = (
    N_PLAYERS,
    Param("palo_de_favor", "none",
          "the preferred suit: its entrada and solo outbid the plain ones and pay more",
          kind=str, choices=("none", *SUIT_CODES)),
    Param("entrada_value", 1, "what each other player pays for a won entrada",
          low=0, high=MAX_UNIT),
    Param("vuelta_value", 2, "what each other player pays for a won vuelta",
          low=0, high=MAX_UNIT),
    Param("solo_value", 3, "what each other player pays for a won solo",
          low=0, high=MAX_UNIT),
    Param("favor_extra", 1, "added to a game's value when trumps are the palo de favor",
          low=0, high=MAX_UNIT),
    Param("surrender", True,
          "the player of an entrada or vuelta may give up before his card to trick 4",
          kind=bool),
    Param("plate_payout", "first",
          "what a won game takes from the plate: first (the oldest puesta) or all",
          kind=str, choices=("first", "all")),
    Param("matador_privilege", True, "matadors need not follow an unforcing trump lead",
          kind=bool),
    Param("tie_441", "puesta",
          "1-4-4 (the player 1 trick, each defender 4): puesta, or codille_split (a codillo "
          "shared by the two defenders)",
          kind=str, choices=("puesta", "codille_split")),
    Param("bola", False,
          "the player who has won the first five tricks may announce bola (all nine)",
          kind=bool),
    Param("bola_bonus", 3, "paid by or to each of the three others for a bola made or missed",
          low=0, high=MAX_UNIT),
    Param("estuches", False,
          "the player's estuches (espada, mala, basto and the unbroken run of trumps after "
          "them) are paid for",
          kind=bool),
    Param("estuche_unit", 1, "what each of the three others pays per estuche",
          low=0, high=MAX_UNIT),
    Param("polla", 0, "what each of the four puts on the plate at the start of every deal",
          low=0, high=MAX_UNIT),
    Param("polla_by", "each",
          "who puts the polla on the plate: each of the four, or the dealer alone",
          kind=str, choices=("each", "dealer")),
)  # fmt: skip

#: The starting money of a deal: the plate's puestas and the four balances.
MONEY_PARAMETERS: Final = (
    Param("plate", (), "the puestas on the plate before this deal, oldest first, like '6/3'",
          kind=tuple, check=check_plate),
    Param("balances", (0, 0, 0, 0), "the four balances before this deal, like '5/0/-2/0'",
          kind=tuple, check=check_balances),
)  # fmt: skip

#: The names of :data:`RULE_PARAMETERS` (what a deal of a session shares with the session).
RULE_NAMES: Final = tuple(p.name for p in RULE_PARAMETERS)


@dataclasses.dataclass(frozen=True, slots=True)
class TresilloRules:
    """The rule options of a Tresillo game in fast-access form (immutable)."""

    n_players: int
    favor: int
    entrada_value: int
    vuelta_value: int
    solo_value: int
    favor_extra: int
    surrender: bool
    plate_all: bool
    privilege: bool
    codille_split: bool
    bola: bool
    bola_bonus: int
    estuches: bool
    estuche_unit: int
    polla: int
    polla_dealer: bool

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> TresilloRules:
        """The rules of validated parameters."""
        favor = params["palo_de_favor"]
        return cls(
            n_players=params["n_players"],
            favor=-1 if favor == "none" else 4 + SUIT_CODES.index(favor),
            entrada_value=params["entrada_value"],
            vuelta_value=params["vuelta_value"],
            solo_value=params["solo_value"],
            favor_extra=params["favor_extra"],
            surrender=params["surrender"],
            plate_all=params["plate_payout"] == "all",
            privilege=params["matador_privilege"],
            codille_split=params["tie_441"] == "codille_split",
            bola=params["bola"],
            bola_bonus=params["bola_bonus"],
            estuches=params["estuches"],
            estuche_unit=params["estuche_unit"],
            polla=params["polla"],
            polla_dealer=params["polla_by"] == "dealer",
        )

    @property
    def bids(self) -> tuple[int, ...]:
        """The bids of this game, lowest first (no favour bids without a palo de favor)."""
        if self.favor < 0:
            return (ENTRADA, VUELTA, SOLO)
        return (ENTRADA, ENTRADA_FAVOR, VUELTA, SOLO, SOLO_FAVOR)

    def value_of_bid(self, bid: int, trumps: int) -> int:
        """What each other player pays for a won game ``bid`` with ``trumps`` (a Suit value):
        the bid's value, plus ``favor_extra`` when trumps are the palo de favor."""
        base = {
            ENTRADA: self.entrada_value,
            ENTRADA_FAVOR: self.entrada_value,
            VUELTA: self.vuelta_value,
            SOLO: self.solo_value,
            SOLO_FAVOR: self.solo_value,
        }[bid]
        return base + (self.favor_extra if self.favor >= 0 and trumps == self.favor else 0)

    def top_value(self) -> int:
        """The most a game is worth (per paying player)."""
        top = max(self.entrada_value, self.vuelta_value, self.solo_value)
        return top + (self.favor_extra if self.favor >= 0 else 0)

    def extras_bound(self) -> int:
        """The most the estuches and the bola can move between the player and each of the
        others in one deal."""
        extra = MAX_ESTUCHES * self.estuche_unit if self.estuches else 0
        return extra + (self.bola_bonus if self.bola else 0)
