"""A trick being played says whose card wins it so far (``Trick.winning``), filled by the game.

Checked against the rules tables (La Pocha's and the Ombre family's trick winners, applied to
the cards in playing order and the seats that played them) at every card of random deals of
every trick-taking game, with ``winning`` in the view's JSON only while a trick is played.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tapete
from tapete.engine.api import PlayerView
from tapete.games.ombre_family.tables import nolo_trick_winner
from tapete.games.ombre_family.tables import trick_winner as family_trick_winner
from tapete.games.pocha.tables import STRENGTH, trick_winner

GAMES = [
    ("pocha", {"n_players": 4, "hand_size": 5}),
    ("pocha", {"n_players": 5, "hand_size": 3, "rank_order": "natural"}),
    ("ombre", {}),
    ("tresillo", {}),  # four seats, the dealer sits out: seats do not follow leader + k
    ("tresillo", {"n_players": 3}),
    ("lhombre", {}),  # nolo games (no trumps) too
]


def _expected(view: Any, seats: list[int]) -> int:
    """The seat that played the card the rules tables say wins the trick so far."""
    cards = [int(c) for c in view.current_trick.cards]
    if view.game == "pocha":
        trump = int(view.trump_suit) if view.trump_suit is not None else -1
        return seats[trick_winner(STRENGTH[view.rank_order], trump, cards)]
    if view.trumps is None:
        return seats[nolo_trick_winner(cards)]
    return seats[family_trick_winner(int(view.trumps), cards)]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_the_trick_being_played_says_who_is_winning_it(name: str, params: dict[str, Any]) -> None:
    game = tapete.load_game(name, **params)
    rng = random.Random(7)
    checked = 0
    for _ in range(12):
        state = game.new_initial_state()
        seats: list[int] = []
        while not state.is_terminal():
            actor = state.current_player()
            before = state.view(None).current_trick if state.phase() == "play" else None
            state.apply_action(rng.choice(state.legal_actions()))
            view = state.view(None)
            trick = view.current_trick
            if (
                before is not None
                and trick is not None
                and len(trick.cards) == len(before.cards) + 1
            ):
                seats.append(actor)
            elif trick is None or not trick.cards:
                seats = []
            data = view.to_dict()
            assert PlayerView.from_dict(data) == view
            if trick is None or not trick.cards:
                continue
            assert trick.winner is None
            assert trick.winning == _expected(view, seats), (state.history_strings(), seats)
            assert data["current_trick"]["winning"] == trick.winning
            checked += 1
        finished = state.view(None).finished_tricks
        assert all(t.winning is None for t in finished)  # (a deal all pass has none)
        assert all("winning" not in t for t in state.view(None).to_dict()["finished_tricks"])
    assert checked > 50
