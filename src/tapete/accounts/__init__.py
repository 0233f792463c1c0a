"""Optional player accounts (``docs/accounts.md``): names unique case-insensitively,
Argon2id password hashes, sessions kept as hashes of their tokens, bans and administrators,
and the anonymous seats a browser played claimed into its account. Anonymous play needs
none of it; no game record or view holds account data."""

from __future__ import annotations

from tapete.accounts.errors import AccountError
from tapete.accounts.names import check_name, check_password, name_key
from tapete.accounts.passwords import Passwords
from tapete.accounts.service import SESSION_LIFETIME, Account, Accounts

__all__ = [
    "SESSION_LIFETIME",
    "Account",
    "AccountError",
    "Accounts",
    "Passwords",
    "check_name",
    "check_password",
    "name_key",
]
