"""One deal of a game of the Ombre family as a game: what every member's ``Game`` shares
(the research contract from its words, the deal of given hands, the initial state, the
sampler). A member sets the class attributes and declares its parameters.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from tapete.cards import CardSet
from tapete.engine.api import GENERAL_SUM, Game, PlayerView, mypyc_attr
from tapete.errors import ConfigError
from tapete.games.ombre_family.actions import CARD_INDEX, DECK, N_CARDS, ActionWords
from tapete.games.ombre_family.deal import FamilyDealState

S = TypeVar("S", bound=FamilyDealState)
#: The member's rules class (``OmbreRules``, ``TresilloRules``…).
R = TypeVar("R")


@mypyc_attr(allow_interpreted_subclasses=True)
class FamilyDealGame(Game, Generic[S, R]):
    """One deal of a game of the family. A subclass sets ``words`` (its
    :class:`~tapete.games.ombre_family.actions.ActionWords`), ``state_type``, ``sampler``
    (its :class:`~tapete.games.ombre_family.sampler.FamilySampler`) and
    ``max_deal_length``, and its ``_configure`` sets ``rules``, ``dealer`` and
    ``balances``."""

    words: ClassVar[ActionWords]
    state_type: ClassVar[type[Any]]
    sampler: ClassVar[Any]
    max_deal_length: ClassVar[int]
    rules: R
    dealer: int
    balances: tuple[int, ...]

    def num_players(self) -> int:
        """Three seats (Tresillo's table may have four: the dealer sits out)."""
        return 3

    def num_distinct_actions(self) -> int:
        """The 40 cards (deck-local indices), then the game's own words (its ``actions``
        module)."""
        return self.words.n_actions

    def max_chance_outcomes(self) -> int:
        """40: a card of the pack."""
        return N_CARDS

    def max_game_length(self) -> int:
        """The longest deal (``max_deal_length``, chance included)."""
        return self.max_deal_length

    def utility_sum(self) -> str:
        """General sum: the returns plus the change of the money on the table (pool, plate,
        pot) sum to zero."""
        return GENERAL_SUM

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, object], ...]:
        """The card of a card event, the suit of ``trumps``, a bid's or a declaration's
        values."""
        return self.words.event_args(kind, action)

    def deal_actions(self, hands: Sequence[str | CardSet | None]) -> list[int]:
        """The 27 chance actions that deal ``hands`` (indexed by seat, 9 cards each; at a
        table of four the dealer's entry empty or ``None``) in packets of three from the
        first speaker.

        >>> import tapete
        >>> g = tapete.load_game('ombre')
        >>> hands = ['♠A ♣A ♣2 ♣K ♣Q ♣J ♥K ♥Q ♥J', '♦K ♦Q ♦J ♦A ♦2 ♦3 ♦4 ♦5 ♦6',
        ...          '♠K ♠Q ♠J ♠7 ♠6 ♠5 ♠4 ♠3 ♠2']
        >>> state = g.new_initial_state()
        >>> for action in g.deal_actions(hands):
        ...     state.apply_action(action)
        >>> str(state.view(0).hand)
        '♣A ♣2 ♣J ♣Q ♣K ♥J ♥Q ♥K ♠A'
        """
        seats = self.num_players()
        if len(hands) != seats:
            raise ConfigError(
                f"deal_actions needs {seats} entries, one per seat"
                + (" (the dealer's empty)" if seats == 4 else "")
            )
        parsed: dict[int, list[int]] = {}
        for seat, hand in enumerate(hands):
            if seats == 4 and seat == self.dealer:
                if hand:
                    raise ConfigError(f"the dealer (seat {seat}) gets no cards")
                continue
            if hand is None:
                raise ConfigError(f"seat {seat} needs a hand of 9 cards")
            cards = list(hand) if isinstance(hand, CardSet) else DECK.parse_cards(hand)
            if len(cards) != 9:
                raise ConfigError(f"a hand has 9 cards, got {len(cards)}: {hand}")
            parsed[seat] = [int(c) for c in cards]
        if len({c for h in parsed.values() for c in h}) != 27:
            raise ConfigError("deal_actions needs three hands of 9 different cards")
        if any(CARD_INDEX[c] < 0 for h in parsed.values() for c in h):
            raise ConfigError("deal_actions: a card is not of the 40-card pack")
        active = [s for s in parsed if s != self.dealer or seats == 3]
        active = sorted(active, key=lambda s: (s - self.dealer - 1) % seats)
        actions: list[int] = []
        for packet in range(9):
            start = 3 * (packet // 3)
            actions.extend(CARD_INDEX[c] for c in parsed[active[packet % 3]][start : start + 3])
        return actions

    def new_initial_state(self) -> S:
        """The deal before the first card is dealt (after the antes)."""
        return cast(S, self.state_type(self))

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> S:
        """A full deal consistent with ``view`` (voids, the matador privilege, the game's
        own inferences)."""
        return cast(S, self.sampler.sample(self, view, rng))
