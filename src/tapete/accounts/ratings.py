"""Ratings of rated tables (``docs/ratings.md``): OpenSkill's Plackett-Luce model (as the
arena), one rating per account per game, updated once when a rated table finishes.

A table is *rated* when it is created so (:func:`check_rated`): its creator is signed in,
hints are off, a move clock is set, and every bot seated has a fixed rating
(:data:`BOT_RATINGS`); every person who takes a seat is an account (the web routes see
to it and record the link in ``account_seats``, :mod:`tapete.accounts.seats`). When the
table finishes, :meth:`Ratings.apply` updates, in one transaction, the ratings of its
accounts from the seats' results (higher is better, equal results tie), writes one
``rating_history`` row per account (before, after, the game's own counts from
:mod:`tapete.accounts.stats`), and marks the table rated (``rated_games``: its primary key
makes a second update impossible, so a restart that sweeps the finished rated tables
again, :meth:`Ratings.pending`, changes nothing). Bots keep their fixed ratings.

>>> import tempfile
>>> from tapete.storage import Store, default_url
>>> store = Store(default_url(tempfile.mkdtemp()))
>>> store.migrate()
>>> Ratings(store).leaderboard("pocha")
[]
>>> store.close()
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tapete.accounts.errors import AccountError
from tapete.accounts.names import name_key
from tapete.accounts.seats import held_seats, link_seat
from tapete.accounts.service import Account
from tapete.accounts.stats import base_game, game_stats
from tapete.engine import load_game
from tapete.storage import Store
from tapete.storage import store as st
from tapete.storage.models import (
    AccountGameRow,
    AccountRow,
    RatedGameRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    TableRow,
)
from tapete.table import TableError, TableSpec

T = TypeVar("T")
log = logging.getLogger("tapete.accounts")

#: A new account's rating at a game (OpenSkill's defaults).
START_MU = 25.0
START_SIGMA = 25.0 / 3
#: The fixed ``(mu, sigma)`` of each bot a rated table may seat, by its player name, on
#: the scale of the people's ratings (a new account: 25 ± 8.3). They are set by hand in
#: the order of strength the arena measures (random < rule < search-easy < search-normal
#: < search-strong) and never change; their small sigma makes them yardsticks.
BOT_RATINGS: dict[str, tuple[float, float]] = {
    "random": (12.0, 1.0),
    "rule": (25.0, 1.0),
    "search-easy": (26.0, 1.0),
    "search-normal": (28.0, 1.0),
    "search": (28.0, 1.0),
    "search-strong": (30.0, 1.0),
    "trynka-cfr": (28.0, 1.0),
}
#: Rows a leaderboard shows at most; rated games a profile lists.
LEADERBOARD_SIZE = 100
PROFILE_GAMES = 50
HISTORY_POINTS = 500


def shown_rating(mu: float, sigma: float) -> float:
    """The rating people see: OpenSkill's ordinal ``mu - 3 sigma`` (a new account: 0), one
    decimal.

    >>> shown_rating(25.0, 25.0 / 3), shown_rating(30.0, 2.0)
    (0.0, 24.0)
    """
    return round(mu - 3 * sigma, 1)


def check_rated(spec: TableSpec, account: Account | None) -> None:
    """Refuse a rated table that cannot be one (:class:`TableError`, ``400``; the creator
    not signed in ``401``): ``rated_needs_account``, ``rated_hints_on``, ``rated_no_clock``,
    ``rated_no_people`` (no seat for a person), ``unrated_bot`` (a bot without a fixed
    rating, or with options: they change its strength; the error has the ``seat`` and
    ``player``)."""
    if account is None:
        raise TableError("rated_needs_account", "sign in to create a rated table", 401)
    if spec.hints:
        raise TableError("rated_hints_on", "a rated table has hints off")
    if spec.clock is None:
        raise TableError("rated_no_clock", "a rated table has a move clock")
    seats = list(spec.seats)
    if seats and all(s.kind == "bot" for s in seats) and _full(spec):
        raise TableError("rated_no_people", "a rated table has a seat for a person")
    for i, seat in enumerate(seats):
        if seat.kind == "bot":
            name = seat.player or "rule"
            if name not in BOT_RATINGS or seat.params:
                raise TableError(
                    "unrated_bot",
                    f"seat {i + 1} (index {i}): the bot {str(name)[:40]} has no fixed rating"
                    f" (rated bots: {', '.join(BOT_RATINGS)}, without options)",
                    seat=i,
                    player=str(name)[:64],
                )


def _full(spec: TableSpec) -> bool:
    """Whether ``spec`` names every seat of its game (else the seats left are people's)."""
    try:
        return len(spec.seats) >= load_game(spec.game, **spec.params).num_players()
    except Exception:  # the table's creation refuses the game itself
        return True


@dataclasses.dataclass(frozen=True)
class _Player:
    seat: int
    account: int | None  # None: a bot (fixed)
    mu: float
    sigma: float


class Ratings:
    """The ratings kept in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.model = PlackettLuce()

    def _read(self, op: Callable[[Session], T]) -> T:
        return self.store.read(op).result()

    # -- seats -----------------------------------------------------------------------------
    def seat_account(self, table_id: str, seat: int, account: Account, token_hash: str) -> None:
        """Record that ``account`` took ``seat`` of the rated table (holding the token of
        ``token_hash``); the game is listed among the account's games too."""
        moment = st.now()

        def op(session: Session) -> None:
            link_seat(session, table_id, seat, account.id, token_hash)
            if session.get(AccountGameRow, (account.id, table_id, seat)) is None:
                session.add(
                    AccountGameRow(
                        account_id=account.id, table_id=table_id, seat=seat, claimed_at=moment
                    )
                )

        self.store.write(op).result()

    def seated(self, table_id: str, account: Account) -> list[int]:
        """The seats of the table the account holds now (its token still the seat's)."""

        def op(session: Session) -> list[int]:
            return list(held_seats(session, [table_id], account.id)[table_id])

        return self._read(op)

    # -- the update ------------------------------------------------------------------------
    def pending(self) -> list[str]:
        """The finished rated tables whose ratings were not updated yet."""

        def op(session: Session) -> list[str]:
            done = select(RatedGameRow.table_id)
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.rated, TableRow.status == "finished")
                    .where(TableRow.id.not_in(done))
                    .order_by(TableRow.finished_at)
                )
            )

        return self._read(op)

    def apply(self, table_id: str) -> bool:
        """Update the ratings of the finished rated table ``table_id`` (see the module):
        True if done now, False if it was done before (or the table is not a finished
        rated one)."""
        found = self._read(lambda s: _finished_record(s, table_id))
        if found is None:
            return False
        stats = game_stats(found)
        try:
            return self.store.write(lambda s: self._update(s, table_id, stats)).result()
        except IntegrityError:  # another process did it at the same moment
            return False

    def _update(self, session: Session, table_id: str, stats: list[dict[str, Any]]) -> bool:
        if session.get(RatedGameRow, table_id) is not None:
            return False
        table = session.get(TableRow, table_id)
        if table is None or not table.rated or table.status != "finished" or not table.result:
            return False
        game = base_game(table.game)
        moment = st.now()
        session.add(RatedGameRow(table_id=table_id, game=game, rated_at=moment))
        seats = {
            s.seat: s for s in session.scalars(select(SeatRow).where(SeatRow.table_id == table_id))
        }
        linked = held_seats(session, [table_id])[table_id]
        ids = sorted(set(linked.values()))
        current = {
            r.account_id: r
            for r in session.scalars(
                select(RatingRow)
                .where(RatingRow.game == game, RatingRow.account_id.in_(ids))
                .with_for_update()
            )
        }
        players: list[_Player] = []
        for seat in range(len(table.result)):
            account = linked.get(seat)
            if account is not None:
                row = current.get(account)
                mu, sigma = (row.mu, row.sigma) if row else (START_MU, START_SIGMA)
                players.append(_Player(seat, account, mu, sigma))
            else:
                held = seats.get(seat)
                name = held.player if held is not None and held.kind == "bot" else "rule"
                mu, sigma = BOT_RATINGS.get(name or "rule", BOT_RATINGS["rule"])
                players.append(_Player(seat, None, mu, sigma))
        if not ids:
            return True
        teams = [[self.model.rating(mu=p.mu, sigma=p.sigma)] for p in players]
        scores = [float(table.result[p.seat]) for p in players]
        new: list[list[PlackettLuceRating]] = self.model.rate(teams, scores=scores)
        for p, team in zip(players, new, strict=True):
            if p.account is None:
                continue
            after = team[0]
            row = current.get(p.account)
            if row is None:
                row = RatingRow(account_id=p.account, game=game, games=0)
                session.add(row)
            row.mu, row.sigma = float(after.mu), float(after.sigma)
            row.games = (row.games or 0) + 1
            row.updated_at = moment
            session.add(
                RatingHistoryRow(
                    account_id=p.account,
                    game=game,
                    table_id=table_id,
                    seat=p.seat,
                    mu_before=p.mu,
                    sigma_before=p.sigma,
                    mu=float(after.mu),
                    sigma=float(after.sigma),
                    score=scores[p.seat],
                    stats=stats[p.seat] if p.seat < len(stats) else {},
                    at=moment,
                )
            )
        return True

    # -- reading ---------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int = LEADERBOARD_SIZE) -> list[dict[str, Any]]:
        """The rated accounts of ``game`` (its base name) by rating, best first (banned
        accounts left out): rank, name, rating, mu, sigma, games."""
        game = base_game(game)

        def op(session: Session) -> list[tuple[str, float, float, int]]:
            rows = session.execute(
                select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game, AccountRow.banned.is_(False))
            ).all()
            return [(str(n), float(m), float(s), int(g)) for n, m, s, g in rows]

        rows = self._read(op)
        rows.sort(key=lambda r: (-(r[1] - 3 * r[2]), -r[1], r[0].casefold()))
        return [
            {
                "rank": i + 1,
                "name": n,
                "rating": shown_rating(m, s),
                "mu": round(m, 3),
                "sigma": round(s, 3),
                "games": g,
            }
            for i, (n, m, s, g) in enumerate(rows[:limit])
        ]

    def profile(self, name: str) -> dict[str, Any]:
        """A player's public profile (``404 unknown_profile`` for no such account, or a
        banned one): name, ratings per game, history points, recent rated games (with their
        replay's address) and the game's own counts summed (:mod:`tapete.accounts.stats`).
        Never the password hash, the sessions or the claimed anonymous games, and never a
        club's table (its rating change counts, its history point names no table)."""
        key = name_key(name.strip()[:64])

        def op(session: Session) -> dict[str, Any] | None:
            account = session.scalars(select(AccountRow).where(AccountRow.name_key == key)).first()
            if account is None or account.banned:
                return None
            ratings = session.scalars(
                select(RatingRow).where(RatingRow.account_id == account.id)
            ).all()
            history = session.scalars(
                select(RatingHistoryRow)
                .where(RatingHistoryRow.account_id == account.id)
                .order_by(RatingHistoryRow.at, RatingHistoryRow.id)
            ).all()
            # a club's tables are for its members only: their rating changes count, but the
            # public profile names no such table (docs/clubs.md)
            private = set(
                session.scalars(
                    select(TableRow.id).where(
                        TableRow.id.in_({h.table_id for h in history}), TableRow.club.is_not(None)
                    )
                )
            )
            recent = [h for h in reversed(history) if h.table_id not in private][:PROFILE_GAMES]
            tables = {
                t.id: t
                for t in session.scalars(
                    select(TableRow).where(TableRow.id.in_([h.table_id for h in recent]))
                )
            }
            labels: dict[str, list[str]] = {tid: [] for tid in tables}
            for seat in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(list(tables))).order_by(SeatRow.seat)
            ):
                label = f"bot:{seat.player}" if seat.kind == "bot" else seat.name or "?"
                labels[seat.table_id].append(label)
            return {
                "name": account.name,
                "ratings": [_rating_entry(r) for r in ratings],
                "history": [_point(h, h.table_id in private) for h in history[-HISTORY_POINTS:]],
                "games": [_game_entry(h, tables.get(h.table_id), labels) for h in recent],
                "stats": _summed(history),
            }

        found = self._read(op)
        if found is None:
            raise AccountError("unknown_profile", f"there is no player {name[:40]!r}", 404)
        for entry in found["ratings"]:
            board = self.leaderboard(entry["game"], limit=10**6)
            entry["rank"] = next((b["rank"] for b in board if b["name"] == found["name"]), None)
        found["ratings"].sort(key=lambda e: (-e["games"], e["game"]))
        return found


