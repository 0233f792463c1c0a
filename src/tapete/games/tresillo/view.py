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
    own; ``cards_held``, ``discarded`` and ``drawn`` count every seat's. ``polla`` is what
    each of the four put on the plate at the start of the deal, ``bola`` whether the player
    announced bola; once the deal is over, ``estuches`` is the player's run of estuches
    counted (0: none or not played), and ``estuche_paid`` and ``bola_paid`` what each of the
    three others paid the player for them (negative: what the player paid each of them).
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
    polla: int = 0
    bola: bool = False
    estuches: int = 0
    estuche_paid: int = 0
    bola_paid: int = 0


@dataclasses.dataclass(frozen=True)
class TresilloDealResult:
    """The public outcome of one finished deal of a session: who played what and how it
    ended, each seat's change, the plate after it, and the payments that make the changes:
    ``value`` (the game's value per paying player), ``plate_taken`` (what a won game took
    from the plate), ``polla`` (what each seat put on the plate first), ``estuches`` (the
    player's run), ``estuche_paid`` and ``bola_paid`` (what each of the three others paid
    the player; negative: the player paid each of them) and ``bola`` (announced)."""

    dealer: int
    player: int | None
    contract: str | None
    outcome: str
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    plate_after: tuple[int, ...]
    value: int = 0
    plate_taken: int = 0
    polla: int = 0
    bola: bool = False
    estuches: int = 0
    estuche_paid: int = 0
    bola_paid: int = 0


@dataclasses.dataclass(frozen=True)
class TresilloMatchView(MatchView):
    """What one seat knows of a session: the match layer's view with the plate, the
    balances and the finished deals' results."""

    num_deals: int
    plate: tuple[int, ...]
    balances: tuple[int, ...]
    unassigned: int
    results: tuple[TresilloDealResult, ...]
