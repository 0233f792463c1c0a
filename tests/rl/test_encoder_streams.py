"""The encoder's incremental machinery against fresh encodings: recycled stream tensors,
the caller's kept buffer, event logs that part from the stream's last one, values of
unusual types. Each tensor must be the one a new encoder writes for the view alone."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tapete  # noqa: E402
from tapete.engine import sample_chance  # noqa: E402
from tapete.rl.encoding import Encoder  # noqa: E402

from .conftest import load_ready  # noqa: E402
from .test_encoding import live_views  # noqa: E402


def fresh_tensor(game: Any, view: Any, recall: bool = True) -> Any:
    """The tensor a new encoder writes for ``view`` alone."""
    return Encoder(game, perfect_recall=recall).encode(view)


@pytest.fixture(scope="module")
def pocha() -> Any:
    return tapete.load_game("pocha", n_players=4, hand_size=5)


@pytest.fixture(scope="module")
def pocha_views(pocha: Any) -> list[Any]:
    return live_views(pocha, seed=11, games=3)


@pytest.fixture(scope="module")
def reference(pocha: Any, pocha_views: list[Any]) -> dict[tuple[int, bool], Any]:
    """Each view's tensor (both layouts), each written by an encoder with no stream."""
    out = {}
    for recall in (True, False):
        enc = Encoder(pocha, perfect_recall=recall)
        for i, view in enumerate(pocha_views):
            enc.forget()
            out[i, recall] = enc.encode(view)
    return out


@pytest.mark.parametrize("recall", [True, False])
def test_recycled_stream_tensors_are_cleared(
    pocha: Any, pocha_views: list[Any], reference: Any, recall: bool
) -> None:
    """``forget`` keeps a few tensors for new streams and the oldest stream's tensor is
    taken over when there are too many: neither leaks a cell into the next view."""
    enc = Encoder(pocha, perfect_recall=recall)
    enc._max_streams = 2  # evictions at nearly every new stream
    rng = random.Random(2)
    for step in range(400):
        i = rng.randrange(len(pocha_views))
        if step % 37 == 0:
            enc.forget()
        assert np.array_equal(enc.encode(pocha_views[i]), reference[i, recall]), (step, i)
    assert len(enc._streams) <= 2
    enc.forget()
    assert enc._spare, "forget keeps tensors for the next streams"


def test_the_callers_buffer_is_overwritten_whatever_it_holds(
    pocha: Any, pocha_views: list[Any], reference: Any
) -> None:
    """The encoder keeps the bytes of the last buffer it wrote: a buffer changed by the
    caller in between, another buffer, a strided one and a float64 one are all written
    whole."""
    enc = Encoder(pocha)
    size = enc.size
    first = np.zeros(size, np.float32)
    second = np.full(size, 9.0, np.float32)
    strided = np.zeros(2 * size, np.float32)[::2]
    wide = np.zeros(size, np.float64)
    for i, view in enumerate(pocha_views[::3]):
        k = 3 * i
        first[:] = -1.0  # the caller's own use of the buffer
        assert enc.encode(view, first) is first
        assert np.array_equal(first, reference[k, True])
        assert np.array_equal(enc.encode(view, second), reference[k, True])
        assert np.array_equal(enc.encode(view, strided), reference[k, True])
        assert np.array_equal(enc.encode(view, wide), reference[k, True].astype(np.float64))
    with pytest.raises(ValueError):  # a read-only buffer is refused as numpy refuses it
        frozen = np.zeros(size, np.float32)
        frozen.flags.writeable = False
        enc.encode(pocha_views[0], frozen)


def test_a_batch_into_a_strided_buffer(pocha: Any, pocha_views: list[Any], reference: Any) -> None:
    enc = Encoder(pocha)
    rows = pocha_views[:30]
    out = np.full((len(rows), 2 * enc.size), 4.0, np.float32)[:, ::2]  # not contiguous
    enc.encode_batch(rows, out)
    for k in range(len(rows)):
        assert np.array_equal(out[k], reference[k, True])


