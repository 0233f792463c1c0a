"""Tresillo rule bot: bids what its trumps promise, exchanges soundly, defends together.

* Auction: the hand is valued for each trump suit with the Ombre bot's
  :func:`~tapete.players.rule.ombre.hand_value` (matadors, high trumps, length, kings,
  voids). It bids the lowest bid it can afford that is legal now (the same game in the palo
  de favor when that is its best suit): an *entrada* in its best suit, a *vuelta* when the hand is
  good whatever suit turns up (its weakest suit still promises an entrada), a *solo* with a
  hand that needs no exchange. A seat with priority holds a bid it could make itself.
* Trumps: the strongest suit the contract allows. Exchange: the player keeps trumps and kings
  (and discards at least one card); a defender throws its low plain cards, at most four.
* Play: the player draws trumps with its top trumps, then cashes kings; a defender does not
  overtake its partner's winning card. Anyone wins as cheaply as it can, otherwise throws its
  lowest card.
* Surrender: the player of an entrada or vuelta gives up before the fourth trick when it has
  no trick and a defender has two or more. Defence: a defender takes a surrendered entrada
  over when its own hand, in the named trumps, is worth five tricks.
* The payments in force (``view.spec``, loaded once per spec): when the estuches are paid,
  a run of them (espada, mala, basto and the trumps after them) adds 0.15 a card to the
  hand's value in that suit at the auction, as the Ombre bot does for ``matador_payments``;
  with ``bola``, the player who has won the first five tricks announces it when every card
  it still holds is sure to win (a trump above every trump still unseen; a plain card once
  both defenders have shown out of trumps and every matador is seen, and it is above every
  unseen card of its suit or both have shown out of that suit).

>>> import random, tapete
>>> from tapete.players import load
>>> state = tapete.load_game('tresillo').new_initial_state()
>>> bot, rng = load('rule'), random.Random(3)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(tapete.engine.sample_chance(state, rng))
...     else:
...         seat = state.current_player()
...         state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
>>> state.outcome is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import Rank, Suit, iter_bits
from tapete.engine.api import GameSpec, PlayerView
from tapete.engine.registry import load_game
from tapete.games.ombre_family.tables import (
    EFF_SUIT,
    FULL_MASK,
    STRENGTH,
    SUITS,
    TRUMP,
    TRUMP_MASK,
    trick_winner,
    trump_order,
)
from tapete.games.tresillo.actions import (
    ACCEPT,
    BOLA,
    CARD_ID,
    CARD_INDEX,
    DEFEND,
    DRAW,
    ENTRADA,
    ENTRADA_FAVOR,
    N_CARDS,
    PASS,
    SOLO,
    SOLO_FAVOR,
    SURRENDER,
    VUELTA,
    trump_suit,
)
from tapete.games.tresillo.rules import TresilloRules
from tapete.games.tresillo.view import TresilloMatchView, TresilloView
from tapete.players.rule import RuleParams
from tapete.players.rule.family import DEFENDER_DISCARDS, keepers
from tapete.players.rule.ombre import hand_value, matador_run

#: Expected tricks (before the exchange) from which the bot bids an entrada at aggression 0.5.
ENTRADA_AT: Final = 3.6
#: ... a vuelta (its weakest suit's value).
VUELTA_AT: Final = 2.6
#: ... a solo.
SOLO_AT: Final = 6.0
#: ... and takes a surrendered entrada over (its hand in the named trumps).
DEFEND_AT: Final = 4.0
#: What each estuche held adds to a suit's value at the auction when estuches are paid.
ESTUCHE_WORTH: Final = 0.15

_RULES: dict[GameSpec | None, TresilloRules] = {}


def rules_in_force(view: TresilloView) -> TresilloRules:
    """The rules of the game ``view`` is of (from its spec; loaded once per spec).

    >>> import tapete
    >>> rules_in_force(tapete.load_game('tresillo', bola=True).new_initial_state().view(0)).bola
    True
    """
    spec = view.spec
    rules = _RULES.get(spec)
    if rules is None:
        game = spec.load() if spec is not None else load_game("tresillo")
        found = getattr(game, "rules", None)
        if not isinstance(found, TresilloRules):
            found = TresilloRules.from_params(load_game("tresillo").params)
        if len(_RULES) > 256:
            _RULES.clear()
        rules = _RULES[spec] = found
    return rules


def suit_values(view: TresilloView) -> dict[int, float]:
    """The hand's expected tricks with each suit as trumps, the estuches held counted when
    they are paid.

    >>> import dataclasses, tapete
    >>> from tapete.cards import CardSet
    >>> view = tapete.load_game('tresillo', estuches=True).new_initial_state().view(0)
    >>> hand = CardSet.parse('♠A ♣2 ♣A ♦3 ♦4 ♥4 ♥5 ♠3 ♠4')
    >>> paid = suit_values(dataclasses.replace(view, hand=hand))[int(Suit.CLUBS)]
    >>> view = tapete.load_game('tresillo').new_initial_state().view(0)
    >>> paid > suit_values(dataclasses.replace(view, hand=hand))[int(Suit.CLUBS)]
    True
    """
    return hand_suit_values(view.hand.mask, rules_in_force(view).estuches)


def hand_suit_values(hand: int, estuches: bool) -> dict[int, float]:
    """:func:`suit_values` of the hand ``hand`` (a card mask), ``estuches`` telling whether
    the estuches are paid."""
    return _raw_values(hand, estuches)[1]


def _raw_values(hand: int, estuches: bool) -> tuple[dict[int, float], dict[int, float]]:
    """The hand's values without and with the estuches (the same dict when not paid)."""
    raw = {int(s): hand_value(hand, s) for s in SUITS}
    if not estuches:
        return raw, raw
    return raw, {s: v + ESTUCHE_WORTH * matador_run(hand, Suit(s)) for s, v in raw.items()}


