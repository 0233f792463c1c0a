"""A seat's view as its JSON-ready dict, made again only for the parts that changed: the one
cache of views' JSON forms, used by the tables (a view to every watcher after each change)
and by the research adapters (OpenSpiel's information-state strings).

A table sends a view after every change, and most of a match view is made of the same
immutable objects from one state to the next: the score sheet's rows, the finished deals,
the tricks and events so far. :class:`ViewEncoder` gives exactly ``view.to_dict()`` (the one
JSON form of every game's views, :mod:`tapete.engine.views`) but keeps the JSON form of each
immutable part it met, by identity, and reuses it while the part lives on in the next view.
A part is kept only when it is immutable all the way down (atoms, cards, card sets, suits,
tuples, frozen dataclasses of those); anything else is turned into JSON afresh every time.
The encoder holds the parts it remembers, so their identities cannot be reused by other
objects, and keeps two generations of them: once the newer holds ``limit`` parts it becomes
the older and the parts not met again since are forgotten, so a table keeps about the parts
of its latest views and no more.

The dicts and lists it returns are shared between calls: read them (encode them as JSON),
never change them.

>>> import random, tapete
>>> from tapete.engine import random_playout
>>> state = tapete.load_game("pocha-match", n_players=3).new_initial_state()
>>> rng = random.Random(4)
>>> encoder = ViewEncoder()
>>> for _ in range(60):
...     state.apply_action(rng.choice(state.legal_actions()))
...     assert encoder.view_dict(state.view(0)) == state.view(0).to_dict()
>>> encoder.reused > 0
True
"""

from __future__ import annotations

import dataclasses
import enum
import json
import operator
from typing import Any

from tapete.cards import Card, CardSet, Suit
from tapete.engine.player_view import PlayerView
from tapete.engine.views import VIEW_SCHEMA, jsonable

__all__ = ["ViewEncoder", "immutable"]

