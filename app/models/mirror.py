"""A live public mirror: the venue's side (where it publishes) and the public server's side (what it holds).

The venue server (a laptop, SQLite) pushes a tournament's public view to a public server; there the tournament
is an ordinary tournament, read-only, that a :class:`MirrorSource` row ties to the venue's tournament.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, empty_dict, utcnow


class MirrorSource(SQLModel, table=True):
    """On the public server: the tournament mirrors the venue's tournament ``venue_tournament_id`` of ``venue``
    (named by the publishing key), at the venue's version ``venue_version``."""

    __tablename__ = "mirror_source"
    __table_args__ = (UniqueConstraint("venue", "venue_tournament_id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", unique=True)
    venue: str = Field(max_length=100)
    venue_tournament_id: int
    venue_version: int = 0
    #: the venue's ids of clubs, players and teams -> this server's ids, so that pages keep their addresses
    ids: dict[str, Any] = Field(default_factory=empty_dict, sa_column=Column(JSON, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))


class Publication(SQLModel, table=True):
    """On the venue: a tournament published to a public server, and how far the public server has it."""

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", unique=True)
    url: str = Field(max_length=300)  # the public server's address
    token: str | None = Field(default=None, max_length=200)  # the publishing key (kept only for the console)
    public_url: str = Field(default="", max_length=400)  # the tournament's page on the public server
    pushed_version: int = 0  # the venue's version the public server has
    pushed_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    #: since when the public server lacks a change (None: up to date)
    behind_since: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    failures: int = 0  # attempts failed in a row
    last_error: str = Field(default="", max_length=300)
