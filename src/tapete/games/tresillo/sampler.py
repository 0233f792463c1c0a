"""Deal the unseen cards of a Tresillo deal consistently with one seat's view (its events).

The family's sampler (:mod:`tapete.games.ombre_family.sampler`: Ombre's voids and matador
privilege); the vuelta card is public: its owner kept it (in his hand) or discarded it,
whichever the view allows. The dealer holds nothing.
"""

from __future__ import annotations

from tapete.games.ombre_family.sampler import FamilySampler
from tapete.games.tresillo.actions import NUM_DISTINCT_ACTIONS
from tapete.games.tresillo.rules import TresilloRules
from tapete.games.tresillo.view import TresilloView


class TresilloSampler(FamilySampler[TresilloView, TresilloRules]):
    """The family's sampler with the vuelta card, the player's."""

    name = "tresillo"
    view_type = TresilloView
    n_actions = NUM_DISTINCT_ACTIONS
    turned_name = "vuelta"

    def player(self, view: TresilloView) -> int | None:
        """The player owns the vuelta card."""
        return view.player


#: Tresillo's sampler.
SAMPLER = TresilloSampler()
