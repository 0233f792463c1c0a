"""Deal the unseen cards of a Pocha hand consistently with one seat's view (its events).

The sampler reads the view's values: its events (who was dealt a card, the card when this
seat saw it, every bid, swap and card played with the seat that made it), its swaps and its
trump card. The inferences (pocha.md §2.6): a player who did not follow suit holds none of
it; a player who followed without beating the best card of the suit led (when the duty to
overtake held) holds no card that beats it; a player void in the suit led who did not trump
holds no trump; one who did not overtrump holds no trump above the best one in the trick
(and, with ``undertrump = must``, no trump at all if he played another suit).

>>> import random, tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
>>> state = game.new_initial_state()
>>> for a in game.deal_actions(['Ao 3o', '3c 4c', 'Re Se'], turn='7b'):
...     state.apply_action(a)
>>> actions = sample_hand(game, state.view(0), random.Random(1))
>>> len(actions), actions[0] == state.history()[0], actions[-1] == state.history()[-1]
(7, True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tapete.engine.sampling import assign_cards
from tapete.errors import InconsistentViewError
from tapete.games.pocha.tables import SUIT_MASK
from tapete.games.pocha.view import PochaView

if TYPE_CHECKING:
    from tapete.games.pocha.game import PochaGame


def _card_of(ids: tuple[int, ...], action: int | None) -> int:
    if action is None or not 0 <= action < len(ids):
        raise InconsistentViewError(f"the view's event names no card of the pack: {action!r}")
    return ids[action]


def sample_hand(game: PochaGame, view: PochaView, rng: random.Random) -> list[int]:
    """The actions of a whole hand so far consistent with ``view``: every card dealt to
    another seat (and not seen since) drawn at random among the cards it may be."""
    rules = game.rules
    ids, index_of = rules.card_ids, rules.index_of
    n_players, size = rules.n_players, game.hand_size
    deal_count = n_players * size
    events = view.events
    if view.n_players != n_players or view.hand_size != size or view.dealer != game.dealer:
        raise InconsistentViewError(f"the view is not of {game!r}")
    slot_card: list[int] = []
    slot_seat: list[int] = []
    rest: list[int] = []  # the actions after the deal, in order
    dealt_known = [0] * n_players
    received = [0] * n_players  # cards taken in a swap (not dealt to that seat)
    forbidden = [0] * n_players
    located = 0
    trump_suit = int(view.trump_suit) if view.trump_suit is not None else -1
    trump_mask = SUIT_MASK[trump_suit] if trump_suit >= 0 else 0
    strength, above = rules.strength, rules.above
    trick: list[int] = []
    led = best_led = best_trump = -1
    for seat, gave, took in view.swaps:  # the 7 or 2 was dealt; the card taken was not
        dealt_known[seat] |= 1 << int(gave)
        received[seat] |= 1 << int(took)
        located |= 1 << int(gave)
    for event in events:
        kind = event.kind
        if kind == "deal":
            seat = event.arg("to")
            if not isinstance(seat, int) or not 0 <= seat < n_players:
                raise InconsistentViewError(f"a deal event without its seat: {event}")
            card = -1 if event.hidden else _card_of(ids, event.action)
            if card >= 0:
                dealt_known[seat] |= 1 << card
                located |= 1 << card
            slot_card.append(card)
            slot_seat.append(seat)
            continue
        if event.action is None:
            raise InconsistentViewError(f"a public event without its action: {event}")
        rest.append(event.action)
        if kind == "turn":
            located |= 1 << _card_of(ids, event.action)
        elif kind == "play":
            card = _card_of(ids, event.action)
            seat = event.actor
            if not 0 <= seat < n_players:
                raise InconsistentViewError(f"a card played by no seat: {event}")
            if not received[seat] >> card & 1:
                dealt_known[seat] |= 1 << card
            located |= 1 << card
            suit = card >> 4
            if trick:
                if rules.follow_only:
                    if suit != led:
                        forbidden[seat] |= SUIT_MASK[led]
                elif suit == led:
                    if (led == trump_suit or best_trump < 0) and strength[card] <= strength[
                        best_led
                    ]:
                        forbidden[seat] |= above[best_led]
                else:
                    forbidden[seat] |= SUIT_MASK[led]
                    if trump_suit >= 0 and led != trump_suit:
                        if best_trump >= 0:
                            if suit != trump_suit or strength[card] <= strength[best_trump]:
                                forbidden[seat] |= above[best_trump]
                                if rules.undertrump_must and suit != trump_suit:
                                    forbidden[seat] |= trump_mask
                        elif suit != trump_suit:
                            forbidden[seat] |= trump_mask
                if suit == trump_suit and (best_trump < 0 or strength[card] > strength[best_trump]):
                    best_trump = card
                if suit == led and strength[card] > strength[best_led]:
                    best_led = card
            else:
                led, best_led, best_trump = suit, card, card if suit == trump_suit else -1
            trick.append(card)
            if len(trick) == n_players:
                trick = []
    if len(slot_card) > deal_count:
        raise InconsistentViewError("the view shows more cards dealt than the hand has")
    whole_pack = len(slot_card) == deal_count == len(rules.deck)
    if whole_pack and rules.dealer_last_card and not game.subastada and slot_card[-1] < 0:
        if view.trump_card is None:
            raise InconsistentViewError("the dealer's last card must be visible")
        last = int(view.trump_card)
        slot_card[-1] = last
        dealt_known[slot_seat[-1]] |= 1 << last
        located |= 1 << last
    if len(slot_card) < deal_count:  # during the deal: hidden slots get random unseen cards
        unseen = [index_of[c] for c in ids if not located >> c & 1]
        rng.shuffle(unseen)
        return [index_of[c] if c >= 0 else unseen.pop() for c in slot_card]
    capacity = [size - dealt_known[s].bit_count() for s in range(n_players)]
    unseen_cards = [c for c in ids if not located >> c & 1]
    stock = len(unseen_cards) - sum(capacity)
    if stock < 0 or any(c < 0 for c in capacity):
        raise InconsistentViewError("the observations account for more cards than were dealt")
    slots = [s for s in range(n_players) for _ in range(capacity[s])] + [-1] * stock
    owner = assign_cards(unseen_cards, slots, dict(enumerate(forbidden)), rng)
    per_seat: list[list[int]] = [[] for _ in range(n_players)]
    for seat in range(n_players):
        known_in_slots = 0
        for slot in range(deal_count):
            if slot_seat[slot] == seat and slot_card[slot] >= 0:
                known_in_slots |= 1 << slot_card[slot]
        extra = [c for c in ids if dealt_known[seat] >> c & 1 and not known_in_slots >> c & 1]
        extra += [c for c, s in owner.items() if s == seat]
        rng.shuffle(extra)
        per_seat[seat] = extra
    actions = []
    for slot in range(deal_count):
        card = slot_card[slot]
        if card < 0:
            card = per_seat[slot_seat[slot]].pop()
        actions.append(index_of[card])
    return actions + rest
