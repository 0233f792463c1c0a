"""What one seat may know of a Trynka bank (:class:`TrynkaView`) and of a session
(:class:`TrynkaMatchView`): values only, the text for people is made at the edges.

Cards are :class:`~tapete.cards.Card` values (card ids) in the views; the rules core works
with deck-local masks internally.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Literal, TypeAlias, TypeVar, get_args

from tapete.cards import Card, CardSet
from tapete.engine.api import PlayerView
from tapete.engine.events import Event
from tapete.engine.match import MatchView

#: The stages of a bank (``TrynkaState.phase``: the stage, or ``closed`` while the betting
#: is closed): the deal, the blinds, the first round, a blind player's look, the betting, a
#: reveal's answer, a svara proposed and joined, the window in which three tens may be
#: claimed (``tens_claim_moment = any_moment``), the end.
TrynkaPhase: TypeAlias = Literal[
    "deal", "blind", "round1", "blind_look", "betting", "closed", "reveal", "svara_proposal",
    "svara_join", "tens_window", "over",
]  # fmt: skip
#: The phases of a session: a bank's, and the choice of the first dealer (``first_dealer``;
#: ``over`` once the session ends).
TrynkaMatchPhase: TypeAlias = Literal[TrynkaPhase, "first_dealer"]
#: The kinds of a bank's events: the cards dealt, a flash of the first card or not, a card
#: kept or replaced, a blind, an over-blind, a bet, and the rules' simple actions
#: (``SIMPLE_KINDS``: fold, reveal, three tens claimed, a svara proposed, accepted, refused,
#: joined or declined, a hand shown).
TrynkaEventKind: TypeAlias = Literal[
    "deal", "flash", "no_flash", "keep", "replace", "blind", "overblind", "bet", "fold",
    "reveal", "tens", "propose", "accept", "refuse", "join", "decline", "show",
]  # fmt: skip
#: The kinds of a session's events: a bank's, and the cards drawn to choose the first dealer.
TrynkaMatchEventKind: TypeAlias = Literal[TrynkaEventKind, "draw"]


@dataclasses.dataclass(frozen=True)
class TrynkaView(PlayerView):
    """What one seat may know in a bank of Trynka (``seat`` None: a spectator).

    ``hand`` holds the seat's own cards it knows (all three once it has looked, otherwise
    only its exposed ones); ``shown[s]`` the cards of seat ``s`` this seat has seen in the
    deal in progress (exposed, shown to it at a reveal, three tens claimed, a showdown);
    ``cards_held[s]`` how many cards seat ``s`` holds; ``reveal_cost`` what a reveal costs the
    seat to act now (0 when it cannot reveal); ``deal_starts`` the move numbers where each
    deal of the bank began (a svara or a three-tens claim starts a new deal of the same
    bank). ``events`` (of :class:`PlayerView`) are the events of the deal in progress as this
    seat saw them, ``earlier`` those of the bank's earlier deals (before a svara or a
    three-tens redeal: their cards were gathered and shuffled again).
    """

    #: The kinds of its events (:data:`TrynkaEventKind`), for code that lays them out.
    EVENT_KINDS: ClassVar[tuple[TrynkaEventKind, ...]] = get_args(TrynkaEventKind)

    phase: TrynkaPhase
    n_players: int
    dealer: int
    stake: int
    level: int
    level_cap: int
    bank: int
    balances: tuple[int, ...]
    paid: tuple[int, ...]
    participants: tuple[int, ...]
    active: tuple[bool, ...]
    dark: tuple[bool, ...]
    looked: tuple[bool, ...]
    cards_held: tuple[int, ...]
    hand: CardSet
    shown: tuple[CardSet, ...]
    bottom: CardSet
    closed: bool
    svara_count: int
    join_fee: int
    reveal_cost: int
    next_dealer: int | None
    deal_starts: tuple[int, ...]
    earlier: tuple[Event, ...] = ()

    def live_part(self) -> TrynkaView:
        """The view without the earlier deals' events (their cards were gathered)."""
        return dataclasses.replace(self, earlier=()) if self.earlier else self

    def all_events(self) -> tuple[Event, ...]:
        """Every event of the bank so far (``earlier`` then ``events``)."""
        return self.earlier + self.events


@dataclasses.dataclass(frozen=True)
class TrynkaMatchView(MatchView):
    """What one seat knows of a session of banks (``trynka-match``).

    Besides :class:`~tapete.engine.match.MatchView`'s fields: ``balances``, every player's
    chips now (the bank in progress counted: what each has paid into it is already gone);
    ``banks``, the number of banks of the session; ``draws``, the cards turned to choose the
    first dealer as ``(seat, card)`` (seat -1: the host's first card, to the table);
    ``first_dealer``, once chosen. The live bank's view is ``deal``
    (a :class:`TrynkaView`).
    """

    #: The kinds of its events (:data:`TrynkaMatchEventKind`).
    EVENT_KINDS: ClassVar[tuple[TrynkaMatchEventKind, ...]] = get_args(TrynkaMatchEventKind)

    phase: TrynkaMatchPhase
    balances: tuple[int, ...]
    banks: int
    draws: tuple[tuple[int, Card], ...]
    first_dealer: int | None

    def live_part(self) -> PlayerView | None:
        """The live bank's view without its earlier deals' events."""
        return self.deal.live_part() if self.deal is not None else None


_ViewT = TypeVar("_ViewT", bound=PlayerView)
_FAST: dict[type, bool] = {}


def build_view(cls: type[_ViewT], fields: dict[str, Any]) -> _ViewT:
    """``cls(**fields)`` for a view class, made without the frozen dataclass's per-field
    checks when its instances keep every field in ``__dict__`` (pure Python: a view at every
    decision stays cheap); the usual constructor otherwise (the compiled core's native base).
    ``fields`` must name every field."""
    fast = _FAST.get(cls)
    if fast is None:
        probe = cls(**fields)
        fast = _FAST[cls] = all(f.name in vars(probe) for f in dataclasses.fields(cls))
        return probe
    if not fast:
        return cls(**fields)
    view = object.__new__(cls)
    view.__dict__.update(fields)
    return view
