"""The tapete error hierarchy.

Every error tapete raises on bad input is a :class:`TapeteError`; the subclasses say what
kind of input was wrong. None of them leaves a state half-changed.

>>> from tapete.errors import IllegalActionError, TapeteError
>>> issubclass(IllegalActionError, TapeteError) and issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

from typing import Any


class TapeteError(Exception):
    """Root of every error raised by tapete on bad input."""


class NotationError(TapeteError, ValueError):
    """Text (a card, a card list, an action) that does not parse.

    The message names the text and the form that was expected.
    """


class ConfigError(TapeteError, ValueError):
    """A game parameter that is unknown or outside its allowed values."""


class RecordError(TapeteError, ValueError):
    """A game record that is malformed or does not replay."""


class InconsistentViewError(TapeteError, ValueError):
    """A view that no real game could have produced (``sample_consistent_state`` finds no deal)."""


class IllegalActionError(TapeteError, ValueError):
    """A well-formed action that the rules forbid in the current state.

    Attributes:
        seat: the seat that tried the action (``None`` for a chance action).
        phase: the name of the phase the state was in.
        action: the action as text (or its number when it has no text here).
        reason: a stable code that says which rule forbade it (for translation and tests).
        detail: the human explanation, for example ``"must follow clubs: holds ♣7"``.

    >>> e = IllegalActionError("must follow copas: holds 4c", seat=2, phase="play",
    ...                        action="play 3e", reason="must_follow")
    >>> str(e)
    'seat 2 cannot play 3e in phase play: must follow copas: holds 4c'
    >>> e.reason
    'must_follow'
    >>> import pickle
    >>> str(pickle.loads(pickle.dumps(e))) == str(e)
    True
    """

    def __init__(
        self,
        detail: str,
        *,
        seat: int | None = None,
        phase: str = "",
        action: str = "",
        reason: str = "illegal",
        move: int | None = None,
    ) -> None:
        self.detail = detail
        self.seat = seat
        self.phase = phase
        self.action = action
        self.reason = reason
        #: How many actions the game had seen when the action was refused (``None``: unknown).
        self.move = move
        super().__init__(self._message())

    def _message(self) -> str:
        seat = self.seat
        who = "chance" if seat is None or seat < 0 else f"seat {seat}"
        where = f" in phase {self.phase}" if self.phase else ""
        what = f" {self.action}" if self.action else " do that"
        at = f" (move {self.move})" if self.move is not None else ""
        return f"{who} cannot{what}{where}: {self.detail}{at}"

    def at_move(self, move: int) -> IllegalActionError:
        """The same refusal stamped with the game's move number (a match stamps its own).

        >>> str(IllegalActionError("no", seat=1, action="bid 9").at_move(12))
        'seat 1 cannot bid 9: no (move 12)'
        """
        self.move = move
        self.args = (self._message(),)
        return self

    def __str__(self) -> str:
        return self._message()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle every field (errors cross process pools intact)."""
        fields = (self.detail, self.seat, self.phase, self.action, self.reason, self.move)
        return (_rebuild_illegal_action_error, (type(self), *fields))


def _rebuild_illegal_action_error(
    cls: type[IllegalActionError],
    detail: str,
    seat: int | None,
    phase: str,
    action: str,
    reason: str,
    move: int | None,
) -> IllegalActionError:
    return cls(detail, seat=seat, phase=phase, action=action, reason=reason, move=move)
