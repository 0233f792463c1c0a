"""A match's last finished deal in the ``state`` messages (``last_deal``, protocol.md): the
seat's view of the deal at its end, sent with the state that crosses the deal's end and
whenever the match has no live deal (over), so that a page can show the last trick, the
bids and the tricks of the hand that ended instead of an empty deal; and the bots' pause
after a completed trick (:func:`trick_pause`)."""

from __future__ import annotations

import asyncio
from typing import Any

from tapete.table import TableSpec
from tapete.table.live import trick_pause
from tapete.table.manager import SeatSpec

from .harness import Collector, attach, logged_actions, new_manager, true_states, wait_finished

SIZES = "1,2,1"


def test_last_deal_is_sent_at_each_deal_end_and_after_the_match(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, _, _, _ = await manager.create(
                TableSpec(
                    game="pocha-match",
                    params={"hand_sequence": SIZES},
                    seats=tuple(SeatSpec("bot", "rule") for _ in range(4)),
                    bot_delay=0.001,
                )
            )
            watcher = Collector()
            await attach(table, watcher, None)
            await wait_finished(table)
            await asyncio.sleep(0.05)
            late = Collector()  # a page opened after the match ended
            await attach(table, late, None)
            actions = await logged_actions(store, table.data.id)
            states = true_states("pocha-match", table.data.params, actions)
            # the state numbers right after each deal's last action
            ends = [
                n
                for n in range(1, len(states))
                if len(states[n].view(None).to_dict()["sheet"])
                > len(states[n - 1].view(None).to_dict()["sheet"])
            ]
            assert len(ends) == len(SIZES.split(","))
            seen: dict[int, dict[str, Any]] = {}
            before = -1
            for message in watcher.states():
                last = message.get("last_deal")
                if last is not None:
                    # sent when this message crosses the deal's end, or when no deal is live
                    assert before < last["move"] <= message["state"] or (
                        message["view"]["deal"] is None
                    ), (before, last["move"], message["state"])
                    seen[last["move"]] = last["view"]
                before = message["state"]
            assert sorted(seen) == ends
            final = watcher.states()[-1]
            assert final["view"]["deal"] is None and final["to_move"] == -4
            for i, end in enumerate(ends):
                view = seen[end]
                row = states[-1].view(None).to_dict()["sheet"][i]
                # the whole deal at its end: the bids, the tricks won, the last trick
                assert view["bids"] == row["bids"] and view["tricks_won"] == row["won"]
                assert view["hand_size"] == row["hand_size"]
                assert len(view["finished_tricks"]) == row["hand_size"]
            # the page opened after the end gets the last deal at once
            first = late.states()[0]
            assert first["last_deal"]["move"] == ends[-1]
            assert first["last_deal"]["view"] == seen[ends[-1]]
            await manager.stop()
        finally:
            store.close()

    asyncio.run(go())


def test_single_deal_tables_send_no_last_deal(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, _, _, _ = await manager.create(
                TableSpec(
                    game="pocha",
                    params={"hand_size": 2},
                    seats=tuple(SeatSpec("bot", "rule") for _ in range(4)),
                    bot_delay=0.0,
                )
            )
            watcher = Collector()
            await attach(table, watcher, None)
            await wait_finished(table)
            await asyncio.sleep(0.05)
            assert all("last_deal" not in m for m in watcher.states())
            await manager.stop()
        finally:
            store.close()

    asyncio.run(go())


def test_trick_pause_follows_the_bot_speed() -> None:
    # the page holds a finished trick min(1.5, 2.2 d) and sweeps it min(0.35, d): the bot's
    # next card comes after both
    assert trick_pause(0.0) == 0.0
    for d, shown in ((0.2, 0.44 + 0.2), (0.6, 1.32 + 0.35), (1.2, 1.5 + 0.35)):
        assert abs(d + trick_pause(d) - shown) < 1e-6
    assert trick_pause(0.05) < 0.2  # tests' fast bots stay fast
