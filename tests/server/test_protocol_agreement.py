"""Where an independent client (written from docs/protocol.md alone) found the server and the
doc apart (issue 27): strict types on lobby bodies, a streamed body over 16 KiB, ``limit``
out of range, ``/api/games``' ``players``, a hint for an old state, a string ``action`` that
is no placeholder, the close code at shutdown, and every error code the server's source can
answer listed in the doc's *Error codes* section."""

from __future__ import annotations

import ast
import asyncio
import re
import socket
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.client.core import FINAL_CLOSE_CODES  # noqa: E402
from tapete.engine import load_game, registered_games  # noqa: E402
from tapete.web.app import create_app  # noqa: E402
from tapete.web.protocol import MAX_HTTP_BODY  # noqa: E402

from .conftest import Server  # noqa: E402
from .test_api import check_schema, receive_state  # noqa: E402
from .test_lobby_input import error  # noqa: E402
from .test_ws_input import human_table, next_error, to_move  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_MD = ROOT / "docs" / "protocol.md"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


# -- strict types -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "pocha", "name": "Ana", "seat": True}, "seat"),
        ({"game": "pocha", "name": "Ana", "seat": "2"}, "seat"),
        ({"game": "pocha", "name": "Ana", "seat": 2.0}, "seat"),
        ({"game": "pocha", "hints": "off"}, "hints"),
        ({"game": "pocha", "hints": 0}, "hints"),
        ({"game": "pocha", "clock": "30"}, "clock"),
        ({"game": "pocha", "clock": True}, "clock"),
        ({"game": "pocha", "bot_delay": "0.5"}, "bot_delay"),
        ({"game": "pocha", "name": 7, "seat": 0}, "name"),
        ({"game": "pocha", "seats": [{"kind": "bot", "player": 3}]}, "player"),
    ],
)
def test_lobby_bodies_take_json_types_as_they_are(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert error(answer, 400) == "bad_request"
    assert field in answer.json()["error"]["detail"]
    assert client.get("/api/tables", params={"status": "all"}).json()["tables"] == []


def test_a_whole_number_is_a_number_of_seconds(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "pocha", "clock": 30, "bot_delay": 1, "hints": False}
    )
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    assert (table["clock"], table["bot_delay"], table["hints"]) == (30, 1, False)


def test_join_and_tokens_take_json_types_as_they_are(client: TestClient) -> None:
    tid = client.post("/api/tables", json={"game": "pocha"}).json()["table"]["id"]
    for body in ({"name": "Bea", "seat": "1"}, {"name": "Bea", "seat": True}, {"name": 5}):
        assert error(client.post(f"/api/tables/{tid}/join", json=body), 400) == "bad_request"
    assert error(client.post(f"/api/tables/{tid}/leave", json={"token": 5}), 400) == "bad_request"
    start = client.post(f"/api/tables/{tid}/start", json={"admin_token": None})
    assert error(start, 400) == "bad_request"
    assert all(not s["taken"] for s in client.get(f"/api/tables/{tid}").json()["seats"])
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bea", "seat": 1})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


# -- bodies, queries, games -------------------------------------------------------------------
def _long_body() -> Iterator[bytes]:
    """A create body a little over the limit, in 1 KiB pieces (sent chunked: no length)."""
    yield b'{"game": "pocha", "name": "'
    for _ in range(MAX_HTTP_BODY // 1024 + 1):
        yield b"x" * 1024
    yield b'"}'


def test_a_streamed_body_over_the_limit_is_too_large(client: TestClient) -> None:
    headers = {"content-type": "application/json"}
    for path in ("/api/tables", "/api/tables/abc/join"):
        answer = client.post(path, content=_long_body(), headers=headers)
        assert answer.request.headers["transfer-encoding"] == "chunked"
        assert error(answer, 413) == "too_large"
    assert client.get("/api/tables", params={"status": "all"}).json()["tables"] == []


@pytest.mark.parametrize("limit", ["-1", "0", "501", "many"])
def test_a_limit_out_of_range_is_refused(client: TestClient, limit: str) -> None:
    assert error(client.get("/api/tables", params={"limit": limit}), 400) == "bad_request"


def test_a_limit_in_range_lists_that_many(client: TestClient) -> None:
    for _ in range(3):
        client.post("/api/tables", json={"game": "ombre"})
    for limit, count in (("1", 1), ("2", 2), ("500", 3)):
        listed = client.get("/api/tables", params={"limit": limit}).json()["tables"]
        assert len(listed) == count


def test_games_say_how_many_players_they_take(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(registered_games())
    for name, game in games.items():
        players = game["players"]
        assert players == sorted(set(players)) and players, name
        assert load_game(name).num_players() in players
        for n in (players[0], players[-1]):
            params = {"n_players": n} if len(players) > 1 else {}
            assert load_game(name, **params).num_players() == n
        if len(players) > 1:  # beyond the range the game refuses
            for n in (players[0] - 1, players[-1] + 1):
                made = client.post("/api/tables", json={"game": name, "params": {"n_players": n}})
                assert error(made, 400) == "bad_params"
    assert games["ombre"]["players"] == [3]
    assert games["pocha"]["players"][0] == 3


# -- the socket -------------------------------------------------------------------------------
def test_a_hint_for_an_old_state_is_stale(client: TestClient) -> None:
    tid, tokens = human_table(client)
    seat, state = to_move(client, tid, tokens)
    number = state["state"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "protocol": 2, "token": tokens[seat]})
        assert ws.receive_json()["type"] == "welcome"
        assert receive_state(ws)["state"] == number
        ws.send_json({"type": "action", "state": number, "text": state["legal"][0]["text"]})
        after = receive_state(ws)
        assert after["state"] == number + 1 and after["to_move"] != seat
        ws.send_json({"type": "hint", "state": number})  # old, and no longer its turn
        refusal = next_error(ws)
        assert (refusal["code"], refusal["state"]) == ("stale_state", number + 1)
        ws.send_json({"type": "hint", "state": number + 1})  # current, not its turn
        assert next_error(ws)["code"] == "not_your_turn"


def test_a_string_action_is_a_placeholder_or_bad_sealed(client: TestClient) -> None:
    tid, tokens = human_table(client)
    seat, state = to_move(client, tid, tokens)
    number = state["state"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "protocol": 2, "token": tokens[seat]})
        ws.receive_json()
        receive_state(ws)
        for chosen in (state["legal"][0]["text"], "12", "sealed-0-0", "nothing"):
            ws.send_json({"type": "action", "state": number, "action": chosen})
            refusal = next_error(ws)
            assert (refusal["type"], refusal["code"]) == ("refused", "bad_sealed"), chosen
    assert client.get(f"/api/tables/{tid}").json()["move_number"] == number


