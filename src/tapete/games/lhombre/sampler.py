"""Deal the unseen cards of a deal of Danish l'hombre consistently with one seat's view.

The family's sampler (:mod:`tapete.games.ombre_family.sampler`: in a trump game Ombre's voids
and matador privilege, in a nolo game the suits not followed); the tourné card is public: its
owner kept it or discarded it, whichever the view allows. A nolo ouvert player's open cards
are his, and nobody else's.
"""

from __future__ import annotations

from tapete.games.lhombre.actions import NUM_DISTINCT_ACTIONS
from tapete.games.lhombre.rules import LhombreRules
from tapete.games.lhombre.view import LhombreView
from tapete.games.ombre_family.sampler import FamilySampler, Seen
from tapete.games.ombre_family.tables import FULL_MASK


class LhombreSampler(FamilySampler[LhombreView, LhombreRules]):
    """The family's sampler with the tourné card and the open hand, the player's."""

    name = "lhombre"
    view_type = LhombreView
    n_actions = NUM_DISTINCT_ACTIONS
    turned_name = "tourné"

    def player(self, view: LhombreView) -> int | None:
        """The player owns the tourné card."""
        return view.player

    def constrain(
        self, rules: LhombreRules, view: LhombreView, seen: Seen, forbidden: dict[int, int]
    ) -> tuple[int, int] | None:
        """A nolo ouvert player holds his open cards, and nobody else does."""
        open_mask = view.open_hand.mask if view.open_hand is not None else 0
        if open_mask and view.player in forbidden:
            for x in [x for x in forbidden if x >= 0]:
                if x != view.player:
                    forbidden[x] |= open_mask
                else:
                    forbidden[x] = FULL_MASK & ~open_mask
        forbidden[-1] = open_mask
        return None


#: Danish l'hombre's sampler.
SAMPLER = LhombreSampler()
