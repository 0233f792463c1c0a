"""The lobby API and WebSocket play through FastAPI's test client (the app in-process,
on a real SQLite file and, where installed, a throw-away PostgreSQL)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.engine import replay  # noqa: E402
from tapete.web.app import create_app  # noqa: E402

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def schemas() -> dict[str, dict[str, Any]]:
    """Every JSON Schema of docs/protocol.md, by its $id."""
    text = PROTOCOL_MD.read_text()
    out = {}
    for block in text.split("```json")[1:]:
        body = block.split("```", 1)[0]
        try:
            data = json.loads(body)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "$id" in data:
            out[data["$id"]] = data
    return out


SCHEMAS = schemas()


def check_schema(message: dict[str, Any]) -> None:
    jsonschema.validate(message, SCHEMAS[message["type"]])


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def error_code(answer: Any) -> str:
    code: str = answer.json()["error"]["code"]
    return code


def receive_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        check_schema(message)
        if message["type"] == "state":
            return message


def test_protocol_md_has_a_schema_per_message() -> None:
    assert {"hello", "action", "back", "ping", "welcome", "state", "refused", "error"} <= set(
        SCHEMAS
    )


def test_games_and_players(client: TestClient) -> None:
    games = client.get("/api/games").json()
    names = {g["name"] for g in games}
    assert {"pocha", "pocha-match", "ombre", "ombre-match", "trynka", "trynka-match"} <= names
    pocha = next(g for g in games if g["name"] == "pocha")
    assert any(p["name"] == "n_players" for p in pocha["params"])
    assert "rule" in client.get("/api/players").json()


def test_create_join_start_play_to_the_end_and_record(client: TestClient) -> None:
    made = create(
        client,
        game="pocha",
        params={"n_players": 3, "hand_size": 2},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "player": "random"}],
        bot_delay=0,
        name="Ana",
        seat=0,
    )
    table = made["table"]
    assert table["status"] == "open" and made["seat"] == 0 and made["token"]
    tid = table["id"]
    listed = client.get("/api/tables").json()["tables"]
    assert tid in [t["id"] for t in listed]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bea"}).json()
    assert joined["seat"] == 1
    # every seat is held: the table starts by itself
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
    assert error_code(client.get(f"/api/tables/{tid}/record")) == "not_finished"
    tokens = {0: made["token"], 1: joined["token"]}
    with (
        client.websocket_connect(f"/ws/{tid}") as ws0,
        client.websocket_connect(f"/ws/{tid}") as ws1,
    ):
        sockets = {0: ws0, 1: ws1}
        for seat, ws in sockets.items():
            ws.send_json({"type": "hello", "protocol": 1, "token": tokens[seat]})
            welcome = ws.receive_json()
            check_schema(welcome)
            assert welcome["seat"] == seat
        last = {seat: receive_state(ws) for seat, ws in sockets.items()}
        while True:
            number = client.get(f"/api/tables/{tid}").json()["move_number"]
            for seat, ws in sockets.items():  # catch up with the table
                while last[seat]["state"] < number:
                    last[seat] = receive_state(ws)
            if last[0]["to_move"] == -4 and last[0]["state"] == number:
                break
            mover = next((s for s in sockets if last[s]["legal"]), None)
            if mover is None or last[mover]["state"] != number:
                continue  # a bot is to move
            choice = last[mover]["legal"][0]
            sockets[mover].send_json({"type": "action", "state": number, "text": choice["text"]})
            while last[mover]["state"] == number:
                last[mover] = receive_state(sockets[mover])
        assert last[0]["status"] == "finished" and last[0]["returns"] is not None
    record = client.get(f"/api/tables/{tid}/record")
    assert record.status_code == 200
    final = replay(record.text)
    assert final.is_terminal() and list(final.returns()) == last[0]["returns"]
    assert json.loads(record.text)["players"] == ["Ana", "Bea", "bot:random"]
    history = client.get("/api/history", params={"name": "Bea"}).json()["games"]
    assert [g["table"] for g in history] == [tid]
    by_token = client.post("/api/history", json={"token": tokens[0]}).json()["games"]
    assert by_token[0]["seat"] == 0 and by_token[0]["result"] == last[0]["returns"]


def test_start_fills_free_seats_with_bots_and_rematch_keeps_tokens(client: TestClient) -> None:
    made = create(client, game="trynka", params={"n_players": 3}, bot_delay=0, name="Ana", seat=1)
    tid, admin = made["table"]["id"], made["admin_token"]
    assert error_code(client.post(f"/api/tables/{tid}/start", json={"admin_token": "x"})) == (
        "bad_token"
    )
    assert error_code(client.post(f"/api/tables/{tid}/rematch", json={"admin_token": admin})) == (
        "not_finished"
    )
    started = client.post(f"/api/tables/{tid}/start", json={"admin_token": admin}).json()
    assert [s["kind"] for s in started["seats"]] == ["bot", "human", "bot"]
    assert error_code(client.post(f"/api/tables/{tid}/start", json={"admin_token": admin})) == (
        "already_started"
    )
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        state = receive_state(ws)
        while state["to_move"] != -4:
            if state["legal"]:
                ws.send_json(
                    {
                        "type": "action",
                        "state": state["state"],
                        "action": state["legal"][-1]["action"],
                    }
                )
            state = receive_state(ws)
        again = client.post(f"/api/tables/{tid}/rematch", json={"admin_token": admin})
        assert again.status_code == 201
        new = again.json()["table"]
        assert new["rematch_of"] == tid and new["status"] == "playing"
        assert receive_state(ws)["rematch"] == new["id"]
    same = client.post(f"/api/tables/{tid}/rematch", json={"admin_token": admin}).json()
    assert same["table"]["id"] == new["id"]
    with client.websocket_connect(f"/ws/{new['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["seat"] == 1


def test_refusals_have_stable_codes_and_change_nothing(client: TestClient) -> None:
    made = create(
        client,
        game="pocha",
        params={"n_players": 3, "hand_size": 3},
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
        name="Ana",
        seat=0,
    )
    tid = made["table"]["id"]
    others = [client.post(f"/api/tables/{tid}/join", json={"name": f"p{i}"}).json() for i in (1, 2)]
    tokens = [made["token"], others[0]["token"], others[1]["token"]]
    with (
        client.websocket_connect(f"/ws/{tid}") as ws,
        client.websocket_connect(f"/ws/{tid}") as watcher,
    ):
        watcher.send_json({"type": "hello", "token": None})
        assert watcher.receive_json()["seat"] is None
        spectator_state = receive_state(watcher)
        assert spectator_state["legal"] == [] and spectator_state["view"]["seat"] is None
        state = None
        for token in tokens:  # find the seat to move
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["type"] == "welcome"
            state = receive_state(ws)
            if state["legal"]:
                break
        assert state is not None and state["legal"]
        number = state["state"]
        seat = state["seat"]

        def refused(message: dict[str, Any]) -> dict[str, Any]:
            ws.send_json(message)
            while True:
                answer: dict[str, Any] = ws.receive_json()
                check_schema(answer)
                if answer["type"] == "refused":
                    return answer

        stale = refused({"type": "action", "state": number + 5, "action": 0, "id": "a1"})
        assert (stale["code"], stale["state"], stale["id"]) == ("stale_state", number, "a1")
        assert refused({"type": "action", "state": number, "text": "bid 99"})["code"] == (
            "bad_notation"
        )
        illegal = refused({"type": "action", "state": number, "text": "play Ao"})
        assert (illegal["code"], illegal["reason"]) == ("illegal", "bidding")
        unknown = refused({"type": "action", "state": number, "action": 10_000})
        assert (unknown["code"], unknown["reason"]) == ("illegal", "unknown_action")
        assert refused({"type": "action", "state": number, "text": "fly away"})["code"] == (
            "bad_notation"
        )
        watcher.send_json({"type": "action", "state": number, "action": 0})
        while (answer := watcher.receive_json())["type"] != "refused":
            pass
        assert answer["code"] == "spectator"
        # the table did not move
        info = client.get(f"/api/tables/{tid}").json()
        assert info["move_number"] == number
        # the other seats may not act for the seat to move
        ws.send_json({"type": "hello", "token": tokens[(seat + 1) % 3]})
        assert ws.receive_json()["type"] == "welcome"
        receive_state(ws)
        assert (
            refused({"type": "action", "state": number, "action": state["legal"][0]["action"]})[
                "code"
            ]
            == "not_your_turn"
        )
        assert client.get(f"/api/tables/{tid}").json()["move_number"] == number


def test_lobby_bad_input(client: TestClient) -> None:
    assert error_code(client.post("/api/tables", json={"game": "chess"})) == "bad_params"
    assert (
        error_code(client.post("/api/tables", json={"game": "pocha", "params": {"n_players": 99}}))
        == "bad_params"
    )
    assert error_code(client.post("/api/tables", json={"game": "pocha", "params": "x"})) == (
        "bad_request"
    )
    assert (
        error_code(
            client.post(
                "/api/tables", json={"game": "pocha", "seats": [{"kind": "bot", "player": "x"}]}
            )
        )
        == "bad_player"
    )
    assert error_code(client.post("/api/tables", json={"game": "pocha", "clock": -1})) == (
        "bad_clock"
    )
    assert error_code(client.post("/api/tables", content=b"{not json")) == "bad_request"
    huge = {"game": "pocha", "name": "x" * 100_000}
    assert client.post("/api/tables", json=huge).status_code == 413
    assert error_code(client.get("/api/tables/nope")) == "unknown_table"
    assert error_code(client.post("/api/tables/nope/join", json={"name": "a"})) == "unknown_table"
    tid = create(client, game="pocha")["table"]["id"]
    for name in ["<script>alert(1)</script>", "a\x00b", "tab\there", "", "   ", "x" * 33, "\u202e"]:
        answer = client.post(f"/api/tables/{tid}/join", json={"name": name})
        assert answer.status_code == 400 and error_code(answer) == "bad_name", name
    assert error_code(client.post(f"/api/tables/{tid}/join", json={"name": "a", "seat": 9})) == (
        "bad_seat"
    )
    ok = client.post(f"/api/tables/{tid}/join", json={"name": " Ana  María ", "seat": 2}).json()
    assert ok["table"]["seats"][2]["name"] == "Ana María"
    assert error_code(client.post(f"/api/tables/{tid}/join", json={"name": "b", "seat": 2})) == (
        "seat_taken"
    )
    assert error_code(client.post(f"/api/tables/{tid}/leave", json={"token": "nope"})) == (
        "bad_token"
    )
    left = client.post(f"/api/tables/{tid}/leave", json={"token": ok["token"]}).json()
    assert left["table"]["seats"][2]["taken"] is False
    assert client.get("/healthz").json() == {"ok": True, "protocol": 2, "protocols": [1, 2]}


def test_pages_frames_and_hints(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "<html" in page.text.lower(), path
    made = create(
        client,
        game="pocha",
        params={"n_players": 3, "hand_size": 1},
        bot_delay=0,
        name="Ana",
        seat=0,
    )
    tid, admin = made["table"]["id"], made["admin_token"]
    client.post(f"/api/tables/{tid}/start", json={"admin_token": admin})
    assert error_code(client.get(f"/api/tables/{tid}/frames/0")) == "not_finished"
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        state = receive_state(ws)
        while state["to_move"] != -4:
            if state["legal"]:
                ws.send_json({"type": "hint", "state": state["state"]})
                while (answer := ws.receive_json())["type"] not in ("hint", "refused"):
                    pass
                assert answer["type"] == "hint" and answer["state"] == state["state"]
                assert answer["action"] in [e["action"] for e in state["legal"]]
                ws.send_json(
                    {"type": "action", "state": state["state"], "action": answer["action"]}
                )
            state = receive_state(ws)
    total = len(json.loads(client.get(f"/api/tables/{tid}/record").text)["actions"])
    last = client.get(f"/api/tables/{tid}/frames/{total}").json()
    assert last["move"] == total and len(last["views"]) == 3
    assert client.get(f"/api/tables/{tid}/frames/{total + 1}").status_code == 404
