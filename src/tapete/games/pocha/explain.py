"""Why an action is illegal in a hand of La Pocha: the reason codes and their details.

>>> import tapete
>>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
>>> state.why_illegal(state.string_to_action('bid 1')).reason
'dealing'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tapete.cards import Card, CardSet
from tapete.errors import IllegalActionError
from tapete.games.pocha.actions import AUCTION, BIDDING, NAMING, OVER, SWAP2, SWAP7, TURN
from tapete.games.pocha.tables import SUIT_MASK

if TYPE_CHECKING:
    from tapete.games.pocha.state import PochaState

SUIT_NAMES: Final = ("oros", "copas", "espadas", "bastos")


def why_illegal(state: PochaState, action: int) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error naming the rule."""
    rules = state.rules
    phase = state._phase
    if not 0 <= action < rules.hand_actions:
        return state._not_now(action, f"{action!r} is not an action of pocha", "unknown_action")
    if phase == OVER:
        return state._not_now(action, "the hand is over", "game_over")
    is_card = action < rules.deck_size
    if phase <= TURN:
        if not is_card:
            return state._not_now(action, "cards are being dealt: only a deal action", "dealing")
        card = rules.card_ids[action]
        if not state._undealt >> card & 1:
            return state._not_now(action, f"{Card(card)} was already dealt", "already_dealt")
        return None
    if phase in (SWAP7, SWAP2):
        if action not in (rules.swap, rules.pass_):
            return state._not_now(action, "the swap comes first: swap or pass", "swap_phase")
        card = state.swap_card()
        if action == rules.swap and not state.hands[state._to_move] >> card & 1:
            return state._not_now(action, f"only the holder of {Card(card)} may swap", "no_card")
        return None
    if phase == AUCTION:
        return _why_illegal_offer(state, action)
    if phase == NAMING:
        if not rules.auction or not rules.trump_base <= action < rules.trump_base + 4:
            return state._not_now(
                action, "the winner of the auction names trumps now", "wrong_phase"
            )
        return None
    if phase == BIDDING:
        if not rules.bid_base <= action < rules.swap:
            return state._not_now(action, "bidding now: bid a number of tricks", "bidding")
        bid = action - rules.bid_base
        if bid > state.hand_size:
            return state._not_now(
                action, f"bids go from 0 to {state.hand_size}", "bid_out_of_range"
            )
        if action not in state._bid_actions():
            who = "the dealer" if state._last_bidder == state.dealer else "the last to bid"
            return state._not_now(
                action,
                f"{who} may not bid {bid}: the bids would add up to {state.hand_size}",
                "dealer_restriction",
            )
        return None
    return _why_illegal_play(state, action)


def _why_illegal_offer(state: PochaState, action: int) -> IllegalActionError | None:
    """The auction of a *ronda subastada*: an offer above the highest, or a pass."""
    rules = state.rules
    if action == rules.pass_:
        if state.must_offer():
            return state._not_now(
                action, "everybody else passed: the last one left must make an offer", "bidding"
            )
        return None
    if not rules.bid_base <= action < rules.swap:
        return state._not_now(
            action, "the auction for trumps: offer a number of tricks or pass", "wrong_phase"
        )
    offer = action - rules.bid_base
    if offer > state.hand_size:
        return state._not_now(action, f"offers go from 0 to {state.hand_size}", "bid_out_of_range")
    if offer <= state._high_offer:
        return state._not_now(
            action, f"an offer must beat the highest, {state._high_offer}", "outbid"
        )
    return None


def _why_illegal_play(state: PochaState, action: int) -> IllegalActionError | None:
    rules = state.rules
    if action >= rules.deck_size:
        return state._not_now(action, "tricks are being played: play a card", "playing")
    card = rules.card_ids[action]
    hand = state.hands[state._to_move]
    if not hand >> card & 1:
        return state._not_now(action, f"{Card(card)} is not in the hand", "not_held")
    legal = state._play_mask()
    if legal >> card & 1:
        return None
    led = state._led
    holds = rules.deck.format_cards(CardSet(legal))
    follow = hand & SUIT_MASK[led]
    if follow and card >> 4 != led:
        return state._not_now(
            action, f"must follow {SUIT_NAMES[led]}: holds {holds}", "must_follow"
        )
    if follow:
        return state._not_now(
            action, f"must overtake {Card(state._best_led)}: holds {holds}", "must_overtake"
        )
    if state._best_trump >= 0 and legal & rules.above[state._best_trump]:
        return state._not_now(
            action, f"must overtrump {Card(state._best_trump)}: holds {holds}", "must_overtrump"
        )
    return state._not_now(
        action, f"void in {SUIT_NAMES[led]}, must trump: holds {holds}", "must_trump"
    )
