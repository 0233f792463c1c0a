"""Bad input and concurrency over the WebSocket (through the test client): each bad message
gets an error with a code, the connection and the table carry on, nothing is half-applied;
the same action sent twice at once, or by two tabs of one seat, is applied exactly once."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tapete.storage import Store  # noqa: E402
from tapete.storage import store as st  # noqa: E402
from tapete.web.app import create_app  # noqa: E402

from .test_api import check_schema, receive_state  # noqa: E402


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        c.db_url = sqlite_url  # type: ignore[attr-defined]
        yield c


def human_table(client: TestClient) -> tuple[str, list[str]]:
    """A three-person La Pocha table, started (the cards dealt, seat 0 or so to bid)."""
    made = client.post(
        "/api/tables",
        json={"game": "pocha", "params": {"n_players": 3, "hand_size": 4}, "name": "A", "seat": 0},
    ).json()
    tid = made["table"]["id"]
    tokens = [made["token"]]
    for name in ("B", "C"):
        tokens.append(client.post(f"/api/tables/{tid}/join", json={"name": name}).json()["token"])
    return tid, tokens


def next_error(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        check_schema(message)
        if message["type"] in ("error", "refused"):
            return message


def to_move(client: TestClient, tid: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    for seat, token in enumerate(tokens):
        with client.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
            state = receive_state(ws)
            if state["legal"]:
                return seat, state
    raise AssertionError("nobody to move")


def test_bad_messages_get_codes_and_the_connection_stays(client: TestClient) -> None:
    tid, tokens = human_table(client)
    seat, state = to_move(client, tid, tokens)
    number = state["state"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "action", "state": number, "action": 0})
        assert next_error(ws)["code"] == "hello_first"
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert next_error(ws)["code"] == "bad_token"
        ws.send_json({"type": "hello", "token": tokens[seat]})
        assert ws.receive_json()["type"] == "welcome"
        cases = [
            ("{not json", "bad_json"),
            ("[1, 2]", "bad_message"),
            ('"hello"', "bad_message"),
            ("{}", "bad_message"),
            ('{"type": 7}', "bad_message"),
            ('{"type": "shout"}', "unknown_type"),
            ('{"type": "action", "state": "1", "action": 0}', "bad_message"),
            ('{"type": "action", "state": 1.5, "action": 0}', "bad_message"),
            ('{"type": "action", "state": true, "action": 0}', "bad_message"),
            ('{"type": "action", "state": 1}', "bad_message"),
            ('{"type": "action", "state": 1, "action": 1, "text": "bid 1"}', "bad_message"),
            ('{"type": "action", "state": 1, "action": -3}', "bad_message"),
            ('{"type": "action", "state": 1, "action": 99999999999999999999}', "bad_message"),
            ('{"type": "action", "state": 1, "action": [1]}', "bad_message"),
            ('{"type": "action", "state": 1, "text": null}', "bad_message"),
            ('{"type": "action", "state": 1, "action": 1, "evil": 1}', "bad_message"),
            ('{"type": "hello", "token": 5}', "bad_message"),
            ("[" * 3000 + "]" * 1000, "bad_json"),
            ("\x00\x01", "bad_json"),
            (json.dumps({"type": "action", "state": 1, "text": "x" * 300}), "bad_message"),
        ]
        for raw, code in cases:
            ws.send_text(raw)
            answer = next_error(ws)
            assert answer["code"] == code, (raw[:50], answer)
        ws.send_bytes(b"\xff\xfe")
        assert next_error(ws)["code"] == "bad_json"
        ws.send_json({"type": "ping", "id": 7})
        while (pong := ws.receive_json())["type"] != "pong":
            pass
        assert pong["id"] == 7
        # after all that the seat still plays
        ws.send_json({"type": "action", "state": number, "action": state["legal"][0]["action"]})
        assert receive_state(ws)["state"] == number + 1
    store = Store(client.db_url)  # type: ignore[attr-defined]
    try:
        actions = store.read(lambda s: st.load_actions(s, tid)).result()
    finally:
        store.close()
    assert len(actions) == number + 1 and [a.seq for a in actions] == list(range(number + 1))


def test_too_large_message_closes_with_1009(client: TestClient) -> None:
    tid, tokens = human_table(client)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        ws.receive_json()
        ws.send_text(json.dumps({"type": "ping", "id": "x" * 5000}))
        assert next_error(ws)["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1009
    # the table and the server carry on
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"


def test_flood_is_rate_limited_then_closed(client: TestClient) -> None:
    tid, _ = human_table(client)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": None})
        for _ in range(400):
            ws.send_json({"type": "ping"})
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                message = ws.receive_json()
                if message["type"] == "error":
                    codes.append(message["code"])
        assert closed.value.code == 1008
        assert codes and set(codes) == {"rate_limited"}
    assert client.get("/healthz").status_code == 200


def test_unknown_table_is_an_error_then_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/no-such-table") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4004


def test_same_action_twice_and_two_tabs_apply_once(client: TestClient) -> None:
    tid, tokens = human_table(client)
    seat, state = to_move(client, tid, tokens)
    number = state["state"]
    action = {"type": "action", "state": number, "action": state["legal"][0]["action"]}
    with (
        client.websocket_connect(f"/ws/{tid}") as tab1,
        client.websocket_connect(f"/ws/{tid}") as tab2,
    ):
        for tab in (tab1, tab2):
            tab.send_json({"type": "hello", "token": tokens[seat]})
            assert tab.receive_json()["seat"] == seat
        for tab in (tab1, tab2, tab1):  # both tabs at once, one of them twice
            tab.send_text(json.dumps({**action, "id": id(tab)}))
        answers: list[dict[str, Any]] = []
        for tab, sent in ((tab1, 2), (tab2, 1)):
            got = 0
            while got < sent:  # each action gets one answer: its ack or a refusal
                message = tab.receive_json()
                if message["type"] == "refused" or message.get("ack") is not None:
                    answers.append(message)
                    got += 1
        applied = [a for a in answers if a["type"] == "state"]
        refusals = [a for a in answers if a["type"] == "refused"]
        assert len(applied) == 1 and applied[0]["state"] == number + 1
        assert len(refusals) == 2 and {r["code"] for r in refusals} == {"stale_state"}
    info = client.get(f"/api/tables/{tid}").json()
    assert info["move_number"] == number + 1
    store = Store(client.db_url)  # type: ignore[attr-defined]
    try:
        actions = store.read(lambda s: st.load_actions(s, tid)).result()
    finally:
        store.close()
    assert len(actions) == number + 1
    assert actions[-1].action == action["action"] and actions[-1].seat == seat
