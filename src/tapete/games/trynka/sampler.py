"""Sampling a full Trynka bank consistent with one seat's view (for search bots).

The view's ``events`` give every player action and every dealt card the seat saw when it was
dealt (exposed cards), with the public outcomes (who is out after a reveal, a svara, the
cards shown at a three-tens claim or a showdown); its ``hand`` and ``shown`` give the cards
it knows now in the deal in progress. Deals are independent (each starts from a full
shuffled pack), so each deal of the bank is filled in turn: the known cards go to the seats
they belong to, the unknown ones are drawn uniformly from the cards not known in that deal,
the deal is replayed, and the draw is rejected when a public outcome differs (who lost an
unseen reveal, an unseen tie). What remains is uniform over the deals the seat cannot tell
apart.

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> g = tapete.load_game('trynka')
>>> s = random_playout(g.new_initial_state(), random.Random(4))
>>> g.sample_consistent_state(s.view(1), random.Random(0)).view(1) == s.view(1)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tapete.cards import Card, iter_bits
from tapete.engine.api import Game, PlayerView
from tapete.engine.events import Event
from tapete.errors import InconsistentViewError, TapeteError
from tapete.games.trynka.view import TrynkaView

if TYPE_CHECKING:
    from tapete.games.trynka.state import TrynkaState

#: Attempts per deal before the whole sample is restarted.
DEAL_TRIES = 5000
#: Restarts before the view is declared inconsistent.
RESTARTS = 20


def _local(game: Game, cards: Any) -> int:
    index_of = game.rules.deck.index_of  # type: ignore[attr-defined]
    mask = 0
    for card in cards:
        index = index_of[int(card)]
        if index < 0:
            raise InconsistentViewError(f"{Card(int(card))} is not in the pack of {game.name}")
        mask |= 1 << index
    return mask


def _public_shown(game: Game, segment: tuple[Event, ...], n: int) -> list[int]:
    """The cards of each seat shown to everybody in ``segment`` (claims, showdowns...)."""
    out = [0] * n
    for event in segment:
        shown = event.arg("shown_cards")
        if shown:
            for seat, cards in shown:
                out[seat] |= _local(game, cards)
    return out


def sample_bank(game: Game, view: PlayerView, rng: random.Random) -> TrynkaState:
    """A bank replayed from its start whose ``view(view.seat)`` equals ``view``;
    :class:`InconsistentViewError` for a view no bank of ``game`` can give."""
    if not isinstance(view, TrynkaView):
        raise InconsistentViewError(
            f"{game.name} samples from a TrynkaView, got {type(view).__name__}"
        )
    if view.spec is not None and view.spec != game.spec:
        raise InconsistentViewError(f"the view is of {view.spec.name}, not of {game!r}")
    events = view.all_events()
    if len(events) != view.move or any(e.move != i for i, e in enumerate(events)):
        raise InconsistentViewError("the view's events are not the bank's whole history")
    seat = view.seat
    n = view.n_players
    rules = game.rules  # type: ignore[attr-defined]
    codec = rules.actions
    deck_mask = rules.deck_mask
    root: TrynkaState = game.new_initial_state()  # type: ignore[assignment]
    starts = list(view.deal_starts) or [0]
    bounds = [*starts, len(events)]
    now = [_local(game, view.hand if s == seat else view.shown[s]) for s in range(n)]
    for _ in range(RESTARTS):
        state = root.clone()
        ok = True
        for k in range(len(starts)):
            segment = events[bounds[k] : bounds[k + 1]]
            last = k == len(starts) - 1
            visible = 0
            slots: list[list[int]] = [[] for _ in range(n)]
            for i, event in enumerate(segment):
                if event.kind != "deal":
                    continue
                if event.action is None:
                    slots[event.arg("to")].append(i)
                else:
                    visible |= 1 << codec.card_index(event.action)
            must = _public_shown(game, segment, n)
            if last:
                must = [m | k_ for m, k_ in zip(must, now, strict=True)]
            must = [m & ~visible for m in must]
            taken = visible
            for m in must:
                taken |= m
            pool = list(iter_bits(deck_mask & ~taken))
            hidden = sum(len(s_) for s_ in slots)
            free = hidden - sum(m.bit_count() for m in must)
            if (
                free < 0
                or free > len(pool)
                or any(m.bit_count() > len(slots[s]) for s, m in enumerate(must))
            ):
                raise InconsistentViewError("the view's cards do not fit its deals")
            for e in segment:
                if e.action is None and e.kind != "deal":
                    raise InconsistentViewError(f"a hidden {e.kind} event at move {e.move}")
            actions = [-1 if e.action is None else e.action for e in segment]
            for _try in range(DEAL_TRIES):
                picks = iter(rng.sample(pool, free))
                filled = list(actions)
                for s in range(n):
                    places = slots[s]
                    if not places:
                        continue
                    cards = list(iter_bits(must[s]))
                    cards += [next(picks) for _ in range(len(places) - len(cards))]
                    rng.shuffle(cards)
                    for i, card in zip(places, cards, strict=True):
                        filled[i] = card
                trial = state.clone()
                try:
                    for action in filled:
                        trial.apply_action(action)
                except TapeteError:
                    continue
                if trial.events(seat, bounds[k]) != segment:
                    continue
                if last and trial.view(seat) != view:
                    continue
                state = trial
                break
            else:
                ok = False
                break
        if ok and state.view(seat) == view:
            return state
    raise InconsistentViewError("no bank found consistent with the view")
