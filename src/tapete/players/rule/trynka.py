"""Trynka rule bot: modest blinds, bets and reveals by hand value, position and price.

* Deal: never asks for a card face up; keeps an exposed A, 10 or 9 and replaces the rest.
* Blind (trynka.md §2.5): P1 plays blind at a modest rate (about one deal in five, the minimum
  stake); P2 over-blinds more rarely, by the smallest step.
* Betting (§2.6-2.7): the hand's strength is its percentile among all three-card hands (the
  chance that one random hand is worse), raised to the number of active opponents. It calls
  (bets the level) when that beats the price relative to the bank, raises with a strong hand,
  reveals against its right-hand neighbour when only one opponent is left or betting is closed
  and the reveal pays, and folds otherwise; later seats (fewer players still to act) need less.
* Three tens (§2.9): claims the redeal when its ten-point hand would probably lose.
* Svara (§2.10): accepts and joins with a better than average hand when the fee is small.

>>> import random, tapete
>>> from tapete.players import load
>>> state = tapete.load_game('trynka').new_initial_state()
>>> bot, rng = load('rule'), random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(tapete.engine.sample_chance(state, rng))
...     else:
...         seat = state.current_player()
...         state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
>>> sum(state.returns())
0.0
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import cache
from typing import Final

from tapete.cards import RUSSIAN_24, Card, CardSet
from tapete.engine.api import PlayerView
from tapete.games.trynka.game import (
    ACCEPT,
    BET_BASE,
    BLIND_BASE,
    CLAIM_TENS,
    DECLINE,
    FLASH,
    FOLD,
    JOIN,
    KEEP,
    NO_FLASH,
    OVERBLIND_BASE,
    REFUSE,
    REPLACE,
    REVEAL,
    SHOW,
    TrynkaView,
)
from tapete.games.trynka.values import hand_value, is_three_tens
from tapete.players.rule import RuleParams

_KEEP_RANKS: Final = {"A", "10", "9"}


@cache
def _value_percentiles() -> dict[tuple[int, int], float]:
    """``(category, points)`` → share of all three-card hands of the 24-card pack it beats
    (ties count half)."""
    values = sorted(hand_value(CardSet(c)) for c in itertools.combinations(RUSSIAN_24.cards, 3))
    total = len(values)
    out: dict[tuple[int, int], float] = {}
    for i, v in enumerate(values):
        key = (v[0], v[1])
        if key not in out:
            below = i
            equal = sum(1 for w in values[i:] if (w[0], w[1]) == key)
            out[key] = (below + equal / 2.0) / total
    return out


def percentile(cards: CardSet) -> float:
    """The share of random three-card hands that ``cards`` beats (0.5 for an unknown hand).

    >>> round(percentile(CardSet.parse('A♠ 10♠ 9♠')), 3), percentile(CardSet()) == 0.5
    (0.995, True)
    """
    if len(cards) < 3:
        return 0.5
    value = hand_value(cards)
    table = _value_percentiles()
    key = (value[0], value[1])
    if key in table:
        return table[key]
    lower = [p for k, p in table.items() if k < key]
    return max(lower) if lower else 0.0


def _rank_text(card: Card) -> str:
    return str(card)[:-1]


def choose(
    view: PlayerView, legal_actions: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """The rule bot's action in Trynka (one bank or a session)."""
    if not isinstance(view, TrynkaView) or view.seat is None:
        return legal_actions[0]
    legal = set(legal_actions)
    seat = view.seat
    agg = params.aggression
    if FLASH in legal or NO_FLASH in legal:
        return NO_FLASH if NO_FLASH in legal else legal_actions[0]
    if KEEP in legal and REPLACE in legal:
        shown = [c for c in view.shown[seat] if c in view.hand] or list(view.hand)
        last = shown[-1] if shown else None
        return KEEP if last is not None and _rank_text(last) in _KEEP_RANKS else REPLACE
    blinds = sorted(a for a in legal_actions if BLIND_BASE <= a < OVERBLIND_BASE)
    if blinds:
        return blinds[0] if rng.random() < 0.1 + 0.2 * agg else DECLINE
    overs = sorted(a for a in legal_actions if OVERBLIND_BASE <= a < BET_BASE)
    if overs:
        return overs[0] if rng.random() < 0.05 + 0.1 * agg else DECLINE
    hand = view.hand
    pct = percentile(hand)
    active = [s for s in range(view.n_players) if view.active[s]]
    opponents = max(1, len(active) - 1)
    claim_pays = pct**opponents < 1.0 / (opponents + 1)  # the redeal is worth more
    if CLAIM_TENS in legal and is_three_tens(hand) and claim_pays:
        return CLAIM_TENS
    if SHOW in legal:
        return SHOW
    if ACCEPT in legal and REFUSE in legal:
        return ACCEPT if pct > 0.55 - 0.1 * agg else REFUSE
    if JOIN in legal and DECLINE in legal:
        fee = max(1, view.join_fee)
        return JOIN if pct * (view.bank + fee) > 1.6 * fee and pct > 0.6 - 0.1 * agg else DECLINE
    if FOLD not in legal:
        return legal_actions[0]
    return _bet(view, legal_actions, pct, opponents, agg)


def _bet(
    view: TrynkaView, legal_actions: Sequence[int], pct: float, opponents: int, agg: float
) -> int:
    seat = view.seat
    assert seat is not None
    bets = sorted(a for a in legal_actions if a >= BET_BASE)
    level = view.level
    bank = max(1, view.bank)
    dark = view.dark[seat]
    reveal_cost = level if dark else 2 * level
    win_all = pct**opponents
    # fewer players still to act after us = a later position: a little looser
    after = sum(1 for s in range(1, view.n_players) if view.active[(seat + s) % view.n_players])
    position = 0.04 * (opponents - min(after, opponents))
    looseness = 0.08 * (agg - 0.5) + position
    if bets:
        call_price = level / (bank + level)
        if win_all > 0.8 - looseness and level < view.level_cap:
            raise_to = min(view.level_cap, level + max(1, view.stake))
            return BET_BASE + raise_to
        if opponents == 1 and pct > 0.7 - looseness and REVEAL in legal_actions:
            return REVEAL
        if win_all > call_price + 0.25 - looseness:
            return bets[0]
        return FOLD
    # betting closed: reveal against the right-hand neighbour when it pays, else fold
    price = reveal_cost / (bank + reveal_cost)
    if REVEAL in legal_actions and pct > price + 0.1 - looseness:
        return REVEAL
    return FOLD
