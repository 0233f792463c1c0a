"""The lobby's OpenAPI page, and bad input on every lobby route: wrong types, unknown fields,
unknown tables, bad tokens, unknown paths and methods. Each answers an HTTP error with a
stable code in the lobby's error shape, and nothing changes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tapete.web.app import create_app


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def error(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "detail"}
    assert isinstance(body["error"]["detail"], str) and body["error"]["detail"]
    code: str = body["error"]["code"]
    return code


def test_the_openapi_page_documents_the_lobby(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    assert {"get", "post"} <= set(paths["/api/tables"])
    for route in ("join", "leave", "start", "rematch"):
        assert "post" in paths[f"/api/tables/{{table_id}}/{route}"]
    for route in ("/api/tables/{table_id}/record", "/api/tables/{table_id}/frames/{n}"):
        assert "get" in paths[route]
    assert {"get", "post"} <= set(paths["/api/history"])
    create = spec["components"]["schemas"]["CreateIn"]["properties"]
    assert {"game", "params", "seats", "clock", "bot_delay", "name", "seat"} <= set(create)
    page = client.get("/docs")
    assert page.status_code == 200 and "openapi.json" in page.text


@pytest.mark.parametrize(
    "body",
    [
        {"game": 5},
        {"game": "pocha", "bot_delay": "slow"},
        {"game": "pocha", "clock": "soon"},
        {"game": "pocha", "seats": [{"kind": "alien"}]},
        {"game": "pocha", "seats": "all bots"},
        {"game": "pocha", "seat": "first"},
        {"game": "pocha", "colour": "green"},
        {"params": {}},
        [],
        "pocha",
        None,
    ],
)
def test_creating_with_wrong_types_is_a_bad_request(client: TestClient, body: Any) -> None:
    assert error(client.post("/api/tables", json=body), 400) == "bad_request"
    assert client.get("/api/tables", params={"status": "all"}).json()["tables"] == []


def test_every_route_refuses_unknown_tables_and_bad_tokens(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/tables/a/b/c", "/api/tables/..%2F..%2Fetc"):
        assert error(client.get(path), 404) == "not_found"
    assert error(client.delete("/api/tables"), 405) == "method_not_allowed"
    for table_id in ("nope", "x" * 500, "%3Cb%3E"):
        assert error(client.get(f"/api/tables/{table_id}"), 404) == "unknown_table"
        assert error(client.get(f"/api/tables/{table_id}/record"), 404) == "unknown_table"
        assert error(client.get(f"/api/tables/{table_id}/frames/0"), 404) == "unknown_table"
        for route, body in (
            ("join", {"name": "Ana"}),
            ("leave", {"token": "t"}),
            ("start", {"admin_token": "t"}),
            ("rematch", {"admin_token": "t"}),
        ):
            answer = client.post(f"/api/tables/{table_id}/{route}", json=body)
            assert error(answer, 404) == "unknown_table", route
    made = client.post("/api/tables", json={"game": "pocha"}).json()
    tid = made["table"]["id"]
    assert error(client.post(f"/api/tables/{tid}/start", json={"admin_token": "x"}), 403) == (
        "bad_token"
    )
    assert error(client.post(f"/api/tables/{tid}/rematch", json={"admin_token": 7}), 400) == (
        "bad_request"
    )
    assert error(client.post(f"/api/tables/{tid}/join", json={"name": 7}), 400) == "bad_request"
    assert error(client.post(f"/api/tables/{tid}/join", json={"seat": 0}), 400) == "bad_request"
    assert error(client.post(f"/api/tables/{tid}/leave", json={}), 400) == "bad_request"
    assert error(client.get("/api/tables", params={"status": "bogus"}), 400) == "bad_request"
    assert error(client.get("/api/tables", params={"limit": "many"}), 400) == "bad_request"
    assert error(client.post("/api/history", json={"token": ["a"]}), 400) == "bad_request"
    # nothing changed: the table is open with every seat free, and it still plays
    info = client.get(f"/api/tables/{tid}").json()
    assert info["status"] == "open" and not any(s["taken"] for s in info["seats"])
    started = client.post(f"/api/tables/{tid}/start", json={"admin_token": made["admin_token"]})
    assert started.status_code == 200 and started.json()["status"] in ("playing", "finished")
