"""Every tapete game as an OpenSpiel (pyspiel) Python game.

:func:`register` registers each registered tapete game (deals and matches) under the name
``tapete_<name>`` (``pocha-match`` becomes ``tapete_pocha_match``), with its parameters, so
that any configuration loads by OpenSpiel's own game strings:

>>> import pyspiel
>>> from tapete.rl import openspiel  # registers every game (openspiel.register() again is a no-op)
>>> game = pyspiel.load_game('tapete_pocha(n_players=3,hand_size=2)')
>>> game.num_players(), game.num_distinct_actions() == game.tapete.num_distinct_actions()
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 36)

What comes from where:

* ``GameType``: sequential, explicit chance, imperfect information, terminal rewards; the
  utility kind from :meth:`~tapete.engine.api.Game.utility_sum`; the number of players from
  the ``n_players`` parameter's bounds; one OpenSpiel parameter per tapete parameter (an
  optional one, whose default is computed, has the default ``-1``; a parameter written with
  digits, like La Pocha's ``deck``, is an int in OpenSpiel's strings: ``deck=48``).
* ``GameInfo``: the research contract (:meth:`num_distinct_actions`, length, utility bounds
  and sum); ``max_chance_outcomes`` is at least ``num_distinct_actions``, since OpenSpiel
  wants every chance action below it and tapete's chance actions are action numbers.
* Actions, chance outcomes, returns and texts are the engine's (compact numbers: the pack's
  cards as deck-local indices first).
* Information states and observations come from the seat's view: the tensors of
  :mod:`tapete.rl.encoding` (perfect recall: with the view's event log), the strings the
  view's JSON form (``to_dict``; the observation string leaves the events and the move out).
  A public observer (``private_info=NONE``) reads the spectator's view.
* ``resample_from_infostate`` deals with the game's own sampler
  (:meth:`~tapete.engine.api.Game.sample_consistent_state`), seeded from OpenSpiel's
  probability sampler.
* Serialisation is OpenSpiel's (the game string and the action history; a state resampled
  from a match view, which does not know the earlier deals, is refused by tapete when
  recorded, and serialises only its live deal's actions).
* ``apply_action`` called from Python applies the action in Python (OpenSpiel's C++ method
  calls back into Python twice per action); the history and everything read from it
  (``history_str``, ``full_history``, ``move_number``, ``serialize``, pickling) come from the
  tapete state, the same whichever way the actions were applied. OpenSpiel's C++ code that
  reads a state's history itself sees only the actions applied through C++.
"""

from __future__ import annotations

import base64
import functools
import pickle
import random
import time
from collections.abc import Callable, Sequence
from types import BuiltinMethodType
from typing import Any, ClassVar, Final, NamedTuple

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from tapete.engine import (
    Game,
    PlayerView,
    State,
    game_class,
    load_game,
    registered_games,
    sample_chance,
)
from tapete.engine.api import CHANCE, CONSTANT_SUM, GENERAL_SUM, ZERO_SUM, GameSpec, Param
from tapete.engine.match import MatchGame
from tapete.engine.view_encoder import ViewEncoder
from tapete.errors import ConfigError, TapeteError
from tapete.players.base import Player
from tapete.rl.calls import encode_held
from tapete.rl.encoding import Encoder, encoder_for, events_tensor

#: Prefix of the OpenSpiel names of tapete's games.
PREFIX: Final = "tapete_"
#: The OpenSpiel value of a parameter left to its computed default.
DEFAULT: Final = -1
#: The adapter's own parameters: ``fixed_deals=D`` (D > 0) deals one of D deals drawn once
#: with ``deal_seed`` (a small game for exact solvers), by one chance node of D outcomes.
FIXED_DEALS: Final = "fixed_deals"
DEAL_SEED: Final = "deal_seed"
#: ``cards_in_play=K`` (K > 0): only K cards of the pack, drawn once with ``deal_seed``, are
#: ever dealt (every deal random among them): a small game with real hidden information.
CARDS_IN_PLAY: Final = "cards_in_play"
#: The most worlds :meth:`TapeteOpenSpielState.resample_from_infostate` enumerates in a
#: ``cards_in_play`` game.
MAX_WORLDS: Final = 200_000

_UTILITY: Final = {
    ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    CONSTANT_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
}


def openspiel_name(name: str) -> str:
    """The OpenSpiel name of the tapete game ``name``.

    >>> openspiel_name('pocha-match')
    'tapete_pocha_match'
    """
    return PREFIX + name.replace("-", "_")


