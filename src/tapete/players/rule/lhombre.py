"""Danish l'hombre rule bot: climbs the ladder as far as its hand carries, declares the game
that pays most among those it can make, buys soundly, and plays trump and nolo games apart.

* Valuation: a trump game is valued per suit with the Ombre bot's
  :func:`~tapete.players.rule.ombre.hand_value` (expected tricks before buying). A nolo is
  valued by its *danger*: in each suit, the high cards (in the nolo order) that the suit's
  low cards cannot cover. From these the bot knows the highest step of the ladder it can
  afford (:func:`max_step`): spil and bedre (spades) with a hand worth an entry, tourné with
  a hand good in every suit, solo and solo spar with a hand that needs no purchase, the nolo
  games by their danger.
* Auction: of the bids it may make now (the step needed, and the solo, ren nolo and nolo
  ouvert straight away), the one whose games, as the winner would have to declare them,
  include an affordable game paying most; else it passes. Declaration: of the games the bid
  allows, the affordable one that pays most (the cheaper of equal ones); when none is, the
  spil or tourné its hand is best in.
* Buying: in a trump game the player keeps trumps and kings, a defender throws its low plain
  cards (at most four); in a nolo the player throws its dangerous cards and the defenders
  keep theirs.
* Play: trump games much as the Tresillo bot (defenders do not overtake each other; the
  player draws trumps with three of them or the top one still out); in a nolo the player
  plays the highest card that still loses (and unloads its highest when void), the defenders
  leave him on top of the trick, throw their high cards when the trick is theirs anyway and
  lead into a nolo ouvert's weak suits. A tout is declared
  only when it is sure (every card held is a trump above every trump still out).

>>> import random, tapete
>>> from tapete.players import load
>>> state = tapete.load_game('lhombre').new_initial_state()
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

import functools
import random
from collections.abc import Sequence
from typing import Final

from tapete.cards import Card, Rank, Suit, iter_bits
from tapete.engine.api import GameSpec, PlayerView
from tapete.games.lhombre.actions import (
    BEDRE_SPIL,
    BID_BASE,
    CARD_ID,
    CARD_INDEX,
    DECLARE_BASE,
    DRAW,
    GAME_LEVEL,
    GAMES,
    KOBE_NOLO,
    N_CARDS,
    NOLO_GAMES,
    NOLO_OUVERT,
    PASS,
    REN_NOLO,
    SOLO,
    SOLO_SPAR,
    SPIL,
    TOURNE,
    TOURNE_RESPEKT,
    TOUT,
    trump_suit,
)
from tapete.games.lhombre.rules import (
    NOLO_STRENGTH,
    NOLO_SUIT,
    NOLO_SUIT_MASK,
    UNION_POINTS,
    LhombreRules,
    nolo_trick_winner,
)
from tapete.games.lhombre.state import UNION_GAMES
from tapete.games.lhombre.view import LhombreMatchView, LhombreView
from tapete.games.ombre_family.tables import (
    EFF_SUIT,
    STRENGTH,
    SUITS,
    TRUMP,
    TRUMP_MASK,
    trick_winner,
)
from tapete.players.rule import RuleParams
from tapete.players.rule.family import DEFENDER_DISCARDS, keepers
from tapete.players.rule.ombre import hand_value

#: Expected tricks (before buying) from which a spil (or bedre spil in spades) is affordable.
SPIL_AT: Final = 3.8
#: ... a tourné: the value of the hand's weakest suit (any suit may turn up).
TOURNE_AT: Final = 3.0
#: ... a tourné-respekt (its higher value needs a safer hand).
RESPEKT_AT: Final = 3.3
#: ... a solo (no purchase).
SOLO_AT: Final = 5.0
#: The danger (uncovered high nolo cards) a købe nolo can buy away.
KOBE_NOLO_DANGER: Final = 1
_SPADES: Final = Suit.SPADES


def nolo_danger(hand: int) -> int:
    """The cards of ``hand`` that may win a trick in a nolo: in each suit, ranked from the
    bottom (the ``k``-th lowest, from 1), a card is safe while at most ``2k + 1`` cards of
    the suit rank at or below it (the two others must follow under it), dangerous beyond.

    >>> from tapete.cards import CardSet
    >>> nolo_danger(CardSet.parse('♥7 ♥6 ♦7 ♠A ♠2 ♣A ♣2 ♣3 ♥5').mask)
    0
    >>> nolo_danger(CardSet.parse('♥K ♥Q ♦K ♠K ♠Q ♣K ♣Q ♣J ♥J').mask)
    9
    """
    return dangerous_cards(hand).bit_count()


def dangerous_cards(hand: int) -> int:
    """The cards :func:`nolo_danger` counts, as a bitmask."""
    out = 0
    for suit in SUITS:
        cards = sorted(iter_bits(hand & NOLO_SUIT_MASK[suit]), key=lambda c: NOLO_STRENGTH[c])
        for k, card in enumerate(cards, 1):
            if NOLO_STRENGTH[card] > 2 * k + 1:
                out |= 1 << card
    return out


def _nolo_ouvert_ok(hand: int) -> bool:
    """Every suit held is played from the bottom: no card a defender can force to win."""
    for suit in SUITS:
        cards = sorted(NOLO_STRENGTH[c] for c in iter_bits(hand & NOLO_SUIT_MASK[suit]))
        if any(s > i + 2 for i, s in enumerate(cards)):
            return False
    return True


def affordable_games(hand: int, shift: float) -> set[int]:
    """The games (indices into ``GAMES``) ``hand`` can afford at the threshold ``shift``."""
    values = {int(s): hand_value(hand, s) for s in SUITS}
    best = max(values.values())
    spades = values[int(_SPADES)]
    danger = nolo_danger(hand)
    games: set[int] = set()
    if best >= SPIL_AT + shift:
        games.add(SPIL)
    if spades >= SPIL_AT + shift:
        games.add(BEDRE_SPIL)
    if min(values.values()) >= TOURNE_AT + shift:
        games.add(TOURNE)
    if min(values.values()) >= RESPEKT_AT + shift:
        games.add(TOURNE_RESPEKT)
    if best >= SOLO_AT + shift:
        games.add(SOLO)
    if spades >= SOLO_AT + shift:
        games.add(SOLO_SPAR)
    if danger <= KOBE_NOLO_DANGER + (1 if shift < -0.4 else 0):
        games.add(KOBE_NOLO)
    if danger == 0:
        games.add(REN_NOLO)
        if _nolo_ouvert_ok(hand):
            games.add(NOLO_OUVERT)
    return games


def max_step(hand: int, shift: float) -> int:
    """The highest step of the ladder the hand can afford (0: none)."""
    return max((GAME_LEVEL[g] for g in affordable_games(hand, shift)), default=0)


def _shift(params: RuleParams) -> float:
    return 1.5 * (0.5 - params.aggression)


@functools.lru_cache(maxsize=64)
def _rules(spec: GameSpec | None) -> LhombreRules | None:
    """The rules of the game ``spec`` names (``None`` when unknown)."""
    if spec is None:
        return None
    rules = getattr(spec.load(), "rules", None)
    return rules if isinstance(rules, LhombreRules) else None


def _points(view: LhombreView) -> tuple[tuple[int, int, int], ...]:
    rules = _rules(view.spec)
    return rules.points if rules is not None else UNION_POINTS


def _allowed(view: LhombreView, step: int, jump: bool) -> tuple[int, ...]:
    """The games the bot could declare after winning the auction with ``step``."""
    return allowed_games(_rules(view.spec), step, jump)


def allowed_games(rules: LhombreRules | None, step: int, jump: bool) -> tuple[int, ...]:
    """The games a player who won the auction with ``step`` (``jump``: above the step
    needed) may declare under ``rules`` (``None``: the Union's auction)."""
    if rules is not None and not rules.union_auction:
        return tuple(g for g in range(len(GAMES)) if GAME_LEVEL[g] >= step)
    if step == 6 and jump:
        return (REN_NOLO,)
    return UNION_GAMES[step]


def rule_bid(hand: int, legal: Sequence[int], rules: LhombreRules | None, shift: float) -> int:
    """The bot's word in the auction with the hand ``hand`` (a card mask) when ``legal`` are
    the actions allowed, at the threshold ``shift``: of the legal bids, the one whose games
    include an affordable game paying most, else ``PASS``. The contract search checks
    its simulated deals with it.

    >>> from tapete.cards import CardSet
    >>> low = CardSet.parse('♥7 ♥6 ♦7 ♠A ♠2 ♣A ♣2 ♣3 ♥5').mask
    >>> rule_bid(low, (PASS, BID_BASE, BID_BASE + 4, BID_BASE + 5), None, 0.0) == BID_BASE + 5
    True
    """
    steps = [a - BID_BASE + 1 for a in legal if BID_BASE <= a < BID_BASE + 7]
    if not steps:
        return PASS
    can = affordable_games(hand, shift)
    points = rules.points if rules is not None else UNION_POINTS
    best, choice = 0, PASS
    for step in steps:
        games = can.intersection(allowed_games(rules, step, step != steps[0]))
        pays = max((points[g][0] for g in games), default=0)
        if pays > best:
            best, choice = pays, BID_BASE + step - 1
    return choice


def _bid(view: LhombreView, legal: Sequence[int], params: RuleParams) -> int:
    return rule_bid(view.hand.mask, legal, _rules(view.spec), _shift(params))


def _declare(view: LhombreView, legal: Sequence[int], params: RuleParams) -> int:
    games = [a - DECLARE_BASE for a in legal]
    hand = view.hand.mask
    can = affordable_games(hand, _shift(params)) & set(games)
    if can:
        points = _points(view)
        return DECLARE_BASE + max(can, key=lambda g: (points[g][0], -GAME_LEVEL[g]))
    for fallback in (SPIL, TOURNE, BEDRE_SPIL, TOURNE_RESPEKT, SOLO, SOLO_SPAR):
        if fallback in games:
            return DECLARE_BASE + fallback
    return DECLARE_BASE + games[0]


def _trumps(view: LhombreView, legal: Sequence[int]) -> int:
    hand = view.hand.mask
    return max(legal, key=lambda a: (hand_value(hand, Suit(trump_suit(a))), -a))


def _exchange(view: LhombreView, legal: Sequence[int]) -> int:
    assert view.seat is not None
    as_player = view.seat == view.player
    cards = [a for a in legal if a < N_CARDS]
    done = view.discards.mask.bit_count()
    if view.contract is not None and GAMES.index(view.contract) in NOLO_GAMES:
        if not as_player:
            return DRAW if DRAW in legal else cards[0]
        risky = dangerous_cards(view.hand.mask)
        dangerous = [a for a in cards if risky >> CARD_ID[a] & 1]
        if dangerous:
            return max(dangerous, key=lambda a: NOLO_STRENGTH[CARD_ID[a]])
        if DRAW in legal:
            return DRAW
        return max(cards, key=lambda a: NOLO_STRENGTH[CARD_ID[a]])
    assert view.trumps is not None
    trumps = int(view.trumps)
    keep = keepers(view.hand.mask, trumps, as_player)
    strength = STRENGTH[trumps]
    candidates = sorted(
        (a for a in cards if not keep >> CARD_ID[a] & 1), key=lambda a: strength[CARD_ID[a]]
    )
    if candidates and (as_player or done < DEFENDER_DISCARDS):
        return candidates[0]
    if DRAW in legal:
        return DRAW
    return min(cards, key=lambda a: strength[CARD_ID[a]])  # must buy: the lowest card


def _play_trumps(view: LhombreView, legal: Sequence[int]) -> int:
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
        held = [c for c in cards if eff[c] == TRUMP]
        if am_player and held:
            top = max(held, key=lambda c: strength[c])
            out = _trumps_out(view, trumps)
            if out and (len(held) >= 3 or all(strength[top] > strength[c] for c in out)):
                return CARD_INDEX[top]  # draw the defenders' trumps
        kings = [c for c in cards if eff[c] != TRUMP and Card(c).rank == Rank.KING]
        if kings:
            return CARD_INDEX[kings[0]]
        plain = [c for c in cards if eff[c] != TRUMP]
        return CARD_INDEX[min(plain or cards, key=lambda c: strength[c])]
    assert trick is not None
    if not am_player and trick.winning != view.player:  # the game says who wins so far
        return CARD_INDEX[lowest]  # the partner wins the trick
    winning = [c for c in cards if trick_winner(trumps, [*played, c]) == len(played)]
    if winning:
        return CARD_INDEX[min(winning, key=lambda c: strength[c])]
    return CARD_INDEX[lowest]


def _trumps_out(view: LhombreView, trumps: int) -> list[int]:
    """The trumps this seat has not seen: in the others' hands, discards or the talon."""
    seen = view.hand.mask | view.discards.mask
    for t in view.finished_tricks:
        for c in t.cards:
            seen |= 1 << int(c)
    if view.current_trick is not None:
        for c in view.current_trick.cards:
            seen |= 1 << int(c)
    if view.turned is not None:
        seen |= 1 << int(view.turned)
    return list(iter_bits(TRUMP_MASK[trumps] & ~seen))


def _play_nolo(view: LhombreView, legal: Sequence[int]) -> int:
    assert view.seat is not None
    cards = [CARD_ID[a] for a in legal if a < N_CARDS]
    trick = view.current_trick
    played = [int(c) for c in trick.cards] if trick is not None else []
    lowest = min(cards, key=lambda c: NOLO_STRENGTH[c])
    highest = max(cards, key=lambda c: NOLO_STRENGTH[c])
    if view.seat != view.player:
        return CARD_INDEX[_defend_nolo(view, cards, played, lowest, highest)]
    if not played:
        return CARD_INDEX[lowest]
    if NOLO_SUIT[cards[0]] != NOLO_SUIT[played[0]]:
        return CARD_INDEX[highest]  # void: unload the most dangerous card
    losing = [c for c in cards if nolo_trick_winner([*played, c]) != len(played)]
    if losing:
        return CARD_INDEX[max(losing, key=lambda c: NOLO_STRENGTH[c])]
    return CARD_INDEX[highest]


def _gap(open_mask: int, card: int) -> int:
    """How far the open hand's lowest card of ``card``'s suit ranks above ``card`` (0 when
    it holds none of the suit or a card below it)."""
    theirs = [NOLO_STRENGTH[x] for x in iter_bits(open_mask & NOLO_SUIT_MASK[NOLO_SUIT[card]])]
    return max(0, min(theirs) - NOLO_STRENGTH[card]) if theirs else 0


def _defend_nolo(
    view: LhombreView, cards: list[int], played: list[int], lowest: int, highest: int
) -> int:
    """A defender's card in a nolo: lead low into the player (into his open hand's weak suit
    in a nolo ouvert), leave the player on top of the trick, throw high cards when the
    trick is the defenders' anyway."""
    if not played:
        if view.open_hand is not None:
            forcing = [(_gap(view.open_hand.mask, c), c) for c in cards]
            gap, card = max(forcing, key=lambda g: (g[0], -NOLO_STRENGTH[g[1]]))
            if gap > 0:
                return card
        return lowest
    if NOLO_SUIT[cards[0]] != NOLO_SUIT[played[0]]:
        return highest  # void: throw a high card, keep the low ones to lead
    assert view.current_trick is not None and view.player is not None
    leader = view.current_trick.leader
    player_index = (view.player - leader) % 3
    if player_index >= len(played):
        return lowest  # the player plays after: leave him room above
    if view.current_trick.winning != view.player:
        return highest  # a defender already beats him: the trick is ours, throw high
    under = [c for c in cards if nolo_trick_winner([*played, c]) == player_index]
    return max(under, key=lambda c: NOLO_STRENGTH[c]) if under else lowest


def _sure_tout(view: LhombreView) -> bool:
    """Every card held is a trump higher than every trump not yet seen played or held."""
    if view.trumps is None:
        return False
    trumps = int(view.trumps)
    hand = view.hand.mask
    mask = TRUMP_MASK[trumps]
    if hand & ~mask:
        return False
    played = 0
    for t in view.finished_tricks:
        for c in t.cards:
            played |= 1 << int(c)
    out = mask & ~hand & ~played
    if not out:
        return True
    strength = STRENGTH[trumps]
    top_out = max(strength[c] for c in iter_bits(out))
    return all(strength[c] > top_out for c in iter_bits(hand))


def choose(view: PlayerView, legal: Sequence[int], rng: random.Random, params: RuleParams) -> int:
    """The rule bot's action for ``view`` (one of ``legal``)."""
    if isinstance(view, LhombreMatchView):
        if view.deal is None:
            return legal[0]
        view = view.deal
    if not isinstance(view, LhombreView):
        return legal[0]
    phase = view.phase
    if phase == "auction":
        return _bid(view, legal, params)
    if phase == "declare":
        return _declare(view, legal, params)
    if phase == "trumps":
        return _trumps(view, legal)
    if phase == "exchange":
        return _exchange(view, legal)
    if phase == "play":
        if TOUT in legal and _sure_tout(view):
            return TOUT
        if view.trumps is None:
            return _play_nolo(view, legal)
        return _play_trumps(view, legal)
    return legal[0]
