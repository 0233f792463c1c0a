"""Faulty players: a decision that is not a legal action, an exception, or too much time.

:func:`decide` asks a player for its action and turns every way a player can fail into a
:class:`PlayerFault` naming the culprit (its label and seat), the move (how many actions the
game had seen) and what went wrong. A fault is plain data, so it crosses process pools and
Ray intact; the arena keeps the faulty game as a record with the fault in its ``meta``.

>>> import random, tapete
>>> from tapete.players import Player
>>> class Stubborn(Player):
...     name = "stubborn"
...     def choose(self, view, legal_actions, rng):
...         return 999
>>> state = tapete.engine.play_chance(tapete.load_game('pocha').new_initial_state(),
...                                   random.Random(1))
>>> seat = state.current_player()
>>> try:
...     decide(Stubborn(), "stubborn", state, seat, random.Random(2))
... except PlayerFault as fault:
...     print(fault.kind, fault.seat == seat, fault.move == state.move_number())
...     print(fault)  # doctest: +ELLIPSIS
illegal True True
player stubborn in seat 0 forfeits at move 40 (illegal): chose an illegal action: ...
"""

from __future__ import annotations

import contextlib
import math
import operator
import random
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

from tapete.engine.api import State
from tapete.errors import ConfigError, TapeteError
from tapete.players.base import Player

#: The kinds of fault, as stored in records and results.
KINDS = ("illegal", "not_an_action", "raised", "timeout")


class PlayerFault(TapeteError):
    """A player's failed decision: ``player`` (label), ``seat``, ``move`` (actions played
    before it), ``kind`` (one of :data:`KINDS`) and ``detail``; picklable field by field."""

    def __init__(self, player: str, seat: int, move: int, kind: str, detail: str) -> None:
        self.player = player
        self.seat = seat
        self.move = move
        self.kind = kind
        self.detail = safe_text(detail)
        super().__init__(
            f"player {player} in seat {seat} forfeits at move {move} ({kind}): {self.detail}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.player, self.seat, self.move, self.kind, self.detail))

    def to_dict(self) -> dict[str, Any]:
        """The fault as JSON-ready data (what records and results hold)."""
        return {
            "player": self.player,
            "seat": self.seat,
            "move": self.move,
            "kind": self.kind,
            "error": self.detail,
            "message": str(self),
        }


class _OutOfTime(BaseException):
    """Raised into a player's ``choose`` by the alarm (a BaseException so that a player's
    own ``except Exception`` does not swallow it)."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _OutOfTime


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[bool]:
    """Interrupt the block after ``seconds`` with an alarm signal, when this is the main
    thread of a process with ``SIGALRM``; yields whether it can (otherwise the caller can
    only measure the time taken afterwards). ``seconds <= 0``: no limit."""
    usable = (
        seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield False
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: Longest explanation kept for a fault (a player's exception message can be anything).
MAX_DETAIL = 500


def safe_text(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` fit for a record: valid UTF-8 (lone surrogates escaped), at most ``limit``
    characters.

    >>> print(safe_text("bad " + chr(0xDC80)))
    bad \\udc80
    """
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any, how: Any = repr) -> str:
    """``repr`` (or ``how``) of a player's object, which may itself fail."""
    try:
        return str(how(value))
    except Exception as e:  # a user's object with a broken __repr__/__str__
        return f"<{type(value).__name__} that cannot be shown: {type(e).__name__}>"


def _describe(value: Any) -> str:
    return f"{safe_text(shown(value), 60)} ({type(value).__name__})"


def as_action(value: Any) -> int | None:
    """``value`` as an action number: an ``int`` or an integer type such as numpy's
    (converted with ``__index__``); ``None`` for anything else (``True``, ``1.0``, ``'1'``).

    >>> as_action(3), as_action(True), as_action(3.0), as_action(None)
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, float, str, bytes)) or value is None:
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def decide(
    player: Player,
    label: str,
    state: State,
    seat: int,
    rng: random.Random,
    limit: float = 0.0,
    armed: bool = False,
) -> int:
    """The action ``player`` (named ``label``) chooses in ``seat``; :class:`PlayerFault`
    if it raises, returns something that is not a legal action, or takes over ``limit``
    seconds (interrupted by the alarm when ``armed`` by :func:`time_limit`, else found
    afterwards)."""
    legal = state.legal_actions()
    move = state.move_number()
    view = state.view(seat)
    start = time.perf_counter()
    try:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            value = player.choose(view, list(legal), rng)
        finally:
            if armed:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except _OutOfTime:
        raise PlayerFault(
            label, seat, move, "timeout", f"still deciding after {limit:g} s (interrupted)"
        ) from None
    except Exception as e:  # the player's own failure, whatever it is
        raise PlayerFault(
            label, seat, move, "raised", f"raised {type(e).__name__}: {shown(e, str)}"
        ) from e
    elapsed = time.perf_counter() - start
    if limit > 0 and elapsed > limit:
        raise PlayerFault(
            label, seat, move, "timeout", f"took {elapsed:.3g} s to decide (limit {limit:g} s)"
        )
    action = as_action(value)
    if action is None:
        raise PlayerFault(
            label, seat, move, "not_an_action", f"returned {_describe(value)}, not an action"
        )
    if action not in legal:
        why = _why(state, action)
        raise PlayerFault(label, seat, move, "illegal", f"chose an illegal action: {why}")
    return action


def _why(state: State, action: int) -> str:
    try:
        error = state.why_illegal(action)
    except Exception as e:  # the player is at fault already; any explanation will do
        return f"action {action}: {type(e).__name__}: {e}"
    return str(error) if error is not None else f"action {action} is not among the legal ones"


def check_limit(seconds: float) -> float:
    """``seconds`` if it is a usable time limit per decision (finite, ``>= 0``)."""
    if not (math.isfinite(seconds) and seconds >= 0):
        raise ConfigError(f"the time limit must be a number of seconds ≥ 0, got {seconds:g}")
    return seconds
