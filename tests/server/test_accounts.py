"""Accounts (docs/accounts.md): registering, signing in and out, the session cookie's flags,
the forgery guard, the sign-in limits, bans, claiming a browser's anonymous seats, and the
access decision of every route of the app."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import inspect

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.routing import APIRoute, APIWebSocketRoute  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from starlette.routing import Mount, Route  # noqa: E402

from tapete.accounts import AccountError, Accounts, Passwords  # noqa: E402
from tapete.storage import Store  # noqa: E402
from tapete.storage import store as st  # noqa: E402
from tapete.web.access import (  # noqa: E402
    ACCESS,
    CSRF_HEADER,
    SESSION_COOKIE,
    AccountLimits,
    AccountSettings,
    current_account,
    require_account,
    require_admin,
    same_origin,
)
from tapete.web.app import create_app  # noqa: E402

SAME = {CSRF_HEADER: "1"}
PASSWORD = "correct horse battery"


def app_for(url: str, limits: AccountLimits | None = None, **kwargs: Any) -> Any:
    settings = AccountSettings(passwords=Passwords.for_tests(), limits=limits or AccountLimits())
    return create_app(url, accounts=settings, **kwargs)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(app_for(sqlite_url)) as c:
        yield c


def code(answer: Any) -> str:
    value: str = answer.json()["error"]["code"]
    return value


def register(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post(
        "/api/account/register", json={"name": name, "password": password}, headers=SAME
    )


def login(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post(
        "/api/account/login", json={"name": name, "password": password}, headers=SAME
    )


def me(client: TestClient) -> Any:
    answer = client.get("/api/account/me")
    assert answer.status_code == 200
    return answer.json()["account"]


def set_cookie_header(answer: Any) -> str:
    headers = [v for k, v in answer.headers.multi_items() if k.lower() == "set-cookie"]
    assert len(headers) == 1, headers
    return str(headers[0])


# -- the account's life ------------------------------------------------------------------------
def test_register_sign_out_in_and_change_the_password(db_url: str) -> None:
    with TestClient(app_for(db_url)) as client:
        assert me(client) is None
        answer = register(client, "Ana_María")
        assert answer.status_code == 201, answer.text
        assert answer.json() == {"account": {"name": "Ana_María", "is_admin": False}}
        assert me(client) == {"name": "Ana_María", "is_admin": False}  # signed in at once
        assert client.post("/api/account/logout", headers=SAME).json() == {"ok": True}
        assert me(client) is None
        assert login(client, "ana_maría").status_code == 200  # any case
        assert me(client)["name"] == "Ana_María"
        changed = client.post(
            "/api/account/password",
            json={"current": PASSWORD, "new": "another long one"},
            headers=SAME,
        )
        assert changed.status_code == 200, changed.text
        assert me(client) is not None  # the session that changed it goes on
        client.post("/api/account/logout", headers=SAME)
        assert code(login(client, "Ana_María")) == "bad_login"
        assert login(client, "Ana_María", "another long one").status_code == 200


def test_the_session_token_is_stored_only_as_its_hash(client: TestClient) -> None:
    register(client, "hashed")
    token = client.cookies[SESSION_COOKIE]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        rows = [tuple(r) for r in connection.exec_driver_sql("SELECT * FROM sessions")]
        accounts = [tuple(r) for r in connection.exec_driver_sql("SELECT * FROM accounts")]
    assert len(rows) == 1 and token not in repr(rows) and st.hash_token(token) in repr(rows)
    assert PASSWORD not in repr(accounts) and "$argon2id$" in repr(accounts)


def test_an_unknown_or_forged_session_cookie_is_nobody(client: TestClient) -> None:
    for value in ("forged", "x" * 300, st.hash_token("forged")):
        client.cookies.set(SESSION_COOKIE, value)
        assert me(client) is None
        answer = client.post("/api/account/claim", json={"tokens": []}, headers=SAME)
        assert (answer.status_code, code(answer)) == (401, "not_signed_in")


def test_a_wrong_password_and_an_unknown_name_answer_alike(client: TestClient) -> None:
    register(client, "bruno")
    client.post("/api/account/logout", headers=SAME)
    wrong, unknown = login(client, "bruno", "not the password"), login(client, "nobody_here")
    assert (wrong.status_code, code(wrong)) == (401, "bad_login")
    assert (unknown.status_code, code(unknown)) == (401, "bad_login")
    assert wrong.json()["error"]["detail"] == unknown.json()["error"]["detail"]
    assert SESSION_COOKIE not in client.cookies


def test_a_name_is_taken_whatever_its_case(client: TestClient) -> None:
    assert register(client, "Carmen").status_code == 201
    for other in ("carmen", "CARMEN", " Carmen "):
        answer = register(client, other)
        assert (answer.status_code, code(answer)) == (409, "account_name_taken")


#: (name, password, the code that refuses them)
REFUSED = [
    ("ab", PASSWORD, "account_name_length"),
    ("x" * 33, PASSWORD, "account_name_length"),
    ("two words", PASSWORD, "account_name_characters"),
    ("<script>", PASSWORD, "account_name_characters"),
    ("_lead", PASSWORD, "account_name_characters"),
    ("fine_name", "short", "password_too_short"),
    ("fine_name", "p" * 1025, "password_too_long"),
]


def test_names_and_passwords_are_refused_with_their_code(client: TestClient) -> None:
    for name, password, expected in REFUSED:
        answer = register(client, name, password)
        assert (answer.status_code, code(answer)) == (400, expected), name
        assert me(client) is None


def test_the_current_password_is_needed_to_change_it(client: TestClient) -> None:
    register(client, "dolores")
    answer = client.post(
        "/api/account/password", json={"current": "guess guess", "new": "whatever1"}, headers=SAME
    )
    assert (answer.status_code, code(answer)) == (403, "wrong_password")
    client.post("/api/account/logout", headers=SAME)
    assert login(client, "dolores").status_code == 200


def test_changing_the_password_ends_the_other_sessions(sqlite_url: str) -> None:
    app = app_for(sqlite_url)
    with TestClient(app) as first, TestClient(app) as second:
        register(first, "elena")
        assert login(second, "elena").status_code == 200
        first.post(
            "/api/account/password", json={"current": PASSWORD, "new": "brand new pw"}, headers=SAME
        )
        assert me(first) is not None and me(second) is None


# -- the cookie --------------------------------------------------------------------------------
def test_the_session_cookie_is_httponly_and_samesite_lax_not_secure_over_http(
    client: TestClient,
) -> None:
    cookie = set_cookie_header(register(client, "fabio")).lower()
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie
    out = set_cookie_header(client.post("/api/account/logout", headers=SAME)).lower()
    assert out.startswith(f'{SESSION_COOKIE}=""') and "max-age=0" in out


def test_the_session_cookie_is_secure_over_https(sqlite_url: str) -> None:
    with TestClient(app_for(sqlite_url), base_url="https://testserver") as client:
        cookie = set_cookie_header(register(client, "gala")).lower()
        assert "secure" in cookie and "httponly" in cookie and "samesite=lax" in cookie
        assert me(client)["name"] == "gala"


def test_the_cookie_is_secure_behind_a_trusted_proxy_that_says_https(sqlite_url: str) -> None:
    app = app_for(sqlite_url, trusted_proxies="127.0.0.1")
    forwarded = {**SAME, "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    with TestClient(app, client=("127.0.0.1", 50000)) as client:
        answer = client.post(
            "/api/account/register", json={"name": "hugo", "password": PASSWORD}, headers=forwarded
        )
        assert "secure" in set_cookie_header(answer).lower()
    with TestClient(app, client=("203.0.113.50", 50000)) as untrusted:  # its header is ignored
        answer = untrusted.post(
            "/api/account/register", json={"name": "ines", "password": PASSWORD}, headers=forwarded
        )
        assert "secure" not in set_cookie_header(answer).lower()


# -- cross-site request forgery ----------------------------------------------------------------
#: What a request from another site looks like to the forgery guard.
FOREIGN = [
    {},  # no custom header: what a cross-site form sends
    {CSRF_HEADER: "0"},
    {CSRF_HEADER: "1", "Origin": "https://evil.example"},
    {CSRF_HEADER: "1", "Origin": "null"},
    {CSRF_HEADER: "1", "Sec-Fetch-Site": "cross-site"},
    {CSRF_HEADER: "1", "Sec-Fetch-Site": "same-site"},
]


def test_a_state_changing_request_from_another_site_is_refused(client: TestClient) -> None:
    register(client, "juana")
    table = client.post("/api/tables", json={"game": "pocha", "name": "Juana", "seat": 0}).json()
    for headers in FOREIGN:
        for path, body in [
            ("/api/account/claim", {"tokens": [table["token"]]}),
            ("/api/account/password", {"current": PASSWORD, "new": "stolen pw 1"}),
            ("/api/account/logout", None),
            ("/api/account/login", {"name": "juana", "password": PASSWORD}),
            ("/api/account/register", {"name": "forged", "password": PASSWORD}),
        ]:
            answer = client.post(path, json=body, headers=headers)
            assert (answer.status_code, code(answer)) == (403, "csrf"), (path, headers)
    assert me(client) == {"name": "juana", "is_admin": False}  # still signed in
    assert client.get("/api/account/games").json() == {"games": []}
    assert code(login(client, "forged")) == "bad_login"


def test_the_same_site_passes_the_guard(client: TestClient) -> None:
    headers = {**SAME, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    answer = client.post(
        "/api/account/register", json={"name": "karla", "password": PASSWORD}, headers=headers
    )
    assert answer.status_code == 201, answer.text


def test_the_public_url_is_this_site(sqlite_url: str) -> None:
    app = app_for(sqlite_url, public_url="https://cards.example.org/")
    headers = {**SAME, "Origin": "https://cards.example.org"}
    with TestClient(app) as client:
        answer = client.post(
            "/api/account/register", json={"name": "lola", "password": PASSWORD}, headers=headers
        )
        assert answer.status_code == 201, answer.text


# -- limits and bans ---------------------------------------------------------------------------
def test_sign_ins_are_limited_per_name(db_url: str) -> None:
    """(On PostgreSQL the buckets are rows shared by the server processes.)"""
    limits = AccountLimits(login_address=None, login_name=(1 / 3600, 3.0))
    with TestClient(app_for(db_url, limits)) as client:
        register(client, "mario")
        answers = [login(client, "MARIO", "wrong password").status_code for _ in range(3)]
        assert answers == [401, 401, 401]
        limited = login(client, "mario")  # the right password, but too late
        assert (limited.status_code, code(limited)) == (429, "too_many_logins")
        assert int(limited.headers["Retry-After"]) > 0
        assert login(client, "someone_else").status_code == 401  # another name: not limited


def test_sign_ins_are_limited_per_address(sqlite_url: str) -> None:
    limits = AccountLimits(login_address=(1 / 3600, 2.0), login_name=None)
    app = app_for(sqlite_url, limits)
    with TestClient(app, client=("203.0.113.1", 1)) as one:
        assert [login(one, f"name{i}").status_code for i in range(2)] == [401, 401]
        assert code(login(one, "name9")) == "too_many_logins"
    with TestClient(app, client=("203.0.113.2", 1)) as other:
        assert login(other, "name9").status_code == 401


def test_registrations_are_limited_per_address(sqlite_url: str) -> None:
    with TestClient(app_for(sqlite_url, AccountLimits(register=(1 / 3600, 1.0)))) as client:
        assert register(client, "first").status_code == 201
        answer = register(client, "second")
        assert (answer.status_code, code(answer)) == (429, "too_many_accounts")


def test_a_banned_account_cannot_sign_in_and_its_sessions_end(client: TestClient) -> None:
    register(client, "nacho")
    assert me(client) is not None
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    Accounts(store, Passwords.for_tests()).set_banned("NACHO")
    assert me(client) is None
    answer = login(client, "nacho")
    assert (answer.status_code, code(answer)) == (403, "banned")
    assert code(login(client, "nacho", "wrong password")) == "bad_login"  # no hint without it
    Accounts(store, Passwords.for_tests()).set_banned("nacho", False)
    assert login(client, "nacho").status_code == 200


def test_a_session_ends_at_its_time(sqlite_url: str) -> None:
    import datetime as dt

    store = Store(sqlite_url)
    try:
        store.migrate()
        accounts = Accounts(store, Passwords.for_tests(), session_lifetime=dt.timedelta(0))
        ended = accounts.login(accounts.register("olga", PASSWORD).name, PASSWORD)[1]
        assert accounts.session_account(ended) is None
        lasting = Accounts(store, Passwords.for_tests()).open_session(accounts.find("OLGA").id)
        assert Accounts(store, Passwords.for_tests()).session_account(lasting) is not None
        with store.engine.connect() as connection:  # the ended ones went at the next sign-in
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM sessions").scalar() == 1
    finally:
        store.close()


# -- claiming a browser's anonymous games ------------------------------------------------------
def test_claiming_links_the_browsers_seats_without_account_data_in_the_game(
    client: TestClient,
) -> None:
    made = client.post("/api/tables", json={"game": "pocha", "name": "Pablo", "seat": 0}).json()
    table_id, token = made["table"]["id"], made["token"]
    other = client.post("/api/tables", json={"game": "pocha", "name": "Quique", "seat": 0}).json()
    assert (
        client.post("/api/account/claim", json={"tokens": [token]}, headers=SAME).status_code == 401
    )
    register(client, "account_only_name")
    answer = client.post(
        "/api/account/claim", json={"tokens": [token, token, "not-a-token"]}, headers=SAME
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"claimed": [{"table": table_id, "seat": made["seat"]}]}
    again = client.post("/api/account/claim", json={"tokens": [token]}, headers=SAME)
    assert again.json() == answer.json()  # claiming twice keeps one link
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    assert client.get("/api/account/games").json() == {"games": []}  # not finished yet
    store.call(st.set_status(table_id, "closed"))
    store.call(st.set_status(other["table"]["id"], "closed"))
    games = client.get("/api/account/games").json()["games"]
    assert [(g["table"], g["seat"], g["players"][g["seat"]]) for g in games] == [
        (table_id, made["seat"], "Pablo")
    ]
    # the game knows nothing of the account: not its views, not its rows
    for path in (f"/api/tables/{table_id}", "/api/tables?status=all", "/api/history?name=Pablo"):
        assert "account_only_name" not in client.get(path).text, path
    columns = {c["name"] for t in ("tables", "seats") for c in inspect(store.engine).get_columns(t)}
    assert not {c for c in columns if "account" in c}


def test_anonymous_play_needs_no_account(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "pocha", "name": "Rosa"})
    assert made.status_code == 201 and SESSION_COOKIE not in client.cookies
    joined = client.post(f"/api/tables/{made.json()['table']['id']}/join", json={"name": "Sol"})
    assert joined.status_code == 200


# -- every route has an access decision --------------------------------------------------------
def _uses(dependant: Any, function: Any) -> bool:
    return any(d.call is function or _uses(d, function) for d in dependant.dependencies)


def _flat(routes: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Every route with its path prefix (FastAPI 0.16x keeps an included router as one entry
    of ``app.routes``; older versions copy its routes)."""
    out = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            out.extend(_flat(inner.routes, prefix + route.include_context.prefix))
        else:
            out.append((prefix, route))
    return out


