"""The "hints allowed" option of a table: stored (migration 0005), shown in TableInfo, kept by
a rematch, and a table without hints refuses every ``hint`` with ``hints_off``."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.storage import Store  # noqa: E402
from tapete.storage import store as st  # noqa: E402
from tapete.web.app import create_app  # noqa: E402


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _hint_answer(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    """The answer to a hint asked by the creator's seat at its first turn."""
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        while True:
            state = ws.receive_json()
            if state["type"] == "state" and state["legal"]:
                break
        ws.send_json({"type": "hint", "state": state["state"]})
        while True:
            answer: dict[str, Any] = ws.receive_json()
            if answer["type"] in ("hint", "refused"):
                return answer


@pytest.mark.parametrize("allowed", [True, False])
def test_hints_follow_the_tables_option(client: TestClient, allowed: bool) -> None:
    bots = [{"kind": "human"}] + [{"kind": "bot", "player": "rule"}] * 2
    made = _create(
        client,
        game="pocha",
        params={"n_players": 3, "hand_size": 1},
        seats=bots,
        bot_delay=0,
        name="Ana",
        seat=0,
        hints=allowed,
    )
    assert made["table"]["hints"] is allowed
    assert client.get(f"/api/tables/{made['table']['id']}").json()["hints"] is allowed
    answer = _hint_answer(client, made)
    if allowed:
        assert answer["type"] == "hint"
    else:
        assert (answer["type"], answer["code"]) == ("refused", "hints_off")


def test_a_table_gives_hints_unless_told_otherwise(client: TestClient) -> None:
    made = _create(client, game="ombre", name="Ana", seat=0)
    assert made["table"]["hints"] is True


def test_the_option_is_stored_and_kept_by_a_rematch(sqlite_url: str) -> None:
    seats = [{"kind": "bot", "player": "random"}] * 3
    with TestClient(create_app(sqlite_url)) as client:
        made = _create(
            client,
            game="pocha",
            params={"n_players": 3, "hand_size": 1},
            seats=seats,
            bot_delay=0,
            hints=False,
        )
        tid = made["table"]["id"]
        for _ in range(100):
            if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
                break
            client.get("/healthz")
        answer = client.post(
            f"/api/tables/{tid}/rematch", json={"admin_token": made["admin_token"]}
        )
        assert answer.status_code in (200, 201), answer.text
        again = answer.json()["table"]
        assert again["hints"] is False
    store = Store(sqlite_url)
    try:
        for table_id in (tid, again["id"]):
            data = store.read(functools.partial(st.get_table, table_id=table_id)).result(10)
            assert data is not None and data.hints is False
    finally:
        store.close()
