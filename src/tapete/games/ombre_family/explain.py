"""Why an action is illegal in a deal of the Ombre family: one :class:`IllegalActionError`
per rule, with a stable ``reason`` code (``must_follow``, ``not_held``, ``stock_empty``...).

The family's rules are refused here (an unknown action, the deal over, a card from the
pack, the exchange, the card play); a game's own phases and words (the auction, trumps,
the extra plays) by its hook :meth:`~tapete.games.ombre_family.deal.FamilyDealState._refusal`.

>>> import tapete
>>> state = tapete.load_game('ombre').new_initial_state()
>>> state.why_illegal(state.string_to_action('ombre')).reason
'chance_only'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tapete.cards import Card
from tapete.errors import IllegalActionError
from tapete.games.ombre_family.actions import (
    CARD_ID,
    CHANCE_PHASES,
    DISCARD,
    N_CARDS,
    OVER,
    PLAY,
    card_text,
    cards_text,
)
from tapete.games.ombre_family.tables import EFF_SUIT, TRUMP

if TYPE_CHECKING:
    from tapete.games.ombre_family.deal import FamilyDealState

_EFF_NAME: Final = {TRUMP: "trumps", 4: "clubs", 5: "diamonds", 6: "hearts", 7: "spades"}


def why_illegal(state: FamilyDealState, action: int) -> IllegalActionError | None:
    """``None`` if ``action`` is legal in ``state``, else the error naming the rule."""
    game = state.game
    if not 0 <= action < game.num_distinct_actions():
        return state._not_now(
            action, f"{action!r} is not an action of {game.name}", "unknown_action"
        )
    phase = state._phase
    if phase == OVER:
        return state._not_now(action, "the deal is over", "game_over")
    if action in state.legal_actions():
        return None
    if phase in CHANCE_PHASES:
        if action >= N_CARDS:
            return state._not_now(
                action, "a card is coming from the pack: only a chance card", "chance_only"
            )
        return state._not_now(
            action, f"{card_text(CARD_ID[action])} is already out", state.ALREADY_OUT
        )
    own = state._refusal(phase, action)
    if own is not None:
        return own
    if phase == DISCARD:
        return _exchange(state, action)
    if phase == PLAY:
        return _play(state, action)
    return state._not_now(action, f"not now: the {state.phase()} is on", "wrong_phase")


def _exchange(state: FamilyDealState, action: int) -> IllegalActionError:
    seat = state._to_move
    if action == state.DRAW:
        need = state.min_discards(seat)
        return state._not_now(
            action, f"{state.PLAYER_WORD} must exchange at least {need} card{'s' * (need != 1)}",
            "min_discard",
        )  # fmt: skip
    if action >= N_CARDS:
        return state._not_now(
            action, f"the {state.EXCHANGE_WORD} is on: discard cards, then 'draw'", "exchange_now"
        )
    if not state.hands[seat] >> CARD_ID[action] & 1:
        return state._not_now(
            action, f"{card_text(CARD_ID[action])} is not in your hand", "not_held"
        )
    left = state.stock_left
    return state._not_now(
        action, f"the {state.STOCK_WORD} has {left} card{'s' * (left != 1)} left", "stock_empty"
    )


def _play(state: FamilyDealState, action: int) -> IllegalActionError:
    if action >= N_CARDS:
        return state._not_now(action, "tricks are being played: play a card", "playing")
    card = CARD_ID[action]
    if not state.hands[state._to_move] >> card & 1:
        return state._not_now(action, f"{card_text(card)} is not in your hand", "not_held")
    holds = cards_text(state._play_mask())
    led = state.trick[0]
    if state.trumps < 0:  # a game without trumps
        suit = Card(led).suit.english_name.lower()
        return state._not_now(action, f"must follow {suit}: holds {holds}", "must_follow")
    lead_suit = EFF_SUIT[state.trumps][led]
    if lead_suit != TRUMP:
        return state._not_now(
            action, f"must follow {_EFF_NAME[lead_suit]}: holds {holds}", "must_follow"
        )
    return state._not_now(action, f"must play a trump: holds {holds}", "must_follow")
