"""The parameters of Danish l'hombre, the point table, and the card order of the nolo games.

The trump games rank and follow exactly as Ombre (:mod:`tapete.games.ombre.tables`). The
nolo games have no trumps: every suit ranks in its plain (non-trump) order, and the black
aces, which are not matadors there, are the lowest cards of their suits.

>>> import tapete
>>> rules = tapete.load_game('lhombre').rules
>>> rules.points[GAMES.index('solo')], rules.points[GAMES.index('nolo_ouvert')]
((3, 3, 4), (6, 6, 7))
>>> ' '.join(str(c) for c in nolo_order(Suit.SPADES))
'♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2 ♠A'
>>> ' '.join(str(c) for c in nolo_order(Suit.HEARTS))
'♥K ♥Q ♥J ♥A ♥2 ♥3 ♥4 ♥5 ♥6 ♥7'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tapete.cards import Card, Rank, Suit
from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.games.lhombre.actions import GAME_WORDS, GAMES
from tapete.games.ombre.rules import MAX_DEALS, MAX_MONEY, MAX_UNIT
from tapete.games.ombre.tables import SUITS, plain_order

__all__ = ["MAX_DEALS", "MAX_MONEY", "MAX_UNIT"]

#: The Dansk L'hombre Union's points (won, bet, kruk) per game, in the order of ``GAMES``.
UNION_POINTS: Final = (
    (1, 1, 2), (1, 1, 2), (2, 2, 3), (2, 2, 3), (3, 3, 4), (3, 3, 4), (4, 4, 5), (4, 4, 5),
    (6, 6, 7),
)  # fmt: skip
_UNION_TEXT: Final = " ".join("/".join(str(x) for x in row) for row in UNION_POINTS)


def nolo_order(suit: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` in a nolo game, highest first: the plain order of Ombre, with the
    ace of a black suit (no matador without trumps) at the bottom."""
    other = Suit.HEARTS if suit != Suit.HEARTS else Suit.DIAMONDS
    cards = plain_order(suit, other)
    return (*cards, Card.of(Rank.ACE, suit)) if not suit.is_red else cards


def _nolo_tables() -> tuple[list[int], list[int], list[int]]:
    eff = [-1] * 128
    strength = [0] * 128
    masks = [0] * 8
    for suit in SUITS:
        order = nolo_order(suit)
        for i, card in enumerate(order):
            eff[card] = int(suit)
            strength[card] = len(order) - i
            masks[suit] |= 1 << card
    return eff, strength, masks


#: ``NOLO_SUIT[card]``, ``NOLO_STRENGTH[card]`` (higher wins), ``NOLO_SUIT_MASK[suit]``.
NOLO_SUIT, NOLO_STRENGTH, NOLO_SUIT_MASK = _nolo_tables()


def nolo_trick_winner(cards: Sequence[int]) -> int:
    """The index (in playing order) of the card winning a trick of a nolo game.

    >>> nolo_trick_winner([Card.parse(c) for c in ('♠2', '♠A', '♥K')])
    0
    """
    led = NOLO_SUIT[cards[0]]
    best, key = 0, NOLO_STRENGTH[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        if NOLO_SUIT[c] == led and NOLO_STRENGTH[c] > key:
            best, key = i, NOLO_STRENGTH[c]
    return best


def nolo_legal_plays(hand: int, led: int) -> int:
    """The cards of ``hand`` that may be played on ``led`` in a nolo game (follow suit)."""
    if led < 0:
        return hand
    follow = hand & NOLO_SUIT_MASK[NOLO_SUIT[led]]
    return follow or hand


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
