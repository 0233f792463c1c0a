"""La Pocha's kernel tables and the bridge between the reference engine and the kernel.

:class:`PochaTables` turns a game's rule options into the ``rp`` array of
:mod:`tapete.solvers.pocha_kernel` and the conversions between kernel indices (suit-major,
weakest card lowest), deck-local indices (``Deck.index_of``) and card ids.

>>> tables = PochaTables.from_params({'n_players': 4, 'rank_order': 'tute'})
>>> tables.deck.name, tables.cards_per_suit
('spanish40', 10)
>>> from tapete.cards import Card
>>> [str(Card(tables.card_id[k])) for k in (9, 8, 0)]  # oros: ace, three, two
['Ao', '3o', '2o']
>>> tables.kernel_mask(tables.card_mask(0b111)) == 0b111
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapete.cards import DECKS, Deck
from tapete.errors import ConfigError
from tapete.games.pocha.tables import STRENGTH
from tapete.solvers import pocha_kernel as pk

#: The rule options a kernel takes, with La Pocha's defaults.
_DEFAULTS: dict[str, Any] = {
    "n_players": 4,
    "deck": "auto",
    "rank_order": "tute",
    "trump_when_no_stock": "dealer_last_card",
    "seven_swap": False,
    "dealer_restriction": True,
    "play_rules": "seed",
    "undertrump": "free",
    "exact_base": 10,
    "per_trick_exact": 5,
    "per_trick_miss": 5,
    "hand_size": None,
    "dealer": None,
}


#: The hand variants the kernel does not play: its worlds, rollouts and bids assume that each
#: seat sees its own cards and that the trumps are turned up.
HAND_VARIANTS: tuple[str, ...] = ("ronda_india", "ronda_ciega", "ronda_subastada")


def refuse_variants(params: Mapping[str, Any]) -> None:
    """:class:`ConfigError` when ``params`` (a ``pocha`` or ``pocha-match`` game's) play a
    hand variant the kernel does not know: a *ronda india*, *ronda ciega* (``pocha-match``'s
    ``podrida`` sequence has one, unless ``ronda_ciega = off``) or *ronda subastada*.

    >>> refuse_variants({'n_players': 4})
    >>> refuse_variants({'hand_sequence': 'podrida', 'ronda_ciega': 'auto'})
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: the La Pocha kernel (and the search bot) does not play the ronda_ciega variant (ronda_ciega = 'auto' with the podrida sequence): play these rules with the rule bot
    """  # noqa: E501
    for name in HAND_VARIANTS:
        value = params.get(name, False)
        if value in (False, "off", None):
            continue
        if name == "ronda_ciega" and value == "auto":
            if params.get("hand_sequence") != "podrida":
                continue
            value = "'auto' with the podrida sequence"
        else:
            value = repr(value)
        raise ConfigError(
            f"the La Pocha kernel (and the search bot) does not play the {name} variant "
            f"({name} = {value}): play these rules with the rule bot"
        )


@dataclass(frozen=True)
class PochaTables:
    """The kernel form of one set of La Pocha rules (one hand size and dealer)."""

    deck: Deck
    rank_order: str
    n_players: int
    hand_size: int
    dealer: int
    cards_per_suit: int
    #: ``card_id[kernel index]`` and ``kernel_of[card id]`` (-1 off the pack).
    card_id: tuple[int, ...]
    kernel_of: tuple[int, ...]
    rp: Any

    @classmethod
    def from_params(cls, params: Mapping[str, Any], after_swaps: bool = False) -> PochaTables:
        """Tables for the rule options ``params`` (a game's ``params``; missing = default).

        The kernel does not deal the ``seven_swap`` variant (:class:`ConfigError`), but it
        plays its hands from the bidding on (``after_swaps``): the swaps change no rule. It
        plays none of the hand variants (:func:`refuse_variants`).
        """
        refuse_variants(params)
        p = {**_DEFAULTS, **{k: v for k, v in params.items() if k in _DEFAULTS}}
        if p["seven_swap"] and not after_swaps:
            raise ConfigError("the La Pocha kernel does not play the seven_swap variant")
        n = int(p["n_players"])
        deck_name = str(p["deck"])
        if deck_name == "auto":
            deck_name = "36" if n in (3, 6) else "40"
        deck = DECKS[f"spanish{deck_name}"]
        order = str(p["rank_order"])
        strength = STRENGTH[order]
        k = len(deck) // 4
        card_id: list[int] = []
        for suit in range(4):
            ids = sorted((c for c in deck.card_ids if c >> 4 == suit), key=lambda c: strength[c])
            card_id.extend(ids)
        kernel_of = [-1] * 128
        for index, cid in enumerate(card_id):
            kernel_of[cid] = index
        size = p["hand_size"] if p["hand_size"] is not None else len(deck) // n
        dealer = p["dealer"] if p["dealer"] is not None else n - 1
        rp = np.zeros(pk.RP_SIZE, dtype=np.int64)
        rp[pk.RP_N] = n
        rp[pk.RP_HAND] = size
        rp[pk.RP_DEALER] = dealer
        rp[pk.RP_K] = k
        rp[pk.RP_DECK] = len(deck)
        rp[pk.RP_FOLLOW_ONLY] = p["play_rules"] == "follow_only"
        rp[pk.RP_UNDERTRUMP_MUST] = p["undertrump"] == "must"
        rp[pk.RP_DEALER_RESTRICTION] = bool(p["dealer_restriction"])
        rp[pk.RP_DEALER_LAST] = p["trump_when_no_stock"] == "dealer_last_card"
        rp[pk.RP_EXACT_BASE] = p["exact_base"]
        rp[pk.RP_PER_TRICK_EXACT] = p["per_trick_exact"]
        rp[pk.RP_PER_TRICK_MISS] = p["per_trick_miss"]
        rp[pk.RP_POLICY_SEES] = -1
        return cls(deck, order, n, size, dealer, k, tuple(card_id), tuple(kernel_of), rp)

    def with_hand(self, hand_size: int, dealer: int) -> PochaTables:
        """The same rules for another hand size and dealer (the hands of a match)."""
        if hand_size == self.hand_size and dealer == self.dealer:
            return self
        rp = self.rp.copy()
        rp[pk.RP_HAND] = hand_size
        rp[pk.RP_DEALER] = dealer
        return PochaTables(
            self.deck, self.rank_order, self.n_players, hand_size, dealer,
            self.cards_per_suit, self.card_id, self.kernel_of, rp,
        )  # fmt: skip

    def kernel_mask(self, card_mask: int) -> int:
        """A card-id bitmask as a kernel mask."""
        out = 0
        kernel_of = self.kernel_of
        while card_mask:
            low = card_mask & -card_mask
            out |= 1 << kernel_of[low.bit_length() - 1]
            card_mask ^= low
        return out

    def kernel_cards(self, cards: Iterable[int]) -> list[int]:
        """Card ids as kernel indices."""
        return [self.kernel_of[int(c)] for c in cards]

    def card_mask(self, kernel_mask: int) -> int:
        """A kernel mask as a card-id bitmask."""
        out = 0
        ids = self.card_id
        while kernel_mask:
            low = kernel_mask & -kernel_mask
            out |= 1 << ids[low.bit_length() - 1]
            kernel_mask ^= low
        return out


@dataclass(frozen=True)
class TracedStep:
    """One step of a kernel hand: ``text`` (``deal Ao``, ``bid 2``, ``play Rc``), the seat to
    move (-1 for chance) and, for bids and plays, the texts of every legal choice."""

    text: str
    seat: int
    legal: frozenset[str]


def trace_hand(
    tables: PochaTables, seed: int, policy: int = pk.ROLLOUT_RANDOM, epsilon: float = 0.0
) -> tuple[list[TracedStep], list[int]]:
    """Deal and play one hand in the kernel, returning every step as text and the scores.

    >>> steps, scores = trace_hand(PochaTables.from_params({'n_players': 3, 'hand_size': 2}), 5)
    >>> [s.text.split()[0] for s in steps]
    ['deal', 'deal', 'deal', 'deal', 'deal', 'deal', 'turn', 'bid', 'bid', 'bid', 'play', 'play', 'play', 'play', 'play', 'play']
    >>> len(scores)
    3
    """  # noqa: E501
    from tapete.solvers.bits import seed_state

    n = tables.n_players
    steps_max = tables.hand_size * n * 2 + n + 1
    kind = np.zeros(steps_max, dtype=np.int64)
    value = np.zeros(steps_max, dtype=np.int64)
    legal = np.zeros(steps_max, dtype=np.uint64)
    seat = np.zeros(steps_max, dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    rng = np.array([seed_state(seed)], dtype=np.uint64)
    count = pk.random_deal_traced(tables.rp, rng, kind, value, legal, seat, scores, policy, epsilon)
    fmt = tables.deck.format_card
    ids = tables.card_id
    verbs = {pk.TRACE_DEAL: "deal", pk.TRACE_TURN: "turn", pk.TRACE_PLAY: "play"}
    out: list[TracedStep] = []
    for i in range(count):
        k = int(kind[i])
        mask = int(legal[i])
        bits = [b for b in range(64) if mask >> b & 1]
        if k == pk.TRACE_BID:
            text = f"bid {int(value[i])}"
            choices = frozenset(f"bid {b}" for b in bits)
        else:
            text = f"{verbs[k]} {fmt(ids[int(value[i])])}"
            choices = (
                frozenset(f"play {fmt(ids[b])}" for b in bits)
                if k == pk.TRACE_PLAY
                else frozenset()
            )
        out.append(TracedStep(text, int(seat[i]), choices))
    return out, [int(s) for s in scores]
