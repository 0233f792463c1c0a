"""Password hashes: Argon2id through ``argon2-cffi``.

The server uses argon2-cffi's default parameters (its RFC 9106 "low memory" profile:
Argon2id, 3 passes over 64 MiB, 4 lanes). Tests ask explicitly for cheap ones
(:meth:`Passwords.for_tests`); a hash records its own parameters, so one made with other
parameters still verifies, and is made again with the current ones at the next sign-in
(:meth:`Passwords.needs_rehash`).

>>> passwords = Passwords.for_tests()
>>> stored = passwords.hash("correct horse")
>>> stored.startswith("$argon2id$")
True
>>> passwords.verify(stored, "correct horse"), passwords.verify(stored, "wrong horse")
(True, False)
>>> passwords.verify("not a hash", "correct horse")
False
"""

from __future__ import annotations

import functools

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Passwords:
    """Hashes and checks passwords with Argon2id (``hasher``: argon2-cffi's defaults)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher if hasher is not None else PasswordHasher(type=Type.ID)
        if self.hasher.type is not Type.ID:
            raise ValueError("tapete stores Argon2id hashes only")

    @classmethod
    def for_tests(cls) -> Passwords:
        """Argon2id with the cheapest parameters (one pass over 8 KiB): for tests only,
        where hundreds of hashes are made; never for a server people use."""
        return cls(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1, type=Type.ID))

    def hash(self, password: str) -> str:
        """The encoded hash of ``password`` (with a random salt and its parameters)."""
        return self.hasher.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        """True if ``password`` is the one ``stored`` was made from."""
        try:
            return self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """True if ``stored`` was made with other parameters than the current ones."""
        try:
            return self.hasher.check_needs_rehash(stored)
        except (InvalidHashError, ValueError):
            return True

    def waste(self, password: str) -> None:
        """Check ``password`` against a hash of nothing, taking as long as a real check:
        a sign-in with an unknown name answers no faster than one with a wrong password."""
        self.verify(self._dummy, password)

    @functools.cached_property
    def _dummy(self) -> str:
        return self.hash("tapete: no such account")
