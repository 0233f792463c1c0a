"""The SQLAlchemy 2 models: tables, their seats, their action logs and their chat; the
accounts, their sessions and the seats they claimed; the ratings (``docs/ratings.md``);
the clubs (``docs/clubs.md``); the tournaments (``docs/tournaments.md``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of every tapete model."""


class TableRow(Base):
    """One table: its game, parameters, seat configuration, status and (once over) record."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_delay: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16), index=True)
    admin_token_hash: Mapped[str] = mapped_column(String(64))
    move_number: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    result: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    clock_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    #: Who may chat: ``all``, ``seats`` or ``off`` (``tapete.table.chat``).
    chat: Mapped[str] = mapped_column(String(8), default="all", server_default="all")
    #: A rated table (``docs/ratings.md``): hints off, a move clock, every person an account.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: The club whose members alone see and join the table (``docs/clubs.md``), or null.
    club: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    #: The seed of a table dealt from ``tapete.engine.chance.DeckChance`` (a tournament's
    #: duplicate round: every table of the round gets the same), or null (system randomness).
    deal_seed: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The tournament whose round the table is (``docs/tournaments.md``), or null: such a
    #: table plays to its end even when nobody watches it.
    tournament: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class SeatRow(Base):
    """One seat of a table: a person (name, token hash) or a bot (player name, parameters)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    player: Mapped[str | None] = mapped_column(String(64), nullable=True)
    player_params: Mapped[dict[str, Any]] = mapped_column(JSON)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: The person's clock ran out: the ``rule`` bot plays the seat until they are back.
    away: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class ActionRow(Base):
    """One accepted action: table, sequence number, seat (-1 chance), number, text, time."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One chat message said at a table: its number there, the state number it was said at,
    who said it (a seat and its name then, or a spectator's number), its text or quick
    phrase (a code), and when."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    spectator: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class OwnerRow(Base):
    """The address of the server process that holds a table's advisory lock."""

    __tablename__ = "table_owners"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(200))
    since: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    #: The PostgreSQL backend (``pg_backend_pid()``) of the connection holding the lock.
    backend_pid: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SettingRow(Base):
    """A value every server process on one database shares (``forward_secret``)."""

    __tablename__ = "server_settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class RateBucketRow(Base):
    """A lobby rate-limit bucket shared by the server processes: the tokens a client address
    has left for one kind of request, when they were counted, and whether the last request
    got one."""

    __tablename__ = "rate_buckets"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float, index=True)
    granted: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class AccountRow(Base):
    """A player's account (``tapete.accounts``): a name unique case-insensitively (its
    ``name_key``), an Argon2id password hash, whether it administers the server and whether
    it is banned. No game record or view refers to it: :class:`AccountGameRow` links it to
    the seats it claimed."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    #: The name compared (``tapete.accounts.names.name_key``: NFKC, case-folded): unique.
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    banned: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class LoginSessionRow(Base):
    """A signed-in browser: the SHA-256 of its session cookie's token (never the token),
    its account, when it signed in and when the session ends."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class AccountGameRow(Base):
    """A seat an account claimed (its browser held the seat's token): kept apart from the
    tables, so that no game record or view holds account data."""

    __tablename__ = "account_games"

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    claimed_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class AccountSeatRow(Base):
    """The account that took a seat (of a rated table, a club's table, or both), with the
    seat's token hash then: the seat counts for the account, in its ratings and its clubs'
    standings, only while it holds that token (:mod:`tapete.accounts.seats` writes and reads
    it). Kept apart from the tables, as :class:`AccountGameRow`."""

    __tablename__ = "account_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64))


class RatingRow(Base):
    """An account's OpenSkill rating at one game (``docs/ratings.md``): its mean and
    deviation, the rated games it counts and when it last changed."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class RatingHistoryRow(Base):
    """One rated game of an account: its rating before and after, its seat and result, and
    the game's own counts for the seat (``tapete.accounts.stats``)."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    score: Mapped[float] = mapped_column(Float)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class RatedGameRow(Base):
    """A rated table whose ratings were updated (once: its primary key refuses a second)."""

    __tablename__ = "rated_games"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64))
    rated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class ClubRow(Base):
    """A club (``docs/clubs.md``): a name unique case-insensitively (as account names), its
    season (dates, either open) and how its standings are made (``scores`` or ``ratings``)."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    season_start: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    season_end: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    standings: Mapped[str] = mapped_column(String(8), default="scores", server_default="scores")


class ClubMemberRow(Base):
    """An account's membership of a club: ``admin`` or ``member``."""

    __tablename__ = "club_members"

    club_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    role: Mapped[str] = mapped_column(String(8))
    joined_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class TournamentRow(Base):
    """A tournament (``docs/tournaments.md``): a name unique case-insensitively, the game
    and its rules, rounds, deals per round, table size, move clock, the bots' delay, how
    its rounds are seated (``swiss`` or ``round_robin``), whether it is duplicate, its status
    (``registering``, ``running``, ``finished``) and round, its director and its secret
    seed (the deals and the draws of lots come from it; shown once it is finished)."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    rounds: Mapped[int] = mapped_column(Integer)
    deals_per_round: Mapped[int] = mapped_column(Integer)
    table_size: Mapped[int] = mapped_column(Integer)
    clock: Mapped[float] = mapped_column(Float)
    bot_delay: Mapped[float] = mapped_column(Float, default=0.5, server_default="0.5")
    method: Mapped[str] = mapped_column(String(16))
    duplicate: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    status: Mapped[str] = mapped_column(String(16), index=True)
    current_round: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    director: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    seed: Mapped[str] = mapped_column(String(64))


class TournamentEntrantRow(Base):
    """An entrant of a tournament, under its key there: an account (``p{n}``, the n-th
    person entered; once per tournament) or a bot (``b{n}``, the table bot ``bot`` plays its
    seats), with the name it is shown by."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True, index=True
    )
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    registered_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class TournamentTableRow(Base):
    """One table of a tournament's round: the live table and the entrant keys in its seats
    (the link of an account to its seat, kept apart from ``seats`` as ``account_seats``). The
    primary key makes a round's tables once, whatever happens."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), unique=True
    )
    seats: Mapped[list[str]] = mapped_column(JSON)


class TournamentAdjustmentRow(Base):
    """Points the director of a tournament added to (or, negative, took from) an entrant's
    score of a round: a correction or a penalty, with its reason, the account that made it
    (null once that account is deleted) and when. The standings add it to the round score."""

    __tablename__ = "tournament_adjustments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    entrant: Mapped[str] = mapped_column(String(32))
    points: Mapped[float] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(String(200))
    made_by: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    )
    made_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


Index("ix_tables_created_at", TableRow.created_at)
Index("uq_tournament_entrants_account", TournamentEntrantRow.tournament_id,
      TournamentEntrantRow.account_id, unique=True)  # fmt: skip
Index("uq_rating_history_account_table", RatingHistoryRow.account_id, RatingHistoryRow.table_id,
      unique=True)  # fmt: skip
