"""What the auction tells of the other hands at Tresillo and Danish l'hombre: each word a
seat said (a bid or a pass) is checked against the word the ``rule`` bot would have said
with a hand, so that the contract search's simulated deals can be drawn as the auction
says (:func:`auction_checks`).

The auction is replayed from the deal's public events: what each seat was allowed to say
then (the bids above the one held, the same bid for a seat with priority, Danish
l'hombre's jumps), and what it said. A hand is scored by the number of words the ``rule``
bot (:func:`tapete.players.rule.tresillo.rule_bid`,
:func:`tapete.players.rule.lhombre.rule_bid`, at its default aggression) would have said
otherwise: 0 for a hand that explains the whole auction.

>>> import random, tapete
>>> from tapete.players import load
>>> game = tapete.load_game('tresillo')
>>> state, bot, rng = game.new_initial_state(), load('rule'), random.Random(5)
>>> while state.phase() in ('deal', 'auction') and len(state.view(0).passed) < 2:
...     if state.is_chance_node():
...         state.apply_action(tapete.engine.sample_chance(state, rng))
...     else:
...         seat = state.current_player()
...         state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
>>> view = state.view(state.current_player())
>>> words = auction_words('tresillo', view, game.rules)
>>> len(words) >= 2
True
>>> [misses(words, seat, state.hands[seat], 'tresillo', game.rules) for seat in sorted(words)]
[0, 0]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from tapete.games.lhombre import actions as _la
from tapete.games.lhombre.state import JUMP_STEPS
from tapete.games.tresillo import actions as _ta
from tapete.games.tresillo.state import contract_rank
from tapete.players.rule import lhombre as _rule_lhombre
from tapete.players.rule import tresillo as _rule_tresillo

#: What a seat said: ``(legal, action)`` for each of its words, in order.
Words = dict[int, list[tuple[tuple[int, ...], int]]]


def _priority(seat: int, dealer: int, n: int) -> int:
    """The seat's place in the order of speaking (the states' ``priority``)."""
    return (seat - dealer - 1) % n


def auction_words(kind: str, deal: Any, rules: Any) -> Words:
    """Each table seat's words in the auction so far (``kind``: ``tresillo`` or
    ``lhombre``), with the actions it was allowed then, replayed from ``deal.events``."""
    n = len(deal.cards_held)
    dealer = int(deal.dealer)
    words: Words = {}
    held, holder = -1, -1  # Tresillo: the bid held; Danish l'hombre: the step
    for event in getattr(deal, "events", ()):
        if event.kind not in ("pass", "bid") or event.action is None or event.actor < 0:
            continue
        seat = int(event.actor)
        priority = holder >= 0 and _priority(seat, dealer, n) < _priority(holder, dealer, n)
        legal: list[int] = [_ta.PASS if kind == "tresillo" else _la.PASS]
        if kind == "tresillo":
            ladder = tuple(rules.bids)
            if held < 0:
                legal += ladder
            else:
                rank = contract_rank(held)
                legal += [b for b in ladder if contract_rank(b) > rank
                          or (contract_rank(b) == rank and priority)]  # fmt: skip
        else:
            need = 1 if held <= 0 else (held if priority else held + 1)
            if need <= _la.MAX_LEVEL:
                steps = [need]
                if rules.union_auction:
                    steps += [k for k in JUMP_STEPS if k > need]
                legal += [_la.BID_BASE + k - 1 for k in steps]
        action = int(event.action)
        words.setdefault(seat, []).append((tuple(legal), action))
        if event.kind == "bid":
            held = action if kind == "tresillo" else action - _la.BID_BASE + 1
            holder = seat
    return words


def misses(words: Words, seat: int, hand: int, kind: str, rules: Any) -> int:
    """How many of ``seat``'s words the ``rule`` bot would not have said with ``hand``."""
    said = words.get(seat, ())
    if not said:
        return 0
    out = 0
    if kind == "tresillo":
        favor, estuches = int(rules.favor), bool(rules.estuches)
        for legal, action in said:
            out += _rule_tresillo.rule_bid(hand, legal, favor, estuches, 0.0) != action
    else:
        for legal, action in said:
            out += _rule_lhombre.rule_bid(hand, legal, rules, 0.0) != action
    return out


def auction_checks(
    kind: str, deal: Any, rules: Any, seats: Sequence[int]
) -> list[Callable[[int], int] | None]:
    """For each kernel seat (``seats``: their table seats), the function that counts the
    words of its auction a hand does not explain (``None``: it said nothing)."""
    words = auction_words(kind, deal, rules)
    return [functools.partial(_misses_of, words, seat, kind, rules) if seat in words else None
            for seat in seats]  # fmt: skip


def _misses_of(words: Words, seat: int, kind: str, rules: Any, hand: int) -> int:
    return misses(words, seat, hand, kind, rules)
