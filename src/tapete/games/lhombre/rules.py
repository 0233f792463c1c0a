"""The parameters of Danish l'hombre and the point table.

The trump games rank and follow exactly as Ombre; the nolo games have no trumps: every suit
ranks in its plain (non-trump) order, and the black aces, which are not matadors there, are
the lowest cards of their suits (both in :mod:`tapete.games.ombre_family.tables`).

>>> import tapete
>>> rules = tapete.load_game('lhombre').rules
>>> rules.points[GAMES.index('solo')], rules.points[GAMES.index('nolo_ouvert')]
((3, 3, 4), (6, 6, 7))
>>> from tapete.cards import Suit
>>> ' '.join(str(c) for c in nolo_order(Suit.SPADES))
'♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2 ♠A'
>>> ' '.join(str(c) for c in nolo_order(Suit.HEARTS))
'♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.games.lhombre.actions import GAME_WORDS, GAMES
from tapete.games.ombre.rules import MAX_DEALS, MAX_MONEY, MAX_UNIT
from tapete.games.ombre_family.tables import (
    NOLO_STRENGTH,
    NOLO_SUIT,
    NOLO_SUIT_MASK,
    nolo_legal_plays,
    nolo_order,
    nolo_trick_winner,
)

__all__ = [
    "MAX_DEALS",
    "MAX_MONEY",
    "MAX_UNIT",
    "NOLO_STRENGTH",
    "NOLO_SUIT",
    "NOLO_SUIT_MASK",
    "nolo_legal_plays",
    "nolo_order",
    "nolo_trick_winner",
]

#: The Dansk L'hombre Union's points (won, bet, kruk) per game, in the order of ``GAMES``.
UNION_POINTS: Final = (
    (1, 1, 2), (1, 1, 2), (2, 2, 3), (2, 2, 3), (3, 3, 4), (3, 3, 4), (4, 4, 5), (4, 4, 5),
    (6, 6, 7),
)  # fmt: skip
_UNION_TEXT: Final = " ".join("/".join(str(x) for x in row) for row in UNION_POINTS)


def parse_points(value: Any) -> tuple[tuple[int, int, int], ...]:
    """Nine triples won/bet/kruk, one per game in the Union's order.

    >>> parse_points('1/1/2 1/1/2 2/2/3 2/2/3 3/3/4 3/3/4 4/4/5 4/4/5 6/6/7')[-1]
    (6, 6, 7)
    """
    rows: list[Any]
    if isinstance(value, str):
        rows = value.replace(",", " ").replace(";", " ").split()
    elif isinstance(value, (list, tuple)):
        rows = list(value)
    else:
        rows = []
    out: list[tuple[int, int, int]] = []
    for row in rows:
        parts = row.split("/") if isinstance(row, str) else row
        try:
            numbers = tuple(int(x) for x in parts if not isinstance(x, (bool, float)))
        except (TypeError, ValueError):
            numbers = ()
        if len(numbers) != 3 or any(not 0 <= n <= MAX_UNIT for n in numbers):
            out = []
            break
        out.append((numbers[0], numbers[1], numbers[2]))
    if len(out) != len(GAMES):
        raise ConfigError(
            f"parameter points = {value!r} is not allowed; allowed: nine triples won/bet/kruk "
            f"(integers 0…{MAX_UNIT}), one per game ({', '.join(GAME_WORDS)}), like "
            f"'{_UNION_TEXT}'"
        )
    return tuple(out)


def check_points(value: Any) -> str:
    """The point table written canonically (``'1/1/2 1/1/2 …'``), or :class:`ConfigError`.

    >>> check_points([(1, 1, 2)] * 9)
    '1/1/2 1/1/2 1/1/2 1/1/2 1/1/2 1/1/2 1/1/2 1/1/2 1/1/2'
    """
    return " ".join("/".join(str(x) for x in row) for row in parse_points(value))


def check_balances(value: Any) -> tuple[int, int, int]:
    """Three balances from ``(5, 0, -5)`` or ``'5/0/-5'``.

    >>> check_balances('5/0/-5')
    (5, 0, -5)
    """
    items: Any = value
    if isinstance(value, str):
        items = value.replace(",", " ").replace("/", " ").split()
    try:
        numbers = tuple(int(x) for x in items if not isinstance(x, (bool, float)))
    except (TypeError, ValueError):
        numbers = ()
    if len(numbers) != 3 or any(abs(n) > MAX_MONEY for n in numbers):
        raise ConfigError(
            f"parameter balances = {value!r} is not allowed; allowed: three integers of at "
            f"most {MAX_MONEY:,} either way, like (0, 0, 0) or '5/0/-5'"
        )
    return numbers[0], numbers[1], numbers[2]


#: Rule options shared by ``lhombre`` and ``lhombre-match``.
RULE_PARAMETERS: Final = (
    Param("points", _UNION_TEXT,
          "won/bet/kruk per game: spil, bedre-spil, tourné, købe-nolo, tourné-respekt, solo, "
          "solo-spar, ren-nolo, nolo-ouvert (the Dansk L'hombre Union's table); tourné-respekt "
          "is played as a tourné of higher rank and value, a guess: no source read here says "
          "what else sets it apart",
          kind=str, check=check_points),
    Param("auction", "union",
          "union: the spil games (spil, bedre, tourné, respekt) one step at a time as far as "
          "needed, solo, ren nolo and nolo ouvert bid straight away, the bid names the game; "
          "steps: every bid one step, then any game of that step or higher",
          kind=str, choices=("union", "steps")),
    Param("settlement", "each",
          "each: the player is paid by (pays) each defender the points; player: only the "
          "player's score changes (a tournament sheet); pot: the player takes his points "
          "from a pot and pays his losses into it (private games)",
          kind=str, choices=("each", "player", "pot")),
    Param("pot_ante", 2,
          "with settlement = pot: what each player puts into the pot when a deal begins "
          "with the pot empty",
          low=0, high=MAX_UNIT),
    Param("tout", True,
          "after winning the first five tricks of a trump game the player may declare tout",
          kind=bool),
    Param("tout_points", 1, "what a tout adds when made (and costs when missed)",
          low=0, high=MAX_UNIT),
    Param("matador_privilege", True, "matadors need not follow an unforcing trump lead",
          kind=bool),
)  # fmt: skip

#: The names of :data:`RULE_PARAMETERS`.
RULE_NAMES: Final = tuple(p.name for p in RULE_PARAMETERS)


@dataclasses.dataclass(frozen=True, slots=True)
class LhombreRules:
    """The rule options of a game of Danish l'hombre in fast-access form (immutable)."""

    points: tuple[tuple[int, int, int], ...]
    union_auction: bool
    pay_each: bool
    pot: bool
    pot_ante: int
    tout: bool
    tout_points: int
    privilege: bool

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> LhombreRules:
        """The rules of validated parameters."""
        return cls(
            points=parse_points(params["points"]),
            union_auction=params["auction"] == "union",
            pay_each=params["settlement"] == "each",
            pot=params["settlement"] == "pot",
            pot_ante=params["pot_ante"],
            tout=params["tout"],
            tout_points=params["tout_points"],
            privilege=params["matador_privilege"],
        )

    def top_loss(self) -> int:
        """The most a player can lose in one deal (per defender)."""
        return max(max(bet, kruk) for _, bet, kruk in self.points) + self.tout_points

    def top_gain(self) -> int:
        """The most a player can win in one deal (per defender)."""
        return max(won for won, _, _ in self.points) + self.tout_points

    def bound(self) -> int:
        """The largest change of a seat's score in one deal (with a pot, the ante too)."""
        if self.pot:
            return max(self.top_loss() + self.pot_ante, self.top_gain())
        factor = 2 if self.pay_each else 1
        return factor * max(self.top_loss(), self.top_gain())
