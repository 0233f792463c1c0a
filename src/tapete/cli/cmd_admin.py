"""``tapete admin``: the server's accounts from its machine (``docs/accounts.md``).

``create-admin NAME`` makes a new administrator account (or makes the existing account
NAME one), ``reset-password NAME`` gives an account a new password, ``ban NAME`` and
``unban NAME`` stop and allow its sign-ins (banning and resetting end its sessions). The
database is ``--db`` as for ``tapete serve`` (migrated first). A new password is asked
twice at the terminal, or read from the first line of the standard input with
``--password-stdin``.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import Any

from tapete.cli.parser import add_lang_option
from tapete.cli.texts import N_, Texts
from tapete.errors import TapeteError


def register(sub: Any) -> None:
    """Add the ``admin`` sub-command and its actions."""
    parser = sub.add_parser("admin", help=N_("manage the server's accounts (docs/accounts.md)"))
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for action, summary, asks in (
        ("create-admin", N_("create an administrator account (or make NAME one)"), True),
        ("reset-password", N_("give the account NAME a new password"), True),
        ("ban", N_("ban the account NAME: it cannot sign in"), False),
        ("unban", N_("lift the ban of the account NAME"), False),
    ):
        one = actions.add_parser(action, help=summary)
        one.add_argument("name", metavar="NAME", help=N_("the account's name"))
        one.add_argument(
            "--db",
            default=None,
            help=N_(
                "database URL (default: the SQLite file tapete.sqlite3 in the current folder; "
                "PostgreSQL: postgresql+psycopg://user@host/db)"
            ),
        )
        if asks:
            one.add_argument(
                "--password-stdin",
                action="store_true",
                help=N_("read the password from the first line of the standard input"),
            )
        add_lang_option(one)
        one.set_defaults(run=run)
    add_lang_option(parser)


def _password(args: argparse.Namespace, t: Texts) -> str:
    """The new password: stdin's first line, or asked twice at the terminal."""
    if args.password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass(t("New password: "))
    if getpass.getpass(t("The same password again: ")) != first:
        raise TapeteError(t("the two passwords differ"))
    return first


def run(args: argparse.Namespace) -> int:
    """Do the action on the database of ``--db``."""
    from tapete.accounts import AccountError, Accounts
    from tapete.i18n import reason_text
    from tapete.storage import Store, default_url

    t = Texts(args.lang or "en")
    store = Store(args.db or default_url())
    try:
        store.migrate()
        accounts = Accounts(store)
        try:
            if args.action == "create-admin":
                try:
                    account = accounts.set_admin(args.name)
                    print(t("{name} is an administrator now.", name=account.name))
                except AccountError as e:
                    if e.code != "unknown_account":
                        raise
                    account = accounts.register(args.name, _password(args, t), is_admin=True)
                    print(t("Administrator {name} created.", name=account.name))
            elif args.action == "reset-password":
                account = accounts.reset_password(args.name, _password(args, t))
                print(t("New password set for {name}; its sessions ended.", name=account.name))
            else:
                account = accounts.set_banned(args.name, args.action == "ban")
                print(
                    t("{name} is banned; its sessions ended.", name=account.name)
                    if account.banned
                    else t("{name} may sign in again.", name=account.name)
                )
        except AccountError as e:
            print(f"tapete admin: {reason_text(t.lang, e.code)}", file=sys.stderr)
            return 2
    finally:
        store.close()
    return 0