def _keys(route: Any, prefix: str = "") -> list[str]:
    if isinstance(route, APIWebSocketRoute):
        return [f"WS {prefix}{route.path}"]
    if isinstance(route, Mount):
        return [f"MOUNT {prefix}{route.path}"]
    if isinstance(route, Route | APIRoute):
        return [f"{m} {prefix}{route.path}" for m in sorted(route.methods or ()) if m != "HEAD"]
    raise AssertionError(f"a route of an unknown kind: {route!r}")


def test_every_route_is_classified_and_its_class_holds(client: TestClient) -> None:
    routes = _flat(client.app.routes)  # type: ignore[attr-defined]
    seen = {key for prefix, route in routes for key in _keys(route, prefix)}
    assert seen - set(ACCESS) == set(), "decide who may call these routes (tapete.web.access)"
    assert set(ACCESS) - seen == set(), "ACCESS names routes the app no longer has"
    guarded: list[tuple[str, str, str]] = []  # (method, path, level) of the guarded routes
    for prefix, route in routes:
        if not isinstance(route, APIRoute):
            continue
        for key in _keys(route, prefix):
            level = ACCESS[key]
            method = key.split()[0]
            needs_account = _uses(route.dependant, require_account)
            needs_admin = _uses(route.dependant, require_admin)
            assert needs_account == (level in ("account", "admin")), key
            assert needs_admin == (level == "admin"), key
            if method != "GET" and (
                level != "public" or key.split()[1].startswith("/api/account/")
            ):
                assert _uses(route.dependant, same_origin), f"{key}: no forgery guard"
            if level != "public":
                path = (prefix + route.path).replace("{table_id}", "x").replace("{n}", "0")
                guarded.append((method, path, level))
    assert guarded  # the account routes at least
    for method, path, _level in guarded:  # nobody signed in
        answer = client.request(method, path, headers=SAME, json={})
        assert (answer.status_code, code(answer)) == (401, "not_signed_in"), path
    register(client, "plain_player")  # signed in, not an administrator
    for method, path, level in guarded:
        if level == "admin":
            answer = client.request(method, path, headers=SAME, json={})
            assert (answer.status_code, code(answer)) == (403, "not_admin"), path
    assert current_account in {d.call for d in _all(routes)}


