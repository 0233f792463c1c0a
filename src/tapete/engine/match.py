"""The match layer: a sequence of deals with a running score, written once for every game.

A *match* (``pocha-match``, ``ombre-match``, ``trynka-match``) is a :class:`MatchState`
that plays its deals one after another, each on its own real :class:`~tapete.engine.api.Game`
(built with :func:`~tapete.engine.registry.load_game`, with that deal's dealer, pool,
balances...), and carries the standings (score sheet, pool and balances, chips) across them.
Between deals (choosing the first dealer, for instance) the match acts itself through the
``_outside_*`` hooks a game implements; during a deal every protocol method is forwarded to
the live deal, whose events are the match's events.

The match's view is a :class:`MatchView`: the live deal's view (``deal``), the standings, the
finished deals (``finished``: a :class:`DealSummary` each) and the match's events since the
live deal began. A game's match view may add fields of its own (the score sheet's rows...).

Sampling a match (:meth:`MatchGame.sample_consistent_state`) samples the live deal only and
*resumes* the match from the view's standings: it costs what sampling the deal costs. A
resumed state plays on exactly like the real one, but does not know the earlier deals'
actions, so it cannot be recorded (:class:`~tapete.errors.RecordError`).
"""

from __future__ import annotations

import dataclasses
import random
from abc import abstractmethod
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, TypeVar

from tapete.engine.api import CHANCE, TERMINAL, Game, PlayerView, State
from tapete.engine.events import Event
from tapete.errors import IllegalActionError, InconsistentViewError, RecordError


@dataclasses.dataclass(frozen=True)
class DealSummary:
    """One finished deal of a match: public values only.

    ``returns`` are the deal's own results per seat (as its game's ``returns()``),
    ``standings`` the match's standings after it; ``details`` holds the game's own public
    values as ``(name, value)`` pairs (the bids and tricks of a hand, the contract and the
    outcome of an Ombre deal, the bank of a Trynka deal...). The detail names and values
    are each game's, so they stay ``str`` and ``Any`` here (a game's match view types them
    in fields of its own: the Ombre family's ``results``).
    """

    index: int
    dealer: int
    returns: tuple[float, ...]
    standings: tuple[float, ...]
    details: tuple[tuple[str, Any], ...] = ()

    def detail(self, name: str, default: Any = None) -> Any:
        """The value of detail ``name`` (``default`` when absent)."""
        for key, value in self.details:
            if key == name:
                return value
        return default


@dataclasses.dataclass(frozen=True)
class MatchView(PlayerView):
    """What one seat knows of a whole match: the same shape for every game.

    ``deal`` is the live deal's view (``None`` between deals), ``standings`` the running
    score per seat (what :meth:`State.returns` would give now), ``finished`` the deals played
    so far, ``deal_index`` the number of finished deals.

    ``phase`` is the live deal's phase or the match's own between deals (``over`` at the
    end): each game's match view declares it again with its ``Literal`` of phases (as its
    deal view declares its closed vocabularies), and its events' kinds as ``EVENT_KINDS``.
    """

    phase: str
    n_players: int
    deal_index: int
    standings: tuple[float, ...]
    finished: tuple[DealSummary, ...]
    deal: PlayerView | None

    def live_part(self) -> PlayerView | None:
        """The live deal's view (what the leak check inspects)."""
        return self.deal


GameT = TypeVar("GameT", bound=Game)


class MatchGame(Game):
    """Base of every ``*-match`` game: subclasses build the match's states and resume them.

    The games of its deals are kept here (:meth:`cached_deal_game`): a deal's game is built
    once for each deal that differs (its dealer, size, money on the table...), whoever asks
    for it (the match's states, their samples, the bots and the table's views).
    """

    #: The most deal games kept at once (the cache is emptied when it is full).
    deal_cache_size: ClassVar[int] = 1024

    def __init__(self, **params: Any) -> None:
        self._deal_games: dict[Hashable, Game] = {}
        super().__init__(**params)

    def cached_deal_game(self, key: Hashable, build: Callable[[], GameT]) -> GameT:
        """The deal game kept under ``key``, made by ``build()`` the first time it is asked
        for (``key`` says everything that makes two deals' games differ).

        >>> import tapete
        >>> match = tapete.load_game("trynka-match")
        >>> first = match.cached_deal_game(("example",), lambda: tapete.load_game("trynka"))
        >>> match.cached_deal_game(("example",), lambda: tapete.load_game("pocha")) is first
        True
        """
        games = self._deal_games
        game = games.get(key)
        if game is None:
            if len(games) >= self.deal_cache_size:
                games.clear()
            game = games[key] = build()
        return game  # type: ignore[return-value]  # the game built for this key by its kind

    @abstractmethod
    def new_initial_state(self) -> MatchState:
        """A fresh match (before its first deal or its first-dealer draw)."""

    @abstractmethod
    def resume(self, view: MatchView, deal: State | None) -> MatchState:
        """A match in the position ``view`` describes, with ``deal`` (a state of the live
        deal's game, already advanced) as its live deal; used by sampling. The state's
        standings and finished deals are taken from the view."""

    def sample_consistent_state(self, view: PlayerView, rng: random.Random) -> State:
        """A match consistent with ``view``: the live deal sampled by its own game, the rest
        of the match resumed from the view (see the module's docstring)."""
        if not isinstance(view, MatchView):
            raise InconsistentViewError(
                f"{self.name} samples from a MatchView, got {type(view).__name__}"
            )
        deal = None
        if view.deal is not None:
            if view.deal.spec is None:
                raise InconsistentViewError("the live deal's view does not say its game")
            deal = view.deal.spec.load().sample_consistent_state(view.deal, rng)
        return self.resume(view, deal)


