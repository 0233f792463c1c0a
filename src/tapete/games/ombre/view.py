"""What a seat knows of a deal of Ombre (:class:`OmbreView`) and of a session
(:class:`OmbreMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView


@dataclasses.dataclass(frozen=True)
class OmbreView(PlayerView):
    """What one seat knows of a deal of Ombre.

    ``hand`` and ``discards`` are this seat's own; ``cards_held``, ``discarded`` and
    ``drawn`` count each seat's cards; ``rest`` holds the stock's rest turned up when this
    seat may see it. The deal's history is in ``events`` (a card dealt or drawn by somebody
    else, another seat's discard and an unseen card of the rest are hidden events).
    """

    phase: str
    dealer: int
    ombre: int | None
    sans_prendre: bool
    forced: bool
    trumps: Suit | None
    pool: int
    balances: tuple[int, ...]
    hand: CardSet
    discards: CardSet
    cards_held: tuple[int, ...]
    discarded: tuple[int, ...]
    drawn: tuple[int, ...]
    stock_left: int
    rest: CardSet
    tricks_won: tuple[int, ...]
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    vole: bool
    outcome: str | None


@dataclasses.dataclass(frozen=True)
class DealResult:
    """The public outcome of one finished deal of a session (``changes``: each seat's
    change of balance in it, ``pool_after``: the pool it left)."""

    dealer: int
    ombre: int | None
    sans_prendre: bool
    outcome: str
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    pool_after: int


@dataclasses.dataclass(frozen=True)
class OmbreMatchView(MatchView):
    """What one seat knows of a session: the match layer's view (the live deal ``deal``,
    ``standings`` = the balances, ``finished``) with the money and the choice of the dealer.

    ``shown`` lists the face-up cards of the dealer's choice in progress (phase
    ``first_dealer``; after a pass of 40 cards without a dealer, only the new pass);
    ``selector`` deals them. ``results`` are the finished deals' outcomes. ``events`` are
    the session's events since the live deal began (between deals: the face-up cards of the
    choice of the next dealer), numbered by the session's moves; the face-up cards that
    chose the live deal's dealer went back into its pack, so they are not repeated.
    """

    num_deals: int
    pool: int
    balances: tuple[int, ...]
    unassigned: int
    selector: int
    shown: tuple[tuple[int, Card], ...]
    results: tuple[DealResult, ...]