def _all(routes: list[tuple[str, Any]]) -> list[Any]:
    out = []
    for _prefix, route in routes:
        if isinstance(route, APIRoute):
            stack = [route.dependant]
            while stack:
                dependant = stack.pop()
                out.extend(dependant.dependencies)
                stack.extend(dependant.dependencies)
    return out


# -- the migration -----------------------------------------------------------------------------
def test_a_database_of_0009_upgrades_to_accounts_and_back(db_url: str) -> None:
    """The tables of 0010 come on a database made by the tapete before accounts; its
    tables stay as they were, their seats can be claimed, and 0010 can be undone."""
    import datetime as dt

    from alembic import command
    from sqlalchemy import text

    from .test_migrations import upgrade_to

    old = Store(db_url)
    try:
        upgrade_to(old, "0009")
        moment = dt.datetime(2026, 12, 6, 9, 0, tzinfo=dt.UTC)
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, params, clock, bot_delay, status, "
                    "admin_token_hash, move_number, created_at, updated_at) VALUES "
                    "('old10', 'pocha', '{\"n_players\": 3}', NULL, 0.0, 'closed', 'h', 0, :m, :m)"
                ),
                {"m": moment},
            )
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, player_params, name, token_hash) "
                    "VALUES ('old10', 1, 'human', '{}', 'Vera', :h)"
                ),
                {"h": st.hash_token("vera-token")},
            )
        assert "accounts" not in inspect(old.engine).get_table_names()
    finally:
        old.close()
    store = Store(db_url)
    try:
        store.migrate()
        assert {"accounts", "sessions", "account_games"} <= set(
            inspect(store.engine).get_table_names()
        )
        accounts = Accounts(store, Passwords.for_tests())
        vera = accounts.register("Vera", PASSWORD)
        assert accounts.claim(vera, ["vera-token"]) == [("old10", 1)]
        with pytest.raises(AccountError) as taken:
            accounts.register("VERA", PASSWORD)
        assert taken.value.code == "account_name_taken"
        data = store.call(lambda s: st.get_table(s, "old10"))
        assert data is not None and [(s.seat, s.name) for s in data.seats] == [(1, "Vera")]
        config = _alembic_config()
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0009")
        assert "accounts" not in inspect(store.engine).get_table_names()
        with store.engine.connect() as connection:  # (the models have 0011's columns)
            assert connection.execute(text("SELECT id FROM tables")).scalars().all() == ["old10"]
        store.migrate()
        assert Accounts(store, Passwords.for_tests()).claimed(vera) == []  # made afresh
    finally:
        store.close()


