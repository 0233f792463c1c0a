"""Away marks across a restart (migration 0006, ``seats.away``): a seat whose clock ran out is
still away when the table is replayed, so the ``rule`` bot plays on for it instead of the
seat waiting a whole clock again; a person who came back is stored back."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import TableSpec
from tapete.table.live import stored_seats_info
from tapete.table.manager import SeatSpec

from .harness import Collector, attach, logged_actions, new_manager, true_states

SPEC = TableSpec(
    game="pocha",
    params={"n_players": 3, "hand_size": 4},
    seats=(SeatSpec(), SeatSpec("bot", "rule"), SeatSpec("bot", "rule")),
    clock=3600.0,  # a seat that waits for its person waits for an hour
    bot_delay=0.2,
    name="Ana",
    seat=0,
)


async def until(condition: Any, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def stored_away(store: Store, tid: str) -> list[bool]:
    data = store.read(lambda s: st.get_table(s, tid)).result()
    assert data is not None
    return [s.away for s in data.seats]


async def away_table(url: str) -> tuple[str, str]:
    """A table whose seat 0 went away (its clock ran out, the stand-in moved), stored and
    stopped while it plays: its id and seat 0's token."""
    store, manager = new_manager(url)
    try:
        table, _, _, token = await manager.create(SPEC)
        assert token is not None
        await until(lambda: table.state.current_player() == 0 and table.deadline is not None)
        number, tid = len(table.moves), table.data.id
        await until(lambda: table.data.clock_move == number)
        await manager.stop()
        # the server is down past the deadline: when the table is back, the clock runs out
        store.call(st.set_clock(tid, number, time.time() - 1.0))
    finally:
        store.close()
    store, manager = new_manager(url)
    try:
        assert await manager.resume() == 1
        table = manager.tables[tid]
        await until(lambda: len(table.moves) > number)
        assert table.moves[number].actor == 0 and 0 in table.away
        await until(lambda: stored_away(store, tid) == [True, False, False])
        assert not table.state.is_terminal()
        await manager.stop()
        return tid, token
    finally:
        store.close()


def test_an_away_seat_is_still_away_after_a_restart(db_url: str) -> None:
    async def go() -> None:
        tid, _token = await away_table(db_url)
        store, manager = new_manager(db_url)
        try:
            data = await store.aread(lambda s: st.get_table(s, tid))
            assert data is not None
            assert [s["away"] for s in stored_seats_info(data)] == [True, False, False]
            assert await manager.resume() == 1
            table = manager.tables[tid]
            assert table.away == {0}
            assert [s["away"] for s in table.info()["seats"]] == [True, False, False]
            resumed_at = len(table.moves)
            # the stand-in plays seat 0 on: no hour-long clock, the hand ends
            await until(lambda: table.data.status == "finished")
            mine = [m for m in table.moves[resumed_at:] if m.actor == 0]
            assert mine, "seat 0 had no decision after the restart"
            actions = await logged_actions(store, tid)
            states = true_states("pocha", table.data.params, actions)
            assert states[-1].is_terminal() and states[-1] == table.state
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_a_person_back_is_stored_back(db_url: str) -> None:
    async def go() -> None:
        tid, token = await away_table(db_url)
        store, manager = new_manager(db_url)
        try:
            assert await manager.resume() == 1
            table = manager.tables[tid]
            assert table.away == {0}
            await attach(table, Collector(), token)  # the person connects again: back
            assert table.away == set()
            await until(lambda: stored_away(store, tid) == [False, False, False])
            await manager.stop()
        finally:
            store.close()
        store, manager = new_manager(db_url)
        try:
            assert await manager.resume() == 1
            table = manager.tables[tid]
            assert table.away == set()
            # seat 0 waits for its person again, with its clock
            await until(lambda: table.state.current_player() == 0 and table.deadline is not None)
            assert table.data.status == "playing" and table.away == set()
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())
