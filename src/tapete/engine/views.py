"""One JSON form for every view: :func:`view_to_dict` and :func:`view_from_dict`.

Cards are written as text (``'Ao'``, ``'♠A'``), sets of cards as lists of texts, suits by
their lower-case name (``'oros'``, ``'spades'``), nested values (tricks, score-sheet rows,
events, the live deal's view inside a match view) as objects. Every view's dict carries
``schema`` (:data:`VIEW_SCHEMA`, raised when the form changes), ``type`` (the view's class)
and ``spec`` (its game's name and every parameter), so a remote client or bot can rebuild
the view and load the rules in force.

>>> import random, tapete
>>> state = tapete.load_game('pocha', n_players=3, hand_size=2).new_initial_state()
>>> rng = random.Random(2)
>>> while state.phase() != 'play':
...     state.apply_action(rng.choice(state.legal_actions()))
>>> data = state.view(1).to_dict()
>>> data['schema'], data['type'], data['spec']['game'], data['spec']['params']['n_players']
(1, 'PochaView', 'pocha', 3)
>>> view_from_dict(data) == state.view(1)
True
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from tapete.cards import Card, CardSet, Suit, parse_card_any
from tapete.errors import NotationError, RecordError

#: The version of the JSON form of views (and of the events inside them).
VIEW_SCHEMA: Final = 1


def jsonable(value: Any) -> Any:
    """``value`` with cards, card sets, suits and dataclasses turned into JSON values.

    >>> jsonable((Card.parse('Ao'), CardSet.parse('3c Rc'), Suit.SPADES, None))
    ['Ao', ['3c', 'Rc'], 'spades', None]
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.name.lower()
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, int):
        return int(value)
    if isinstance(value, CardSet):
        return [str(c) for c in value]
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None and callable(to_dict):
        return to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [jsonable(v) for v in value]
    return value


def value_from_json(value: Any, name: str = "") -> Any:
    """A loosely typed value read back (an event's argument): card texts become cards.

    >>> value_from_json('Ao', 'card'), value_from_json(['3c'], 'cards'), value_from_json(2)
    (Card.parse('Ao'), (Card.parse('3c'),), 2)
    """
    if isinstance(value, str) and ("card" in name or name in ("gave", "took")):
        try:
            return parse_card_any(value)
        except NotationError:
            return value
    if isinstance(value, list):
        return tuple(value_from_json(v, name) for v in value)
    if isinstance(value, dict):
        return tuple((str(k), value_from_json(v, str(k))) for k, v in value.items())
    return value


def view_to_dict(view: Any) -> dict[str, Any]:
    """The JSON-ready dict of a view (see the module's docstring)."""
    data: dict[str, Any] = {"schema": VIEW_SCHEMA, "type": type(view).__name__}
    for f in dataclasses.fields(view):
        data[f.name] = jsonable(getattr(view, f.name))
    return data


def _all_subclasses(cls: type) -> list[type]:
    out: list[type] = []
    subclasses: list[type] = cls.__subclasses__()
    for sub in subclasses:
        out.append(sub)
        out.extend(_all_subclasses(sub))
    return out


def view_class(name: str) -> type:
    """The view class called ``name`` (any game's); :class:`RecordError` if none is."""
    from tapete.engine.api import PlayerView
    from tapete.engine.registry import registered_games

    registered_games()  # imports the built-in games and so their view classes
    for cls in [PlayerView, *_all_subclasses(PlayerView)]:
        if cls.__name__ == name:
            return cls
    raise RecordError(f"unknown view type {name!r}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The field types of ``cls``. The compiled core (mypyc) keeps only the runtime classes
    of its own dataclasses' annotations (``type`` for ``int | None``), so the fields of
    :class:`~tapete.engine.api.PlayerView` and :class:`~tapete.engine.api.Trick` are named
    here as the source declares them."""
    from tapete.engine.api import GameSpec, PlayerView, Trick
    from tapete.engine.events import Event

    if cls is Trick:
        return {
            "leader": int,
            "cards": tuple[Card, ...],
            "winner": int | None,
            "winning": int | None,
        }
    hints = typing.get_type_hints(cls)
    if issubclass(cls, PlayerView):
        hints.update({"seat": int | None, "spec": GameSpec | None, "events": tuple[Event, ...]})
    return hints


def _decode(value: Any, hint: Any) -> Any:
    if hint is Any:
        return value
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(value, option)
            except (TypeError, ValueError, KeyError, RecordError) as e:
                errors.append(e)
        raise RecordError(f"cannot read {value!r} as {hint}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise RecordError(f"expected a list for {hint}, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0]) for v in value)
        if len(args) != len(value):
            raise RecordError(f"expected {len(args)} items for {hint}, got {value!r}")
        return tuple(_decode(v, a) for v, a in zip(value, args, strict=True))
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        key_hint, value_hint = typing.get_args(hint) or (Any, Any)
        return {_decode(k, key_hint): _decode(v, value_hint) for k, v in value.items()}
    if hint is Card:
        return parse_card_any(value)
    if hint is CardSet:
        return CardSet(sum(1 << parse_card_any(text) for text in value))
    if hint is Suit:
        return Suit[str(value).upper()]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint[str(value).upper()]
    if hint is bool:
        if not isinstance(value, bool):
            raise RecordError(f"expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"expected an integer, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RecordError(f"expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise RecordError(f"expected a string, got {value!r}")
        return value
    if isinstance(hint, type):
        from_dict = getattr(hint, "from_dict", None)
        if from_dict is not None and isinstance(value, Mapping):
            return from_dict(value)
        if dataclasses.is_dataclass(hint) and isinstance(value, Mapping):
            return _decode_dataclass(hint, value)
    return value


def _decode_dataclass(cls: type, data: Mapping[str, Any]) -> Any:
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise RecordError(f"{cls.__name__}: field {f.name!r} is missing")
        kwargs[f.name] = _decode(data[f.name], hints[f.name])
    return cls(**kwargs)


def view_from_dict(data: Mapping[str, Any]) -> Any:
    """The view written by :func:`view_to_dict`; :class:`RecordError` if it is malformed."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a view must be a JSON object, got {type(data).__name__}")
    schema = data.get("schema")
    if schema != VIEW_SCHEMA:
        raise RecordError(f"view schema {schema!r} is not supported (this is {VIEW_SCHEMA})")
    cls = view_class(str(data.get("type")))
    try:
        return _decode_dataclass(cls, data)
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise RecordError(f"malformed {cls.__name__}: {e}") from None