def _alembic_config() -> Any:
    from importlib import resources

    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(resources.files("tapete.storage") / "migrations"))
    return config


def test_every_account_error_code_has_a_sentence_and_is_documented() -> None:
    import ast
    import re
    from pathlib import Path

    from tapete.i18n.reasons import REASONS

    root = Path(__file__).resolve().parents[2]
    sources = [
        *(root / "src" / "tapete" / "accounts").glob("*.py"),
        root / "src" / "tapete" / "web" / "access.py",
        root / "src" / "tapete" / "web" / "routes" / "account.py",
    ]
    codes = set()
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "AccountError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(node.args[0].value)
            if isinstance(node, ast.IfExp) and isinstance(node.body, ast.Constant):
                value = node.body.value  # code = "too_many_accounts" if ... else "..."
                if isinstance(value, str) and value.startswith("too_many"):
                    codes |= {value, node.orelse.value}  # type: ignore[attr-defined]
    assert {"bad_login", "csrf", "too_many_logins", "too_many_accounts", "banned"} <= codes
    assert codes - set(REASONS) == set(), "sentences in tapete.i18n.reasons"
    text = (root / "docs" / "protocol.md").read_text(encoding="utf-8")
    start = text.index("\n## Error codes\n")
    section = text[start : text.index("\n## ", start + 1)]
    assert codes - set(re.findall(r"`([a-z][a-z_]*[a-z])`", section)) == set()
