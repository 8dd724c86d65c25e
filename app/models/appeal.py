"""Appeals (R-14) and the appeals committee (R-14.4)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import Column
from sqlmodel import Field, SQLModel

from app.models.base import UTCDateTime, utcnow


class CommitteeMember(SQLModel, table=True):
    __tablename__ = "committee_member"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    name: str = Field(max_length=200)
    club_id: int | None = Field(default=None, foreign_key="club.id")
    kind: str = Field(max_length=10)  # regular | alternate
    position: int  # order within its kind: alternates replace in this order
    chair: bool = False
    user_id: int | None = Field(default=None, foreign_key="user.id")  # to sign decisions in the system


class Appeal(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    round_number: int
    match_id: int = Field(foreign_key="match.id")
    board: int | None = None
    team_id: int = Field(foreign_key="team.id")  # the appealing team
    filed_by: int | None = Field(default=None, foreign_key="user.id")
    text: str = Field(max_length=5000)
    game_ended_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    announced_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    submitted_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    late_accepted: bool = False
    fee_paid: Decimal = Field(default=Decimal("0"), max_digits=10, decimal_places=2)
    fee_status: str = Field(default="held", max_length=10)  # held | returned | kept
    status: str = Field(default="open", max_length=10)  # open | upheld | rejected
    decision_reasons: str = Field(default="", max_length=5000)
    decided_by: int | None = Field(default=None, foreign_key="user.id")
    decided_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime(), nullable=False))
