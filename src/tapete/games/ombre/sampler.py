"""Deal the unseen cards of an Ombre deal consistently with one seat's view (its events).

The family's sampler (:mod:`tapete.games.ombre_family.sampler`: voids, the matador
privilege) with Ombre's own inference: with ``all_pass = forced_spadille`` the forced ombre
held ♠A before the exchange (among the cards he was dealt: kept or discarded, never drawn),
and after three passes thrown in, nobody held it. The rest's hidden cards are Ombre's too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from tapete.engine.api import PlayerView
from tapete.games.ombre.actions import NUM_DISTINCT_ACTIONS
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.view import OmbreView
from tapete.games.ombre_family.sampler import FamilySampler, Seen
from tapete.games.ombre_family.tables import SPADILLE

if TYPE_CHECKING:
    from tapete.games.ombre.game import OmbreGame
    from tapete.games.ombre.state import OmbreState


class OmbreSampler(FamilySampler[OmbreView, OmbreRules]):
    """The family's sampler with Ombre's rest and forced ♠A."""

    name = "ombre"
    view_type = OmbreView
    n_actions = NUM_DISTINCT_ACTIONS
    hidden_kinds: ClassVar[frozenset[str]] = frozenset(("deal", "draw", "discard", "rest"))
    kept_first = True

    def constrain(
        self, rules: OmbreRules, view: OmbreView, seen: Seen, forbidden: dict[int, int]
    ) -> tuple[int, int] | None:
        """The forced ombre was dealt ♠A; after three passes thrown in, it was in the stock."""
        speeches = [
            (e.actor, e.arg("contract", "pass"))
            for e in view.events
            if not e.hidden and e.action is not None and e.kind in ("pass", "bid")
        ]
        forced = -1
        if (
            len(speeches) >= 4
            and all(v == "pass" for _, v in speeches[:3])
            and speeches[3][1] == "ombre"
        ):
            forced = speeches[3][0]
        unknown = seen.unknown
        three_passes = len(speeches) == 3 and all(v == "pass" for _, v in speeches)
        if rules.forced_spadille and three_passes:
            if view.current_player >= 0:
                forced = view.current_player  # he holds ♠A, yet to declare himself ombre
            elif unknown >> SPADILLE & 1:
                for x in list(forbidden):  # thrown in: nobody held ♠A, it was in the stock
                    forbidden[x] |= 1 << SPADILLE
        if forced < 0:
            return None
        if unknown >> SPADILLE & 1:
            # ♠A was dealt to the forced ombre: it is in his hand or among his discards.
            for x in [x for x in forbidden if x != forced]:
                forbidden[x] |= 1 << SPADILLE
            if seen.n_disc[forced] == 0:
                forbidden[-1] = 1 << SPADILLE
            if seen.n_disc[forced] >= seen.n_deal[forced]:
                forbidden[forced] = forbidden.get(forced, 0) | 1 << SPADILLE
        return forced, SPADILLE


#: Ombre's sampler.
SAMPLER = OmbreSampler()


def fill_deal(rules: OmbreRules, view: OmbreView, rng: random.Random) -> list[int]:
    """The deal's actions so far with every hidden card of ``view`` filled consistently."""
    return SAMPLER.fill(rules, view, rng)


def sample_deal(game: OmbreGame, view: PlayerView, rng: random.Random) -> OmbreState:
    """A full deal of ``game`` consistent with ``view`` (see the module's docstring)."""
    return SAMPLER.sample(game, view, rng)
