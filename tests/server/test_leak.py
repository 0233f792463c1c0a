"""Leak test: random games at live tables (bots, scripted clients, two tabs of one seat,
spectators); every message each connection received is checked against the true state:
its view is the engine's view of that seat, and no card that seat may not know appears in
it, ever. A bounded sample runs by default; the 1,000-game run is marked slow."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from tapete.engine import load_game
from tapete.table import TableSpec
from tapete.table.manager import SeatSpec

from .harness import (
    Collector,
    RandomClient,
    attach,
    check_messages,
    logged_actions,
    new_manager,
    true_states,
    wait_finished,
)


def random_setup(rng: random.Random) -> tuple[str, dict[str, Any]]:
    game = rng.choice(["pocha", "ombre", "trynka", "pocha", "ombre", "trynka", "match"])
    if game == "pocha":
        n = rng.randint(3, 6)
        return "pocha", {"n_players": n, "hand_size": rng.randint(1, min(5, 40 // n))}
    if game == "trynka":
        return "trynka", {"n_players": rng.randint(2, 6)}
    if game == "ombre":
        return "ombre", {}
    return rng.choice(
        [("ombre-match", {"num_deals": 2}), ("trynka-match", {"n_players": 3, "banks": 2})]
    )


async def play_random_tables(url: str, games: int, seed: int, at_once: int = 8) -> int:
    store, manager = new_manager(url)
    rng = random.Random(seed)
    checked = 0
    try:
        semaphore = asyncio.Semaphore(at_once)

        async def one(index: int) -> int:
            async with semaphore:
                return await play_one(manager, store, random.Random(rng.random() + index))

        for count in await asyncio.gather(*(one(i) for i in range(games))):
            checked += count
    finally:
        await manager.stop()
        store.close()
    return checked


async def play_one(manager: Any, store: Any, rng: random.Random) -> int:
    name, params = random_setup(rng)
    n = load_game(name, **params).num_players()
    kinds = [rng.choice(["human", "human", "bot"]) for _ in range(n)]
    if "human" not in kinds:
        kinds[rng.randrange(n)] = "human"
    seats = tuple(
        SeatSpec("bot", rng.choice(["rule", "random"])) if k == "bot" else SeatSpec() for k in kinds
    )
    table, _admin, _, _ = await manager.create(
        TableSpec(game=name, params=params, seats=seats, bot_delay=0.0)
    )
    clients: list[tuple[Collector, int | None]] = []
    watcher_spectator = Collector()
    await attach(table, watcher_spectator, None)
    clients.append((watcher_spectator, None))
    for seat, kind in enumerate(kinds):
        if kind != "human":
            continue
        taken, token = await table.call(lambda s=seat: table.join(f"player {s}", s))
        assert taken == seat
        tabs = 2 if rng.random() < 0.3 else 1
        for _ in range(tabs):
            client = RandomClient(random.Random(rng.random()))
            clients.append((client, seat))
        for client, _ in clients[-tabs:]:
            await attach(table, client, token)
    await wait_finished(table)
    for client, _ in clients:
        for task in list(getattr(client, "tasks", ())):
            await task
    actions = await logged_actions(store, table.data.id)
    states = true_states(name, table.data.params, actions)
    assert states[-1].is_terminal()
    assert table.state == states[-1]
    checked = 0
    for client, seat in clients:
        checked += check_messages(client.messages, seat, states, n)
        finals = [m for m in client.states() if m["state"] == len(actions)]
        assert finals and finals[-1]["returns"] == list(states[-1].returns())
    return checked


def test_leak_sample(sqlite_url: str) -> None:
    checked = asyncio.run(play_random_tables(sqlite_url, games=24, seed=1))
    assert checked > 500


@pytest.mark.slow
def test_leak_thousand_games(sqlite_url: str) -> None:
    checked = asyncio.run(play_random_tables(sqlite_url, games=1000, seed=2, at_once=16))
    assert checked > 20000
