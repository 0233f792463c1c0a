"""Alembic migrations of the tapete schema, run by :meth:`tapete.storage.Store.migrate`."""
