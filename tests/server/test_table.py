"""Live tables in-process: the move clock (a rule bot moves, the seat is away until its
person is back), leaving a seat during play, closing a table nobody is at, resuming."""

from __future__ import annotations

import asyncio

from tapete.storage import store as st
from tapete.table import TableSpec
from tapete.table.manager import SeatSpec

from .harness import Collector, attach, logged_actions, new_manager, true_states


async def until(condition: object, timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_clock_runs_out_rule_moves_seat_away_then_back(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, _, _, token = await manager.create(
                TableSpec(
                    game="pocha",
                    params={"n_players": 3, "hand_size": 3},
                    seats=(SeatSpec(), SeatSpec("bot", "rule"), SeatSpec("bot", "rule")),
                    clock=0.5,
                    bot_delay=0.0,
                    name="Ana",
                    seat=0,
                )
            )
            assert table.data.status == "playing" and token is not None
            person = Collector()
            watcher = await attach(table, person, token)
            await until(lambda: table.state.current_player() == 0)
            number = len(table.moves)
            assert table.deadline is not None
            await until(lambda: len(table.moves) > number)  # the clock ran out
            assert 0 in table.away
            assert table.moves[number].actor == 0
            # the message saying so reaches the person's connection a moment later
            await until(lambda: any(m["seats"][0]["away"] for m in person.states()))
            await table.call(lambda: table.back(watcher))
            assert 0 not in table.away
            await until(lambda: table.state.current_player() in (0, -4))
            await manager.stop()
            actions = await logged_actions(store, table.data.id)
            assert true_states("pocha", table.data.params, actions)[-1] == table.state
        finally:
            store.close()

    asyncio.run(go())


def test_leave_during_play_then_idle_close_and_resume(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url, idle_close=0.3)
        try:
            table, _, _, _ = await manager.create(
                TableSpec(
                    game="pocha",
                    params={"n_players": 3, "hand_size": 8},
                    seats=(SeatSpec(), SeatSpec(), SeatSpec("bot", "random")),
                    bot_delay=0.0,
                    name="Ana",
                    seat=0,
                )
            )
            seat1, token1 = await table.call(lambda: table.join("Bea", 1))
            assert table.data.status == "playing"
            person = Collector()
            await attach(table, person, token1)
            await table.call(lambda: table.leave(token1))  # Bea leaves: a rule bot sits in
            assert person.closed == 4001
            assert table.data.seats[seat1].token_hash is None
            tid = table.data.id
            moves = len(table.moves)
            # nobody connected: after idle_close the table is closed, its record kept
            await until(lambda: table.data.status == "closed", 10)
            assert tid not in manager.tables
            stored = await store.aread(lambda s: st.get_record(s, tid))
            assert stored is not None and stored[0] == "closed" and stored[1]
            again = await manager.get(tid)
            assert again is not None and again.data.status == "closed"
            assert len(again.moves) >= moves and again.state == table.state
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())
