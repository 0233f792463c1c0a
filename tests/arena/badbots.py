"""Misbehaving players for the arena's tests; importing this module registers them.

Each fails in its own way on every decision it is asked for (``bad-phase`` from its second
decision on, ``bad-sometimes`` on about one decision in twenty).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from tapete.engine.api import PlayerView
from tapete.errors import RecordError
from tapete.players import Player, register_player


class _Bad(Player):
    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        raise NotImplementedError


class Illegal(_Bad):
    name = "bad-illegal"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return max(legal_actions) + 1000


class NotAnInt(_Bad):
    name = "bad-text"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return str(legal_actions[0])


class ReturnsNone(_Bad):
    name = "bad-none"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return None


class ReturnsFloat(_Bad):
    """A float equal to a legal action: still not an action."""

    name = "bad-float"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return float(legal_actions[0])


class ReturnsBool(_Bad):
    name = "bad-bool"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return True


class RaisesValueError(_Bad):
    name = "bad-valueerror"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        raise ValueError("my evaluation broke")


class RaisesTapeteError(_Bad):
    name = "bad-tapeteerror"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        raise RecordError("my opening book is corrupt")


class OtherPhase(_Bad):
    """Returns an action that was legal at an earlier decision and is not now (a bid while
    playing cards...)."""

    name = "bad-phase"

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.seen: set[int] = set()

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        stale = sorted(self.seen - set(legal_actions))
        self.seen.update(legal_actions)
        return stale[0] if stale else legal_actions[0]


class Hangs(_Bad):
    name = "bad-hang"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        time.sleep(3600)
        return legal_actions[0]


class Sometimes(_Bad):
    """A random player that raises on about one decision in twenty."""

    name = "bad-sometimes"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        if rng.random() < 0.05:
            raise ZeroDivisionError("sometimes")
        return legal_actions[int(rng.random() * len(legal_actions))]


class Interrupts(_Bad):
    """Plays its first legal action, then after 40 decisions acts as if Ctrl-C was pressed."""

    name = "bad-interrupt"
    calls = 0  # in this process, over every instance

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        Interrupts.calls += 1
        if Interrupts.calls > 40:
            raise KeyboardInterrupt
        return legal_actions[0]


class UnprintableError(_Bad):
    """Raises an exception whose message is not valid text and very long."""

    name = "bad-unprintable"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        raise ValueError("\udc80" * 10_000)


class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class BrokenObject(_Bad):
    """Returns an object that cannot even be shown."""

    name = "bad-object"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return _NoRepr()


class Huge(_Bad):
    name = "bad-huge"

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return 10**100


class BadStart(_Bad):
    """Fails before the game, in ``start``."""

    name = "bad-start"

    def start(self, game: Any, seat: int) -> None:
        raise OSError("my tables are missing")

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> Any:
        return legal_actions[0]


#: Odd failures (the fault must still be recorded as valid text), with the kind expected.
ODD: dict[str, str] = {
    "bad-unprintable": "raised",
    "bad-object": "not_an_action",
    "bad-huge": "illegal",
    "bad-start": "raised",
}

#: Every bad player that fails at its first decision, with the kind of fault expected.
ALWAYS: dict[str, str] = {
    "bad-illegal": "illegal",
    "bad-text": "not_an_action",
    "bad-none": "not_an_action",
    "bad-float": "not_an_action",
    "bad-bool": "not_an_action",
    "bad-valueerror": "raised",
    "bad-tapeteerror": "raised",
}

for _cls in (Illegal, NotAnInt, ReturnsNone, ReturnsFloat, ReturnsBool, RaisesValueError,
             RaisesTapeteError, OtherPhase, Hangs, Sometimes, Interrupts, UnprintableError,
             BrokenObject, Huge, BadStart):  # fmt: skip
    register_player(_cls.name, _cls, parameters=())
