"""Why an action is illegal in a deal of Tresillo: one :class:`IllegalActionError` per rule,
with a stable ``reason`` code (``outbid``, ``favor_trumps``, ``no_surrender_now``...).

>>> import tapete
>>> state = tapete.load_game('tresillo').new_initial_state()
>>> state.why_illegal(state.string_to_action('entrada')).reason
'chance_only'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.errors import IllegalActionError
from tapete.games.ombre_family.tables import EFF_SUIT, TRUMP
from tapete.games.tresillo.actions import (
    ACCEPT,
    ASK,
    AUCTION,
    BIDS,
    BOLA,
    CARD_ID,
    CONTRACTS,
    DEAL,
    DEFEND,
    DISCARD,
    DRAW,
    FAVOR_BIDS,
    N_CARDS,
    NUM_DISTINCT_ACTIONS,
    OVER,
    PASS,
    SOLO,
    SOLO_FAVOR,
    STOCK,
    SUIT_CODES,
    SURRENDER,
    TRUMPS,
    TRUMPS_BASE,
    TURN,
    card_text,
    cards_text,
    trump_suit,
)

if TYPE_CHECKING:
    from tapete.games.tresillo.state import TresilloState

_EFF_NAME = {TRUMP: "trumps", 4: "clubs", 5: "diamonds", 6: "hearts", 7: "spades"}


def why_illegal(state: TresilloState, action: int) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error naming the rule."""
    phase = state._phase
    if not 0 <= action < NUM_DISTINCT_ACTIONS:
        return state._not_now(action, f"{action!r} is not an action of tresillo", "unknown_action")
    if phase == OVER:
        return state._not_now(action, "the deal is over", "game_over")
    is_card = action < N_CARDS
    if phase in (DEAL, TURN, STOCK):
        if not is_card:
            return state._not_now(
                action, "a card is coming from the pack: only a chance card", "chance_only"
            )
        card = CARD_ID[action]
        if state._dealt >> card & 1:
            return state._not_now(action, f"{card_text(card)} is already out", "already_out")
        return None
    if phase == AUCTION:
        return _speech(state, action)
    if action in BIDS or action == PASS:
        return state._not_now(
            action, f"the auction is over: seat {state.player} plays", "auction_closed"
        )
    if phase == TRUMPS:
        if not TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return state._not_now(
                action, f"the player (seat {state.player}) must name trumps now", "trumps_now"
            )
        suit = trump_suit(action)
        favor = state.rules.favor
        if state.contract in FAVOR_BIDS and suit != favor:
            return state._not_now(
                action,
                f"a {CONTRACTS[state.contract]} is played in the palo de favor "
                f"({SUIT_CODES[favor - 4]})",
                "favor_trumps",
            )
        if state.contract not in FAVOR_BIDS and suit == favor:
            return state._not_now(
                action,
                f"the palo de favor ({SUIT_CODES[favor - 4]}) needs the favour bid",
                "favor_bid_needed",
            )
        return None
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        return state._not_now(action, "trumps are already settled", "trumps_named")
    if phase == ASK:
        if action in (DEFEND, ACCEPT):
            return None
        return state._not_now(
            action,
            f"seat {state.first_player if state.first_player >= 0 else state.player} "
            "surrendered: say 'defend' (la defiendo) or 'accept' (bien)",
            "defence_now",
        )
    if action in (DEFEND, ACCEPT):
        return state._not_now(action, "nobody has surrendered", "no_surrender")
    if phase == DISCARD:
        return _exchange(state, action, is_card)
    return _play(state, action, is_card)


def _speech(state: TresilloState, action: int) -> IllegalActionError | None:
    if action in state.legal_actions():
        return None
    if action not in BIDS:
        return state._not_now(
            action, "the auction is on: bid (entrada, vuelta, solo) or 'pass'", "auction_now"
        )
    if action in FAVOR_BIDS and state.rules.favor < 0:
        return state._not_now(action, "this game has no palo de favor", "no_favor")
    return state._not_now(
        action,
        f"seat {state.bidder} bids {CONTRACTS[state.bid]}: bid higher or pass",
        "outbid",
    )


def _exchange(state: TresilloState, action: int, is_card: bool) -> IllegalActionError | None:
    seat = state._to_move
    if action == DRAW:
        if state._may_draw(seat):
            return None
        return state._not_now(action, "the player must exchange at least 1 card", "min_discard")
    if not is_card:
        return state._not_now(
            action, "the exchange is on: discard cards, then 'draw'", "exchange_now"
        )
    card = CARD_ID[action]
    if not state.hands[seat] >> card & 1:
        return state._not_now(action, f"{card_text(card)} is not in your hand", "not_held")
    if not state._may_discard_more(seat):
        left = state.stock_left
        return state._not_now(
            action, f"the stock has {left} card{'s' * (left != 1)} left", "stock_empty"
        )
    return None


def _play(state: TresilloState, action: int, is_card: bool) -> IllegalActionError | None:
    seat = state._to_move
    if action == SURRENDER:
        if state._may_surrender():
            return None
        if not state.rules.surrender:
            return state._not_now(action, "this game has no surrender", "no_surrender_rule")
        if state.contract in (SOLO, SOLO_FAVOR):
            return state._not_now(action, "a solo is played to the end", "solo_no_surrender")
        return state._not_now(
            action,
            "only the player, at his turn, before his card to the fourth trick, and not in a "
            "defended game",
            "no_surrender_now",
        )
    if action == BOLA:
        if state._may_announce_bola():
            return None
        if not state.rules.bola:
            return state._not_now(action, "the bola is not played at this table", "no_vole")
        return state._not_now(
            action,
            "only the player, before leading to the sixth trick, after winning the first five",
            "no_vole_now",
        )
    if action == DRAW or not is_card:
        return state._not_now(action, "tricks are being played: play a card", "playing")
    card = CARD_ID[action]
    if not state.hands[seat] >> card & 1:
        return state._not_now(action, f"{card_text(card)} is not in your hand", "not_held")
    legal = state._play_mask()
    if legal >> card & 1:
        return None
    led = state.trick[0]
    lead_suit = EFF_SUIT[state.trumps][led]
    holds = cards_text(legal)
    if lead_suit != TRUMP:
        return state._not_now(
            action, f"must follow {_EFF_NAME[lead_suit]}: holds {holds}", "must_follow"
        )
    return state._not_now(action, f"must play a trump: holds {holds}", "must_follow")
