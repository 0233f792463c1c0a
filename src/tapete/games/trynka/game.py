"""One bank of Trynka, registered as ``trynka`` (the session, ``trynka-match``, is in
:mod:`.match`).

>>> import tapete
>>> g = tapete.load_game('trynka', n_players=3)
>>> g.rules.dealer, g.num_distinct_actions(), g.utility_sum()
(2, 91, 'zero_sum')
>>> tapete.load_game('trynka', n_players=9)
Traceback (most recent call last):
...
tapete.errors.ConfigError: parameter n_players = 9 is out of range; allowed: int 2…8
"""

from __future__ import annotations

import dataclasses
import functools
import random
from types import MappingProxyType
from typing import Any

from tapete.cards import Card
from tapete.engine.api import ZERO_SUM, Game, GameSpec, PlayerView, mypyc_attr
from tapete.engine.registry import load_game, register
from tapete.errors import ConfigError
from tapete.games.trynka.rules import (
    BANK_PARAMETERS,
    RULE_PARAMETERS,
    TrynkaRules,
    spec_params,
)
from tapete.games.trynka.sampler import sample_bank
from tapete.games.trynka.state import TrynkaState

Args = tuple[tuple[str, Any], ...]


@functools.cache
def flag_tuples(n: int) -> tuple[tuple[bool, ...], ...]:
    """``flag_tuples(n)[mask]``: the flags of ``n`` seats of a seat bitmask.

    >>> flag_tuples(3)[5]
    (True, False, True)
    """
    return tuple(tuple(bool(mask >> s & 1) for s in range(n)) for mask in range(1 << n))


def event_values(rules: TrynkaRules) -> tuple[tuple[Args, ...], tuple[Args, ...]]:
    """Prebuilt event arguments of one configuration: the card of each card action (0 …
    2D-1, face up by accident from D on) and the amount of each stake action."""
    codec = rules.actions
    ids = rules.deck.card_ids
    cards: list[Args] = [(("card", Card(ids[i])),) for i in range(codec.n_cards)]
    cards += [(("card", Card(ids[i])), ("up", True)) for i in range(codec.n_cards)]
    amounts = [(("amount", a),) for a in range(codec.cap + 1)]
    return tuple(cards), tuple(amounts)