_ATOMS = frozenset({type(None), bool, int, float, str})


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _frozen_dataclass(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return bool(getattr(params, "frozen", False))


def immutable(value: Any) -> bool:
    """True when ``value`` cannot change: atoms, cards, card sets, suits and other enums,
    and tuples, frozensets and frozen dataclasses of such values.

    >>> immutable((1, "a", Card.parse("Ao"))), immutable((1, [2])), immutable({"a": 1})
    (True, False, False)
    """
    kind = type(value)
    if kind in _ATOMS or isinstance(value, (Card, CardSet, Suit, enum.Enum)):
        return True
    if kind is tuple or kind is frozenset:
        return all(immutable(v) for v in value)
    if _frozen_dataclass(kind):
        return all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


class ViewEncoder:
    """``view.to_dict()`` with the JSON form of unchanged immutable parts reused."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        # id -> the part (held, so that its id is not reused) and id -> its JSON form; two
        # dicts rather than one of pairs: no tuple per part for the collector to track
        self._parts: dict[int, Any] = {}
        self._memo: dict[int, Any] = {}
        self._older_parts: dict[int, Any] = {}
        self._older: dict[int, Any] = {}
        #: Per field of a view (its class, seat and name): the last tuple of immutable parts
        #: and its JSON list, which a longer tuple with the same first parts extends.
        self._tuples: dict[tuple[str, Any, str], tuple[tuple[Any, ...], list[Any]]] = {}
        #: Card sets (a new one in every view, the same cards) by their mask.
        self._cardsets: dict[int, list[str]] = {}
        #: The JSON text of immutable parts of tuple fields (:meth:`view_text`), by id, the
        #: part held beside it so that its id stays its own.
        self._texts: dict[int, tuple[Any, str]] = {}
        #: Per tuple field of a view: its last tuple and its parts' texts (see :meth:`_tuple`).
        self._tuple_texts: dict[tuple[str, Any, str], tuple[tuple[Any, ...], list[str]]] = {}
        #: How many parts were reused (for tests and figures).
        self.reused = 0

    def view_dict(self, view: PlayerView) -> dict[str, Any]:
        """The same dict as ``view.to_dict()``."""
        if type(view).to_dict is not PlayerView.to_dict:  # a view with its own JSON form
            return view.to_dict()
        if len(self._memo) > self.limit:
            self._older, self._older_parts = self._memo, self._parts
            self._memo, self._parts = {}, {}
            self._cardsets.clear()
        name = type(view).__name__
        seat = getattr(view, "seat", None)
        data: dict[str, Any] = {"schema": VIEW_SCHEMA, "type": name}
        for field in _field_names(type(view)):
            value = getattr(view, field)
            kind = type(value)
            if kind in _ATOMS:
                data[field] = value
            elif kind is tuple:
                data[field] = self._tuple((name, seat, field), value)
            elif kind is CardSet:
                data[field] = self._cardset(value)
            else:
                data[field] = self._part(value)
        return data

    def view_text(self, view: PlayerView, leave_out: frozenset[str] = frozenset()) -> str:
        """``view.to_dict()`` as one line of JSON (keys sorted, ``","`` and ``":"`` between,
        characters as they are), without the keys ``leave_out`` in the view's dict and in the
        dicts nested in it (not in lists). The text of each immutable part of a tuple field
        (an event, a trick) is made once and kept, as research adapters ask a string at every
        decision.

        >>> import tapete
        >>> state = tapete.load_game("pocha", n_players=3, hand_size=1).new_initial_state()
        >>> state.apply_string("deal Ao")
        0
        >>> view = state.view(0)
        >>> json.loads(ViewEncoder().view_text(view)) == view.to_dict()
        True
        """
        if type(view).to_dict is not PlayerView.to_dict:  # a view with its own JSON form
            return _dumps(_without(view.to_dict(), leave_out))
        name = type(view).__name__
        seat = getattr(view, "seat", None)
        ready: dict[str, Any] = {"schema": VIEW_SCHEMA, "type": name}
        texts: list[str] = []
        for field in _field_names(type(view)):
            if field in leave_out:
                continue
            value = getattr(view, field)
            kind = type(value)
            if kind in _ATOMS:
                ready[field] = value
            elif kind is tuple and value and type(value[0]) not in _ATOMS:
                ready[field] = _placeholder(len(texts))
                texts.append(self._tuple_text((name, seat, field), value))
            elif kind is tuple:
                ready[field] = self._tuple((name, seat, field), value)
            elif kind is CardSet:
                ready[field] = self._cardset(value)
            elif isinstance(value, PlayerView):
                ready[field] = _placeholder(len(texts))
                texts.append(self.view_text(value, leave_out))
            else:
                part = self._part(value)
                ready[field] = _without(part, leave_out) if leave_out else part
        text = _dumps(ready)
        for index, part_text in enumerate(texts):
            text = text.replace(_dumps(_placeholder(index)), part_text, 1)
        return text

    def _tuple_text(self, key: tuple[str, Any, str], value: tuple[Any, ...]) -> str:
        """The JSON text of a tuple field, the texts of the field's last tuple reused when
        ``value`` begins with its very parts (a log that grew by a few events)."""
        known = self._tuple_texts.get(key)
        if known is not None:
            before, done = known
            if len(value) >= len(before) and all(map(operator.is_, value, before)):
                if len(value) > len(before):
                    done = done + list(map(self._text, value[len(before) :]))
                    self._tuple_texts[key] = (value, done)
                self.reused += len(before)
                return "[" + ",".join(done) + "]"
        done = list(map(self._text, value))
        if len(self._tuple_texts) > 64:  # many seats' views: keep the latest fields only
            self._tuple_texts.clear()
        if all(self._parts.get(id(part)) is part for part in value):
            self._tuple_texts[key] = (value, done)
        return "[" + ",".join(done) + "]"

    def _text(self, part: Any) -> str:
        """The JSON text of ``part``, kept while ``part`` is kept (immutable)."""
        key = id(part)
        known = self._texts.get(key)
        if known is not None and known[0] is part:
            self.reused += 1
            return known[1]
        text = _dumps(self._part(part))
        if self._parts.get(key) is part:
            if len(self._texts) >= 100_000:
                self._texts.clear()
            self._texts[key] = (part, text)
        return text

    def _cardset(self, value: CardSet) -> list[str]:
        """``jsonable(value)`` of a card set: its cards' texts, by its mask (a card's text
        depends on the card alone)."""
        out = self._cardsets.get(value.mask)
        if out is None:
            out = self._cardsets[value.mask] = jsonable(value)
        else:
            self.reused += 1
        return out

    def _tuple(self, key: tuple[str, Any, str], value: tuple[Any, ...]) -> list[Any]:
        """``jsonable(value)`` of a tuple field, extending the field's last list when
        ``value`` begins with the very parts of the field's last tuple."""
        known = self._tuples.get(key)
        start = 0
        out: list[Any] = []
        if known is not None:
            before, done = known
            if len(value) >= len(before) and all(map(operator.is_, value, before)):
                start = len(before)
                self.reused += start
                if start == len(value):
                    return done
                out = done.copy()
        fixed = True
        for part in value[start:]:
            out.append(self._part(part))
            fixed = fixed and (type(part) in _ATOMS or id(part) in self._memo)
        if len(self._tuples) > 64:  # many seats' views: keep the latest fields only
            self._tuples.clear()
        if fixed:
            self._tuples[key] = (value, out)
        else:
            self._tuples.pop(key, None)
        return out

    def _part(self, value: Any) -> Any:
        """``jsonable(value)``, remembered when ``value`` is immutable."""
        if type(value) in _ATOMS:
            return value
        key = id(value)
        if self._parts.get(key) is value:
            self.reused += 1
            return self._memo[key]
        if self._older_parts.get(key) is value:
            self.reused += 1
            out = self._memo[key] = self._older[key]
            self._parts[key] = value
            return out
        if isinstance(value, PlayerView):
            return self.view_dict(value)
        out = jsonable(value)
        if immutable(value):
            self._memo[key] = out
            self._parts[key] = value
        return out


def _placeholder(index: int) -> str:
    """A string no view holds (JSON escapes its control characters), put where a part's
    text goes."""
    return f"\x00part{index}\x00"


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _without(value: Any, keys: frozenset[str]) -> Any:
    """``value`` without ``keys`` in its dicts, nested dicts included (a copy: the encoder's
    dicts are shared), lists as they are."""
    if not isinstance(value, dict):
        return value
    return {k: _without(v, keys) for k, v in value.items() if k not in keys}