def _finished_record(session: Session, table_id: str) -> str | None:
    row = session.execute(
        select(TableRow.rated, TableRow.status, TableRow.record).where(TableRow.id == table_id)
    ).first()
    if row is None or not row[0] or row[1] != "finished" or not row[2]:
        return None
    if session.get(RatedGameRow, table_id) is not None:
        return None
    return str(row[2])


def _rating_entry(row: RatingRow) -> dict[str, Any]:
    return {
        "game": row.game,
        "rating": shown_rating(row.mu, row.sigma),
        "mu": round(row.mu, 3),
        "sigma": round(row.sigma, 3),
        "games": row.games,
    }


def _point(row: RatingHistoryRow, private: bool) -> dict[str, Any]:
    return {
        "game": row.game,
        "table": None if private else row.table_id,
        "at": st.iso(row.at),
        "rating": shown_rating(row.mu, row.sigma),
        "before": shown_rating(row.mu_before, row.sigma_before),
    }


def _game_entry(
    row: RatingHistoryRow, table: TableRow | None, labels: dict[str, list[str]]
) -> dict[str, Any]:
    return {
        "table": row.table_id,
        "game": table.game if table is not None else row.game,
        "rated_as": row.game,
        "seat": row.seat,
        "players": labels.get(row.table_id, []),
        "result": list(table.result) if table is not None and table.result else None,
        "score": row.score,
        "finished_at": st.iso(table.finished_at if table is not None else row.at),
        "rating_before": shown_rating(row.mu_before, row.sigma_before),
        "rating_after": shown_rating(row.mu, row.sigma),
        "replay": f"/replay/{row.table_id}",
    }


def _summed(history: Any) -> dict[str, dict[str, Any]]:
    """The game's own counts over every rated game, per game, with the shares made."""
    out: dict[str, dict[str, Any]] = {}
    for row in history:
        mine = out.setdefault(row.game, {"games": 0})
        mine["games"] += 1
        for key, value in (row.stats or {}).items():
            if isinstance(value, int | float):
                mine[key] = mine.get(key, 0) + value
    for game, mine in out.items():
        if game == "pocha" and mine.get("bids"):
            mine["exact_share"] = round(mine["exact"] / mine["bids"], 4)
        if game == "ombre" and mine.get("as_ombre"):
            mine["sacardo_rate"] = round(mine["sacardo"] / mine["as_ombre"], 4)
    return out
