"""What changed in a tournament, as the live event stream tells it (``GET /tournaments/{t}/events``).

One row per event, written in the same transaction as the change; ids are the stream's event ids
(increasing in commit order for one tournament, because every writer of a tournament holds its row lock).
No foreign key: the stream of a deleted tournament is deleted with it, and old events are pruned.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, empty_dict, utcnow


class TournamentEvent(SQLModel, table=True):
    __tablename__ = "tournament_event"
    __table_args__ = (Index("ix_tournament_event_tournament_id_id", "tournament_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int
    kind: str = Field(max_length=20)  # round | match | standings | tournament
    payload: dict[str, Any] = Field(default_factory=empty_dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False, index=True))
