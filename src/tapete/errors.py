"""The tapete error hierarchy.

Every error tapete raises on bad input is a :class:`TapeteError`; the subclasses say what
kind of input was wrong. None of them leaves a state half-changed.

>>> from tapete.errors import IllegalActionError, TapeteError
>>> issubclass(IllegalActionError, TapeteError) and issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


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
    """

    def __init__(
        self,
        detail: str,
        *,
        seat: int | None = None,
        phase: str = "",
        action: str = "",
        reason: str = "illegal",
    ) -> None:
        self.detail = detail
        self.seat = seat
        self.phase = phase
        self.action = action
        self.reason = reason
        who = "chance" if seat is None or seat < 0 else f"seat {seat}"
        where = f" in phase {phase}" if phase else ""
        what = f" {action}" if action else " do that"
        super().__init__(f"{who} cannot{what}{where}: {detail}")
