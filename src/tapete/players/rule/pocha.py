"""La Pocha rule bot: counted bids, then take the tricks it still needs and duck the rest.

Bidding (pocha.md §2.4): the expected tricks of the hand are counted card by card — high trumps
(the ace sure, the three and king by how many higher trumps are still out and how many of them
are in play), side aces and guarded threes, and ruffs from voids and singletons with spare
trumps — then the nearest *legal* bid is made, so the dealer's restriction is respected.

Play (§2.5-2.6): while it still needs tricks it wins as cheaply as is safe (the cheapest winner
when it plays last, a top card of the suit otherwise) and leads its sure winners; once it has
enough it ducks, playing its highest card that does not win and discarding its most dangerous
cards (high trumps, aces) when it cannot follow.

The hand variants (docs/pocha.md): in a *ronda india* (and a *ronda ciega*) the bot cannot
see its own card; it bids the tricks it expects over random completions of what it cannot
see (in the india, the other players' cards on their foreheads are known; in the ciega
nothing is). In a *ronda subastada* it offers, in the auction for trumps, the tricks it
counts with its best suit as trumps (passing when that does not beat the highest offer, an
offer being compulsory only for the last one left), and on winning names the suit whose
count is nearest its offer.

It sees only the view: the unseen cards are the pack less its hand, the cards played and the
turned-up trump card. The rules in force come from the view's spec (``view.spec.load()``,
once per spec): the pack, the rank order, the action numbers, and what ``play_rules`` and
``undertrump`` let it infer: under the seed rules a player void in the suit led who did not
trump holds no trump (with ``undertrump = must`` also when he could not overtrump), so a top
card is safe from the players still to play when none of them can hold a trump.

>>> import random, tapete
>>> from tapete.players import load
>>> game = tapete.load_game('pocha', hand_size=10)
>>> state = tapete.engine.play_chance(game.new_initial_state(), random.Random(4))
>>> bot = load('rule')
>>> while not state.is_terminal():
...     seat = state.current_player()
...     state.apply_action(bot.choose(state.view(seat), state.legal_actions(), random.Random(0)))
>>> sum(state.tricks_won)
10
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import Suit
from tapete.engine.api import GameSpec, PlayerView, Trick, tricks_mask
from tapete.errors import InconsistentViewError
from tapete.games.pocha.match import PochaMatchView
from tapete.games.pocha.rules import PochaRules
from tapete.games.pocha.tables import SUIT_MASK, beats, trick_winner
from tapete.games.pocha.view import PochaView
from tapete.players.rule import RuleParams

_RULES: dict[GameSpec, PochaRules] = {}


def rules_in_force(view: PochaView) -> PochaRules:
    """The rules of the game ``view`` belongs to (loaded from its spec once per spec)."""
    spec = view.spec
    if spec is None:
        raise InconsistentViewError("a La Pocha view without its game's spec")
    rules = _RULES.get(spec)
    if rules is None:
        game_rules = getattr(spec.load(), "rules", None)
        if not isinstance(game_rules, PochaRules):
            raise InconsistentViewError(f"{spec.name} is not a game of La Pocha")
        rules = _RULES[spec] = game_rules
    return rules


def void_suits(tricks: Sequence[Trick | None], n_players: int) -> list[int]:
    """Per seat, the suits (a 4-bit mask) it showed to be void in by not following."""
    out = [0] * n_players
    for trick in tricks:
        if trick is None or not trick.cards:
            continue
        led = trick.cards[0] >> 4
        for k, card in enumerate(trick.cards[1:], 1):
            if card >> 4 != led:
                out[(trick.leader + k) % n_players] |= 1 << led
    return out


def trumpless_seats(tricks: Sequence[Trick | None], trump: int, rules: PochaRules) -> int:
    """The seats (a bitmask) that the tricks show to hold no trump, under the rules in force.

    Under ``play_rules = seed`` a player void in the suit led must trump when the trick is not
    yet trumped, and (``undertrump = must``) play a trump even when he cannot overtrump; with
    ``follow_only`` a discard shows nothing about trumps.
    """
    if trump < 0 or rules.follow_only:
        return 0
    out = 0
    n = rules.n_players
    for trick in tricks:
        if trick is None or not trick.cards:
            continue
        led = trick.cards[0] >> 4
        if led == trump:
            continue
        trumped = False
        for k, card in enumerate(trick.cards):
            seat = (trick.leader + k) % n
            suit = card >> 4
            if suit == trump:
                trumped = True
            elif suit != led and (not trumped or rules.undertrump_must):
                out |= 1 << seat
    return out


_ACE, _TWO, _THREE = 0, 1, 2


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _higher(card: int, mask: int, strength: Sequence[int]) -> int:
    """How many cards of ``mask`` in ``card``'s suit beat it."""
    s = strength[card]
    return sum(1 for c in _cards(mask & SUIT_MASK[card >> 4]) if strength[c] > s)


