"""Why an action is illegal in a deal of Ombre: one :class:`IllegalActionError` per rule,
with a stable ``reason`` code (``must_follow``, ``not_held``, ``stock_empty``...).

>>> import tapete
>>> state = tapete.load_game('ombre').new_initial_state()
>>> state.why_illegal(state.string_to_action('ombre')).reason
'chance_only'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.errors import IllegalActionError
from tapete.games.ombre.actions import (
    AUCTION,
    CARD_ID,
    DEAL,
    DISCARD,
    DRAW,
    N_CARDS,
    NUM_DISTINCT_ACTIONS,
    OMBRE,
    OVER,
    PASS,
    PLAY,
    REST,
    SANS_PRENDRE,
    SP_ASK,
    STOCK,
    SUIT_CODES,
    TRUMPS,
    TRUMPS_BASE,
    VOLE,
    card_text,
    cards_text,
)
from tapete.games.ombre_family.tables import EFF_SUIT, TRUMP

if TYPE_CHECKING:
    from tapete.games.ombre.state import OmbreState

_EFF_NAME = {TRUMP: "trumps", 4: "clubs", 5: "diamonds", 6: "hearts", 7: "spades"}


def why_illegal(state: OmbreState, action: int) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error naming the rule."""
    phase = state._phase
    if not 0 <= action < NUM_DISTINCT_ACTIONS:
        return state._not_now(action, f"{action!r} is not an action of ombre", "unknown_action")
    if phase == OVER:
        return state._not_now(action, "the deal is over", "game_over")
    is_card = action < N_CARDS
    if phase in (DEAL, STOCK, REST):
        if not is_card:
            return state._not_now(
                action, "a card is coming from the pack: only a chance card", "chance_only"
            )
        card = CARD_ID[action]
        if state._dealt >> card & 1:
            return state._not_now(action, f"{card_text(card)} is already out", "already_out")
        return None
    if phase in (AUCTION, SP_ASK):
        return _speech(state, action)
    if action in (OMBRE, SANS_PRENDRE) or (action == PASS and phase != PLAY):
        return state._not_now(
            action, f"the auction is over: seat {state.ombre} is ombre", "auction_closed"
        )
    if phase == TRUMPS:
        if not TRUMPS_BASE <= action < TRUMPS_BASE + 4:
            return state._not_now(
                action, f"ombre (seat {state.ombre}) must name trumps now", "trumps_now"
            )
        return None
    if TRUMPS_BASE <= action < TRUMPS_BASE + 4:
        if state.trumps >= 0:
            return state._not_now(
                action, f"trumps are already {SUIT_CODES[state.trumps - 4]}", "trumps_named"
            )
        return state._not_now(
            action,
            f"trumps are named by ombre after the exchange; now seat {state._to_move} "
            "is exchanging",
            "out_of_turn",
        )
    if phase == DISCARD:
        return _exchange(state, action, is_card)
    return _play(state, action, is_card)


def _speech(state: OmbreState, action: int) -> IllegalActionError | None:
    if action in state.legal_actions():
        return None
    if action not in (PASS, OMBRE, SANS_PRENDRE):
        return state._not_now(
            action, "the auction is on: say 'ombre' (I play) or 'pass'", "auction_now"
        )
    if state._forced_pending:
        return state._not_now(
            action, "all passed: the holder of ♠A must play as ombre", "forced_spadille"
        )
    if action == SANS_PRENDRE and not state.rules.sans_prendre_auction:
        return state._not_now(action, "this game has no sans-prendre bid", "no_sans_prendre")
    if state.sans_prendre:
        return state._not_now(
            action, f"seat {state.ombre} plays sans prendre: you may only pass", "outbid"
        )
    return state._not_now(
        action, f"seat {state.ombre} already plays: you may only pass", "already_ombre"
    )


def _exchange(state: OmbreState, action: int, is_card: bool) -> IllegalActionError | None:
    seat = state._to_move
    if action == DRAW:
        if state._may_draw(seat):
            return None
        need = state.rules.min_discard_ombre
        return state._not_now(
            action, f"ombre must exchange at least {need} card{'s' * (need != 1)}",
            "min_discard",
        )  # fmt: skip
    if not is_card:
        return state._not_now(
            action, "the exchange is on: discard cards, then 'draw'", "exchange_now"
        )
    card = CARD_ID[action]
    if not state.hands[seat] >> card & 1:
        return state._not_now(action, f"{card_text(card)} is not in your hand", "not_held")
    if not state._may_discard_more(seat):
        left = state.stock_left
        if left < 9:
            return state._not_now(
                action, f"the stock has {left} card{'s' * (left != 1)} left", "stock_empty"
            )
        return state._not_now(action, "no cards are left to discard", "hand_empty")
    return None


def _play(state: OmbreState, action: int, is_card: bool) -> IllegalActionError | None:
    seat = state._to_move
    if action == VOLE:
        if state._vole_open():
            return None
        if not state.rules.vole:
            return state._not_now(action, "this game has no vole", "no_vole")
        return state._not_now(
            action,
            "vole is announced by ombre after winning the first five tricks, "
            "before leading to the sixth",
            "no_vole_now",
        )
    if not is_card:
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
