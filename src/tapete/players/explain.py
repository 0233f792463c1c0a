"""Why a bot plays an action, in codes with values, from what the seat sees: the count of its
hand, the tricks it needs, what a card does in the trick (``tapete.web.hints`` lists the
codes). The pages make the sentences in the reader's language; the server asks a bot for its
reasons (:meth:`tapete.players.base.Player.explain`) and knows no game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from tapete.cards import CardSet, Suit
from tapete.engine.api import PlayerView, tricks_mask
from tapete.errors import TapeteError

Reason = dict[str, Any]


def family(game_name: str) -> str:
    """The game family of a game name: ``pocha-match`` -> ``pocha``.

    >>> family("pocha-match"), family("trynka")
    ('pocha', 'trynka')
    """
    return game_name.split("-")[0]


# -- explanations from the view ----------------------------------------------------------------
def explain(
    view: PlayerView, action: int, legal: Sequence[int], text_of: Callable[[int], str]
) -> list[Reason]:
    """The reasons (codes with values) for playing ``action`` in ``view``, from what the
    seat sees: the count of its hand, the tricks it needs, what the card does in the trick.

    >>> import random, tapete
    >>> from tapete.engine import play_chance
    >>> state = play_chance(tapete.load_game("trynka").new_initial_state(), random.Random(2))
    >>> seat = state.current_player()
    >>> legal = state.legal_actions()
    >>> reasons = explain(state.view(seat), legal[0], legal, state.action_to_string)
    >>> all(isinstance(r["code"], str) for r in reasons)
    True
    """
    kind = family(view.game)
    live = getattr(view, "deal", None) or view
    try:
        if kind == "pocha":
            return _explain_pocha(live, action, legal, text_of)
        if kind == "ombre":
            return _explain_ombre(live, action, legal, text_of)
        if kind == "trynka":
            return _explain_trynka(live, action, text_of)
        if kind in ("tresillo", "lhombre"):
            return _explain_family(live, action, legal, text_of)
    except (TapeteError, AttributeError, KeyError, IndexError, ValueError):
        return []  # a view this explainer does not know: the hint stands without reasons
    return []


def _card_of(text: str) -> str | None:
    verb, _, arg = text.partition(" ")
    return arg if verb in ("play", "discard") and arg else None


def _explain_pocha(
    view: Any, action: int, legal: Sequence[int], text_of: Callable[[int], str]
) -> list[Reason]:
    from tapete.games.pocha.tables import SUIT_MASK, beats
    from tapete.players.rule.pocha import expected_tricks, rules_in_force

    seat = view.seat
    rules = rules_in_force(view)
    trump = int(view.trump_suit) if view.trump_suit is not None else -1
    if view.phase == "bidding":
        trumps = (view.hand.mask & SUIT_MASK[trump]).bit_count() if trump >= 0 else 0
        out: list[Reason] = [
            {"code": "bid_count", "tricks": round(expected_tricks(view), 1), "trumps": trumps}
        ]
        others = [b for s, b in enumerate(view.bids) if s != seat and b is not None]
        forbidden = view.hand_size - sum(others)
        if (
            seat == view.dealer
            and len(others) == view.n_players - 1
            and 0 <= forbidden <= view.hand_size
            and rules.bid_base + forbidden not in legal
        ):
            out.append({"code": "dealer_forbidden", "bid": forbidden})
        return out
    if view.phase != "play":
        return []
    bid = view.bids[seat] or 0
    need = bid - view.tricks_won[seat]
    out = [{"code": "need_tricks", "need": need} if need > 0 else {"code": "bid_made", "bid": bid}]
    code = _card_of(text_of(action))
    if code is None:
        return out
    card = rules.card_ids[action]
    strength = rules.strength
    trick = view.current_trick
    cards = [int(c) for c in trick.cards] if trick else []
    if not cards:
        played = tricks_mask([*view.finished_tricks, view.current_trick])
        unseen = rules.deck.mask & ~view.hand.mask & ~played
        if view.trump_card is not None and view.trump_card_holder is None:
            unseen &= ~(1 << int(view.trump_card))
        higher = [
            c for c in CardSet(unseen & SUIT_MASK[card >> 4]) if strength[int(c)] > strength[card]
        ]
        out.append({"code": "lead_low" if higher else "lead_top", "card": code})
        return out
    led = cards[0] >> 4
    best = cards[(trick.winning - trick.leader) % view.n_players]  # the game says whose card wins
    wins = [
        beats(strength, trump, rules.card_ids[a], best, led) for a in legal if a < rules.deck_size
    ]
    if beats(strength, trump, card, best, led):
        out.append({"code": "takes_trick", "card": code, "only": all(wins)})
    else:
        out.append({"code": "lets_go", "card": code, "only": not any(wins)})
    return out


_SUIT_CODES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _explain_ombre(
    view: Any, action: int, legal: Sequence[int], text_of: Callable[[int], str]
) -> list[Reason]:
    from tapete.players.rule.ombre import DECLARE_AT, auction_value, best_suit, rules_in_force

    seat = view.seat
    text = text_of(action)
    hand = view.hand.mask
    if view.phase in ("auction", "sans-prendre", "trumps"):
        suit, _ = best_suit(hand | view.discards.mask)
        value = auction_value(hand, rules_in_force(view))
        return [
            {
                "code": "ombre_hand",
                "tricks": round(value, 1),
                "suit": _SUIT_CODES[suit],
                "needed": DECLARE_AT,
            }
        ]
    if view.phase == "exchange":
        card = _card_of(text)
        if card is not None:
            return [{"code": "exchange_keep", "card": card, "ombre": seat == view.ombre}]
        return [{"code": "exchange_done", "count": len(view.discards)}]
    if view.phase != "play" or view.trumps is None:
        return []
    ombre = view.ombre
    defenders = sum(w for s, w in enumerate(view.tricks_won) if s != ombre)
    out: list[Reason] = [
        {
            "code": "ombre_side",
            "ombre": view.tricks_won[ombre] if ombre is not None else 0,
            "defenders": defenders,
            "mine": seat == ombre,
        }
    ]
    code = _card_of(text)
    if code is None:
        return out
    partner = None
    if ombre is not None and seat != ombre:  # a defender: is the other defender winning?
        trick = view.current_trick
        if trick is not None and trick.winning is not None:
            partner = trick.winning != ombre  # the game says whose card wins so far
    out.append(_card_reason(view, code, legal, text_of, view.trumps, partner))
    return out


def _explain_family(
    view: Any, action: int, legal: Sequence[int], text_of: Callable[[int], str]
) -> list[Reason]:
    """Tresillo and Danish l'hombre, on Ombre's pack and trump tables: the hand's count in
    its best suit before the play, the exchange, then the player's side and what the card
    does in the trick (no card reason in a nolo game, which has no trumps)."""
    from tapete.players.rule.ombre import DECLARE_AT, best_suit, hand_value

    seat = view.seat
    text = text_of(action)
    hand = view.hand.mask
    if view.phase == "exchange":
        card = _card_of(text)
        if card is not None:
            return [{"code": "exchange_keep", "card": card, "ombre": seat == view.player}]
        return [{"code": "exchange_done", "count": len(view.discards)}]
    if view.phase != "play":
        suit, _ = best_suit(hand | view.discards.mask)
        tricks = hand_value(hand, suit)
        return [
            {
                "code": "ombre_hand",
                "tricks": round(tricks, 1),
                "suit": _SUIT_CODES[suit],
                "needed": DECLARE_AT,
            }
        ]
    player = view.player
    defenders = sum(w for s, w in enumerate(view.tricks_won) if s != player)
    out: list[Reason] = [
        {
            "code": "player_side",
            "player": view.tricks_won[player] if player is not None else 0,
            "defenders": defenders,
            "mine": seat == player,
        }
    ]
    code = _card_of(text)
    if code is None or view.trumps is None:  # a nolo game has no trumps: no card reason
        return out
    out.append(_card_reason(view, code, legal, text_of, int(view.trumps), None))
    return out


def _card_reason(
    view: Any,
    code: str,
    legal: Sequence[int],
    text_of: Callable[[int], str],
    trumps: int,
    partner_wins: bool | None,
) -> Reason:
    """What the card ``code`` does, on the Ombre family's pack and trump tables: a lead
    (a trump, the top of its suit still out, or a low one), else whether it takes the
    trick (``partner_wins``: a defender's partner is winning it, so the card leaves it)."""
    from tapete.cards import Card
    from tapete.games.ombre_family.tables import EFF_SUIT, FULL_MASK, STRENGTH, TRUMP, trick_winner

    cid = int(Card.parse(code))
    cards = [int(c) for c in view.current_trick.cards] if view.current_trick else []
    if not cards:
        if EFF_SUIT[trumps][cid] == TRUMP:
            return {"code": "lead_trump", "card": code}
        played = tricks_mask([*view.finished_tricks, view.current_trick])
        unseen = FULL_MASK & ~view.hand.mask & ~played & ~view.discards.mask
        eff, strength = EFF_SUIT[trumps], STRENGTH[trumps]
        higher = any(
            eff[int(c)] == eff[cid] and strength[int(c)] > strength[cid] for c in CardSet(unseen)
        )
        return {"code": "lead_low" if higher else "lead_top", "card": code}

    def wins(c: int) -> bool:
        return trick_winner(trumps, [*cards, c]) == len(cards)

    playable = [int(Card.parse(c)) for a in legal if (c := _card_of(text_of(a))) is not None]
    if wins(cid):
        return {"code": "takes_trick", "card": code, "only": all(map(wins, playable))}
    if partner_wins:
        return {"code": "partner_wins", "card": code}
    return {"code": "lets_go", "card": code, "only": not any(map(wins, playable))}


def _explain_trynka(view: Any, action: int, text_of: Callable[[int], str]) -> list[Reason]:
    from tapete.players.rule.trynka import percentile, rules_for

    seat = view.seat
    verb, _, arg = text_of(action).partition(" ")
    out: list[Reason] = []
    if not view.looked[seat] and len(view.hand) < 3:
        out.append({"code": "trynka_dark"})
    elif len(view.hand) == 3:
        pct = percentile(view.hand, rules_for(view))
        opponents = max(1, sum(1 for s, a in enumerate(view.active) if a and s != seat))
        out.append(
            {
                "code": "trynka_strength",
                "pct": round(100 * pct),
                "win": round(100 * pct**opponents),
                "opponents": opponents,
            }
        )
    cost = {
        "bet": int(arg) if arg.isdigit() else view.level,
        "blind": int(arg) if arg.isdigit() else view.level,
        "overblind": int(arg) if arg.isdigit() else view.level,
        "reveal": view.reveal_cost,
        "join": view.join_fee,
        "fold": 0,
    }.get(verb)
    if cost is not None:
        out.append({"code": "trynka_price", "cost": cost, "bank": view.bank, "verb": verb})
    return out