class _Table:
    """What the bot knows of the hand, from the view."""

    def __init__(self, view: PochaView) -> None:
        if view.seat is None:
            raise InconsistentViewError("the rule bot plays a seat: the view is a spectator's")
        rules = rules_in_force(view)
        self.rules = rules
        self.view = view
        self.seat = view.seat
        self.n = view.n_players
        self.hand = view.hand.mask
        self.trump = int(view.trump_suit) if view.trump_suit is not None else -1
        self.trump_mask = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        tricks = [*view.finished_tricks, view.current_trick]
        played = tricks_mask(tricks)
        out = 0
        if view.trump_card is not None and view.trump_card_holder is None:
            out = 1 << view.trump_card  # turned up: in nobody's hand
        self.strength = rules.strength
        self.trumpless = trumpless_seats(tricks, self.trump, rules)
        self.voids = void_suits(tricks, self.n)
        deck = rules.deck.mask
        self.deck = deck
        self.unseen = deck & ~self.hand & ~played & ~out
        known_elsewhere = 0
        if view.trump_card is not None and view.trump_card_holder not in (None, self.seat):
            known_elsewhere = 1 << view.trump_card
        self.unseen_others = self.unseen | known_elsewhere

    def ruff_risk(self, card: int) -> bool:
        """An opponent known void in ``card``'s suit may trump it (trumps are still out and
        the tricks do not show that he holds none)."""
        if not self.unseen_others & self.trump_mask:
            return False
        suit = card >> 4
        return any(
            s != self.seat and self.voids[s] >> suit & 1 and not self.trumpless >> s & 1
            for s in range(self.n)
        )

    def is_trump(self, card: int) -> bool:
        return card >> 4 == self.trump

    def top(self, card: int) -> bool:
        """No unseen card of its suit beats it."""
        return _higher(card, self.unseen, self.strength) == 0

    def key(self, card: int) -> tuple[int, int]:
        """Playing value: trumps above everything, then rank strength."""
        return (1 if self.is_trump(card) else 0, self.strength[card])


# -- bidding -----------------------------------------------------------------------------------
#: Weights of the trick count, by hand-size bucket, fitted by least squares on rule-bot
#: self-play (tricks won against: trumps held; trumps with no, one, two higher trumps out;
#: side cards with no, one higher card out; voids; singletons; being mano; a constant).
_WEIGHTS: Final[dict[int, tuple[float, ...]]] = {
    1: (0.184, 0.395, 0.315, 0.323, 0.1, 0.083, 0.136, -0.209, 0.148, -0.024),
    2: (0.604, 0.461, 0.292, 0.171, 0.203, 0.129, 0.059, 0.078, 0.082, -0.102),
    4: (0.72, 0.448, 0.275, 0.141, 0.294, 0.171, -0.126, -0.047, 0.095, 0.243),
    7: (0.699, 0.559, 0.291, 0.185, 0.454, 0.191, -0.005, -0.054, 0.068, 0.044),
    99: (0.676, 0.679, 0.415, 0.201, 0.545, 0.18, 0.267, 0.05, 0.036, -0.28),
}


def hand_features(view: PochaView) -> tuple[float, ...]:
    """The counted features of the hand in ``view`` (see :data:`_WEIGHTS`)."""
    t = _Table(view)
    hand = _cards(t.hand)
    out = t.unseen_others
    trumps = [c for c in hand if t.is_trump(c)]
    side = [c for c in hand if not t.is_trump(c)]
    higher_t = [_higher(c, out, t.strength) for c in trumps]
    higher_s = [_higher(c, out, t.strength) for c in side]
    plain = [s for s in range(4) if s != t.trump]
    return (
        float(len(trumps)),
        float(higher_t.count(0)),
        float(higher_t.count(1)),
        float(higher_t.count(2)),
        float(higher_s.count(0)),
        float(higher_s.count(1)),
        float(sum(1 for s in plain if not t.hand & SUIT_MASK[s])),
        float(sum(1 for s in plain if (t.hand & SUIT_MASK[s]).bit_count() == 1)),
        1.0 if t.seat == (view.dealer + 1) % t.n else 0.0,
        1.0,
    )


