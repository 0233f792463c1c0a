"""Deal the unseen cards of a Tresillo deal consistently with one seat's view (its events).

The inferences are Ombre's (:func:`tapete.games.ombre.sampler.infer_forbidden`, same
ranking and matador privilege): a player who did not follow a plain suit holds none of it,
one who played no trump to a trump lead holds no trump he was obliged to play. The vuelta
card is public: its owner kept it (in his hand) or discarded it, whichever the view allows.
Discards, draws and the unseen stock are otherwise unconstrained. The dealer holds nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tapete.cards import iter_bits
from tapete.engine.api import PlayerView
from tapete.engine.sampling import assign_cards, replay_deal
from tapete.errors import InconsistentViewError
from tapete.games.ombre.sampler import infer_forbidden
from tapete.games.ombre_family.tables import FULL_MASK
from tapete.games.tresillo.actions import CARD_ID, CARD_INDEX, N_CARDS, NUM_DISTINCT_ACTIONS
from tapete.games.tresillo.rules import TresilloRules
from tapete.games.tresillo.view import TresilloView

if TYPE_CHECKING:
    from tapete.games.tresillo.game import TresilloGame
    from tapete.games.tresillo.state import TresilloState

_CARD_KINDS = frozenset(("deal", "turn", "draw", "discard", "play"))


def fill_deal(rules: TresilloRules, view: TresilloView, rng: random.Random) -> list[int]:
    """The deal's actions so far with every hidden card of ``view`` filled consistently."""
    seat = view.seat
    dealer = view.dealer
    active = [(dealer + 1 + i) % 4 for i in range(3)]
    position = {s: i for i, s in enumerate(active)}
    known = 0
    turned = -1
    plays: list[tuple[int, int]] = []
    n_deal, n_disc, n_draw = [0] * 4, [0] * 4, [0] * 4
    played = [0] * 4
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
                raise InconsistentViewError(f"tresillo has no hidden {kind!r} event")
            continue
        action = event.action
        if action is None or not 0 <= action < NUM_DISTINCT_ACTIONS:
            raise InconsistentViewError(f"a visible {kind!r} event without its action")
        if kind in _CARD_KINDS:
            card = CARD_ID[action]
            known |= 1 << card
            if kind == "play":
                plays.append((position[event.actor], card))
                played[event.actor] |= 1 << card
            elif kind == "turn":
                turned = card
    trumps = int(view.trumps) if view.trumps is not None else -1
    inferred = infer_forbidden(rules, trumps, plays)
    opponents = [x for x in active if x != seat]
    forbidden = {x: inferred[position[x]] for x in opponents}
    owner = view.player if turned >= 0 and view.player is not None else -1
    keep = discarded_turned = False
    has_turned = [0] * 4
    if owner >= 0:
        has_turned[owner] = 1
    if owner in opponents and not played[owner] >> turned & 1:
        size = n_deal[owner] + n_draw[owner] + 1 - n_disc[owner] - played[owner].bit_count()
        can_keep = (
            size >= 1 and n_disc[owner] <= n_deal[owner] and not forbidden[owner] >> turned & 1
        )
        must_keep = n_disc[owner] == 0
        if must_keep and not can_keep:
            raise InconsistentViewError("the vuelta card cannot be where the view puts it")
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
        if hidden_discards < 0:
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


def sample_deal(game: TresilloGame, view: PlayerView, rng: random.Random) -> TresilloState:
    """A full deal of ``game`` consistent with ``view`` (see the module's docstring)."""
    if not isinstance(view, TresilloView):
        raise InconsistentViewError(
            f"tresillo samples from a TresilloView, got {type(view).__name__}"
        )
    return replay_deal(
        game.new_initial_state(),
        view,
        game.spec,
        lambda: fill_deal(game.rules, view, rng),
        N_CARDS,
        "tresillo",
    )
