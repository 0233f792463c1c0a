"""Deal the unseen cards of a deal of Danish l'hombre consistently with one seat's view.

In a trump game the inferences are Ombre's (:func:`tapete.games.ombre.sampler.infer_forbidden`:
a player who did not follow a plain suit holds none of it, one who played no trump to a
trump lead holds no trump he was obliged to play). In a nolo game a player who did not
follow suit holds none of it. The tourné card is public: its owner kept it or discarded it,
whichever the view allows. A nolo ouvert player's open cards are his. Discards, purchases and
the unseen talon are otherwise unconstrained.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tapete.cards import iter_bits
from tapete.engine.api import PlayerView
from tapete.engine.sampling import assign_cards, replay_deal
from tapete.errors import InconsistentViewError
from tapete.games.lhombre.actions import CARD_ID, CARD_INDEX, N_CARDS, NUM_DISTINCT_ACTIONS
from tapete.games.lhombre.rules import NOLO_SUIT, NOLO_SUIT_MASK, LhombreRules
from tapete.games.lhombre.view import LhombreView
from tapete.games.ombre.sampler import infer_forbidden
from tapete.games.ombre_family.tables import FULL_MASK

if TYPE_CHECKING:
    from tapete.games.lhombre.game import LhombreGame
    from tapete.games.lhombre.state import LhombreState

_CARD_KINDS = frozenset(("deal", "turn", "draw", "discard", "play"))


def nolo_forbidden(plays: Sequence[tuple[int, int]]) -> list[int]:
    """Per seat, the cards it cannot hold in a nolo game: the suits it did not follow."""
    forbidden = [0, 0, 0]
    for start in range(0, len(plays), 3):
        trick = plays[start : start + 3]
        led = NOLO_SUIT[trick[0][1]]
        for seat, card in trick[1:]:
            if NOLO_SUIT[card] != led:
                forbidden[seat] |= NOLO_SUIT_MASK[led]
    return forbidden


def fill_deal(rules: LhombreRules, view: LhombreView, rng: random.Random) -> list[int]:
    """The deal's actions so far with every hidden card of ``view`` filled consistently."""
    seat = view.seat
    known = 0
    turned = -1
    plays: list[tuple[int, int]] = []
    n_deal, n_disc, n_draw = [0] * 3, [0] * 3, [0] * 3
    played = [0] * 3
    for event in view.events:
        kind = event.kind
        if event.hidden:
            if kind == "deal":
                n_deal[event.arg("to")] += 1
            elif kind == "draw":
                n_draw[event.arg("to")] += 1
            elif kind == "discard":
                n_disc[event.actor] += 1
            else:
                raise InconsistentViewError(f"lhombre has no hidden {kind!r} event")
            continue
        action = event.action
        if action is None or not 0 <= action < NUM_DISTINCT_ACTIONS:
            raise InconsistentViewError(f"a visible {kind!r} event without its action")
        if kind in _CARD_KINDS:
            card = CARD_ID[action]
            known |= 1 << card
            if kind == "play":
                plays.append((event.actor, card))
                played[event.actor] |= 1 << card
            elif kind == "turn":
                turned = card
    if view.trumps is not None:
        forbidden_all = infer_forbidden(rules, int(view.trumps), plays)
    else:
        forbidden_all = nolo_forbidden(plays)
    opponents = [x for x in range(3) if x != seat]
    forbidden = {x: forbidden_all[x] for x in opponents}
    open_mask = view.open_hand.mask if view.open_hand is not None else 0
    if open_mask and view.player in forbidden:
        for x in opponents:
            forbidden[x] = forbidden[x] | open_mask if x != view.player else FULL_MASK & ~open_mask
    owner = view.player if turned >= 0 and view.player is not None else -1
    keep = discarded_turned = False
    has_turned = [0] * 3
    if owner >= 0:
        has_turned[owner] = 1
    if owner in opponents and not played[owner] >> turned & 1:
        size = n_deal[owner] + n_draw[owner] + 1 - n_disc[owner] - played[owner].bit_count()
        can_keep = (
            size >= 1 and n_disc[owner] <= n_deal[owner] and not forbidden[owner] >> turned & 1
        )
        must_keep = n_disc[owner] == 0
        if must_keep and not can_keep:
            raise InconsistentViewError("the tourné card cannot be where the view puts it")
        keep = must_keep or (can_keep and rng.random() < 0.5)
        discarded_turned = not keep
    need = {
        x: n_deal[x] + n_draw[x] + has_turned[x] - n_disc[x] - played[x].bit_count()
        - (1 if keep and x == owner else 0)
        for x in opponents
    }  # fmt: skip
    unknown = FULL_MASK & ~known
    cards = list(iter_bits(unknown))
    owners = [x for x in opponents for _ in range(need[x])]
    if len(owners) > len(cards) or any(n < 0 for n in need.values()):
        raise InconsistentViewError("more hidden cards in hands than unseen cards")
    owners += [-1] * (len(cards) - len(owners))
    forbidden[-1] = open_mask
    placed = assign_cards(cards, owners, forbidden, rng)
    hands: dict[int, list[int]] = {x: [] for x in opponents}
    pool: list[int] = []
    for card, holder in placed.items():
        (pool if holder < 0 else hands[holder]).append(card)
    rng.shuffle(pool)
    discards: dict[int, list[int]] = {}
    deals: dict[int, list[int]] = {}
    draws: dict[int, list[int]] = {}
    for x in opponents:
        hidden_discards = n_disc[x] - (1 if discarded_turned and x == owner else 0)
        if hidden_discards < 0 or hidden_discards > len(pool):
            raise InconsistentViewError("the view's discards do not add up")
        discards[x], pool = pool[:hidden_discards], pool[hidden_discards:]
        possessed = hands[x] + [c for c in iter_bits(played[x]) if c != turned or x != owner]
        rng.shuffle(possessed)
        draws[x] = possessed[: n_draw[x]]
        deals[x] = discards[x] + possessed[n_draw[x] :]
        if len(deals[x]) != n_deal[x] or len(draws[x]) != n_draw[x]:
            raise InconsistentViewError("the view's card counts do not add up")
        rng.shuffle(deals[x])
        if discarded_turned and x == owner:
            discards[x].append(turned)
            rng.shuffle(discards[x])
    actions: list[int] = []
    for event in view.events:
        if not event.hidden and event.action is not None:
            actions.append(event.action)
            continue
        kind = event.kind
        if kind == "deal":
            card = deals[event.arg("to")].pop()
        elif kind == "draw":
            card = draws[event.arg("to")].pop()
        else:
            card = discards[event.actor].pop()
        actions.append(CARD_INDEX[card])
    return actions


def sample_deal(game: LhombreGame, view: PlayerView, rng: random.Random) -> LhombreState:
    """A full deal of ``game`` consistent with ``view`` (see the module's docstring)."""
    if not isinstance(view, LhombreView):
        raise InconsistentViewError(
            f"lhombre samples from a LhombreView, got {type(view).__name__}"
        )
    return replay_deal(
        game.new_initial_state(),
        view,
        game.spec,
        lambda: fill_deal(game.rules, view, rng),
        N_CARDS,
        "lhombre",
    )
