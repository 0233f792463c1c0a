"""Build Pocha positions from hands written in notation (shared by the scenario tests)."""

from __future__ import annotations

from typing import Any

import tapete
from tapete.games.pocha import PochaGame, PochaState


def position(
    hands: list[str],
    turn: str | None = None,
    plays: tuple[str, ...] = (),
    bids: tuple[int, ...] | None = None,
    **params: Any,
) -> PochaState:
    """Deal ``hands`` (seat 0 = mano first), turn ``turn``, bid, then play ``plays``.

    Without ``bids`` everyone bids 0 except the dealer, who takes his first legal bid.
    """
    n_players = len(hands)
    size = len(hands[0].split())
    game = tapete.load_game("pocha", n_players=n_players, hand_size=size, **params)
    assert isinstance(game, PochaGame)
    state = game.new_initial_state()
    for action in game.deal_actions(hands, turn):
        state.apply_action(action)
    if bids is None:
        for _ in range(n_players - 1):
            state.apply_string("bid 0")
        state.apply_action(state.legal_actions()[0])
    else:
        for bid in bids:
            state.apply_string(f"bid {bid}")
    for text in plays:
        state.apply_string(f"play {text}")
    return state


def legal_texts(state: PochaState) -> set[str]:
    """The legal actions as card/bid texts without the verb (``{'Rc', '2c'}``)."""
    return {state.action_to_string(a).split()[1] for a in state.legal_actions()}
