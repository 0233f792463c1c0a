"""The structured event log: one event per applied action, with who may see it.

A state appends one *raw event* per applied action to its log (a plain tuple, cheap on the
hot path)::

    (actor, kind, action, visible, public_args)

* ``actor``: the seat that acted, or :data:`~tapete.engine.api.CHANCE`;
* ``kind``: a stable code naming what happened (``'deal'``, ``'bid'``, ``'play'``...), the
  same code in every language: text for people is made from it at the edges;
* ``action``: the action number;
* ``visible``: a bitmask of the seats that may see the action itself (:data:`EVERYONE` when
  all seats and spectators may);
* ``public_args``: values every seat may see even when the action is hidden (for a card dealt
  face down: the seat it goes to), as ``(name, value)`` pairs.

:meth:`tapete.engine.api.State.events` turns the raw log into :class:`Event` values for one
seat: the action number and its *secret* values (the card dealt) are left out of the events
that seat may not see. The game tells the secret values of an action through
:meth:`tapete.engine.api.Game.event_args`.

>>> import tapete
>>> game = tapete.load_game('pocha', n_players=3, hand_size=1)
>>> state = game.new_initial_state()
>>> for a in game.deal_actions(['Ao', '3c', 'Re'], turn='7b'):
...     state.apply_action(a)
>>> [(e.kind, e.arg('card'), e.arg('to')) for e in state.events(0)][:3]
[('deal', Card.parse('Ao'), 0), ('deal', None, 1), ('deal', None, 2)]
>>> state.events(0, since=3)[0].to_dict()
{'move': 3, 'actor': -1, 'kind': 'turn', 'action': 32, 'args': {'card': '7b'}}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

#: ``visible`` of an event every seat and every spectator may see.
EVERYONE: Final = -1

#: One raw event: ``(actor, kind, action, visible, public_args)`` (``int, str, int, int,
#: tuple[tuple[str, Any], ...]``). Typed as a tuple of any length so that the compiled core
#: keeps each one a Python tuple: mypyc holds a fixed-length tuple type unboxed and boxes it
#: again, as a new object, wherever it is stored, and the prebuilt events
#: (:func:`prebuilt_events`) would be copied at every append instead of shared.
RawEvent = tuple[Any, ...]

#: ``NO_ARGS``: the empty argument tuple (shared, to allocate nothing on the hot path).
NO_ARGS: Final[tuple[tuple[str, Any], ...]] = ()


def prebuilt_events(
    n_actions: int, actor: int, kind: str, visible: int, args: Any = NO_ARGS
) -> tuple[RawEvent, ...]:
    """The raw event of each action ``0 … n_actions-1`` by ``actor``, built once at import so
    a game's hot path appends a shared tuple instead of allocating one.

    >>> prebuilt_events(3, -1, "deal", 0b10)[2]
    (-1, 'deal', 2, 2, ())
    """
    return tuple((actor, kind, a, visible, args) for a in range(n_actions))


def seats_mask(*seats: int) -> int:
    """The ``visible`` bitmask of ``seats``.

    >>> seats_mask(0, 2), bin(seats_mask(1))
    (5, '0b10')
    """
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def can_see(visible: int, seat: int | None) -> bool:
    """True when ``seat`` (``None``: a spectator) may see an event with mask ``visible``.

    >>> can_see(EVERYONE, None), can_see(seats_mask(1), 1), can_see(seats_mask(1), None)
    (True, True, False)
    """
    if visible == EVERYONE:
        return True
    return seat is not None and seat >= 0 and bool(visible >> seat & 1)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One applied action as one seat sees it: values, not sentences.

    ``move`` is the action's index in the game's history; ``action`` is ``None`` and
    ``args`` holds only the public values when the seat may not see the action itself;
    ``hidden`` says so.
    """

    move: int
    actor: int
    kind: str
    action: int | None
    args: tuple[tuple[str, Any], ...] = ()
    hidden: bool = False

    def arg(self, name: str, default: Any = None) -> Any:
        """The value of argument ``name`` (``default`` when absent or hidden)."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards written in their pack's notation, suits by name)."""
        from tapete.engine.views import jsonable

        data: dict[str, Any] = {
            "move": self.move,
            "actor": self.actor,
            "kind": self.kind,
            "action": self.action,
            "args": {key: jsonable(value) for key, value in self.args},
        }
        if self.hidden:
            data["hidden"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event written by :meth:`to_dict` (card texts are read back as cards).

        >>> import tapete
        >>> e = Event(3, 1, 'play', 5, (('card', tapete.Card.parse('3c')),))
        >>> Event.from_dict(e.to_dict()) == e
        True
        """
        from tapete.engine.views import value_from_json

        args = data.get("args") or {}
        return cls(
            move=int(data["move"]),
            actor=int(data["actor"]),
            kind=str(data["kind"]),
            action=None if data.get("action") is None else int(data["action"]),
            args=tuple((str(k), value_from_json(v, k)) for k, v in args.items()),
            hidden=bool(data.get("hidden", False)),
        )
