"""Users, their roles per tournament, and API tokens for scripts."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, empty_list, utcnow


class User(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(unique=True, max_length=100)
    password_hash: str = Field(max_length=300)
    is_admin: bool = False
    #: Marked by an administrator: may create tournaments (and so become their organiser).
    can_create_tournaments: bool = False
    full_name: str = Field(default="", max_length=200)
    birth_date: date | None = None  # private; managers must be adults
    email: str | None = Field(default=None, max_length=200)
    phone: str | None = Field(default=None, max_length=50)
    is_active: bool = True
    #: Carried by each login token: a password change or "end all sessions" counts it up, which ends every
    #: login token issued before (checked against this row at each request, so in every worker at once).
    session_epoch: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))


class Membership(SQLModel, table=True):
    """A user's role in one tournament: organiser, arbiter, or manager of one team."""

    __table_args__ = (UniqueConstraint("user_id", "tournament_id", "role", "team_id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    role: str = Field(max_length=20)  # organiser | arbiter | chief_arbiter | manager
    team_id: int | None = Field(default=None, foreign_key="team.id")


class ApiToken(SQLModel, table=True):
    """A long-lived token for scripts; only its SHA-256 is stored."""

    __tablename__ = "api_token"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    name: str = Field(max_length=100)
    token_hash: str = Field(unique=True, max_length=64)
    prefix: str = Field(max_length=16)
    scopes: list[str] = Field(default_factory=empty_list, sa_column=Column(JSON, nullable=False))
    #: a publishing key (scope ``publish``): the venue it publishes for, and the venue's tournament ids it may
    venue: str | None = Field(default=None, max_length=100)
    tournaments: list[int] = Field(default_factory=empty_list, sa_column=Column(JSON, nullable=False,
                                                                                 server_default="[]"))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
    last_used_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    revoked_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))


class LoginThrottle(SQLModel, table=True):
    """Failed logins of one user name (``user:...``) or client address (``addr:...``), shared by every worker."""

    __tablename__ = "login_throttle"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(unique=True, max_length=160)
    failures: int = 0
    window_start: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    locked_until: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
