"""What a seat knows of a deal of Ombre (:class:`OmbreView`) and of a session
(:class:`OmbreMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal, TypeAlias, get_args

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView

#: The phases of a deal of Ombre, in the order of the family's phase numbers (the rules'
#: ``PHASE_NAMES``, typed with it): ``sans-prendre`` is the question whether a bid is
#: played without taking, ``rest`` the turning up of the stock's rest.
OmbrePhase: TypeAlias = Literal[
    "deal", "auction", "sans-prendre", "trumps", "exchange", "stock", "rest", "play", "over",
]  # fmt: skip
#: The phases of a session: a deal's, and the choice of the first dealer (``first_dealer``;
#: ``over`` once the session ends).
OmbreMatchPhase: TypeAlias = Literal[OmbrePhase, "first_dealer"]
#: How a deal ended (``ombre.scoring.settle``, and ``all_pass`` when everybody passed).
OmbreOutcome: TypeAlias = Literal["all_pass", "sacardo", "codille", "codille_split", "puesta"]
#: The kinds of a deal's events: the family's (the cards dealt, discarded, drawn from the
#: stock, the exchange, the cards played), a bid or a pass, the trumps named, the stock's
#: rest turned up and the vole announced.
OmbreEventKind: TypeAlias = Literal[
    "deal", "pass", "bid", "trumps", "discard", "exchange", "draw", "rest", "play", "vole",
]  # fmt: skip
#: The kinds of a session's events: a deal's, and the face-up cards that choose the dealer.
OmbreMatchEventKind: TypeAlias = Literal[OmbreEventKind, "show"]


@dataclasses.dataclass(frozen=True)
class OmbreView(PlayerView):
    """What one seat knows of a deal of Ombre.

    ``hand`` and ``discards`` are this seat's own; ``cards_held``, ``discarded`` and
    ``drawn`` count each seat's cards; ``rest`` holds the stock's rest turned up when this
    seat may see it. The deal's history is in ``events`` (a card dealt or drawn by somebody
    else, another seat's discard and an unseen card of the rest are hidden events).
    """

    #: The kinds of its events (:data:`OmbreEventKind`), for code that lays them out.
    EVENT_KINDS: ClassVar[tuple[OmbreEventKind, ...]] = get_args(OmbreEventKind)

    phase: OmbrePhase
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
    outcome: OmbreOutcome | None


@dataclasses.dataclass(frozen=True)
class DealResult:
    """The public outcome of one finished deal of a session (``changes``: each seat's
    change of balance in it, ``pool_after``: the pool it left)."""

    dealer: int
    ombre: int | None
    sans_prendre: bool
    outcome: OmbreOutcome
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

    #: The kinds of its events (:data:`OmbreMatchEventKind`).
    EVENT_KINDS: ClassVar[tuple[OmbreMatchEventKind, ...]] = get_args(OmbreMatchEventKind)

    phase: OmbreMatchPhase
    num_deals: int
    pool: int
    balances: tuple[int, ...]
    unassigned: int
    selector: int
    shown: tuple[tuple[int, Card], ...]
    results: tuple[DealResult, ...]
