"""What a seat knows of a deal of Tresillo (:class:`TresilloView`) and of a session
(:class:`TresilloMatchView`): values only, the history as events (``view.events``)."""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal, TypeAlias, get_args

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.engine.match import MatchView

#: The phases of a deal of Tresillo, in the order of the family's phase numbers (the rules'
#: ``PHASE_NAMES``, typed with it): ``turn`` is the vuelta's card turned up, ``defence``
#: the defenders asked after a surrender.
TresilloPhase: TypeAlias = Literal[
    "deal", "auction", "trumps", "turn", "exchange", "stock", "play", "defence", "over",
]  # fmt: skip
#: The phases of a session: a deal's (``over`` once the session ends).
TresilloMatchPhase: TypeAlias = TresilloPhase
#: The games (the rules' ``CONTRACTS``, lowest first, typed with it): a view's ``bid`` (the
#: highest so far) and ``contract`` (the one played) are among them.
TresilloContract: TypeAlias = Literal["entrada", "entrada_favor", "vuelta", "solo", "solo_favor"]
#: How a deal ended (``tresillo.scoring``'s settlements; ``all_pass``, and a surrender:
#: ``vuelta_surrendered``, ``surrendered``).
TresilloOutcome: TypeAlias = Literal[
    "all_pass", "sacada", "codillo", "codillo_split", "puesta", "vuelta_surrendered",
    "surrendered", "defended", "defended_codillo", "defended_saved", "defended_puesta",
]  # fmt: skip
#: Who puts the polla on the plate at the start of a deal (the ``polla_by`` option): each of
#: the four, or the dealer alone.
TresilloPollaBy: TypeAlias = Literal["each", "dealer"]
#: The kinds of a deal's events: the family's (the cards dealt, turned up, discarded, drawn
#: from the stock, the exchange, the cards played), a bid or a pass, the trumps named, a
#: surrender and the defenders' answers, bola announced.
TresilloEventKind: TypeAlias = Literal[
    "deal", "pass", "bid", "trumps", "turn", "discard", "exchange", "draw", "play",
    "surrender", "defend", "accept", "bola",
]  # fmt: skip


@dataclasses.dataclass(frozen=True)
class TresilloView(PlayerView):
    """What one seat knows of a deal of Tresillo.

    Four seats; the ``dealer`` (the *alcalde*) holds no cards. ``bid`` and ``bidder`` are the
    highest bid of the auction so far and who holds it, ``passed`` the seats that passed;
    once the auction is won, ``player`` is the *jugador* and ``contract`` his game (after a
    defended surrender, ``player`` is the defender and ``first_player`` the one who gave
    up). ``turned`` is the vuelta's face-up card. ``hand`` and ``discards`` are this seat's
    own; ``cards_held``, ``discarded`` and ``drawn`` count every seat's. ``polla`` is what
    each of the four (``polla_by = "each"``) or the dealer alone (``"dealer"``) put on the
    plate at the start of the deal, ``bola`` whether the player
    announced bola; once the deal is over, ``estuches`` is the player's run of estuches
    counted (0: none or not played), and ``estuche_paid`` and ``bola_paid`` what each of the
    three others paid the player for them (negative: what the player paid each of them).
    """

    #: The kinds of its events (:data:`TresilloEventKind`), for code that lays them out.
    EVENT_KINDS: ClassVar[tuple[TresilloEventKind, ...]] = get_args(TresilloEventKind)

    phase: TresilloPhase
    dealer: int
    favor: Suit | None
    bid: TresilloContract | None
    bidder: int | None
    passed: tuple[int, ...]
    player: int | None
    contract: TresilloContract | None
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
    outcome: TresilloOutcome | None
    polla: int = 0
    polla_by: TresilloPollaBy = "each"
    bola: bool = False
    estuches: int = 0
    estuche_paid: int = 0
    bola_paid: int = 0


@dataclasses.dataclass(frozen=True)
class TresilloDealResult:
    """The public outcome of one finished deal of a session: who played what and how it
    ended, each seat's change, the plate after it, and the payments that make the changes:
    ``value`` (the game's value per paying player), ``plate_taken`` (what a won game took
    from the plate), ``polla`` (what each seat, or with ``polla_by = "dealer"`` the dealer
    alone, put on the plate first), ``estuches`` (the
    player's run), ``estuche_paid`` and ``bola_paid`` (what each of the three others paid
    the player; negative: the player paid each of them) and ``bola`` (announced)."""

    dealer: int
    player: int | None
    contract: TresilloContract | None
    outcome: TresilloOutcome
    tricks_won: tuple[int, ...]
    changes: tuple[int, ...]
    plate_after: tuple[int, ...]
    value: int = 0
    plate_taken: int = 0
    polla: int = 0
    polla_by: TresilloPollaBy = "each"
    bola: bool = False
    estuches: int = 0
    estuche_paid: int = 0
    bola_paid: int = 0


@dataclasses.dataclass(frozen=True)
class TresilloMatchView(MatchView):
    """What one seat knows of a session: the match layer's view with the plate, the
    balances and the finished deals' results."""

    #: The kinds of its events (a deal's: :data:`TresilloEventKind`).
    EVENT_KINDS: ClassVar[tuple[TresilloEventKind, ...]] = get_args(TresilloEventKind)

    phase: TresilloMatchPhase
    num_deals: int
    plate: tuple[int, ...]
    balances: tuple[int, ...]
    unassigned: int
    results: tuple[TresilloDealResult, ...]
