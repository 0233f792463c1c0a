"""The error of an account request: a stable code (``docs/accounts.md``), an HTTP status."""

from __future__ import annotations

from tapete.errors import TapeteError


class AccountError(TapeteError):
    """An account request that cannot be done: ``code`` (the pages' sentence is made from
    it), ``detail`` (English, for logs and programs), the HTTP ``status``, and for a rate
    limit the seconds to wait (``retry_after``)."""

    def __init__(
        self, code: str, detail: str, status: int = 400, *, retry_after: float | None = None
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.retry_after = retry_after
