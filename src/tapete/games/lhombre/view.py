"""What a seat knows of a deal of Danish l'hombre (:class:`LhombreView`) and of a session
(:class:`LhombreMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal, TypeAlias, get_args

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView

#: The phases of a deal of Danish l'hombre, in the order of the family's phase numbers (the
#: rules' ``PHASE_NAMES``, typed with it): ``declare`` is the auction winner's declaration
#: of his game, ``turn`` a tourné's card turned up.
LhombrePhase: TypeAlias = Literal[
    "deal", "auction", "declare", "trumps", "turn", "exchange", "stock", "play", "over",
]  # fmt: skip
#: The phases of a session: a deal's (``over`` once the session ends).
LhombreMatchPhase: TypeAlias = LhombrePhase
#: The words of the bidding ladder's steps 1…7 (the rules' ``LEVEL_WORDS``, typed with it):
#: a view's ``bid``.
LhombreBid: TypeAlias = Literal[
    "spil", "bedre", "tourné", "respekt", "solo", "ren-nolo", "nolo-ouvert",
]  # fmt: skip
#: The nine games, in the Union's order (the rules' ``GAMES``, typed with it): a view's
#: ``contract``.
LhombreContract: TypeAlias = Literal[
    "spil", "bedre_spil", "tourne", "kobe_nolo", "tourne_respekt", "solo", "solo_spar",
    "ren_nolo", "nolo_ouvert",
]  # fmt: skip
#: How a deal ended (``LhombreState.result``, and ``all_pass`` when everybody passed).
LhombreOutcome: TypeAlias = Literal["all_pass", "won", "bet", "kruk", "tout_won", "tout_lost"]
#: The kinds of a deal's events: the family's (the cards dealt, turned up, discarded, drawn
#: from the stock, the exchange, the cards played), a bid or a pass, the game declared, the
#: trumps named and tout announced.
LhombreEventKind: TypeAlias = Literal[
    "deal", "pass", "bid", "declare", "trumps", "turn", "discard", "exchange", "draw", "play",
    "tout",
]  # fmt: skip


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

    #: The kinds of its events (:data:`LhombreEventKind`), for code that lays them out.
    EVENT_KINDS: ClassVar[tuple[LhombreEventKind, ...]] = get_args(LhombreEventKind)

    phase: LhombrePhase
    dealer: int
    level: int
    bid: LhombreBid | None
    bidder: int | None
    passed: tuple[int, ...]
    player: int | None
    contract: LhombreContract | None
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
    outcome: LhombreOutcome | None
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
    contract: LhombreContract | None
    outcome: LhombreOutcome
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

    #: The kinds of its events (a deal's: :data:`LhombreEventKind`).
    EVENT_KINDS: ClassVar[tuple[LhombreEventKind, ...]] = get_args(LhombreEventKind)

    phase: LhombreMatchPhase
    num_deals: int
    balances: tuple[int, ...]
    results: tuple[LhombreDealResult, ...]
    pot: int = 0
    unassigned: int = 0