def _int_like(param: Param) -> bool:
    """True for a text parameter whose values are numbers (La Pocha's ``deck``), not lists
    of numbers (La Pocha's ``hand_sequence``, which stays text)."""
    try:
        param.validate("1,2")
    except ConfigError:
        pass
    else:
        return False
    for value in (24, 36, 40, 48):
        try:
            param.validate(str(value))
        except ConfigError:
            continue
        return True
    return False


def _list_like(param: Param) -> bool:
    """True for a parameter whose value is a list (Trynka's ``balances``, La Pocha's
    ``hand_sequence``): OpenSpiel's game strings hold it as text with ``:`` between items,
    since ``,`` separates parameters there."""
    if isinstance(param.default, tuple):
        return True
    if param.kind is not str:
        return False
    try:
        param.validate("1,2")
    except ConfigError:
        return False
    return True


def _spec_value(param: Param) -> Any:
    """The OpenSpiel default of ``param`` (typed as OpenSpiel's strings read it)."""
    default = param.default
    if isinstance(default, tuple):  # a list parameter (Trynka's balances): text, ':' between
        return ""
    if default is None or (param.kind is str and _int_like(param)):
        return DEFAULT
    if isinstance(default, bool | int | float | str):
        return default
    return DEFAULT


def _tapete_params(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel's parameter values as tapete's (``-1``: the default; digits as text)."""
    out: dict[str, Any] = {}
    for param in cls.parameters:
        if param.name not in params:
            continue
        value = params[param.name]
        spec = _spec_value(param)
        if spec == DEFAULT and value == DEFAULT and not isinstance(value, bool):
            continue
        if spec == "" and isinstance(value, str) and not value:
            continue
        if _list_like(param) and isinstance(value, str):  # a list written as text
            value = value.replace(":", ",")
        elif param.kind is str and not isinstance(value, str):
            value = str(value)
        out[param.name] = value
    return out


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of the tapete game ``name`` (from its default game)."""
    cls = game_class(name)
    default = load_game(name)
    low = high = default.num_players()
    for param in cls.parameters:
        if param.name == "n_players":
            low = param.low if param.low is not None else low
            high = param.high if param.high is not None else high
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"tapete {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[default.utility_sum()],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            **{p.name: _spec_value(p) for p in cls.parameters},
            FIXED_DEALS: 0,
            DEAL_SEED: 0,
            CARDS_IN_PLAY: 0,
        },
    )


def game_info(game: Game, fixed_deals: int = 0) -> Any:
    """The ``pyspiel.GameInfo`` of a tapete game (its research contract)."""
    kind = game.utility_sum()
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        # OpenSpiel numbers chance outcomes below max_chance_outcomes; tapete's chance
        # actions are action numbers (a match's first-dealer lot may be 'dealer <seat>')
        max_chance_outcomes=max(
            game.max_chance_outcomes(), game.num_distinct_actions(), fixed_deals
        ),
        num_players=game.num_players(),
        min_utility=float(game.min_utility()),
        max_utility=float(game.max_utility()),
        utility_sum=None if kind == GENERAL_SUM else float(game.utility_constant()),
        max_game_length=game.max_game_length(),
    )


class TapeteOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A tapete game as a pyspiel game (one subclass per tapete game, see :func:`register`)."""

    tapete_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cls = game_class(self.tapete_name)
        #: The tapete game.
        self.tapete: Game = load_game(self.tapete_name, **_tapete_params(cls, params))
        count = int(params.get(FIXED_DEALS, 0))
        if count < 0:
            raise ConfigError(f"{FIXED_DEALS} must be 0 (every deal) or a number of deals")
        #: With ``fixed_deals``: the chance actions of each deal (up to the first decision).
        self.deals: tuple[tuple[int, ...], ...] = _draw_deals(
            self.tapete, count, int(params.get(DEAL_SEED, 0))
        )
        #: With ``cards_in_play``: the card actions that may be dealt (else ``None``).
        self.cards: frozenset[int] | None = _draw_cards(
            self.tapete, int(params.get(CARDS_IN_PLAY, 0)), int(params.get(DEAL_SEED, 0))
        )
        if self.cards is not None and count:
            raise ConfigError(f"{CARDS_IN_PLAY} and {FIXED_DEALS} do not go together")
        for param in cls.parameters:  # lists with ':' so that the game string reads back
            value = params.get(param.name)
            if _list_like(param) and isinstance(value, str):
                params[param.name] = value.replace(",", ":")
        super().__init__(_TYPES[self.tapete_name], game_info(self.tapete, count), params)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the game string (pyspiel's own pickling would skip ``__init__``, and
        with it the tapete game): unpickling loads that string again."""
        return (_loaded, (str(self),))

    def new_initial_state(self) -> TapeteOpenSpielState:
        """The start of a game."""
        if self.cards is not None:
            return _SmallPackState(self)
        return TapeteOpenSpielState(self) if self.deals else _DealtState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        """An observer of views (the information state when ``perfect_recall``)."""
        return ViewObserver(
            self.tapete, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def _loaded(text: str) -> Any:
    """The pyspiel game of a game string (tapete's games registered first)."""
    register()
    return pyspiel.load_game(text)


def _draw_cards(game: Game, count: int, seed: int) -> frozenset[int] | None:
    """``count`` cards of the pack (their actions) drawn with ``seed`` among the first
    deal's, checked by dealing with them once; ``None`` for 0 (the whole pack)."""
    if count == 0:
        return None
    pack = len(encoder_for(game).deck)
    state = game.new_initial_state()
    while state.is_chance_node() and not any(a < pack for a, _ in state.chance_outcomes()):
        state.apply_action(state.chance_outcomes()[0][0])  # a lot before the deal
    cards = sorted(a for a, _ in state.chance_outcomes() if a < pack)
    if not 0 < count <= len(cards):
        raise ConfigError(f"{CARDS_IN_PLAY} must be 0 (the whole pack) or 1…{len(cards)}")
    chosen = frozenset(random.Random(seed).sample(cards, count))
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = _allowed(state, chosen, pack)
            if not outcomes:
                raise ConfigError(
                    f"{CARDS_IN_PLAY}={count}: too few cards for {game.name} "
                    f"({state.phase()} needs another)"
                )
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return chosen


def _allowed(state: State, cards: frozenset[int], pack: int) -> list[tuple[int, float]]:
    """The chance outcomes of ``state`` among ``cards`` (other chance actions, like a
    dealer's lot, kept), their probabilities made uniform again."""
    kept = [a for a, _ in state.chance_outcomes() if a >= pack or a in cards]
    return [(a, 1.0 / len(kept)) for a in kept]


def _draw_deals(game: Game, count: int, seed: int) -> tuple[tuple[int, ...], ...]:
    """``count`` deals of ``game``: the chance actions from the start to the first decision."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        state = game.new_initial_state()
        actions = []
        while state.is_chance_node():
            action = sample_chance(state, rng)
            state.apply_action(action)
            actions.append(action)
        deals.append(tuple(actions))
    return tuple(deals)


class PlayerAction(NamedTuple):
    """Who took an action, and which (the fields of OpenSpiel's ``PlayerAction``, which
    Python cannot make): an item of :meth:`TapeteOpenSpielState.full_history`."""

    player: int
    action: int


class StateHolder:
    """Holds the tapete state inside a pyspiel state: OpenSpiel deep-copies (clone) and
    pickles (serialise) the Python attributes of its states, so the holder copies with
    ``State.clone()`` and pickles as the game's spec and the action history."""

    __slots__ = ("deal", "dealing", "state")

    def __init__(self, state: State, dealing: bool = False, deal: int = -1) -> None:
        self.state = state
        #: ``fixed_deals``: the deal not drawn yet (the first chance node chooses it).
        self.dealing = dealing
        #: ``fixed_deals``: the number of the deal drawn (-1: none drawn by the adapter).
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> StateHolder:
        return StateHolder(self.state.clone(), self.dealing, self.deal)

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.state
        if _resumed(state):
            raise pickle.PicklingError(
                f"this {state.game.name} state was resampled from a match view: the earlier "
                "deals' actions are unknown, so it cannot be serialised"
            )
        spec = state.game.spec.to_dict()
        return (_replayed, (spec, state.history(), self.dealing, self.deal))


def _replayed(
    spec: dict[str, Any], history: list[int], dealing: bool = False, deal: int = -1
) -> StateHolder:
    state = GameSpec.from_dict(spec).load().new_initial_state()
    for action in history:
        state.apply_action(action)
    return StateHolder(state, dealing, deal)


def _deserialized(game: Any, text: str) -> Any:
    return game.deserialize_state(text)


class TapeteOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A tapete state inside a pyspiel state (``.tapete``)."""

    def __init__(self, game: TapeteOpenSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        # one attribute only: attributes of pybind objects are slow to reach, and the
        # methods below are called several times per action
        self._holder = StateHolder(
            state if state is not None else game.tapete.new_initial_state(),
            dealing=bool(game.deals) and state is None,
        )

    @property
    def tapete(self) -> State:
        """The tapete state."""
        return self._holder.state

    def current_player(self) -> int:
        """The seat to act; ``CHANCE`` (-1) and ``TERMINAL`` (-4) are OpenSpiel's too."""
        holder = self._holder
        return CHANCE if holder.dealing else holder.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._holder.state.legal_actions()

    # The methods below answer Python callers directly (OpenSpiel's C++ versions call back
    # into Python for the current player, terminal and chance checks several times each; a
    # call from C++ still reaches the trampolines above, with the same answers).
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the current one by default): none for another
        seat or once the game is over; at a chance node the chance outcomes' actions, for
        any player (as OpenSpiel's own method answers)."""
        holder = self._holder
        if holder.dealing:
            return list(range(len(self.get_game().deals)))
        state = holder.state
        if player is None or player == state.current_player() or state.is_chance_node():
            return state.legal_actions()
        return []

    def is_chance_node(self) -> bool:
        """True while dealing."""
        holder = self._holder
        return holder.dealing or holder.state.is_chance_node()

    def is_player_node(self) -> bool:
        """True when a seat is to act."""
        holder = self._holder
        return not holder.dealing and holder.state.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        """Never: tapete's games are sequential."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs (the cards that may come next; with
        ``fixed_deals``, first the deal's number)."""
        holder = self._holder
        if holder.dealing:
            deals = self.get_game().deals
            return [(i, 1.0 / len(deals)) for i in range(len(deals))]
        return holder.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        holder = self._holder
        if holder.dealing:
            for card in self.get_game().deals[int(action)]:
                holder.state.apply_action(card)
            holder.dealing = False
            holder.deal = int(action)
            return
        holder.state.apply_action(int(action))

    # -- applying actions from Python ------------------------------------------------------
    # OpenSpiel's C++ ``apply_action`` calls back into Python twice (the current player, then
    # ``_apply_action``) and records the action in its own history: most of the adapter's
    # cost per action. A Python caller gets this method instead, which applies the action
    # to the tapete state only; the history is then read from the tapete state (the
    # methods below), so either way of applying gives the same answers to Python. C++ code
    # applying actions (OpenSpiel's C++ algorithms, ``apply_action_with_legality_check``)
    # still goes through the C++ method and the trampoline above.
    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a legal action, or a chance outcome's)."""
        self._apply_action(action)

    def child(self, action: int) -> TapeteOpenSpielState:
        """A copy of this state with ``action`` applied."""
        out: TapeteOpenSpielState = self.clone()
        out.apply_action(action)
        return out

    def history(self) -> list[int]:
        """Every action applied from the start, chance outcomes included (with
        ``fixed_deals``: the deal's number, then the actions after it), however they
        were applied (from Python or through OpenSpiel's C++ method)."""
        holder = self._holder
        state = holder.state
        if _resumed(state):  # its earlier deals are unknown: what OpenSpiel recorded
            return list(pyspiel.State.history(self))
        actions = state.history()
        if holder.deal >= 0:
            dealt = len(self.get_game().deals[holder.deal])
            return [holder.deal, *actions[dealt:]]
        return list(actions)

    def history_str(self) -> str:
        """:meth:`history` as OpenSpiel writes it (``"3, 17, 4"``)."""
        return ", ".join(map(str, self.history()))

    def full_history(self) -> list[Any]:
        """:meth:`history` with the player of each action (:class:`PlayerAction`, with
        ``pyspiel.PlayerAction``'s fields; chance is -1), found by replaying the actions
        from the start."""
        history = self.history()
        if _resumed(self._holder.state):
            return list(pyspiel.State.full_history(self))
        replay = self.get_game().new_initial_state()
        out = []
        for action in history:
            out.append(PlayerAction(replay.current_player(), action))
            replay.apply_action(action)
        return out

    def move_number(self) -> int:
        """The number of actions applied from the start (chance outcomes included)."""
        if _resumed(self._holder.state):
            return int(pyspiel.State.move_number(self))
        return len(self.history())

    def is_initial_state(self) -> bool:
        """True before any action (a chance outcome included)."""
        return self.move_number() == 0

    def is_initial_non_chance_state(self) -> bool:
        """True at the first decision: no seat has acted, and chance is not to act."""
        if self.is_chance_node():
            return False
        return all(pa.player == CHANCE for pa in self.full_history())

    def serialize(self) -> str:
        """OpenSpiel's serialisation of a Python game's state (its history, move number
        and pickled attributes), with the history of :meth:`history`."""
        players = self.full_history()
        head = ",".join(f"{pa.player}:{pa.action}" for pa in players)
        attributes = base64.b64encode(pickle.dumps(dict(self.__dict__))).decode("ascii")
        return f"history={head}\nmove_number={len(players)}\n__dict__={attributes}"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the game and :meth:`serialize`'s text (OpenSpiel's own pickling
        would write the history its C++ side recorded)."""
        return (_deserialized, (self.get_game(), self.serialize()))

    def _action_to_string(self, player: int, action: int) -> str:
        if self._holder.dealing:
            return f"deal #{int(action)}"
        return self._holder.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._holder.state.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's result (zeros until the end, as the engine's)."""
        state = self._holder.state
        if not state.is_terminal():
            return [0.0] * state.game.num_players()
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with ``player_id``'s information (the game's own sampler,
        seeded from ``probability_sampler``)."""
        game = self.get_game()
        rng = random.Random(int(probability_sampler() * 2**53))
        if game.deals:
            return self._resample_fixed(game, player_id, rng)
        sampled = self.tapete.game.sample_consistent_state(self.tapete.view(player_id), rng)
        history = sampled.history()
        if len(history) != sampled.move_number():  # resumed from a match view
            return TapeteOpenSpielState(game, sampled)
        state = game.new_initial_state()
        for action in history:
            state.apply_action(action)
        return state

    def _resample_fixed(self, game: Any, player: int, rng: random.Random) -> Any:
        """With ``fixed_deals``: one of the deals that give ``player`` the same view."""
        history = self.history()
        if self._holder.dealing or not history:
            return self.clone()
        view = self.tapete.view(player)
        worlds = []
        for deal in range(len(game.deals)):
            world = game.new_initial_state()
            world.apply_action(deal)
            try:
                for action in history[1:]:
                    world.apply_action(action)
            except (pyspiel.SpielError, TapeteError):
                continue
            if world.tapete.view(player) == view:
                worlds.append(world)
        return rng.choice(worlds) if worlds else self.clone()

    def __str__(self) -> str:
        return " ".join(self.tapete.history_strings()) if not _resumed(self.tapete) else "resumed"


class _SmallPackState(TapeteOpenSpielState):
    """A state of a ``cards_in_play`` game: chance deals only the game's cards."""

    def __init__(self, game: TapeteOpenSpielGame, state: State | None = None) -> None:
        super().__init__(game, state)
        self._cards: frozenset[int] = game.cards or frozenset()
        self._pack = len(encoder_for(game.tapete).deck)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (at a chance node: the cards in play left)."""
        state = self._holder.state
        if state.is_chance_node():
            return [a for a, _ in _allowed(state, self._cards, self._pack)]
        return super().legal_actions(player)

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs: the cards in play not dealt yet, uniform."""
        return _allowed(self._holder.state, self._cards, self._pack)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with ``player_id``'s information, uniform among all of them
        (enumerated: the chance actions of the history replaced by every possible one)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        view = self.tapete.view(player_id)
        history = self.history()
        worlds: list[State] = []
        stack: list[tuple[State, int]] = [(self.get_game().tapete.new_initial_state(), 0)]
        while stack:
            state, at = stack.pop()
            if at == len(history):
                if state.view(player_id) == view:
                    worlds.append(state)
                continue
            if state.is_chance_node():
                for action, _ in _allowed(state, self._cards, self._pack):
                    stack.append((state.child(action), at + 1))
                if len(stack) > MAX_WORLDS:
                    raise ConfigError(f"too many worlds to enumerate (more than {MAX_WORLDS})")
            elif state.is_legal(history[at]):
                state.apply_action(history[at])
                stack.append((state, at + 1))
        world = rng.choice(worlds) if worlds else self.tapete
        return wrap(self.get_game(), world)


