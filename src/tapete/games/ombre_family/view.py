"""The fields every view of a deal of the Ombre family has (:class:`FamilyView`).

``FamilyDealState.shared_view_fields`` (:mod:`tapete.games.ombre_family.deal`) fills them;
each game's view class (``OmbreView``, ``TresilloView``, ``LhombreView``) declares them among
its own fields, in an order of its own: the research encodings lay a view's fields out in
their declared order (``docs/rl-layouts.md``), so the classes do not inherit them from one
base, which would move every shared field first. This protocol is what code written for the
whole family reads (the sampler); a game's view conforms to it (the three games' do:
``tests/ombre/test_family.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tapete.cards import CardSet, Suit
from tapete.engine.api import Trick
from tapete.engine.events import Event

#: The names of :class:`FamilyView`'s fields, the ones every game's deal view declares.
SHARED_FIELDS = (
    "seat", "current_player", "events", "phase", "dealer", "trumps", "balances", "hand",
    "discards", "cards_held", "discarded", "drawn", "stock_left", "tricks_won",
    "current_trick", "finished_tricks", "outcome",
)  # fmt: skip


class FamilyView(Protocol):
    """What one seat knows of a deal of any game of the family (values only)."""

    @property
    def seat(self) -> int | None:
        """The seat this view is of (None: a spectator)."""
        ...

    @property
    def current_player(self) -> int:
        """The seat to act (or CHANCE, TERMINAL)."""
        ...

    @property
    def events(self) -> tuple[Event, ...]:
        """The deal's events as this seat saw them."""
        ...

    @property
    def phase(self) -> str:
        """The deal's phase (``deal``, ``auction``, ``exchange``, ``play``, ``over``…)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def trumps(self) -> Suit | None:
        """The trump suit once named (None before, and in a game without trumps)."""
        ...

    @property
    def balances(self) -> Sequence[int]:
        """Every seat's balance as the deal has it."""
        ...

    @property
    def hand(self) -> CardSet:
        """This seat's cards (none for a spectator)."""
        ...

    @property
    def discards(self) -> CardSet:
        """This seat's cards thrown away in the exchange."""
        ...

    @property
    def cards_held(self) -> Sequence[int]:
        """How many cards each seat holds (one entry per seat at the table)."""
        ...

    @property
    def discarded(self) -> Sequence[int]:
        """How many cards each seat discarded."""
        ...

    @property
    def drawn(self) -> Sequence[int]:
        """How many cards each seat drew from the stock."""
        ...

    @property
    def stock_left(self) -> int:
        """The cards left in the stock."""
        ...

    @property
    def tricks_won(self) -> Sequence[int]:
        """The tricks each seat took."""
        ...

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played."""
        ...

    @property
    def finished_tricks(self) -> Sequence[Trick]:
        """The tricks played to the end."""
        ...

    @property
    def outcome(self) -> str | None:
        """How the deal ended (None while it goes on)."""
        ...


__all__ = ["SHARED_FIELDS", "FamilyView"]
