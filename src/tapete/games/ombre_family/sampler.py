"""Deal the unseen cards of a deal of the Ombre family consistently with one seat's view.

One algorithm for the three games (:class:`FamilySampler`); each game's subclass says what is
its own through hooks. The inferences of the play (ombre.md §2.9): in a trump game a player
who did not follow a plain suit holds none of it (by its effective suit: the black aces are
trumps), and one who played no trump to a trump lead holds no trump he was obliged to play
(with the matador privilege: no ordinary trump and no matador lower than a led matador;
without it: no trump at all) (:func:`infer_forbidden`); in a game without trumps (Danish
l'hombre's nolo games) a player who did not follow suit holds none of it
(:func:`nolo_forbidden`). A card turned face up (Tresillo's vuelta, l'hombre's tourné) is its
owner's: kept in his hand or discarded, whichever the view allows. The hooks add the rest: the
cards a seat's speech proves it was dealt (Ombre's forced ♠A), the cards laid open (a nolo
ouvert hand). Discards, draws and the unseen stock are otherwise unconstrained. At a
four-handed table the dealer sits out and holds nothing.

The sampler reads the view's events (values: who received a hidden card, who discarded,
what was played), never text. The hidden cards are matched to the opponents' hands over
shuffled orders (augmenting paths, so a matching is always found when one exists); the rest
of them become the discards, the unseen stock and the undealt cards.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypeVar

from tapete.cards import iter_bits
from tapete.engine.api import GameSpec, PlayerView, State
from tapete.engine.sampling import assign_cards, replay_deal
from tapete.errors import InconsistentViewError
from tapete.games.ombre_family.actions import CARD_ID, CARD_INDEX, N_CARDS
from tapete.games.ombre_family.tables import (
    EFF_SUIT,
    FULL_MASK,
    NOLO_SUIT,
    NOLO_SUIT_MASK,
    OBLIGED,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
)

if TYPE_CHECKING:
    from tapete.games.ombre_family.view import FamilyView

V = TypeVar("V", bound="FamilyView")
R = TypeVar("R", bound="HasPrivilege")
S_co = TypeVar("S_co", bound=State, covariant=True)
R_co = TypeVar("R_co", bound="HasPrivilege", covariant=True)

_CARD_KINDS = frozenset(("deal", "turn", "draw", "rest", "discard", "play"))


class HasPrivilege(Protocol):
    """What :func:`infer_forbidden` reads of the rules (any family game's)."""

    @property
    def privilege(self) -> bool:
        """True when the matador privilege is in force."""
        ...


class DealGame(Protocol[S_co, R_co]):
    """What :meth:`FamilySampler.sample` needs of a game: its rules, its spec, a new deal."""

    @property
    def rules(self) -> R_co:
        """The game's rules."""
        ...

    @property
    def spec(self) -> GameSpec:
        """The game's name and parameters."""
        ...

    def new_initial_state(self) -> S_co:
        """A new deal."""
        ...


def infer_forbidden(
    rules: HasPrivilege, trumps: int, plays: Sequence[tuple[int, int]]
) -> list[int]:
    """Per seat (0…2, in playing order), the cards (ids) it cannot hold now in a trump game,
    from the plays ``(seat, card)`` in order (nothing before the trumps, ``trumps < 0``)."""
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


def nolo_forbidden(plays: Sequence[tuple[int, int]]) -> list[int]:
    """Per seat, the cards it cannot hold in a game without trumps: the suits it did not
    follow."""
    forbidden = [0, 0, 0]
    for start in range(0, len(plays), 3):
        trick = plays[start : start + 3]
        led = NOLO_SUIT[trick[0][1]]
        for seat, card in trick[1:]:
            if NOLO_SUIT[card] != led:
                forbidden[seat] |= NOLO_SUIT_MASK[led]
    return forbidden


@dataclasses.dataclass
class Seen:
    """What one pass over a view's events finds (per seat: lists of four, by seat number).

    ``known``: the cards seen (a mask); ``turned``: the face-up card (-1: none); ``plays``:
    ``(position, card)`` in order, position 0…2 among the seats that play; ``n_deal``,
    ``n_disc``, ``n_draw``: the cards each seat was dealt, discarded and drew; ``played``:
    the cards each seat played (masks); ``n_rest``: the hidden cards of Ombre's rest.
    """

    known: int = 0
    turned: int = -1
    plays: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    n_deal: list[int] = dataclasses.field(default_factory=lambda: [0] * 4)
    n_disc: list[int] = dataclasses.field(default_factory=lambda: [0] * 4)
    n_draw: list[int] = dataclasses.field(default_factory=lambda: [0] * 4)
    played: list[int] = dataclasses.field(default_factory=lambda: [0] * 4)
    n_rest: int = 0

    @property
    def unknown(self) -> int:
        """The cards not seen (a mask)."""
        return FULL_MASK & ~self.known


class FamilySampler(Generic[V, R]):
    """Fills the hidden cards of a view of one game of the family; a game's subclass sets
    the class attributes and overrides the hooks :meth:`constrain` and :meth:`player`.

    * ``name``: the game's name (in the errors), ``view_type`` its deal's view class,
      ``n_actions`` its number of distinct actions;
    * ``hidden_kinds``: the kinds of its hidden events (Ombre adds ``rest``);
    * ``turned_name``: what its face-up card is called (in the errors);
    * ``kept_first``: how a seat's cards of its own are split between those it was dealt
      and kept and those it drew (a historical order, kept so that a seed gives the same
      deal as before the games shared this code: the kept ones first in Ombre, the drawn
      ones first in the others).
    """

    name: ClassVar[str]
    view_type: ClassVar[type[PlayerView]]
    n_actions: ClassVar[int]
    hidden_kinds: ClassVar[frozenset[str]] = frozenset(("deal", "draw", "discard"))
    turned_name: ClassVar[str] = "turned"
    kept_first: ClassVar[bool] = False

    # -- hooks --------------------------------------------------------------------------------
    def constrain(
        self, rules: R, view: V, seen: Seen, forbidden: dict[int, int]
    ) -> tuple[int, int] | None:
        """Add the game's own constraints to ``forbidden`` (seat, or -1 for the cards
        nobody holds: the stock, the discards, the undealt, → cards it cannot have), and
        return ``(seat, card)`` when the view proves that ``card`` was dealt to ``seat``
        (kept or discarded, never drawn). None by default."""
        return None

    def player(self, view: V) -> int | None:
        """The seat that owns the face-up card once it is turned (None: no such card)."""
        return None

    # -- the algorithm ------------------------------------------------------------------------
    def seen(self, view: V, position: dict[int, int]) -> Seen:
        """One pass over ``view``'s events (``position``: a playing seat's place 0…2)."""
        seen = Seen()
        for event in view.events:
            kind = event.kind
            if event.hidden:
                if kind not in self.hidden_kinds:
                    raise InconsistentViewError(f"{self.name} has no hidden {kind!r} event")
                if kind == "deal":
                    seen.n_deal[event.arg("to")] += 1
                elif kind == "draw":
                    seen.n_draw[event.arg("to")] += 1
                elif kind == "discard":
                    seen.n_disc[event.actor] += 1
                else:
                    seen.n_rest += 1
                continue
            action = event.action
            if action is None or not 0 <= action < self.n_actions:
                raise InconsistentViewError(f"a visible {kind!r} event without its action")
            if kind in _CARD_KINDS:
                card = CARD_ID[action]
                seen.known |= 1 << card
                if kind == "play":
                    seen.plays.append((position[event.actor], card))
                    seen.played[event.actor] |= 1 << card
                elif kind == "turn":
                    seen.turned = card
        return seen

    def fill(self, rules: R, view: V, rng: random.Random) -> list[int]:
        """The deal's actions so far with every hidden card of ``view`` filled consistently."""
        seat = view.seat
        if len(view.cards_held) == 4:  # the dealer sits out
            active = [(view.dealer + 1 + i) % 4 for i in range(3)]
        else:
            active = [0, 1, 2]
        position = {s: i for i, s in enumerate(active)}
        seen = self.seen(view, position)
        n_deal, n_disc, n_draw, played = seen.n_deal, seen.n_disc, seen.n_draw, seen.played
        turned = seen.turned
        if view.trumps is not None:
            inferred = infer_forbidden(rules, int(view.trumps), seen.plays)
        else:
            inferred = nolo_forbidden(seen.plays)
        opponents = [x for x in active if x != seat]
        forbidden = {x: inferred[position[x]] for x in opponents}
        pinned = self.constrain(rules, view, seen, forbidden)
        forced, pin = pinned if pinned is not None else (-1, -1)
        player = self.player(view)
        owner = player if turned >= 0 and player is not None else -1
        keep = discarded_turned = False
        if owner in opponents and not played[owner] >> turned & 1:
            size = n_deal[owner] + n_draw[owner] + 1 - n_disc[owner] - played[owner].bit_count()
            can_keep = (
                size >= 1 and n_disc[owner] <= n_deal[owner] and not forbidden[owner] >> turned & 1
            )
            must_keep = n_disc[owner] == 0
            if must_keep and not can_keep:
                raise InconsistentViewError(
                    f"the {self.turned_name} card cannot be where the view puts it"
                )
            keep = must_keep or (can_keep and rng.random() < 0.5)
            discarded_turned = not keep
        need = {
            x: n_deal[x] + n_draw[x] + (x == owner) - n_disc[x] - played[x].bit_count()
            - (1 if keep and x == owner else 0)
            for x in opponents
        }  # fmt: skip
        cards = list(iter_bits(seen.unknown))
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
        if forced >= 0 and pin in pool:
            pool.remove(pin)
            pool.insert(0, pin)  # among the forced seat's discards
        discards: dict[int, list[int]] = {}
        for x in ([forced] if forced >= 0 else []) + [x for x in opponents if x != forced]:
            hidden_discards = n_disc[x] - (1 if discarded_turned and x == owner else 0)
            if hidden_discards < 0 or hidden_discards > len(pool):
                raise InconsistentViewError("the view's discards do not add up")
            discards[x], pool = pool[:hidden_discards], pool[hidden_discards:]
        rest, pool = pool[: seen.n_rest], pool[seen.n_rest :]
        deals: dict[int, list[int]] = {}
        draws: dict[int, list[int]] = {}
        for x in opponents:
            possessed = hands[x] + [c for c in iter_bits(played[x]) if c != turned or x != owner]
            rng.shuffle(possessed)
            if x == forced and pin in possessed:
                possessed.remove(pin)  # ... and never drawn: among the cards dealt and kept
                possessed.insert(0 if self.kept_first else len(possessed), pin)
            if self.kept_first:
                split = n_deal[x] - len(discards[x])
                deals[x] = discards[x] + possessed[:split]
                draws[x] = possessed[split:]
            else:
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
            elif kind == "rest":
                card = rest.pop()
            elif kind == "draw":
                card = draws[event.arg("to")].pop()
            else:
                card = discards[event.actor].pop()
            actions.append(CARD_INDEX[card])
        return actions

    def sample(self, game: DealGame[S_co, R], view: PlayerView, rng: random.Random) -> S_co:
        """A full deal of ``game`` consistent with ``view`` (see the module's docstring)."""
        if not isinstance(view, self.view_type):
            raise InconsistentViewError(
                f"{self.name} samples from its {self.view_type.__name__}, got {type(view).__name__}"
            )
        family_view: V = view  # type: ignore[assignment]  # checked just above
        return replay_deal(
            game.new_initial_state(),
            view,
            game.spec,
            lambda: self.fill(game.rules, family_view, rng),
            N_CARDS,
            self.name,
        )


__all__ = ["FamilySampler", "HasPrivilege", "Seen", "infer_forbidden", "nolo_forbidden"]
