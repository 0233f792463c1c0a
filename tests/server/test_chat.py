"""Chat at the table (protocol.md, *Chat*): the checks of a message (length, control
characters, HTML kept as text), the rate limit, the table's setting (everyone, the seats
only, off), the history a newcomer receives, the store (a restart keeps the chat), the
replay frames, and migration 0008 on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import warnings
from collections.abc import Iterator
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from sqlalchemy import text

from tapete.storage import Store
from tapete.storage import store as st
from tapete.table import TableSpec
from tapete.table.chat import HISTORY, MAX_CHAT, ChatLimit, ChatRefusal, clean_text
from tapete.table.manager import SeatSpec
from tapete.web.protocol import MessageError, check_client_message

from .harness import Collector, attach, new_manager
from .test_migrations import upgrade_to

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.web.app import create_app  # noqa: E402

from .test_api import SCHEMAS  # noqa: E402

HTML = '<img src=x onerror="alert(1)"><b>hi</b>'


# -- the checks of a message -----------------------------------------------------------------
def test_text_is_trimmed_and_bounded_and_kept_as_written() -> None:
    assert clean_text("  ¡hola!  ") == "¡hola!"
    assert clean_text(HTML) == HTML  # stored as text: the pages never read it as HTML
    assert clean_text("x" * MAX_CHAT) == "x" * MAX_CHAT
    assert clean_text("  " + "x" * MAX_CHAT + "  ") == "x" * MAX_CHAT
    for bad, code in [
        ("x" * (MAX_CHAT + 1), "chat_too_long"),
        ("   ", "chat_empty"),
        ("", "chat_empty"),
        ("a\x00b", "chat_bad_text"),
        ("a\nb", "chat_bad_text"),
        ("abc\u202edef", "chat_bad_text"),  # turns the text around it
    ]:
        with pytest.raises(ChatRefusal) as caught:
            clean_text(bad)
        assert caught.value.code == code, bad


def test_the_chat_rate_limit_is_a_token_bucket() -> None:
    moment = [0.0]
    limit = ChatLimit(rate=1.0, burst=5.0, clock=lambda: moment[0])
    assert [limit.allow() for _ in range(6)] == [True] * 5 + [False]
    moment[0] = 1.0  # one more a second
    assert [limit.allow(), limit.allow()] == [True, False]
    moment[0] = 100.0  # never more than the burst
    assert sum(limit.allow() for _ in range(10)) == 5


CLIENT_OK = [
    {"type": "chat", "text": "hola"},
    {"type": "chat", "text": HTML, "id": "c1"},
    {"type": "chat", "phrase": "gg"},
    {"type": "chat", "phrase": "wp", "id": 7},
    {"type": "chat", "phrase": "thanks"},
]
CLIENT_BAD = [
    {"type": "chat"},
    {"type": "chat", "text": "a", "phrase": "gg"},
    {"type": "chat", "text": 5},
    {"type": "chat", "phrase": "hello"},
    {"type": "chat", "text": "a", "to": 1},
    {"type": "chat", "text": "a", "id": {"x": 1}},
]


def test_client_chat_messages_follow_the_schema_of_protocol_md() -> None:
    schema = SCHEMAS["chat"]
    for message in CLIENT_OK:
        assert check_client_message(message) is message
        jsonschema.validate(message, schema)
    for message in CLIENT_BAD:
        with pytest.raises(MessageError):
            check_client_message(message)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(message, schema)


# -- through the WebSocket ------------------------------------------------------------------
@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


def _table(client: TestClient, chat: str | None, **extra: Any) -> tuple[dict[str, Any], str]:
    """A La Pocha table of three seats: Ana (seat 0), Bea (seat 1) and a bot; the creator's
    answer and Bea's token."""
    body: dict[str, Any] = {
        "game": "pocha",
        "params": {"n_players": 3, "hand_size": 3},
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "player": "rule"}],
        "bot_delay": 0,
        "name": "Ana",
        "seat": 0,
        **extra,
    }
    if chat is not None:
        body["chat"] = chat
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bea", "seat": 1})
    assert joined.status_code == 200, joined.text
    return made.json(), joined.json()["token"]


def _hello(ws: Any, token: str | None) -> list[dict[str, Any]]:
    """Say hello; the messages up to and with the first state."""
    ws.send_json({"type": "hello", "protocol": 2, "token": token})
    got = []
    while True:
        message: dict[str, Any] = ws.receive_json()
        got.append(message)
        if message["type"] == "state":
            return got


