"""Ombre rule bot: declares with trump strength, exchanges soundly, defends as a partnership.

* Auction (ombre.md §2.5): the hand is valued for each possible trump suit — matadors as sure
  tricks, Punto and high trumps in part, length in trumps, plain kings (and queens guarded by
  their king), ruffs from voids and singletons — and the bot says "I play" only when its best
  suit, with what the exchange usually brings, promises to out-trick both defenders;
  "sans prendre" only with a hand that needs no exchange.
* Exchange (§2.7): ombre keeps the trumps of its intended suit and its kings and discards the
  rest (short plain suits go first); a defender keeps black aces, kings and guarded queens and
  throws the low cards of its short suits, as far as the stock allows.
* Trumps (§2.8): names the suit in which its hand is strongest.
* The rules in force (``view.spec``, loaded once per spec): when ombre's matadors are paid
  for (``matador_payments``) a run of them is worth more at the auction; with ``vole`` ombre
  announces it when every card it still holds is a sure winner; with ``trump_timing =
  before_exchange`` ombre exchanges for the trumps it has named.
* Play (§2.9): ombre draws trumps with its top trumps, then cashes its kings, wins cheaply and
  discards its lowest card when it cannot win. Defenders cooperate against ombre: a defender
  does not overtake its partner's winning card, wins cheaply when ombre is ahead, leads
  through ombre (a low card when ombre plays second, so the partner plays last) and cashes
  sure winners when ombre plays last.

>>> import random, tapete
>>> from tapete.players import load
>>> state = tapete.load_game('ombre').new_initial_state()
>>> bot, rng = load('rule'), random.Random(3)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(tapete.engine.sample_chance(state, rng))
...     else:
...         seat = state.current_player()
...         state.apply_action(bot.choose(state.view(seat), state.legal_actions(), rng))
>>> sum(state.tricks_won) in (0, 9)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeAlias

from tapete.cards import Card, Rank, Suit, iter_bits
from tapete.engine.api import GameSpec, PlayerView, tricks_mask
from tapete.engine.registry import load_game
from tapete.games.ombre.actions import (
    CARD_ID,
    CARD_INDEX,
    DRAW,
    N_CARDS,
    OMBRE,
    PASS,
    SANS_PRENDRE,
    TRUMPS_BASE,
    VOLE,
)
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.view import OmbreMatchView, OmbreView
from tapete.games.ombre_family.tables import (
    BASTO,
    EFF_SUIT,
    FULL_MASK,
    SPADILLE,
    STRENGTH,
    SUIT_MASK,
    SUITS,
    TRUMP,
    TRUMP_MASK,
    trump_order,
)
from tapete.players.rule import RuleParams

#: Expected tricks (before the exchange) from which the bot says "I play" at aggression 0.5.
DECLARE_AT: Final = 3.1
#: ... and "sans prendre".
SANS_PRENDRE_AT: Final = 6.0
_TRUMP_VALUE: Final = (1.0, 1.0, 1.0, 0.8, 0.65, 0.5)
_LOW_TRUMP: Final = 0.4
_PRINTED_MASK: Final[dict[int, int]] = {
    int(s): sum(1 << (16 * s + i) for i in range(16)) for s in SUITS
}
_BLACK_ACES: Final = 1 << SPADILLE | 1 << BASTO


def _rank(card: int) -> Rank:
    return Card(card).rank


#: For each trump suit: each trump's card and worth, highest first; each plain suit's cards
#: (as a mask), king and queen (as bits), in the order of ``SUITS``.
_ValueTable: TypeAlias = tuple[tuple[tuple[int, float], ...], tuple[tuple[int, int, int], ...]]


def _value_tables() -> dict[int, _ValueTable]:
    """:data:`_VALUE_TABLES`, built at import: what :func:`hand_value` adds up."""
    tables = {}
    for trumps in SUITS:
        order = trump_order(trumps)
        worths = tuple(
            (int(c), _TRUMP_VALUE[i] if i < len(_TRUMP_VALUE) else _LOW_TRUMP)
            for i, c in enumerate(order)
        )
        plain = tuple(
            (SUIT_MASK[trumps][suit], 1 << int(Card.of(Rank.KING, suit)),
             1 << int(Card.of(Rank.QUEEN, suit)))
            for suit in SUITS
            if suit != trumps
        )  # fmt: skip
        tables[int(trumps)] = (worths, plain)
    return tables


_VALUE_TABLES: Final = _value_tables()


def hand_value(hand: int, trumps: Suit) -> float:
    """The expected tricks of ``hand`` (a bitmask) with ``trumps``, before any exchange.

    >>> from tapete.cards import CardSet
    >>> strong = CardSet.parse('♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♦K').mask
    >>> weak = CardSet.parse('♠3 ♠4 ♥5 ♥6 ♦2 ♦3 ♣5 ♦J ♥J').mask
    >>> hand_value(strong, Suit.CLUBS) > DECLARE_AT > hand_value(weak, Suit.HEARTS)
    True
    """
    worths, plain = _VALUE_TABLES[trumps]
    value = 0.0
    n_trumps = 0
    for card, worth in worths:
        if hand >> card & 1:
            value += worth
            n_trumps += 1
    value += 0.3 * max(0, n_trumps - 4)
    for mask, king, queen in plain:
        cards = hand & mask
        length = cards.bit_count()
        if cards & king:
            value += 0.85 if length <= 4 else 0.6
            if cards & queen:
                value += 0.45
        elif cards & queen and length >= 2:
            value += 0.2
        if n_trumps >= 3:
            value += 0.5 if length == 0 else 0.2 if length == 1 else 0.0
    return value


def best_suit(hand: int) -> tuple[Suit, float]:
    """The trump suit in which ``hand`` is strongest, and that strength."""
    scored = [(hand_value(hand, s), -i, s) for i, s in enumerate(SUITS)]
    value, _, suit = max(scored)
    return suit, value


def _keepers_as_ombre(hand: int, trumps: Suit) -> int:
    keep = hand & TRUMP_MASK[trumps]
    for c in iter_bits(hand & ~keep):
        if _rank(c) == Rank.KING:
            keep |= 1 << c
        elif _rank(c) == Rank.QUEEN and hand & SUIT_MASK[trumps][EFF_SUIT[trumps][c]] & ~(1 << c):
            keep |= 1 << c  # a guarded queen
    return keep


def _defender_discards(original: int) -> list[int]:
    """Low cards of short printed suits, lowest first (never black aces, kings or queens)."""
    out = []
    for suit in SUITS:
        cards = original & _PRINTED_MASK[suit] & ~_BLACK_ACES
        if cards.bit_count() > 2:
            continue
        for c in iter_bits(cards):
            if _rank(c) not in (Rank.KING, Rank.QUEEN):
                out.append(c)
    return out


def _exchange(view: OmbreView, legal: Sequence[int], params: RuleParams) -> int:
    seat = view.seat
    hand = view.hand.mask
    original = hand | view.discards.mask
    may_discard = [CARD_ID[a] for a in legal if a < N_CARDS]
    if seat == view.ombre:
        # trumps named before the exchange (trump_timing = before_exchange) are kept
        trumps = view.trumps if view.trumps is not None else best_suit(original)[0]
        wanted = [c for c in iter_bits(hand & ~_keepers_as_ombre(original, trumps))]
    else:
        room = max(0, view.stock_left - len(view.discards))
        wanted = [c for c in _defender_discards(original) if hand >> c & 1][:room]
    wanted = [c for c in wanted if c in may_discard]
    if wanted:
        return CARD_INDEX[min(wanted, key=lambda c: (_suit_len(original, c), _rank_order(c)))]
    if DRAW in legal:
        return DRAW
    return CARD_INDEX[min(may_discard, key=_rank_order)]


def _suit_len(hand: int, card: int) -> int:
    return (hand & _PRINTED_MASK[card >> 4]).bit_count()


def _rank_order(card: int) -> int:
    """A trump-free rough value: kings high, low pips low."""
    order = {Rank.KING: 9, Rank.QUEEN: 8, Rank.JACK: 7, Rank.ACE: 6}
    return order.get(_rank(card), 0)


# -- play --------------------------------------------------------------------------------------
class _Table:
    def __init__(self, view: OmbreView) -> None:
        assert view.seat is not None and view.trumps is not None
        self.view = view
        self.seat = view.seat
        self.ombre = view.ombre if view.ombre is not None else -1
        self.trumps = view.trumps
        self.eff = EFF_SUIT[self.trumps]
        self.strength = STRENGTH[self.trumps]
        self.hand = view.hand.mask
        played = tricks_mask([*view.finished_tricks, view.current_trick])
        self.unseen = FULL_MASK & ~self.hand & ~played & ~view.discards.mask & ~view.rest.mask

    def is_trump(self, c: int) -> bool:
        return self.eff[c] == TRUMP

    def key(self, c: int) -> tuple[int, int]:
        return (1 if self.is_trump(c) else 0, self.strength[c])

    def top(self, c: int) -> bool:
        """No unseen card of its effective suit beats it."""
        same = self.unseen & SUIT_MASK[self.trumps][self.eff[c]]
        return all(self.strength[o] < self.strength[c] for o in iter_bits(same))

    def trumps_out(self) -> bool:
        return bool(self.unseen & TRUMP_MASK[self.trumps])

    def beats(self, c: int, best: int, led: int) -> bool:
        e, eb, el = self.eff[c], self.eff[best], self.eff[led]
        if e == TRUMP:
            return eb != TRUMP or self.strength[c] > self.strength[best]
        return e == el and eb != TRUMP and self.strength[c] > self.strength[best]


def _play(view: OmbreView, legal: Sequence[int]) -> int:
    t = _Table(view)
    cards = [int(c) for c in view.current_trick.cards] if view.current_trick else []
    am_ombre = t.seat == t.ombre
    if not cards:
        return _lead(t, legal, am_ombre)
    led = cards[0]
    leader = view.current_trick.leader if view.current_trick else t.seat
    best_i = 0
    for i in range(1, len(cards)):
        if t.beats(cards[i], cards[best_i], led):
            best_i = i
    best = cards[best_i]
    best_seat = (leader + best_i) % 3
    last = len(cards) == 2
    winners = [c for c in legal if t.beats(c, best, led)]
    if not am_ombre and best_seat != t.ombre:
        # the partner is winning: do not overtake needlessly
        ombre_after = not last  # ombre plays after me
        partner_safe = not ombre_after or t.top(best)
        if partner_safe or not winners:
            return _discard(t, legal)
        safe = [c for c in winners if t.top(c)]
        return min(safe, key=t.key) if safe else _discard(t, legal)
    if winners:
        if last:
            return min(winners, key=t.key)
        safe = [c for c in winners if t.top(c) and (t.is_trump(c) or not t.trumps_out())]
        if safe:
            return min(safe, key=t.key)
        return max(winners, key=t.key)
    return _discard(t, legal)


def _discard(t: _Table, legal: Sequence[int]) -> int:
    """The least useful card: low plain cards first, trumps last."""
    return min(legal, key=t.key)


def _lead(t: _Table, legal: Sequence[int], am_ombre: bool) -> int:
    trumps = [c for c in legal if t.is_trump(c)]
    plain = [c for c in legal if not t.is_trump(c)]
    if am_ombre:
        top_trumps = [c for c in trumps if t.top(c)]
        if top_trumps and t.trumps_out():
            return max(top_trumps, key=t.key)
        tops = [c for c in plain if t.top(c)]
        if tops and not t.trumps_out():
            return max(tops, key=t.key)
        if trumps and t.trumps_out() and len(trumps) >= 3:
            return max(trumps, key=t.key)
        if tops:
            return max(tops, key=t.key)
        if plain:
            return min(plain, key=t.key)
        return min(trumps, key=t.key)
    # defender
    tops = [c for c in plain if t.top(c)]
    ombre_next = (t.seat + 1) % 3 == t.ombre
    if tops and not ombre_next:
        return max(tops, key=t.key)  # ombre plays last: cash a sure winner first
    if plain:
        if ombre_next:
            # lead through ombre: a low card of my longest plain suit; partner plays last
            def length(c: int) -> int:
                return (t.hand & SUIT_MASK[t.trumps][t.eff[c]]).bit_count()

            return min(plain, key=lambda c: (-length(c), t.strength[c]))
        if tops:
            return max(tops, key=t.key)
        return min(plain, key=t.key)
    return min(trumps, key=t.key)


_RULES: dict[GameSpec | None, OmbreRules] = {}


def rules_in_force(view: PlayerView) -> OmbreRules:
    """The rules of the game ``view`` is of (from its spec; loaded once per spec).

    >>> import tapete
    >>> view = tapete.load_game('ombre', vole=True).new_initial_state().view(0)
    >>> rules_in_force(view).vole
    True
    """
    spec = view.spec
    rules = _RULES.get(spec)
    if rules is None:
        game = spec.load() if spec is not None else load_game(view.game)
        found = getattr(game, "rules", None)
        if not isinstance(found, OmbreRules):
            found = OmbreRules.from_params(load_game("ombre").params)
        if len(_RULES) > 256:
            _RULES.clear()
        rules = _RULES[spec] = found
    return rules


def matador_run(hand: int, trumps: Suit) -> int:
    """The run of matadors (Spadille, Manille, Basto, then the trumps in order) ``hand``
    holds, when it is at least three (what ``matador_payments`` pays for), else 0."""
    run = 0
    for card in trump_order(trumps):
        if not hand >> card & 1:
            break
        run += 1
    return run if run >= 3 else 0


def auction_value(hand: int, rules: OmbreRules) -> float:
    """The expected tricks of ``hand`` in its best suit, plus what the rules in force add:
    a run of matadors paid for is worth 0.15 a matador.

    >>> import tapete
    >>> from tapete.cards import CardSet
    >>> hand = CardSet.parse('♠A ♣A ♣2 ♦3 ♦4 ♥4 ♥5 ♠3 ♠4').mask
    >>> paid = tapete.load_game('ombre', matador_payments=True).rules
    >>> auction_value(hand, paid) > auction_value(hand, tapete.load_game('ombre').rules)
    True
    """
    suit, value = best_suit(hand)
    if rules.matador_payments:
        value += 0.15 * matador_run(hand, suit)
    return value


def _vole_sure(view: OmbreView) -> bool:
    """Every card ombre still holds is a sure winner (announce vole)."""
    t = _Table(view)
    cards = list(iter_bits(t.hand))
    if not cards or not all(t.top(c) for c in cards):
        return False
    return not t.trumps_out() or all(t.is_trump(c) for c in cards)


def choose(
    view: PlayerView, legal_actions: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """The rule bot's action in an Ombre deal (or the current deal of a session), with the
    rules in force (``view.spec``)."""
    deal = view.deal if isinstance(view, OmbreMatchView) else view
    if not isinstance(deal, OmbreView) or deal.seat is None:
        return legal_actions[0]
    rules = rules_in_force(deal)
    phase = deal.phase
    legal = set(legal_actions)
    if phase in ("auction", "sans-prendre"):
        value = auction_value(deal.hand.mask, rules)
        shift = 1.6 * (params.aggression - 0.5)
        if SANS_PRENDRE in legal and value >= SANS_PRENDRE_AT - shift:
            return SANS_PRENDRE
        if OMBRE in legal and value >= DECLARE_AT - shift:
            return OMBRE
        return PASS if PASS in legal else legal_actions[0]
    if phase == "trumps":
        suit, _ = best_suit(deal.hand.mask)
        action = TRUMPS_BASE + (suit - Suit.CLUBS)
        return action if action in legal else legal_actions[0]
    if phase == "exchange":
        return _exchange(deal, legal_actions, params)
    if phase == "play" and deal.trumps is not None:
        if VOLE in legal and rules.vole and _vole_sure(deal):
            return VOLE
        plays = [CARD_ID[a] for a in legal_actions if a < N_CARDS]
        return CARD_INDEX[_play(deal, plays)] if plays else legal_actions[0]
    return legal_actions[0]
