"""Helpers for the player tests: play games with bots while checking what they receive."""

from __future__ import annotations

import random
from collections.abc import Sequence

import tapete
from tapete.engine import PlayerView, State, sample_chance
from tapete.players import Player


class Checked(Player):
    """Wraps a player: asserts it gets a view (never a State) and answers a legal action."""

    name = "checked"

    def __init__(self, inner: Player) -> None:
        super().__init__()
        self.inner = inner
        self.calls = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        assert isinstance(view, PlayerView), type(view)
        assert not isinstance(view, State)
        assert isinstance(rng, random.Random)
        assert list(legal_actions) == sorted(legal_actions)
        action = self.inner.choose(view, legal_actions, rng)
        assert action in legal_actions, (view, legal_actions, action)
        self.calls += 1
        return action


def play(
    game_name: str, bots: Sequence[Player], seed: int, **params: object
) -> tuple[State, list[Checked]]:
    """Play one game of ``game_name`` with ``bots`` (wrapped in :class:`Checked`)."""
    game = tapete.load_game(game_name, **params)
    checked = [Checked(b) for b in bots]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        state.apply_action(checked[seat].choose(state.view(seat), state.legal_actions(), rng))
    return state, checked


#: Seat 0's five top clubs, led one a trick by :func:`five_trump_leads`.
TOP_CLUB_LEADS = ("♠A", "♣2", "♣A", "♣K", "♣Q")


def five_trump_leads(state: State) -> None:
    """Seat 0 leads :data:`TOP_CLUB_LEADS` (clubs trumps) and takes five tricks; the others
    play their last legal card (the highest numbered: they keep their diamonds). Ombre's and
    Tresillo's states, at the start of the play."""
    while len(state.finished) < 5:  # type: ignore[attr-defined]
        if state.current_player() == 0:
            state.apply_string("play " + TOP_CLUB_LEADS[len(state.finished)])  # type: ignore[attr-defined]
        else:
            state.apply_action([a for a in state.legal_actions() if a < 40][-1])
