"""Protocol versions (protocol.md, *Versions*): version 2 adds sealed legal actions (a string
placeholder as ``action``). A version 1 client is served as before where it can play, and
every message it gets holds under version 1; it is refused ``old_protocol`` only when it
takes a seat at a table whose seats may be offered sealed actions. Watching is open to it."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.engine import load_game  # noqa: E402
from tapete.engine.api import State  # noqa: E402
from tapete.table.live import may_seal  # noqa: E402
from tapete.web.app import create_app  # noqa: E402

from .test_api import SCHEMAS, check_schema, create  # noqa: E402
from .test_sealed_bots import shown_and_sealed  # noqa: E402

INDIA = {"n_players": 3, "hand_size": 1, "ronda_india": True}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def check_v1(message: dict[str, Any]) -> None:
    """Valid under version 1: its own schema, and a state also under ``state-v1``."""
    check_schema(message)
    if message["type"] == "state":
        jsonschema.validate(message, SCHEMAS["state-v1"])
    if message["type"] == "welcome":
        assert message["protocol"] == 1


def receive(ws: Any, kind: str, check: Any = check_schema) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        check(message)
        if message["type"] == kind:
            return message


def play_to_the_end(ws: Any, check: Any) -> dict[str, Any]:
    """Answer every state where this seat may act with its first entry, until the end."""
    while True:
        state = receive(ws, "state", check)
        if state["to_move"] == -4:
            return state
        if state["legal"]:
            entry = state["legal"][0]
            ws.send_json({"type": "action", "state": state["state"], "action": entry["action"]})


def test_a_version_1_client_plays_an_ordinary_table_as_before(client: TestClient) -> None:
    made = create(
        client,
        game="pocha",
        params={"n_players": 3, "hand_size": 2},
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        bot_delay=0,
        name="Ana",
        seat=0,
    )
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": made["token"]})
        welcome = receive(ws, "welcome", check_v1)
        assert welcome["protocol"] == 1 and welcome["seat"] == 0
        final = play_to_the_end(ws, check_v1)
    assert final["status"] == "finished" and final["returns"] is not None


def test_a_version_1_seat_at_a_sealed_table_is_refused_and_may_say_hello_again(
    client: TestClient,
) -> None:
    made = create(
        client,
        game="pocha",
        params=INDIA,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        bot_delay=0,
        name="Ana",
        seat=0,
    )
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})  # no version: version 1
        error = receive(ws, "error")
        assert error["code"] == "old_protocol" and "protocol 2" in error["detail"]
        ws.send_json({"type": "hello", "protocol": 1, "token": made["token"]})
        assert receive(ws, "error")["code"] == "old_protocol"
        ws.send_json({"type": "action", "state": 0, "action": 0})  # no seat was taken
        assert receive(ws, "error")["code"] == "hello_first"
        ws.send_json({"type": "hello", "protocol": 2, "token": made["token"]})
        welcome = receive(ws, "welcome")
        assert welcome["protocol"] == 2 and welcome["seat"] == 0
        final = play_to_the_end(ws, check_schema)
    assert final["status"] == "finished"


def test_a_version_1_spectator_watches_a_sealed_table(client: TestClient) -> None:
    made = create(
        client,
        game="pocha",
        params=INDIA,
        seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
        bot_delay=0,
        name="Ana",
        seat=0,
    )
    tid = made["table"]["id"]
    with (
        client.websocket_connect(f"/ws/{tid}") as watcher,
        client.websocket_connect(f"/ws/{tid}") as player,
    ):
        watcher.send_json({"type": "hello", "protocol": 1, "token": None})
        assert receive(watcher, "welcome", check_v1)["seat"] is None
        player.send_json({"type": "hello", "protocol": 2, "token": made["token"]})
        receive(player, "welcome")
        play_to_the_end(player, check_schema)
        while receive(watcher, "state", check_v1)["to_move"] != -4:
            pass


def test_a_later_version_is_served_as_the_servers(client: TestClient) -> None:
    made = create(client, game="ombre", name="Ana", seat=0)
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        ws.send_json({"type": "hello", "protocol": 7, "token": made["token"]})
        assert receive(ws, "welcome")["protocol"] == 2


def test_the_schemas_tell_the_versions_apart() -> None:
    sealed = {"action": "sealed-5-0", "text": "play ?", "sealed": True}
    plain = {"action": 12, "text": "play Rc"}
    v1 = SCHEMAS["state-v1"]
    jsonschema.validate({"legal": [plain]}, v1)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"legal": [sealed]}, v1)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"legal": [{"action": "7", "text": "play Rc"}]}, v1)
    items = SCHEMAS["state"]["properties"]["legal"]["items"]
    jsonschema.validate(sealed, items)
    jsonschema.validate(plain, items)
    with pytest.raises(jsonschema.ValidationError):  # a placeholder must say it is sealed
        jsonschema.validate({"action": "sealed-5-0", "text": "play ?"}, items)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**sealed, "action": 3}, items)
    welcome = {"type": "welcome", "protocol": 1, "seat": None, "table": {}}
    jsonschema.validate(welcome, SCHEMAS["welcome"])
    jsonschema.validate({**welcome, "protocol": 2}, SCHEMAS["welcome"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**welcome, "protocol": 3}, SCHEMAS["welcome"])
    error = {"type": "error", "code": "old_protocol", "detail": "..."}
    jsonschema.validate(error, SCHEMAS["error"])


def any_sealed(state: State, rng: random.Random) -> bool:
    """Whether a random play of ``state`` to its end ever offers a seat a sealed action."""
    while not state.is_terminal():
        if not state.is_chance_node() and shown_and_sealed(state, state.current_player())[1]:
            return True
        state.apply_action(rng.choice(state.legal_actions()))
    return False


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("pocha", INDIA),
        ("pocha", {"n_players": 4, "hand_size": 1, "ronda_ciega": True}),
        ("pocha", {"n_players": 4, "hand_size": 3}),
        ("pocha-match", {"n_players": 3, "hand_sequence": "1,2", "ronda_india": "opening"}),
        ("pocha-match", {"n_players": 3, "hand_sequence": "2,1", "ronda_ciega": "last"}),
        ("pocha-match", {"n_players": 3, "hand_sequence": "2,1"}),
        ("ombre", {}),
        ("trynka", {"n_players": 3}),
    ],
)
def test_may_seal_says_which_tables_offer_sealed_actions(game: str, params: dict[str, Any]) -> None:
    loaded = load_game(game, **params)
    assert any_sealed(loaded.new_initial_state(), random.Random(3)) == may_seal(loaded)
