"""What a game's views hold beyond their types: the length of a tuple (one per seat or not),
the view class of a match's live deal, which event values are ints, how a log opens and the
cards seen, learnt from a few seeded random games (:func:`discover`, cached per game by
:func:`discovery`), and the pack the card planes use (:func:`find_deck`).

It also records the strings each field takes and the kinds of events: the layout uses them
only for a field typed plain ``str`` and a view class without ``EVENT_KINDS`` (the games'
views declare their closed vocabularies as ``Literal`` types, see
:mod:`~tapete.rl.encoding.layout`), and the tests check every one of them against the
declarations."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, Final

from tapete.cards import DECKS, Card, CardSet, Deck
from tapete.engine import Game, PlayerView, State, sample_chance
from tapete.engine.api import CHANCE
from tapete.engine.events import Event
from tapete.engine.match import MatchView
from tapete.errors import TapeteError

#: Fields never encoded: the game's name (constant), the move number (a clock, not a
#: position) and the spec (the rules, constant for a game).
IGNORED: Final = frozenset({"game", "spec", "move"})


class EncodingError(TapeteError):
    """A view that does not fit the encoder's layout (another game's view, a wrong buffer)."""


@dataclasses.dataclass
class Discovery:
    """Values seen in seeded random games of one game (see the module's docstring)."""

    strings: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    lengths: dict[str, set[int]] = dataclasses.field(default_factory=dict)
    classes: dict[str, set[type]] = dataclasses.field(default_factory=dict)
    kinds: set[str] = dataclasses.field(default_factory=set)
    event_ints: set[str] = dataclasses.field(default_factory=set)
    cards: int = 0
    max_events: int = 0
    deal_specs: set[Any] = dataclasses.field(default_factory=set)
    #: The ``(kind, recipient)`` of the chance card events that open a log (the deal, see
    #: :func:`opening_key`) and the least length of such an opening seen ended by another
    #: event (-1: none seen).
    opening_rows: set[tuple[str, int]] = dataclasses.field(default_factory=set)
    opening_min: int = -1


def opening_key(event: Event) -> tuple[str, int] | None:
    """``(kind, recipient)`` of a chance event that deals one card (shown: its ``card``
    argument, hidden: no action), the recipient its ``to`` seat (-1: none); ``None`` for any
    other event. The log's leading run of these is its *opening* (the deal), encoded as card
    planes and counts rather than event slots."""
    if event.actor != CHANCE:
        return None
    to = -1
    card = False
    for key, value in event.args:
        if key == "to" and type(value) is int and value >= 0:
            to = value
        elif key == "card" and isinstance(value, Card):
            card = True
        else:
            return None
    if event.hidden:
        return (event.kind, to) if event.action is None and not card else None
    return (event.kind, to) if card and event.action is not None else None


def _walk(value: Any, path: str, found: Discovery) -> None:
    if isinstance(value, Card):
        found.cards |= 1 << value
    elif isinstance(value, CardSet):
        found.cards |= value.mask
    elif isinstance(value, str):
        found.strings.setdefault(path, set()).add(value)
    elif isinstance(value, PlayerView) and path:
        found.classes.setdefault(path, set()).add(type(value))
        if value.spec is not None:
            found.deal_specs.add(value.spec)
        _walk_view(value, path + ".", found)
    elif isinstance(value, tuple):
        found.lengths.setdefault(path, set()).add(len(value))
        for item in value:
            _walk(item, path + "[]", found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), f"{path}.{f.name}", found)


def _walk_view(view: PlayerView, prefix: str, found: Discovery) -> None:
    for f in dataclasses.fields(view):
        if f.name in IGNORED:
            continue
        value = getattr(view, f.name)
        if f.name == "events":
            found.max_events = max(found.max_events, len(value))
            if not isinstance(view, MatchView):
                run = 0
                while run < len(value):
                    row = opening_key(value[run])
                    if row is None:
                        break
                    found.opening_rows.add(row)
                    run += 1
                if run < len(value) and (found.opening_min < 0 or run < found.opening_min):
                    found.opening_min = run
            for event in value:
                found.kinds.add(event.kind)
                for key, arg in event.args:
                    if type(arg) is int:
                        found.event_ints.add(key)
                    elif isinstance(arg, Card):
                        found.cards |= 1 << arg
            continue
        _walk(value, prefix + f.name, found)


def discover(game: Game, games: int = 6, max_states: int = 1500, seed: int = 0) -> Discovery:
    """What seeded random games of ``game`` show of its views (strings, lengths...)."""
    found = Discovery()
    rng = random.Random(seed)
    n = game.num_players()
    states = 0
    for _ in range(games):
        state: State = game.new_initial_state()
        while True:
            seats = {0, rng.randrange(n)}
            player = state.current_player()
            if player >= 0:
                seats.add(player)
            for seat in seats:
                _walk_view(state.view(seat), "", found)
            states += 1
            if state.is_terminal() or states >= max_states:
                break
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if states >= max_states:
            break
    return found


def find_deck(game: Game, found: Discovery) -> Deck:
    """The pack of ``game``: its rules' ``deck``, else the pack of the cards seen."""
    for holder in (getattr(game, "rules", None), game):
        deck = getattr(holder, "deck", None)
        if isinstance(deck, Deck):
            return deck
    fits = [d for d in DECKS.values() if found.cards & ~d.mask == 0]
    if not fits:
        raise EncodingError(f"no pack holds every card seen in {game.name}")
    return min(fits, key=len)


@functools.lru_cache(maxsize=64)
def discovery(game: Game) -> Discovery:
    """:func:`discover` of ``game``, made once per game (games are hashable values)."""
    return discover(game)