def _rank(card: int) -> Rank:
    from tapete.cards import Card

    return Card(card).rank


def _favor(view: TresilloView) -> int:
    return int(view.favor) if view.favor is not None else -1


def rule_bid(hand: int, legal: Sequence[int], favor: int, estuches: bool, shift: float) -> int:
    """The bot's word in the auction with the hand ``hand`` (a card mask) when ``legal`` are
    the actions allowed: the lowest legal bid it can afford at the threshold ``shift`` (the
    same game in the palo de favor ``favor``, -1 for none, when that is its best suit), else
    ``PASS``. The contract search checks its simulated deals with it.

    >>> from tapete.cards import CardSet
    >>> strong = CardSet.parse('♠A ♣A ♣K ♣Q ♣J ♣7 ♣6 ♥K ♦K').mask
    >>> rule_bid(strong, (PASS, ENTRADA, VUELTA, SOLO), -1, False, 0.0) == ENTRADA
    True
    >>> rule_bid(strong, (PASS, SOLO), -1, False, 0.0) == SOLO
    True
    """
    raw, values = _raw_values(hand, estuches)
    plain = max((v for s, v in values.items() if s != favor), default=0.0)
    in_favor = values.get(favor, 0.0)
    favor_best = favor >= 0 and raw[favor] >= max(raw.values())
    needs = {
        ENTRADA: plain >= ENTRADA_AT + shift,
        ENTRADA_FAVOR: in_favor >= ENTRADA_AT + shift,
        VUELTA: min(values.values()) >= VUELTA_AT + shift,
        SOLO: plain >= SOLO_AT + shift,
        SOLO_FAVOR: in_favor >= SOLO_AT + shift,
    }
    favored = {ENTRADA: ENTRADA_FAVOR, SOLO: SOLO_FAVOR}
    for bid in (ENTRADA, ENTRADA_FAVOR, VUELTA, SOLO, SOLO_FAVOR):
        if bid in legal and needs[bid]:
            better = favored.get(bid)
            if better is not None and better in legal and favor_best:
                return better  # the same game in the palo de favor: it pays more
            return bid
    return PASS


def _bid(view: TresilloView, legal: Sequence[int], params: RuleParams) -> int:
    shift = 1.5 * (0.5 - params.aggression)
    estuches = rules_in_force(view).estuches
    return rule_bid(view.hand.mask, legal, _favor(view), estuches, shift)


def _trumps(view: TresilloView, legal: Sequence[int]) -> int:
    hand = view.hand.mask
    return max(legal, key=lambda a: (hand_value(hand, Suit(trump_suit(a))), -a))


def _exchange(view: TresilloView, legal: Sequence[int]) -> int:
    assert view.trumps is not None and view.seat is not None
    trumps = int(view.trumps)
    as_player = view.seat == view.player
    keep = keepers(view.hand.mask, trumps, as_player)
    strength = STRENGTH[trumps]
    candidates = sorted(
        (a for a in legal if a < N_CARDS and not keep >> CARD_ID[a] & 1),
        key=lambda a: strength[CARD_ID[a]],
    )
    done = view.discards.mask.bit_count()
    if candidates and (as_player or done < DEFENDER_DISCARDS):
        return candidates[0]
    if DRAW in legal:
        return DRAW
    cards = [a for a in legal if a < N_CARDS]  # the player must change one card: his lowest
    return min(cards, key=lambda a: strength[CARD_ID[a]])