@mypyc_attr(allow_interpreted_subclasses=True)
class TrynkaGameBase(Game):
    """What ``trynka`` and ``trynka-match`` share: the event values of their actions."""

    _card_args: tuple[Args, ...]
    _amount_args: tuple[Args, ...]
    _blind_base: int

    def _set_event_values(self, rules: TrynkaRules) -> None:
        self._card_args, self._amount_args = event_values(rules)
        self._blind_base = rules.actions.blind_base
        self._cap = rules.actions.cap

    def event_args(self, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The card of a ``deal`` or ``draw`` event; the amount of a stake."""
        if action <= self._blind_base:
            if kind == "deal" or kind == "draw":
                return self._card_args[action]
            return ()
        return self._amount_args[(action - self._blind_base - 1) % self._cap + 1]


@mypyc_attr(allow_interpreted_subclasses=True)
class TrynkaGame(TrynkaGameBase):
    """One bank of Trynka (trynka.md §2), registered as ``trynka``.

    ``returns()`` are each seat's net chips in the bank (won minus paid; they sum to 0).
    """

    name = "trynka"
    rules_version = "trynka-2"
    summary = "Trynka, one bank: blind stakes, bets, reveals to the right, svara"
    parameters = (RULE_PARAMETERS[0], *BANK_PARAMETERS, *RULE_PARAMETERS[1:])
    rules: TrynkaRules

    def _configure(self) -> None:
        self._spec = GameSpec(self.name, spec_params(self.params))
        self.rules = TrynkaRules.of(self.params)
        self._set_event_values(self.rules)
        #: ``to_args[seat]``: the public argument of a card dealt to ``seat``.
        n = self.rules.n_players
        self.to_args: tuple[Args, ...] = tuple((("to", s),) for s in range(n))
        #: ``flag_tuples[mask]``: the seats' flags of a seat bitmask, ``(True, False, ...)``.
        self.flag_tuples = flag_tuples(n)

    def for_bank(self, dealer: int, balances: tuple[int, ...]) -> TrynkaGame:
        """The game of a bank of a session: this game's rules with ``dealer`` and
        ``balances``; equal in every respect to ``load_game('trynka', dealer=dealer,
        balances=balances, **the rule options)``, made without validating the rules again
        (the session does it once; it builds one game per bank).

        >>> import tapete
        >>> base = tapete.load_game('trynka', n_players=3, stake=2)
        >>> made = base.for_bank(1, (5, 6, 7))
        >>> made == tapete.load_game('trynka', dealer=1, balances='5,6,7', n_players=3, stake=2)
        True
        >>> made.rules.dealer, made.rules.balances, made.spec.param('balances')
        (1, (5, 6, 7), (5, 6, 7))
        """
        n = self.rules.n_players
        if not 0 <= dealer < n or len(balances) != n:
            raise ConfigError(f"a bank of {n} players needs a seat and {n} balances")
        given: dict[str, Any] = {"dealer": dealer, "balances": balances}
        fields = getattr(self, "__dict__", None)
        if fields is None or "_params" not in fields:  # compiled: Game's fields are native
            options = {k: v for k, v in self.given_params.items() if k not in given}
            game = load_game("trynka", **given, **options)
            assert isinstance(game, TrynkaGame)
            return game
        other = TrynkaGame.__new__(TrynkaGame)
        other.__dict__.update(fields)
        params = dict(self.params)
        params["dealer"] = dealer
        params["balances"] = balances
        given.update((k, v) for k, v in self.given_params.items() if k not in given)
        other._params = MappingProxyType(params)
        other._given = MappingProxyType(given)
        other._spec = GameSpec(self.name, spec_params(params))
        other.rules = dataclasses.replace(self.rules, dealer=dealer, balances=balances)
        return other

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    def num_distinct_actions(self) -> int:
        """Size of the action encoding (2D + 13 + 3C, see :mod:`.actions`)."""
        return self.rules.actions.num_distinct

    def max_chance_outcomes(self) -> int:
        """The pack's size (twice with accidental exposures)."""
        size = self.rules.deck_size
        return 2 * size if self.rules.accident > 0 else size

    def max_game_length(self) -> int:
        """An upper bound on a bank's actions (see :meth:`.TrynkaRules.bank_length_bound`;
        the derivation is in ``docs/trynka.md``)."""
        return self.rules.bank_length_bound()

    def max_view_events(self) -> int:
        """An upper bound on the events of a view's ``events``: one deal's actions, the
        deal in progress (see :meth:`.TrynkaRules.deal_length_bound`); the encoders size
        the event log by it."""
        return self.rules.deal_length_bound()

    def min_utility(self) -> float:
        """At worst a seat loses every chip it can pay into a bank
        (:meth:`.TrynkaRules.seat_chips_bound`)."""
        return float(self.rules.utility_bounds()[0])

    def max_utility(self) -> float:
        """At best a seat wins every chip the others can pay into a bank
        (:meth:`.TrynkaRules.utility_bounds`)."""
        return float(self.rules.utility_bounds()[1])

    def utility_sum(self) -> str:
        """Zero-sum: the bank's chips go from the payers to the winners."""
        return ZERO_SUM

    def returns_meaning(self) -> str:
        """What ``returns()`` measures."""
        return "each seat's net chips in the bank: what it won minus what it paid in"

    def new_initial_state(self) -> TrynkaState:
        """The state before the first card (the antes paid)."""
        return TrynkaState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> TrynkaState:
        """A full bank whose ``view(view.seat)`` equals ``view`` (hidden cards sampled)."""
        return sample_bank(self, view, rng)


register(TrynkaGame)  # not a decorator: the compiled build keeps the class native


register(TrynkaGame)  # not a decorator: the compiled build keeps the class native
