"""One hand of La Pocha: deal, trump, (seven swap), bidding, play, score.

The game (:class:`PochaGame`) is here; the state is :mod:`~tapete.games.pocha.state`, its
view :mod:`~tapete.games.pocha.view`, the action numbers :mod:`~tapete.games.pocha.actions`.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('pocha', n_players=4, hand_size=3)
>>> game.num_distinct_actions(), game.max_game_length()
(53, 37)
>>> state = random_playout(game.new_initial_state(), random.Random(3))
>>> state.is_terminal(), len(state.returns())
(True, 4)
"""

from __future__ import annotations

import random
from typing import Any

from tapete.engine.api import CHANCE, GENERAL_SUM, Game, Param, PlayerView, mypyc_attr
from tapete.engine.events import EVERYONE, RawEvent, prebuilt_events
from tapete.engine.registry import register
from tapete.errors import ConfigError, InconsistentViewError
from tapete.games.pocha.actions import event_tables, event_values
from tapete.games.pocha.rules import HAND_VARIANTS, RULE_PARAMETERS, PochaRules, optional_int
from tapete.games.pocha.sampler import sample_hand
from tapete.games.pocha.scoring import score_bounds
from tapete.games.pocha.state import PochaState
from tapete.games.pocha.tables import local_bits
from tapete.games.pocha.view import PochaView