class _Bound(functools.partial):  # type: ignore[type-arg]
    """A tapete state's method bound on its pyspiel state (:class:`_DealtState`): copied
    and pickled as nothing, since the copy's ``_rebound`` binds its own (OpenSpiel's C++
    clone and serialisation copy and pickle every attribute)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unbound, ())


def _unbound() -> None:
    """What a :class:`_Bound` method is copied or unpickled as, until ``_rebound``."""
    return None


class _DealtState(TapeteOpenSpielState):
    """A state of a game without ``fixed_deals`` (never the adapter's own deal choice): the
    same answers without that check, for the calls made at every action.

    With the compiled core, the methods of :data:`BOUND`, called at every action of a
    Python loop, are the tapete state's own (:class:`_Bound` partials, instance attributes:
    no Python frame each); the methods below give the same answers, and are the ones used
    without the compiled core (where they would save nothing) or looked up on the class.
    OpenSpiel's ``clone`` and deserialisation set a new state's attributes one by one in
    the order of the old one's, the bound methods as nothing: ``_rebound``, set last, binds
    them to the new state's tapete state.
    """

    #: Bind a pure-Python tapete state's methods too (no gain: for the tests, which check
    #: the binding and its copies without the compiled core).
    BIND_PYTHON: ClassVar[bool] = False
    #: The methods a Python caller reaches on the tapete state directly.
    BOUND: Final = ("current_player", "is_chance_node", "is_terminal", "chance_outcomes",
                    "apply_action")  # fmt: skip

    def __init__(self, game: TapeteOpenSpielGame, state: State | None = None) -> None:
        super().__init__(game, state)
        self._bind()

    def _bind(self) -> None:
        """Bind :data:`BOUND` to the tapete state held, ``_rebound`` last of the
        attributes (so that a copy's binding comes after its holder and methods)."""
        inner = self._holder.state
        if not (self.BIND_PYTHON or isinstance(inner.current_player, BuiltinMethodType)):
            return  # the pure rules layer: the class's methods answer
        attributes = self.__dict__
        for name in self.BOUND:
            # a partial, not the method itself: pybind11 takes a compiled method found on
            # the instance for the C++ base's own and would never call it from C++; and one
            # that is copied and pickled as nothing (the tapete state is the holder's)
            attributes[name] = _Bound(getattr(inner, name))
        attributes.pop("_rebound", None)
        attributes["_rebound"] = True

    @property
    def _rebound(self) -> bool:
        """Always true: setting it (as OpenSpiel's copies do, last) binds the methods."""
        return True

    @_rebound.setter
    def _rebound(self, _value: bool) -> None:
        self._bind()

    def current_player(self) -> int:
        """The seat to act; ``CHANCE`` (-1) and ``TERMINAL`` (-4) are OpenSpiel's too."""
        return self._holder.state.current_player()

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the current one by default)."""
        state = self._holder.state
        if player is None or player == state.current_player() or state.is_chance_node():
            return state.legal_actions()
        return []

    def is_chance_node(self) -> bool:
        """True while dealing."""
        return self._holder.state.is_chance_node()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs (the cards that may come next)."""
        return self._holder.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._holder.state.apply_action(action)

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a legal action, or a chance outcome's)."""
        self._holder.state.apply_action(int(action))


