"""Server-side bots in La Pocha's ronda india and ronda ciega seats choose from what the seat's
view shows: a bot sitting in the seat, the stand-in of a seat nobody took, and the stand-in
that moves when a person's clock runs out are given the legal entries that are not sealed,
by number, and are not asked at all when every entry is sealed (the seat's own unseen card:
the server then takes one of the sealed ones)."""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tapete.engine.api import PlayerView, State, cards_in
from tapete.players import base as players_base
from tapete.players.base import Player, load
from tapete.table import TableSpec
from tapete.table import bots as bots_module
from tapete.table import seats as seats_module
from tapete.table.manager import SeatSpec

from .harness import logged_actions, new_manager, true_states, wait_finished

#: Every call of a spy bot: (the view's seat, the view as JSON, the legal numbers given).
Calls = list[tuple[int, Any, list[int]]]


class SpyPlayer(Player):
    """The ``rule`` bot, recording every view and legal list it is given."""

    name = "spy"

    def __init__(self, calls: Calls) -> None:
        super().__init__()
        self.calls = calls
        self.inner = load("rule")

    def choose(self, view: PlayerView, legal_actions: Sequence[int], rng: random.Random) -> int:
        """Record the call; the rule bot chooses."""
        seat = getattr(view, "seat", None)
        assert isinstance(seat, int)
        self.calls.append((seat, json.loads(json.dumps(view.to_dict())), list(legal_actions)))
        return self.inner.choose(view, legal_actions, rng)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """A registered ``spy`` player (also the tables' stand-in bot) and its calls."""
    recorded: Calls = []
    monkeypatch.setitem(players_base._PLAYERS, "spy", lambda: SpyPlayer(recorded))
    monkeypatch.setitem(players_base._PARAMETERS, "spy", ())
    for module in (bots_module, seats_module):  # the stand-in of an away seat, of a free one
        monkeypatch.setattr(module, "STAND_IN", "spy")
    return recorded


def shown_and_sealed(state: State, seat: int) -> tuple[list[int], list[int]]:
    """The legal actions of ``seat`` whose text names no card hidden from it that its view
    does not show, and the others (sealed)."""
    hidden = state.hidden_cards(seat)
    in_view = set(cards_in(state.view(seat)))
    shown: list[int] = []
    sealed: list[int] = []
    for action in state.legal_actions():
        named = cards_in(state.action_to_string(action), parse_text=True)
        unseen = [c for c in named if c in hidden and c not in in_view]
        (sealed if unseen else shown).append(action)
    return shown, sealed


def check_calls(states: list[State], calls: Calls, seats: Sequence[int]) -> tuple[int, int]:
    """Each decision of the bots' ``seats``, in order, was asked of the bot with exactly the
    view and the shown actions, and not asked when every action was sealed; returns the
    numbers of decisions asked and of those played sealed."""
    asked = blind = 0
    for seat in seats:
        mine = [c for c in calls if c[0] == seat]
        k = 0
        for number, state in enumerate(states[:-1]):
            if state.is_chance_node() or state.current_player() != seat:
                continue
            shown, sealed = shown_and_sealed(state, seat)
            if not shown:
                blind += 1
                assert states[number + 1].history()[-1] in sealed
                continue
            assert k < len(mine), f"seat {seat}: the bot was not asked at state {number}"
            _seat, view, legal = mine[k]
            assert view == json.loads(json.dumps(state.view(seat).to_dict()))
            assert legal == shown, (number, legal, sealed)
            assert not set(legal) & set(sealed)
            k += 1
            asked += 1
        assert k == len(mine), f"seat {seat}: {len(mine) - k} calls more than decisions"
    return asked, blind


async def play_bots(url: str, game: str, params: dict[str, Any], calls: Calls) -> tuple[int, int]:
    """A table of spy bots in every seat, played to its end; checks their calls."""
    store, manager = new_manager(url)
    try:
        n = 4 if "n_players" not in params else int(params["n_players"])
        table, _admin, _, _ = await manager.create(
            TableSpec(game=game, params=params, seats=(SeatSpec("bot", "spy"),) * n, bot_delay=0)
        )
        await wait_finished(table)
        states = true_states(game, table.data.params, await logged_actions(store, table.data.id))
        assert states[-1].is_terminal()
        return check_calls(states, calls, range(n))
    finally:
        await manager.stop()
        store.close()


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("pocha", {"n_players": 4, "hand_size": 1, "ronda_india": True}),
        ("pocha", {"n_players": 3, "hand_size": 1, "ronda_ciega": True}),
        (
            "pocha-match",
            {
                "n_players": 3,
                "hand_sequence": "1,2,1",
                "ronda_india": "every_one_card",
                "ronda_ciega": "last",
            },
        ),
    ],
    ids=["india", "ciega", "match"],
)
def test_bots_in_sealed_seats_choose_from_the_view(
    sqlite_url: str, calls: Calls, game: str, params: dict[str, Any]
) -> None:
    asked, blind = asyncio.run(play_bots(sqlite_url, game, params, calls))
    assert asked > 0 and blind > 0  # the bids were asked, the unseen plays were not


def test_stand_ins_choose_from_the_view(sqlite_url: str, calls: Calls) -> None:
    """Seat 0 a bot; seats 1 and 2 taken by people who never act (their clock runs out, the
    stand-in moves and the seat is away); seat 3 never taken (the stand-in sits in it)."""

    async def go() -> tuple[int, int, list[dict[str, Any]]]:
        store, manager = new_manager(sqlite_url)
        params = {"n_players": 4, "hand_size": 1, "ronda_india": True}
        try:
            table, _admin, _, _ = await manager.create(
                TableSpec(
                    game="pocha",
                    params=params,
                    seats=(SeatSpec("bot", "spy"),),
                    clock=0.5,
                    bot_delay=0,
                )
            )
            for seat in (1, 2):
                await table.call(functools.partial(table.join, f"p{seat}", seat))
            await table.call(table.start)
            await wait_finished(table, timeout=60)
            actions = await logged_actions(store, table.data.id)
            states = true_states("pocha", table.data.params, actions)
            asked, blind = check_calls(states, calls, range(4))
            return asked, blind, table.seats_info()
        finally:
            await manager.stop()
            store.close()

    asked, blind, seats = asyncio.run(go())
    assert asked == 4 and blind == 4  # every seat's bid asked; no unseen play asked
    assert [s["away"] for s in seats] == [False, True, True, False]
    assert seats[3]["kind"] == "bot" and seats[3]["player"] == "spy"
