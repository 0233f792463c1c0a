"""A whole game of La Pocha: the hand sequence, the score sheet and the passing deal.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> game = tapete.load_game('pocha-match', n_players=4, hand_sequence='full_only')
>>> game.sizes
(10, 10, 10, 10)
>>> state = random_playout(game.new_initial_state(), random.Random(5))
>>> len(state.sheet), state.returns() == [float(t) for t in state.totals]
(4, True)
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any, Final

from tapete.cards import Card, CardSet
from tapete.engine.api import CHANCE, TERMINAL, Game, Param, PlayerView, State, split_action
from tapete.engine.registry import load_game, register
from tapete.errors import ConfigError, IllegalActionError, NotationError
from tapete.games.pocha.game import (
    DEALER_BASE,
    RULE_PARAMETERS,
    PochaGame,
    PochaRules,
    PochaState,
    PochaView,
)
from tapete.games.pocha.tables import mask_to_list

FIRST_DEALER, DRAW, HANDS, DONE = range(4)
_PHASES: Final = ("first-dealer", "draw", "hands", "done")


def hand_sizes(n_players: int, max_size: int, sequence: str | tuple[int, ...]) -> tuple[int, ...]:
    """The cards per player of each hand (pocha.md §1.4).

    >>> hand_sizes(4, 10, 'standard')
    (1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1)
    >>> hand_sizes(4, 10, 'up_only')[-1], hand_sizes(5, 8, 'full_only')
    (10, (8, 8, 8, 8, 8))
    """
    if sequence == "standard":
        return (
            (1,) * n_players
            + tuple(range(2, max_size))
            + (max_size,) * n_players
            + tuple(range(max_size - 1, 1, -1))
            + (1,) * n_players
        )
    if sequence == "up_only":
        return tuple(range(1, max_size + 1))
    if sequence == "full_only":
        return (max_size,) * n_players
    assert isinstance(sequence, tuple)
    return sequence


def _check_sequence(value: Any) -> str | tuple[int, ...]:
    if value in ("standard", "up_only", "full_only"):
        return str(value)
    items: Any = value
    if isinstance(value, str):
        items = [x for x in value.replace(",", " ").replace("-", " ").split()]
    try:
        sizes = tuple(int(x) for x in items)
    except (TypeError, ValueError):
        raise ConfigError(
            f"parameter hand_sequence = {value!r} is not allowed; allowed: standard | up_only | "
            "full_only | a list of hand sizes like '1,2,3,3'"
        ) from None
    if not sizes:
        raise ConfigError("parameter hand_sequence: the list of hand sizes is empty")
    return sizes


@dataclasses.dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet."""

    hand_size: int
    dealer: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class PochaMatchView(PlayerView):
    """What one seat knows of a whole game: the sheet, the current hand and all it saw."""

    phase: str
    n_players: int
    hand_sizes: tuple[int, ...]
    hand_index: int
    hand_dealers: tuple[int, ...]
    totals: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    first_dealer_draws: tuple[tuple[int, Card], ...]
    hand: PochaView | None
    observed: tuple[str | None, ...]
    hand_starts: tuple[int, ...]

    def live_part(self) -> PlayerView | None:
        """The current hand's view (what the leak check inspects)."""
        return self.hand


@register
class PochaMatchGame(Game):
    """A whole game of La Pocha, registered as ``pocha-match``; returns are the final totals."""

    name = "pocha-match"
    rules_version = "pocha-1"
    summary = "La Pocha, a whole game: the hand sequence with the score sheet"
    parameters = (
        *RULE_PARAMETERS,
        Param("hand_sequence", "standard",
              "standard (1s, up, Ms, down, 1s) | up_only | full_only | a list like '1,2,3'",
              kind=str, check=_check_sequence),
        Param("first_dealer", "random", "first dealer by lot: random seat, or high card",
              kind=str, choices=("random", "high_card")),
        Param("final_tie", "shared", "equal final totals share the win", kind=str,
              choices=("shared",)),
    )  # fmt: skip

    def _configure(self) -> None:
        self.rules = PochaRules(dict(self.params))
        top = self.rules.max_hand_size
        sizes = hand_sizes(self.rules.n_players, top, self.params["hand_sequence"])
        bad = [s for s in sizes if not 1 <= s <= top]
        if bad:
            raise ConfigError(
                f"parameter hand_sequence has hand size {bad[0]}: {self.rules.n_players} players "
                f"with the {self.rules.deck_size}-card pack allow 1…{top}"
            )
        self.sizes: tuple[int, ...] = sizes
        self._rule_params = {p.name: self.params[p.name] for p in RULE_PARAMETERS}

    @cache  # noqa: B019 - games are immutable and few
    def hand_game(self, hand_size: int, dealer: int) -> PochaGame:
        """The one-hand game of a hand of this match."""
        game = load_game("pocha", hand_size=hand_size, dealer=dealer, **self._rule_params)
        assert isinstance(game, PochaGame)
        return game

    def num_players(self) -> int:
        """Number of seats."""
        return self.rules.n_players

    def new_initial_state(self) -> PochaMatchState:
        """Before the first dealer is chosen."""
        return PochaMatchState(self)

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> PochaMatchState:
        """A whole game consistent with ``view`` (past hands and the current one)."""
        from tapete.games.pocha.sampler import fill_hand

        if not isinstance(view, PochaMatchView):
            raise TypeError("pocha-match samples from a PochaMatchView")
        observed = list(view.observed)
        starts = [*view.hand_starts, len(observed)]
        texts = [t for t in observed[: starts[0]] if t is not None]
        for i in range(len(view.hand_starts)):
            segment = observed[starts[i] : starts[i + 1]]
            game = self.hand_game(self.sizes[i], view.hand_dealers[i])
            texts.extend(fill_hand(game, segment, rng))
        state = self.new_initial_state()
        for text in texts:
            state.apply_string(text)
        return state