# -- a real server: a chunked body, the close code at shutdown --------------------------------
def _chunked_post(port: int, path: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode()
        )
        try:
            for piece in _long_body():
                s.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # it may answer and close before the end
        answer = b""
        while True:
            try:
                data = s.recv(65536)
            except OSError:
                break
            if not data:
                break
            answer += data
    return answer


def test_a_real_server_refuses_a_long_chunked_body_and_closes_with_1012(
    server: Server,
) -> None:
    answer = _chunked_post(server.port, "/api/tables")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:300]
    assert b'"too_large"' in body

    async def watch() -> int | None:
        made_by_raw = _create_over_http(server.port)
        async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{made_by_raw}") as ws:
            await ws.send('{"type": "hello", "protocol": 2, "token": null}')
            while True:  # welcome, then the first state: the table is watched
                message = await ws.recv()
                if '"type":"state"' in str(message):
                    break
            await asyncio.to_thread(server.stop)  # SIGTERM: uvicorn's shutdown
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await ws.recv()
        return closed.value.rcvd.code if closed.value.rcvd else None

    code = asyncio.run(watch())
    assert code == 1012
    assert code not in FINAL_CLOSE_CODES  # tapete.client connects again
    assert "| `1012` | the server shuts down" in PROTOCOL_MD.read_text()


def _create_over_http(port: int) -> str:
    import json
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps({"game": "ombre"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        table_id: str = json.loads(answer.read())["table"]["id"]
    return table_id


# -- every error code in the doc --------------------------------------------------------------
#: Where the lobby and the socket answer with codes.
SOURCES = [
    *(
        ROOT / "src" / "tapete" / "web" / f"{name}.py"
        for name in ("app", "answers", "limits", "play", "relay", "protocol")
    ),
    *sorted((ROOT / "src" / "tapete" / "web" / "routes").glob("*.py")),
    *sorted((ROOT / "src" / "tapete" / "table").glob("*.py")),
]
#: Calls whose first argument is a code, and those whose second is.
_FIRST = {"TableError", "refuse", "error", "ChatRefusal", "__init__"}
_SECOND = {"error_response", "MessageError"}
_CODE = re.compile(r"[a-z][a-z_]*[a-z]")
#: Codes that never reach a client (protocol.md says so).
INTERNAL = {"elsewhere"}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _code(node: ast.expr) -> str | None:
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and _CODE.fullmatch(node.value)
    ):
        return node.value
    return None


def source_codes() -> set[str]:
    """Every error code the server's source can answer: the code argument of the calls that
    make errors and refusals, ``"code": ...`` in message literals, the HTTP layer's codes."""
    codes = {"bad_message"}  # MessageError's default
    for path in SOURCES:
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = _name(node.func)
                args = node.args
                found = None
                if name in _FIRST and args:
                    found = _code(args[0])
                elif name in _SECOND and len(args) > 1:
                    found = _code(args[1])
                elif name == "get" and len(args) == 2 and _code(args[1]) == "http_error":
                    found = "http_error"
                if found is not None:
                    codes.add(found)
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "code":
                        found = _code(value)
                        if found is not None:
                            codes.add(found)
                    elif isinstance(key, ast.Constant) and isinstance(key.value, int):
                        found = _code(value)  # the HTTP layer's {404: "not_found", ...}
                        if found is not None:
                            codes.add(found)
    return codes


def documented_codes() -> set[str]:
    text = PROTOCOL_MD.read_text()
    start = text.index("\n## Error codes\n")
    end = text.index("\n## ", start + 1)
    return set(re.findall(r"`([a-z][a-z_]*[a-z])`", text[start:end]))


def test_every_error_code_of_the_source_is_in_the_docs_error_codes() -> None:
    codes = source_codes()
    # the reader finds the codes it should (it can fail: these are made in four ways)
    assert {"bad_clock", "too_large", "not_found", "http_error", "stale_state"} <= codes
    assert {"unknown_type", "table_away", "rate_limited", "hints_off"} <= codes
    documented = documented_codes()
    assert codes - documented == set(), "codes the doc's Error codes section lacks"
    assert documented >= INTERNAL  # said to be internal
    # the schemas' enums hold every WebSocket code the section lists
    from .test_api import SCHEMAS

    socket_codes = set(SCHEMAS["error"]["properties"]["code"]["enum"]) | set(
        SCHEMAS["refused"]["properties"]["code"]["enum"]
    )
    assert {"too_many_watchers", "closed", "bad_sealed", "no_action"} <= socket_codes
    assert socket_codes <= documented


def test_the_errors_sent_match_their_schemas(client: TestClient) -> None:
    tid, _tokens = human_table(client)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hint", "state": 0})
        message = ws.receive_json()
        check_schema(message)
        assert message["code"] == "hello_first"
