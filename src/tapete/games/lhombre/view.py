"""What a seat knows of a deal of Danish l'hombre (:class:`LhombreView`) and of a session
(:class:`LhombreMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView


@dataclasses.dataclass(frozen=True)
class LhombreView(PlayerView):
    """What one seat knows of a deal of Danish l'hombre.

    Three seats in playing order (anti-clockwise); the seat after the ``dealer`` is forehand.
    ``level`` is the step of the bidding ladder reached (1 ``spil`` … 7 ``nolo-ouvert``, 0
    before any bid), ``bid`` its word and ``bidder`` who holds it; ``passed`` the seats that
    passed. Once the auction is won, ``player`` is the player (*manden*) and ``contract``
    the game he declared (``spil``, ``bedre_spil``, ``tourne``, ``kobe_nolo``,
    ``tourne_respekt``, ``solo``, ``solo_spar``, ``ren_nolo``, ``nolo_ouvert``); ``turned``
    is a tourné's face-up card; ``open_hand`` the cards a nolo ouvert player holds, laid
    open for everybody once the play begins. ``hand`` and ``discards`` are this seat's own;
    ``cards_held``, ``discarded`` and ``drawn`` count every seat's. With ``settlement =
    pot``: ``pot`` is what the pot holds now, ``ante`` what each player put into it as the
    deal began (0: it was not empty), ``pot_paid`` what the player took from it (negative:
    paid into it) once the deal is settled.
    """

    phase: str
    dealer: int
    level: int
    bid: str | None
    bidder: int | None
    passed: tuple[int, ...]
    player: int | None
    contract: str | None
    trumps: Suit | None
    turned: Card | None
    open_hand: CardSet | None
    tout: bool
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
    pot: int = 0
    ante: int = 0
    pot_paid: int = 0


@dataclasses.dataclass(frozen=True)
class LhombreDealResult:
    """The public outcome of one finished deal of a session (with ``settlement = pot``,
    also the ``ante`` each player put into the pot first, what the player took from it,
    ``pot_paid``, negative when he paid into it, and the pot after the deal)."""

    dealer: int
    player: int | None
    contract: str | None
    outcome: str
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    ante: int = 0
    pot_paid: int = 0
    pot_after: int = 0


@dataclasses.dataclass(frozen=True)
class LhombreMatchView(MatchView):
    """What one seat knows of a session: the match layer's view with the balances and the
    finished deals' results; with ``settlement = pot``, the ``pot`` (shared equally when the
    session ends, ``unassigned`` the remainder)."""

    num_deals: int
    balances: tuple[int, ...]
    results: tuple[LhombreDealResult, ...]
    pot: int = 0
    unassigned: int = 0
