"""The move clock across a restart: the clock of a decision keeps the time that was left, and
a clock that ran out while the server was down makes its move once the table is back."""

from __future__ import annotations

import asyncio
import time

from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import TableSpec
from tapete.table.manager import SeatSpec

from .harness import logged_actions, new_manager, true_states


async def until(condition: object, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


SPEC = TableSpec(
    game="pocha",
    params={"n_players": 3, "hand_size": 3},
    seats=(SeatSpec(), SeatSpec("bot", "rule"), SeatSpec("bot", "rule")),
    clock=3600.0,
    bot_delay=0.0,
    name="Ana",
    seat=0,
)


def stored_clock(store: Store, tid: str) -> tuple[int | None, float | None]:
    """The stored move clock of table ``tid``: its state number and deadline."""
    data = store.read(lambda s: st.get_table(s, tid)).result()
    assert data is not None
    return data.clock_move, data.clock_deadline


async def table_waiting_for_seat_0(url: str) -> tuple[str, int, float]:
    """A table whose person (seat 0) is to move with the clock running, stored and stopped:
    its id, the state number and the clock's deadline."""
    store, manager = new_manager(url)
    try:
        table, _, _, _ = await manager.create(SPEC)
        await until(lambda: table.state.current_player() == 0 and table.deadline is not None)
        number, deadline = len(table.moves), table.deadline
        assert deadline is not None
        tid = table.data.id

        await until(lambda: stored_clock(store, tid) == (number, deadline))
        await manager.stop()
        return tid, number, deadline
    finally:
        store.close()


def test_a_running_clock_resumes_with_the_time_left(db_url: str) -> None:
    async def go() -> None:
        tid, number, deadline = await table_waiting_for_seat_0(db_url)
        store, manager = new_manager(db_url)
        try:
            assert await manager.resume() == 1
            table = manager.tables[tid]
            await until(lambda: table.deadline is not None)
            assert len(table.moves) == number and table.state.current_player() == 0
            assert table.deadline == deadline  # not a fresh hour from the restart
            assert 0 not in table.away
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_a_clock_that_ran_out_while_down_moves_when_back(db_url: str) -> None:
    async def go() -> None:
        tid, number, _ = await table_waiting_for_seat_0(db_url)
        store, manager = new_manager(db_url)
        try:
            # the server was down past the deadline
            store.call(st.set_clock(tid, number, time.time() - 1.0))
            assert await manager.resume() == 1
            table = manager.tables[tid]
            await until(lambda: len(table.moves) > number)
            assert table.moves[number].actor == 0  # the rule bot moved for seat 0
            assert 0 in table.away
            await manager.stop()
            actions = await logged_actions(store, tid)
            assert actions[: number + 1] == [m.action for m in table.moves[: number + 1]]
            assert true_states("pocha", table.data.params, actions)[-1] == table.state
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_a_clock_of_an_older_decision_is_not_reused(db_url: str) -> None:
    async def go() -> None:
        tid, number, _ = await table_waiting_for_seat_0(db_url)
        store, manager = new_manager(db_url)
        try:
            # a deadline stored for an earlier state number belongs to another decision
            store.call(st.set_clock(tid, number - 1, time.time() - 1.0))
            before = time.time()
            assert await manager.resume() == 1
            table = manager.tables[tid]
            await until(lambda: table.deadline is not None)
            assert len(table.moves) == number and 0 not in table.away
            assert table.deadline is not None and table.deadline >= before + 3600.0
            await until(lambda: stored_clock(store, tid)[0] == number)
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())
