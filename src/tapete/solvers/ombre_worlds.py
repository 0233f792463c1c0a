"""Fast worlds for Ombre's card play: the other two hands dealt from one seat's view.

The game's sampler (:func:`tapete.games.ombre.sampler.sample_deal`) rebuilds a whole deal,
history and all, and replays it through the engine; the card-play search only needs the two
hands the other seats hold now. :func:`play_constraints` reads them off the view — the cards
the seat cannot place (the others' hands, their discards, the unseen stock), how many each
other seat holds, and the cards each of them cannot hold by the inferences of the play
(:func:`tapete.games.ombre_family.sampler.infer_forbidden`: a seat that did not follow holds none of
the suit led, a trump lead not answered with a trump means no obliged trump) — and
:func:`sample_hands` deals them within those constraints, as card-id bitmasks. The
``forced_spadille`` variant's extra inference (the forced ombre held ♠A) is not modelled:
:func:`play_constraints` returns ``None`` there and the caller uses the game's sampler.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('ombre')
>>> rng = random.Random(2)
>>> state = game.new_initial_state()
>>> while not (state.phase() == 'play' and len(state.finished) == 3):
...     state.apply_action(rng.choice(state.legal_actions()))
>>> view = state.view(0)
>>> found = play_constraints(view, privilege=True)
>>> hands = sample_hands(found, rng)
>>> sorted(hands) == [1, 2] and [h.bit_count() for h in hands.values()] == [6, 6]
True
>>> all(hands[s] & found.forbidden[s] == 0 for s in hands)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tapete.cards import iter_bits
from tapete.engine.api import tricks_mask
from tapete.errors import InconsistentViewError
from tapete.games.ombre_family.sampler import infer_forbidden
from tapete.games.ombre_family.tables import FULL_MASK

#: Tries of the constrained deal before giving up (a consistent view never needs many).
MAX_TRIES = 64


@dataclass(frozen=True)
class PlayConstraints:
    """What one seat's view fixes of the other two hands during the play (card-id masks)."""

    #: The seat whose view it is.
    seat: int
    #: The cards it cannot place: the others' hands, every discard but its own, the stock.
    hidden: int
    #: ``need[s]``: how many cards seat ``s`` holds (the seat's own entry is its hand size).
    need: tuple[int, int, int]
    #: ``forbidden[s]``: the cards seat ``s`` cannot hold by the inferences of the play.
    forbidden: tuple[int, int, int]


class _Privilege:
    def __init__(self, privilege: bool) -> None:
        self.privilege = privilege


def play_constraints(view: Any, privilege: bool) -> PlayConstraints | None:
    """The constraints of an Ombre view in the play (``privilege``: the matador privilege
    is in force), or ``None`` when the view is not of the play or is of a forced ombre
    (``forced_spadille``, which the game's sampler handles)."""
    seat = view.seat
    if seat is None or view.phase != "play" or view.trumps is None or view.forced:
        return None
    tricks = [*view.finished_tricks, view.current_trick]
    plays: list[tuple[int, int]] = []
    for trick in tricks:
        if trick is None:
            continue
        for i, card in enumerate(trick.cards):
            plays.append(((trick.leader + i) % 3, int(card)))
    played = tricks_mask(tricks)
    known = played | view.hand.mask | view.discards.mask | view.rest.mask
    hidden = FULL_MASK & ~known
    forbidden = infer_forbidden(_Privilege(privilege), int(view.trumps), plays)
    forbidden[seat] = 0
    need = (view.cards_held[0], view.cards_held[1], view.cards_held[2])
    return PlayConstraints(seat, hidden, need, (forbidden[0], forbidden[1], forbidden[2]))


def sample_hands(found: PlayConstraints, rng: random.Random) -> dict[int, int]:
    """The two other seats' hands (``{seat: card-id mask}``) dealt within ``found``: each a
    random set of allowed cards of the right size (the more constrained seat first, so that
    the other always keeps enough cards); :class:`InconsistentViewError` if none exists."""
    others = [s for s in range(3) if s != found.seat]
    allowed = {s: found.hidden & ~found.forbidden[s] for s in others}
    first, second = sorted(
        others, key=lambda s: allowed[s].bit_count() - found.need[s] + rng.random() * 0.5
    )
    first_cards = list(iter_bits(allowed[first]))
    n_first, n_second = found.need[first], found.need[second]
    if len(first_cards) < n_first:
        raise InconsistentViewError("a seat holds more cards than it may")
    for _ in range(MAX_TRIES):
        hand = 0
        for card in rng.sample(first_cards, n_first):
            hand |= 1 << card
        rest = list(iter_bits(allowed[second] & ~hand))
        if len(rest) >= n_second:
            other = 0
            for card in rng.sample(rest, n_second):
                other |= 1 << card
            return {first: hand, second: other}
    raise InconsistentViewError("no deal of the hidden cards fits the view")
