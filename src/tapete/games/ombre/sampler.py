"""Deal the unseen cards of an Ombre deal consistently with one seat's observations.

The inferences (ombre.md §2.9): a player who did not follow a plain suit holds none of it
(by its effective suit: the black aces are trumps); a player who played no trump to a trump
lead holds no trump he was obliged to play (with the matador privilege: no ordinary trump and
no matador lower than a led matador; without it: no trump at all). With
``all_pass = forced_spadille`` the forced ombre held ♠A before the exchange. Discards, draws
and the stock are otherwise unconstrained.

The hidden cards are matched to the opponents' hands over shuffled orders (augmenting paths,
so a matching is always found when one exists); the rest of them become the discards, the
unseen stock and the undealt cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tapete.cards import FRENCH_40, iter_bits
from tapete.engine.api import TERMINAL
from tapete.engine.sampling import assign_cards
from tapete.errors import InconsistentViewError
from tapete.games.ombre.game import OmbreRules, card_text
from tapete.games.ombre.tables import (
    EFF_SUIT,
    FULL_MASK,
    OBLIGED,
    SPADILLE,
    SUIT_MASK,
    TRUMP,
    TRUMP_MASK,
)

_CARD_VERBS = ("deal", "stock", "rest", "discard", "play")
_SUITS = {"♣": 4, "♦": 5, "♥": 6, "♠": 7}


def infer_forbidden(rules: OmbreRules, trumps: int, plays: Sequence[tuple[int, int]]) -> list[int]:
    """Per seat, the cards it cannot hold now, from the plays ``(seat, card)`` in order."""
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


def fill_deal(
    rules: OmbreRules,
    seat: int | None,
    observed: Sequence[str | None],
    actors: Sequence[int],
    rng: random.Random,
    to_move: int = TERMINAL,
) -> list[str]:
    """``observed`` with every ``None`` (a card ``seat`` did not see) filled consistently.

    ``to_move`` is the deal's current player (``TERMINAL`` for a finished deal): with
    ``all_pass = forced_spadille``, after three passes it is the holder of ♠A.
    """
    known = 0
    kinds: list[str] = []
    drew: set[int] = set()
    plays: list[tuple[int, int]] = []
    speeches: list[tuple[int, str]] = []
    trumps = -1
    n_deal, n_disc, n_draw = [0, 0, 0], [0, 0, 0], [0, 0, 0]
    played = [0, 0, 0]
    n_rest = 0
    for index, text in enumerate(observed):
        actor = actors[index]
        if text is None:
            if index < 27:
                kind = "deal"
                n_deal[actor] += 1
            elif actor < 0:
                kind = "rest"
                n_rest += 1
            elif actor in drew:
                kind = "stock"
                n_draw[actor] += 1
            else:
                kind = "discard"
                n_disc[actor] += 1
            kinds.append(kind)
            continue
        kinds.append("")
        verb, _, arg = text.partition(" ")
        if verb in _CARD_VERBS:
            card = int(FRENCH_40.parse_card(arg))
            known |= 1 << card
            if verb == "play":
                plays.append((actor, card))
                played[actor] |= 1 << card
        elif verb == "draw":
            drew.add(actor)
        elif verb == "trumps":
            trumps = _SUITS[arg]
        elif verb in ("pass", "ombre", "sans-prendre"):
            speeches.append((actor, verb))
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
    if len(owners) > len(cards):
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
    texts: list[str] = []
    for index, text in enumerate(observed):
        if text is not None:
            texts.append(text)
            continue
        kind, actor = kinds[index], actors[index]
        if kind == "deal":
            card = deals[actor].pop()
        elif kind == "rest":
            card = rest.pop()
        elif kind == "stock":
            card = draws[actor].pop()
        else:
            card = discards[actor].pop()
        texts.append(f"{kind} {card_text(card)}")
    return texts