@mypyc_attr(allow_interpreted_subclasses=True)
class PochaGame(Game):
    """One hand of La Pocha (pocha.md §2), registered as ``pocha``.

    ``returns()`` are the hand's points per seat (pocha.md §2.7): ``exact_base +
    per_trick_exact × tricks`` for an exact bid, ``-per_trick_miss`` per trick of difference
    otherwise; zeros until the hand is scored. They do not add up to a constant.

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
    rules_version = "pocha-3"
    summary = "La Pocha, one hand: deal, trump, exact bids, follow and overtake"
    parameters = (
        *RULE_PARAMETERS[:1],
        Param("hand_size", None, "cards per player (default: the most the pack allows)",
              kind=int, check=optional_int("hand_size")),
        Param("dealer", None, "the dealer's seat (default: the last seat, so seat 0 is mano)",
              kind=int, check=optional_int("dealer")),
        *RULE_PARAMETERS[1:],
        *HAND_VARIANTS,
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules = PochaRules(self.params)
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
        india, ciega = self.params["ronda_india"], self.params["ronda_ciega"]
        if (india or ciega) and size != 1:
            raise ConfigError(
                f"parameter {'ronda_india' if india else 'ronda_ciega'} is for a hand of one "
                f"card (hand_size = 1), not of {size}"
            )
        if india and ciega:
            raise ConfigError("a hand is either ronda_india or ronda_ciega, not both")
        self.hand_size: int = size
        self.dealer: int = dealer
        #: ``ronda_india``: each seat sees every card but its own; ``ronda_ciega``: nobody sees
        #: a card before it is played; ``ronda_subastada``: trumps are auctioned.
        self.india: bool = bool(india)
        self.ciega: bool = bool(ciega)
        self.subastada: bool = bool(self.params["ronda_subastada"])
        everyone = (1 << n_players) - 1
        #: ``deal_visible[s]``: the seats that see a card dealt to seat ``s``.
        self.deal_visible: tuple[int, ...] = tuple(
            0 if ciega else everyone & ~(1 << s) if india else 1 << s for s in range(n_players)
        )
        mano = (dealer + 1) % n_players
        #: The seat after each seat.
        self.next_seat: tuple[int, ...] = tuple((s + 1) % n_players for s in range(n_players))
        #: Every bid action of this hand size (``bid 0`` … ``bid hand_size``).
        self.bid_actions: tuple[int, ...] = tuple(range(rules.bid_base, rules.bid_base + size + 1))
        #: ``slot_seats[k]``: the seat that receives the k-th card dealt.
        self.slot_seats: tuple[int, ...] = tuple(
            (mano + k) % n_players for k in range(size * n_players)
        )
        #: Per suit, the deck-local indices of the cards of each 12-bit slot mask.
        self.local_bits: tuple[tuple[tuple[int, ...], ...], ...] = local_bits(rules.index_of)
        #: Prebuilt event values: the public ``to`` of a card dealt to each seat, the card of
        #: each card action, the number of each bid.
        self.to_args: tuple[tuple[tuple[str, Any], ...], ...] = tuple(
            (("to", s),) for s in range(n_players)
        )
        self.card_args, self.bid_args = event_tables(rules)
        #: The raw events of a card dealt to each seat and of a card played by each seat,
        #: per card action, made once (the hot paths append them: no tuple made per card,
        #: and an encoder that keeps cells per raw event finds these by identity).
        cards = rules.deck_size
        self.deal_events: tuple[tuple[RawEvent, ...], ...] = tuple(
            prebuilt_events(cards, CHANCE, "deal", self.deal_visible[s], self.to_args[s])
            for s in range(n_players)
        )
        self.play_events: tuple[tuple[RawEvent, ...], ...] = tuple(
            prebuilt_events(cards, s, "play", EVERYONE) for s in range(n_players)
        )

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The card of a deal, turn or play event; the number of a bid or an offer; the suit
        named trumps."""
        return event_values(self.rules, self.card_args, self.bid_args, action, kind)

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    # -- the research contract ----------------------------------------------------------------
    def num_distinct_actions(self) -> int:
        """The pack's cards, ``bid 0`` … ``bid max_hand_size``, ``swap`` and ``pass`` (and
        with ``ronda_subastada`` the numbers up to the four ``trumps <suit>``)."""
        return self.rules.hand_actions

    def max_chance_outcomes(self) -> int:
        """The pack's size (the first card dealt)."""
        return self.rules.deck_size

    def max_game_length(self) -> int:
        """Deal, turned card, two rounds of swap questions, the bids and the tricks; with
        ``ronda_subastada``: deal, the auction (each offer beats the last: at most
        ``hand_size + 1`` offers, and one pass from each other seat), the naming of trumps,
        the other seats' bids and the tricks."""
        n = self.rules.n_players
        cards = 2 * self.hand_size * n
        if self.subastada:
            return cards + (self.hand_size + 1 + n - 1) + 1 + (n - 1)
        return cards + 1 + 2 * n + n

    def min_utility(self) -> float:
        """Every trick missed: ``-per_trick_miss × hand_size``."""
        return float(score_bounds(self.rules, self.hand_size)[0])

    def max_utility(self) -> float:
        """Every trick bid and won: ``exact_base + per_trick_exact × hand_size``."""
        return float(score_bounds(self.rules, self.hand_size)[1])

    def utility_sum(self) -> str:
        """General sum: every seat scores for itself."""
        return GENERAL_SUM

    def returns_meaning(self) -> str:
        """What :meth:`PochaState.returns` measures."""
        return "the hand's points per seat (exact bid: base + per trick; else minus per trick)"

    # -- states -------------------------------------------------------------------------------
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
        index_of = self.rules.index_of
        n_players = self.rules.n_players
        if len(hands) != n_players:
            raise ConfigError(f"deal_actions needs {n_players} hands, got {len(hands)}")
        cards = [deck.parse_cards(h) for h in hands]
        if any(len(c) != self.hand_size for c in cards):
            raise ConfigError(f"every hand must have {self.hand_size} cards")
        mano = (self.dealer + 1) % n_players
        actions = [
            index_of[cards[(mano + k) % n_players][k // n_players]]
            for k in range(self.hand_size * n_players)
        ]
        if turn is not None:
            actions.append(index_of[deck.parse_card(turn)])
        return actions

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> PochaState:
        """A full hand consistent with ``view`` (voids, failures to overtake or to trump)."""
        if not isinstance(view, PochaView):
            raise InconsistentViewError(
                f"pocha samples from a PochaView, got {type(view).__name__}"
            )
        state = self.new_initial_state()
        for action in sample_hand(self, view, rng):
            state.apply_action(action)
        return state


register(PochaGame)  # not a decorator: the optional compiled build keeps the class native
