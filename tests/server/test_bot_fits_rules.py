"""A bot seated at a table must play its rules: one that refuses them (the search bot at La
Pocha's ronda india, which its kernel does not play) is refused when the table is created, with
the bot's reason, and nothing is stored."""

from __future__ import annotations

import asyncio

import pytest

from tapete.storage import store as st
from tapete.table import TableSpec
from tapete.table.live import TableError
from tapete.table.manager import SeatSpec

from .harness import new_manager


def test_a_bot_that_does_not_play_the_game_is_refused_at_creation(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            with pytest.raises(TableError) as refused:
                await manager.create(
                    TableSpec(
                        game="pocha",
                        params={"hand_size": 1, "ronda_india": True},
                        seats=(SeatSpec("bot", "search"), *[SeatSpec("bot", "rule")] * 3),
                        bot_delay=0.0,
                    )
                )
            assert refused.value.code == "bad_player"
            assert "ronda_india" in refused.value.detail and "(index 0)" in refused.value.detail
            assert refused.value.fields == {
                "seat": 0,
                "player": "search",
                "reason": "player_wrong_game",
            }
            table, _, _, _ = await manager.create(  # bots slow enough not to end the session
                TableSpec(game="tresillo", params={}, seats=(SeatSpec("bot", "rule"),) * 4,
                          bot_delay=1.0)
            )  # fmt: skip
            assert table.data.status == "playing"
            assert await store.aread(st.list_live_tables) == [table.data.id]  # one stored
            await manager.stop()
        finally:
            store.close()

    asyncio.run(go())