def _resumed(state: State) -> bool:
    return bool(getattr(state, "is_resumed", False))


#: The views' JSON forms with unchanged parts reused: the tables' cache (ViewEncoder).
_VIEW_JSON: Final = ViewEncoder(limit=4096)


def view_string(view: Any, perfect_recall: bool) -> str:
    """The view's JSON form as one line (keys sorted; the observation string leaves the
    events and the move number out), made with the tables' view cache.

    >>> import json, tapete
    >>> state = tapete.load_game('pocha', n_players=3, hand_size=1).new_initial_state()
    >>> state.apply_string('deal Ao')
    0
    >>> view = state.view(0)
    >>> json.loads(view_string(view, True)) == view.to_dict()
    True
    >>> 'events' in json.loads(view_string(view, False))
    False
    """
    return _VIEW_JSON.view_text(view, _ALL if perfect_recall else _OBSERVATION)


#: What the strings leave out: nothing (the information state), the log (the observation).
_ALL: Final = frozenset[str]()
_OBSERVATION: Final = frozenset({"events", "move"})


class ViewObserver:
    """OpenSpiel's ``PyObserver`` over views: ``tensor`` (a flat float32 array), ``dict``
    (each part of the layout, reshaped), :meth:`set_from` and :meth:`string_from`."""

    def __init__(self, game: Game, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        params = dict(params or {})
        tensor = str(params.pop("tensor", "view"))
        if params:
            raise ValueError(f"the only observation parameter is 'tensor'; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tapete observes one seat (or a spectator), not all players")
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        #: A public observer reads the spectator's view.
        self.public_only: bool = private == pyspiel.PrivateInfoType.NONE
        try:
            events_only = events_tensor(tensor, self.perfect_recall)
        except ConfigError as error:
            raise ValueError(str(error)) from None
        self.encoder: Encoder = encoder_for(game, self.perfect_recall, events_only=events_only)
        #: The information state as the events seen (a deal game); a match's is its view's
        #: JSON form, since a match sampled from a view does not know the earlier deals' moves.
        self.by_events: bool = self.perfect_recall and not isinstance(game, MatchGame)
        self.tensor = np.zeros(self.encoder.size, np.float32)
        # compiled with the rules core: no Python frame per tensor
        self.set_from = functools.partial(  # type: ignore[method-assign]
            encode_held, self.encoder, self.tensor, self.public_only
        )
        self.dict: dict[str, Any] = {
            p.name: self.tensor[p.offset : p.offset + p.size].reshape(p.shape)
            for p in self.encoder.parts
        }

    def set_from(self, state: TapeteOpenSpielState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (an observer's own is
        :func:`tapete.rl.calls.encode_held` with its encoder, tensor and seat kind bound)."""
        encode_held(self.encoder, self.tensor, self.public_only, state, player)

    def string_from(self, state: TapeteOpenSpielState, player: int) -> str:
        """``player``'s view of ``state`` as text: a deal game's information state is the
        events it saw (:meth:`~tapete.engine.protocol.State.information_text`); else the
        view's JSON form (without the events for an observation)."""
        seat = None if self.public_only else player
        if self.by_events:
            return state.tapete.information_text(seat)
        return view_string(state.tapete.view(seat), self.perfect_recall)


_TYPES: dict[str, Any] = {}
_CLASSES: dict[str, type[TapeteOpenSpielGame]] = {}


def register(names: list[str] | None = None) -> dict[str, str]:
    """Register tapete's games (all registered ones by default) with pyspiel; returns
    ``{tapete name: openspiel name}`` of those registered. A game that does not declare its
    research contract yet is left out (:func:`unavailable` says why)."""
    out: dict[str, str] = {}
    for name in names if names is not None else registered_games():
        if name in _CLASSES:
            out[name] = openspiel_name(name)
            continue
        try:
            game_info(load_game(name))
            gtype = game_type(name)
        except NotImplementedError as error:
            _UNAVAILABLE[name] = str(error)
            continue
        _TYPES[name] = gtype
        cls = _game_class(name)
        _CLASSES[name] = cls
        pyspiel.register_game(gtype, cls)
        out[name] = openspiel_name(name)
    return out


def _game_class(name: str) -> type[TapeteOpenSpielGame]:
    """The pyspiel game class of the tapete game ``name``, bound in this module under its
    own name (``TapeteOpenSpiel_pocha_match``), so that it can be found by name (pickle)."""
    qualname = f"TapeteOpenSpiel_{name.replace('-', '_')}"
    cls = type(
        qualname,
        (TapeteOpenSpielGame,),
        {
            "tapete_name": name,
            "__doc__": f"tapete's {name} as a pyspiel game.",
            "__module__": __name__,
            "__qualname__": qualname,
        },
    )
    globals()[qualname] = cls
    return cls


_UNAVAILABLE: dict[str, str] = {}


def unavailable() -> dict[str, str]:
    """The games :func:`register` left out, with the reason (a missing research contract)."""
    return dict(_UNAVAILABLE)


def load(name: str, **params: Any) -> Any:
    """The pyspiel game of the tapete game ``name`` with tapete's ``params`` (registered
    first if needed): ``load('pocha', n_players=5)``."""
    register([name])
    if name not in _CLASSES:
        raise ConfigError(f"{name} cannot be an OpenSpiel game yet: {_UNAVAILABLE.get(name)}")
    cls = game_class(name)
    own = (FIXED_DEALS, DEAL_SEED, CARDS_IN_PLAY)
    spec: dict[str, Any] = {k: int(params[k]) for k in own if k in params}
    for param in cls.parameters:
        if param.name in params:
            value = params[param.name]
            if _list_like(param) and isinstance(value, tuple | list):
                value = ":".join(str(v) for v in value)
            elif _list_like(param) and isinstance(value, str):
                value = value.replace(",", ":")
            elif _spec_value(param) == DEFAULT:  # an optional or digits-valued parameter
                if value is None or value == param.default or value == "auto":
                    value = DEFAULT
                elif param.kind is str:
                    value = int(value)
            spec[param.name] = value
    return pyspiel.load_game(openspiel_name(name), spec)


# -- states from tapete, OpenSpiel bots as tapete players -------------------------------------
def wrap(game: Any, state: State) -> TapeteOpenSpielState:
    """The pyspiel state of ``game`` holding ``state`` (replayed through OpenSpiel, so that
    its history is OpenSpiel's too; a state resumed from a match view is held as it is)."""
    history = state.history()
    if len(history) != state.move_number():
        return TapeteOpenSpielState(game, state.clone())
    out: TapeteOpenSpielState = game.new_initial_state()
    for action in history:
        out.apply_action(action)
    return out


def pyspiel_game_of(game: Game) -> Any:
    """The pyspiel game of the tapete game ``game`` (same name and parameters)."""
    return load(game.name, **dict(game.given_params))


def ismcts_bot(
    game: Any, simulations: int, seed: int = 0, uct_c: float = 2.0, rollouts: int = 1
) -> Any:
    """OpenSpiel's Python ISMCTS bot on ``game`` (random rollouts; worlds resampled with
    tapete's sampler through ``resample_from_infostate``)."""
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
    return ismcts.ISMCTSBot(
        game=game,
        evaluator=evaluator,
        uct_c=uct_c,
        max_simulations=simulations,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )


class DeterminizedMCTSBot(pyspiel.Bot):  # type: ignore[misc]
    """OpenSpiel's MCTS on the determinised game: each move samples ``worlds`` full states
    consistent with the seat's information (tapete's sampler), runs MCTS on each as a game
    of perfect information, and plays the action with the most visits over all worlds."""

    def __init__(self, game: Any, simulations: int, worlds: int = 1, seed: int = 0) -> None:
        from open_spiel.python.algorithms import mcts

        pyspiel.Bot.__init__(self)
        self._rng = np.random.RandomState(seed)
        self._worlds = worlds
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._rng)
        self._mcts = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
            random_state=self._rng, solve=False,
        )  # fmt: skip
        self._sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)

    def step(self, state: Any) -> int:
        """The action to play in ``state`` (for its current player)."""
        player = state.current_player()
        visits: dict[int, int] = {}
        for _ in range(self._worlds):
            world = state.resample_from_infostate(player, self._sampler)
            root = self._mcts.mcts_search(world)
            for child in root.children:
                visits[child.action] = visits.get(child.action, 0) + child.explore_count
        return max(sorted(visits), key=lambda a: visits[a])

    def restart_at(self, state: Any) -> None:
        """Nothing to forget between games."""


