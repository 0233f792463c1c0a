"""The anytime loop of the searches, written once: worlds drawn and valued, batch after
batch, until a fixed number of worlds is reached or the time budget is spent.

Every search of :mod:`tapete.players.search` decides the same way: draw worlds from what the
seat sees (``sample``), value the candidates in them (``evaluate``), and go on while the
budget lasts. With a fixed number of worlds (``worlds=<n>``) no clock decides anything, so
that a decision is reproducible from its seed; under a time budget a batch starts only while
another one like the last should end before the deadline (``share`` of the budget).

>>> now = [0.0]
>>> def evaluate(size: int) -> None:  # a world takes a second
...     now[0] += size
>>> budget = Budget(clock=lambda: now[0], time_budget=10.0)
>>> run(budget, batches(40, 1, grow=2), lambda size: size, evaluate)
(7, 4)

1, 2 and 4 worlds: a batch of 8 would not end before the 9th second (90% of the budget).

>>> run(Budget(lambda: 0.0, 0.001, worlds=5), one_by_one(5), lambda size: size,
...     lambda size: True)
(5, 1)
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

_World = TypeVar("_World")


@dataclasses.dataclass
class Budget:
    """What one decision may spend: a fixed number of ``worlds`` (``None``: a time budget),
    or ``share`` of ``time_budget`` seconds on ``clock`` counted from ``started`` (by default
    when the budget is made)."""

    clock: Callable[[], float]
    time_budget: float
    worlds: int | None = None
    started: float | None = None
    share: float = 0.9
    #: When the batch being valued began (set by :func:`run`).
    begun: float = 0.0

    def __post_init__(self) -> None:
        if self.started is None:
            self.started = self.clock()
        self.begun = self.started

    @property
    def fixed(self) -> bool:
        """Whether the decision searches a fixed number of worlds (no clock decides)."""
        return self.worlds is not None

    @property
    def deadline(self) -> float:
        """The clock's reading by which the decision should be taken."""
        assert self.started is not None
        return self.started + self.share * self.time_budget

    def another_fits(self, margin: float) -> bool:
        """Whether another batch like the one begun at :attr:`begun`, ``margin`` times its
        time from now, still ends before the :attr:`deadline`."""
        now = self.clock()
        return now + (now - self.begun) * margin <= self.deadline


@dataclasses.dataclass
class Pace:
    """The work a joint search may do in the time left: at the pace the last search measured
    (work per second), ``first`` before any; no limit (0) with a fixed number of worlds."""

    budget: Budget
    first: float
    rate: float = 0.0

    def limit(self) -> int:
        """The work allowed to the next search (0: none set)."""
        if self.budget.fixed:
            return 0
        pace = self.rate if self.rate > 0.0 else self.first
        return max(1, int((self.budget.deadline - self.budget.clock()) * pace))

    def measured(self, work: int) -> None:
        """A search did ``work`` since the batch began: its pace is the next one's."""
        spent = self.budget.clock() - self.budget.begun
        self.rate = work / spent if spent > 0 else 0.0


def run(
    budget: Budget,
    sizes: Iterable[int],
    sample: Callable[[int], _World],
    evaluate: Callable[[_World], bool | None],
    after: Callable[[int], None] | None = None,
    margin: float = 1.5,
) -> tuple[int, int]:
    """The anytime loop: for each batch size of ``sizes``, draw that many worlds
    (``sample(size)``) and value them (``evaluate``; ``False``: it gave up, out of time,
    which ends the loop with that batch not counted), then call ``after`` with the worlds
    valued so far (to prune candidates). Under a time budget the loop also ends once another
    batch like the last would not end before the deadline (:meth:`Budget.another_fits`).
    Returns the worlds valued and the size of the last batch valued (0: none)."""
    done = last = 0
    for size in sizes:
        budget.begun = budget.clock()
        if evaluate(sample(size)) is False:
            break
        done += size
        last = size
        if after is not None:
            after(done)
        if not budget.fixed and not budget.another_fits(margin):
            break
    return done, last


def one_by_one(count: int) -> Iterator[int]:
    """Batches of one world, ``count`` of them."""
    return itertools.repeat(1, count)


def batches(target: int, first: int, grow: int = 1, most: int = 256) -> Iterator[int]:
    """Batches of ``first`` worlds, each ``grow`` times the last (at most ``most``), the
    last cut so that they add up to ``target``.

    >>> list(batches(40, 8)), list(batches(100, 8, grow=2))
    ([8, 8, 8, 8, 8], [8, 16, 32, 44])
    """
    done, size = 0, first
    while done < target:
        step = min(size, target - done)
        yield step
        done += step
        size = min(size * grow, most)


def doubling(first: int, most: int) -> Iterator[int]:
    """The sizes of searches that replace each other: ``first``, twice as many... up to
    ``most``.

    >>> list(doubling(16, 100)), list(doubling(64, 64))
    ([16, 32, 64], [64])
    """
    size = first
    while size <= most:
        yield size
        size *= 2
