"""In-process tables for tests: a manager on a real store, collecting subscribers, scripted
clients that act at random, and the check of every message against the true state."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

import httpx

from tapete.engine import load_game
from tapete.engine.api import State, cards_in
from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import LiveTable, TableManager, Watcher
from tapete.table.events import engine_logs_events


class Collector:
    """A subscriber that keeps every message (as the JSON a WebSocket would carry)."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.watcher: Watcher | None = None
        self.table: LiveTable | None = None
        self.changed = asyncio.Event()

    def deliver(self, message: dict[str, Any]) -> None:
        self.messages.append(json.loads(json.dumps(message)))
        self.changed.set()

    def close(self, code: int) -> None:
        self.closed = code

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


class RandomClient(Collector):
    """A seat's client that answers each state where it may act with a random legal action,
    sometimes by text, sometimes first with a bad or stale one. A sealed entry (protocol.md,
    *Sealed actions*) is sent back by its placeholder, as ``action`` or as ``text``."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.tasks: set[asyncio.Task[None]] = set()

    def deliver(self, message: dict[str, Any]) -> None:
        super().deliver(message)
        if message["type"] == "state" and message["legal"] and self.table is not None:
            task = asyncio.get_running_loop().create_task(self._answer(message))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _answer(self, message: dict[str, Any]) -> None:
        while self.watcher is None:  # the first state comes while attaching
            await asyncio.sleep(0)
        table, watcher = self.table, self.watcher
        assert table is not None
        choice = self.rng.choice(message["legal"])
        roll = self.rng.random()
        if roll < 0.05:
            bad = {"type": "action", "state": message["state"] - 1, "action": choice["action"]}
            await table.call(lambda: table.act(watcher, bad))
        elif roll < 0.1:
            bad = {"type": "action", "state": message["state"], "action": 10_000}
            await table.call(lambda: table.act(watcher, bad))
        if self.rng.random() < 0.5:
            msg = {"type": "action", "state": message["state"], "action": choice["action"]}
        elif choice.get("sealed"):  # its text ("play ?") names nothing: the placeholder
            msg = {"type": "action", "state": message["state"], "text": choice["action"]}
        else:
            msg = {"type": "action", "state": message["state"], "text": choice["text"]}
        await table.call(lambda: table.act(watcher, msg))


async def attach(table: LiveTable, client: Collector, token: str | None) -> Watcher:
    client.table = table
    watcher = await table.call(lambda: table.attach(client, token))
    client.watcher = watcher
    return watcher


async def wait_finished(table: LiveTable, timeout: float = 120.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while table.data.status == "playing" or table.data.status == "open":
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"table {table.data.id} did not finish")
        await asyncio.sleep(0.005)


def true_states(game_name: str, params: dict[str, Any], actions: Iterable[int]) -> list[State]:
    """The state after each prefix of ``actions`` (index n: after n actions)."""
    state = load_game(game_name, **params).new_initial_state()
    states = [state.clone()]
    for action in actions:
        state.apply_action(action)
        states.append(state.clone())
    return states


def strings_of(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_of(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_of(v)


def check_legal(entries: list[dict[str, Any]], truth: State, seat: int, number: int) -> int:
    """Check the legal entries a seat to move got at state ``number``; returns how many of
    them are sealed.

    They are the engine's legal actions in order; an action whose text names a card hidden
    from the seat that its view does not show (its own unseen card: La Pocha's ronda india
    and ciega) is sealed: no number (a placeholder ``sealed-{number}-{k}``, the ``k`` of the
    message's sealed entries 0, 1, ... in some order) and its text with that card ``?``;
    every other entry is the action's number and text."""
    legal = truth.legal_actions()
    assert len(entries) == len(legal), (entries, legal)
    hidden = truth.hidden_cards(seat)
    shown = set(cards_in(truth.view(seat)))
    ks = []
    for entry, action in zip(entries, legal, strict=True):
        text = truth.action_to_string(action)
        unseen = [c for c in cards_in(text, parse_text=True) if c in hidden and c not in shown]
        if not unseen:
            assert entry == {"action": action, "text": text}, (entry, action, text)
            continue
        assert entry.get("sealed") is True and set(entry) == {"action", "text", "sealed"}, entry
        match = re.fullmatch(rf"sealed-{number}-([0-9]+)", entry["action"])
        assert match is not None, entry
        ks.append(int(match.group(1)))
        words = [
            "?" if set(cards_in(word, parse_text=True)) & set(unseen) else word
            for word in text.split()
        ]
        assert entry["text"] == " ".join(words), (entry, text)
        assert not set(cards_in(entry["text"], parse_text=True)) & set(unseen), entry
    assert sorted(ks) == list(range(len(ks))), ks
    return len(ks)


def check_messages(
    messages: list[dict[str, Any]],
    seat: int | None,
    states: list[State],
    n_seats: int,
    sealed: list[int] | None = None,
) -> int:
    """Check every ``state`` message a connection of ``seat`` received against the true
    states; returns how many were checked. Raises AssertionError on any leak.

    * the view is exactly the engine's view of that seat at that state number;
    * the legal actions are the engine's, and only for the seat to move, a sealed one
      (:func:`check_legal`) with no number and no card; ``sealed`` (if given) gets the
      number of sealed entries added;
    * each event names no card hidden from the seat right after that event, and a card
      dealt face down from the seat (another seat's, or its own unseen card) is never
      named, by text or by number;
    * no card the seat cannot know appears anywhere else in the message: every card named is
      either not hidden from the seat now, or was seen by it openly earlier.

    The view's own content is the engine's (``hidden_cards`` tells where cards are *now*,
    so a view's history may name a card drawn face up and shuffled back); the engine's
    conformance suite checks views, this checks that the server adds nothing to them.
    """
    hidden = [st.hidden_cards(seat).mask for st in states]
    ever_seen = []
    seen = 0
    for mask in hidden:
        seen |= ~mask
        ever_seen.append(seen)
    checked = 0
    for message in messages:
        if message["type"] != "state":
            continue
        number = message["state"]
        truth = states[number]
        assert message["seat"] == seat
        assert message["view"] == json.loads(json.dumps(truth.view(seat).to_dict()))
        if seat is not None and truth.current_player() == seat and message["status"] == "playing":
            count = check_legal(message["legal"], truth, seat, number)
            if sealed is not None:
                sealed.append(count)
        else:
            assert message["legal"] == []
        assert number == 0 or engine_logs_events(truth)  # every game's states keep the log
        for event in message["events"]:
            move = event["move"]
            assert move < number
            mover = states[move]
            text = mover.action_to_string(states[move + 1].history()[-1])
            # exactly the engine's event for this seat, with its text
            expected = truth.events(seat, move)[0].to_dict()
            assert {k: v for k, v in event.items() if k != "text"} == json.loads(
                json.dumps(expected)
            )
            assert event["text"] == (None if event["action"] is None else text)
            if event["actor"] == -1 and event["kind"] == "deal":
                secret = any(hidden[move + 1] >> c & 1 for c in cards_in(text, parse_text=True))
                if secret:  # another seat's card, or its own unseen one, dealt face down
                    assert event["action"] is None and event["text"] is None, event
                    assert all(v != text.split()[-1] for v in strings_of(event.get("args")))
        last = message.get("last_deal")
        if last is not None:  # a match's finished deal: the engine's view of it at its end
            assert last["move"] <= number
            ended = states[last["move"] - 1].clone()
            deal = ended.deal
            deal.apply_action(states[last["move"]].history()[-1])
            assert deal.is_terminal()
            assert last["view"] == json.loads(json.dumps(deal.view(seat).to_dict()))
        for where, part in message.items():
            if where in ("view", "last_deal", "events"):
                continue  # compared with the engine's own above
            for text in strings_of(part):
                for card in cards_in(text, parse_text=True):
                    assert not (hidden[number] >> card & 1) or ever_seen[number] >> card & 1, (
                        f"seat {seat} was sent hidden card {card} in {where}: {text!r} "
                        f"(state {number} of {truth.game.name})"
                    )
        checked += 1
    return checked


async def logged_actions(store: Store, table_id: str) -> list[int]:
    rows = await store.aread(lambda s: st.load_actions(s, table_id))
    assert [r.seq for r in rows] == list(range(len(rows)))
    return [r.action for r in rows]


def new_manager(url: str, idle_close: float = 3600.0) -> tuple[Store, TableManager]:
    store = Store(url)
    store.migrate()
    return store, TableManager(store, idle_close=idle_close)


# -- accounts on a served app (docs/accounts.md) -------------------------------------------------
#: The header every state-changing account request carries.
SAME = {"X-Tapete-CSRF": "1"}
#: The password of the tests' accounts.
PASSWORD = "a long password"


def signed_in(url: str, name: str, *, csrf_header: bool = True) -> httpx.Client:
    """A client of the server at ``url`` signed in as a new account ``name``; it sends
    :data:`SAME` with every request unless ``csrf_header`` is false."""
    client = httpx.Client(base_url=url, timeout=30, headers=SAME if csrf_header else None)
    answer = client.post(
        "/api/account/register", json={"name": name, "password": PASSWORD}, headers=SAME
    )
    assert answer.status_code == 201, answer.text
    return client


def error_code(answer: httpx.Response) -> tuple[int, str]:
    """An error answer's status and code."""
    return answer.status_code, str(answer.json()["error"]["code"])


def wait_for(check: Callable[..., Any], what: str, limit: float = 60.0) -> Any:
    """Ask ``check()`` until it gives something true (the server's own pace): that value."""
    deadline = time.monotonic() + limit
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"{what} did not come"
        time.sleep(0.1)
