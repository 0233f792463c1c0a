"""Sampling a full Trynka state consistent with one seat's view (for search bots).

The view's ``observed`` history gives every player action and every dealt card the seat
knows (its own after looking, exposed cards, cards shown to it at a reveal, three tens
claimed). Deals are independent (each starts from a full shuffled pack), so each deal is
filled in turn: the unknown cards of the deal are drawn uniformly from the cards not known
in it, the deal is replayed, and the draw is rejected when a public outcome differs (who lost
an unseen reveal, an unseen tie, a showdown). What remains is uniform over the deals the
seat cannot tell apart.

>>> import random, tapete
>>> from tapete.engine.chance import random_playout
>>> g = tapete.load_game('trynka')
>>> s = random_playout(g.new_initial_state(), random.Random(4))
>>> g.sample_consistent_state(s.view(1), random.Random(0)).view(1) == s.view(1)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tapete.cards import iter_bits
from tapete.errors import TapeteError

if TYPE_CHECKING:
    from tapete.games.trynka.game import TrynkaState, TrynkaView, _TrynkaGameBase

#: Attempts per deal before the whole sample is restarted.
DEAL_TRIES = 5000


def _actions(state: TrynkaState, observed: tuple[str | None, ...]) -> list[int | None]:
    return [None if text is None else state.string_to_action(text) for text in observed]


def sample_state(game: _TrynkaGameBase, view: TrynkaView, rng: random.Random) -> TrynkaState:
    """A state replayed from the initial one whose ``view(view.seat)`` equals ``view``."""
    seat = view.seat
    root = game.new_initial_state()
    actions = _actions(root, view.observed)
    starts = list(view.deal_starts)
    bounds = [*starts, len(actions)]
    deck = game.rules.deck_mask
    for _ in range(20):
        state = root.clone()
        for action in actions[: starts[0] if starts else len(actions)]:
            if action is None:  # pragma: no cover - first-dealer draws are public
                raise ValueError("a hidden action before the first deal")
            state.apply_action(action)
        ok = True
        for k in range(len(starts)):
            segment = actions[bounds[k] : bounds[k + 1]]
            known = 0
            for action in segment:
                if action is not None and 64 <= action < 256:
                    known |= 1 << (action & 127)
            unknown = segment.count(None)
            pool = list(iter_bits(deck & ~known))
            last = k == len(starts) - 1
            for _try in range(DEAL_TRIES):
                trial = state.clone()
                picks = iter(rng.sample(pool, unknown))
                try:
                    for action in segment:
                        trial.apply_action(next(picks) if action is None else action)
                except TapeteError:
                    continue
                if trial.notes != list(view.notes[: len(trial.notes)]):
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
    raise ValueError("no state found consistent with the view")  # pragma: no cover