def _play(view: TresilloView, legal: Sequence[int]) -> int:
    assert view.trumps is not None and view.seat is not None
    trumps = int(view.trumps)
    strength = STRENGTH[trumps]
    eff = EFF_SUIT[trumps]
    cards = [CARD_ID[a] for a in legal if a < N_CARDS]
    lowest = min(cards, key=lambda c: strength[c])
    trick = view.current_trick
    played = [int(c) for c in trick.cards] if trick is not None else []
    am_player = view.seat == view.player
    if not played:
        trumps_held = [c for c in cards if eff[c] == TRUMP]
        if am_player and trumps_held:
            return CARD_INDEX[max(trumps_held, key=lambda c: strength[c])]
        kings = [c for c in cards if eff[c] != TRUMP and _rank(c) == Rank.KING]
        if kings:
            return CARD_INDEX[kings[0]]
        plain = [c for c in cards if eff[c] != TRUMP]
        return CARD_INDEX[min(plain or cards, key=lambda c: strength[c])]
    assert trick is not None
    partner_winning = not am_player and trick.winning != view.player  # the game says who wins
    if partner_winning:
        return CARD_INDEX[lowest]
    winning = [c for c in cards if trick_winner(trumps, [*played, c]) == len(played)]
    if winning:
        return CARD_INDEX[min(winning, key=lambda c: strength[c])]
    return CARD_INDEX[lowest]


def _next_seat(view: TresilloView, seat: int) -> int:
    nxt = (seat + 1) % 4
    return (nxt + 1) % 4 if nxt == view.dealer else nxt


def _bola_sure(view: TresilloView) -> bool:
    """Every card the player still holds wins its trick whatever the others hold (he keeps
    the lead): a trump above every trump not yet seen; a plain card once no defender can
    trump it (no trump is unseen, or each has shown out of trumps on a trump lead and every
    matador is seen, since a matador may stay hidden by its privilege) and it is above
    every unseen card of its suit or each defender has shown out of that suit."""
    if view.trumps is None or view.player is None:
        return False
    trumps = int(view.trumps)
    hand = view.hand.mask
    if not hand:
        return False
    strength, eff, mask = STRENGTH[trumps], EFF_SUIT[trumps], TRUMP_MASK[trumps]
    seen = hand
    void: dict[int, set[int]] = {}  # defender: the suits (or TRUMP) it showed out of
    for trick in view.finished_tricks:
        cards = [int(c) for c in trick.cards]
        seat = trick.leader
        for card in cards:
            seen |= 1 << card
            if seat != view.player and eff[card] != eff[cards[0]]:
                void.setdefault(seat, set()).add(eff[cards[0]])
            seat = _next_seat(view, seat)
    out = FULL_MASK & ~seen
    defenders = [s for s in range(4) if s not in (view.player, view.dealer)]
    matadors = 0
    for card in trump_order_ids(trumps)[:3]:
        matadors |= 1 << card
    no_ruff = not out & mask or (
        all(TRUMP in void.get(d, ()) for d in defenders) and not matadors & out
    )
    for held in iter_bits(hand):
        suit = eff[held]
        if suit == TRUMP:
            if any(strength[c] > strength[held] for c in iter_bits(out & mask)):
                return False
            continue
        if not no_ruff:
            return False
        if all(suit in void.get(d, ()) for d in defenders):
            continue
        if any(eff[c] == suit and strength[c] > strength[held] for c in iter_bits(out)):
            return False
    return True


def trump_order_ids(trumps: int) -> tuple[int, ...]:
    """The trumps of ``trumps`` (a Suit value) as card ids, highest first."""
    return tuple(int(c) for c in trump_order(Suit(trumps)))


def _surrender(view: TresilloView) -> bool:
    if view.player is None or len(view.finished_tricks) != 3:
        return False
    won = view.tricks_won
    return won[view.player] == 0 and any(
        won[s] >= 2 for s in range(4) if s not in (view.player, view.dealer)
    )


def choose(view: PlayerView, legal: Sequence[int], rng: random.Random, params: RuleParams) -> int:
    """The rule bot's action for ``view`` (one of ``legal``)."""
    if isinstance(view, TresilloMatchView):
        if view.deal is None:
            return legal[0]
        view = view.deal
    if not isinstance(view, TresilloView):
        return legal[0]
    phase = view.phase
    if phase == "auction":
        return _bid(view, legal, params)
    if phase == "trumps":
        return _trumps(view, legal)
    if phase == "exchange":
        return _exchange(view, legal)
    if phase == "defence":
        assert view.trumps is not None
        return DEFEND if hand_value(view.hand.mask, view.trumps) >= DEFEND_AT else ACCEPT
    if phase == "play":
        if SURRENDER in legal and _surrender(view):
            return SURRENDER
        if BOLA in legal and _bola_sure(view):
            return BOLA
        return _play(view, legal)
    return legal[0]
