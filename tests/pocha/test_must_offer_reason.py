"""La Pocha's ronda subastada: the refusal of the last seat's pass names its own rule.

When everybody else passed, the last seat must make an offer; the refusal carries the
reason code ``bidding`` (an offer of tricks is due now), not the engine's generic
``illegal``, so that clients can translate it.
"""

from __future__ import annotations

import pytest

import tapete
from tapete.errors import IllegalActionError
from tapete.games.pocha import PochaGame


def test_the_last_seat_passing_is_refused_with_the_bidding_reason() -> None:
    game = tapete.load_game("pocha", n_players=4, hand_size=3, ronda_subastada=True)
    assert isinstance(game, PochaGame)
    state = game.new_initial_state()
    hands = ["Ao 3o Ro", "Ac 3c Rc", "Ae 3e Re", "Ab 3b Rb"]
    for action in game.deal_actions(hands, None):
        state.apply_action(action)
    for text in ("pass", "pass", "pass"):
        state.apply_string(text)
    error = state.why_illegal(state.string_to_action("pass"))
    assert error is not None and error.reason == "bidding"
    with pytest.raises(IllegalActionError, match="must make an offer") as raised:
        state.apply_string("pass")
    assert raised.value.reason == "bidding"
    assert state.string_to_action("offer 0") in state.legal_actions()
