"""What a seat knows of a deal of Tresillo (:class:`TresilloView`) and of a session
(:class:`TresilloMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView


@dataclasses.dataclass(frozen=True)
class TresilloView(PlayerView):
    """What one seat knows of a deal of Tresillo.

    Four seats; the ``dealer`` (the *alcalde*) holds no cards. ``bid`` and ``bidder`` are the
    highest bid of the auction so far and who holds it, ``passed`` the seats that passed;
    once the auction is won, ``player`` is the *jugador* and ``contract`` his game (after a
    defended surrender, ``player`` is the defender and ``first_player`` the one who gave
    up). ``turned`` is the vuelta's face-up card. ``hand`` and ``discards`` are this seat's
    own; ``cards_held``, ``discarded`` and ``drawn`` count every seat's.
    """

    phase: str
    dealer: int
    favor: Suit | None
    bid: str | None
    bidder: int | None
    passed: tuple[int, ...]
    player: int | None
    contract: str | None
    first_player: int | None
    trumps: Suit | None
    turned: Card | None
    plate: tuple[int, ...]
    balances: tuple[int, ...]
    hand: CardSet
    discards: CardSet
    cards_held: tuple[int, ...]
    discarded: tuple[int, ...]
    drawn: tuple[int, ...]
    stock_left: int
    tricks_won: tuple[int, ...]
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    outcome: str | None


@dataclasses.dataclass(frozen=True)
class TresilloDealResult:
    """The public outcome of one finished deal of a session."""

    dealer: int
    player: int | None
    contract: str | None
    outcome: str
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    plate_after: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class TresilloMatchView(MatchView):
    """What one seat knows of a session: the match layer's view with the plate, the
    balances and the finished deals' results."""

    num_deals: int
    plate: tuple[int, ...]
    balances: tuple[int, ...]
    unassigned: int
    results: tuple[TresilloDealResult, ...]
