"""La Pocha's rule options (pocha.md §3) and the rules object built from them.

:class:`PochaRules` is frozen: the options of a game cannot change once it is loaded. It also
holds the tables every part of the game reads (rank strengths, the action numbers' layout).

>>> import tapete
>>> rules = tapete.load_game('pocha', n_players=4).rules
>>> rules.deck.name, rules.max_hand_size, rules.bid_base, rules.swap, rules.pass_
('spanish40', 10, 40, 51, 52)
>>> rules.n_players = 9
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'n_players'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Final

from tapete.cards import SPANISH_36, SPANISH_40, SPANISH_48, Deck
from tapete.engine.api import Param
from tapete.errors import ConfigError
from tapete.games.pocha.tables import ABOVE, STRENGTH

DECKS: Final = {"36": SPANISH_36, "40": SPANISH_40, "48": SPANISH_48}


def check_deck(value: Any) -> str:
    """The ``deck`` parameter: ``auto``, ``36``, ``40`` or ``48``."""
    text = str(value)
    if text not in ("auto", "36", "40", "48"):
        raise ConfigError(
            f"parameter deck = {value!r} is not allowed; allowed: auto | 36 | 40 | 48"
        )
    return text


def optional_int(name: str) -> Callable[[Any], int | None]:
    """A check for an integer parameter that may be left out (``None`` or ``auto``)."""

    def check(value: Any) -> int | None:
        if value is None or value == "auto":
            return None
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"parameter {name} must be an integer, got {value!r}")
        return value

    return check


#: Rule options shared by ``pocha`` and ``pocha-match`` (pocha.md §3, configuration summary).
RULE_PARAMETERS: Final = (
    Param("n_players", 4, "number of players", low=3, high=8),
    Param("deck", "auto", "pack: auto = 36 cards (no 2s) for 3 or 6 players, else 40",
          kind=str, check=check_deck),
    Param("rank_order", "tute", "card ranking: tute = A 3 R C S 7…2; natural = A R C S 7…2",
          kind=str, choices=("tute", "natural")),
    Param("trump_when_no_stock", "dealer_last_card",
          "trumps when the whole pack is dealt: the dealer's last card, or none",
          kind=str, choices=("dealer_last_card", "none")),
    Param("seven_swap", False, "the holder of the 7 of trumps may swap it for the turned card",
          kind=bool),
    Param("dealer_restriction", True, "the dealer may not make the bids add up", kind=bool),
    Param("play_rules", "seed", "seed = follow, overtake, trump, overtrump; follow_only",
          kind=str, choices=("seed", "follow_only")),
    Param("undertrump", "free", "void and unable to overtrump: free = any card; must = a trump",
          kind=str, choices=("free", "must")),
    Param("exact_base", 10, "points for an exact bid", low=0),
    Param("per_trick_exact", 5, "points per trick won with an exact bid", low=0),
    Param("per_trick_miss", 5, "points lost per trick of difference", low=0),
)  # fmt: skip

#: The hand variants of ``pocha`` (one hand; ``pocha-match`` says which of its hands play
#: them): docs/pocha.md, "Variants of the hand".
HAND_VARIANTS: Final = (
    Param("ronda_india", False,
          "one card held to the forehead: each player sees every card but his own", kind=bool),
    Param("ronda_ciega", False,
          "one card played blind: nobody sees a card before it is played", kind=bool),
    Param("ronda_subastada", False,
          "trumps auctioned for a number of tricks instead of turned up", kind=bool),
)  # fmt: skip

POCHA_DEFAULTS: Final = {p.name: p.default for p in RULE_PARAMETERS}


@dataclasses.dataclass(frozen=True, init=False)
class PochaRules:
    """The rule options of a Pocha game in fast-access form (shared by hand and match).

    Action numbers (the same for every hand of a match): the pack's cards first, as
    deck-local indices ``0 … len(deck)-1`` (``deal``, ``turn``, ``play``, ``draw``), then
    ``bid 0`` … ``bid max_hand_size`` from :attr:`bid_base`, then :attr:`swap`,
    :attr:`pass_`, then ``dealer <seat>`` from :attr:`dealer_base` (``pocha-match``), then,
    only when some hand auctions its trumps (:attr:`auction`, the *ronda subastada*),
    ``trumps <suit>`` from :attr:`trump_base`.
    """

    n_players: int
    deck: Deck
    deck_size: int
    max_hand_size: int
    rank_order: str
    strength: tuple[int, ...]
    above: tuple[int, ...]
    dealer_last_card: bool
    seven_swap: bool
    dealer_restriction: bool
    follow_only: bool
    undertrump_must: bool
    exact_base: int
    per_trick_exact: int
    per_trick_miss: int
    bid_base: int
    swap: int
    pass_: int
    dealer_base: int
    #: Some hand of the game auctions its trumps (``ronda_subastada``): the actions
    #: ``trumps <suit>`` exist, numbered from ``trump_base``.
    auction: bool
    trump_base: int
    #: Card id of each deck-local index, and the index of each card id (-1: not in the pack).
    card_ids: tuple[int, ...]
    index_of: tuple[int, ...]

    def __init__(self, params: Mapping[str, Any]) -> None:
        n_players: int = params["n_players"]
        deck_name = params["deck"]
        if deck_name == "auto":
            deck_name = "36" if n_players in (3, 6) else "40"
        deck = DECKS[str(deck_name)]
        size = len(deck)
        max_hand = size // n_players
        order = params["rank_order"]
        values: dict[str, Any] = {
            "n_players": n_players,
            "deck": deck,
            "deck_size": size,
            "max_hand_size": max_hand,
            "rank_order": order,
            "strength": STRENGTH[order],
            "above": ABOVE[order],
            "dealer_last_card": params["trump_when_no_stock"] == "dealer_last_card",
            "seven_swap": params["seven_swap"],
            "dealer_restriction": params["dealer_restriction"],
            "follow_only": params["play_rules"] == "follow_only",
            "undertrump_must": params["undertrump"] == "must",
            "exact_base": params["exact_base"],
            "per_trick_exact": params["per_trick_exact"],
            "per_trick_miss": params["per_trick_miss"],
            "bid_base": size,
            "swap": size + max_hand + 1,
            "pass_": size + max_hand + 2,
            "dealer_base": size + max_hand + 3,
            "auction": params.get("ronda_subastada", False) not in (False, "off"),
            "trump_base": size + max_hand + 3 + n_players,
            "card_ids": deck.card_ids,
            "index_of": deck.index_of[:64],
        }
        for key, value in values.items():
            object.__setattr__(self, key, value)

    @property
    def hand_actions(self) -> int:
        """How many action numbers a hand uses (cards, bids, swap, pass; with an auction for
        trumps also the numbers up to ``trumps <suit>``, those of ``dealer <seat>`` unused)."""
        return self.trump_base + 4 if self.auction else self.dealer_base

    @property
    def match_actions(self) -> int:
        """How many action numbers a whole game uses (a hand's, then ``dealer <seat>``, then
        the auction's ``trumps <suit>``)."""
        return self.trump_base + 4 if self.auction else self.dealer_base + self.n_players

    def score(self, bid: int, won: int) -> int:
        """Points for one player: exact ``exact_base + per_trick_exact * won``, else a penalty.

        >>> rules = PochaRules(dict(POCHA_DEFAULTS))
        >>> rules.score(3, 3), rules.score(2, 4)
        (25, -10)
        """
        from tapete.games.pocha.scoring import score

        return score(self, bid, won)
