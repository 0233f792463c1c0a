"""Reusable test machinery: the conformance suite every registered game must pass.

>>> import tapete
>>> from tapete.testing import check_game
>>> report = check_game(tapete.load_game('pocha', hand_size=2), games=2, seed=1)
>>> report.games, report.states_checked > 0
(2, True)
"""

from tapete.testing.conformance import (
    ConformanceError,
    ConformanceReport,
    SeatChoices,
    check_choices,
    check_game,
    check_seat_choices,
    seat_choices,
)
from tapete.testing.views import decision_states, decision_views

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "SeatChoices",
    "check_choices",
    "check_game",
    "check_seat_choices",
    "decision_states",
    "decision_views",
    "seat_choices",
]
