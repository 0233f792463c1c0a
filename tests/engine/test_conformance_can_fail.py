"""The conformance suite must catch broken games: each test breaks one property."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import tapete
from tapete.games.pocha import PochaGame, PochaState
from tapete.testing import ConformanceError, check_game


class _LeakyState(PochaState):
    def view(self, seat: int | None) -> Any:
        view = super().view(seat)
        return dataclasses.replace(view, hand=tapete.CardSet(sum(self.hands)))


class _SloppyState(PochaState):
    def legal_actions(self) -> list[int]:
        actions = super().legal_actions()
        return actions[:-1] if self.phase() == "play" and len(actions) > 1 else actions


class _SameKeyState(PochaState):
    def why_illegal(self, action: int) -> Any:
        error = super().why_illegal(action)
        if error is not None and self.phase() == "bidding":
            return None  # claims every bid is legal
        return error


def _game_with(state_class: type[PochaState]) -> PochaGame:
    class Broken(PochaGame):
        def new_initial_state(self) -> PochaState:
            return state_class(self)

    return Broken(hand_size=3)


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (_LeakyState, "shows hidden cards"),
        (_SloppyState, "is_legal accepts"),
        (_SameKeyState, "is_legal"),
    ],
)
def test_broken_games_are_caught(state_class: type[PochaState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(_game_with(state_class), games=2)