class PochaMatchState(State):
    """A position in a whole game of La Pocha."""

    def __init__(self, game: PochaMatchGame) -> None:
        self.game: PochaMatchGame = game
        self._history = []
        self._events = []
        n_players = game.rules.n_players
        self.n_players = n_players
        self.totals = [0] * n_players
        self.sheet: list[SheetRow] = []
        self.hand_index = 0
        self.hand: PochaState | None = None
        self.hand_dealers: list[int] = []
        self.hand_starts: list[int] = []
        self.draws: list[tuple[int, int]] = []
        self._drawers = list(range(n_players))
        self._round: list[int] = []
        self._pool = game.rules.deck.mask
        self._past_observed: dict[int | None, list[str | None]] = {}
        self._prelude_texts: list[str] = []  # the choice of the first dealer (public)
        self._phase = FIRST_DEALER if game.params["first_dealer"] == "random" else DRAW

    def current_player(self) -> int:
        """The seat to act, CHANCE or TERMINAL."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.current_player()
        return CHANCE if self._phase != DONE else TERMINAL

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to: the drawer of a high card, or the current hand's."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.chance_recipient()
        return self._drawers[len(self._round)] if self._phase == DRAW else None

    def phase(self) -> str:
        """``first-dealer``, ``draw``, the current hand's phase, or ``done``."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.phase()
        return _PHASES[self._phase]

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.legal_actions()
        if self._phase == FIRST_DEALER:
            return [DEALER_BASE + s for s in range(self.n_players)]
        if self._phase == DRAW:
            return mask_to_list(self._pool)
        return []

    def is_legal(self, action: int) -> bool:
        """True when ``action`` may be applied now."""
        if type(action) is not int:
            return State.is_legal(self, action)
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.is_legal(action)
        return self.why_illegal(action) is None

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        """``None`` if legal, else the error."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.why_illegal(action)
        if self._phase == DONE:
            return self._not_now(action, "the game is over", "game_over")
        if action in self.legal_actions():
            return None
        what = "a seat to deal first" if self._phase == FIRST_DEALER else "an undrawn card"
        return self._not_now(action, f"the first dealer is being chosen: expected {what}", "lot")

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (checked; unchanged state if refused)."""
        if type(action) is not int:
            return State.apply_action(self, action)
        if self._phase == HANDS:
            assert self.hand is not None
            self.hand.apply_action(action)
            self._history.append(action)
            if self.hand.is_terminal():
                self._finish_hand()
            return
        super().apply_action(action)

    def _apply(self, action: int) -> None:
        if self._phase == HANDS:
            assert self.hand is not None
            self.hand._apply(action)
            self.hand._history.append(action)
            if self.hand.is_terminal():
                self._history.append(action)
                self._finish_hand()
                self._history.pop()
        else:
            self._prelude_texts.append(self.action_to_string(action))
            if self._phase == FIRST_DEALER:
                self._start_hand(action - DEALER_BASE)
            else:
                self._draw(action)

    def _draw(self, card: int) -> None:
        seat = self._drawers[len(self._round)]
        self._round.append(card)
        self.draws.append((seat, card))
        self._pool &= ~(1 << card)
        if len(self._round) < len(self._drawers):
            return
        strength = self.game.rules.strength
        best = max(strength[c] for c in self._round)
        tied = [s for s, c in zip(self._drawers, self._round, strict=True) if strength[c] == best]
        self._round = []
        if len(tied) == 1:
            self._start_hand(tied[0])
            return
        self._drawers = tied
        if self._pool.bit_count() < len(tied):
            self._pool = self.game.rules.deck.mask

    def _start_hand(self, dealer: int) -> None:
        self._phase = HANDS
        self.hand_dealers.append(dealer)
        self.hand_starts.append(len(self._history) + 1)
        self.hand = self.game.hand_game(
            self.game.sizes[self.hand_index], dealer
        ).new_initial_state()

    def _finish_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.scores is not None
        for seat, points in enumerate(hand.scores):
            self.totals[seat] += points
        self.sheet.append(
            SheetRow(
                hand.hand_size, hand.dealer, tuple(hand.bids), tuple(hand.tricks_won),
                tuple(hand.scores), tuple(self.totals),
            )
        )  # fmt: skip
        for seat in [None, *range(self.n_players)]:
            if seat in self._past_observed or not self.hand_index:
                self._past_observed.setdefault(seat, []).extend(hand.observed(seat))
        self.hand_index += 1
        if self.hand_index == len(self.game.sizes):
            self._phase = DONE
            return
        dealer = (hand.dealer + 1) % self.n_players
        self.hand_dealers.append(dealer)
        self.hand_starts.append(len(self._history))
        self.hand = self.game.hand_game(
            self.game.sizes[self.hand_index], dealer
        ).new_initial_state()

    def _action_to_string(self, action: int) -> str:
        """The text of ``action`` now (``dealer 2``, ``draw Ao``, or the hand's texts)."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.action_to_string(action)
        if self._phase == DRAW and 0 <= action < 64:
            return f"draw {self.game.rules.deck.format_card(action)}"
        if DEALER_BASE <= action < DEALER_BASE + 8:
            return f"dealer {action - DEALER_BASE}"
        raise NotationError(f"{action!r} is not an action of pocha-match now")

    def string_to_action(self, text: str) -> int:
        """The action written ``text`` now."""
        if self._phase == HANDS:
            assert self.hand is not None
            return self.hand.string_to_action(text)
        verb, arg = split_action(text, ("dealer", "draw"), "'dealer <seat>' or 'draw <card>'")
        if verb == "draw":
            return int(self.game.rules.deck.parse_card(arg))
        if not arg.isdigit():
            raise NotationError(f"cannot read {text!r}: expected 'dealer <seat>'")
        return DEALER_BASE + int(arg)

    def returns(self) -> list[float]:
        """The running totals (the final totals once the game is over)."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """The seats with the highest total (equal totals share the win)."""
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]

    def clone(self) -> PochaMatchState:
        """An independent copy."""
        other = self._copy_base()
        other._history = list(self._history)
        other.totals = list(self.totals)
        other.sheet = list(self.sheet)
        other.hand = self.hand.clone() if self.hand is not None else None
        other.hand_dealers = list(self.hand_dealers)
        other.hand_starts = list(self.hand_starts)
        other.draws = list(self.draws)
        other._drawers = list(self._drawers)
        other._round = list(self._round)
        other._past_observed = {k: list(v) for k, v in self._past_observed.items()}
        other._prelude_texts = list(self._prelude_texts)
        return other

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase, tuple(self.totals), tuple(self.sheet), self.hand_index,
            self.hand._key() if self.hand is not None else None, tuple(self.draws),
        )  # fmt: skip

    def observed(self, seat: int | None) -> tuple[str | None, ...]:
        """The whole history as ``seat`` saw it (``None`` for cards dealt to others)."""
        if seat not in self._past_observed and self.hand_index:
            self._rebuild_past(seat)
        prelude = self._prelude_texts
        current = self.hand.observed(seat) if self._phase == HANDS and self.hand else ()
        return (*prelude, *self._past_observed.get(seat, ()), *current)

    def _rebuild_past(self, seat: int | None) -> None:
        texts: list[str | None] = []
        history = self._history
        for i in range(self.hand_index):
            game = self.game.hand_game(self.game.sizes[i], self.hand_dealers[i])
            hand = game.new_initial_state()
            end = self.hand_starts[i + 1] if i + 1 < len(self.hand_starts) else len(history)
            for action in history[self.hand_starts[i] : end]:
                hand._apply(action)
                hand._history.append(action)
            texts.extend(hand.observed(seat))
        self._past_observed[seat] = texts

    def hidden_cards(self, seat: int | None) -> CardSet:
        """The current hand's hidden cards (none between hands)."""
        if self._phase == HANDS and self.hand is not None:
            return self.hand.hidden_cards(seat)
        return CardSet()

    def view(self, seat: int | None) -> PochaMatchView:
        """What ``seat`` may know now."""
        return PochaMatchView(
            game=self.game.name,
            seat=seat,
            current_player=self.current_player(),
            phase=self.phase(),
            n_players=self.n_players,
            hand_sizes=self.game.sizes,
            hand_index=self.hand_index,
            hand_dealers=tuple(self.hand_dealers),
            totals=tuple(self.totals),
            sheet=tuple(self.sheet),
            first_dealer_draws=tuple((s, Card(c)) for s, c in self.draws),
            hand=self.hand.view(seat) if self._phase == HANDS and self.hand else None,
            observed=self.observed(seat),
            hand_starts=tuple(self.hand_starts),
        )

    def __str__(self) -> str:
        head = (
            f"pocha-match: hand {self.hand_index + 1}/{len(self.game.sizes)}, totals {self.totals}"
        )
        return head + ("\n" + str(self.hand) if self._phase == HANDS and self.hand else "")
