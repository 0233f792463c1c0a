"""Sealed legal actions: in La Pocha's ronda india and ronda ciega a seat may not see its own
card, so its one legal play is sent sealed (a placeholder, no card in number or text). No
message to a seat names its own card until it is played, and the placeholder plays it."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tapete.client import TableConnection, create_table, play_seat
from tapete.engine import load_game, replay
from tapete.engine.api import State, cards_in
from tapete.players import load
from tapete.table import TableSpec
from tapete.table.manager import SeatSpec

from .conftest import Server
from .harness import Collector, attach, logged_actions, new_manager, strings_of, true_states
from .test_api import check_schema

INDIA = {"n_players": 4, "hand_size": 1, "ronda_india": True}
CIEGA = {"n_players": 4, "hand_size": 1, "ronda_ciega": True}


class SealedClient(Collector):
    """A seat's client that plays what it is offered: a sealed entry by its placeholder (in
    ``action`` or in ``text``), any other by its number; first it tries placeholders that are
    not this state's, which must be refused."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.tasks: set[asyncio.Task[None]] = set()
        self.sent_sealed = 0
        self.answered: set[int] = set()

    def deliver(self, message: dict[str, Any]) -> None:
        super().deliver(message)
        if (
            message["type"] == "state"
            and message["legal"]
            and self.table is not None
            and message["state"] not in self.answered  # a state sent again (someone joined)
        ):
            self.answered.add(message["state"])
            task = asyncio.get_running_loop().create_task(self._answer(message))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _answer(self, message: dict[str, Any]) -> None:
        while self.watcher is None:
            await asyncio.sleep(0)
        table, watcher = self.table, self.watcher
        assert table is not None
        number = message["state"]
        choice = self.rng.choice(message["legal"])
        if choice.get("sealed"):
            for bad in (f"sealed-{number}-7", f"sealed-{number + 1}-0", "sealed-"):
                wrong = {"type": "action", "state": number, "action": bad}
                await table.call(lambda w=wrong: table.act(watcher, w))
            field = self.rng.choice(["action", "text"])
            self.sent_sealed += 1
        else:
            field = "action"
        act = {"type": "action", "state": number, field: choice["action"]}
        await table.call(lambda: table.act(watcher, act))


def own_play(states: list[State], seat: int) -> tuple[int, int, str]:
    """The state number at which ``seat`` played, its action number and the card's text."""
    for number, state in enumerate(states[:-1]):
        if state.current_player() == seat and state.phase() == "play":
            action = states[number + 1].history()[-1]
            text = state.action_to_string(action)
            (card,) = cards_in(text, parse_text=True)
            return number, action, str(card)
    raise AssertionError(f"seat {seat} never played")


def names_card(message: dict[str, Any], card: str) -> bool:
    return any(str(c) == card for s in strings_of(message) for c in cards_in(s, parse_text=True))


def check_sealed(
    messages: list[dict[str, Any]], seat: int, states: list[State], must_hide: bool
) -> int:
    """No message before ``seat``'s play names its card or its action number; returns how
    many messages came before it. ``must_hide``: the seat's view indeed lacks the card."""
    played_at, action, card = own_play(states, seat)
    before = 0
    for message in messages:
        if message["type"] == "refused":
            assert message["code"] in ("bad_sealed", "stale_state"), message
        if message["type"] != "state" or message["state"] > played_at:
            if message["type"] == "state":
                check_schema(message)
            continue
        before += 1
        check_schema(message)
        assert message["view"] == json.loads(
            json.dumps(states[message["state"]].view(seat).to_dict())
        )
        assert not names_card(message, card), f"seat {seat} was sent its own card {card}"
        assert all(e["action"] != action for e in message["legal"]), message["legal"]
        assert all(e["action"] != action for e in message["events"]), message["events"]
        if message["state"] == played_at and must_hide:
            (entry,) = message["legal"]
            assert entry["sealed"] is True and entry["text"] == "play ?"
            assert entry["action"].startswith(f"sealed-{played_at}-")
    after = [m for m in messages if m["type"] == "state" and m["state"] > played_at]
    assert any(names_card(m, card) for m in after), "the played card is never shown"
    return before


async def play_sealed_table(url: str, params: dict[str, Any], seed: int) -> None:
    store, manager = new_manager(url)
    rng = random.Random(seed)
    try:
        n = load_game("pocha", **params).num_players()
        table, _admin, _, _ = await manager.create(
            TableSpec(game="pocha", params=params, seats=tuple(SeatSpec() for _ in range(n)))
        )
        clients = [SealedClient(random.Random(rng.random())) for _ in range(n)]
        tokens = []
        for seat in range(n):
            _taken, token = await table.call(lambda s=seat: table.join(f"p{s}", s))
            tokens.append(token)
        for seat, client in enumerate(clients):
            await attach(table, client, tokens[seat])
        deadline = asyncio.get_running_loop().time() + 60
        while table.data.status != "finished":
            assert asyncio.get_running_loop().time() < deadline, "the table did not finish"
            await asyncio.sleep(0.01)
        for client in clients:
            for task in list(client.tasks):
                await task
        actions = await logged_actions(store, table.data.id)
        states = true_states("pocha", params, actions)
        assert states[-1].is_terminal()
        for seat, client in enumerate(clients):
            assert client.sent_sealed == 1  # its one play, by the placeholder
            assert check_sealed(client.messages, seat, states, must_hide=True) > 0
            refused = [m for m in client.messages if m["type"] == "refused"]
            assert [m["code"] for m in refused] == ["bad_sealed", "bad_sealed", "bad_sealed"]
    finally:
        await manager.stop()
        store.close()