def expected_tricks(view: PochaView, aggression: float = 0.5) -> float:
    """The counted tricks of the hand in ``view``: high trumps, side aces and threes, voids
    and singletons with trumps, weighted as fitted for the hand size.

    >>> import tapete
    >>> from tapete.engine import deal_cards
    >>> from tapete.cards import Card
    >>> g = tapete.load_game('pocha', n_players=4, hand_size=1)
    >>> s = deal_cards(g.new_initial_state(), [Card.parse(c) for c in 'Ao 2c 4c 5c 7o'.split()])
    >>> expected_tricks(s.view(0)) > 0.5  # the ace of trumps, and mano
    True
    """
    hs = view.hand_size
    weights = next(w for size, w in _WEIGHTS.items() if hs <= size)
    total = sum(w * f for w, f in zip(weights, hand_features(view), strict=True))
    return max(0.0, total) * (0.8 + 0.4 * aggression)


def _bid(view: PochaView, legal: Sequence[int], params: RuleParams) -> int:
    target = expected_tricks(view, params.aggression)
    base = rules_in_force(view).bid_base
    bids = [a - base for a in legal if a >= base]
    best = min(bids, key=lambda b: (abs(b - target), b))
    return base + best


# -- the hand variants: an unseen own card, the auction for trumps -----------------------------
#: Random completions of the unseen cards used to count a one-card hand the bot cannot see.
_COMPLETIONS: Final = 200


def unseen_card_tricks(view: PochaView, rng: random.Random, trump: int | None = None) -> float:
    """The chance that the bot wins a one-card hand whose own card it cannot see (a *ronda
    india* or *ciega*), over random completions of every card it cannot see; ``trump``
    overrides the view's trump suit (an auction)."""
    rules = rules_in_force(view)
    seat = view.seat if view.seat is not None else 0
    n = view.n_players
    suit = trump if trump is not None else -1
    if trump is None and view.trump_suit is not None:
        suit = int(view.trump_suit)
    known: list[int | None] = [None if c is None else int(c) for c in view.foreheads]
    trick = view.current_trick
    if trick is not None:
        for k, played_card in enumerate(trick.cards):
            known[(trick.leader + k) % n] = int(played_card)
    taken = 0
    for seen in known:
        if seen is not None:
            taken |= 1 << seen
    if view.trump_card is not None:
        taken |= 1 << int(view.trump_card)
    pool = _cards(rules.deck.mask & ~taken)
    unknown = [s for s in range(n) if known[s] is None]
    mano = (view.dealer + 1) % n
    order = [(mano + k) % n for k in range(n)]
    wins = 0
    for _ in range(_COMPLETIONS):
        drawn = rng.sample(pool, len(unknown))
        cards = list(known)
        for s, dealt in zip(unknown, drawn, strict=True):
            cards[s] = dealt
        played = [int(c) for c in (cards[s] for s in order) if c is not None]
        if order[trick_winner(rules.strength, suit, played)] == seat:
            wins += 1
    return wins / _COMPLETIONS


def _sees_own_cards(view: PochaView) -> bool:
    return bool(view.hand) or view.cards_held[view.seat or 0] == 0


def _suit_tricks(view: PochaView, suit: int, rng: random.Random, aggression: float) -> float:
    """The tricks the bot counts with ``suit`` as trumps."""
    if not _sees_own_cards(view):
        return unseen_card_tricks(view, rng, suit)
    return expected_tricks(dataclasses.replace(view, trump_suit=Suit(suit)), aggression)


def _offer(view: PochaView, legal: Sequence[int], rng: random.Random, params: RuleParams) -> int:
    """The auction for trumps: offer the tricks counted with the best suit, else pass."""
    rules = rules_in_force(view)
    counts = [_suit_tricks(view, s, rng, params.aggression) for s in range(4)]
    target = min(max(counts), float(view.hand_size))
    offers = [a - rules.bid_base for a in legal if rules.bid_base <= a < rules.swap]
    want = round(target)
    if want in offers:
        return rules.bid_base + want
    if rules.pass_ in legal or not offers:
        return rules.pass_
    return rules.bid_base + min(offers, key=lambda o: (abs(o - target), o))


