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
from typing import Literal, Protocol, TypeAlias

from tapete.cards import CardSet, Suit
from tapete.engine.api import Trick
from tapete.engine.events import Event

#: The phases of a deal of any game of the family (each game's ``PHASE_NAMES`` names some of
#: them: ``OmbrePhase``, ``TresilloPhase``, ``LhombrePhase``; ``tests/ombre/test_family.py``
#: checks that each is among these).
FamilyPhase: TypeAlias = Literal[
    "deal", "auction", "sans-prendre", "declare", "trumps", "turn", "exchange", "stock", "rest",
    "play", "defence", "over",
]  # fmt: skip
#: How a deal of any game of the family ended (each game's settlement codes:
#: ``OmbreOutcome``, ``TresilloOutcome``, ``LhombreOutcome``).
FamilyOutcome: TypeAlias = Literal[
    "all_pass", "sacardo", "codille", "codille_split", "puesta",
    "sacada", "codillo", "codillo_split", "vuelta_surrendered", "surrendered", "defended",
    "defended_codillo", "defended_saved", "defended_puesta",
    "won", "bet", "kruk", "tout_won", "tout_lost",
]  # fmt: skip
#: The kinds of the events the family's deal code makes (``ombre_family.deal``): the cards
#: dealt, drawn from the stock (``draw``) and turned up (``turn``: in a game with a card
#: turned for the player), a discard, a player's exchange (``exchange``: how many cards he
#: takes), the cards played; each game adds its own (``OmbreEventKind``...).
FamilyEventKind: TypeAlias = Literal["deal", "turn", "discard", "exchange", "draw", "play"]

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
    def phase(self) -> FamilyPhase:
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
    def outcome(self) -> FamilyOutcome | None:
        """How the deal ended (None while it goes on)."""
        ...


__all__ = ["SHARED_FIELDS", "FamilyEventKind", "FamilyOutcome", "FamilyPhase", "FamilyView"]
