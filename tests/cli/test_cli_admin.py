"""``tapete admin``: administrators created, passwords reset, names banned and unbanned on the
database of ``--db`` (the production password hashing: a few hashes only)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tapete.accounts import AccountError, Accounts, Passwords
from tapete.cli.main import main
from tapete.storage import Store


def admin(monkeypatch: pytest.MonkeyPatch, url: str, *words: str, stdin: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["--lang", "en", "admin", *words, "--db", url])


def stored_hash(store: Store) -> str:
    with store.engine.connect() as connection:
        return str(connection.exec_driver_sql("SELECT password_hash FROM accounts").scalar())


def accounts_of(url: str) -> tuple[Store, Accounts]:
    store = Store(url)
    return store, Accounts(store, Passwords.for_tests())  # verifies the production hashes too


def created_root(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str
) -> tuple[Store, Accounts]:
    """``tapete admin create-admin Root`` with a password on stdin, checked; the database and
    its accounts (the stored hash made with the production defaults)."""
    stdin = "first password\n"
    assert admin(monkeypatch, url, "create-admin", "Root", "--password-stdin", stdin=stdin) == 0
    assert "Administrator Root created." in capsys.readouterr().out
    store, accounts = accounts_of(url)
    assert stored_hash(store).startswith("$argon2id$v=19$m=65536,t=3,p=4$")  # defaults
    return store, accounts


def flags(store: Store) -> list[tuple[str, bool, bool]]:
    with store.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT name, is_admin, banned FROM accounts ORDER BY id")
        return [(str(n), bool(a), bool(b)) for n, a, b in rows]


def test_create_admin_ban_and_unban(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    store, accounts = created_root(monkeypatch, capsys, url)
    try:
        assert flags(store) == [("Root", True, False)]
        root = accounts.find("root")
        assert root is not None and root.is_admin
        token = accounts.open_session(root.id)
        assert admin(monkeypatch, url, "ban", "root") == 0
        assert "Root is banned" in capsys.readouterr().out
        assert flags(store) == [("Root", True, True)]
        assert accounts.session_account(token) is None  # its sessions ended
        assert admin(monkeypatch, url, "unban", "ROOT") == 0
        assert "Root may sign in again." in capsys.readouterr().out
        assert flags(store) == [("Root", True, False)]
        accounts.register("player1", "a password")
        assert admin(monkeypatch, url, "create-admin", "PLAYER1") == 0  # no password asked
        assert "player1 is an administrator now." in capsys.readouterr().out
        assert flags(store) == [("Root", True, False), ("player1", True, False)]
    finally:
        store.close()


@pytest.mark.slow
def test_create_admin_reset_ban_and_unban(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    pw = ["--password-stdin"]
    store, accounts = created_root(monkeypatch, capsys, url)
    try:
        root = accounts.authenticate("root", "first password")
        assert root.is_admin and root.name == "Root"
        # checked by a hasher of other parameters, the hash is made again with its own
        assert stored_hash(store).startswith("$argon2id$v=19$m=8,t=1,p=1$")
        token = accounts.open_session(root.id)

        assert admin(monkeypatch, url, "reset-password", "ROOT", *pw, stdin="second pw!\n") == 0
        assert "New password set for Root" in capsys.readouterr().out
        assert accounts.session_account(token) is None  # its sessions ended
        with pytest.raises(AccountError):
            accounts.authenticate("Root", "first password")
        token = accounts.login("Root", "second pw!")[1]

        assert admin(monkeypatch, url, "ban", "root") == 0
        assert "Root is banned" in capsys.readouterr().out
        assert accounts.session_account(token) is None
        with pytest.raises(AccountError) as banned:
            accounts.authenticate("Root", "second pw!")
        assert banned.value.code == "banned"

        assert admin(monkeypatch, url, "unban", "Root") == 0
        assert "Root may sign in again." in capsys.readouterr().out
        assert accounts.authenticate("Root", "second pw!").name == "Root"

        accounts.register("player1", "a password")
        assert admin(monkeypatch, url, "create-admin", "PLAYER1") == 0  # no password asked
        assert "player1 is an administrator now." in capsys.readouterr().out
        assert accounts.authenticate("player1", "a password").is_admin
    finally:
        store.close()


def test_unknown_names_and_refused_passwords_fail_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    assert admin(monkeypatch, url, "ban", "nobody") == 2
    assert "There is no such account." in capsys.readouterr().err
    assert (
        admin(monkeypatch, url, "create-admin", "ok_name", "--password-stdin", stdin="short\n") == 2
    )
    assert "A password has at least 8 characters." in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--lang", "es", "admin", "unban", "nobody", "--db", url]) == 2
    assert "There is no such account." not in capsys.readouterr().err  # in Spanish


def test_the_password_is_asked_twice_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    answers = iter(["one password", "another one"])
    monkeypatch.setattr("getpass.getpass", lambda _prompt="": next(answers))
    assert admin(monkeypatch, url, "create-admin", "Admin2") == 2
    assert "the two passwords differ" in capsys.readouterr().err
    answers = iter(["one password", "one password"])
    assert admin(monkeypatch, url, "create-admin", "Admin2") == 0
    store, accounts = accounts_of(url)
    try:
        assert accounts.authenticate("admin2", "one password").is_admin
    finally:
        store.close()