class MatchState(State):
    """A match in progress (see the module's docstring).

    Subclasses implement the ``_outside_*`` hooks (the phases between deals),
    :meth:`_finish_deal` (standings, summary, next deal or the end) and :meth:`view`.
    """

    #: The live deal, or ``None`` between deals.
    deal: State | None
    #: ``deal_starts[i]``: the match's move number of deal ``i``'s first action.
    deal_starts: list[int]
    #: The finished deals.
    finished: list[DealSummary]
    #: Moves played before this state was resumed from a view (they are not in ``_history``).
    _offset: int
    #: The move number after the last finished deal's last action.
    _last_end: int

    def _init_match(self) -> None:
        """Set the match's own fields (call from ``__init__``)."""
        self._history = []
        self._events = []
        self.deal = None
        self.deal_starts = []
        self.finished = []
        self._offset = 0
        self._last_end = 0

    # -- hooks ----------------------------------------------------------------------------------
    @abstractmethod
    def _outside_current_player(self) -> int:
        """The seat to act (or CHANCE / TERMINAL) while no deal is live."""

    @abstractmethod
    def _outside_legal_actions(self) -> list[int]:
        """The legal actions while no deal is live."""

    @abstractmethod
    def _outside_why_illegal(self, action: int) -> IllegalActionError | None:
        """Why ``action`` is illegal while no deal is live (``None`` if it is legal)."""

    @abstractmethod
    def _outside_apply(self, action: int) -> None:
        """Apply a legal action while no deal is live (and :meth:`_emit` its event); may
        start the first deal with :meth:`_start_deal`."""

    @abstractmethod
    def _outside_action_to_string(self, action: int) -> str:
        """The text of an action while no deal is live."""

    @abstractmethod
    def _outside_string_to_action(self, text: str) -> int:
        """The action written ``text`` while no deal is live."""

    @abstractmethod
    def _outside_phase(self) -> str:
        """The phase's name while no deal is live (``'over'`` at the end)."""

    @abstractmethod
    def _finish_deal(self) -> None:
        """The live deal just ended: update the standings, append its summary, then start
        the next deal (:meth:`_start_deal`) or end the match (``self.deal = None``)."""

    def _outside_chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance outcomes while no deal is live (uniform over the legal actions)."""
        actions = self._outside_legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    def _outside_chance_recipient(self) -> int | None:
        """The seat the next card goes to while no deal is live."""
        return None

    # -- the deals ------------------------------------------------------------------------------
    def _start_deal(self, game: Game) -> None:
        """Make a fresh state of ``game`` (the real game of the next deal) the live deal."""
        self.deal = game.new_initial_state()

    # -- protocol -------------------------------------------------------------------------------
    def move_number(self) -> int:
        """Number of actions applied so far in the whole match."""
        return self._offset + len(self._history)

    def current_player(self) -> int:
        """The live deal's seat to act, or the match's own between deals."""
        deal = self.deal
        return deal.current_player() if deal is not None else self._outside_current_player()

    def is_chance_node(self) -> bool:
        """True when the next action is a chance event."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True once the match is over."""
        return self.deal is None and self._outside_current_player() == TERMINAL

    def phase(self) -> str:
        """The live deal's phase, or the match's own between deals."""
        deal = self.deal
        return deal.phase() if deal is not None else self._outside_phase()

    def legal_actions(self) -> list[int]:
        """The live deal's legal actions, or the match's own between deals."""
        deal = self.deal
        return deal.legal_actions() if deal is not None else self._outside_legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The live deal's chance outcomes, or the match's own between deals."""
        deal = self.deal
        if deal is not None:
            return deal.chance_outcomes()
        if self._outside_current_player() != CHANCE:
            return []
        return self._outside_chance_outcomes()

    def chance_recipient(self) -> int | None:
        """The seat the next card goes to."""
        deal = self.deal
        return deal.chance_recipient() if deal is not None else self._outside_chance_recipient()

    def is_legal(self, action: Any) -> bool:
        """True when :meth:`apply_action` would accept ``action``."""
        deal = self.deal
        if deal is not None and type(action) is int:
            return deal.is_legal(action)
        return self.why_illegal(action) is None

    def _why_illegal(self, action: int) -> IllegalActionError | None:
        deal = self.deal
        if deal is None:
            return self._outside_why_illegal(action)
        error = deal.why_illegal(action)
        return None if error is None else error.at_move(self.move_number())

    def apply_action(self, action: Any) -> None:
        """Apply ``action`` to the live deal (or to the match between deals); checked, the
        state unchanged if it is refused."""
        deal = self.deal
        if deal is None or type(action) is not int:
            State.apply_action(self, action)
            return
        try:
            deal.apply_action(action)
        except IllegalActionError as error:
            raise error.at_move(self.move_number()) from None
        self._after_deal_action(deal, action)

    def _apply(self, action: int) -> None:
        deal = self.deal
        if deal is None:
            self._outside_apply(action)
            return
        deal._apply(action)
        deal._history.append(action)
        self._after_deal_action(deal, action, appended=False)

    def _after_deal_action(self, deal: State, action: int, appended: bool = True) -> None:
        if len(deal._history) == 1:
            self.deal_starts.append(self.move_number())
        self._events.append(deal._events[-1])
        if appended:
            self._history.append(action)
        if deal.is_terminal():
            self._last_end = self.move_number() + (0 if appended else 1)
            self._finish_deal()

    def _action_to_string(self, action: int) -> str:
        deal = self.deal
        if deal is not None:
            return deal.action_to_string(action)
        return self._outside_action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """The action written ``text`` (the live deal's notation, or the match's own)."""
        deal = self.deal
        if deal is not None:
            return deal.string_to_action(text)
        return self._outside_string_to_action(text)

    def hidden_cards(self, seat: int | None) -> Any:
        """The live deal's hidden cards (none between deals: every card is gathered)."""
        from tapete.cards import CardSet

        deal = self.deal
        return deal.hidden_cards(seat) if deal is not None else CardSet(0)

    # -- events -------------------------------------------------------------------------------
    def _move_offset(self) -> int:
        return self._offset

    def _event_args_for(self, move: int, kind: str, action: int) -> tuple[tuple[str, Any], ...]:
        """The secret values of the event of ``move``: from the game of the deal it belongs
        to (the match's own game between deals)."""
        starts = self.deal_starts
        if not starts or move < starts[0]:
            return self.game.event_args(kind, action)
        return self._deal_game_at(move).event_args(kind, action)

    def _deal_game_at(self, move: int) -> Game:
        """The game of the deal that ``move`` belongs to (subclasses with per-deal packs or
        notations override it; by default, the live deal's game or the match's)."""
        deal = self.deal
        return deal.game if deal is not None else self.game

    def live_events(self, seat: int | None) -> tuple[Event, ...]:
        """The match's events since the live deal began; before its first action (and between
        deals), the events since the last deal ended."""
        deal = self.deal
        if deal is not None and deal._history and self.deal_starts:
            return self.events(seat, self.deal_starts[-1])
        return self.events(seat, self._between_start())

    def _between_start(self) -> int:
        """The move number after the last finished deal's last action (where the match's own
        events between deals begin)."""
        return getattr(self, "_last_end", self._offset)

    # -- copies and records ---------------------------------------------------------------------
    def _copy_match(self, other: MatchState) -> None:
        """Copy the match layer's fields into ``other`` (from a subclass's ``clone``)."""
        other.deal = self.deal.clone() if self.deal is not None else None
        other.deal_starts = list(self.deal_starts)
        other.finished = list(self.finished)
        other._offset = self._offset
        other._last_end = self._between_start()

    def history_strings(self) -> list[str]:
        """The history as action texts; :class:`RecordError` for a state resumed from a view
        (a sample), which does not know the earlier deals' actions."""
        if self._offset:
            raise RecordError(
                f"this {self.game.name} state was resumed from a view at move {self._offset}: "
                "the earlier deals' actions are unknown, so it cannot be recorded"
            )
        return State.history_strings(self)

    @property
    def is_resumed(self) -> bool:
        """True for a state resumed from a view (a sample): see :meth:`history_strings`."""
        return self._offset > 0

    def _resume_from(self, view: MatchView, deal: State | None) -> None:
        """Fill the match layer's fields from ``view`` with ``deal`` as the live deal (for a
        subclass's :meth:`MatchGame.resume`)."""
        self.finished = list(view.finished)
        self.deal = deal
        moves = len(deal._history) if deal is not None else 0
        self._offset = view.move - moves
        self._history = list(deal._history) if deal is not None else []
        self._events = list(deal._events) if deal is not None else []
        self._event_cache = None
        self.deal_starts = [self._offset] if deal is not None and moves else []
        self._last_end = self._offset

    def _match_key(self) -> tuple[Any, ...]:
        """The match layer's part of :meth:`_key`."""
        deal = self.deal
        return (
            deal._key() if deal is not None else None,
            tuple(self.finished),
            self._offset,
        )
