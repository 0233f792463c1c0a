"""Deal the unseen cards of a Pocha hand consistently with one seat's observations.

The inferences (pocha.md §2.6): a player who did not follow suit holds none of it; a player
who followed without beating the best card of the suit led (when the duty to overtake held)
holds no card that beats it; a player void in the suit led who did not trump holds no trump;
one who did not overtrump holds no trump above the best one in the trick (and, with
``undertrump = must``, no trump at all if he played another suit).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tapete.cards import Deck
from tapete.engine.sampling import assign_cards
from tapete.errors import InconsistentViewError
from tapete.games.pocha.tables import SUIT_MASK

if TYPE_CHECKING:
    from tapete.games.pocha.game import PochaGame


def int_card(deck: Deck, text: str) -> int:
    """The card id written ``text`` in ``deck``'s notation."""
    return int(deck.parse_card(text))


def fill_hand(game: PochaGame, observed: list[str | None], rng: random.Random) -> list[str]:
    """``observed`` (texts, ``None`` for hidden deals) with every ``None`` filled consistently."""
    rules = game.rules
    deck = rules.deck
    n_players, size, mano = rules.n_players, game.hand_size, (game.dealer + 1) % rules.n_players
    deal_count = n_players * size
    deal_slots = min(deal_count, len(observed))
    dealt_known = [0] * n_players
    slot_card: list[int] = [-1] * deal_slots
    for slot in range(deal_slots):
        text = observed[slot]
        if text is not None:
            card = int_card(deck, text.split()[1])
            slot_card[slot] = card
            dealt_known[(mano + slot) % n_players] |= 1 << card
    located = sum(dealt_known)
    trump_suit = trump_card = -1
    index = deal_slots
    if deal_slots == deal_count:
        if deal_count < len(deck):
            if index < len(observed):
                text = observed[index]
                assert text is not None and text.startswith("turn ")
                turned = int_card(deck, text.split()[1])
                located |= 1 << turned
                trump_card, trump_suit = turned, turned >> 4
                index += 1
        elif rules.dealer_last_card:
            last = slot_card[-1]
            if last < 0:
                raise InconsistentViewError("the dealer's last card must be visible")
            trump_card, trump_suit = last, last >> 4
    received = [0] * n_players  # cards taken in a swap (not dealt to that seat)
    forbidden = [0] * n_players
    strength, above = rules.strength, rules.above
    swap_step = 7
    to_move = mano  # whose turn it is in the swap rounds
    trick: list[int] = []
    led = best_led = best_trump = winner = -1
    leader = mano
    trump_mask = SUIT_MASK[trump_suit] if trump_suit >= 0 else 0
    for text in observed[index:]:
        assert text is not None
        verb, _, arg = text.partition(" ")
        if verb in ("swap", "pass"):
            if verb == "swap":
                card = 16 * trump_suit + (6 if swap_step == 7 else 1)
                dealt_known[to_move] |= 1 << card
                received[to_move] |= 1 << trump_card
                located |= 1 << card
                trump_card = card
                swap_step = 2
                to_move = mano
            else:
                to_move = (to_move + 1) % n_players
            continue
        if verb == "bid":
            continue
        card = int_card(deck, arg)
        seat = (leader + len(trick)) % n_players
        if not received[seat] >> card & 1:
            dealt_known[seat] |= 1 << card
        located |= 1 << card
        suit = card >> 4
        if trick:
            if rules.follow_only:
                if suit != led:
                    forbidden[seat] |= SUIT_MASK[led]
            elif suit == led:
                if (led == trump_suit or best_trump < 0) and strength[card] <= strength[best_led]:
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
        # track the trick
        if not trick:
            led, best_led, best_trump, winner = suit, card, card if suit == trump_suit else -1, seat
        else:
            if suit == trump_suit and (best_trump < 0 or strength[card] > strength[best_trump]):
                best_trump, winner = card, seat
            if suit == led and strength[card] > strength[best_led]:
                best_led = card
                if best_trump < 0:
                    winner = seat
        trick.append(card)
        if len(trick) == n_players:
            leader, trick = winner, []
    # distribute the unseen cards
    if deal_slots < deal_count:
        return list(_fill_partial_deal(observed, slot_card, deck.mask, located, rng))
    capacity = [size - dealt_known[s].bit_count() for s in range(n_players)]
    unseen = [int(c) for c in deck.cards if not located >> c & 1]
    stock = len(unseen) - sum(capacity)
    if stock < 0 or any(c < 0 for c in capacity):
        raise InconsistentViewError("the observations account for more cards than were dealt")
    slots = [s for s in range(n_players) for _ in range(capacity[s])] + [-1] * stock
    owner = assign_cards(unseen, slots, dict(enumerate(forbidden)), rng)
    per_seat: list[list[int]] = [[] for _ in range(n_players)]
    for seat in range(n_players):
        known_in_slots = 0
        for slot in range(deal_count):
            if (mano + slot) % n_players == seat and slot_card[slot] >= 0:
                known_in_slots |= 1 << slot_card[slot]
        extra = [
            int(c) for c in deck.cards if dealt_known[seat] >> c & 1 and not known_in_slots >> c & 1
        ]
        extra += [c for c, s in owner.items() if s == seat]
        rng.shuffle(extra)
        per_seat[seat] = extra
    filled: list[str] = []
    for slot in range(deal_count):
        card = slot_card[slot]
        if card < 0:
            card = per_seat[(mano + slot) % n_players].pop()
        filled.append(f"deal {deck.format_card(card)}")
    filled.extend(t for t in observed[deal_count:] if t is not None)
    return filled


def _fill_partial_deal(
    observed: list[str | None],
    slot_card: list[int],
    deck_mask: int,
    located: int,
    rng: random.Random,
) -> list[str]:
    """During the deal: hidden slots get random unseen cards."""
    from tapete.cards import SPANISH

    unseen = [c for c in range(64) if deck_mask >> c & 1 and not located >> c & 1]
    rng.shuffle(unseen)
    return [
        f"deal {SPANISH.format_card(card if card >= 0 else unseen.pop())}" for card in slot_card
    ]
