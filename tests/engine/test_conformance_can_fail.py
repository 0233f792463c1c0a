"""The conformance suite must catch broken games: each test breaks one property."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import tapete
from tapete.errors import IllegalActionError
from tapete.games.pocha import PochaGame, PochaState
from tapete.testing import ConformanceError, check_game, check_seat_choices


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


class _TellingState(PochaState):
    """Issue 29's kind of leak: in a ronda india a seat whose unseen card is a trump may not
    bid 0, so the bids it is offered tell it what its forehead holds (consistently refused by
    ``is_legal``, ``why_illegal`` and ``apply_action``: only the view check can see it)."""

    def _told(self, action: Any) -> bool:
        if self.phase() != "bidding" or action != self.rules.bid_base:
            return False
        own = self.hands[self.current_player()]
        return bool(own >> (16 * self.trump_suit) & 0xFFFF)

    def legal_actions(self) -> list[int]:
        return [a for a in super().legal_actions() if not self._told(a)]

    def why_illegal(self, action: Any) -> Any:
        if self._told(action):
            return IllegalActionError(
                "no bid 0 with a trump", seat=self.current_player(), reason="told"
            )
        return super().why_illegal(action)

    def is_legal(self, action: Any) -> bool:
        return not self._told(action) and super().is_legal(action)

    def apply_action(self, action: Any) -> None:
        error = self.why_illegal(action) if self._told(action) else None
        if error is not None:
            raise error
        super().apply_action(action)


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


def test_legal_actions_that_tell_a_seat_its_unseen_card_are_caught() -> None:
    class Telling(PochaGame):
        def new_initial_state(self) -> PochaState:
            return _TellingState(self)

    game = Telling(n_players=4, hand_size=1, ronda_india=True)
    with pytest.raises(ConformanceError, match="depend on what its view does not show"):
        check_seat_choices(game, games=10)
    with pytest.raises(ConformanceError, match="depend on what its view does not show"):
        check_game(game, games=10)
    # the same game without the leak passes both
    plain = tapete.load_game("pocha", n_players=4, hand_size=1, ronda_india=True)
    assert check_seat_choices(plain, games=10).choices_checked > 0
    assert check_game(plain, games=10).choices_checked > 0
