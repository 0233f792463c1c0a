"""Deal the unseen cards of an Ombre deal consistently with one seat's view (its events).

The inferences (ombre.md §2.9): a player who did not follow a plain suit holds none of it
(by its effective suit: the black aces are trumps); a player who played no trump to a trump
lead holds no trump he was obliged to play (with the matador privilege: no ordinary trump and
no matador lower than a led matador; without it: no trump at all). With
``all_pass = forced_spadille`` the forced ombre held ♠A before the exchange. Discards, draws
and the stock are otherwise unconstrained.

The sampler reads the view's events (values: who received a hidden card, who discarded,
what was played), never text. The hidden cards are matched to the opponents' hands over
shuffled orders (augmenting paths, so a matching is always found when one exists); the rest
of them become the discards, the unseen stock and the undealt cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tapete.cards import iter_bits
from tapete.engine.api import PlayerView
from tapete.engine.sampling import assign_cards, replay_deal
from tapete.errors import InconsistentViewError
from tapete.games.ombre.actions import CARD_ID, CARD_INDEX, N_CARDS
from tapete.games.ombre.actions import NUM_DISTINCT_ACTIONS as N_ACTIONS
from tapete.games.ombre.rules import OmbreRules
from tapete.games.ombre.view import OmbreView
from tapete.games.ombre_family.tables import (
    EFF_SUIT,
    FULL_MASK,
    OBLIGED,
    SPADILLE,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
)

if TYPE_CHECKING:
    from tapete.games.ombre.game import OmbreGame
    from tapete.games.ombre.state import OmbreState

_CARD_KINDS = frozenset(("deal", "draw", "rest", "discard", "play"))


class HasPrivilege(Protocol):
    """What :func:`infer_forbidden` reads of the rules (Ombre's, or a family game's)."""

    @property
    def privilege(self) -> bool:
        """True when the matador privilege is in force."""
        ...


def infer_forbidden(
    rules: HasPrivilege, trumps: int, plays: Sequence[tuple[int, int]]
) -> list[int]:
    """Per seat, the cards (ids) it cannot hold now, from the plays ``(seat, card)`` in
    order."""
    forbidden = [0, 0, 0]
    if trumps < 0:
        return forbidden
    eff = EFF_SUIT[trumps]
    for start in range(0, len(plays), 3):
        trick = plays[start : start + 3]
        led = trick[0][1]
        lead_suit = eff[led]
        for seat, card in trick[1:]:
            if eff[card] == lead_suit:
                continue
            if lead_suit != TRUMP:
                forbidden[seat] |= SUIT_MASK[trumps][lead_suit]
            elif rules.privilege:
                forbidden[seat] |= OBLIGED[trumps][led]
            else:
                forbidden[seat] |= TRUMP_MASK[trumps]
    return forbidden


def fill_deal(rules: OmbreRules, view: OmbreView, rng: random.Random) -> list[int]:
    """The deal's actions so far with every hidden card of ``view`` filled consistently."""
    seat = view.seat
    events = view.events
    known = 0
    plays: list[tuple[int, int]] = []
    speeches: list[tuple[int, str]] = []
    n_deal, n_disc, n_draw = [0, 0, 0], [0, 0, 0], [0, 0, 0]
    played = [0, 0, 0]
    n_rest = 0
    for event in events:
        kind = event.kind
        if event.hidden:
            if kind == "deal":
                n_deal[event.arg("to")] += 1
            elif kind == "draw":
                n_draw[event.arg("to")] += 1
            elif kind == "discard":
                n_disc[event.actor] += 1
            elif kind == "rest":
                n_rest += 1
            else:
                raise InconsistentViewError(f"ombre has no hidden {kind!r} event")
            continue
        action = event.action
        if action is None or not 0 <= action < N_ACTIONS:
            raise InconsistentViewError(f"a visible {kind!r} event without its action")
        if kind in _CARD_KINDS:
            card = CARD_ID[action]
            known |= 1 << card
            if kind == "play":
                plays.append((event.actor, card))
                played[event.actor] |= 1 << card
        elif kind == "pass" or kind == "bid":
            speeches.append((event.actor, event.arg("contract", "pass")))
    trumps = int(view.trumps) if view.trumps is not None else -1
    to_move = view.current_player
    opponents = [s for s in range(3) if s != seat]
    forbidden_seat = infer_forbidden(rules, trumps, plays)
    need = {x: n_deal[x] - n_disc[x] + n_draw[x] - played[x].bit_count() for x in opponents}
    unknown = FULL_MASK & ~known
    forbidden: dict[int, int] = {x: forbidden_seat[x] for x in opponents}
    forced = -1
    if (
        len(speeches) >= 4
        and all(v == "pass" for _, v in speeches[:3])
        and speeches[3][1] == "ombre"
    ):
        forced = speeches[3][0]
    three_passes = len(speeches) == 3 and all(v == "pass" for _, v in speeches)
    if rules.forced_spadille and three_passes:
        if to_move >= 0:
            forced = to_move  # he holds ♠A and has yet to declare himself ombre
        elif unknown >> SPADILLE & 1:
            for x in opponents:  # thrown in: nobody held ♠A, it was in the stock
                forbidden[x] |= 1 << SPADILLE
    if forced >= 0 and unknown >> SPADILLE & 1:
        # ♠A was dealt to the forced ombre: it is in his hand or among his discards.
        for x in opponents:
            if x != forced:
                forbidden[x] |= 1 << SPADILLE
        if n_disc[forced] == 0:
            forbidden[-1] = 1 << SPADILLE
        if n_disc[forced] >= n_deal[forced]:
            forbidden[forced] = forbidden.get(forced, 0) | 1 << SPADILLE
    cards = list(iter_bits(unknown))
    owners = [x for x in opponents for _ in range(need[x])]
    if len(owners) > len(cards) or any(n < 0 for n in need.values()):
        raise InconsistentViewError("more hidden cards in hands than unseen cards")
    owners += [-1] * (len(cards) - len(owners))
    placed = assign_cards(cards, owners, forbidden, rng)
    hands: dict[int, list[int]] = {x: [] for x in opponents}
    pool: list[int] = []
    for card, owner in placed.items():
        (pool if owner < 0 else hands[owner]).append(card)
    rng.shuffle(pool)
    if forced >= 0 and SPADILLE in pool:
        pool.remove(SPADILLE)
        pool.insert(0, SPADILLE)
    discards: dict[int, list[int]] = {}
    for x in ([forced] if forced >= 0 else []) + [x for x in opponents if x != forced]:
        discards[x], pool = pool[: n_disc[x]], pool[n_disc[x] :]
    rest, pool = pool[:n_rest], pool[n_rest:]
    deals: dict[int, list[int]] = {}
    draws: dict[int, list[int]] = {}
    for x in opponents:
        possessed = hands[x] + list(iter_bits(played[x]))
        rng.shuffle(possessed)
        if x == forced and SPADILLE in possessed:
            # ... and never drawn: it goes among the cards he was dealt and kept.
            possessed.remove(SPADILLE)
            possessed.insert(0, SPADILLE)
        split = n_deal[x] - n_disc[x]
        deals[x] = discards[x] + possessed[:split]
        rng.shuffle(deals[x])
        draws[x] = possessed[split:]
    actions: list[int] = []
    for event in events:
        if not event.hidden and event.action is not None:
            actions.append(event.action)
            continue
        kind = event.kind
        if kind == "deal":
            card = deals[event.arg("to")].pop()
        elif kind == "rest":
            card = rest.pop()
        elif kind == "draw":
            card = draws[event.arg("to")].pop()
        else:
            card = discards[event.actor].pop()
        actions.append(CARD_INDEX[card])
    return actions


def sample_deal(game: OmbreGame, view: PlayerView, rng: random.Random) -> OmbreState:
    """A full deal of ``game`` consistent with ``view`` (see the module's docstring)."""
    if not isinstance(view, OmbreView):
        raise InconsistentViewError(f"ombre samples from an OmbreView, got {type(view).__name__}")
    return replay_deal(
        game.new_initial_state(),
        view,
        game.spec,
        lambda: fill_deal(game.rules, view, rng),
        N_CARDS,
        "ombre",
    )
