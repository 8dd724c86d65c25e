"""The audit trail: who changed what, when, from what to what."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, utcnow


class AuditEntry(SQLModel, table=True):
    __tablename__ = "audit_entry"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False, index=True))
    user_id: int | None = None  # no foreign key: the trail outlives users and tournaments
    actor: str = Field(default="", max_length=100)  # username or token name, kept if the user goes
    tournament_id: int | None = Field(default=None, index=True)
    action: str = Field(max_length=50)  # create | update | delete | override | ...
    entity: str = Field(max_length=50)
    entity_id: str = Field(default="", max_length=50)
    before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    after: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    reason: str = Field(default="", max_length=500)