def _until(ws: Any, kinds: tuple[str, ...]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The first message of one of ``kinds``, and every message before it."""
    before: list[dict[str, Any]] = []
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in kinds:
            return message, before
        before.append(message)


def _flush(ws: Any, mark: str) -> list[dict[str, Any]]:
    """Every message this connection was sent before now (a ping's pong comes after them)."""
    ws.send_json({"type": "ping", "id": mark})
    while True:
        pong, before = _until(ws, ("pong",))
        if pong["id"] == mark:
            return before


def _chats(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == "chat"]


def test_seats_and_a_spectator_chat_and_html_stays_text(client: TestClient) -> None:
    made, bea = _table(client, None)
    tid = made["table"]["id"]
    assert made["table"]["chat"] == "all"
    with (
        client.websocket_connect(f"/ws/{tid}") as ana_ws,
        client.websocket_connect(f"/ws/{tid}") as bea_ws,
        client.websocket_connect(f"/ws/{tid}") as spy_ws,
    ):
        welcome = _hello(ana_ws, made["token"])[0]
        assert welcome["table"]["chat"] == "all"
        _hello(bea_ws, bea)
        spy_welcome = _hello(spy_ws, None)[0]
        assert "spectator" not in welcome and spy_welcome["spectator"] >= 1
        ana_ws.send_json({"type": "chat", "text": "  " + HTML + "  ", "id": "m1"})
        said, _ = _until(ana_ws, ("chat",))
        jsonschema.validate(said, SCHEMAS["chat-server"])
        assert said["text"] == HTML
        assert said["from"] == {"seat": 0, "name": "Ana", "spectator": None}
        assert said["move"] == client.get(f"/api/tables/{tid}").json()["move_number"]
        for ws in (bea_ws, spy_ws):
            heard, _ = _until(ws, ("chat",))
            assert heard == said
        spy_ws.send_json({"type": "chat", "phrase": "wp"})
        spoken, _ = _until(spy_ws, ("chat",))
        assert spoken["phrase"] == "wp" and "text" not in spoken
        assert spoken["from"] == {"seat": None, "name": None, "spectator": spy_welcome["spectator"]}
        assert spoken["id"] == said["id"] + 1
        for ws in (ana_ws, bea_ws):
            assert _until(ws, ("chat",))[0] == spoken


def test_length_and_control_characters_are_refused_with_codes(client: TestClient) -> None:
    made, _ = _table(client, "all")
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _hello(ws, made["token"])
        for body, code in [
            ("x" * (MAX_CHAT + 1), "chat_too_long"),
            (" \t ", "chat_empty"),
            ("bell\x07", "chat_bad_text"),
        ]:
            ws.send_json({"type": "chat", "text": body, "id": code})
            refused, before = _until(ws, ("refused",))
            jsonschema.validate(refused, SCHEMAS["refused"])
            assert (refused["code"], refused["id"]) == (code, code)
            assert not _chats(before)
        ws.send_json({"type": "chat", "phrase": "hi"})
        error, _ = _until(ws, ("error",))
        assert error["code"] == "bad_message"
        ws.send_json({"type": "chat", "text": "y" * MAX_CHAT})
        said, _ = _until(ws, ("chat", "refused"))
        assert said["type"] == "chat" and said["text"] == "y" * MAX_CHAT


def test_a_connection_that_chats_too_fast_is_refused(client: TestClient) -> None:
    made, _ = _table(client, "all")
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        _hello(ws, made["token"])
        said = 0
        for i in range(40):  # the bucket holds 5 and refills one a second
            ws.send_json({"type": "chat", "text": f"m{i}", "id": i})
            answer, _ = _until(ws, ("chat", "refused"))
            if answer["type"] == "refused":
                assert answer["code"] == "chat_rate_limited" and answer["id"] == i
                break
            said += 1
        else:
            pytest.fail("40 messages in a row were all said")
        assert said >= 5
        # what was refused was not said: the history has only what was said
    with client.websocket_connect(f"/ws/{tid}") as again:
        first = _hello(again, made["token"])
        logs = [m for m in first if m["type"] == "chat_log"]
        assert [m["text"] for m in logs[0]["messages"]] == [f"m{i}" for i in range(said)]


def test_chat_off_is_refused_and_said_nowhere(client: TestClient) -> None:
    made, _ = _table(client, "off")
    tid = made["table"]["id"]
    assert made["table"]["chat"] == "off"
    assert client.get(f"/api/tables/{tid}").json()["chat"] == "off"
    with (
        client.websocket_connect(f"/ws/{tid}") as ana_ws,
        client.websocket_connect(f"/ws/{tid}") as spy_ws,
    ):
        _hello(ana_ws, made["token"])
        _hello(spy_ws, None)
        for ws in (ana_ws, spy_ws):
            ws.send_json({"type": "chat", "phrase": "gg"})
            refused, before = _until(ws, ("refused",))
            assert refused["code"] == "chat_off" and not _chats(before)
        assert not _chats(_flush(ana_ws, "end")) and not _chats(_flush(spy_ws, "end"))
    bad = client.post("/api/tables", json={"game": "pocha", "chat": "friends"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"


def test_seats_only_a_spectator_never_receives_a_seats_message(client: TestClient) -> None:
    made, bea = _table(client, "seats")
    tid = made["table"]["id"]
    with (
        client.websocket_connect(f"/ws/{tid}") as ana_ws,
        client.websocket_connect(f"/ws/{tid}") as bea_ws,
        client.websocket_connect(f"/ws/{tid}") as spy_ws,
    ):
        _hello(ana_ws, made["token"])
        _hello(bea_ws, bea)
        seen = _hello(spy_ws, None)
        ana_ws.send_json({"type": "chat", "text": "secret plan"})
        said, _ = _until(ana_ws, ("chat",))
        assert _until(bea_ws, ("chat",))[0] == said
        bea_ws.send_json({"type": "chat", "phrase": "thanks"})
        assert _until(ana_ws, ("chat",))[0]["phrase"] == "thanks"
        assert _until(bea_ws, ("chat",))[0]["phrase"] == "thanks"
        spy_ws.send_json({"type": "chat", "text": "let me in"})
        refused, before = _until(spy_ws, ("refused",))
        assert refused["code"] == "chat_seats_only"
        # every message sent to the spectator so far: no chat, no chat log, and the seats'
        # words appear in none of them
        seen += before + _flush(spy_ws, "after")
        assert {m["type"] for m in seen} <= {"welcome", "state", "presence", "refused", "error"}
        assert "secret plan" not in json.dumps(seen)
        assert not _chats(_flush(ana_ws, "x")) and not _chats(_flush(bea_ws, "x"))
    with client.websocket_connect(f"/ws/{tid}") as late:  # a newcomer spectator: no history
        seen = _hello(late, None) + _flush(late, "late")
        assert "secret plan" not in json.dumps(seen)
        assert not [m for m in seen if m["type"] in ("chat", "chat_log")]
    with client.websocket_connect(f"/ws/{tid}") as back:  # a seat: the history
        logs = [m for m in _hello(back, bea) if m["type"] == "chat_log"]
        assert [m.get("text", m.get("phrase")) for m in logs[0]["messages"]] == [
            "secret plan",
            "thanks",
        ]
        jsonschema.validate(logs[0], SCHEMAS["chat_log"])
        for item in logs[0]["messages"]:
            jsonschema.validate(item, SCHEMAS["chat-server"])


# -- in-process: history, restart, replay ------------------------------------------------------
def _spec(chat: str = "all", **extra: Any) -> TableSpec:
    return TableSpec(
        game="pocha",
        params={"n_players": 3, "hand_size": 1},
        seats=(SeatSpec(), SeatSpec("bot", "rule"), SeatSpec("bot", "rule")),
        bot_delay=0.0,
        name="Ana",
        seat=0,
        chat=chat,
        **extra,
    )


def test_a_newcomer_gets_the_last_messages_and_a_restart_keeps_them(sqlite_url: str) -> None:
    async def first() -> tuple[str, str]:
        store, manager = new_manager(sqlite_url)
        try:
            table, _, _, token = await manager.create(_spec())
            assert token is not None
            ana = Collector()
            watcher = await attach(table, ana, token)
            for i in range(HISTORY + 5):
                message = {"type": "chat", "text": f"line {i}"}
                await table.call(lambda m=message: table.say(watcher, m))  # type: ignore[misc]
            said = [m for m in ana.messages if m["type"] == "chat"]
            assert [m["id"] for m in said] == list(range(HISTORY + 5))
            newcomer = Collector()
            await attach(table, newcomer, None)
            logs = [m for m in newcomer.messages if m["type"] == "chat_log"]
            assert [m["text"] for m in logs[0]["messages"]] == [
                f"line {i}" for i in range(5, HISTORY + 5)
            ]
            rows = await store.aread(lambda s: st.load_chat(s, table.data.id, limit=1000))
            assert len(rows) == HISTORY + 5 and rows[0].name == "Ana" and rows[0].seat == 0
            return table.data.id, token
        finally:
            await manager.stop()
            store.close()

    async def after(table_id: str, token: str) -> None:
        store, manager = new_manager(sqlite_url)  # a new server on the same database
        try:
            table = await manager.require(table_id)
            ana = Collector()
            watcher = await attach(table, ana, token)
            logs = [m for m in ana.messages if m["type"] == "chat_log"]
            assert logs[0]["messages"][-1]["text"] == f"line {HISTORY + 4}"
            await table.call(lambda: table.say(watcher, {"type": "chat", "phrase": "gg"}))
            said = [m for m in ana.messages if m["type"] == "chat"]
            assert (said[-1]["id"], said[-1]["phrase"]) == (HISTORY + 5, "gg")
        finally:
            await manager.stop()
            store.close()

    table_id, token = asyncio.run(first())
    asyncio.run(after(table_id, token))


@pytest.mark.parametrize("chat", ["all", "seats"])
def test_the_replay_frames_show_the_public_chat_said_up_to_each_step(
    client: TestClient, chat: str
) -> None:
    made = client.post(
        "/api/tables",
        json={
            "game": "pocha",
            "params": {"n_players": 3, "hand_size": 1},
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
            "bot_delay": 0,
            "name": "Ana",
            "seat": 0,
            "chat": chat,
        },
    ).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        state = _hello(ws, made["token"])[-1]
        while not state["legal"]:
            state, _ = _until(ws, ("state",))
        ws.send_json({"type": "chat", "text": "my turn"})
        hi, _ = _until(ws, ("chat",))
        assert hi["move"] == state["state"]
        while state["status"] != "finished":
            if state["legal"]:
                move = {"type": "action", "state": state["state"]}
                ws.send_json({**move, "action": state["legal"][0]["action"]})
            state, _ = _until(ws, ("state",))
        ws.send_json({"type": "chat", "phrase": "gg"})
        gg, _ = _until(ws, ("chat",))
    total = state["state"]
    again = client.post(f"/api/tables/{tid}/rematch", json={"admin_token": made["admin_token"]})
    assert again.status_code == 201 and again.json()["table"]["chat"] == chat
    assert gg["move"] == total > hi["move"] > 0
    frames = {n: client.get(f"/api/tables/{tid}/frames/{n}").json() for n in (0, hi["move"], total)}
    if chat == "all":
        assert frames[0]["chat"] == []
        assert [m["id"] for m in frames[hi["move"]]["chat"]] == [hi["id"]]
        assert frames[total]["chat"] == [hi, gg]
    else:  # the seats' chat is not in the public replay
        assert all(f["chat"] == [] for f in frames.values())


# -- migration 0008 --------------------------------------------------------------------------
def test_migration_0008_keeps_old_tables_chatting_and_stores_messages(db_url: str) -> None:
    old = Store(db_url)
    try:
        upgrade_to(old, "0007")
        moment = dt.datetime(2026, 12, 1, 9, 0, tzinfo=dt.UTC)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "('old8', 'pocha', '{\"n_players\": 3, \"hand_size\": 1}', NULL, 0.0, "
                    "'open', 'h', 0, :m, :m)"
                ),
                {"m": moment},
            )
            for seat in range(3):
                connection.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, player, player_params, name) "
                        "VALUES ('old8', :seat, 'human', NULL, '{}', :name)"
                    ),
                    {"seat": seat, "name": f"p{seat}"},
                )
    finally:
        old.close()
    store, _manager = new_manager(db_url)  # migrates to the newest revision
    try:
        data = store.call(lambda s: st.get_table(s, "old8"))
        assert data is not None and data.chat == "all" and len(data.seats) == 3
        assert store.call(lambda s: st.next_chat_seq(s, "old8")) == 0
        line = st.ChatData(0, 4, 1, "p1", None, HTML, None, moment)
        store.call(st.insert_chat("old8", line))
        store.call(st.insert_chat("old8", st.ChatData(1, 5, None, None, 2, None, "gg", moment)))
        lines = store.call(lambda s: st.load_chat(s, "old8", limit=10))
        assert [(x.seq, x.text, x.phrase, x.spectator) for x in lines] == [
            (0, HTML, None, None),
            (1, None, "gg", 2),
        ]
        early = store.call(lambda s: st.load_chat(s, "old8", limit=10, up_to_move=4))
        assert [x.seq for x in early] == [0]
        assert store.call(lambda s: st.next_chat_seq(s, "old8")) == 2
        with pytest.raises(Exception):  # noqa: B017 - the key refuses a message twice
            store.call(st.insert_chat("old8", line))
    finally:
        store.close()
