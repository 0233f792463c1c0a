"""Sealed actions: legal actions whose number or text would name a card the seat may not know.

In La Pocha's *ronda india* and *ronda ciega* a seat's one legal play is its own unseen card,
and the action's number is the card's index. The online table sends such an action under a
placeholder with each such card written ``?`` (``docs/protocol.md``, *Sealed actions*), and the
conformance suite compares a seat's choices the same way (``tapete.testing.seat_choices``):
both use :func:`seal_actions`.

A card is *unseen* by the seat when it is hidden from it (``state.hidden_cards(seat)``) and
the live part of its view (:meth:`PlayerView.live_part`: a match view's current deal) does not
show it. Cards elsewhere in a match view (the first-dealer draws of ``pocha-match``, from a
pack shuffled again before every deal) say nothing about where that card is now, so they do
not unseal it.

>>> import tapete
>>> g = tapete.load_game('pocha', n_players=3, hand_size=1, ronda_ciega=True)
>>> s = g.new_initial_state()
>>> for t in ['deal Ao', 'deal 3c', 'deal Re', 'turn 4o', 'bid 0', 'bid 1', 'bid 1']:
...     _ = s.apply_string(t)
>>> seal_actions(s, 0, s.view(0), s.legal_actions())
[SealedAction(action=0, text='play Ao', sealed='play ?')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tapete.cards import Card, CardSet
from tapete.engine.api import PlayerView, State, cards_in


class SealedAction(NamedTuple):
    """A legal action as a seat is offered it: ``sealed`` is ``None`` when the seat may see it
    as it is, else its text with every unseen card written ``?``."""

    action: int
    text: str
    sealed: str | None


def seal_actions(
    state: State, seat: int, view: PlayerView, actions: Sequence[int]
) -> list[SealedAction]:
    """``actions`` (legal in ``state``, where ``seat`` is to move and ``view`` is its view)
    with the text of each, sealed when the text names a card the seat has not seen."""
    hidden: CardSet | None = None
    shown: set[Card] | None = None
    out = []
    for action in actions:
        text = state.action_to_string(action)
        named = list(cards_in(text, True))
        unseen: list[Card] = []
        if named:
            hidden = state.hidden_cards(seat) if hidden is None else hidden
            unseen = [card for card in named if card in hidden]
            if unseen:
                if shown is None:
                    live = view.live_part()
                    shown = set(cards_in(live)) if live is not None else set()
                unseen = [card for card in unseen if card not in shown]
        if unseen:
            words = [
                "?" if any(c in unseen for c in cards_in(word, True)) else word
                for word in text.split()
            ]
            out.append(SealedAction(action, text, " ".join(words)))
        else:
            out.append(SealedAction(action, text, None))
    return out
