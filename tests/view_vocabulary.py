"""The closed vocabularies of the views, checked against play: every string a view holds in
seeded random games (at every step, for every seat and a spectator) is a member of the
``Literal`` its field is typed with, and every event's kind is one of the ``EVENT_KINDS`` of
the view class that holds it. The games' tests call :func:`strings_seen` and
:func:`undeclared` so that a declaration cannot fall behind the rules unseen.

>>> import tapete
>>> seen = strings_seen([tapete.load_game("pocha", n_players=3, hand_size=1)], per_game=1)
>>> undeclared(seen)
[]
>>> sorted(seen["PochaView.phase"].values)
['bidding', 'deal', 'over', 'play', 'turn']
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Iterable
from typing import Any

from tapete.engine import Game, PlayerView, State, sample_chance
from tapete.engine.events import Event
from tapete.engine.views import _hints

#: The fields typed plain ``str`` on purpose (the last part of their paths): the game's name
#: (any registered game, a match's live deal's too) and the names of a finished deal's
#: details (each game's own, see ``DealSummary``).
OPEN_FIELDS = frozenset({"game", "details[][0]"})


def is_open(path: str) -> bool:
    """Whether the field at ``path`` is one of :data:`OPEN_FIELDS`."""
    return path.rsplit(".", 1)[-1] in OPEN_FIELDS


@dataclasses.dataclass
class Seen:
    """One field's strings seen in play, and the type it is declared with."""

    hint: Any
    values: set[str] = dataclasses.field(default_factory=set)


def literal_values(hint: Any) -> tuple[str, ...]:
    """The strings of a ``Literal`` type (``X | None`` looked through), ``()`` otherwise."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return literal_values(inner[0]) if len(inner) == 1 else ()
    if origin is typing.Literal:
        return tuple(v for v in typing.get_args(hint) if type(v) is str)
    return ()


def _walk(value: Any, hint: Any, path: str, holder: type, out: dict[str, Seen]) -> None:
    if value is None or hint is Any:
        return
    if isinstance(value, str):
        out.setdefault(path, Seen(hint)).values.add(value)
        return
    if isinstance(value, Event):
        kind_path = f"{holder.__name__}.EVENT_KINDS"
        kinds = getattr(holder, "EVENT_KINDS", ())
        out.setdefault(kind_path, Seen(typing.Literal[kinds] if kinds else str)).values.add(
            value.kind
        )
        return
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(options) == 1:
            _walk(value, options[0], path, holder, out)
        elif isinstance(value, PlayerView):  # a match's live deal: ``PlayerView | None``
            _walk(value, type(value), path, holder, out)
        return
    if origin is tuple and isinstance(value, tuple):
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            for item in value:
                _walk(item, args[0], path + "[]", holder, out)
        else:
            for k, (item, item_hint) in enumerate(zip(value, args, strict=False)):
                _walk(item, item_hint, f"{path}[{k}]", holder, out)
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        hints = _hints(cls)
        inner = cls if isinstance(value, PlayerView) else holder
        for f in dataclasses.fields(value):
            if f.name in ("spec", "move"):
                continue
            _walk(getattr(value, f.name), hints[f.name], f"{cls.__name__}.{f.name}", inner, out)


def strings_seen(
    games: Iterable[Game], per_game: int = 4, seed: int = 0, max_states: int = 4000
) -> dict[str, Seen]:
    """Every string field's values (by class and field: ``PochaView.phase``,
    ``DealResult.outcome``, ``DealSummary.details[][0]``) and every view class's event kinds
    (``OmbreView.EVENT_KINDS``)
    seen in ``per_game`` seeded random games of each of ``games`` (at most ``max_states``
    states each), with the type they are declared with."""
    out: dict[str, Seen] = {}
    rng = random.Random(seed)
    for game in games:
        n = game.num_players()
        for _ in range(per_game):
            state: State = game.new_initial_state()
            for _step in range(max_states):
                for seat in (*range(n), None):
                    view = state.view(seat)
                    _walk(view, type(view), "", type(view), out)
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
    return out


def undeclared(seen: dict[str, Seen]) -> list[tuple[str, str]]:
    """The ``(path, value)`` of every string seen that its type does not declare (a field
    typed plain ``str`` outside :data:`OPEN_FIELDS` counts too: its values are undeclared)."""
    out: list[tuple[str, str]] = []
    for path, entry in sorted(seen.items()):
        declared = literal_values(entry.hint)
        if not declared and is_open(path):
            continue
        out.extend((path, value) for value in sorted(entry.values) if value not in declared)
    return out