def _played_at_random(game: Any, rng: random.Random, moves: int = 30) -> Any:
    """A state of ``game`` after ``moves`` random moves (chance ones by their odds)."""
    state = game.new_initial_state()
    while state.move_number() < moves and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_event_logs_that_part_from_the_streams_last_one(pocha: Any) -> None:
    """Views of one stream (the same seat and first event) whose logs share a prefix and
    then differ — another line of play grafted on, a log cut short, events equal but not
    the same objects — each get their own log, slot by slot."""
    rng = random.Random(4)
    state = _played_at_random(pocha, rng)
    lines = []
    for seed in (5, 6, 7):  # three lines of play from the same position (clones)
        line_rng = random.Random(seed)
        branch = state.clone()
        for _ in range(12):
            if branch.is_terminal():
                break
            if branch.is_chance_node():
                branch.apply_action(sample_chance(branch, line_rng))
            else:
                branch.apply_action(line_rng.choice(branch.legal_actions()))
        lines.append(branch.view(0))
    trunk = state.view(0)
    head = trunk.events[:1]  # the stream's first event object, shared by every view below
    views = [trunk]
    for line in lines:
        views.append(dataclasses.replace(line, events=head + line.events[1:]))
        cut = len(line.events) - 5
        views.append(dataclasses.replace(line, events=head + line.events[1:cut]))
        copies = tuple(dataclasses.replace(e) for e in line.events[1:])  # equal, not same
        views.append(dataclasses.replace(line, events=head + copies))
        mixed = head + trunk.events[1:20] + line.events[20:]
        views.append(dataclasses.replace(line, events=mixed))
    enc = Encoder(pocha)
    for round_ in range(2):
        order = views if round_ == 0 else views[::-1]
        for view in order:
            assert np.array_equal(enc.encode(view), fresh_tensor(pocha, view)), round_
    assert len({id(v.events[0]) for v in views}) == 1


def test_numbers_of_other_types_are_written_as_their_values(pocha: Any) -> None:
    """A per-seat tuple given as a list (unhashable), with floats or bools: the cells hold
    the values, as a new encoder writes them."""
    views = live_views(pocha, seed=9, games=1)[40:60]
    enc = Encoder(pocha, perfect_recall=False)
    (held,) = [p for p in enc.parts if p.name == "cards_held"]
    for k, view in enumerate(views):
        values = list(view.cards_held)
        variant: Any = (
            values if k % 3 == 0 else tuple(float(v) + 0.5 for v in values)
        )  # unhashable, or not the ints the game uses
        if k % 3 == 2:
            variant = tuple(bool(v) for v in values)
        odd = dataclasses.replace(view, cards_held=variant)
        tensor = enc.encode(odd)
        assert np.array_equal(tensor, fresh_tensor(pocha, odd, recall=False))
        cells = tensor[held.offset : held.offset + held.size]
        assert cells.tolist() == [float(v) for v in variant]


def test_every_game_in_playing_order_of_the_seat_to_act() -> None:
    """The benchmark's order (the views of the seat to act, deal after deal) for every
    game: each tensor is the view's own."""
    for name in ("ombre", "trynka", "pocha-match"):
        game = load_ready(name)
        rng = random.Random(1)
        views: list[Any] = []
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal() and len(views) < 300:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    views.append(state.view(state.current_player()))
                    state.apply_action(rng.choice(state.legal_actions()))
        enc = Encoder(game)
        buf = np.zeros(enc.size, np.float32)
        for view in views:
            assert np.array_equal(enc.encode(view, buf), fresh_tensor(game, view)), name


def test_event_logs_that_differ_inside_the_opening(pocha: Any) -> None:
    """The log's opening (the deal, as planes) of one stream's views: cut short, grown back,
    two of its events swapped (the same planes: their order is not kept), another event
    inside it, a shown card dealt twice (the opening ends there; the rest goes to slots):
    each tensor is the one a new encoder writes, in any order."""
    rng = random.Random(12)
    state = _played_at_random(pocha, rng)
    view = state.view(1)
    events = view.events
    run = next(k for k, e in enumerate(events) if e.actor >= 0)
    assert run > 4
    own = next(k for k in range(1, run) if not events[k].hidden)
    logs = [events[:k] for k in (1, 2, run - 1, run, run + 1)]
    logs.append(events[:1] + events[2:3] + events[1:2] + events[3:])  # two swapped
    logs.append(events[:3] + events[run : run + 1] + events[3:run] + events[run + 1 :])
    logs.append(events[: own + 1] + events[own : own + 1] + events[own + 1 :])  # shown twice
    logs.append(events)
    views = [dataclasses.replace(view, events=log) for log in logs]
    enc = Encoder(pocha)
    (opening,) = [p for p in enc.parts if p.kind == "opening"]
    for order in (views, views[::-1], views[::2] + views[1::2]):
        for v in order:
            assert np.array_equal(enc.encode(v), fresh_tensor(pocha, v))
    swapped, whole = enc.encode(views[5]), enc.encode(views[-1])
    assert np.array_equal(swapped, whole)  # the opening's order is not kept
    cut = enc.encode(views[2])
    cells = slice(opening.offset, opening.offset + opening.size)
    assert cut[cells].sum() == run - 1 and whole[cells].sum() == run
    twice = enc.decode(enc.encode(views[7]))["events"]
    assert twice[0][2] == events[own].action  # the card dealt again: the first slot
