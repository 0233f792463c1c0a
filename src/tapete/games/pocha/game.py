"""One hand of La Pocha: deal, trump, (seven swap), bidding, play, score.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game('pocha', n_players=4, hand_size=3).new_initial_state()
>>> state.current_player() == tapete.CHANCE, state.phase()
(True, 'deal')
>>> state = random_playout(state, random.Random(3))
>>> state.is_terminal(), len(state.returns())
(True, 4)
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final

from tapete.cards import SPANISH_36, SPANISH_40, SPANISH_48, Card, CardSet, Deck, Suit
from tapete.engine.api import (
    CHANCE,
    TERMINAL,
    Game,
    Param,
    PlayerView,
    State,
    Trick,
    mypyc_attr,
    parse_int,
    split_action,
)
from tapete.engine.events import EVERYONE, NO_ARGS
from tapete.engine.registry import register
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.pocha.tables import ABOVE, BITS, STRENGTH, SUIT_MASK

# Action encoding (stable; RL adapters rely on it):
#   0..63   a card id: "deal <card>" / "turn <card>" (chance) or "play <card>"
#   64..79  "bid <n>" for n = action - 64
#   80      "swap" (give the 7 or 2 of trumps for the turned-up card)
#   81      "pass" (decline to swap)
#   88..95  "dealer <seat>" (pocha-match, random first dealer, chance)
_BITS0, _BITS1, _BITS2, _BITS3 = BITS
#: ``_OUTCOMES[k][card]``: the chance outcome ``(card, 1/k)``, built once.
#: (Typed ``Any`` so that compiled code passes the tuples through without unboxing them.)
_OUTCOMES: Final[list[tuple[Any, ...]]] = [()] + [
    tuple((c, 1.0 / k) for c in range(64)) for k in range(1, 49)
]
BID_BASE: Final = 64
MAX_BID: Final = 15
SWAP: Final = 80
PASS: Final = 81
DEALER_BASE: Final = 88
NUM_DISTINCT_ACTIONS: Final = 96

DEAL, TURN, SWAP7, SWAP2, BIDDING, PLAY, DONE = range(7)
PHASE_NAMES: Final = ("deal", "turn", "seven-swap", "two-swap", "bidding", "play", "done")

_SUIT_NAMES: Final = ("oros", "copas", "espadas", "bastos")
_SEVEN_SLOT: Final = 6
_TWO_SLOT: Final = 1


def _check_deck(value: Any) -> str:
    text = str(value)
    if text not in ("auto", "36", "40", "48"):
        raise ConfigError(
            f"parameter deck = {value!r} is not allowed; allowed: auto | 36 | 40 | 48"
        )
    return text


def _optional_int(name: str) -> Any:
    def check(value: Any) -> int | None:
        if value is None or value == "auto":
            return None
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"parameter {name} must be an integer, got {value!r}")
        return value

    return check


#: Rule options shared by ``pocha`` and ``pocha-match`` (pocha.md §3, configuration summary).
RULE_PARAMETERS: Final = (
    Param("n_players", 4, "number of players", low=3, high=8),
    Param("deck", "auto", "pack: auto = 36 cards (no 2s) for 3 or 6 players, else 40",
          kind=str, check=_check_deck),
    Param("rank_order", "tute", "card ranking: tute = A 3 R C S 7…2; natural = A R C S 7…2",
          kind=str, choices=("tute", "natural")),
    Param("trump_when_no_stock", "dealer_last_card",
          "trumps when the whole pack is dealt: the dealer's last card, or none",
          kind=str, choices=("dealer_last_card", "none")),
    Param("seven_swap", False, "the holder of the 7 of trumps may swap it for the turned card",
          kind=bool),
    Param("dealer_restriction", True, "the dealer may not make the bids add up", kind=bool),
    Param("play_rules", "seed", "seed = follow, overtake, trump, overtrump; follow_only",
          kind=str, choices=("seed", "follow_only")),
    Param("undertrump", "free", "void and unable to overtrump: free = any card; must = a trump",
          kind=str, choices=("free", "must")),
    Param("exact_base", 10, "points for an exact bid", low=0),
    Param("per_trick_exact", 5, "points per trick won with an exact bid", low=0),
    Param("per_trick_miss", 5, "points lost per trick of difference", low=0),
)  # fmt: skip


@dataclasses.dataclass(frozen=True)
class PochaView(PlayerView):
    """What one seat knows of a hand of La Pocha.

    ``deck`` (the pack's name, e.g. ``'spanish40'``) and ``rank_order`` are the public rule
    options a player needs to count cards. ``observed`` is the whole action history as this
    seat saw it: the text of each action, or ``None`` for a card dealt to somebody else.
    """

    phase: str
    n_players: int
    hand_size: int
    dealer: int
    deck: str
    rank_order: str
    hand: CardSet
    hand_counts: tuple[int, ...]
    trump_card: Card | None
    trump_suit: Suit | None
    trump_card_holder: int | None
    swaps: tuple[tuple[int, Card, Card], ...]
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    current_trick: Trick | None
    finished_tricks: tuple[Trick, ...]
    scores: tuple[int, ...] | None
    observed: tuple[str | None, ...]


class PochaRules:
    """The rule options of a Pocha game in fast-access form (shared by hand and match)."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.n_players: int = params["n_players"]
        deck = params["deck"]
        if deck == "auto":
            deck = "36" if self.n_players in (3, 6) else "40"
        self.deck: Deck = {"36": SPANISH_36, "40": SPANISH_40, "48": SPANISH_48}[deck]
        self.deck_size = len(self.deck)
        self.max_hand_size = self.deck_size // self.n_players
        self.rank_order: str = params["rank_order"]
        self.strength = STRENGTH[self.rank_order]
        self.above = ABOVE[self.rank_order]
        self.dealer_last_card = params["trump_when_no_stock"] == "dealer_last_card"
        self.seven_swap: bool = params["seven_swap"]
        self.dealer_restriction: bool = params["dealer_restriction"]
        self.follow_only = params["play_rules"] == "follow_only"
        self.undertrump_must = params["undertrump"] == "must"
        self.exact_base: int = params["exact_base"]
        self.per_trick_exact: int = params["per_trick_exact"]
        self.per_trick_miss: int = params["per_trick_miss"]

    def score(self, bid: int, won: int) -> int:
        """Points for one player: exact ``exact_base + per_trick_exact * won``, else a penalty.

        >>> rules = PochaRules(dict(POCHA_DEFAULTS))
        >>> rules.score(3, 3), rules.score(2, 4)
        (25, -10)
        """
        if bid == won:
            return self.exact_base + self.per_trick_exact * won
        return -self.per_trick_miss * abs(won - bid)


POCHA_DEFAULTS: Final = {p.name: p.default for p in RULE_PARAMETERS}


@mypyc_attr(allow_interpreted_subclasses=True)
class PochaGame(Game):
    """One hand of La Pocha (pocha.md §2), registered as ``pocha``.

    >>> import tapete
    >>> g = tapete.load_game('pocha', n_players=3)
    >>> g.rules.deck.name, g.hand_size, g.dealer
    ('spanish36', 12, 2)
    >>> tapete.load_game('pocha', n_players=4, hand_size=11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tapete.errors.ConfigError: parameter hand_size = 11 is too large: 4 players with the ...
    """

    name = "pocha"
    rules_version = "pocha-1"
    summary = "La Pocha, one hand: deal, trump, exact bids, follow and overtake"
    parameters = (
        *RULE_PARAMETERS[:1],
        Param("hand_size", None, "cards per player (default: the most the pack allows)",
              kind=int, check=_optional_int("hand_size")),
        Param("dealer", None, "the dealer's seat (default: the last seat, so seat 0 is mano)",
              kind=int, check=_optional_int("dealer")),
        *RULE_PARAMETERS[1:],
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules = PochaRules(dict(self.params))
        rules = self.rules
        n_players = rules.n_players
        size = self.params["hand_size"]
        if size is None:
            size = rules.max_hand_size
        elif not 1 <= size <= rules.max_hand_size:
            what = "too large" if size > rules.max_hand_size else "too small"
            raise ConfigError(
                f"parameter hand_size = {size} is {what}: {n_players} players with the "
                f"{rules.deck_size}-card pack allow 1…{rules.max_hand_size}"
            )
        dealer = self.params["dealer"]
        if dealer is None:
            dealer = n_players - 1
        elif not 0 <= dealer < n_players:
            raise ConfigError(
                f"parameter dealer = {dealer} is not a seat; allowed: 0…{n_players - 1}"
            )
        self.hand_size: int = size
        self.dealer: int = dealer
        mano = (dealer + 1) % n_players
        #: The pack's card ids in deck order, and the seat after each seat.
        self.deck_order: tuple[int, ...] = tuple(int(c) for c in self.rules.deck.cards)
        self.next_seat: tuple[int, ...] = tuple((s + 1) % n_players for s in range(n_players))
        #: Every bid action of this hand size (``bid 0`` … ``bid hand_size``).
        self.bid_actions: tuple[int, ...] = tuple(range(BID_BASE, BID_BASE + size + 1))
        #: ``slot_seats[k]``: the seat that receives the k-th card dealt.
        self.slot_seats: tuple[int, ...] = tuple(
            (mano + k) % n_players for k in range(size * n_players)
        )
        #: Prebuilt event values: the public ``to`` of a card dealt to each seat, the card of
        #: each card id, the number of each bid.
        self.to_args: tuple[tuple[tuple[str, Any], ...], ...] = tuple(
            (("to", s),) for s in range(n_players)
        )
        self.card_args: tuple[tuple[tuple[str, Any], ...], ...] = tuple(
            (("card", Card(c)),) for c in range(64)
        )
        self.bid_args: tuple[tuple[tuple[str, Any], ...], ...] = tuple(
            (("bid", b),) for b in range(MAX_BID + 1)
        )

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The card of a deal, turn or play event; the number of a bid."""
        if 0 <= action < 64:
            return self.card_args[action]
        if kind == "bid":
            return self.bid_args[action - BID_BASE]
        return ()

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    def num_distinct_actions(self) -> int:
        """Size of the action encoding (see the module's table)."""
        return NUM_DISTINCT_ACTIONS

    def new_initial_state(self) -> PochaState:
        """The hand before the first card is dealt."""
        return PochaState(self)

    def deal_actions(self, hands: list[str], turn: str | None = None) -> list[int]:
        """The chance actions that deal exactly ``hands`` (seat 0 first) and turn ``turn``.

        Cards go one at a time from mano round to the dealer, each seat's cards in the order
        written; with the whole pack dealt, the dealer's last card is the trump card.

        >>> import tapete
        >>> game = tapete.load_game('pocha', n_players=3, hand_size=2)
        >>> state = game.new_initial_state()
        >>> for a in game.deal_actions(['Ao 3o', '3c 4c', 'Re Se'], turn='7b'):
        ...     state.apply_action(a)
        >>> state.phase(), str(state.view(0).hand), str(state.view(0).trump_card)
        ('bidding', 'Ao 3o', '7b')
        """
        deck = self.rules.deck
        n_players = self.rules.n_players
        if len(hands) != n_players:
            raise ConfigError(f"deal_actions needs {n_players} hands, got {len(hands)}")
        cards = [deck.parse_cards(h) for h in hands]
        if any(len(c) != self.hand_size for c in cards):
            raise ConfigError(f"every hand must have {self.hand_size} cards")
        mano = (self.dealer + 1) % n_players
        actions = [
            int(cards[(mano + k) % n_players][k // n_players])
            for k in range(self.hand_size * n_players)
        ]
        if turn is not None:
            actions.append(int(deck.parse_card(turn)))
        return actions

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> PochaState:
        """A full hand consistent with ``view`` (voids, failures to overtake or to trump)."""
        from tapete.games.pocha.sampler import fill_hand

        if not isinstance(view, PochaView):
            raise TypeError("pocha samples from a PochaView")
        state = self.new_initial_state()
        for text in fill_hand(self, list(view.observed), rng):
            state.apply_string(text)
        return state


@mypyc_attr(allow_interpreted_subclasses=True)
class PochaState(State):
    """A position in one hand of La Pocha (see :class:`PochaGame`)."""

    def __init__(self, game: PochaGame) -> None:
        self.game = game
        rules = game.rules
        self.rules = rules
        self._history = []
        self._events = []
        self.n_players = rules.n_players
        self.hand_size = game.hand_size
        self.dealer = game.dealer
        self.mano = (game.dealer + 1) % rules.n_players
        self._phase = DEAL
        self._undealt = rules.deck.mask
        self._undealt_list = list(game.deck_order)
        self._dealt = 0
        self._last_slot = game.hand_size * rules.n_players - 1
        self._slot_seat = game.slot_seats
        self._to_args = game.to_args
        self._next_seat = game.next_seat
        self._above = rules.above
        self._last_in_trick = rules.n_players - 1
        self._all_bids = game.bid_actions
        self.hands = [0] * rules.n_players
        self.trump_card = -1
        self.trump_suit = -1
        self._trump_mask = 0
        self.trump_card_holder = -1
        self.swaps: list[tuple[int, int, int]] = []
        self.bids = [-1] * rules.n_players
        self._to_move = self.mano
        self.tricks_won = [0] * rules.n_players
        self.leader = self.mano
        self.trick: list[int] = []
        self._led = -1
        self._best_led = -1
        self._best_trump = -1
        self._winner = -1
        self.finished: list[tuple[int, tuple[int, ...], int]] = []
        self.scores: list[int] | None = None
        self._legal = -1
        self._swap_asked = 0

    # -- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL when scored."""
        phase = self._phase
        if phase <= TURN:
            return CHANCE
        if phase == DONE:
            return TERMINAL
        return self._to_move

    def phase(self) -> str:
        """``deal``, ``turn``, ``seven-swap``, ``two-swap``, ``bidding``, ``play`` or ``done``."""
        return PHASE_NAMES[self._phase]

    def is_terminal(self) -> bool:
        """True once the hand is scored."""
        return self._phase == DONE

    def is_chance_node(self) -> bool:
        """True while cards are being dealt or turned up."""
        return self._phase <= TURN

    def legal_actions(self) -> list[int]:
        """Legal actions, sorted: cards (deal/turn/play), bids, swap/pass."""
        phase = self._phase
        if phase == PLAY:
            legal = self._legal
            if legal < 0:
                legal = self._play_mask()
            return [
                *_BITS0[legal & 0xFFF],
                *_BITS1[legal >> 16 & 0xFFF],
                *_BITS2[legal >> 32 & 0xFFF],
                *_BITS3[legal >> 48 & 0xFFF],
            ]
        if phase <= TURN:
            return list(self._undealt_list)
        if phase == BIDDING:
            return self._bid_actions()
        if phase in (SWAP7, SWAP2):
            return [SWAP, PASS] if self.hands[self._to_move] >> self._swap_card() & 1 else [PASS]
        return []

    def chance_recipient(self) -> int | None:
        """The seat that receives the next card dealt (``None`` for the turned-up card)."""
        return self._slot_seat[self._dealt] if self._phase == DEAL else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card, equally likely."""
        if self._phase > TURN:
            return []
        cards = self._undealt_list
        table = _OUTCOMES[len(cards)]
        return [table[c] for c in cards]

    def is_legal(self, action: int) -> bool:
        """True when ``action`` may be applied now."""
        if type(action) is not int:
            return State.is_legal(self, action)
        if self._phase == PLAY:
            return 0 <= action < 64 and bool(self._play_mask() >> action & 1)
        return self.why_illegal(action) is None

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; the state is unchanged if it is refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        phase = self._phase
        if phase == PLAY:
            legal = self._legal
            if legal < 0:
                legal = self._play_mask()
            if 0 <= action < 64 and legal >> action & 1:
                trick = self.trick
                if len(trick) < self._last_in_trick:  # not the trick's last card: inlined
                    seat = self._to_move
                    self.hands[seat] ^= 1 << action
                    suit = action >> 4
                    if not trick:
                        self._led = suit
                        self._best_led = action
                        self._winner = seat
                        self._best_trump = action if suit == self.trump_suit else -1
                    else:
                        above = self._above
                        best_trump = self._best_trump
                        if suit == self.trump_suit and (
                            best_trump < 0 or above[best_trump] >> action & 1
                        ):
                            self._best_trump = best_trump = action
                            self._winner = seat
                        if suit == self._led and above[self._best_led] >> action & 1:
                            self._best_led = action
                            if best_trump < 0:
                                self._winner = seat
                    trick.append(action)
                    self._legal = -1
                    self._to_move = self._next_seat[seat]
                    self._events.append((seat, "play", action, EVERYONE, NO_ARGS))
                else:
                    self._play(action)
                self._history.append(action)
                return
        elif phase == DEAL and 0 <= action < 64 and self._undealt >> action & 1:
            dealt = self._dealt
            if dealt < self._last_slot:  # the common case, inlined for speed
                self._undealt ^= 1 << action
                self._undealt_list.remove(action)
                to = self._slot_seat[dealt]
                self.hands[to] |= 1 << action
                self._dealt = dealt + 1
                self._events.append((CHANCE, "deal", action, 1 << to, self._to_args[to]))
            else:
                self._deal(action)
            self._history.append(action)
            return
        State.apply_action(self, action)  # the checked general path

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(action)
        elif phase <= TURN:
            self._deal(action)
        elif phase == BIDDING:
            self._bid(action - BID_BASE)
        else:
            self._swap(action == SWAP)

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else an error saying which rule forbids ``action`` now."""
        phase = self._phase
        if not isinstance(action, int) or not 0 <= action < NUM_DISTINCT_ACTIONS:
            return self._not_now(action, f"{action!r} is not an action of pocha", "unknown_action")
        if phase == DONE:
            return self._not_now(action, "the hand is over", "game_over")
        if action < 64 and not self.rules.deck.mask >> action & 1:
            return self._not_now(
                action,
                f"card id {action} is not in the {self.rules.deck.name} pack",
                "no_such_card",
            )
        if phase <= TURN:
            if action >= 64 or not self.rules.deck.mask >> action & 1:
                return self._not_now(action, "cards are being dealt: only a deal action", "dealing")
            if not self._undealt >> action & 1:
                return self._not_now(action, f"{Card(action)} was already dealt", "already_dealt")
            return None
        if phase in (SWAP7, SWAP2):
            if action not in (SWAP, PASS):
                return self._not_now(action, "the swap comes first: swap or pass", "swap_phase")
            card = self._swap_card()
            if action == SWAP and not self.hands[self._to_move] >> card & 1:
                return self._not_now(action, f"only the holder of {Card(card)} may swap", "no_card")
            return None
        if phase == BIDDING:
            if not BID_BASE <= action <= BID_BASE + MAX_BID:
                return self._not_now(action, "bidding now: bid a number of tricks", "bidding")
            bid = action - BID_BASE
            if bid > self.hand_size:
                return self._not_now(
                    action, f"bids go from 0 to {self.hand_size}", "bid_out_of_range"
                )
            if action not in self._bid_actions():
                return self._not_now(
                    action,
                    f"the dealer may not bid {bid}: the bids would add up to {self.hand_size}",
                    "dealer_restriction",
                )
            return None
        return self._why_illegal_play(action)

    def _why_illegal_play(self, action: int) -> IllegalActionError | None:
        if action >= 64:
            return self._not_now(action, "tricks are being played: play a card", "playing")
        hand = self.hands[self._to_move]
        if not hand >> action & 1:
            return self._not_now(action, f"{Card(action)} is not in the hand", "not_held")
        legal = self._play_mask()
        if legal >> action & 1:
            return None
        led = self._led
        deck = self.rules.deck
        holds = deck.format_cards(CardSet(legal))
        follow = hand & SUIT_MASK[led]
        if follow and action >> 4 != led:
            return self._not_now(
                action, f"must follow {_SUIT_NAMES[led]}: holds {holds}", "must_follow"
            )
        if follow:
            return self._not_now(
                action,
                f"must overtake {Card(self._best_led)}: holds {holds}",
                "must_overtake",
            )
        if self._best_trump >= 0 and legal & self.rules.above[self._best_trump]:
            return self._not_now(
                action, f"must overtrump {Card(self._best_trump)}: holds {holds}", "must_overtrump"
            )
        return self._not_now(
            action, f"void in {_SUIT_NAMES[led]}, must trump: holds {holds}", "must_trump"
        )

    def _action_to_string(self, action: int) -> str:
        """``deal 3o``, ``turn 4b``, ``bid 2``, ``play Rc``, ``swap``, ``pass``."""
        if 0 <= action < 64:
            verb = ("deal", "turn")[self._phase] if self._phase <= TURN else "play"
            return f"{verb} {self.rules.deck.format_card(action)}"
        if BID_BASE <= action <= BID_BASE + MAX_BID:
            return f"bid {action - BID_BASE}"
        if action == SWAP:
            return "swap"
        if action == PASS:
            return "pass"
        if DEALER_BASE <= action < DEALER_BASE + 8:
            return f"dealer {action - DEALER_BASE}"
        raise NotationError(f"{action!r} is not an action of pocha")

    def string_to_action(self, text: str) -> int:
        """The action written ``text``: ``deal 3o``, ``turn 4b``, ``bid 2``, ``play Rc``..."""
        expected = "'deal <card>', 'turn <card>', 'bid <n>', 'play <card>', 'swap' or 'pass'"
        verb, arg = split_action(text, ("deal", "turn", "bid", "play", "swap", "pass"), expected)
        if verb in ("swap", "pass"):
            if arg:
                raise NotationError(f"cannot read {text!r}: {verb} takes nothing after it")
            return SWAP if verb == "swap" else PASS
        if verb == "bid":
            bid = parse_int(arg, "a bid", "'bid <n>' with n a number of tricks")
            if not 0 <= bid <= MAX_BID:
                raise NotationError(f"cannot read {text!r}: bids are numbers 0…{MAX_BID}")
            return BID_BASE + bid
        if not arg:
            raise NotationError(f"cannot read {text!r}: expected '{verb} <card>', like '{verb} 3o'")
        return int(self.rules.deck.parse_card(arg))

    def returns(self) -> list[float]:
        """The hand's points per seat once scored (zeros before)."""
        if self.scores is None:
            return [0.0] * self.n_players
        return [float(s) for s in self.scores]

    def clone(self) -> PochaState:
        """An independent copy."""
        other = self._copy_base()
        other.rules = self.rules
        other.n_players = self.n_players
        other.hand_size = self.hand_size
        other.dealer = self.dealer
        other.mano = self.mano
        other._phase = self._phase
        other._undealt = self._undealt
        other._undealt_list = list(self._undealt_list)
        other._dealt = self._dealt
        other._last_slot = self._last_slot
        other._slot_seat = self._slot_seat
        other._to_args = self._to_args
        other._next_seat = self._next_seat
        other._above = self._above
        other._last_in_trick = self._last_in_trick
        other._all_bids = self._all_bids
        other.hands = list(self.hands)
        other.trump_card = self.trump_card
        other.trump_suit = self.trump_suit
        other._trump_mask = self._trump_mask
        other.trump_card_holder = self.trump_card_holder
        other.swaps = list(self.swaps)
        other.bids = list(self.bids)
        other._to_move = self._to_move
        other.tricks_won = list(self.tricks_won)
        other.leader = self.leader
        other.trick = list(self.trick)
        other._led = self._led
        other._best_led = self._best_led
        other._best_trump = self._best_trump
        other._winner = self._winner
        other.finished = list(self.finished)
        other.scores = None if self.scores is None else list(self.scores)
        other._legal = self._legal
        other._swap_asked = self._swap_asked
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, tuple(self.hands), self._undealt, self.trump_card, self.trump_suit,
            self.trump_card_holder, tuple(self.swaps), tuple(self.bids), self._to_move,
            tuple(self.tricks_won), self.leader, tuple(self.trick), tuple(self.finished),
        )  # fmt: skip

    # -- rules --------------------------------------------------------------------------------
    def _deal(self, card: int) -> None:
        self._undealt &= ~(1 << card)
        self._undealt_list.remove(card)
        rules = self.rules
        if self._phase == TURN:
            self._events.append((CHANCE, "turn", card, EVERYONE, NO_ARGS))
            self.trump_card = card
            self._set_trump(card >> 4)
            self._after_trump()
            return
        seat = (self.mano + self._dealt) % self.n_players
        self._events.append((CHANCE, "deal", card, 1 << seat, self._to_args[seat]))
        self.hands[seat] |= 1 << card
        self._dealt += 1
        if self._dealt < self.hand_size * self.n_players:
            return
        if self._undealt:
            self._phase = TURN
        elif rules.dealer_last_card:
            self.trump_card = card
            self.trump_card_holder = self.dealer
            self._set_trump(card >> 4)
            self._after_trump()
        else:
            self._start_bidding()

    def _set_trump(self, suit: int) -> None:
        self.trump_suit = suit
        self._trump_mask = SUIT_MASK[suit]

    def _after_trump(self) -> None:
        if (
            self.rules.seven_swap
            and self.trump_card_holder < 0
            and self.trump_card & 15 not in (_SEVEN_SLOT, _TWO_SLOT)
            and self.rules.deck.mask >> (16 * self.trump_suit + _SEVEN_SLOT) & 1
        ):
            self._phase = SWAP7
            self._to_move = self.mano
            self._swap_asked = 0
        else:
            self._start_bidding()

    def _swap_card(self) -> int:
        return 16 * self.trump_suit + (_SEVEN_SLOT if self._phase == SWAP7 else _TWO_SLOT)

    def _swap(self, swap: bool) -> None:
        seat = self._to_move
        self._events.append(
            (seat, "swap" if swap else "pass", SWAP if swap else PASS, EVERYONE, NO_ARGS)
        )
        if swap:
            card = self._swap_card()
            self.hands[seat] = self.hands[seat] & ~(1 << card) | 1 << self.trump_card
            self.swaps.append((seat, card, self.trump_card))
            self.trump_card = card
            if (
                self._phase == SWAP7
                and self.rules.deck.mask >> (16 * self.trump_suit + _TWO_SLOT) & 1
            ):
                self._phase = SWAP2
                self._to_move = self.mano
                self._swap_asked = 0
            else:
                self._start_bidding()
            return
        self._swap_asked += 1
        if self._swap_asked == self.n_players:
            self._start_bidding()
        else:
            self._to_move = (seat + 1) % self.n_players

    def _start_bidding(self) -> None:
        self._phase = BIDDING
        self._to_move = self.mano

    def _bid_actions(self) -> list[int]:
        """The legal bid actions: any number of tricks, but the dealer may not square."""
        every = self._all_bids
        if self._to_move != self.dealer or not self.rules.dealer_restriction:
            return list(every)
        forbidden = BID_BASE + self.hand_size - sum(b for b in self.bids if b >= 0)
        return [a for a in every if a != forbidden]

    def _bid(self, bid: int) -> None:
        seat = self._to_move
        self._events.append((seat, "bid", BID_BASE + bid, EVERYONE, NO_ARGS))
        self.bids[seat] = bid
        if seat == self.dealer:
            self._phase = PLAY
            self._to_move = self.leader = self.mano
            self._legal = -1
        else:
            self._to_move = (seat + 1) % self.n_players

    def _play_mask(self) -> int:
        legal = self._legal
        if legal >= 0:
            return legal
        hand = self.hands[self._to_move]
        if not self.trick:
            legal = hand
        else:
            led = self._led
            follow = hand & SUIT_MASK[led]
            rules = self.rules
            if rules.follow_only:
                legal = follow or hand
            elif follow:
                if led != self.trump_suit and self._best_trump >= 0:
                    legal = follow  # s5: the trick is trumped, any card of the suit led
                else:
                    legal = follow & rules.above[self._best_led] or follow  # s1, s2
            elif self.trump_suit < 0 or led == self.trump_suit:
                legal = hand
            else:
                trumps = hand & self._trump_mask
                if self._best_trump >= 0:
                    over = trumps & rules.above[self._best_trump]  # s3
                    legal = over or (trumps if rules.undertrump_must and trumps else hand)  # s4
                else:
                    legal = trumps or hand  # s3 (any trump), s4
        self._legal = legal
        return legal

    def _play(self, card: int) -> None:
        seat = self._to_move
        self._events.append((seat, "play", card, EVERYONE, NO_ARGS))
        self.hands[seat] ^= 1 << card
        trick = self.trick
        suit = card >> 4
        if not trick:
            self._led = suit
            self._best_led = card
            self._winner = seat
            self._best_trump = card if suit == self.trump_suit else -1
        else:
            above = self._above
            best_trump = self._best_trump
            if suit == self.trump_suit and (best_trump < 0 or above[best_trump] >> card & 1):
                self._best_trump = best_trump = card
                self._winner = seat
            if suit == self._led and above[self._best_led] >> card & 1:
                self._best_led = card
                if best_trump < 0:
                    self._winner = seat
        trick.append(card)
        self._legal = -1
        if len(trick) < self.n_players:
            self._to_move = self._next_seat[seat]
            return
        winner = self._winner
        self.finished.append((self.leader, tuple(trick), winner))
        self.tricks_won[winner] += 1
        self.trick = []
        self.leader = self._to_move = winner
        if len(self.finished) == self.hand_size:
            self._phase = DONE
            score = self.rules.score
            self.scores = [score(b, w) for b, w in zip(self.bids, self.tricks_won, strict=True)]

    # -- information --------------------------------------------------------------------------
    def _deal_slot_visible(self, slot: int, seat: int | None) -> bool:
        owner = (self.mano + slot) % self.n_players
        if owner == seat:
            return True
        return (
            self.trump_card_holder == self.dealer
            and slot == self.hand_size * self.n_players - 1
            and self._phase > TURN
        )

    def observed(self, seat: int | None) -> tuple[str | None, ...]:
        """The history as ``seat`` saw it (``None`` for cards dealt to others)."""
        texts: list[str | None] = []
        deal_count = self.hand_size * self.n_players
        fmt = self.rules.deck.format_card
        for i, action in enumerate(self._history):
            if i < deal_count:
                texts.append(f"deal {fmt(action)}" if self._deal_slot_visible(i, seat) else None)
            elif i == deal_count and action < 64:
                texts.append(f"turn {fmt(action)}")
            elif action < 64:
                texts.append(f"play {fmt(action)}")
            elif action < BID_BASE + 16:
                texts.append(f"bid {action - BID_BASE}")
            else:
                texts.append("swap" if action == SWAP else "pass")
        return tuple(texts)

    def _public_known(self) -> int:
        """Cards whose place every seat knows: the trump card and the swapped cards."""
        known = 0
        if self.trump_card >= 0 and self._phase > TURN:
            known |= 1 << self.trump_card
        for _, gave, took in self.swaps:
            known |= 1 << gave | 1 << took
        return known

    def hidden_cards(self, seat: int | None) -> CardSet:
        """Cards ``seat`` cannot place: others' hands and the stock, less what was shown."""
        own = self.hands[seat] if seat is not None else 0
        played = sum(1 << c for c in self.trick)
        for _, cards, _ in self.finished:
            for c in cards:
                played |= 1 << c
        return CardSet(self.rules.deck.mask & ~(own | played | self._public_known()))

    def view(self, seat: int | None) -> PochaView:
        """What ``seat`` may know now (``None``: a spectator)."""
        card = Card
        trump = self.trump_card if self._phase > TURN else -1
        return PochaView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            phase=self.phase(),
            n_players=self.n_players,
            hand_size=self.hand_size,
            dealer=self.dealer,
            deck=self.rules.deck.name,
            rank_order=self.rules.rank_order,
            hand=CardSet(self.hands[seat] if seat is not None else 0),
            hand_counts=tuple(h.bit_count() for h in self.hands),
            trump_card=card(trump) if trump >= 0 else None,
            trump_suit=Suit(self.trump_suit) if self.trump_suit >= 0 else None,
            trump_card_holder=self.trump_card_holder if self.trump_card_holder >= 0 else None,
            swaps=tuple((s, card(g), card(t)) for s, g, t in self.swaps),
            bids=tuple(b if b >= 0 else None for b in self.bids),
            tricks_won=tuple(self.tricks_won),
            current_trick=(Trick.of(self.leader, self.trick) if self._phase == PLAY else None),
            finished_tricks=tuple(Trick.of(*trick) for trick in self.finished),
            scores=tuple(self.scores) if self.scores is not None else None,
            observed=self.observed(seat),
            spec=self.game.spec,
            move=self.move_number(),
            events=self.events(seat),
        )

    def __str__(self) -> str:
        deck = self.rules.deck
        lines = [f"pocha: {self.n_players} players, {self.hand_size} cards, dealer {self.dealer}, "
                 f"phase {self.phase()}"]  # fmt: skip
        if self.trump_card >= 0:
            lines.append(f"trump card {deck.format_card(self.trump_card)}")
        for seat in range(self.n_players):
            bid = self.bids[seat]
            lines.append(
                f"seat {seat}: {deck.format_cards(CardSet(self.hands[seat]))}"
                f"  bid {'-' if bid < 0 else bid}  won {self.tricks_won[seat]}"
            )
        if self.trick:
            lines.append(f"trick (led by seat {self.leader}): {deck.format_cards(self.trick)}")
        return "\n".join(lines)


register(PochaGame)  # not a decorator: the optional compiled build keeps the class native