def _name_trumps(
    view: PochaView, legal: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """The winner of the auction names the suit whose count is nearest its offer."""
    rules = rules_in_force(view)
    seat = view.seat if view.seat is not None else 0
    offer = view.offers[seat] or 0
    counts = [_suit_tricks(view, s, rng, params.aggression) for s in range(4)]
    suit = min(range(4), key=lambda s: (abs(counts[s] - offer), -counts[s]))
    action = rules.trump_base + suit
    return action if action in legal else legal[0]


def _bid_unseen(
    view: PochaView, legal: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """A one-card hand the bot cannot see: the legal bid nearest its chance of winning."""
    target = unseen_card_tricks(view, rng) * (0.8 + 0.4 * params.aggression)
    base = rules_in_force(view).bid_base
    bids = [a - base for a in legal if a >= base]
    return base + min(bids, key=lambda b: (abs(b - target), b))


# -- play --------------------------------------------------------------------------------------
def _beats(t: _Table, card: int, best: int, led: int) -> bool:
    return beats(t.strength, t.trump, card, best, led)


def _winning_card(trick: Trick, n: int) -> int:
    """The card winning ``trick`` so far (the game says whose it is)."""
    if trick.winning is None:
        raise InconsistentViewError("the trick being played does not say who is winning it")
    return int(trick.cards[(trick.winning - trick.leader) % n])


def _play(view: PochaView, legal_actions: Sequence[int]) -> int:
    t = _Table(view)
    ids = t.rules.card_ids
    return t.rules.index_of[_play_card(t, view, [ids[a] for a in legal_actions])]


def _play_card(t: _Table, view: PochaView, legal: Sequence[int]) -> int:
    seat = t.seat
    bid = view.bids[seat] or 0
    won = view.tricks_won[seat]
    need = bid - won
    want = need > 0
    trick = view.current_trick
    cards = [int(c) for c in trick.cards] if trick is not None else []
    if not cards:
        return _lead(t, legal, want)
    led = cards[0] >> 4
    assert trick is not None
    best = _winning_card(trick, t.n)
    winners = [c for c in legal if _beats(t, c, best, led)]
    losers = [c for c in legal if c not in winners]
    last = len(cards) == t.n - 1
    if want:
        if winners:
            if last:
                return min(winners, key=t.key)
            later = [(seat + k) % t.n for k in range(1, t.n - len(cards))]
            safe = [c for c in winners if t.top(c) and (t.is_trump(c) or not _trump_out(t, later))]
            if safe:
                return min(safe, key=t.key)
            return max(winners, key=t.key)
        return min(legal, key=lambda c: _keep_value(t, c))
    if losers:
        return max(losers, key=t.key)
    if last:
        return max(winners, key=t.key)
    return min(winners, key=t.key)


def _trump_out(t: _Table, seats: Sequence[int]) -> bool:
    """True when one of ``seats`` may still hold a trump."""
    if not t.unseen_others & t.trump_mask:
        return False
    return any(not t.trumpless >> s & 1 for s in seats)


def _keep_value(t: _Table, card: int) -> tuple[int, int]:
    """How much a card is worth keeping when it need not be played now (low = discard)."""
    return t.key(card)


def _lead(t: _Table, legal: Sequence[int], want: bool) -> int:
    if want:
        side_tops = [c for c in legal if not t.is_trump(c) and t.top(c)]
        safe_tops = [c for c in side_tops if not t.ruff_risk(c)]
        if safe_tops:
            return max(safe_tops, key=lambda c: t.strength[c])
        trump_tops = [c for c in legal if t.is_trump(c) and t.top(c)]
        if trump_tops:
            return max(trump_tops, key=lambda c: t.strength[c])
        if side_tops:
            return max(side_tops, key=lambda c: t.strength[c])
        plain = [c for c in legal if not t.is_trump(c)]
        if plain:
            # lead low from the longest plain suit to set up its high cards
            def suit_len(c: int) -> int:
                return (t.hand & SUIT_MASK[c >> 4]).bit_count()

            return min(plain, key=lambda c: (-suit_len(c), t.strength[c]))
        return max(legal, key=t.key)
    # duck: the card most likely to be beaten (many unseen higher cards), trumps last
    return max(
        legal,
        key=lambda c: (
            0 if t.is_trump(c) else 1,
            _higher(c, t.unseen_others, t.strength),
            -t.strength[c],
        ),
    )


def choose(
    view: PlayerView, legal_actions: Sequence[int], rng: random.Random, params: RuleParams
) -> int:
    """The rule bot's action in a La Pocha hand (or the current hand of a whole game)."""
    hand_view = view.deal if isinstance(view, PochaMatchView) else view
    if not isinstance(hand_view, PochaView) or len(legal_actions) == 1:
        return legal_actions[0]
    phase = hand_view.phase
    if phase == "bidding":
        if not _sees_own_cards(hand_view):
            return _bid_unseen(hand_view, legal_actions, rng, params)
        return _bid(hand_view, legal_actions, params)
    if phase == "auction":
        return _offer(hand_view, legal_actions, rng, params)
    if phase == "trumps":
        return _name_trumps(hand_view, legal_actions, rng, params)
    if phase == "play":
        return _play(hand_view, legal_actions)
    rules = rules_in_force(hand_view)
    if rules.swap in legal_actions and hand_view.trump_card is not None:
        turned = int(hand_view.trump_card)
        given = (turned & ~15) + (6 if phase == "seven-swap" else 1)  # the 7 or the 2
        strength = rules.strength
        return rules.swap if strength[turned] > strength[given] else rules.pass_
    return legal_actions[0]