@pytest.mark.parametrize("params", [INDIA, CIEGA], ids=["india", "ciega"])
@pytest.mark.parametrize("seed", [1, 2])
def test_own_card_is_sealed_until_played(
    sqlite_url: str, params: dict[str, Any], seed: int
) -> None:
    asyncio.run(play_sealed_table(sqlite_url, params, seed))


def test_an_ordinary_hand_has_no_sealed_action(sqlite_url: str) -> None:
    async def go() -> None:
        store, manager = new_manager(sqlite_url)
        try:
            table, _admin, _, _ = await manager.create(
                TableSpec(
                    game="pocha",
                    params={"n_players": 4, "hand_size": 1},
                    seats=(SeatSpec(), *(SeatSpec("bot", "rule") for _ in range(3))),
                    bot_delay=0.0,
                )
            )
            _, token = await table.call(lambda: table.join("Ana", 0))
            client = SealedClient(random.Random(5))
            await attach(table, client, token)
            while table.data.status != "finished":
                await asyncio.sleep(0.01)
            for task in list(client.tasks):
                await task
            entries = [e for m in client.states() for e in m["legal"]]
            assert entries and not any(e.get("sealed") for e in entries)
            assert all(isinstance(e["action"], int) for e in entries)
            assert client.sent_sealed == 0
        finally:
            await manager.stop()
            store.close()

    asyncio.run(go())


def test_tapete_client_plays_a_ronda_india_seat(tmp_path: Path, sqlite_url: str) -> None:
    """Over a real server: ``tapete.client.play_seat`` plays its sealed card, and no message
    names that card before."""
    server = Server(sqlite_url, tmp_path).start()
    try:
        params = {"n_players": 3, "hand_size": 1, "ronda_india": True}
        made = create_table(
            server.url,
            game="pocha",
            params=params,
            seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            bot_delay=0.0,
            name="Ana",
            seat=0,
        )
        messages: list[dict[str, Any]] = []
        returns = asyncio.run(
            asyncio.wait_for(
                play_seat(
                    server.url,
                    made["table"]["id"],
                    made["token"],
                    load("rule"),
                    rng=random.Random(2),
                    on_message=messages.append,
                ),
                120,
            )
        )
        url = f"{server.url}/api/tables/{made['table']['id']}/record"
        with urllib.request.urlopen(url, timeout=30) as answer:
            actions = replay(answer.read()).history()
        states = true_states("pocha", params, actions)
        assert list(states[-1].returns()) == returns
        assert check_sealed(messages, 0, states, must_hide=True) > 0
        assert not [m for m in messages if m["type"] in ("refused", "error")]
    finally:
        server.stop()


def test_a_hint_names_a_sealed_play_by_its_placeholder(tmp_path: Path, sqlite_url: str) -> None:
    server = Server(sqlite_url, tmp_path).start()
    try:
        params = {"n_players": 3, "hand_size": 1, "ronda_india": True}
        made = create_table(
            server.url,
            game="pocha",
            params=params,
            seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            bot_delay=0.0,
            name="Ana",
            seat=0,
        )

        async def go() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            hints: list[dict[str, Any]] = []
            messages: list[dict[str, Any]] = []
            async with TableConnection(server.url, made["table"]["id"], made["token"]) as c:
                while True:
                    message = await c.receive()
                    messages.append(message)
                    if message["type"] == "hint":
                        hints.append(message)
                        await c.act(message["state"], message["action"])
                    elif message["type"] == "state" and message["to_move"] == -4:
                        return hints, messages
                    elif message["type"] == "state" and message["legal"]:
                        if message["legal"][0].get("sealed"):
                            await c.send({"type": "hint", "state": message["state"]})
                        else:
                            await c.act(message["state"], message["legal"][0]["action"])

        hints, messages = asyncio.run(asyncio.wait_for(go(), 120))
        url = f"{server.url}/api/tables/{made['table']['id']}/record"
        with urllib.request.urlopen(url, timeout=30) as answer:
            states = true_states("pocha", params, replay(answer.read()).history())
        (advice,) = hints  # the one play, played by the hint's placeholder
        played_at, _action, card = own_play(states, 0)
        assert advice["state"] == played_at and advice["action"].startswith("sealed-")
        assert not names_card(advice, card)
        assert check_sealed(messages, 0, states, must_hide=True) > 0
    finally:
        server.stop()
