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
    game = rng.choice(["pocha", "ombre", "trynka", "pocha", "ombre", "trynka", "match", "sealed"])
    if game == "pocha":
        n = rng.randint(3, 6)
        return "pocha", {"n_players": n, "hand_size": rng.randint(1, min(5, 40 // n))}
    if game == "sealed":  # hands where a seat does not see its own card (sealed plays)
        return sealed_setup(rng)
    if game == "trynka":
        return "trynka", {"n_players": rng.randint(2, 6)}
    if game == "ombre":
        return "ombre", {}
    return rng.choice(
        [("ombre-match", {"num_deals": 2}), ("trynka-match", {"n_players": 3, "banks": 2})]
    )


def sealed_setup(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A game with La Pocha's ronda india or ronda ciega hands: one hand of either, or a
    short match with both (a whole podrida match is played apart: it is long)."""
    n = rng.randint(3, 6)
    if rng.random() < 0.5:
        return "pocha", {"n_players": n, "hand_size": 1, rng.choice(RONDAS): True}
    sequence = rng.choice(["1,2,1", "1,1,2,1", "2,1", "1,3,1"])
    return "pocha-match", {
        "n_players": n,
        "hand_sequence": sequence,
        "ronda_india": rng.choice(["opening", "every_one_card"]),
        "ronda_ciega": rng.choice(["last", "off"]),
    }


#: A whole podrida match of six (16 hands, the first of them india, the last ciega).
PODRIDA = ("pocha-match", {"n_players": 6, "hand_sequence": "podrida", "ronda_india": "opening"})


RONDAS = ("ronda_india", "ronda_ciega")


async def play_random_tables(
    url: str, games: int, seed: int, at_once: int = 8, sealed: list[int] | None = None
) -> int:
    store, manager = new_manager(url)
    rng = random.Random(seed)
    checked = 0
    try:
        semaphore = asyncio.Semaphore(at_once)

        async def one(index: int) -> int:
            async with semaphore:
                return await play_one(manager, store, random.Random(rng.random() + index), sealed)

        for count in await asyncio.gather(*(one(i) for i in range(games))):
            checked += count
    finally:
        await manager.stop()
        store.close()
    return checked


async def play_one(
    manager: Any,
    store: Any,
    rng: random.Random,
    sealed: list[int] | None = None,
    setup: tuple[str, dict[str, Any]] | None = None,
) -> int:
    """Play one random table (of ``setup``, else a random game) to its end and check every
    connection's messages; returns how many were checked (``sealed`` gets the count of
    sealed entries of each seat's states)."""
    name, params = setup if setup is not None else random_setup(rng)
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
        checked += check_messages(client.messages, seat, states, n, sealed)
        finals = [m for m in client.states() if m["state"] == len(actions)]
        assert finals and finals[-1]["returns"] == list(states[-1].returns())
    return checked


def test_leak_sample(sqlite_url: str) -> None:
    sealed: list[int] = []
    checked = asyncio.run(play_random_tables(sqlite_url, games=24, seed=1, sealed=sealed))
    assert checked > 500
    assert sum(sealed) > 0  # ronda india / ciega hands were played, their plays sealed


def test_leak_sealed_hands(sqlite_url: str) -> None:
    """Only games with ronda india and ronda ciega hands (one hand, short matches)."""

    async def go() -> tuple[int, list[int]]:
        store, manager = new_manager(sqlite_url)
        sealed: list[int] = []
        rng = random.Random(7)
        try:
            checked = 0
            for index in range(12):
                setup = sealed_setup(random.Random(rng.random() + index))
                checked += await play_one(manager, store, random.Random(index), sealed, setup)
            return checked, sealed
        finally:
            await manager.stop()
            store.close()

    checked, sealed = asyncio.run(go())
    assert checked > 100 and sum(sealed) > 0


@pytest.mark.slow
def test_leak_thousand_games(sqlite_url: str) -> None:
    sealed: list[int] = []
    checked = asyncio.run(
        play_random_tables(sqlite_url, games=1000, seed=2, at_once=16, sealed=sealed)
    )
    assert checked > 20000
    assert sum(sealed) > 100  # the sealed plays of the ronda india and ciega hands


@pytest.mark.slow
def test_leak_podrida_match(sqlite_url: str) -> None:
    """A whole podrida match (its ronda india and ciega hands among 16), every message
    checked (about a minute: the checks of every view of a long match)."""

    async def go() -> tuple[int, list[int]]:
        store, manager = new_manager(sqlite_url)
        sealed: list[int] = []
        try:
            checked = await play_one(manager, store, random.Random(3), sealed, PODRIDA)
            return checked, sealed
        finally:
            await manager.stop()
            store.close()

    checked, sealed = asyncio.run(go())
    assert checked > 1000 and sum(sealed) > 0
