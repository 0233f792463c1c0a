"""The link of an account to a seat it took (``account_seats``): the table, the seat, the
account and the seat's token hash at the moment it was taken. The ratings
(:mod:`tapete.accounts.ratings`) and the clubs' standings (:mod:`tapete.accounts.clubs`)
write and read it here alone, one row per seat whatever the table is (rated, a club's, or
both). A seat counts for the account only while it still holds that token (the seat's
``token_hash`` in ``seats`` equal to the link's): a seat left and taken by somebody else is
not the account's. As ``account_games``, the link stays apart from ``seats``: no game record
or view holds account data.

Both functions run inside a store operation (:meth:`tapete.storage.Store.write` or
``read``) on its session.
"""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select
from sqlalchemy.orm import Session

from tapete.storage.models import AccountSeatRow, SeatRow


def link_seat(session: Session, table_id: str, seat: int, account_id: int, token_hash: str) -> None:
    """Record that the account ``account_id`` took ``seat`` of ``table_id`` holding the
    token of ``token_hash`` (the seat's earlier link, if any, is replaced)."""
    row = session.get(AccountSeatRow, (table_id, seat))
    if row is None:
        session.add(
            AccountSeatRow(
                table_id=table_id, seat=seat, account_id=account_id, token_hash=token_hash
            )
        )
    else:
        row.account_id, row.token_hash = account_id, token_hash


def held_seats(
    session: Session, table_ids: Collection[str], account_id: int | None = None
) -> dict[str, dict[int, int]]:
    """The links still held at the tables ``table_ids`` (of the account ``account_id``
    alone, if given): per table, the account of each linked seat whose token is still the
    one it was taken with. Every table asked for has an entry, empty if nothing is held."""
    held: dict[str, dict[int, int]] = {t: {} for t in table_ids}
    if not held:
        return held
    query = (
        select(AccountSeatRow.table_id, AccountSeatRow.seat, AccountSeatRow.account_id)
        .join(
            SeatRow,
            (SeatRow.table_id == AccountSeatRow.table_id) & (SeatRow.seat == AccountSeatRow.seat),
        )
        .where(
            AccountSeatRow.table_id.in_(list(held)),
            SeatRow.token_hash == AccountSeatRow.token_hash,
        )
        .order_by(AccountSeatRow.table_id, AccountSeatRow.seat)
    )
    if account_id is not None:
        query = query.where(AccountSeatRow.account_id == account_id)
    for table_id, seat, account in session.execute(query):
        held[str(table_id)][int(seat)] = int(account)
    return held
