"""While the server loads the search kernels (``tapete.players.kernels``), a table's search
bots wait for their own game's, and every other bot plays on at once."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator

import pytest

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.players.kernels import KernelLoader  # noqa: E402
from tapete.web.app import create_app  # noqa: E402


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    opened = threading.Event()
    loader = KernelLoader(steps=(("x", "pocha"),), load=lambda _p, _g: opened.wait(60))
    monkeypatch.setattr("tapete.table.bots.KERNELS", loader)
    loader.start()
    try:
        yield opened
    finally:
        opened.set()
        loader.wait(60)


def _moves(client: TestClient, table_id: str) -> int:
    return int(client.get(f"/api/tables/{table_id}").json()["move_number"])


def _wait_for(predicate: object, limit: float = 60.0) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_rule_bots_play_while_search_bots_wait_for_their_kernels(
    sqlite_url: str, gate: threading.Event
) -> None:
    pytest.importorskip("numba")
    with TestClient(create_app(sqlite_url)) as client:
        rule = client.post(
            "/api/tables",
            json={"game": "pocha", "params": {"n_players": 3, "hand_size": 1},
                  "seats": [{"kind": "bot", "player": "rule"}] * 3, "bot_delay": 0},
        )  # fmt: skip
        searched = client.post(
            "/api/tables",
            json={"game": "pocha", "params": {"n_players": 3, "hand_size": 1},
                  "seats": [{"kind": "bot", "player": "search-easy"}] * 3, "bot_delay": 0},
        )  # fmt: skip
        assert rule.status_code == searched.status_code == 201  # created at once, both
        rule_id, search_id = rule.json()["table"]["id"], searched.json()["table"]["id"]
        for table_id in (rule_id, search_id):
            client.post(
                f"/api/tables/{table_id}/start",
                json={"admin_token": (rule if table_id == rule_id else searched).json()[
                    "admin_token"]},
            )  # fmt: skip
        done = lambda: client.get(f"/api/tables/{rule_id}").json()["status"] == "finished"  # noqa: E731
        assert _wait_for(done), "the rule bots did not play while the kernels loaded"
        dealt = _moves(client, search_id)
        time.sleep(0.3)
        assert _moves(client, search_id) == dealt  # the search bots wait (only the deal)
        gate.set()
        over = lambda: client.get(f"/api/tables/{search_id}").json()["status"] == "finished"  # noqa: E731
        assert _wait_for(over, 120), "the search bots did not play once their kernels loaded"
