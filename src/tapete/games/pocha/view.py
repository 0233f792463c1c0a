"""What one seat knows of a hand of La Pocha: :class:`PochaView`, built by :func:`hand_view`.

The view holds values only (cards, seats, numbers); its ``events`` are the hand's actions as
this seat saw them (a card dealt to another seat shows only whom it went to).

>>> import random, tapete
>>> state = tapete.load_game('pocha', n_players=3, hand_size=2).new_initial_state()
>>> rng = random.Random(1)
>>> while state.phase() != 'play':
...     state.apply_action(rng.choice(state.legal_actions()))
>>> view = state.view(0)
>>> view.cards_held, len(view.hand), [e.kind for e in view.events][-3:]
((2, 2, 2), 2, ['bid', 'bid', 'bid'])

While the dealer (the last to bid) bids, every seat sees the bid it may not make:

>>> state = tapete.load_game('pocha', n_players=3, hand_size=2, dealer=2).new_initial_state()
>>> while state.phase() != 'bidding':
...     state.apply_action(rng.choice(state.legal_actions()))
>>> _ = state.apply_string('bid 1')
>>> state.view(None).forbidden_bid is None
True
>>> _ = state.apply_string('bid 0')
>>> [state.view(s).forbidden_bid for s in (0, 1, 2, None)]
[1, 1, 1, 1]
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias, cast, get_args

from tapete.cards import Card, CardSet, Suit
from tapete.engine.api import PlayerView, Trick
from tapete.games.pocha.actions import BIDDING, PHASE_NAMES, PLAY, TURN

if TYPE_CHECKING:
    from tapete.games.pocha.state import PochaState


#: The phases of a hand, in the order of the rules' ``PHASE_NAMES``
#: (:mod:`~tapete.games.pocha.actions`, typed with it): ``auction`` and ``trumps`` are a
#: *ronda subastada*'s auction for trumps and the naming of them.
PochaPhase: TypeAlias = Literal[
    "deal", "turn", "seven-swap", "two-swap", "bidding", "play", "over", "auction", "trumps",
]  # fmt: skip
#: The phases of a whole game (:class:`~tapete.games.pocha.match.PochaMatchView`): a hand's,
#: and the match's own before the first hand (``first_dealer``; ``over`` after the last).
PochaMatchPhase: TypeAlias = Literal[PochaPhase, "first_dealer"]
#: The packs a game may use (the ``deck`` option: 36, 40 or 48 Spanish cards).
PochaDeck: TypeAlias = Literal["spanish36", "spanish40", "spanish48"]
#: The card rankings (the ``rank_order`` option).
PochaRankOrder: TypeAlias = Literal["tute", "natural"]
#: The kinds of a hand's events (``Event.kind``): the cards dealt and the card turned for
#: trumps, a swap or its refusal (``pass``, also an auction's pass), an auction's offer and
#: the winner's trumps, the bids and the cards played.
PochaEventKind: TypeAlias = Literal[
    "deal", "turn", "swap", "pass", "offer", "trumps", "bid", "play",
]  # fmt: skip
#: The kinds of a whole game's events: a hand's, and the choice of the first dealer (a card
#: ``draw`` n, or the ``dealer`` chosen at random).
PochaMatchEventKind: TypeAlias = Literal[PochaEventKind, "draw", "dealer"]


@dataclasses.dataclass(frozen=True)
class PochaView(PlayerView):
    """What one seat knows of a hand of La Pocha.

    ``deck`` (the pack's name, e.g. ``'spanish40'``) and ``rank_order`` are the public rule
    options a player needs to count cards (every option is in ``spec``). ``cards_held`` is
    how many cards each seat holds; ``swaps`` are ``(seat, card given, card taken)``.

    The hand variants: in a *ronda india* ``hand`` is empty (the seat cannot see its own
    card) and ``foreheads`` has, per seat, the card this seat sees on that seat's forehead
    (``None`` for its own, once played, and in every other hand). In a *ronda ciega*
    ``hand`` is empty too. In a *ronda subastada* ``offers`` holds each seat's last offer in
    the auction for trumps (``None``: none made; the passes are in ``events``) and
    ``auction_winner`` the seat with the highest offer (once the auction is over, the seat
    that names trumps and whose bid is that offer).

    ``forbidden_bid`` is the bid the last to bid may not make (``dealer_restriction``: the
    number that would make the bids add up to ``hand_size``), set while that seat is to bid
    and for every seat alike: the last to bid is the dealer, or the seat before the dealer
    when the dealer won a *ronda subastada*'s auction. ``None`` at every other moment,
    without the restriction, and when the others' bids already add up to more than the hand.
    """

    #: The kinds of its events (:data:`PochaEventKind`), for code that lays them out.
    EVENT_KINDS: ClassVar[tuple[PochaEventKind, ...]] = get_args(PochaEventKind)

    phase: PochaPhase
    n_players: int
    hand_size: int
    dealer: int
    deck: PochaDeck
    rank_order: PochaRankOrder
    hand: CardSet
    cards_held: tuple[int, ...]
    trump_card: Card | None
    trump_suit: Suit | None
    trump_card_holder: int | None
    swaps: tuple[tuple[int, Card, Card], ...]
    bids: tuple[int | None, ...]
    forbidden_bid: int | None
    tricks_won: tuple[int, ...]
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    scores: tuple[int, ...] | None
    foreheads: tuple[Card | None, ...]
    offers: tuple[int | None, ...]
    auction_winner: int | None


#: Every card id's :class:`Card`, and per seat count the tuple of ``None`` s: the same
#: objects from view to view (a view's unchanged fields are then the very same objects,
#: which the observation encoder checks first).
_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(128))
_NONES: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(17))


def _nones(n: int) -> tuple[None, ...]:
    return _NONES[n] if n < len(_NONES) else (None,) * n


def hand_view(state: PochaState, seat: int | None) -> PochaView:
    """The view of ``state`` for ``seat`` (``None``: a spectator)."""
    phase = state._phase
    trump = state.trump_card if phase > TURN else -1
    rules = state.rules
    finished = state._finished_tricks
    n_players = state.n_players
    foreheads: tuple[Card | None, ...] = _nones(n_players)
    own = state.hands[seat] if seat is not None else 0
    if state.india or state.ciega:
        own = 0
        if state.india and seat is not None:
            foreheads = tuple(
                [
                    Card(h.bit_length() - 1) if h and s != seat else None
                    for s, h in enumerate(state.hands)
                ]
            )
    if len(finished) < len(state.finished):  # built once per trick, kept by the state
        for leader, cards, winner in state.finished[len(finished) :]:
            finished.append(Trick.of(leader, cards, winner))
    return PochaView(
        game=state.game.name,
        seat=seat,
        current_player=state.current_player(),
        phase=PHASE_NAMES[phase],
        n_players=state.n_players,
        hand_size=state.hand_size,
        dealer=state.dealer,
        deck=cast(PochaDeck, rules.deck.name),
        rank_order=cast(PochaRankOrder, rules.rank_order),
        hand=CardSet(own),
        cards_held=tuple([h.bit_count() for h in state.hands]),
        trump_card=_CARDS[trump] if trump >= 0 else None,
        trump_suit=Suit(state.trump_suit) if state.trump_suit >= 0 else None,
        trump_card_holder=state.trump_card_holder if state.trump_card_holder >= 0 else None,
        swaps=tuple((s, Card(g), Card(t)) for s, g, t in state.swaps),
        bids=tuple([b if b >= 0 else None for b in state.bids]),
        forbidden_bid=_forbidden_bid(state),
        tricks_won=tuple(state.tricks_won),
        current_trick=(
            Trick.of(state.leader, state.trick, winning=state.winning_seat())
            if phase == PLAY
            else None
        ),
        finished_tricks=tuple(finished),
        scores=tuple(state.scores) if state.scores is not None else None,
        foreheads=foreheads,
        offers=_offers(state),
        auction_winner=state.auction_winner if state.auction_winner >= 0 else None,
        spec=state.game.spec,
        move=state.move_number(),
        events=state.seat_events(seat),
    )


def _forbidden_bid(state: PochaState) -> int | None:
    """The bid the seat to bid may not make, when it is the last to bid (``None``: none).

    Public information only: the bids made, the hand size and who bids last.
    """
    if (
        state._phase != BIDDING
        or not state.rules.dealer_restriction
        or state._to_move != state._last_bidder
    ):
        return None
    forbidden = state.hand_size - sum([b for b in state.bids if b >= 0])
    return forbidden if forbidden >= 0 else None


def _offers(state: PochaState) -> tuple[int | None, ...]:
    """Each seat's last offer in the auction for trumps (``None``: none)."""
    if not state.auction:
        return _nones(state.n_players)
    offers: list[int | None] = [None] * state.n_players
    for seat, offer in state.auction:
        if offer >= 0:
            offers[seat] = offer
    return tuple(offers)
