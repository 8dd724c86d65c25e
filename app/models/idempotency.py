"""Answers to requests sent with an ``Idempotency-Key``: a replay by the same caller gets the first answer back."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, UniqueConstraint
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, empty_dict, utcnow


class IdempotencyRecord(SQLModel, table=True):
    __tablename__ = "idempotency_record"
    # a key is the caller's own: another user (or another token of the same user) never replays it
    __table_args__ = (UniqueConstraint("tournament_id", "caller", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    key: str = Field(max_length=200)
    #: who sent it: ``user 5`` (a login), ``user 5 token 12`` (an API token)
    caller: str = Field(max_length=60)
    user_id: int | None = None
    endpoint: str = Field(max_length=200)
    request_hash: str = Field(max_length=64)
    status_code: int
    response: dict[str, Any] = Field(default_factory=empty_dict, sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
