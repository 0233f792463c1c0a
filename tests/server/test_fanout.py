"""What a table sends, and in which order: the view encoder gives exactly the engine's JSON
form of every view; a person's action is acknowledged before the bots move; the bots of
many tables wait in one runner that keeps few of them going at once."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tapete.engine import load_game
from tapete.engine.api import PlayerView
from tapete.engine.view_encoder import ViewEncoder, immutable
from tapete.table import TableSpec
from tapete.table.live import BotRunner, TableError
from tapete.table.manager import SeatSpec
from tapete.web.protocol import encode_message

from .harness import Collector, attach, new_manager

GAMES = [
    ("pocha", {"n_players": 4, "hand_size": 3}),
    ("pocha-match", {"n_players": 3}),
    ("ombre", {}),
    ("ombre-match", {"num_deals": 2}),
    ("trynka", {"n_players": 3}),
    ("trynka-match", {"n_players": 3, "banks": 2}),
]


@settings(max_examples=12, deadline=None)
@given(hs.sampled_from(GAMES), hs.integers(0, 2**32 - 1))
def test_encoder_gives_the_engines_json_of_every_view(game: Any, seed: int) -> None:
    name, params = game
    state = load_game(name, **params).new_initial_state()
    seats = [None, *range(state.game.num_players())]
    rng = random.Random(seed)
    encoder = ViewEncoder(limit=300)  # small: the memo is also cleared on the way
    steps = 0
    while not state.is_terminal() and steps < 400:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        for seat in rng.sample(seats, 2):
            view = state.view(seat)
            made = encoder.view_dict(view)
            assert made == view.to_dict()
            assert json.dumps(made) == json.dumps(view.to_dict())
            leave_out = rng.choice([frozenset(), frozenset({"events", "move"})])
            assert encoder.view_text(view, leave_out) == _text(view.to_dict(), leave_out)
    assert encoder.reused > 0  # the point of it: parts were reused


@dataclasses.dataclass(frozen=True)
class _Box:
    items: list[int]


@dataclasses.dataclass(frozen=True)
class _BoxView(PlayerView):
    boxes: tuple[_Box, ...] = ()


def test_a_part_that_can_change_is_never_reused() -> None:
    assert immutable((1, "a", (2.5, None)))
    assert not immutable(_Box([1]))
    assert not immutable(([1],))
    spec = load_game("pocha", n_players=3, hand_size=1).spec
    box = _Box([1])
    view = _BoxView(game="pocha", seat=0, current_player=0, spec=spec, boxes=(box,))
    encoder = ViewEncoder()
    assert encoder.view_dict(view)["boxes"] == [{"items": [1]}]
    box.items.append(2)  # a frozen dataclass holding a list: its JSON changes
    assert encoder.view_dict(view)["boxes"] == [{"items": [1, 2]}] == view.to_dict()["boxes"]
    box.items.append(3)
    assert encoder.view_text(view) == _text(view.to_dict(), frozenset())


def _text(data: Any, leave_out: frozenset[str]) -> str:
    """What ``ViewEncoder.view_text`` must give: the sorted JSON of the view's dict, without
    ``leave_out`` in it and in the dicts nested in it."""

    def without(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: without(v) for k, v in value.items() if k not in leave_out}

    return json.dumps(without(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _match_spec(seat_kinds: list[str], bot_delay: float = 0.0) -> TableSpec:
    seats = tuple(SeatSpec(kind, "rule" if kind == "bot" else None) for kind in seat_kinds)
    return TableSpec(
        game="pocha-match",
        params={"n_players": 4},
        seats=seats,
        bot_delay=bot_delay,
        name="Ana" if seat_kinds[0] == "human" else None,
        seat=0 if seat_kinds[0] == "human" else None,
    )


async def _next_turn(client: Collector, after: int) -> dict[str, Any]:
    while True:
        for message in client.states()[after:]:
            if message["legal"]:
                return message
        client.changed.clear()
        await asyncio.wait_for(client.changed.wait(), 30)


def test_a_persons_action_is_acknowledged_before_the_bots_move(sqlite_url: str) -> None:
    async def main() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, _admin, _seat, token = await manager.create(
                _match_spec(["human", "bot", "bot", "bot"])
            )
            client = Collector()
            watcher = await attach(table, client, token)
            acked = 0
            seen = 0
            while acked < 12 and table.data.status == "playing":
                turn = await _next_turn(client, seen)
                seen = client.states().index(turn) + 1
                ident = f"a{acked}"
                message = {"type": "action", "state": turn["state"], "action": 0, "id": ident}
                message["action"] = turn["legal"][0]["action"]
                await table.call(lambda m=message: table.act(watcher, m))
                answer = next(m for m in client.states()[seen:] if m["ack"] == ident)
                # the acknowledging state holds the person's action (and cards dealt), not
                # the bots' moves that follow it
                actors = {e["actor"] for e in answer["events"]}
                assert actors <= {0, -1}, answer["events"]
                assert answer["events"][0]["move"] == turn["state"]
                assert answer["events"][0]["actor"] == 0
                acked += 1
            assert acked == 12
            for sent in client.messages:  # what a WebSocket would carry: the same JSON
                text = encode_message(sent)
                assert json.loads(text) == sent
                assert text == json.dumps(sent, ensure_ascii=False, separators=(",", ":"))
        finally:
            await manager.stop()
            store.close()

    asyncio.run(main())


def test_the_runner_keeps_few_bot_moves_going_and_serves_a_person_first(sqlite_url: str) -> None:
    async def main() -> None:
        store, manager = new_manager(sqlite_url)
        runner = BotRunner.of(asyncio.get_running_loop())
        most = 0
        stop = asyncio.Event()

        def watch() -> None:
            nonlocal most
            most = max(most, runner.running)
            if not stop.is_set():
                asyncio.get_running_loop().call_soon(watch)

        try:
            waiting = []  # tables of bots alone, idle behind their bot delay
            for _ in range(40):
                created, *_ = await manager.create(_match_spec(["bot"] * 4, bot_delay=10))
                waiting.append(created)
            table, _admin, _seat, token = await manager.create(
                _match_spec(["human", "bot", "bot", "bot"])
            )
            watch()
            client = Collector()
            watcher = await attach(table, client, token)
            seen = 0
            for i in range(3):
                turn = await _next_turn(client, seen)
                seen = client.states().index(turn) + 1
                for bots in waiting:  # their bots' moves are due now: all wait in the runner
                    bots._cancel_timers()
                    bots._queue_bot(len(bots.moves))
                assert runner.waiting() >= len(waiting)
                started = runner.started
                message = {"type": "action", "state": turn["state"], "id": i}
                message["action"] = turn["legal"][0]["action"]
                await table.call(lambda m=message: table.act(watcher, m))
                assert any(m["ack"] == i for m in client.states()[seen:])
                # acknowledged before the tables that were waiting had all had their turn
                assert runner.started - started < len(waiting)
            while runner.waiting() or runner.running:
                await asyncio.sleep(0.01)
            assert 0 < most <= runner.window
        finally:
            stop.set()
            await manager.stop()
            store.close()

    asyncio.run(main())


def test_commands_left_when_a_table_stops_fail_instead_of_hanging(sqlite_url: str) -> None:
    async def main() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, *_ = await manager.create(_match_spec(["human", "bot", "bot", "bot"]))
            gate = asyncio.Event()

            async def slow() -> None:
                await gate.wait()

            async def later() -> str:
                return "ran"

            first = asyncio.ensure_future(table.call(slow))
            await asyncio.sleep(0.01)
            stopping = asyncio.ensure_future(table.stop())  # queued behind slow
            await asyncio.sleep(0.01)
            second = asyncio.ensure_future(table.call(later))  # queued after the stop
            await asyncio.sleep(0.01)
            gate.set()
            await stopping
            await first
            with pytest.raises(TableError) as caught:
                await asyncio.wait_for(second, 5)
            assert caught.value.code == "closed"
        finally:
            await manager.stop()
            store.close()

    asyncio.run(main())
