"""The lobby's rate limit per client address: tables created (and rematches) and seats taken
come out of token buckets; past them the answer is ``429 rate_limited`` in the lobby's error
shape with ``Retry-After``, and nothing is done. Loopback clients are not limited unless
asked; requests another server process forwards (with the shared secret) are not counted
twice, and a client cannot pass its own off as forwarded."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from tapete.web.app import create_app
from tapete.web.limits import AddressBuckets, LobbyLimits

#: Buckets that do not refill during a test: three tables, two seats.
TIGHT = LobbyLimits(create=(1e-6, 3.0), join=(1e-6, 2.0))
TABLE = {"game": "pocha", "params": {"n_players": 3, "hand_size": 2}, "bot_delay": 0}


def lobby(url: str, limits: LobbyLimits, address: str = "203.0.113.7") -> TestClient:
    return TestClient(create_app(url, limits=limits), client=(address, 40000))


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with lobby(sqlite_url, TIGHT) as c:
        yield c


def refused(answer: Any) -> None:
    assert answer.status_code == 429
    assert set(answer.json()) == {"error"}
    assert answer.json()["error"]["code"] == "rate_limited"
    assert "too many" in answer.json()["error"]["detail"]
    assert int(answer.headers["Retry-After"]) >= 1


def test_table_creation_is_limited_per_address(client: TestClient) -> None:
    made = [client.post("/api/tables", json=TABLE) for _ in range(3)]
    assert [a.status_code for a in made] == [201, 201, 201]
    refused(client.post("/api/tables", json=TABLE))
    # nothing was created by the refused request
    listed = client.get("/api/tables", params={"status": "all"}).json()["tables"]
    assert sorted(t["id"] for t in listed) == sorted(a.json()["table"]["id"] for a in made)
    # reading is not limited
    assert all(client.get("/api/tables").status_code == 200 for _ in range(10))


def test_joins_are_limited_and_a_refused_join_takes_no_seat(client: TestClient) -> None:
    tid = client.post("/api/tables", json=TABLE).json()["table"]["id"]
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Ana"}).status_code == 200
    assert client.post(f"/api/tables/{tid}/join", json={"name": "Bea"}).status_code == 200
    refused(client.post(f"/api/tables/{tid}/join", json={"name": "Cleo"}))
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ana", "Bea", None]
    assert client.get(f"/api/tables/{tid}").json()["status"] == "open"


def test_a_rematch_counts_as_a_table_created(client: TestClient) -> None:
    body = {**TABLE, "seats": [{"kind": "bot"}] * 3}
    made = [client.post("/api/tables", json=body).json() for _ in range(3)]
    for answer in made:  # bots only: the tables play to the end by themselves
        tid = answer["table"]["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
                break
            time.sleep(0.01)
        assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"
    first = made[0]
    refused(
        client.post(
            f"/api/tables/{first['table']['id']}/rematch",
            json={"admin_token": first["admin_token"]},
        )
    )
    assert client.get(f"/api/tables/{first['table']['id']}").json()["rematch"] is None


def test_forwarded_requests_need_the_shared_secret(client: TestClient) -> None:
    for _ in range(3):
        assert client.post("/api/tables", json=TABLE).status_code == 201
    # a client claiming to be another server process is limited all the same
    refused(client.post("/api/tables", json=TABLE, headers={"X-Tapete-Forwarded": "1"}))
    secret = client.app.state.forward_secret  # type: ignore[attr-defined]
    assert isinstance(secret, str) and len(secret) >= 32
    forwarded = client.post("/api/tables", json=TABLE, headers={"X-Tapete-Forwarded": secret})
    assert forwarded.status_code == 201


def test_loopback_clients_are_not_limited_unless_asked(sqlite_url: str, tmp_path: Any) -> None:
    with lobby(sqlite_url, TIGHT, "127.0.0.1") as local:
        assert all(local.post("/api/tables", json=TABLE).status_code == 201 for _ in range(6))
    strict = LobbyLimits(create=(1e-6, 3.0), join=None, loopback=True)
    with lobby(f"sqlite:///{tmp_path / 'b.sqlite3'}", strict, "::1") as local:
        assert all(local.post("/api/tables", json=TABLE).status_code == 201 for _ in range(3))
        refused(local.post("/api/tables", json=TABLE))


def test_no_limit_when_switched_off(sqlite_url: str) -> None:
    with lobby(sqlite_url, LobbyLimits.per_minute(0, 0)) as c:
        assert all(c.post("/api/tables", json=TABLE).status_code == 201 for _ in range(25))


@given(
    hs.lists(hs.tuples(hs.sampled_from(["a", "b", "c"]), hs.floats(0, 5)), min_size=1, max_size=60)
)
def test_buckets_never_grant_more_than_burst_plus_refill(steps: list[tuple[str, float]]) -> None:
    rate, burst = 2.0, 3.0
    buckets = AddressBuckets(rate, burst)
    moment = 0.0
    granted: dict[str, int] = {}
    for address, wait in steps:
        moment += wait
        if buckets.take(address, moment) == 0:
            granted[address] = granted.get(address, 0) + 1
    for count in granted.values():
        assert count <= burst + rate * moment + 1e-9
    # each address has its own bucket: a fresh one always has a token
    assert buckets.take("fresh", moment) == 0


def test_shared_buckets_match_the_memory_ones(db_url: str) -> None:
    """The database's buckets (``take_token``, an upsert) grant exactly what the in-memory
    ones grant, over the same requests, on SQLite and PostgreSQL."""
    import random

    from tapete.storage import Store
    from tapete.storage import store as st

    rng = random.Random(5)
    store = Store(db_url)
    store.migrate()
    try:
        memory = AddressBuckets(2.0, 3.0)
        moment = 1000.0
        for _ in range(80):
            moment += rng.choice([0.0, 0.0, 0.1, 0.4, 1.5])
            address = rng.choice(["203.0.113.1", "203.0.113.2"])
            expected = memory.take(address, moment)
            shared = store.call(st.take_token("create", address, 2.0, 3.0, moment))
            assert shared == pytest.approx(expected, abs=1e-6), (moment, address)
        # a kind has buckets of its own
        assert store.call(st.take_token("join", "203.0.113.1", 2.0, 3.0, moment)) == 0.0
    finally:
        store.close()


def test_processes_on_one_postgresql_share_the_limit(postgres: Any) -> None:
    """Two server apps on one PostgreSQL (as ``--workers 2`` runs them): a client gets the
    limit once, whichever process it reaches; not once per process."""
    url = postgres.new_database()
    with lobby(url, TIGHT) as one, lobby(url, TIGHT) as two:
        assert one.post("/api/tables", json=TABLE).status_code == 201
        assert two.post("/api/tables", json=TABLE).status_code == 201
        assert one.post("/api/tables", json=TABLE).status_code == 201
        refused(two.post("/api/tables", json=TABLE))
        refused(one.post("/api/tables", json=TABLE))
        listed = one.get("/api/tables", params={"status": "all"}).json()["tables"]
        assert len(listed) == 3
        # another address has its own bucket in both
        with lobby(url, TIGHT, "198.51.100.9") as other:
            assert other.post("/api/tables", json=TABLE).status_code == 201
