"""Why an action is illegal in a Trynka bank: the rule, the range allowed, a stable reason.

>>> import tapete
>>> s = tapete.load_game('trynka', n_players=2, flash_limit=0).new_initial_state()
>>> s.why_illegal(s.string_to_action('fold')).reason
'chance'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapete.engine.api import CHANCE, TERMINAL
from tapete.errors import IllegalActionError, NotationError

if TYPE_CHECKING:
    from tapete.games.trynka.state import TrynkaState

_TURN_STAGES = ("round1", "blind_look", "betting")


def describe(state: TrynkaState, action: int) -> str:
    """An action with its cost, for messages and the terminal (``reveal (6)``)."""
    codec = state.rules.actions
    text = codec.text(action)
    if action == codec.reveal and state.current_player() >= 0:
        return f"reveal ({state.reveal_cost(state.current_player())})"
    if action == codec.join:
        return f"join ({state.join_fee})"
    return text


def explain(
    state: TrynkaState, action: int, stake: tuple[str, int] | None = None
) -> IllegalActionError:
    """The error for an illegal ``action`` in ``state`` (or, with ``stake``, for a stake
    ``(verb, amount)`` that no action number can have: below 1 or above the cap)."""
    to_act = state.current_player()

    def not_now(action: int, detail: str, reason: str) -> IllegalActionError:
        if stake is None:
            return state._not_now(action, detail, reason)
        return IllegalActionError(
            detail,
            seat=to_act if to_act >= 0 else None,
            phase=state.phase(),
            action=f"{stake[0]} {stake[1]}",
            reason=reason,
            move=state.move_number(),
        )

    rules = state.rules
    codec = rules.actions
    if to_act == TERMINAL:
        return not_now(action, "the game is over", "game_over")
    if stake is None:
        try:
            codec.text(action)
        except NotationError:
            return not_now(action, f"{action} is not a Trynka action", "unknown_action")
    is_card = stake is None and 0 <= action < 2 * codec.n_cards
    if to_act == CHANCE:
        if not is_card:
            if action == codec.flash and state.stage == "deal":
                r = state.receiver()
                if r is not None and state.flashes[r] >= rules.flash_limit:
                    return not_now(
                        action,
                        f"seat {r} has used his {rules.flash_limit} request(s) to see a card "
                        f"face up in this deal (flash_limit = {rules.flash_limit})",
                        "flash_limit",
                    )
            return not_now(action, "a card is to be dealt (a chance action)", "chance")
        return not_now(
            action, "that card is not in the stock (or cannot be dealt now)", "card_unavailable"
        )
    if is_card:
        return not_now(action, f"seat {to_act} is to act, not a deal", "not_chance")
    stage = state.stage
    allowed = ", ".join(describe(state, a) for a in state.legal_actions())
    kind, amount = stake if stake is not None else (codec.amount_of(action) or ("", 0))
    if kind in ("blind", "overblind"):
        is_over = kind == "overblind"
        if stage != "blind":
            return not_now(
                action,
                "blind stakes are made only before the first round, without looking "
                f"(the blind step is over); allowed: {allowed}",
                "not_blind_step",
            )
        first = state.participants[0]
        if state._blind_index == 0 and is_over:
            return not_now(
                action,
                f"nobody has gone blind: seat {first} (P1) may blind "
                f"{rules.stake}…{min(rules.dark_max, rules.level_cap)} "
                "or decline; an over-blind needs a blind first",
                "no_blind_to_overblind",
            )
        if state._blind_index > 0 and not is_over:
            return not_now(
                action,
                f"seat {first} has already gone blind; seat {to_act} may only over-blind "
                f"{state._top_blind + 1}…{rules.level_cap} or decline",
                "already_blind",
            )
        lo, hi = state.bet_range() or (0, 0)
        if amount < lo:
            what = "blind stake" if not is_over else "over-blind"
            rule = (
                f"below the stake S = {rules.stake}"
                if not is_over
                else f"not above the blind stake {state._top_blind}"
            )
            return not_now(action, f"{what} {amount} is {rule}: allowed {lo}…{hi}", "stake_too_low")
        limit = "dark_max" if not is_over else "the table cap"
        return not_now(
            action, f"stake {amount} is above {limit}: allowed {lo}…{hi}", "stake_too_high"
        )
    turn_verbs = (codec.fold, codec.reveal, codec.claim_tens, codec.propose_svara)
    if stage == "blind" and (action in turn_verbs or kind == "bet"):
        return not_now(
            action,
            f"seat {to_act} has not looked at his cards yet: in the blind step he may "
            f"only {allowed}",
            "blind_step",
        )
    if stage in _TURN_STAGES:
        if kind == "bet":
            if state._closed():
                return not_now(
                    action,
                    f"betting is closed: every active player has bet the level {state.level}; "
                    f"allowed: {allowed}",
                    "betting_closed",
                )
            lo, hi = state.level, rules.level_cap
            if state._doubling(to_act) and (amount < 2 * lo or amount % 2):
                return not_now(
                    action,
                    f"a blind player has not looked yet: a sighted player stakes double, "
                    f"an even amount from {2 * lo} to {hi} (sighted_stakes = double_while_blind)",
                    "stake_doubled",
                )
            if amount < lo:
                return not_now(
                    action,
                    f"stake {amount} is below the current level {lo}: allowed {lo}…{hi}",
                    "stake_too_low",
                )
            return not_now(
                action,
                f"stake {amount} is above the table cap: allowed {lo}…{hi}",
                "stake_too_high",
            )
        if action == codec.reveal and not rules.first_round_reveal and stage != "betting":
            return not_now(
                action,
                "no reveal in the first betting round (first_round_reveal = false): every "
                f"player acts once first; allowed: {allowed}",
                "first_round",
            )
        if action == codec.reveal:
            return not_now(
                action,
                f"nobody is on seat {to_act}'s right to reveal to; allowed: {allowed}",
                "nobody_on_right",
            )
        if action == codec.claim_tens:
            return _claim_error(state, action, to_act, allowed)
        if action == codec.propose_svara:
            return _propose_error(state, action, to_act, allowed)
    if stage in ("reveal", "tens_window", "svara_proposal") and action == codec.claim_tens:
        return _claim_error(state, action, to_act, allowed)
    if action == codec.claim_tens and not rules.tens:
        return not_now(action, "three tens give no redeal with trips_score", "no_tens_rule")
    return not_now(
        action,
        f"not possible in phase {state.phase()}; seat {to_act} may: {allowed}",
        "wrong_phase",
    )


def _claim_error(state: TrynkaState, action: int, seat: int, allowed: str) -> IllegalActionError:
    if not state.rules.tens:
        return state._not_now(action, "three tens give no redeal with trips_score", "no_tens_rule")
    if not state.looked >> seat & 1:
        return state._not_now(action, f"seat {seat} has not looked at his cards yet", "not_looked")
    rules = state.rules
    hand = state.hands[seat]
    if (
        state.stage == "svara_proposal"
        and not (rules.tens_any_time or rules.tens_any_moment)
        and hand & (rules.tens_mask | rules.joker_mask) == hand
    ):
        return state._not_now(
            action,
            "three tens are claimed on one's turn or against a reveal, not in answer to a svara "
            f"proposal (tens_claim_any_time = false); allowed: {allowed}",
            "wrong_phase",
        )
    tens = "10-10-10 (the joker 7♣ may stand for a ten)" if rules.joker else "10-10-10"
    return state._not_now(
        action,
        f"a redeal needs {tens}: seat {seat} does not hold three tens; allowed: {allowed}",
        "no_three_tens",
    )


def _propose_error(state: TrynkaState, action: int, seat: int, allowed: str) -> IllegalActionError:
    if not state.rules.agreed_svara:
        why = "agreed svaras are off (agreed_svara = false)"
    elif state.active.bit_count() != 2:
        count = state.active.bit_count()
        why = f"a svara may be proposed only by the last two players ({count} are in)"
    elif not state._svara_ok:
        why = "a svara may be proposed only after a bet or a reveal in this deal"
    else:
        why = f"seat {seat} has already proposed a svara in this deal"
    return state._not_now(action, f"{why}; allowed: {allowed}", "svara_not_allowed")