class OpenSpielBotPlayer(Player):
    """A tapete player that asks an OpenSpiel bot: each decision samples a state consistent
    with the view (tapete's sampler), wraps it as a pyspiel state and calls ``bot.step``.
    ``make_bot(pyspiel_game, seat)`` builds the bot once per game and seat."""

    name = "openspiel"
    #: Process-wide totals of the decisions made by these players and the seconds they took
    #: (sampling, wrapping and the bot's search; the benchmarks' time per move).
    timing: ClassVar[dict[str, float]] = {"decisions": 0, "seconds": 0.0}

    def __init__(self, make_bot: Callable[[Any, int], Any], **params: Any) -> None:
        super().__init__(**params)
        self._make_bot = make_bot
        self._bots: dict[tuple[Any, int], Any] = {}

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """The bot's action in a state consistent with ``view``."""
        start = time.perf_counter()
        try:
            return self._choose(view, legal_actions, rng)
        finally:
            timing = OpenSpielBotPlayer.timing
            timing["decisions"] += 1
            timing["seconds"] += time.perf_counter() - start

    def _choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        if view.spec is None or view.seat is None:
            raise ConfigError("an OpenSpiel bot needs a seat's view with its game's spec")
        game = view.spec.load()
        key = (view.spec, view.seat)
        if key not in self._bots:
            self._bots[key] = (
                pyspiel_game_of(game),
                self._make_bot(pyspiel_game_of(game), view.seat),
            )
        os_game, bot = self._bots[key]
        state = wrap(os_game, game.sample_consistent_state(view, rng))
        action = int(bot.step(state))
        return action if action in legal_actions else legal_actions[0]


register()  # like OpenSpiel's own Python games: importing the module registers them
