"""The encoder's native part (``tapete.rl._cells``, the C extension the wheel builds)
against the pure one: the stream tensor's cell and byte writes against a numpy array's
memoryviews, and whole encodings of seeded views of every game by a native encoder
against a pure one, byte for byte. The tests of the native module run where it is built
(the compiled environment: ``python3 dev.py compiled-test`` runs this file); the pure
fallback's are checked everywhere."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tapete  # noqa: E402
from tapete.engine import sample_chance  # noqa: E402
from tapete.rl import encoding  # noqa: E402
from tapete.rl.encoding import Encoder, EncodingError, discovery  # noqa: E402
from tapete.testing import decision_views  # noqa: E402

from .conftest import load_ready  # noqa: E402

native = pytest.mark.skipif(encoding.NATIVE is None, reason="tapete.rl._cells is not built")

#: Games and variants whose views are compared (La Pocha's variants as the path tests').
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("pocha", {"n_players": 4, "hand_size": 10}),
    ("pocha", {"n_players": 5, "hand_size": 8}),
    ("pocha", {"n_players": 3, "hand_size": 1, "ronda_india": True}),
    ("pocha", {"n_players": 4, "hand_size": 1, "ronda_ciega": True}),
    ("pocha", {"n_players": 4, "hand_size": 5, "ronda_subastada": True}),
    ("pocha-match", {}),
    ("ombre", {}),
    ("ombre-match", {}),
    ("trynka", {}),
    ("trynka-match", {}),
]


def every_seat_views(game: Any, seed: int, games: int) -> list[Any]:
    """The views of every seat and of a spectator at every state of seeded random games."""
    rng = random.Random(seed)
    views = []
    seats: list[int | None] = [None, *range(game.num_players())]
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            views.extend(state.view(seat) for seat in seats)
            state.apply_action(
                sample_chance(state, rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
        views.extend(state.view(seat) for seat in seats)
    return views


def test_the_module_is_what_a_compiled_install_has() -> None:
    """The wheel compiles the C extension with the rules core: where the core is compiled
    (``TAPETE_EXPECT_COMPILED=1``: dev.py's compiled environment) the native module is
    there and the encoders use it by default; an editable install has neither."""
    if os.environ.get("TAPETE_EXPECT_COMPILED") == "1":
        assert tapete.is_compiled()
        assert encoding.NATIVE is not None
    if encoding.NATIVE is None:
        assert encoding.NATIVE_CELLS is None
        assert encoding.native_module() is None


def test_the_pure_fallback() -> None:
    """``native=False`` (and any encoder where the module is not built) keeps numpy arrays
    set through memoryviews; ``native=True`` without the module is an error."""
    game = tapete.load_game("pocha", n_players=3, hand_size=2)
    pure = Encoder(game, native=False)
    assert not pure.native
    view = decision_views(game, random.Random(1), 1)[0]
    pure.encode(view)
    stream = next(iter(pure._streams.values()))
    assert isinstance(stream.mv, memoryview) and isinstance(stream.bytes_view, memoryview)
    if encoding.NATIVE is None:
        assert not Encoder(game).native
        with pytest.raises(EncodingError):
            Encoder(game, native=True)
    else:
        assert Encoder(game).native


@native
def test_cells_writes_as_memoryviews() -> None:
    """Random cell writes (ints, floats, rounded to float32, negative indices) and byte
    range writes (bytes, memoryviews) into a ``Cells`` and into a float32 array through
    its two memoryviews leave the same bytes; the same writes out of range fail alike."""
    cells_type = encoding.NATIVE_CELLS
    rng = random.Random(7)
    for size in (1, 3, 64, 1000):
        cells = cells_type(4 * size)
        vec = np.zeros(size, np.float32)
        mv, bv = vec.data, vec.data.cast("B")
        assert len(cells) == size and cells.nbytes == 4 * size
        for _ in range(300):
            if rng.random() < 0.6:
                i = rng.randrange(-size, size)
                value = rng.choice([0.0, 1.0, rng.randrange(-9, 9), rng.uniform(-1e6, 1e6), 1 / 3])
                cells[i] = value
                mv[i] = value
                assert cells[i] == mv[i]
            else:
                a = rng.randrange(4 * size)
                b = rng.randrange(a, 4 * size + 1)
                data = bytes(rng.randrange(256) for _ in range(b - a))
                source = data if rng.random() < 0.5 else memoryview(data)
                cells[a:b] = source
                bv[a:b] = source
        assert bytes(cells) == vec.tobytes()
        assert np.array_equal(np.frombuffer(cells, np.float32), vec, equal_nan=True)
        for bad in (size, -size - 1):
            with pytest.raises(IndexError):
                cells[bad] = 1.0
            with pytest.raises(IndexError):
                mv[bad] = 1.0
        with pytest.raises(ValueError):
            cells[0:1] = b"\x00\x00"
        with pytest.raises(TypeError):
            cells[0] = "one"


@native
def test_native_field_updates_against_their_pure_forms() -> None:
    """The module's functions on their own: ``prefix`` counts what the pure loop counts
    (identity, then equality), ``numbers`` writes what the per-item loop writes (and
    declines tuples of different lengths), ``copy`` writes a tensor into a buffer at a byte
    offset (and refuses one that does not fit)."""
    module = encoding.NATIVE
    rng = random.Random(11)
    pool = [1, 2, 2.0, 3, (1,), (1,), "a"]
    for _ in range(500):
        a = tuple(rng.choice(pool) for _ in range(rng.randrange(6)))
        b = tuple(rng.choice(pool) for _ in range(rng.randrange(6)))
        limit = rng.randrange(8)
        expected = 0
        while expected < min(limit, len(a), len(b)) and not (
            a[expected] is not b[expected] and a[expected] != b[expected]
        ):
            expected += 1
        assert module.prefix(a, b, limit) == expected
    for _ in range(300):
        size = rng.randrange(1, 6)
        new = tuple(rng.choice([0, 1, 2, 2.5, -3, 10**6, True]) for _ in range(size))
        old = tuple(rng.choice([0, 1, 2, 2.5]) for _ in range(size))
        cells = encoding.NATIVE_CELLS(4 * (size + 2))
        vec = np.zeros(size + 2, np.float32)
        cells[1:5] = b"\x01\x02\x03\x04"
        vec.data.cast("B")[1:5] = b"\x01\x02\x03\x04"
        assert module.numbers(cells, new, old, 1, size) is True
        for k in range(size):
            if new[k] is not old[k] and new[k] != old[k]:
                vec[1 + k] = float(new[k])
        assert bytes(cells) == vec.tobytes()
        assert module.numbers(cells, new, (*old, 0), 1, size) is False
        assert module.numbers(cells, list(new), old, 1, size) is False
    cells = encoding.NATIVE_CELLS(12)
    cells[0], cells[1], cells[2] = 1.5, -2, 3
    rows = np.full((3, 3), 9.0, np.float32)
    module.copy(rows.data.cast("B"), cells, 12)
    assert rows.tolist() == [[9, 9, 9], [1.5, -2, 3], [9, 9, 9]]
    with pytest.raises(IndexError):
        module.copy(rows.data.cast("B"), cells, 28)


@native
def test_slots_and_their_table_by_identity() -> None:
    """``slots`` writes each slot's row as the log's ``row_at`` gives it, keeps what
    ``row_at`` kept in ``at_slot`` in its ``IdTable`` too (at most ``limit`` entries, then
    emptied) and finds it there once ``at_slot`` forgot it: the same bytes, fewer calls."""
    module = encoding.NATIVE

    class Log:
        def __init__(self) -> None:
            self.at_slot: list[Any] = [None] * 6
            self.calls = 0

        def row_at(self, event: Any, j: int) -> bytes:
            self.calls += 1
            known = (event, bytes([event[0]]) * 8)
            self.at_slot[j] = known
            return known[1]

    events = tuple((k,) for k in range(1, 7))
    expected = b"".join(bytes([k]) * 8 for k in range(1, 7))
    for limit in (1, 3, 100):
        log, ids = Log(), module.IdTable(limit)
        cells = encoding.NATIVE_CELLS(48)
        module.slots(cells, events, 0, 0, 6, log.at_slot, ids, 0, 8, log)
        assert bytes(cells) == expected and log.calls == 6
        assert 0 < len(ids) <= limit
        log.at_slot = [None] * 6
        cells = encoding.NATIVE_CELLS(48)
        module.slots(cells, events, 0, 0, 6, log.at_slot, ids, 0, 8, log)
        assert bytes(cells) == expected
        assert log.calls == (6 + 6 if limit < 6 else 6)
        for known, event in zip(log.at_slot, events, strict=True):
            assert known is not None and known[0] is event
        ids.clear()
        assert len(ids) == 0
    with pytest.raises(IndexError):
        module.slots(encoding.NATIVE_CELLS(40), events, 0, 0, 6, [None] * 6, ids, 0, 8, log)


@native
@pytest.mark.parametrize("name,params", GAMES, ids=lambda v: str(v))
def test_native_and_pure_encoders_write_the_same_bytes(name: str, params: dict[str, Any]) -> None:
    """Every seat's (and a spectator's) view at every state of seeded games, in playing
    order, then in a seeded random order and backwards, each encoded by a native encoder,
    by a pure one and written whole by a fresh native one: the same bytes; the same for
    the observation (no event log)."""
    game = load_ready(name, **params)
    views = every_seat_views(game, seed=len(name) + len(params), games=2)
    views = views[:: max(1, len(views) // 1500)]
    found = discovery(game)
    for recall in (True, False):
        fast = Encoder(game, recall, found=found)
        pure = Encoder(game, recall, found=found, native=False)
        alone = Encoder(game, recall, found=found)
        assert fast.native and not pure.native
        buf = np.zeros(fast.size, np.float32)
        shuffled = random.Random(5).sample(range(len(views)), len(views))
        for order in (range(len(views)), shuffled, range(len(views) - 1, -1, -1)):
            for i in order:
                got = fast.encode(views[i], buf).tobytes()
                assert got == pure.encode(views[i]).tobytes(), (name, params, recall, i)
                if i % 7 == 0:
                    alone.forget()
                    assert got == alone.encode(views[i]).tobytes(), (name, params, recall, i)
            fast.forget()
            pure.forget()


@native
def test_native_batches_and_benchmark_views() -> None:
    """The benchmark's views (the seat to act, La Pocha 4x10) in batches and one by one
    into float32, float64 and strided buffers: the native tensors are the pure ones."""
    game = tapete.load_game("pocha", n_players=4, hand_size=10)
    views = decision_views(game, random.Random(2), 6)
    fast, pure = Encoder(game), Encoder(game, native=False)
    assert np.array_equal(fast.encode_batch(views), pure.encode_batch(views))
    wide = np.zeros((fast.size, 2), np.float32)
    for view in views:
        expected = pure.encode(view)
        assert np.array_equal(fast.encode(view, np.zeros(fast.size, np.float64)), expected)
        assert np.array_equal(fast.encode(view, wide[:, 1]), expected)


def raw_tensors_agree(game: Any, games: int, seed: int) -> int:
    """Random games of ``game`` played live, each seat's (and a spectator's) events-only
    tensor at every decision written by a native encoder and a pure one (the raw log's
    ``raw_opening`` and ``raw_slots`` against their pure loops), then for clones played a
    few moves ahead and the states of the game again backwards: the same bytes. Returns the
    tensors compared."""
    from tapete.engine import sample_chance

    fast = Encoder(game, True, events_only=True)
    pure = Encoder(game, True, events_only=True, native=False)
    assert fast.native and not pure.native and fast._raw is not None
    out = np.zeros(fast.size, np.float32)  # one buffer for every call (only the used bytes
    # are copied into it, zeros after them: a shorter log after a longer one must clear them)
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(game.num_players())]
    compared = 0
    for _ in range(games):
        state = game.new_initial_state()
        kept = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            ahead = state.clone()
            for _move in range(rng.randrange(4)):
                if ahead.is_terminal() or ahead.is_chance_node():
                    break
                ahead.apply_action(rng.choice(ahead.legal_actions()))
            for at in (ahead, state):
                for seat in seats:
                    got = fast.encode_state(at, seat, out).tobytes()
                    assert got == pure.encode_state(at, seat).tobytes(), (game.name, seat)
                    assert fast.encode_state(at, seat).tobytes() == got
                    compared += 1
            kept.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        for at in reversed(kept):
            seat = rng.choice(seats)
            got = fast.encode_state(at, seat, out).tobytes()
            assert got == pure.encode_state(at, seat).tobytes()
            compared += 1
    return compared


@native
@pytest.mark.parametrize("name,params", [g for g in GAMES if not g[0].endswith("-match")])
def test_native_and_pure_raw_logs_write_the_same_bytes(name: str, params: dict[str, Any]) -> None:
    """The events-only tensor written from the raw log by the native functions and by the
    pure loops: the same bytes (see :func:`raw_tensors_agree`)."""
    game = load_ready(name, **params)
    assert raw_tensors_agree(game, games=2, seed=len(name)) > 100


#: Run by :func:`test_the_module_built_here_with_the_pure_encoder` in a new interpreter: the
#: module built into ``argv[1]`` is ``tapete.rl._cells`` there, before the encoder is imported.
CHECK_BUILT_MODULE = r"""
import importlib.util, random, sys
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("tapete.rl._cells", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["tapete.rl._cells"] = module
import numpy as np
import tapete
from tapete.rl import encoding
from tapete.testing import decision_views
assert encoding.NATIVE is module
checked = 0
for name, params in [("pocha", {"n_players": 4, "hand_size": 10}), ("ombre", {}),
                     ("trynka-match", {"n_players": 3, "banks": 2}), ("pocha-match", {})]:
    game = tapete.load_game(name, **params)
    views = decision_views(game, random.Random(4), 3)
    for recall in (True, False):
        fast = encoding.Encoder(game, recall)
        pure = encoding.Encoder(game, recall, native=False)
        assert fast.native and not pure.native
        for order in (views, views[::-1]):
            for view in order:
                assert fast.encode(view).tobytes() == pure.encode(view).tobytes(), name
                checked += 1
from typing import Any
import numpy as np
from tapete.rl.encoding import Encoder
RAW_TENSORS_AGREE
for name, params in [("pocha", {"n_players": 4, "hand_size": 10}), ("ombre", {}),
                     ("trynka", {"n_players": 3})]:
    checked += raw_tensors_agree(tapete.load_game(name, **params), 1, 7)
print(checked)
"""


def test_the_module_built_here_with_the_pure_encoder(tmp_path: Any) -> None:
    """Where a C compiler is there (the pure, editable environment too): ``_cells.c`` built
    as setup.py builds it, loaded as ``tapete.rl._cells`` in a new interpreter under the
    encoder as it is installed here (pure Python in development: the wheel's combination
    without mypyc), writes the pure path's bytes for seeded views of four games."""
    import inspect
    import shutil
    import subprocess
    import sys
    import sysconfig
    from pathlib import Path

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip("no C compiler")
    pytest.importorskip("setuptools")  # (a Python 3.12+ virtual environment has none)
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    source = Path(__file__).resolve().parents[2] / "src" / "tapete" / "rl" / "_cells.c"
    dist = Distribution({"ext_modules": [Extension("tapete.rl._cells", [str(source)])]})
    command = build_ext(dist)
    command.build_lib = str(tmp_path / "lib")
    command.build_temp = str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()
    (built,) = command.get_outputs()
    agree = inspect.getsource(raw_tensors_agree)
    result = subprocess.run(
        [sys.executable, "-c", CHECK_BUILT_MODULE.replace("RAW_TENSORS_AGREE", agree), built],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) > 100
