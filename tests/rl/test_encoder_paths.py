"""The encoder's shortcuts against fresh encodings: a seat's last stream found without a
lookup, per-seat numbers written item by item, new event slots written one by one or as a
block. Each tensor must be the one an encoder with no stream writes for the view alone."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tapete  # noqa: E402
from tapete.engine import sample_chance  # noqa: E402
from tapete.rl.encoding import Encoder  # noqa: E402
from tapete.testing import decision_views  # noqa: E402

#: La Pocha's variants (4x10 as the benchmark, more seats, the hand variants).
VARIANTS: list[dict[str, Any]] = [
    {"n_players": 4, "hand_size": 10},
    {"n_players": 5, "hand_size": 8},
    {"n_players": 3, "hand_size": 1, "ronda_india": True},
    {"n_players": 4, "hand_size": 1, "ronda_ciega": True},
    {"n_players": 4, "hand_size": 5, "ronda_subastada": True},
]


def playing_order(game: Any, seed: int, games: int) -> list[Any]:
    """The benchmark's views: the seat to act at every decision, game after game."""
    return decision_views(game, random.Random(seed), games)


class Alone:
    """Tensors written by an encoder with no stream (each view whole)."""

    def __init__(self, game: Any, recall: bool = True, **options: Any) -> None:
        self.enc = Encoder(game, perfect_recall=recall, **options)

    def __call__(self, view: Any) -> Any:
        self.enc.forget()
        return self.enc.encode(view)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v))
def test_playing_order_over_seeded_games(variant: dict[str, Any]) -> None:
    """Many seeded games in the benchmark's order (a seat's next view most often finds its
    last stream without a lookup), then the same views in a seeded random order and in
    reverse: every tensor, cell for cell, is the view's own."""
    game = tapete.load_game("pocha", **variant)
    views = playing_order(game, seed=31, games=8)
    alone = Alone(game)
    expected = [alone(v) for v in views]
    enc = Encoder(game)
    buf = np.zeros(enc.size, np.float32)
    shuffled = random.Random(3).sample(range(len(views)), len(views))
    for order in (range(len(views)), shuffled, range(len(views) - 1, -1, -1)):
        for i in order:
            assert np.array_equal(enc.encode(views[i], buf), expected[i]), (variant, i)
        enc.forget()


def test_a_seats_last_stream_across_games_seats_and_evictions() -> None:
    """Views of one seat from two games in turn (its last stream is the other game's), a
    spectator's, a view with an empty log, streams evicted at nearly every new one and
    dropped by ``forget``: each tensor is the view's own."""
    game = tapete.load_game("pocha", n_players=4, hand_size=4)
    first, second = playing_order(game, seed=5, games=1), playing_order(game, seed=6, games=1)
    spectator = []
    rng = random.Random(8)
    state = game.new_initial_state()
    while not state.is_terminal():
        spectator.append(state.view(None))
        state.apply_action(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    empty = dataclasses.replace(first[3], events=())
    mixed: list[Any] = []
    for a, b, c in zip(first, second, spectator, strict=False):
        mixed += [a, b, c]
    mixed += [empty, first[-1], empty, second[-1]]
    alone = Alone(game)
    expected = [alone(v) for v in mixed]
    for limit in (512, 2):
        enc = Encoder(game)
        enc._max_streams = limit  # 2: the oldest stream taken over at nearly every new one
        for round_ in range(3):
            for i, view in enumerate(mixed):
                assert np.array_equal(enc.encode(view), expected[i]), (limit, round_, i)
                if i % 17 == 16:
                    enc.forget()


@pytest.mark.parametrize("recall", [True, False])
def test_per_seat_numbers_item_by_item(recall: bool) -> None:
    """Per-seat numbers (cards held, tricks won) of the stream's last length changed item by
    item — ints, floats, bools, one item, all of them — then a longer tuple (cut to the
    seats) and a shorter one (its last cells 0), then back: the cells hold the values."""
    game = tapete.load_game("pocha", n_players=4, hand_size=5)
    base = playing_order(game, seed=2, games=1)
    enc = Encoder(game, perfect_recall=recall)
    alone = Alone(game, recall)
    (held,) = [p for p in enc.parts if p.name == "cards_held"]
    (won,) = [p for p in enc.parts if p.name == "tricks_won"]
    rng = random.Random(4)
    values = [
        (1, 2, 3, 4),
        (1, 2, 3, 5),
        (1.5, 2, 3, 5),
        (True, False, 3, 5),
        (1, 0, 3, 5),
        (7, 7, 7, 7),
        (7, 7, 7, 7, 9),
        (7, 7, 7, 7, 8),
        (6, 5),
        (6, 4),
        (0, 0, 0, 0),
        (float("nan"), 1, 2, 3),
        (float("nan"), 1, 2, 3),
        (1, 2, 3, 4),
    ]
    for step in range(3 * len(values)):
        view = base[step % len(base)] if step >= len(values) else base[0]
        held_values = values[step % len(values)]
        won_values = values[rng.randrange(len(values))]
        odd = dataclasses.replace(view, cards_held=held_values, tricks_won=won_values)
        tensor = enc.encode(odd)
        assert np.array_equal(tensor, alone(odd), equal_nan=True), step
        for part, given in ((held, held_values), (won, won_values)):
            cells = tensor[part.offset : part.offset + part.size].tolist()
            want = [float(v) for v in given[: part.size]] + [0.0] * (part.size - len(given))
            assert np.array_equal(cells, want, equal_nan=True), (step, part.name)


@pytest.mark.parametrize("variant", VARIANTS[:2], ids=["4x10", "5x8"])
def test_new_event_slots_one_by_one_and_as_a_block(variant: dict[str, Any]) -> None:
    """One stream's log grown by 1 to 14 events at a time (up to 8 new slots are written
    one by one, more as one block), cut back, grown again past the slots (the latest
    kept): each tensor is the view's own."""
    game = tapete.load_game("pocha", **variant)
    rng = random.Random(9)
    state = game.new_initial_state()
    views = []
    while not state.is_terminal():
        views.append(state.view(1))
        state.apply_action(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    views.append(state.view(1))
    last = views[-1]
    total = len(last.events)
    for max_events in (256, 7):
        enc = Encoder(game, max_events=max_events)
        alone = Alone(game, max_events=max_events)
        length, step, seen = 1, 1, set()
        while length <= total:
            view = dataclasses.replace(last, events=last.events[:length])
            assert np.array_equal(enc.encode(view), alone(view)), (max_events, length)
            seen.add(step)
            step = step % 14 + 1
            length += step
            if length > total and step < 14:
                length = max(1, length - 3 * step)  # cut back, then grow again
                if len(seen) == 14:
                    break
        assert {1, 2, 8, 9, 14} <= seen
