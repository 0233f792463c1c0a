"""Trynka rule bot: modest blinds, bets and reveals by hand value, position and price.

* Deal: never asks for a card face up; keeps an exposed A, 10 or 9 (and the joker 7♣ under
  ``joker``) and replaces the rest.
* Blind (trynka.md §2.5): P1 plays blind at a modest rate (about one deal in five, the minimum
  stake); P2 over-blinds more rarely, by the smallest step.
* Betting (§2.6-2.7): the hand's strength is its percentile among all three-card hands (the
  chance that one random hand is worse), raised to the number of active opponents. It calls
  (bets the level) when that beats the price relative to the bank, raises with a strong hand,
  reveals against its right-hand neighbour when only one opponent is left or betting is closed
  and the reveal pays, and folds otherwise; later seats (fewer players still to act) need less.
* Three tens (§2.9): claims the redeal when its ten-point hand would probably lose (asked
  before another player's decision, ``tens_claim_moment = any_moment``, the same test; else
  it declines).
* Svara (§2.10): accepts and joins with a better than average hand when the fee is small.

The bot plays the rules in force: the pack, the cap and the hand values (``deck``,
``sixes_over_aces``, ``two_aces_22``, ``trips_score``, ``trynka_flush``, ``joker``: a hand
with the joker is valued at its best) come from the view's spec (the game it
was started with, :meth:`tapete.players.Player.start`, gives the same), and its action
numbers from that game's codec. In a session (``trynka-match``) it plays the live bank's view.

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

import functools
import random
from collections.abc import Sequence
from typing import Any, Final

from tapete.cards import CardSet
from tapete.engine.api import GameSpec, PlayerView
from tapete.engine.registry import load_game
from tapete.games.trynka import TrynkaGame, TrynkaMatchView, TrynkaRules, TrynkaView
from tapete.players.rule import RuleParams

_KEEP_RANKS: Final = {"A", "10", "9"}
#: The bank parameters that change from bank to bank of a session (not the rules).
_PER_BANK: Final = ("dealer", "balances")


@functools.cache
def _percentiles(rules_key: tuple[Any, ...]) -> dict[int, float]:
    """value key → share of all three-card hands of the pack it beats (ties count half)."""
    from tapete.games.trynka.values import local_value_table

    values = sorted(local_value_table(*rules_key).values())
    total = len(values)
    out: dict[int, float] = {}
    for i, v in enumerate(values):
        if v not in out:
            equal = values.count(v)
            out[v] = (i + equal / 2.0) / total
    return out


@functools.lru_cache(maxsize=64)
def _rules_of_options(options: tuple[tuple[str, Any], ...]) -> TrynkaRules:
    game = load_game("trynka", **dict(options))
    assert isinstance(game, TrynkaGame)
    return game.rules


#: The rules of each spec seen lately (each bank of a session has its own spec).
_BY_SPEC: dict[GameSpec, TrynkaRules] = {}


def _rules_of(spec: GameSpec) -> TrynkaRules:
    """The rules of ``spec`` (a ``trynka`` game's, any bank of a session): the hand values,
    the pack and the action codec; the bank's dealer and balances are not needed."""
    rules = _BY_SPEC.get(spec)
    if rules is None:
        if len(_BY_SPEC) > 256:
            _BY_SPEC.clear()
        options = tuple((k, v) for k, v in spec.params if k not in _PER_BANK)
        rules = _BY_SPEC[spec] = _rules_of_options(options)
    return rules


def _rules_key(rules: TrynkaRules) -> tuple[Any, ...]:
    """The arguments of the rules' value table (:func:`.values.local_value_table`)."""
    return (rules.deck_size, *rules.value_flags, rules.joker)


def percentile(cards: CardSet, rules: TrynkaRules | None = None) -> float:
    """The share of random three-card hands that ``cards`` beats under ``rules`` (the
    default rules if ``None``); 0.5 for an unknown hand.

    >>> round(percentile(CardSet.parse('A♠ 10♠ 9♠')), 3), percentile(CardSet()) == 0.5
    (0.995, True)
    >>> nines = CardSet.parse('9♠ 9♥ 9♦')
    >>> trips = _rules_of(load_game('trynka', trips_score=True).spec)
    >>> percentile(nines) < 0.1 < 0.9 < percentile(nines, trips)
    True
    >>> seka = _rules_of(load_game('trynka', deck=32, joker=True).spec)
    >>> percentile(CardSet.parse('A♠ 10♠ 7♣'), seka) > percentile(CardSet.parse('A♠ 10♠ 9♠'), seka)
    True
    """
    if len(cards) < 3:
        return 0.5
    if rules is None:
        rules = _rules_of(load_game("trynka").spec)
    local = rules.deck.local_mask(cards.mask)
    value = rules.values.get(local)
    if value is None:
        return 0.5
    return _percentiles(_rules_key(rules))[value]


def _bank_view(view: PlayerView) -> TrynkaView | None:
    if isinstance(view, TrynkaMatchView):
        view = view.deal  # type: ignore[assignment]
    return view if isinstance(view, TrynkaView) else None


def rules_for(view: TrynkaView, game: Any = None) -> TrynkaRules:
    """The rules in force for ``view``: its spec's (or ``game``'s when the view has none)."""
    if view.spec is not None:
        return _rules_of(view.spec)
    rules = getattr(game, "rules", None)
    if isinstance(rules, TrynkaRules):
        return rules
    bank = getattr(rules, "bank", None)
    if isinstance(bank, TrynkaRules):
        return bank
    return _rules_of(load_game("trynka").spec)


def choose(
    view: PlayerView, legal_actions: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """The rule bot's action in Trynka (one bank or a session)."""
    bank = _bank_view(view)
    if bank is None or bank.seat is None:
        return legal_actions[0]
    rules = rules_for(bank)
    codec = rules.actions
    legal = set(legal_actions)
    seat = bank.seat
    agg = params.aggression
    if codec.flash in legal or codec.no_flash in legal:
        return codec.no_flash if codec.no_flash in legal else legal_actions[0]
    if codec.keep in legal and codec.replace in legal:
        shown = [c for c in bank.shown[seat] if c in bank.hand] or list(bank.hand)
        last = shown[-1] if shown else None
        keep = last is not None and rules.deck.format_card(last)[:-1] in _KEEP_RANKS
        if (
            last is not None
            and rules.joker
            and rules.deck.local_mask(1 << last) == rules.joker_mask
        ):
            keep = True
        return codec.keep if keep else codec.replace
    blinds = sorted(a for a in legal_actions if codec.amount_of(a) is not None)
    kinds = {codec.amount_of(a)[0] for a in blinds}  # type: ignore[index]
    if "blind" in kinds:
        return blinds[0] if rng.random() < 0.1 + 0.2 * agg else codec.decline
    if "overblind" in kinds:
        return blinds[0] if rng.random() < 0.05 + 0.1 * agg else codec.decline
    hand = bank.hand
    pct = percentile(hand, rules)
    active = [s for s in range(bank.n_players) if bank.active[s]]
    opponents = max(1, len(active) - 1)
    claim_pays = pct**opponents < 1.0 / (opponents + 1)  # the redeal is worth more
    if codec.claim_tens in legal and claim_pays:
        return codec.claim_tens
    if bank.phase == "tens_window":  # asked before another's decision: no claim
        return codec.decline
    if codec.show in legal:
        return codec.show
    if codec.accept in legal and codec.refuse in legal:
        return codec.accept if pct > 0.55 - 0.1 * agg else codec.refuse
    if codec.join in legal and codec.decline in legal:
        fee = max(1, bank.join_fee)
        join = pct * (bank.bank + fee) > 1.6 * fee and pct > 0.6 - 0.1 * agg
        return codec.join if join else codec.decline
    if codec.fold not in legal:
        return legal_actions[0]
    return _bet(bank, rules, legal_actions, pct, opponents, agg)


def _bet(
    view: TrynkaView,
    rules: TrynkaRules,
    legal_actions: Sequence[int],
    pct: float,
    opponents: int,
    agg: float,
) -> int:
    codec = rules.actions
    seat = view.seat
    assert seat is not None
    bets = sorted(a for a in legal_actions if a > codec.bet_base)
    level = view.level
    bank = max(1, view.bank)
    reveal_cost = view.reveal_cost or (level if view.dark[seat] else 2 * level)
    win_all = pct**opponents
    # fewer players still to act after us = a later position: a little looser
    after = sum(1 for s in range(1, view.n_players) if view.active[(seat + s) % view.n_players])
    position = 0.04 * (opponents - min(after, opponents))
    looseness = 0.08 * (agg - 0.5) + position
    if bets:
        call_price = level / (bank + level)
        if win_all > 0.8 - looseness and level < view.level_cap:
            raise_to = codec.bet(min(view.level_cap, level + max(1, view.stake)))
            # the smallest legal raise from there (a sighted stake may have to be doubled:
            # sighted_stakes = double_while_blind)
            raises = [a for a in bets if a >= raise_to and a > bets[0]]
            if raises:
                return raises[0]
        if opponents == 1 and pct > 0.7 - looseness and codec.reveal in legal_actions:
            return codec.reveal
        if win_all > call_price + 0.25 - looseness:
            return bets[0]
        return codec.fold
    # betting closed: reveal against the right-hand neighbour when it pays, else fold
    price = reveal_cost / (bank + reveal_cost)
    if codec.reveal in legal_actions and pct > price + 0.1 - looseness:
        return codec.reveal
    return codec.fold
